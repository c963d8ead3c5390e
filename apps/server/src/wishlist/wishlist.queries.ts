// SQL of the wishlist: a shopper's hearted jerseys (wishlist_items).
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows, sqlList } from '../db/index.js';

/** The product ids of the user's wishlist, newest first; with `activeOnly`, jerseys still sold. */
export async function productIds(
  db: Queryable,
  userId: number,
  activeOnly = false,
): Promise<number[]> {
  const rows = await queryRows<{ product_id: number }>(
    db,
    activeOnly
      ? sql`SELECT w.product_id FROM wishlist_items w JOIN products p ON p.id = w.product_id
            WHERE w.user_id = ${userId} AND p.active
            ORDER BY w.added_at DESC, w.product_id DESC`
      : sql`SELECT product_id FROM wishlist_items WHERE user_id = ${userId}
            ORDER BY added_at DESC, product_id DESC`,
  );
  return rows.map((r) => Number(r.product_id));
}

/**
 * Locks the user's row, so that two changes of one wishlist follow one another and the limit
 * holds; false when there is no such user.
 */
export async function lockUser(db: Queryable, userId: number): Promise<boolean> {
  const rows = await queryRows(db, sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
  return rows.length > 0;
}

export async function count(db: Queryable, userId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM wishlist_items WHERE user_id = ${userId}`,
  );
  return Number(row?.n ?? 0);
}

/** Which of these ids are active products. */
export async function activeProductIds(db: Queryable, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM products WHERE active AND id IN (${sqlList(ids)})`,
  );
  return rows.map((r) => Number(r.id));
}

/** Adds these products not there yet; the list's last gets the latest time (newest). */
export async function insert(
  db: Queryable,
  userId: number,
  productIds: readonly number[],
): Promise<void> {
  if (productIds.length === 0) return;
  const rows = productIds.map(
    (id, i) => sql`(${userId}, ${id}, clock_timestamp() + ${i} * interval '1 microsecond')`,
  );
  await db.execute(
    sql`INSERT INTO wishlist_items (user_id, product_id, added_at)
        VALUES ${sql.join(rows, sql`, `)}
        ON CONFLICT (user_id, product_id) DO NOTHING`,
  );
}

export async function remove(db: Queryable, userId: number, productId: number): Promise<void> {
  await db.execute(
    sql`DELETE FROM wishlist_items WHERE user_id = ${userId} AND product_id = ${productId}`,
  );
}
