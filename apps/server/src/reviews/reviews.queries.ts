// SQL of reviews: the reviewer's order and its items, the review row, the product's average.
import { sql } from 'drizzle-orm';
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

/** Sets product_rating to the average of the product's reviews (one decimal); returns it. */
export async function refreshProductRating(db: Queryable, productId: number): Promise<string> {
  const [row] = await queryRows<{ product_rating: string }>(
    db,
    sql`UPDATE products
        SET product_rating = coalesce(
              (SELECT round(avg(rating)::numeric, 1) FROM reviews WHERE product_id = ${productId}),
              0),
            updated_at = now()
        WHERE id = ${productId}
        RETURNING product_rating`,
  );
  return row?.product_rating ?? '0';
}
