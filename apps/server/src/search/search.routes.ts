import { SearchRequest, SearchResponse } from '@kitroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app.js';
import { search } from './search.service.js';

export function searchRoutes({ database }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/search_result.php',
      { schema: { body: SearchRequest, response: { 200: SearchResponse } } },
      async (request) => ({ products: await search(database.db, request.body.search) }),
    );
  };
}
