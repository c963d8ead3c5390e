// Reviews as staff moderate them: the list, and hiding or showing one. Hiding takes the review
// off the product page and out of its rating in one transaction; the reviews and products
// triggers (migration *_product_versions) log the product at commit (decision 084), so every
// server drops its cached responses and pages for that product at once.
import type {
  AdminReview,
  AdminReviewResponse,
  ReviewListResponse,
  ReviewQuery,
} from '@kitroom/contract/admin';
import type { z } from 'zod';
import type { Queryable } from '../db/index.js';
import { NotFound } from '../domain-errors.js';
import { record, type Actor } from '../staff/index.js';
import * as q from './reviews.queries.js';

export const REVIEW_NOT_FOUND = 'Review not found.';

const iso = (v: Date | string) => new Date(v).toISOString();

function toAdminReview(r: q.AdminReviewRow): AdminReview {
  return {
    id: r.id,
    product_id: r.product_id,
    product_name: r.product_name,
    rating: Number(r.rating),
    subject: r.subject,
    comment: r.comment,
    author_name: r.author_name,
    order_id: r.order_id,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    hidden_at: r.hidden_at === null ? null : iso(r.hidden_at),
  };
}

/** A page of reviews, newest first; `next_before` pages on. */
export async function listReviews(
  db: Queryable,
  query: z.output<typeof ReviewQuery>,
): Promise<ReviewListResponse> {
  const rows = await q.listReviews(db, {
    hidden: query.visibility === undefined ? undefined : query.visibility === 'hidden',
    rating: query.rating,
    productId: query.product_id,
    beforeId: query.before,
    limit: query.limit,
  });
  const reviews = rows.map(toAdminReview);
  const last = reviews.at(-1);
  return { reviews, next_before: reviews.length === query.limit && last ? last.id : null };
}

/** Hides the review (or shows it again) and sets the product's rating from the shown ones. */
export async function setReviewHidden(
  db: Queryable,
  actor: Actor,
  id: number,
  hidden: boolean,
): Promise<AdminReviewResponse> {
  return db.transaction(async (tx) => {
    const productId = await q.reviewProduct(tx, id);
    if (productId === undefined) throw new NotFound(REVIEW_NOT_FOUND);
    // The same lock order as a shopper's review (product first), so the average stays right.
    await q.lockProduct(tx, productId);
    const before = await q.adminReview(tx, id);
    if (!before) throw new NotFound(REVIEW_NOT_FOUND);
    await q.setReviewHidden(tx, id, hidden);
    const rating = await q.refreshProductRating(tx, productId);
    const after = await q.adminReview(tx, id);
    if (!after) throw new NotFound(REVIEW_NOT_FOUND);
    if ((before.hidden_at === null) === hidden) {
      await record(tx, actor, {
        entity: 'review',
        entityId: id,
        action: hidden ? 'hide' : 'show',
        before: { hidden_at: before.hidden_at && iso(before.hidden_at) },
        after: {
          hidden_at: after.hidden_at && iso(after.hidden_at),
          product_id: productId,
          product_rating: Number(rating),
        },
      });
    }
    return { review: toAdminReview(after), product_rating: Number(rating) };
  });
}
