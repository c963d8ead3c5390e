// SQL of reviews: the reviewer's order and its items (kept or given back), the review row,
// the product's average, and the back office's list and hiding.
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows } from '../db/index.js';

/** A line of the reviewer's order, with what the order and its returns say of it. */
export interface ReviewableLineRow {
  order_status: string;
  payment_status: string;
  total_paise: number;
  /** Refunds of the order asked, on their way or made (failed ones gave nothing back). */
  refunded_paise: number;
  id: number;
  product_id: number;
  product_name: string;
  quantity: number;
  /** Pieces of the line that came back in received returns (exchanges are kept). */
  returned: number;
}

/**
 * The lines of the user's order with what decides whether they may be reviewed; no rows for
 * another's order. `lock` holds the order FOR SHARE (a review being written), so a
 * cancellation or refund of it waits for the review's transaction, or the review for theirs.
 * A second payment given back by itself ('extra-payment-…', settlement.service.ts) refunds
 * nothing of the order.
 */
export async function reviewableLines(
  db: Queryable,
  orderId: number,
  userId: number,
  lock: boolean,
): Promise<ReviewableLineRow[]> {
  return queryRows<ReviewableLineRow>(
    db,
    sql`SELECT o.order_status, o.payment_status, o.total_paise,
               (SELECT coalesce(sum(r.amount_paise), 0) FROM refunds r
                WHERE r.order_id = o.id AND r.status <> 'failed'
                  AND NOT starts_with(r.idempotency_key, 'extra-payment-'))::int AS refunded_paise,
               oi.id, oi.product_id, oi.product_name, oi.quantity,
               (SELECT coalesce(sum(ri.quantity), 0)
                FROM order_return_items ri JOIN order_returns rr ON rr.id = ri.return_id
                WHERE ri.order_item_id = oi.id AND rr.kind = 'return'
                  AND rr.status = 'received')::int AS returned
        FROM orders o JOIN order_items oi ON oi.order_id = o.id
        WHERE o.id = ${orderId} AND o.user_id = ${userId}
        ORDER BY oi.id
        ${lock ? sql`FOR SHARE OF o` : sql``}`,
  );
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
