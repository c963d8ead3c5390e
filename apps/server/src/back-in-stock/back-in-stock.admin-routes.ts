// The back office's restocking hint. Thin: it calls the back-in-stock service.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { registerAdminRoutes } from '../staff/index.js';
import { waitingBySize } from './back-in-stock.service.js';

export function backInStockAdminRoutes({ config, database }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  return async (app) => {
    registerAdminRoutes(
      app,
      { db, publicUrl: config.publicUrl },
      {
        backInStockWaiting: {
          handler: async ({ params }) => ({ sizes: await waitingBySize(db, params.id) }),
        },
      },
    );
  };
}
