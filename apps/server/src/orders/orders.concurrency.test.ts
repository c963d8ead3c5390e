// Many shoppers at once, on PGlite and on PostgreSQL (TEST_DATABASE=postgres): stock and
// coupon limits must hold exactly, and no checkout may fail for any other reason.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/sql.js';
import { orderBody, shopper, stockOf, type Shopper } from '../test/checkout.js';
import { createCoupon, createProduct } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
});
afterAll(() => t?.close());

async function shoppers(n: number): Promise<Shopper[]> {
  const list: Shopper[] = [];
  for (let i = 0; i < n; i++) list.push(await shopper(t));
  return list;
}

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await queryRows<T>(t.db, query);
  return row!;
}

function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
}

describe('concurrent checkouts', () => {
  it('50 shoppers buying a size with 5 left make exactly 5 orders', async () => {
    const product = await createProduct(t.db, {
      name: 'Final Five Jersey',
      pricePaise: 100_000,
      sizes: { M: 5, L: 20 },
    });
    const buyers = await shoppers(50);
    const results = await Promise.all(
      buyers.map((s) =>
        s.post(
          '/api/process_order.php',
          orderBody(s.id, [{ product_id: product, size: 'M', quantity: 1 }], 1060),
        ),
      ),
    );
    expect(tally(results.map((r) => r.statusCode))).toEqual({ 200: 5, 409: 45 });
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(r.json().error).toBe('Sorry, Final Five Jersey in size M is sold out.');
    }
    expect(await stockOf(t.db, product, 'M')).toBe(0);
    const totals = await one<{ stock_quantity: number; sold: number; orders: number }>(
      sql`SELECT p.stock_quantity,
                 (SELECT coalesce(sum(quantity), 0)::int FROM order_items WHERE product_id = p.id) AS sold,
                 (SELECT count(DISTINCT order_id)::int FROM order_items WHERE product_id = p.id) AS orders
          FROM products p WHERE p.id = ${product}`,
    );
    expect(totals).toEqual({ stock_quantity: 20, sold: 5, orders: 5 });
    // The ledger explains the count exactly: five holds, each leaving one less.
    const ledger = await queryRows<{ delta: number; stock_after: number; order_id: number }>(
      t.db,
      sql`SELECT delta, stock_after, order_id FROM stock_ledger
          WHERE product_id = ${product} AND size = 'M' AND reason = 'hold' ORDER BY stock_after`,
    );
    expect(ledger.map((r) => [r.delta, r.stock_after])).toEqual([
      [-1, 0],
      [-1, 1],
      [-1, 2],
      [-1, 3],
      [-1, 4],
    ]);
    const placed = results.filter((r) => r.statusCode === 200).map((r) => r.json().order_id);
    expect(ledger.map((r) => r.order_id).sort()).toEqual(placed.sort());
  });

  it('multi-line orders in any line order all go through without deadlocks', async () => {
    const a = await createProduct(t.db, { pricePaise: 50_000, sizes: { S: 100, M: 100 } });
    const b = await createProduct(t.db, { pricePaise: 70_000, sizes: { M: 100 } });
    const buyers = await shoppers(30);
    const results = await Promise.all(
      buyers.map((s, i) => {
        const lines = [
          { product_id: a, size: 'M', quantity: 1 },
          { product_id: b, size: 'M', quantity: 2 },
          { product_id: a, size: 'S', quantity: 1 },
        ];
        if (i % 2 === 1) lines.reverse();
        // 500 + 1400 + 500 + 60 shipping
        return s.post('/api/process_order.php', orderBody(s.id, lines, 2460));
      }),
    );
    expect(tally(results.map((r) => r.statusCode))).toEqual({ 200: 30 });
    expect(await stockOf(t.db, a, 'M')).toBe(70);
    expect(await stockOf(t.db, a, 'S')).toBe(70);
    expect(await stockOf(t.db, b, 'M')).toBe(40);
  });

  it('a coupon limited to 3 uses, redeemed by 20 orders at once, is used exactly 3 times', async () => {
    const product = await createProduct(t.db, { pricePaise: 100_000, sizes: { M: 100 } });
    const coupon = await createCoupon(t.db, { kind: 'flat', value: 15_000, maxUses: 3 });
    const buyers = await shoppers(20);
    const results = await Promise.all(
      buyers.map((s) =>
        s.post(
          '/api/process_order.php',
          orderBody(s.id, [{ product_id: product, size: 'M', quantity: 1 }], 910, {
            coupon_code: coupon.code,
          }),
        ),
      ),
    );
    expect(tally(results.map((r) => r.statusCode))).toEqual({ 200: 3, 409: 17 });
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(r.json().error).toBe('This coupon has reached its usage limit.');
    }
    const usage = await one<{ used_count: number; redemptions: number }>(
      sql`SELECT used_count,
                 (SELECT count(*)::int FROM coupon_redemptions WHERE coupon_id = c.id) AS redemptions
          FROM coupons c WHERE c.id = ${coupon.id}`,
    );
    expect(usage).toEqual({ used_count: 3, redemptions: 3 });
    // The refused orders gave their stock back.
    expect(await stockOf(t.db, product, 'M')).toBe(97);
  });

  it('a once-per-shopper coupon holds when one shopper sends 10 orders at once', async () => {
    const product = await createProduct(t.db, { pricePaise: 100_000, sizes: { M: 100 } });
    const coupon = await createCoupon(t.db, { kind: 'flat', value: 15_000, maxUsesPerUser: 1 });
    const [s] = await shoppers(1);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        s!.post(
          '/api/process_order.php',
          orderBody(s!.id, [{ product_id: product, size: 'M', quantity: 1 }], 910, {
            coupon_code: coupon.code,
          }),
        ),
      ),
    );
    expect(tally(results.map((r) => r.statusCode))).toEqual({ 200: 1, 409: 9 });
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(r.json().error).toBe('You have already used this coupon.');
    }
    const usage = await one<{ used_count: number }>(
      sql`SELECT used_count FROM coupons WHERE id = ${coupon.id}`,
    );
    expect(usage.used_count).toBe(1);
  });
});
