// Catalogue calls at the spec's paths: thin handlers over the catalogue's kept responses
// (catalogue.responses.ts), sent as bytes; the response schemas document them and the API
// tests check them. Product views are counted in memory and flushed in batches (app.ts owns
// the counter); a product page counts its view through this same call (http/pages.ts).
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import {
  sendJson,
  sendJsonBytes,
  PAGE_CALL_HEADER,
  registerStorefrontRoutes,
} from '../http/index.js';
import {
  categoryProductsResponse,
  homeResponse,
  listingResponse,
  productResponse,
  shopOverviewResponse,
} from './catalogue.responses.js';

export function catalogueRoutes({ database, productViews }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  return async (app) =>
    registerStorefrontRoutes(app, {
      'home.php': async ({ request, reply }) => sendJson(request, reply, await homeResponse(db)),

      'product.php': async ({ body, request, reply }) => {
        const id = body.product_id;
        const bytes = await productResponse(db, id);
        // A product page asked for its headers only (HEAD) is no view.
        if (request.headers[PAGE_CALL_HEADER] !== 'head') productViews.add(id);
        return sendJsonBytes(reply, bytes);
      },

      'shop.php': async ({ body, request, reply }) => {
        const category = body?.category?.[0];
        const sort = body?.sort;
        const listing =
          body?.limit !== undefined
            ? await listingResponse(db, { ...body, limit: body.limit })
            : category !== undefined
              ? await categoryProductsResponse(db, category, sort)
              : await shopOverviewResponse(db, sort);
        return sendJson(request, reply, listing);
      },
    });
}
