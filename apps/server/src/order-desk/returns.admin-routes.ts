// The back office's returns and exchanges endpoints. Thin: each calls the returns admin service.
import type { AdminReturn } from '@kitroom/contract/admin';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { actorOf, registerAdminRoutes, staffSessionOf } from '../staff/index.js';
import type { LiveStaffSession } from '../staff/index.js';
import { approveWithPickup } from '../after-sales/index.js';
import { orderContexts } from '../orders/index.js';
import { replacementPackingSlip } from './orders.admin.service.js';
import * as returns from '../after-sales/index.js';

export function returnsAdminRoutes(deps: AppDeps): FastifyPluginAsync {
  const db = deps.database.db;
  const context = orderContexts(deps);
  const seenBy = (call: { session: LiveStaffSession | undefined }, r: AdminReturn) =>
    returns.returnAsSeenBy(staffSessionOf(call).staff.role, r);
  return async (app) => {
    registerAdminRoutes(
      app,
      { db, publicUrl: deps.config.publicUrl },
      {
        listReturns: { handler: ({ query }) => returns.listReturns(db, query) },
        getReturn: {
          handler: async (call) => ({
            return: seenBy(call, await returns.getReturn(db, call.params.id)),
          }),
        },
        approveReturn: {
          handler: async (call) => ({
            return: seenBy(
              call,
              await approveWithPickup(
                { ...context(call.request.log), couriers: deps.couriers },
                actorOf(call),
                staffSessionOf(call).staff.role,
                call.params.id,
                call.body.note ?? '',
                call.body.pickup_courier,
              ),
            ),
          }),
        },
        rejectReturn: {
          handler: async (call) => ({
            return: seenBy(
              call,
              await returns.rejectReturn(
                context(call.request.log),
                actorOf(call),
                call.params.id,
                call.body.note,
              ),
            ),
          }),
        },
        receiveReturn: {
          handler: async (call) => ({
            return: seenBy(
              call,
              await returns.receiveReturn(
                context(call.request.log),
                actorOf(call),
                call.params.id,
                call.body,
              ),
            ),
          }),
        },
        replacementPackingSlip: {
          handler: async (call) =>
            call.reply
              .header('content-type', 'application/pdf')
              .header(
                'content-disposition',
                `inline; filename="packing-slip-exchange-${call.params.id}.pdf"`,
              )
              .send(await replacementPackingSlip(db, call.params.id)),
        },
        shipReplacement: {
          handler: async (call) => ({
            return: seenBy(
              call,
              await returns.shipReplacement(
                context(call.request.log),
                actorOf(call),
                call.params.id,
                call.body,
              ),
            ),
          }),
        },
      },
    );
  };
}
