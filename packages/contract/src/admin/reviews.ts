// Reviews in the back office: every review newest first, filtered by whether it is shown and by
// rating, and hidden or shown again. A hidden review leaves the product page and its rating.
import { z } from 'zod';
import { Id } from '../common.js';

export const ReviewVisibility = z.enum(['shown', 'hidden'], {
  error: 'visibility must be shown or hidden',
});

export const ReviewQuery = z.object({
  visibility: ReviewVisibility.optional(),
  rating: z.coerce
    .number({ error: 'rating must be 1 to 5' })
    .int('rating must be 1 to 5')
    .min(1, 'rating must be 1 to 5')
    .max(5, 'rating must be 1 to 5')
    .optional(),
  product_id: Id.optional(),
  /** The cursor: reviews older than this id. */
  before: Id.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type ReviewQuery = z.input<typeof ReviewQuery>;

export const AdminReview = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  rating: z.number().int(),
  subject: z.string(),
  comment: z.string(),
  author_name: z.string(),
  order_id: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  /** When staff hid it; null while it is shown. */
  hidden_at: z.string().nullable(),
});
export type AdminReview = z.infer<typeof AdminReview>;

export const ReviewListResponse = z.object({
  reviews: z.array(AdminReview),
  /** Pass as `before` for the next page; null on the last one. */
  next_before: z.number().int().nullable(),
});
export type ReviewListResponse = z.infer<typeof ReviewListResponse>;

export const ReviewIdParams = z.object({ id: Id });
export type ReviewIdParams = z.input<typeof ReviewIdParams>;

export const SetReviewHiddenRequest = z.object({
  hidden: z.boolean({ error: 'hidden must be true or false' }),
});
export type SetReviewHiddenRequest = z.input<typeof SetReviewHiddenRequest>;

export const AdminReviewResponse = z.object({
  review: AdminReview,
  /** The product's rating as shoppers now see it (shown reviews only). */
  product_rating: z.number(),
});
export type AdminReviewResponse = z.infer<typeof AdminReviewResponse>;
