// shop_details.php: the shop's contact details for the storefront, sent as the kept bytes.
import { ShopDetailsResponse } from '@kitroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app.js';
import { sendJson } from '../http/cached-json.js';
import { shopDetails } from './settings.service.js';

export function settingsRoutes({ database }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/shop_details.php',
      { schema: { response: { 200: ShopDetailsResponse } } },
      async (request, reply) => sendJson(request, reply, (await shopDetails(database.db)).body),
    );
  };
}
