// The dashboard on both engines: sales counted on the Indian day they were paid (canceled
// and unpaid orders left out), the best sellers, orders to pack, sizes running low, and each
// part only for the roles that may see it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createOrder } from '../test/order-factories.js';
import { createStaff } from '../test/staff.js';
import { lowStockSizes } from './dashboard.queries.js';
import { dashboard } from './dashboard.service.js';

let t: TestApp;
let cap: number;
let scarf: number;
let userId: number;

/** 25 November 2026, 10:00 in India. */
const NOW = new Date('2026-11-25T04:30:00Z');

async function paidAt(
  productId: number,
  quantity: number,
  at: string,
  o: { canceled?: boolean; unpaid?: boolean } = {},
): Promise<number> {
  const order = await createOrder(t.db, {
    userId,
    items: [{ productId, size: 'M', quantity }],
    paymentStatus: o.unpaid ? 'UNPAID' : 'SUCCESS',
    shippingPaise: 6_000,
  });
  if (!o.unpaid) {
    await t.db.execute(
      sql`UPDATE orders SET paid_at = ${at}::timestamptz,
                 order_status = ${o.canceled ? 'Canceled' : 'Processing'}
          WHERE id = ${order.id}`,
    );
  }
  return order.totalPaise;
}

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  userId = (await createUser(t.db)).id;
  cap = await createProduct(t.db, { name: 'Dashboard Cap', pricePaise: 50_000 });
  scarf = await createProduct(t.db, {
    name: 'Dashboard Scarf',
    pricePaise: 80_000,
    sizes: { M: 2, L: 9 },
  });
  // Today in India (00:10 IST is still the 25th; 23:50 UTC on the 24th is 05:20 IST on the 25th).
  await paidAt(cap, 2, '2026-11-24T18:40:00Z');
  await paidAt(scarf, 1, '2026-11-24T23:50:00Z');
  // Earlier this month, and last month but within 30 days.
  await paidAt(cap, 1, '2026-11-01T00:00:00Z');
  await paidAt(scarf, 3, '2026-10-30T12:00:00Z');
  // Not sales: the 24th in India (18:20 UTC is 23:50 IST), canceled, unpaid, too old.
  await paidAt(cap, 5, '2026-11-24T18:20:00Z');
  await paidAt(scarf, 4, '2026-11-25T01:00:00Z', { canceled: true });
  await paidAt(cap, 7, '2026-11-25T02:00:00Z', { unpaid: true });
  await paidAt(scarf, 6, '2026-10-20T12:00:00Z');
});
afterAll(() => t?.close());

