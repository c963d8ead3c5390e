// Cart reminders in the back office (decision 065): the owner's settings, audited by the
// service, and the month's report. Thin: the recovery service does the work.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { actorOf, registerAdminRoutes } from '../staff/index.js';
import * as recovery from './recovery.service.js';

export function recoveryAdminRoutes({ config, database }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  const { minWaitMinutes } = config.recovery;
  return async (app) => {
    registerAdminRoutes(
      app,
      { db, publicUrl: config.publicUrl },
      {
        getRecoverySettings: { handler: async () => recovery.getSettings(db, minWaitMinutes) },
        updateRecoverySettings: {
          handler: async (call) =>
            recovery.updateSettings(db, actorOf(call), call.body, minWaitMinutes),
        },
        recoveryReport: { handler: async ({ query }) => recovery.report(db, query.month) },
      },
    );
  };
}
