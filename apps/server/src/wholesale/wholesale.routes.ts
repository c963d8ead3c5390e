// Wholesale calls, for the logged-in user only: wholesale_agent.php (the spec's application
// and status) and wholesale_prices.php (their own prices, never cached).
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { registerStorefrontRoutes } from '../http/index.js';
import * as wholesale from './wholesale.service.js';

export function wholesaleRoutes({ database }: AppDeps): FastifyPluginAsync {
  return async (app) =>
    registerStorefrontRoutes(app, {
      'wholesale_agent.php': async ({ body }) => {
        const { user_id: userId, status, ...fields } = body;
        if (status !== undefined) return wholesale.applicationStatus(database.db, userId);
        return wholesale.apply(database.db, userId, fields);
      },
      'wholesale_prices.php': ({ body }) =>
        wholesale.pricesFor(database.db, body.user_id, body.product_ids, body.pieces),
    });
}
