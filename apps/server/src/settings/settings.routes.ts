// shop_details.php: the shop's contact details for the storefront, sent as the kept bytes.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { sendJson, registerStorefrontRoutes } from '../http/index.js';
import { shopDetails } from './settings.service.js';

export function settingsRoutes({ database }: AppDeps): FastifyPluginAsync {
  return async (app) =>
    registerStorefrontRoutes(app, {
      'shop_details.php': async ({ request, reply }) =>
        sendJson(request, reply, (await shopDetails(database.db)).body),
    });
}
