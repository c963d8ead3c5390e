// Review call at the spec's path: add_reviews.php, for the logged-in user only.
import { AddReviewRequest, AddReviewResponse, ErrorResponse } from '@kitroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app.js';
import { addReview } from './reviews.service.js';

export function reviewsRoutes({ database }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/add_reviews.php',
      {
        config: { userScoped: 'user_id' },
        schema: {
          body: AddReviewRequest,
          response: {
            200: AddReviewResponse,
            400: ErrorResponse,
            404: ErrorResponse,
            409: ErrorResponse,
          },
        },
      },
      async (request) => {
        const b = request.body;
        return addReview(database.db, b.user_id, {
          productId: b.product_id,
          orderId: b.order_id,
          rating: b.rating,
          subject: b.subject,
          comment: b.comment,
        });
      },
    );
  };
}
