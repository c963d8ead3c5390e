// Catalogue calls at the spec's paths: thin handlers over the catalogue's kept answers
// (catalogue.answers.ts), sent as bytes; the response schemas document them and the API
// tests check them. Product views are counted in memory and flushed in batches (app.ts owns
// the counter; the product pages count with it too).
import {
  CategoryProductsResponse,
  ErrorResponse,
  HomeResponse,
  ProductRequest,
  ProductResponse,
  ShopRequest,
  ShopListingResponse,
  ShopOverviewResponse,
} from '@kitroom/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app.js';
import { sendJson, sendJsonBytes } from '../http/cached-json.js';
import {
  categoryProductsAnswer,
  homeAnswer,
  listingAnswer,
  productAnswer,
  shopOverviewAnswer,
} from './catalogue.answers.js';

export function catalogueRoutes({ database, productViews }: AppDeps): FastifyPluginAsyncZod {
  const db = database.db;
  return async (app) => {
    app.get('/home.php', { schema: { response: { 200: HomeResponse } } }, async (request, reply) =>
      sendJson(request, reply, await homeAnswer(db)),
    );

    app.post(
      '/product.php',
      { schema: { body: ProductRequest, response: { 200: ProductResponse, 404: ErrorResponse } } },
      async (request, reply) => {
        const id = request.body.product_id;
        const bytes = await productAnswer(db, id);
        productViews.add(id);
        return sendJsonBytes(reply, bytes);
      },
    );

    app.post(
      '/shop.php',
      {
        schema: {
          body: ShopRequest,
          response: {
            200: z.union([ShopListingResponse, CategoryProductsResponse, ShopOverviewResponse]),
          },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const category = body?.category?.[0];
        const answer =
          body?.limit !== undefined
            ? await listingAnswer(db, { ...body, limit: body.limit })
            : category !== undefined
              ? await categoryProductsAnswer(db, category)
              : await shopOverviewAnswer(db);
        return sendJson(request, reply, answer);
      },
    );
  };
}
