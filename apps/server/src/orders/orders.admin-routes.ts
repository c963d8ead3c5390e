// The back office's order endpoints. Thin: each reads the call and hands it to the orders
// admin service; the files (CSV, PDF) are streamed or sent as the service made them.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { registerAdminRoutes, staffSessionOf } from '../http/admin-endpoints.js';
import * as orders from './orders.admin.service.js';

export function ordersAdminRoutes({ config, database }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  const roleOf = (call: Parameters<typeof staffSessionOf>[0]) => staffSessionOf(call).staff.role;
  return async (app) => {
    registerAdminRoutes(
      app,
      { db, publicUrl: config.publicUrl },
      {
        listAdminOrders: {
          handler: (call) => orders.listOrders(db, roleOf(call), call.query),
        },
        getAdminOrder: {
          handler: (call) => orders.getOrder(db, roleOf(call), call.params.id),
        },
        exportAdminOrders: {
          handler: async (call) =>
            call.reply
              .header('content-type', 'text/csv; charset=utf-8')
              .header(
                'content-disposition',
                `attachment; filename="${orders.ordersExportFileName()}"`,
              )
              .send(orders.exportOrders(db, roleOf(call), call.query)),
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
      },
    );
  };
}
