// The back office's returns and exchanges endpoints. Thin: each calls the returns admin service.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { actorOf } from '../http/admin-actor.js';
import { registerAdminRoutes } from '../http/admin-endpoints.js';
import { orderContexts } from './order-context.js';
import * as returns from './returns.admin.service.js';

export function returnsAdminRoutes(deps: AppDeps): FastifyPluginAsync {
  const db = deps.database.db;
  const context = orderContexts(deps);
  return async (app) => {
    registerAdminRoutes(
      app,
      { db, publicUrl: deps.config.publicUrl },
      {
        listReturns: { handler: ({ query }) => returns.listReturns(db, query) },
        getReturn: {
          handler: async ({ params }) => ({ return: await returns.getReturn(db, params.id) }),
        },
        approveReturn: {
          handler: async (call) => ({
            return: await returns.approveReturn(
              context(call.request.log),
              actorOf(call),
              call.params.id,
              call.body.note ?? '',
            ),
          }),
        },
        rejectReturn: {
          handler: async (call) => ({
            return: await returns.rejectReturn(
              context(call.request.log),
              actorOf(call),
              call.params.id,
              call.body.note,
            ),
          }),
        },
        receiveReturn: {
          handler: async (call) => ({
            return: await returns.receiveReturn(
              context(call.request.log),
              actorOf(call),
              call.params.id,
              call.body,
            ),
          }),
        },
        shipReplacement: {
          handler: async (call) => ({
            return: await returns.shipReplacement(
              context(call.request.log),
              actorOf(call),
              call.params.id,
              call.body,
            ),
          }),
        },
      },
    );
  };
}
