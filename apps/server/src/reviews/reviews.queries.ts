// SQL of reviews: the reviewer's order and its items, the review row, the product's average,
// and the back office's list and hiding.
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { queryRows } from '../db/sql.js';

export async function userOrder(
  db: Queryable,
  orderId: number,
  userId: number,
): Promise<{ payment_status: string } | undefined> {
  const [row] = await queryRows<{ payment_status: string }>(
    db,
    sql`SELECT payment_status FROM orders WHERE id = ${orderId} AND user_id = ${userId}`,
  );
  return row;
}

export async function orderHasProduct(
  db: Queryable,
  orderId: number,
  productId: number,
): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(
    db,
    sql`SELECT 1 AS found FROM order_items
        WHERE order_id = ${orderId} AND product_id = ${productId} LIMIT 1`,
  );
  return rows.length > 0;
}

/** Locks the product row, so that reviews of one product update its average one at a time. */
export async function lockProduct(db: Queryable, productId: number): Promise<void> {
  await db.execute(sql`SELECT id FROM products WHERE id = ${productId} FOR UPDATE`);
}

export async function reviewIdFor(
  db: Queryable,
  orderId: number,
  productId: number,
): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM reviews WHERE order_id = ${orderId} AND product_id = ${productId}`,
  );
  return row?.id;
}

export interface ReviewValues {
  userId: number;
  productId: number;
  orderId: number;
  rating: number;
  subject: string;
  comment: string;
}

export async function insertReview(db: Queryable, v: ReviewValues): Promise<void> {
  await db.execute(
    sql`INSERT INTO reviews (user_id, product_id, order_id, rating, subject, comment)
        VALUES (${v.userId}, ${v.productId}, ${v.orderId}, ${v.rating}, ${v.subject}, ${v.comment})`,
  );
}

export async function updateReview(
  db: Queryable,
  id: number,
  v: Pick<ReviewValues, 'rating' | 'subject' | 'comment'>,
): Promise<void> {
  await db.execute(
    sql`UPDATE reviews
        SET rating = ${v.rating}, subject = ${v.subject}, comment = ${v.comment}, updated_at = now()
        WHERE id = ${id}`,
  );
}

/**
 * Sets product_rating to the average of the product's shown reviews (one decimal; hidden ones
 * do not count) and review_count to how many they are; returns the rating.
 */
export async function refreshProductRating(db: Queryable, productId: number): Promise<string> {
  const [row] = await queryRows<{ product_rating: string }>(
    db,
    sql`UPDATE products
        SET product_rating = coalesce(
              (SELECT round(avg(rating)::numeric, 1) FROM reviews
               WHERE product_id = ${productId} AND hidden_at IS NULL),
              0),
            review_count = (SELECT count(*) FROM reviews
                            WHERE product_id = ${productId} AND hidden_at IS NULL),
            updated_at = now()
        WHERE id = ${productId}
        RETURNING product_rating`,
  );
  return row?.product_rating ?? '0';
}

// ── the back office ──

export interface AdminReviewRow {
  id: number;
  product_id: number;
  product_name: string;
  rating: number;
  subject: string;
  comment: string;
  author_name: string;
  order_id: number;
  created_at: Date | string;
  updated_at: Date | string;
  hidden_at: Date | string | null;
}

const adminReviewColumns = sql`
  r.id, r.product_id, p.name AS product_name, r.rating, r.subject, r.comment,
  u.name AS author_name, r.order_id, r.created_at, r.updated_at, r.hidden_at`;

export interface ReviewListFilter {
  hidden?: boolean;
  rating?: number;
  productId?: number;
  beforeId?: number;
  limit: number;
}

/** Reviews newest first (by id, the cursor), filtered. */
export async function listReviews(db: Queryable, f: ReviewListFilter): Promise<AdminReviewRow[]> {
  const conditions: SQL[] = [sql`TRUE`];
  if (f.hidden !== undefined) {
    conditions.push(f.hidden ? sql`r.hidden_at IS NOT NULL` : sql`r.hidden_at IS NULL`);
  }
  if (f.rating !== undefined) conditions.push(sql`r.rating = ${f.rating}`);
  if (f.productId !== undefined) conditions.push(sql`r.product_id = ${f.productId}`);
  if (f.beforeId !== undefined) conditions.push(sql`r.id < ${f.beforeId}`);
  return queryRows<AdminReviewRow>(
    db,
    sql`SELECT ${adminReviewColumns}
        FROM reviews r JOIN products p ON p.id = r.product_id JOIN users u ON u.id = r.user_id
        WHERE ${sql.join(conditions, sql` AND `)}
        ORDER BY r.id DESC LIMIT ${f.limit}`,
  );
}

export async function adminReview(db: Queryable, id: number): Promise<AdminReviewRow | undefined> {
  const [row] = await queryRows<AdminReviewRow>(
    db,
    sql`SELECT ${adminReviewColumns}
        FROM reviews r JOIN products p ON p.id = r.product_id JOIN users u ON u.id = r.user_id
        WHERE r.id = ${id}`,
  );
  return row;
}

export async function reviewProduct(db: Queryable, id: number): Promise<number | undefined> {
  const [row] = await queryRows<{ product_id: number }>(
    db,
    sql`SELECT product_id FROM reviews WHERE id = ${id}`,
  );
  return row?.product_id;
}

/** Hides the review now, or shows it again; a review already so is left as it is. */
export async function setReviewHidden(db: Queryable, id: number, hidden: boolean): Promise<void> {
  await db.execute(
    hidden
      ? sql`UPDATE reviews SET hidden_at = now() WHERE id = ${id} AND hidden_at IS NULL`
      : sql`UPDATE reviews SET hidden_at = NULL WHERE id = ${id} AND hidden_at IS NOT NULL`,
  );
}
