// Catalogue calls at the spec's paths: thin handlers over the catalogue service.
import {
  CategoriesResponse,
  CategoryProductsResponse,
  ErrorResponse,
  HomeResponse,
  ProductRequest,
  ProductResponse,
  ShopRequest,
  ShopListingResponse,
} from '@kitroom/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app.js';
import * as catalogue from './catalogue.service.js';

export function catalogueRoutes({ database }: AppDeps): FastifyPluginAsyncZod {
  const db = database.db;
  return async (app) => {
    app.get('/home.php', { schema: { response: { 200: HomeResponse } } }, async () =>
      catalogue.home(db),
    );

    app.post(
      '/product.php',
      { schema: { body: ProductRequest, response: { 200: ProductResponse, 404: ErrorResponse } } },
      async (request): Promise<ProductResponse> => [
        await catalogue.productDetail(db, request.body.product_id),
      ],
    );

    app.post(
      '/shop.php',
      {
        schema: {
          body: ShopRequest,
          response: {
            200: z.union([ShopListingResponse, CategoryProductsResponse, CategoriesResponse]),
          },
        },
      },
      async (request) => {
        const body = request.body;
        if (body?.limit !== undefined) return catalogue.listing(db, { ...body, limit: body.limit });
        const category = body?.category?.[0];
        if (category !== undefined) return catalogue.categoryProducts(db, category);
        return catalogue.categoryList(db);
      },
    );
  };
}
