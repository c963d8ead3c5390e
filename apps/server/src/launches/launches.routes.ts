// launch_alert.php: a logged-in fan's "Notify me when it drops" (decision 070).
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { registerStorefrontRoutes } from '../http/storefront-routes.js';
import { askAlert } from './launches.service.js';

export function launchesRoutes({ database }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  return async (app) => {
    registerStorefrontRoutes(app, {
      'launch_alert.php': async ({ body }) =>
        askAlert(db, { userId: body.user_id, productId: body.product_id }),
    });
  };
}
