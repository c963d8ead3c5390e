import { SearchRequest, SearchResponse } from '@kitroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app.js';
import { sendJson } from '../http/cached-json.js';
import { searchAnswer } from './search.answers.js';

export function searchRoutes({ database }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // The answer is sent as kept bytes; the response schema documents it (see cached-json.ts).
    app.post(
      '/search_result.php',
      { schema: { body: SearchRequest, response: { 200: SearchResponse } } },
      async (request, reply) =>
        sendJson(request, reply, await searchAnswer(database.db, request.body.search)),
    );
  };
}
