// Wholesale call at the spec's path: wholesale_agent.php, for the logged-in user only.
import { ErrorResponse, WholesaleRequest, WholesaleResponse } from '@kitroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app.js';
import * as wholesale from './wholesale.service.js';

export function wholesaleRoutes({ database }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/wholesale_agent.php',
      {
        config: { userScoped: 'user_id' },
        schema: {
          body: WholesaleRequest,
          response: { 200: WholesaleResponse, 400: ErrorResponse },
        },
      },
      async (request) => {
        const { user_id: userId, status, ...fields } = request.body;
        if (status !== undefined) return wholesale.applicationStatus(database.db, userId);
        return wholesale.apply(database.db, userId, fields);
      },
    );
  };
}
