// The review endpoints: the list, and hiding or showing one.
import type { AdminEndpoint } from './endpoint.js';
import {
  AdminReviewResponse,
  ReviewIdParams,
  ReviewListResponse,
  ReviewQuery,
  SetReviewHiddenRequest,
} from './reviews.js';

export const reviewsEndpoints = {
  listReviews: {
    method: 'GET',
    path: '/api/admin/reviews',
    summary: 'Reviews newest first, filtered by shown or hidden, rating and product',
    access: 'reviews.manage',
    query: ReviewQuery,
    response: ReviewListResponse,
  },
  setReviewHidden: {
    method: 'PATCH',
    path: '/api/admin/reviews/:id',
    summary:
      "Hides a review from the product page and its rating, or shows it again; the product's pages follow at once",
    access: 'reviews.manage',
    params: ReviewIdParams,
    body: SetReviewHiddenRequest,
    response: AdminReviewResponse,
  },
} as const satisfies Record<string, AdminEndpoint>;
