// The back office's teams and players: lists, creation and edits. Thin: each calls the
// profiles service, which audits every change.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { actorOf, registerAdminRoutes } from '../staff/index.js';
import * as profiles from './profiles.service.js';

export function profilesAdminRoutes({ config, database }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  return async (app) => {
    registerAdminRoutes(
      app,
      { db, publicUrl: config.publicUrl },
      {
        listTeams: { handler: async () => ({ teams: await profiles.listTeams(db) }) },
        createTeam: {
          handler: async (call) => ({
            team: await profiles.createTeam(db, actorOf(call), call.body),
          }),
        },
        updateTeam: {
          handler: async (call) => ({
            team: await profiles.updateTeam(db, actorOf(call), call.params.id, call.body),
          }),
        },
        listPlayers: { handler: async () => ({ players: await profiles.listPlayers(db) }) },
        createPlayer: {
          handler: async (call) => ({
            player: await profiles.createPlayer(db, actorOf(call), call.body),
          }),
        },
        updatePlayer: {
          handler: async (call) => ({
            player: await profiles.updatePlayer(db, actorOf(call), call.params.id, call.body),
          }),
        },
      },
    );
  };
}
