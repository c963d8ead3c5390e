// The back office's reports: the dashboard. Thin: the service decides what each role sees.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { registerAdminRoutes, staffSessionOf } from '../staff/index.js';
import { codReport } from '../orders/index.js';
import { dashboard } from './dashboard.service.js';

export function reportsAdminRoutes({ config, database }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  return async (app) => {
    registerAdminRoutes(
      app,
      { db, publicUrl: config.publicUrl },
      {
        dashboard: {
          handler: (call) => dashboard(db, staffSessionOf(call).staff.role),
        },
        codReport: { handler: (call) => codReport(db, call.query.month) },
      },
    );
  };
}
