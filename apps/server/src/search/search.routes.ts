// search_result.php: the search box's products, sent as kept bytes (see cached-json.ts).
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { sendJson, registerStorefrontRoutes } from '../http/index.js';
import { searchResponse } from './search.responses.js';

export function searchRoutes({ database }: AppDeps): FastifyPluginAsync {
  return async (app) =>
    registerStorefrontRoutes(app, {
      'search_result.php': async ({ body, request, reply }) =>
        sendJson(request, reply, await searchResponse(database.db, body.search, body.sort)),
    });
}
