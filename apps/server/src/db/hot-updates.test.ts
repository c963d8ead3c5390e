// Every order takes stock from its size's row (product_sizes.stock); its product's row is
// written only when a size sells out or comes back (sizes_in_stock, decision 100). PostgreSQL
// writes an update in place of the old row version (a HOT update: no index touched) only when
// no index reads a column whose value changed. So no index may read a size's stock: the
// listings' order reads sold_out, which changes only when a product sells out or comes back
// (decision 090), and the dashboard's low-stock list reads low_stock, which changes only in a
// size's last few pieces (decision 093).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lowStockSizes } from '../reports/dashboard.queries.js';
import { createProduct } from '../test/factories.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { queryRows } from './sql.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

/**
 * Takes one piece of size M of product `id` as an order does (orders' take-stock statements):
 * how many size rows that wrote in place, with no new index entries, and how many product
 * rows it wrote at all. The backend's counts are read before and after: they also hold
 * earlier transactions' until they are reported.
 */
async function takeOne(id: number): Promise<{ size: number; product: number }> {
  return database.db.transaction(async (tx) => {
    const count = async () => {
      const [row] = await queryRows<{ size: string; product: string }>(
        tx,
        sql`SELECT pg_stat_get_xact_tuples_hot_updated('product_sizes'::regclass) AS size,
                   pg_stat_get_xact_tuples_updated('products'::regclass) AS product`,
      );
      return { size: Number(row!.size), product: Number(row!.product) };
    };
    const before = await count();
    await tx.execute(
      sql`UPDATE product_sizes SET stock = stock - 1
          WHERE product_id = ${id} AND size = 'M' AND stock >= 1`,
    );
    // The product's count of sizes in stock is written at commit (migration 0056): now.
    await tx.execute(sql`SET CONSTRAINTS product_sizes_in_stock IMMEDIATE`);
    const after = await count();
    return { size: after.size - before.size, product: after.product - before.product };
  });
}

/** The product's stock as the listings read it: its sizes', and whether it is sold out. */
async function stockOf(id: number) {
  const [row] = await queryRows<{ stock: number; sold_out: boolean }>(
    database.db,
    sql`SELECT (SELECT sum(stock)::int FROM product_sizes WHERE product_id = p.id) AS stock,
               p.sold_out
          FROM products p WHERE p.id = ${id}`,
  );
  return row;
}

/** The product's sizes on the dashboard's low-stock list, as "size: stock". */
async function lowSizesOf(id: number) {
  const { sizes } = await lowStockSizes(database.db, 1000);
  return sizes.filter((s) => s.product_id === id).map((s) => `${s.size}: ${s.stock}`);
}

describe('a size’s stock taken by an order', () => {
  it('is written in place, no index or product touched, until the size is low or sold out', async () => {
    // Low at 3 pieces or fewer (the product's default threshold).
    const id = await createProduct(database.db, { sizes: { M: 5 } });

    expect(await takeOne(id)).toEqual({ size: 1, product: 0 });
    expect(await stockOf(id)).toEqual({ stock: 4, sold_out: false });
    expect(await lowSizesOf(id)).toEqual([]);

    // 4 → 3: the size comes onto the low-stock list, so it is new in that index.
    expect(await takeOne(id)).toEqual({ size: 0, product: 0 });
    expect(await lowSizesOf(id)).toEqual(['M: 3']);
    // 3 → 2: still low, at a new place in the list's order (the emptiest first).
    expect(await takeOne(id)).toEqual({ size: 0, product: 0 });
    expect(await lowSizesOf(id)).toEqual(['M: 2']);
    await takeOne(id);

    // The last piece: the product's row is written, once (its sizes in stock 1 → 0).
    expect(await takeOne(id)).toEqual({ size: 0, product: 1 });
    expect(await stockOf(id)).toEqual({ stock: 0, sold_out: true });
    expect(await lowSizesOf(id)).toEqual(['M: 0']);
  });

  it('is read by no index of the product_sizes table', async () => {
    const { db } = database;
    const indexes = await queryRows<{ index: string }>(
      db,
      sql`SELECT pg_get_indexdef(indexrelid) AS index FROM pg_index
          WHERE indrelid = 'product_sizes'::regclass
            AND pg_get_indexdef(indexrelid) ~ '\\mstock\\M'`,
    );
    expect(indexes.map((r) => r.index)).toEqual([]);
  });
});
