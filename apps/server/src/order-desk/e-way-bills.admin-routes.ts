// The back office's e-way bill endpoints (decision 072). Thin: the bulk-upload JSON of one
// order or a selection and the Tax page's list come from the tax service; generating,
// cancelling and Part B are order steps (orders admin service), answered with the order.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { actorOf, registerAdminRoutes, staffSessionOf } from '../staff/index.js';
import { ewayBillsFile, pendingEwayBills } from '../tax/index.js';
import { orderContexts } from '../orders/index.js';
import * as orders from './orders.admin.service.js';

export function ewayBillsAdminRoutes(deps: AppDeps): FastifyPluginAsync {
  const db = deps.database.db;
  const context = orderContexts(deps);
  const transporter = deps.config.ewbTransporter;
  const callerOf = (
    call: Parameters<typeof actorOf>[0] & Parameters<typeof staffSessionOf>[0],
  ) => ({
    actor: actorOf(call),
    role: staffSessionOf(call).staff.role,
  });
  const json = (reply: { header(k: string, v: string): unknown }, fileName: string) => {
    reply.header('content-type', 'application/json; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="${fileName}"`);
  };
  return async (app) => {
    registerAdminRoutes(
      app,
      { db, publicUrl: deps.config.publicUrl },
      {
        orderEwayBillJson: {
          handler: async (call) => {
            const file = await ewayBillsFile(db, transporter, [call.params.id]);
            json(call.reply, file.fileName);
            return call.reply.send(file.json);
          },
        },
        ewayBillsJson: {
          handler: async (call) => {
            const file = await ewayBillsFile(db, transporter, call.query.ids);
            json(call.reply, file.fileName);
            return call.reply.send(file.json);
          },
        },
        pendingEwayBills: { handler: () => pendingEwayBills(db) },
        generateEwayBill: {
          handler: (call) =>
            orders.generateEwayBill(context(call.request.log), callerOf(call), call.params.id),
        },
        cancelEwayBill: {
          handler: (call) =>
            orders.cancelEwayBill(
              context(call.request.log),
              callerOf(call),
              call.params.id,
              call.body,
            ),
        },
        updateEwayBillPartB: {
          handler: (call) =>
            orders.updateEwayBillPartB(
              context(call.request.log),
              callerOf(call),
              call.params.id,
              call.body,
            ),
        },
      },
    );
  };
}
