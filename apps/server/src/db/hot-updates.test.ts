// Every order takes stock from its product's row (stock_quantity, the listings' in-stock
// count). PostgreSQL writes such an update in place of the old row version (a HOT update:
// no index touched) only when no index reads a column whose value changed; the products
// table has fourteen, two of them full-text. So no index may read stock_quantity: the
// listings' order reads sold_out, which changes only when a product sells out or comes back
// (decision 090).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
 * Takes one piece of product `id`'s stock as an order does (orders' take-stock statement);
 * how many rows that wrote in place, with no new index entries. The backend's count of such
 * updates is read before and after: it also holds earlier transactions' until it reports them.
 */
async function takeOne(id: number): Promise<number> {
  return database.db.transaction(async (tx) => {
    const count = async () => {
      const [row] = await queryRows<{ n: string }>(
        tx,
        sql`SELECT pg_stat_get_xact_tuples_hot_updated('products'::regclass) AS n`,
      );
      return Number(row!.n);
    };
    const before = await count();
    await tx.execute(
      sql`UPDATE products SET stock_quantity = GREATEST(stock_quantity - 1, 0) WHERE id = ${id}`,
    );
    return (await count()) - before;
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

describe('a product’s stock taken by an order', () => {
  it('is written in place, the product’s indexes untouched, until it sells out', async () => {
    const id = await createProduct(database.db, { sizes: { M: 2 } });

    expect(await takeOne(id)).toBe(1);
    expect(await stockOf(id)).toEqual({ stock: 1, soldOut: false });

    // The last piece: the listings' key changes, so the row is new in their index.
    expect(await takeOne(id)).toBe(0);
    expect(await stockOf(id)).toEqual({ stock: 0, soldOut: true });
  });

  it('is read by no index of the products table', async () => {
    const { db } = database;
    const indexes = await queryRows<{ index: string }>(
      db,
      sql`SELECT pg_get_indexdef(indexrelid) AS index FROM pg_index
          WHERE indrelid = 'products'::regclass
            AND pg_get_indexdef(indexrelid) ~ 'stock_quantity'`,
    );
    expect(indexes.map((r) => r.index)).toEqual([]);
  });
});
