// The back office's teams and players: lists, creation and edits. Thin: each calls the
// profiles service, which audits every change.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app.js';
import { registerAdminRoutes } from '../http/admin-endpoints.js';
import type { Actor } from '../staff/audit.service.js';
import * as profiles from './profiles.service.js';

const actorOf = (request: FastifyRequest): Actor => ({
  staffId: request.staffSession?.staff.id ?? null,
  ip: request.ip,
});

export function profilesAdminRoutes({ config, database }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  return async (app) => {
    registerAdminRoutes(
      app,
      { db, publicUrl: config.publicUrl },
      {
        listTeams: { handler: async () => ({ teams: await profiles.listTeams(db) }) },
        createTeam: {
          handler: async ({ body, request }) => ({
            team: await profiles.createTeam(db, actorOf(request), body),
          }),
        },
        updateTeam: {
          handler: async ({ params, body, request }) => ({
            team: await profiles.updateTeam(db, actorOf(request), params.id, body),
          }),
        },
        listPlayers: { handler: async () => ({ players: await profiles.listPlayers(db) }) },
        createPlayer: {
          handler: async ({ body, request }) => ({
            player: await profiles.createPlayer(db, actorOf(request), body),
          }),
        },
        updatePlayer: {
          handler: async ({ params, body, request }) => ({
            player: await profiles.updatePlayer(db, actorOf(request), params.id, body),
          }),
        },
      },
    );
  };
}
