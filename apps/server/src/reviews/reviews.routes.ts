// Review call at the spec's path: add_reviews.php, for the logged-in user only.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { registerStorefrontRoutes } from '../http/index.js';
import { addReview } from './reviews.service.js';

export function reviewsRoutes({ database }: AppDeps): FastifyPluginAsync {
  return async (app) =>
    registerStorefrontRoutes(app, {
      'add_reviews.php': async ({ body: b }) =>
        addReview(database.db, b.user_id, {
          productId: b.product_id,
          orderId: b.order_id,
          rating: b.rating,
          subject: b.subject,
          comment: b.comment,
        }),
    });
}