describe('the dashboard', () => {
  it('counts sales on the Indian day they were paid, with the 30-day chart and best sellers', async () => {
    const d = await dashboard(t.db, 'owner', NOW);
    expect(d.today).toBe('2026-11-25');
    // Today: 2 caps (₹1,000 + ₹60) and a scarf (₹800 + ₹60).
    expect(d.sales!.today).toEqual({
      orders: 2,
      paise: 106_000 + 86_000,
      refunds_paise: 0,
      net_paise: 106_000 + 86_000,
    });
    // This month: today's two, 1 Nov, and 24 Nov's late-evening order.
    expect(d.sales!.month).toEqual({
      orders: 4,
      paise: 106_000 + 86_000 + 56_000 + 256_000,
      refunds_paise: 0,
      net_paise: 106_000 + 86_000 + 56_000 + 256_000,
    });
    expect(d.sales!.days).toHaveLength(30);
    expect(d.sales!.days[0]).toEqual({ day: '2026-10-27', orders: 0, paise: 0 });
    expect(d.sales!.days.at(-1)).toEqual({ day: '2026-11-25', orders: 2, paise: 192_000 });
    expect(d.sales!.days.find((x) => x.day === '2026-10-30')).toEqual({
      day: '2026-10-30',
      orders: 1,
      paise: 246_000,
    });
    expect(d.sales!.days.find((x) => x.day === '2026-11-24')!.paise).toBe(256_000);
    expect(d.sales!.top_products).toEqual([
      {
        product_id: cap,
        name: 'Dashboard Cap',
        image_url: expect.any(String),
        units: 8,
        paise: 400_000,
      },
      {
        product_id: scarf,
        name: 'Dashboard Scarf',
        image_url: expect.any(String),
        units: 4,
        paise: 320_000,
      },
    ]);
  });

  it('lists paid orders waiting to be packed and sizes at or below their threshold', async () => {
    const d = await dashboard(t.db, 'owner', NOW);
    // Six paid orders are Processing (the canceled one is not), the oldest paid on 20 Oct.
    expect(d.to_pack).toEqual({ count: 6, oldest_paid_at: '2026-10-20T12:00:00.000Z' });
    // A packed order waits no longer: the count is the list's "to pack" filter.
    const oldest = sql`paid_at = '2026-10-20T12:00:00Z'::timestamptz`;
    await t.db.execute(sql`UPDATE orders SET packed_at = now() WHERE ${oldest}`);
    expect((await dashboard(t.db, 'owner', NOW)).to_pack).toEqual({
      count: 5,
      oldest_paid_at: '2026-10-30T12:00:00.000Z',
    });
    await t.db.execute(sql`UPDATE orders SET packed_at = NULL WHERE ${oldest}`);
    // The scarf's M has 2 left (threshold 3); everything else has 5 or more.
    expect(d.low_stock).toEqual({
      count: 1,
      more: false,
      sizes: [{ product_id: scarf, name: 'Dashboard Scarf', size: 'M', stock: 2, threshold: 3 }],
    });
  });

  it('shows a change to an ended day at the next look: a cancellation, a late-written sale', async () => {
    const before = await dashboard(t.db, 'owner', NOW);
    const day30 = (d: typeof before) => d.sales!.days.find((x) => x.day === '2026-10-30');
    expect(day30(before)).toEqual({ day: '2026-10-30', orders: 1, paise: 246_000 });
    // The 30 October order (3 scarves) is canceled: that day and the best sellers drop it.
    await t.db.execute(
      sql`UPDATE orders SET order_status = 'Canceled'
          WHERE paid_at = '2026-10-30T12:00:00Z'::timestamptz`,
    );
    // Two staff look at once: one rolls the day up again, the other waits and reads it.
    const [after, again] = await Promise.all([
      dashboard(t.db, 'owner', NOW),
      dashboard(t.db, 'owner', NOW),
    ]);
    expect(again).toEqual(after);
    expect(day30(after)).toEqual({ day: '2026-10-30', orders: 0, paise: 0 });
    expect(after.sales!.top_products.find((p) => p.product_id === scarf)!.units).toBe(1);
    // An order paid on 2 November written now (an import, a late settlement) is counted.
    const total = await paidAt(cap, 1, '2026-11-02T06:00:00Z');
    const later = await dashboard(t.db, 'owner', NOW);
    expect(later.sales!.days.find((x) => x.day === '2026-11-02')).toEqual({
      day: '2026-11-02',
      orders: 1,
      paise: total,
    });
    expect(later.sales!.month.orders).toBe(before.sales!.month.orders + 1);
    expect(later.sales!.top_products.find((p) => p.product_id === cap)!.units).toBe(9);
    // Put back as it was for the other tests.
    await t.db.execute(
      sql`UPDATE orders SET order_status = 'Processing'
          WHERE paid_at = '2026-10-30T12:00:00Z'::timestamptz`,
    );
    await t.db.execute(sql`DELETE FROM order_items WHERE order_id IN (
      SELECT id FROM orders WHERE paid_at = '2026-11-02T06:00:00Z'::timestamptz)`);
    await t.db.execute(sql`DELETE FROM orders WHERE paid_at = '2026-11-02T06:00:00Z'::timestamptz`);
    expect(await dashboard(t.db, 'owner', NOW)).toEqual(before);
  });

  it("lifts a product sold today above the window's best sellers", async () => {
    // Before today the cap leads (6 to 3); the best seller of one is the cap.
    const one = async () => (await dashboard(t.db, 'owner', NOW, 1)).sales!.top_products;
    expect((await one()).map((p) => [p.product_id, p.units])).toEqual([[cap, 8]]);
    // Ten scarves today: the scarf was not the window's first, yet leads now.
    await paidAt(scarf, 10, '2026-11-25T03:00:00Z');
    expect((await one()).map((p) => [p.product_id, p.units])).toEqual([[scarf, 14]]);
    await t.db.execute(sql`DELETE FROM order_items WHERE order_id IN (
      SELECT id FROM orders WHERE paid_at = '2026-11-25T03:00:00Z'::timestamptz)`);
    await t.db.execute(sql`DELETE FROM orders WHERE paid_at = '2026-11-25T03:00:00Z'::timestamptz`);
  });

  it("lists a size as low by its product's threshold as it is now", async () => {
    await t.db.execute(sql`UPDATE products SET low_stock_threshold = 9 WHERE id = ${scarf}`);
    const d = await dashboard(t.db, 'owner', NOW);
    expect(d.low_stock!.sizes.filter((s) => s.product_id === scarf)).toEqual([
      { product_id: scarf, name: 'Dashboard Scarf', size: 'M', stock: 2, threshold: 9 },
      { product_id: scarf, name: 'Dashboard Scarf', size: 'L', stock: 9, threshold: 9 },
    ]);
    // Counting stops at the cap and says there are more.
    expect(await lowStockSizes(t.db, 1, 1)).toEqual({
      count: 1,
      more: true,
      sizes: [expect.objectContaining({ product_id: scarf, size: 'M' })],
    });
    expect(await lowStockSizes(t.db, 1, 2)).toMatchObject({ count: 2, more: false });
    // A size added later takes its product's threshold.
    await t.db.execute(
      sql`INSERT INTO product_sizes (product_id, size, position, stock) VALUES (${scarf}, 'XL', 9, 4)`,
    );
    const withXl = await dashboard(t.db, 'owner', NOW);
    expect(withXl.low_stock!.sizes.find((s) => s.size === 'XL')).toMatchObject({ threshold: 9 });
    await t.db.execute(sql`DELETE FROM product_sizes WHERE product_id = ${scarf} AND size = 'XL'`);
    await t.db.execute(sql`UPDATE products SET low_stock_threshold = 3 WHERE id = ${scarf}`);
    expect((await dashboard(t.db, 'owner', NOW)).low_stock!.count).toBe(1);
  });

  it('shows each role only the parts it may see', async () => {
    const parts = async (role: 'owner' | 'manager' | 'packer' | 'support') => {
      const member = await createStaff(t.db, role);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/admin/dashboard',
        headers: { cookie: member.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      return [body.sales !== null, body.to_pack !== null, body.low_stock !== null];
    };
    expect(await parts('owner')).toEqual([true, true, true]);
    expect(await parts('manager')).toEqual([true, true, true]);
    expect(await parts('packer')).toEqual([false, true, true]);
    expect(await parts('support')).toEqual([false, true, true]);
  });

  it('shows sales net of the money given back: a return’s refund, not a canceled order’s nor a second payment’s', async () => {
    const before = (await dashboard(t.db, 'owner', NOW)).sales!;
    const sold = await createOrder(t.db, {
      userId,
      items: [{ productId: cap, size: 'M', quantity: 1 }],
      paymentStatus: 'SUCCESS',
    });
    const canceled = await createOrder(t.db, {
      userId,
      items: [{ productId: cap, size: 'M', quantity: 1 }],
      paymentStatus: 'SUCCESS',
    });
    await t.db.execute(
      sql`UPDATE orders SET paid_at = '2026-11-25T03:00:00Z', order_status = 'Processing'
          WHERE id = ${sold.id}`,
    );
    await t.db.execute(
      sql`UPDATE orders SET paid_at = '2026-11-25T03:00:00Z', order_status = 'Canceled'
          WHERE id = ${canceled.id}`,
    );
    const refund = async (orderId: number, key: string, paise: number) => {
      await t.db.execute(
        sql`WITH p AS (
              INSERT INTO payments (order_id, provider, provider_ref, amount_paise, status,
                                    payment_url)
              VALUES (${orderId}, 'sandbox', ${`ref-${key}`}, 56000, 'paid', '') RETURNING id
            )
            INSERT INTO refunds (order_id, payment_id, provider, amount_paise, idempotency_key,
                                 status, processed_at)
            SELECT ${orderId}, p.id, 'sandbox', ${paise}, ${key}, 'processed',
                   '2026-11-25T04:00:00Z' FROM p`,
      );
    };
    await refund(sold.id, `return-${sold.id}-dashboard`, 50_000);
    await refund(canceled.id, `cancel-order-${canceled.id}`, 56_000);
    await refund(sold.id, `extra-payment-${sold.id}0`, 56_000);
    const after = (await dashboard(t.db, 'owner', NOW)).sales!;
    expect(after.today.orders).toBe(before.today.orders + 1);
    expect(after.today.refunds_paise).toBe(before.today.refunds_paise + 50_000);
    expect(after.today.net_paise).toBe(after.today.paise - after.today.refunds_paise);
    expect(after.month.refunds_paise).toBe(before.month.refunds_paise + 50_000);
    expect(after.month.net_paise).toBe(after.month.paise - after.month.refunds_paise);
  });
});
