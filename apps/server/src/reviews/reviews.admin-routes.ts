// The back office's review endpoints. Thin: each calls the review admin service.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { actorOf, registerAdminRoutes } from '../staff/index.js';
import * as reviews from './reviews.admin.service.js';

export function reviewsAdminRoutes({ config, database }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  return async (app) => {
    registerAdminRoutes(
      app,
      { db, publicUrl: config.publicUrl },
      {
        listReviews: { handler: ({ query }) => reviews.listReviews(db, query) },
        setReviewHidden: {
          handler: (call) =>
            reviews.setReviewHidden(db, actorOf(call), call.params.id, call.body.hidden),
        },
      },
    );
  };
}
