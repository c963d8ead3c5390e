// SQL of back-in-stock sign-ups (schema: back_in_stock_requests). The mails themselves are
// written by the trigger of migration 0020 when a size's stock goes from 0 to more.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { queryRows } from '../db/sql.js';

/**
 * The size's stock, its row share-locked until the transaction ends, so that a restock
 * committing meanwhile waits for the sign-up and then mails it; undefined when the product
 * is not for sale or has no such size.
 */
export async function lockSize(
  db: Queryable,
  productId: number,
  size: string,
): Promise<{ stock: number } | undefined> {
  const [row] = await queryRows<{ stock: number }>(
    db,
    sql`SELECT s.stock FROM product_sizes s JOIN products p ON p.id = s.product_id
         WHERE s.product_id = ${productId} AND s.size = ${size} AND p.active
           FOR SHARE OF s`,
  );
  return row;
}

export async function userEmail(db: Queryable, userId: number): Promise<string | undefined> {
  const [row] = await queryRows<{ email: string }>(
    db,
    sql`SELECT email FROM users WHERE id = ${userId}`,
  );
  return row?.email;
}

/** Adds the address to the size's waiting list; already waiting: nothing changes. */
export async function insertRequest(
  db: Queryable,
  r: { productId: number; size: string; email: string },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO back_in_stock_requests (product_id, size, email)
        VALUES (${r.productId}, ${r.size}, ${r.email})
        ON CONFLICT (product_id, size, email) WHERE notified_at IS NULL DO NOTHING`,
  );
}

/** How many addresses wait for each size of the product, in the sizes' order. */
export function waitingBySize(
  db: Queryable,
  productId: number,
): Promise<{ size: string; waiting: number }[]> {
  return queryRows<{ size: string; waiting: number }>(
    db,
    sql`SELECT s.size, count(r.id)::int AS waiting
          FROM product_sizes s
          LEFT JOIN back_in_stock_requests r
            ON r.product_id = s.product_id AND r.size = s.size AND r.notified_at IS NULL
         WHERE s.product_id = ${productId}
         GROUP BY s.size, s.position ORDER BY s.position, s.size`,
  );
}
