// The catalogue's back-office endpoints: products, their pictures and stock, and categories.
// Thin: each reads the call and hands it to a service.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { requestActor as actorOf, registerAdminRoutes } from '../staff/index.js';
import { uploadedPictureBytes } from '../http/index.js';
import { stockHistory } from '../stock/index.js';
import * as categories from './categories-admin.service.js';
import * as pictures from './pictures.service.js';
import * as products from './products-admin.service.js';

export { FILE_MISSING, PICTURE_TOO_LARGE } from '../http/index.js';

export function productsAdminRoutes({ config, database }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  return async (app) => {
    registerAdminRoutes(
      app,
      { db, publicUrl: config.publicUrl },
      {
        listProducts: { handler: ({ query }) => products.listProducts(db, query) },
        catalogueChoices: { handler: () => products.catalogueChoices(db) },
        getProduct: { handler: ({ params }) => products.getProduct(db, params.id) },
        createProduct: {
          handler: ({ body, request }) => products.createProduct(db, actorOf(request), body),
        },
        updateProduct: {
          handler: ({ params, body, request }) =>
            products.updateProduct(db, actorOf(request), params.id, body),
        },
        setPrinting: {
          handler: ({ params, body, request }) =>
            products.setPrinting(db, actorOf(request), params.id, body),
        },
        uploadPicture: {
          handler: async ({ params, request }) => {
            await pictures.productExists(db, params.id);
            const stored = await pictures.storePicture(
              config.dataDir,
              await uploadedPictureBytes(request),
            );
            return pictures.placePicture(db, actorOf(request), params.id, params.slot, stored);
          },
        },
        arrangePictures: {
          handler: ({ params, body, request }) =>
            pictures.arrangePictures(db, actorOf(request), params.id, body.order),
        },
        removePicture: {
          handler: ({ params, request }) =>
            pictures.removePicture(db, actorOf(request), params.id, params.slot),
        },
        adjustStock: {
          handler: ({ params, body, request }) =>
            products.adjustStock(db, actorOf(request), params.id, body),
        },
        stockHistory: {
          handler: async ({ params, query }) => {
            await pictures.productExists(db, params.id);
            return stockHistory(db, { productId: params.id, ...query });
          },
        },
        listCategories: { handler: () => categories.listCategories(db) },
        createCategory: {
          handler: ({ body, request }) =>
            categories.createCategory(db, actorOf(request), body.name),
        },
        renameCategory: {
          handler: ({ params, body, request }) =>
            categories.renameCategory(db, actorOf(request), params.id, body.name),
        },
        deleteCategory: {
          handler: ({ params, request }) =>
            categories.deleteCategory(db, actorOf(request), params.id),
        },
        createSubCategory: {
          handler: ({ body, request }) => categories.createSubCategory(db, actorOf(request), body),
        },
        renameSubCategory: {
          handler: ({ params, body, request }) =>
            categories.renameSubCategory(db, actorOf(request), params.id, body.name),
        },
        deleteSubCategory: {
          handler: ({ params, request }) =>
            categories.deleteSubCategory(db, actorOf(request), params.id),
        },
      },
    );
  };
}
