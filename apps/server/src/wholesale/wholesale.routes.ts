// Wholesale call at the spec's path: wholesale_agent.php, for the logged-in user only.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { registerStorefrontRoutes } from '../http/storefront-routes.js';
import * as wholesale from './wholesale.service.js';

export function wholesaleRoutes({ database }: AppDeps): FastifyPluginAsync {
  return async (app) =>
    registerStorefrontRoutes(app, database.db, {
      'wholesale_agent.php': async ({ body }) => {
        const { user_id: userId, status, ...fields } = body;
        if (status !== undefined) return wholesale.applicationStatus(database.db, userId);
        return wholesale.apply(database.db, userId, fields);
      },
    });
}
