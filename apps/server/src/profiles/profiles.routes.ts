// profiles.php: the team and player profiles the storefront's team and player pages, lists
// and home rows show, sent as the kept bytes.
import { ProfilesResponse } from '@kitroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app.js';
import { sendJson } from '../http/cached-json.js';
import { profiles } from './profiles.service.js';

export function profilesRoutes({ database }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/profiles.php',
      { schema: { response: { 200: ProfilesResponse } } },
      async (request, reply) => sendJson(request, reply, (await profiles(database.db)).body),
    );
  };
}
