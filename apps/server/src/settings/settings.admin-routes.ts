// The back office's Settings: the owner reads and changes the shop's details. Thin: the
// settings service audits every change.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { actorOf } from '../staff/admin-actor.js';
import { registerAdminRoutes } from '../staff/admin-endpoints.js';
import * as settings from './settings.service.js';

export function settingsAdminRoutes({ config, database }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  return async (app) => {
    registerAdminRoutes(
      app,
      { db, publicUrl: config.publicUrl },
      {
        getSettings: { handler: async () => ({ settings: await settings.getSettings(db) }) },
        updateSettings: {
          handler: async (call) => ({
            settings: await settings.updateSettings(db, actorOf(call), call.body),
          }),
        },
      },
    );
  };
}
