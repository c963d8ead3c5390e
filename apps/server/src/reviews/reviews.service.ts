// Review rules: only for items bought and kept — a line of the reviewer's own paid order that
// was neither canceled nor refunded in full, with at least one piece not given back in a
// received return; one review per order and product (a second one replaces the first); the
// product's average follows in the same transaction.
import type { AddReviewResponse } from '@kitroom/contract';
import type { Queryable } from '../db/index.js';
import { Conflict, Invalid, NotFound } from '../domain-errors.js';
import * as q from './reviews.queries.js';

export interface ReviewInput {
  productId: number;
  orderId: number;
  rating: number;
  subject: string;
  comment: string;
}

/** Why none of the order's items may be reviewed, in the shopper's words; null: they may. */
function orderRefusal(orderId: number, order: q.ReviewableLineRow): string | null {
  if (order.order_status === 'Canceled') {
    return `Order #${orderId} was canceled, so its items cannot be reviewed.`;
  }
  if (order.payment_status !== 'SUCCESS') return 'You can review this item once its order is paid.';
  if (order.refunded_paise > 0 && order.refunded_paise >= order.total_paise) {
    return `Order #${orderId} was refunded in full, so its items cannot be reviewed.`;
  }
  return null;
}

const kept = (line: q.ReviewableLineRow) => line.quantity > line.returned;

/**
 * The lines of the user's order that may be reviewed now (the order page's Add Review), by
 * order line id; none for an order that is not theirs.
 */
export async function reviewableItems(
  db: Queryable,
  userId: number,
  orderId: number,
): Promise<number[]> {
  const lines = await q.reviewableLines(db, orderId, userId, false);
  const [first] = lines;
  if (!first || orderRefusal(orderId, first) !== null) return [];
  return lines.filter(kept).map((l) => l.id);
}

/** Adds (or replaces) the user's review of a product they bought and kept in that order. */
export async function addReview(
  db: Queryable,
  userId: number,
  input: ReviewInput,
): Promise<AddReviewResponse> {
  return db.transaction(async (tx) => {
    const lines = await q.reviewableLines(tx, input.orderId, userId, true);
    const [first] = lines;
    // Someone else's order is treated as a missing one, so ids reveal nothing.
    if (!first) throw new NotFound('Order not found');
    const ofProduct = lines.filter((l) => l.product_id === input.productId);
    if (ofProduct.length === 0) throw new Invalid('This product is not in that order.');
    const refusal = orderRefusal(input.orderId, first);
    if (refusal !== null) throw new Conflict(refusal);
    if (!ofProduct.some(kept)) {
      throw new Conflict(
        `You returned every ${ofProduct[0]!.product_name} of order #${input.orderId}, so it cannot be reviewed.`,
      );
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
