// Review rules: only for a product of the reviewer's own paid order; one review per order
// item (a second one replaces the first); the product's average follows in the same
// transaction.
import type { AddReviewResponse } from '@kitroom/contract';
import type { Queryable } from '../db/client.js';
import { Conflict, Invalid, NotFound } from '../domain-errors.js';
import * as q from './reviews.queries.js';

export interface ReviewInput {
  productId: number;
  orderId: number;
  rating: number;
  subject: string;
  comment: string;
}

/** Adds (or replaces) the user's review of a product in one of their paid orders. */
export async function addReview(
  db: Queryable,
  userId: number,
  input: ReviewInput,
): Promise<AddReviewResponse> {
  return db.transaction(async (tx) => {
    const order = await q.userOrder(tx, input.orderId, userId);
    // Someone else's order answers as a missing one, so ids reveal nothing.
    if (!order) throw new NotFound('Order not found');
    if (!(await q.orderHasProduct(tx, input.orderId, input.productId))) {
      throw new Invalid('This product is not in that order.');
    }
    if (order.payment_status !== 'SUCCESS') {
      throw new Conflict('You can review this item once its order is paid.');
    }
    // Taken before reading or writing reviews: the average below then sees every review
    // committed before ours, so concurrent reviews cannot leave a stale rating behind.
    await q.lockProduct(tx, input.productId);
    const existing = await q.reviewIdFor(tx, input.orderId, input.productId);
    if (existing === undefined) {
      await q.insertReview(tx, { ...input, userId });
    } else {
      await q.updateReview(tx, existing, input);
    }
    const rating = await q.refreshProductRating(tx, input.productId);
    return {
      success: true,
      message:
        existing === undefined ? 'Thank you for your review.' : 'Your review has been updated.',
      updated: existing !== undefined,
      product_rating: Number(rating),
    };
  });
}
