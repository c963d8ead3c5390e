// Every order takes stock from its size's row (product_sizes.stock) and its product's
// (stock_quantity, the listings' in-stock count). PostgreSQL writes such an update in place of
// the old row version (a HOT update: no index touched) only when no index reads a column whose
// value changed; the products table has fourteen indexes, two of them full-text. So no index
// may read stock_quantity or a size's stock: the listings' order reads sold_out, which changes
// only when a product sells out or comes back (decision 090), and the dashboard's low-stock
// list reads low_stock, which changes only in a size's last few pieces (decision 093).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lowStockSizes } from '../reports/dashboard.queries.js';
import { createProduct } from '../test/factories.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { queryRows } from './sql.js';
import { products } from './schema.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

/**
 * Takes one piece of size M of product `id` as an order does (orders' take-stock statements):
 * how many rows of each table that wrote in place, with no new index entries. The backend's
 * counts of such updates are read before and after: they also hold earlier transactions'
 * until they are reported.
 */
async function takeOne(id: number): Promise<{ size: number; product: number }> {
  return database.db.transaction(async (tx) => {
    const count = async () => {
      const [row] = await queryRows<{ size: string; product: string }>(
        tx,
        sql`SELECT pg_stat_get_xact_tuples_hot_updated('product_sizes'::regclass) AS size,
                   pg_stat_get_xact_tuples_hot_updated('products'::regclass) AS product`,
      );
      return { size: Number(row!.size), product: Number(row!.product) };
    };
    const before = await count();
    await tx.execute(
      sql`UPDATE product_sizes SET stock = stock - 1
          WHERE product_id = ${id} AND size = 'M' AND stock >= 1`,
    );
    await tx.execute(
      sql`UPDATE products SET stock_quantity = GREATEST(stock_quantity - 1, 0) WHERE id = ${id}`,
    );
    const after = await count();
    return { size: after.size - before.size, product: after.product - before.product };
  });
}

/** The product's stock as the listings read it. */
async function stockOf(id: number) {
  const [row] = await database.db
    .select({ stock: products.stockQuantity, soldOut: products.soldOut })
    .from(products)
    .where(eq(products.id, id));
  return row;
}

/** The product's sizes on the dashboard's low-stock list, as "size: stock". */
async function lowSizesOf(id: number) {
  const { sizes } = await lowStockSizes(database.db, 1000);
  return sizes.filter((s) => s.product_id === id).map((s) => `${s.size}: ${s.stock}`);
}

describe('a size’s stock taken by an order', () => {
  it('is written in place, no index touched, until the size is low or sold out', async () => {
    // Low at 3 pieces or fewer (the product's default threshold).
    const id = await createProduct(database.db, { sizes: { M: 5 } });

    expect(await takeOne(id)).toEqual({ size: 1, product: 1 });
    expect(await stockOf(id)).toEqual({ stock: 4, soldOut: false });
    expect(await lowSizesOf(id)).toEqual([]);

    // 4 → 3: the size comes onto the low-stock list, so it is new in that index.
    expect(await takeOne(id)).toEqual({ size: 0, product: 1 });
    expect(await lowSizesOf(id)).toEqual(['M: 3']);
    // 3 → 2: still low, at a new place in the list's order (the emptiest first).
    expect(await takeOne(id)).toEqual({ size: 0, product: 1 });
    expect(await lowSizesOf(id)).toEqual(['M: 2']);
    await takeOne(id);

    // The last piece: the listings' key changes too, so the product is new in their index.
    expect(await takeOne(id)).toEqual({ size: 0, product: 0 });
    expect(await stockOf(id)).toEqual({ stock: 0, soldOut: true });
    expect(await lowSizesOf(id)).toEqual(['M: 0']);
  });

  it('is read by no index of the products or product_sizes tables', async () => {
    const { db } = database;
    const indexes = await queryRows<{ index: string }>(
      db,
      sql`SELECT pg_get_indexdef(indexrelid) AS index FROM pg_index
          WHERE (indrelid = 'products'::regclass
                 AND pg_get_indexdef(indexrelid) ~ 'stock_quantity')
             OR (indrelid = 'product_sizes'::regclass
                 AND pg_get_indexdef(indexrelid) ~ '\\mstock\\M')`,
    );
    expect(indexes.map((r) => r.index)).toEqual([]);
  });
});
