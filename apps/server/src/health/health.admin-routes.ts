// The back office's Status page. Thin: the health service reads and judges.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { registerAdminRoutes } from '../staff/index.js';
import { statusReport, type HealthContext } from './health.service.js';

export function healthAdminRoutes(
  { config, database }: AppDeps,
  health: HealthContext,
): FastifyPluginAsync {
  return async (app) => {
    registerAdminRoutes(
      app,
      { db: database.db, publicUrl: config.publicUrl },
      { adminStatus: { handler: () => statusReport(health) } },
    );
  };
}
