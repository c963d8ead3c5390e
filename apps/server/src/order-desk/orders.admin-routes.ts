// The back office's order endpoints. Thin: each reads the call and hands it to the orders
// admin service (the actions go on to the fulfilment service); the files (CSV, PDF) are
// streamed or sent as the service made them.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { actorOf, registerAdminRoutes, staffSessionOf } from '../staff/index.js';
import type { LiveStaffSession } from '../staff/index.js';
import * as orders from './orders.admin.service.js';
import { packOrders } from '../fulfilment/index.js';
import { orderContexts } from '../orders/index.js';

type Call = { session: LiveStaffSession | undefined; request: { ip: string } };

export function ordersAdminRoutes(deps: AppDeps): FastifyPluginAsync {
  const db = deps.database.db;
  const context = orderContexts(deps);
  const roleOf = (call: { session: LiveStaffSession | undefined }) =>
    staffSessionOf(call).staff.role;
  const callerOf = (call: Call): orders.StaffCaller => ({
    actor: actorOf(call),
    role: roleOf(call),
  });
  return async (app) => {
    registerAdminRoutes(
      app,
      { db, publicUrl: deps.config.publicUrl },
      {
        listAdminOrders: {
          handler: (call) => orders.listOrders(db, roleOf(call), call.query),
        },
        getAdminOrder: {
          handler: (call) => orders.getOrder(db, roleOf(call), call.params.id, deps.ewb !== null),
        },
        adminOrderTotals: {
          handler: (call) => orders.orderTotals(db, roleOf(call), call.query),
        },
        exportAdminOrders: {
          handler: async (call) =>
            call.reply
              .header('content-type', 'text/csv; charset=utf-8')
              .header(
                'content-disposition',
                `attachment; filename="${orders.ordersExportFileName()}"`,
              )
              .send(await orders.exportOrders(db, callerOf(call), call.query)),
        },
        orderPackingSlips: {
          handler: async (call) => {
            const ids = call.query.ids;
            const pdf = await orders.packingSlips(db, ids);
            const name = ids.length === 1 ? `packing-slip-${ids[0]}` : 'packing-slips';
            return call.reply
              .header('content-type', 'application/pdf')
              .header('content-disposition', `inline; filename="${name}.pdf"`)
              .send(pdf);
          },
        },
        packAdminOrders: {
          handler: (call) =>
            packOrders(context(call.request.log), actorOf(call), call.body.order_ids),
        },
        shipAdminOrder: {
          handler: (call) =>
            orders.shipOrder(context(call.request.log), callerOf(call), call.params.id, call.body),
        },
        issueAdminOrderInvoice: {
          handler: (call) =>
            orders.issueInvoice(context(call.request.log), callerOf(call), call.params.id),
        },
        setAdminOrderEwayBill: {
          handler: (call) =>
            orders.setEwayBill(
              context(call.request.log),
              callerOf(call),
              call.params.id,
              call.body.eway_bill_number,
            ),
        },
        deliverAdminOrder: {
          handler: (call) =>
            orders.deliverOrder(context(call.request.log), callerOf(call), call.params.id),
        },
        cancelAdminOrder: {
          handler: (call) =>
            orders.cancelOrder(
              context(call.request.log),
              callerOf(call),
              call.params.id,
              call.body.reason,
            ),
        },
        addAdminOrderNote: {
          handler: (call) =>
            orders.addNote(
              context(call.request.log),
              callerOf(call),
              call.params.id,
              call.body.note,
            ),
        },
      },
    );
  };
}
