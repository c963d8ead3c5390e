// The back office's kit launch endpoints (decision 070). Thin: each calls the launches service.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { actorOf, registerAdminRoutes } from '../staff/index.js';
import * as launches from './launches.service.js';

export function launchesAdminRoutes({ config, database }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  return async (app) => {
    registerAdminRoutes(
      app,
      { db, publicUrl: config.publicUrl },
      {
        listLaunches: { handler: async () => ({ launches: await launches.listLaunches(db) }) },
        getLaunch: {
          handler: async ({ params }) => ({ launch: await launches.getLaunch(db, params.id) }),
        },
        createLaunch: {
          handler: async (call) => ({
            launch: await launches.createLaunch(db, actorOf(call), call.body),
          }),
        },
        updateLaunch: {
          handler: async (call) => ({
            launch: await launches.updateLaunch(db, actorOf(call), call.params.id, call.body),
          }),
        },
        cancelLaunch: {
          handler: async (call) => ({
            launch: await launches.cancelLaunch(db, actorOf(call), call.params.id),
          }),
        },
      },
    );
  };
}
