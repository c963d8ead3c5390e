// profiles.php: the team and player profiles the storefront's team and player pages, lists
// and home rows show, sent as the kept bytes.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { sendJson, registerStorefrontRoutes } from '../http/index.js';
import { profiles } from './profiles.service.js';

export function profilesRoutes({ database }: AppDeps): FastifyPluginAsync {
  return async (app) =>
    registerStorefrontRoutes(app, {
      'profiles.php': async ({ request, reply }) =>
        sendJson(request, reply, (await profiles(database.db)).body),
    });
}
