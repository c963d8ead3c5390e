// The owner's reconciliation endpoint. Thin: it calls the ledger service.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { registerAdminRoutes } from '../staff/index.js';
import * as ledger from './ledger.service.js';

export function ledgerAdminRoutes(deps: AppDeps): FastifyPluginAsync {
  const db = deps.database.db;
  return async (app) => {
    registerAdminRoutes(
      app,
      { db, publicUrl: deps.config.publicUrl },
      { reconciliation: { handler: () => ledger.reconciliation(db) } },
    );
  };
}
