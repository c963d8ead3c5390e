// The back office's view of shoppers' erasure requests. Thin: calls the erasure service.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { registerAdminRoutes } from '../staff/index.js';
import { listErasures } from './erasure.service.js';

export function privacyAdminRoutes({ config, database }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  return async (app) => {
    registerAdminRoutes(
      app,
      { db, publicUrl: config.publicUrl },
      { listErasures: { handler: ({ query }) => listErasures(db, query) } },
    );
  };
}
