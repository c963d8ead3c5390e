// The back office's refund endpoints. Thin: each calls the refunds admin service.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { actorOf, registerAdminRoutes } from '../staff/index.js';
import { orderContexts } from '../orders/index.js';
import * as refunds from './refunds.admin.service.js';

export function refundsAdminRoutes(deps: AppDeps): FastifyPluginAsync {
  const db = deps.database.db;
  const context = orderContexts(deps);
  return async (app) => {
    registerAdminRoutes(
      app,
      { db, publicUrl: deps.config.publicUrl },
      {
        refundAdminOrder: {
          handler: (call) =>
            refunds.refundAdminOrder(
              context(call.request.log),
              actorOf(call),
              call.params.id,
              call.body,
            ),
        },
        listAdminRefunds: { handler: ({ query }) => refunds.listAdminRefunds(db, query) },
        recordPayout: {
          handler: (call) =>
            refunds.recordAdminPayout(
              context(call.request.log),
              actorOf(call),
              call.params.id,
              call.body,
            ),
        },
      },
    );
  };
}
