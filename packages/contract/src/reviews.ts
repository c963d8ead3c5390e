// Review call: add_reviews.php. A shopper reviews a product of one of their own paid orders.
import { z } from 'zod';
import { Id } from './common.js';

/** The web app's text when a review field is empty (spec section 5). */
export const REVIEW_FIELDS_REQUIRED = 'Please fill all fields.';
export const REVIEW_SUBJECT_MAX_LENGTH = 100;
export const REVIEW_COMMENT_MAX_LENGTH = 1000;

const ratingMessage = 'rating must be a whole number from 1 to 5';

/** 1–5; digits sent as text ('4') are accepted, as older clients send them. */
export const ReviewRating = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d{1,2}\s*$/.test(v) ? Number(v) : v),
  z.number({ error: ratingMessage }).int(ratingMessage).min(1, ratingMessage).max(5, ratingMessage),
);

const requiredText = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} is too long (${max} characters at most)`);

// ── POST /api/add_reviews.php ──

/**
 * Allowed only for a product of the caller's own order whose payment_status is SUCCESS
 * (404 'Order not found' for a missing or someone else's order, 400 when the product is not
 * in it, 409 while the order is unpaid). One review per order item — per (order, product), so
 * one product bought in two sizes in one order has one review: sending a review again for the
 * same order and product REPLACES the earlier one (`updated: true`) and keeps its place.
 */
export const AddReviewRequest = z.object({
  user_id: Id,
  product_id: Id,
  order_id: Id,
  rating: ReviewRating,
  subject: requiredText('subject', REVIEW_SUBJECT_MAX_LENGTH),
  comment: requiredText('comment', REVIEW_COMMENT_MAX_LENGTH),
});
export type AddReviewRequest = z.input<typeof AddReviewRequest>;

export const AddReviewResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** true when this replaced the caller's earlier review of the same order item. */
  updated: z.boolean(),
  /** The product's average rating after this review, rounded to one decimal. */
  product_rating: z.number().min(0).max(5),
});
export type AddReviewResponse = z.infer<typeof AddReviewResponse>;
