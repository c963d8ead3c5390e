// Checkout and the delivery promise: an address whose pincode is not in its state is refused
// with nothing stored; a placed order keeps the day checkout promised as expected_date,
// which the shopper's order page shows.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../db/index.js';
import { createProduct } from '../test/factories.js';
import { KERALA_ADDRESS, orderBody, shopper, stockOf } from '../test/checkout.js';
import { startTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
let shirt: number; // ₹999

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  shirt = await createProduct(t.db, {
    name: 'Bengaluru FC Away',
    pricePaise: 99_900,
    sizes: { M: 20 },
  });
});
afterAll(() => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

function clockAt(local: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${local}:00+05:30`));
}

const line = () => [{ product_id: shirt, size: 'M', quantity: 1 }];

async function ordersOf(userId: number) {
  return queryRows<{ id: number; expected_date: string | null }>(
    t.db,
    sql`SELECT id, expected_date::text AS expected_date FROM orders WHERE user_id = ${userId}`,
  );
}

describe('checkout with a pincode', () => {
  it('refuses a pincode outside the chosen state, storing nothing', async () => {
    const s = await shopper(t);
    const before = await stockOf(t.db, shirt, 'M');
    const cases: [object, string][] = [
      [{ pincode: '110001' }, 'Pincode 110001 is in Delhi, not Kerala.'],
      [{ pincode: '999999' }, 'Pincode 999999 is not an Indian pincode. Please check it.'],
      [{ pincode: '160017' }, 'Pincode 160017 is in Chandigarh, not Kerala.'],
    ];
    for (const [change, error] of cases) {
      const res = await s.post(
        '/api/process_order.php',
        orderBody(s.id, line(), 1059, { shipping_address: { ...KERALA_ADDRESS, ...change } }),
      );
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json()).toEqual({ error });
    }
    expect(await ordersOf(s.id)).toEqual([]);
    expect(await stockOf(t.db, shirt, 'M')).toBe(before);
    const profile = await s.post('/api/profile.php', { id: s.id });
    expect(profile.json().user.shipping_address).toBeNull();
  });

  it('keeps the promised day as the order’s expected date, shown on the order page', async () => {
    clockAt('2026-11-28T15:00');
    const s = await shopper(t);
    const bengaluru = {
      ...KERALA_ADDRESS,
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
    };
    const estimate = await t.app.inject({
      method: 'GET',
      url: '/api/delivery_estimate.php?pincode=560001',
    });
    expect(estimate.json()).toMatchObject({ date: '2026-12-03', text: 'Delivery by Thu, 3 Dec' });

    const placed = await s.post(
      '/api/process_order.php',
      orderBody(s.id, line(), 1084, { state: 'Karnataka', shipping_address: bengaluru }),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().order_id;
    expect(await ordersOf(s.id)).toEqual([{ id: orderId, expected_date: '2026-12-03' }]);
    const page = await s.post('/api/orders.php', { user_id: s.id, order_id: orderId });
    expect(page.json().order.expected_date).toBe('2026-12-03');
  });

  it('promises Kozhikode the next working day from the shop in Kozhikode', async () => {
    clockAt('2026-11-26T11:00');
    const s = await shopper(t);
    const placed = await s.post('/api/process_order.php', orderBody(s.id, line(), 1059));
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await ordersOf(s.id)).toEqual([
      { id: placed.json().order_id, expected_date: '2026-11-27' },
    ]);
  });
});
