// checkout_start.php (decision 071): the checkout page's one call on open returns the saved
// address, the saved pincode's delivery date with cash on delivery judged for the order's
// amount, a wholesaler's prices and the opt-ins, and records the visit a cart reminder counts
// from; bad input is a 400, never a 500.
import { launchNoCodText, PRINT_NO_COD } from '@kitroom/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { KERALA_ADDRESS, shopper, type Shopper } from '../test/checkout.js';
import { createProduct } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createLaunch } from '../test/launches.js';
import { createStaff } from '../test/staff.js';
import { approvedWholesaler, createPriceList } from '../test/wholesale.js';

let t: TestApp;
let owner: AdminClient;
let jersey: number; // ₹1,299; to Kerala ₹1,359

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  owner = adminClient(
    t.app,
    new URL(t.config.publicUrl).origin,
    (await createStaff(t.db, 'owner')).cookie,
  );
  jersey = await createProduct(t.db, { pricePaise: 129_900, sizes: { M: 50 } });
});
afterAll(() => t?.close());

const COD = {
  cod_enabled: true,
  cod_fee_paise: 4900,
  cod_max_order_paise: 500_000,
  cod_max_open_orders: 2,
  cod_confirm_hours: 24,
  cod_cancel_after_hours: 48,
  cod_excluded_pincodes: [] as string[],
};

async function codSettings(change: Partial<typeof COD> = {}) {
  const res = await owner.call('PATCH', '/api/admin/settings', { ...COD, ...change });
  expect(res.statusCode, res.body).toBe(200);
}

beforeEach(() => codSettings());

async function withAddress(): Promise<Shopper> {
  const s = await shopper(t);
  const saved = await s.post('/api/address.php', {
    user_id: s.id,
    shipping_address: KERALA_ADDRESS,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return s;
}

const start = (s: Shopper, lines: object[] = [{ product_id: jersey, quantity: 1, price: 1299 }]) =>
  s.post('/api/checkout_start.php', { user_id: s.id, lines });

describe('checkout_start.php', () => {
  it('returns the saved address, its delivery date and COD for the amount, and records the visit', async () => {
    const s = await withAddress();
    const res = await start(s);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.address).toEqual(KERALA_ADDRESS);
    expect(body.amount).toBe(1359);
    expect(body.estimate).toMatchObject({
      pincode: '673001',
      city: 'Kozhikode',
      states: ['Kerala'],
      cod: { available: true, fee: 49, reason: null },
    });
    expect(body.estimate.text).toMatch(/^Delivery by /);
    expect(body.wholesale).toEqual({ wholesale: false });
    expect(body.whatsapp).toEqual({ available: false, opted_in: false, phone: null, since: null });
    // Reminders are off in a new shop: checkout does not ask.
    expect(body.ask_consent).toBeNull();
    const visits = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM checkout_visits WHERE user_id = ${s.id}`,
    );
    expect(visits[0]!.n).toBe(1);
    // Same as delivery_estimate.php returns for that amount.
    const alone = await t.app.inject({
      method: 'GET',
      url: '/api/delivery_estimate.php?pincode=673001&amount=1359',
      headers: { cookie: s.cookie },
    });
    expect(alone.json()).toEqual(body.estimate);
  });

  it('judges cash on delivery for the lines, their quantity and a print', async () => {
    await codSettings({ cod_max_order_paise: 200_000 });
    const s = await withAddress();
    const one = (await start(s)).json();
    expect(one.estimate.cod.available).toBe(true);
    // Two shirts: ₹2,658 with shipping, above the ₹2,000 cap.
    const two = (await start(s, [{ product_id: jersey, quantity: 2, price: 1299 }])).json();
    expect(two.amount).toBe(2658);
    expect(two.estimate.cod).toEqual({
      available: false,
      fee: 49,
      reason: 'Cash on delivery is not available for orders above ₹2,000.',
    });
    const printed = (
      await start(s, [{ product_id: jersey, quantity: 1, price: 1299, print_price: 300 }])
    ).json();
    expect(printed.amount).toBeNull();
    expect(printed.estimate.cod.reason).toBe(PRINT_NO_COD);
    expect(printed.estimate.date > one.estimate.date).toBe(true);
  });

  it('says before the shopper picks it that a kit launch takes no cash on delivery', async () => {
    const s = await withAddress();
    const drop = await createProduct(t.db, { name: 'Launch Jersey', pricePaise: 129_900 });
    await createLaunch(t.db, {
      when: 'on',
      name: 'Derby Drop',
      codAllowed: false,
      productIds: [drop],
    });
    const body = (await start(s, [{ product_id: drop, quantity: 1, price: 1299 }])).json();
    expect(body.estimate.cod).toEqual({
      available: false,
      fee: 49,
      reason: launchNoCodText('Derby Drop'),
    });
    // A launch that takes it changes nothing.
    const open = await createProduct(t.db, { name: 'Open Jersey', pricePaise: 129_900 });
    await createLaunch(t.db, { when: 'on', codAllowed: true, productIds: [open] });
    const allowed = (await start(s, [{ product_id: open, quantity: 1, price: 1299 }])).json();
    expect(allowed.estimate.cod.available).toBe(true);

    // A pincode typed afterwards (checkout, or the product page's box) is judged alike.
    const typed = async (products: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/delivery_estimate.php?pincode=560001&amount=1299&products=${products}`,
          headers: { cookie: s.cookie },
        })
      ).json();
    expect((await typed(`${open},${drop}`)).cod).toEqual(body.estimate.cod);
    expect((await typed(`${open}`)).cod.available).toBe(true);
  });

  it('refuses a products list that is not ids', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/delivery_estimate.php?pincode=673001&products=12,abc',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(
      'Invalid querystring request: products: products must be product ids separated by commas',
    );
  });

  it("returns a first checkout's account name and phone, with no address and no estimate", async () => {
    const s = await shopper(t);
    const body = (await start(s)).json();
    expect(body.address).toBeNull();
    expect(body.estimate).toBeNull();
    expect(body.amount).toBeNull();
    expect(typeof body.account.name).toBe('string');
    expect(typeof body.account.phone_number).toBe('string');
  });

  it("returns a wholesaler's prices, and judges COD at them", async () => {
    const s = await withAddress();
    await approvedWholesaler(t.db, s.id, await createPriceList(t.db));
    const body = (await start(s, [{ product_id: jersey, quantity: 10, price: 1299 }])).json();
    expect(body.wholesale).toMatchObject({ wholesale: true, pieces: 10 });
    const unit = body.wholesale.prices[0].price as number;
    expect(unit).toBeLessThan(1299);
    // 25% off at 10 pieces: ₹974 each, ₹9,740 and Kerala's ₹60.
    expect(body.amount).toBe(unit * 10 + 60);
  });

  it('refuses bad lines with 400 and a missing session with 401', async () => {
    const s = await withAddress();
    expect((await start(s, [])).statusCode).toBe(400);
    expect((await start(s, [{ product_id: jersey, quantity: 0, price: 1299 }])).statusCode).toBe(
      400,
    );
    expect((await start(s, [{ product_id: jersey, quantity: 1, price: -1 }])).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/checkout_start.php',
      payload: { user_id: s.id, lines: [{ product_id: jersey, quantity: 1, price: 1299 }] },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
