// Shipping fees the owner sets (issue 41), over HTTP: the spec's table until changed; a change
// checked by the contract (a state in two zones refused with its name), audited, shown to the
// storefront at once, and charged by checkout from the next order on — free from the amount
// set, counted after the coupon — while a placed order keeps its fee and its invoice adds up.
// Runs on PGlite, and on PostgreSQL with TEST_DATABASE=postgres.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { orderBody, shopper, type Shopper } from '../test/checkout.js';
import { createProduct } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createStaff } from '../test/staff.js';
import { orderTax } from '../tax/index.js';

let t: TestApp;
let owner: AdminClient;
let s: Shopper;
let shirt: number; // ₹999

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  owner = adminClient(
    t.app,
    new URL(t.config.publicUrl).origin,
    (await createStaff(t.db, 'owner')).cookie,
  );
  s = await shopper(t);
  shirt = await createProduct(t.db, { name: 'Gokulam Home', pricePaise: 99_900, sizes: { M: 50 } });
});
afterAll(() => t?.close());

const details = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/shop_details.php' })).json();

const place = (quantity: number, amount: number, state = 'Kerala') =>
  s.post(
    '/api/process_order.php',
    orderBody(s.id, [{ product_id: shirt, size: 'M', quantity }], amount, {
      state,
      shipping_address: {
        ...orderBody(s.id, [], 0).shipping_address,
        ...(state === 'Goa' ? { city: 'Panaji', state: 'Goa', pincode: '403001' } : {}),
      },
    }),
  );

describe('shipping rates', () => {
  it("start as the spec's table, in the settings and on the storefront", async () => {
    const res = await owner.call('GET', '/api/admin/settings');
    expect(res.json().settings.shipping_rates).toEqual({
      zones: [
        { label: 'Kerala', states: ['Kerala'], fee_paise: 6000 },
        { label: 'Tamil Nadu and Karnataka', states: ['Tamil Nadu', 'Karnataka'], fee_paise: 8500 },
      ],
      other_fee_paise: 10000,
      free_above_paise: null,
    });
    expect((await details()).shipping.other_fee_paise).toBe(10000);
  });

  it('refuse a state in two zones with its name, and change nothing', async () => {
    const res = await owner.call('PATCH', '/api/admin/settings', {
      shipping_rates: {
        zones: [
          { label: 'Kerala', states: ['Kerala'], fee_paise: 4000 },
          { label: 'South', states: ['Goa', 'Kerala'], fee_paise: 7000 },
        ],
        other_fee_paise: 9000,
        free_above_paise: null,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Kerala is already in the zone Kerala');
    expect((await details()).shipping.zones[0].fee_paise).toBe(6000);
  });

  it('once changed, are audited and charged from the next order on; a placed order keeps its fee', async () => {
    const before = await place(1, 999 + 60);
    expect(before.statusCode, before.body).toBe(200);
    const placed = before.json().order_id as number;

    const res = await owner.call('PATCH', '/api/admin/settings', {
      shipping_rates: {
        zones: [{ label: 'South', states: ['Kerala', 'Goa'], fee_paise: 4000 }],
        other_fee_paise: 12000,
        free_above_paise: 199_800,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [audit] = await queryRows<{ after: { shipping_rates: unknown } }>(
      t.db,
      sql`SELECT after FROM audit_log WHERE entity = 'settings' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit!.after.shipping_rates).toMatchObject({ other_fee_paise: 12000 });
    expect((await details()).shipping.zones).toEqual([
      { label: 'South', states: ['Kerala', 'Goa'], fee_paise: 4000 },
    ]);

    // The old fee is refused now, with the new total named.
    const stale = await place(1, 999 + 60);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toContain('your total is now ₹1,039');
    const goa = await place(1, 999 + 40, 'Goa');
    expect(goa.statusCode, goa.body).toBe(200);
    // Two shirts are ₹1,998: free from ₹1,998 on.
    const free = await place(2, 1998);
    expect(free.statusCode, free.body).toBe(200);
    const [order] = await queryRows<{ shipping_paise: number; total_paise: number }>(
      t.db,
      sql`SELECT shipping_paise, total_paise FROM orders WHERE id = ${free.json().order_id}`,
    );
    expect(order).toEqual({ shipping_paise: 0, total_paise: 199_800 });

    // The first order keeps its ₹60, and its invoice's lines still add up to its total.
    const [kept] = await queryRows<{ shipping_paise: number }>(
      t.db,
      sql`SELECT shipping_paise FROM orders WHERE id = ${placed}`,
    );
    expect(kept!.shipping_paise).toBe(6000);
    const tax = await orderTax(t.db, placed, new Date());
    expect(tax.ok && tax.breakdown.totalPaise).toBe(105_900);
  });
});
