// Many shoppers at once, on PGlite and on PostgreSQL (TEST_DATABASE=postgres): stock and
// coupon limits must hold exactly, and no checkout may fail for any other reason.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import { orderBody, shopper, stockOf, type Shopper } from '../test/checkout.js';
import { testDatabaseKind } from '../test/database.js';
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
    const totals = await one<{ stock: number; sold: number; orders: number }>(
      sql`SELECT (SELECT sum(stock)::int FROM product_sizes WHERE product_id = p.id) AS stock,
                 (SELECT coalesce(sum(quantity), 0)::int FROM order_items WHERE product_id = p.id) AS sold,
                 (SELECT count(DISTINCT order_id)::int FROM order_items WHERE product_id = p.id) AS orders
          FROM products p WHERE p.id = ${product}`,
    );
    expect(totals).toEqual({ stock: 20, sold: 5, orders: 5 });
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

  it('a product whose last sizes sell out at once is sold out, and back when one returns', async () => {
    // Each order writes only its size's row; the product's count of sizes in stock moves when
    // a size sells out (decision 100). Three sizes emptied by three orders at once must all
    // be counted, whichever transaction saw the others.
    const product = await createProduct(t.db, {
      name: 'Last Three Jersey',
      pricePaise: 100_000,
      sizes: { S: 1, M: 1, L: 1 },
    });
    const buyers = await shoppers(30);
    const results = await Promise.all(
      buyers.map((s, i) =>
        s.post(
          '/api/process_order.php',
          orderBody(
            s.id,
            [{ product_id: product, size: ['S', 'M', 'L'][i % 3]!, quantity: 1 }],
            1060,
          ),
        ),
      ),
    );
    expect(tally(results.map((r) => r.statusCode))).toEqual({ 200: 3, 409: 27 });
    const shown = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/product.php',
        payload: { product_id: product },
      });
      const { stock_quantity, size } = res.json()[0].product;
      return { stock_quantity, size };
    };
    expect(await shown()).toEqual({ stock_quantity: 0, size: { S: 0, M: 0, L: 0 } });
    expect(
      await one(sql`SELECT sizes_in_stock, sold_out FROM products WHERE id = ${product}`),
    ).toEqual({ sizes_in_stock: 0, sold_out: true });

    await t.db.execute(
      sql`UPDATE product_sizes SET stock = 2 WHERE product_id = ${product} AND size = 'M'`,
    );
    expect(await shown()).toEqual({ stock_quantity: 2, size: { S: 0, M: 2, L: 0 } });
    expect(
      await one(sql`SELECT sizes_in_stock, sold_out FROM products WHERE id = ${product}`),
    ).toEqual({ sizes_in_stock: 1, sold_out: false });
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

  it('refused checkouts leave nothing behind; each placed order has its one payment page', async () => {
    const product = await createProduct(t.db, {
      name: 'Last Three Jersey',
      pricePaise: 100_000,
      sizes: { M: 3 },
    });
    const buyers = await shoppers(20);
    const results = await Promise.all(
      buyers.map((s) =>
        s.post(
          '/api/process_order.php',
          orderBody(s.id, [{ product_id: product, size: 'M', quantity: 1 }], 1060),
        ),
      ),
    );
    expect(tally(results.map((r) => r.statusCode))).toEqual({ 200: 3, 409: 17 });
    const ids = buyers.map((b) => b.id);
    const placed = await queryRows<{ id: number; pages: number; url: string; events: number }>(
      t.db,
      sql`SELECT o.id,
                 (SELECT count(*)::int FROM payments p WHERE p.order_id = o.id) AS pages,
                 (SELECT min(payment_url) FROM payments p WHERE p.order_id = o.id) AS url,
                 (SELECT count(*)::int FROM order_events e WHERE e.order_id = o.id) AS events
          FROM orders o WHERE o.user_id IN (${sql.join(ids, sql`, `)}) ORDER BY o.id`,
    );
    const returned = results
      .filter((r) => r.statusCode === 200)
      .map((r) => r.json() as { order_id: number; payment_url: string });
    expect(placed.map((o) => o.id)).toEqual(returned.map((a) => a.order_id).sort((a, b) => a - b));
    for (const o of placed) {
      expect(o).toMatchObject({ pages: 1, events: 1 });
      expect(returned.find((a) => a.order_id === o.id)?.payment_url).toBe(o.url);
    }
    const ledger = await one<{ rows: number }>(
      sql`SELECT count(*)::int AS rows FROM stock_ledger WHERE product_id = ${product}`,
    );
    expect(ledger.rows).toBe(3);
    expect(await stockOf(t.db, product, 'M')).toBe(0);
  });

  // Two connections at once: PostgreSQL only (PGlite runs one statement at a time).
  describe.runIf(testDatabaseKind() === 'postgres')('while another transaction holds a row', () => {
    type Tx = Parameters<Parameters<typeof t.db.transaction>[0]>[0];

    /**
     * Holds a transaction open after `work` until the returned release is called, then runs
     * `afterRelease` in it (when given) before it commits.
     */
    async function holding(
      work: (tx: Tx) => Promise<unknown>,
      afterRelease?: (tx: Tx) => Promise<unknown>,
    ) {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let ready!: () => void;
      const started = new Promise<void>((resolve) => (ready = resolve));
      const done = t.db.transaction(async (tx) => {
        await work(tx);
        ready();
        await released;
        await afterRelease?.(tx);
      });
      await Promise.race([started, done]);
      return { release, done };
    }

    /** Waits (up to 5 s, or until `over`) for a backend waiting on a lock; true if seen. */
    async function waitingForLock(over: () => boolean = () => false): Promise<boolean> {
      for (let i = 0; i < 200 && !over(); i++) {
        const row = await one<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if (row.n > 0) return true;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return false;
    }

    it('a checkout does not wait for a price change being saved, and is refused once it is', async () => {
      const product = await createProduct(t.db, { pricePaise: 100_000, sizes: { M: 10 } });
      const [s] = await shoppers(1);
      const staff = await holding((tx) =>
        tx.execute(sql`UPDATE products SET discount_price_paise = 90000 WHERE id = ${product}`),
      );
      try {
        // The change is not saved yet: the checkout takes the price as it stands (₹1,000)
        // without waiting for the product's row, which an order no longer writes.
        const first = await s!.post(
          '/api/process_order.php',
          orderBody(s!.id, [{ product_id: product, size: 'M', quantity: 1 }], 1060),
        );
        expect(first.statusCode).toBe(200);
      } finally {
        staff.release();
        await staff.done;
      }
      // Saved now: a checkout still quoted at ₹1,000 is refused and changes nothing.
      const stale = await s!.post(
        '/api/process_order.php',
        orderBody(s!.id, [{ product_id: product, size: 'M', quantity: 1 }], 1060),
      );
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error).toBe(
        'Prices have changed since you opened checkout: your total is now ₹960. Please review your order and try again.',
      );
      expect(await stockOf(t.db, product, 'M')).toBe(9);
      const orders = await one<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${s!.id}`,
      );
      expect(orders.n).toBe(1);
      // At the new price it goes through.
      const again = await s!.post(
        '/api/process_order.php',
        orderBody(s!.id, [{ product_id: product, size: 'M', quantity: 1 }], 960),
      );
      expect(again.statusCode).toBe(200);
    });

    it('two orders selling out two sizes of one product, each wanting the other, do not deadlock', async () => {
      const product = await createProduct(t.db, {
        name: 'Two Last Jersey',
        pricePaise: 100_000,
        sizes: { L: 1, M: 1 },
      });
      const [s] = await shoppers(1);
      // Another order (sizes in lock order): it took the last L and will want M next.
      const take = (tx: Tx, size: string) =>
        tx.execute(
          sql`UPDATE product_sizes SET stock = stock - 1
              WHERE product_id = ${product} AND size = ${size} AND stock >= 1`,
        );
      const other = await holding(
        (tx) => take(tx, 'L'),
        (tx) => take(tx, 'M'),
      );
      // The shopper takes the last M meanwhile; had that locked the product's row (its count of
      // sizes in stock) before commit, it would wait for the other's, which waits for M.
      let answered = false;
      const posting = s!
        .post(
          '/api/process_order.php',
          orderBody(s!.id, [{ product_id: product, size: 'M', quantity: 1 }], 1060),
        )
        .finally(() => (answered = true));
      await waitingForLock(() => answered);
      other.release();
      const [r] = await Promise.all([posting, other.done]);
      expect(r.statusCode).toBe(200);
      expect(
        await one(sql`SELECT sizes_in_stock, sold_out FROM products WHERE id = ${product}`),
      ).toEqual({ sizes_in_stock: 0, sold_out: true });
    });

    it('a sold-out size is refused at once, without waiting for a checkout that holds its row', async () => {
      const product = await createProduct(t.db, {
        name: 'Gone Jersey',
        pricePaise: 100_000,
        sizes: { M: 0, L: 5 },
      });
      const [s] = await shoppers(1);
      const other = await holding((tx) =>
        tx.execute(sql`SELECT stock FROM product_sizes WHERE product_id = ${product} FOR UPDATE`),
      );
      try {
        const r = await s!.post(
          '/api/process_order.php',
          orderBody(s!.id, [{ product_id: product, size: 'M', quantity: 1 }], 1060),
        );
        expect(r.statusCode).toBe(409);
        expect(r.json().error).toBe('Sorry, Gone Jersey in size M is sold out.');
      } finally {
        other.release();
        await other.done;
      }
    });
  });
});
