// The back office's wholesale endpoints. Thin: each calls the wholesale admin service.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { registerAdminRoutes } from '../http/admin-endpoints.js';
import * as wholesale from './wholesale.admin.service.js';

export function wholesaleAdminRoutes({ config, database }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  return async (app) => {
    registerAdminRoutes(
      app,
      { db, publicUrl: config.publicUrl },
      {
        listWholesaleApplications: {
          handler: ({ query }) => wholesale.listApplications(db, query),
        },
      },
    );
  };
}
