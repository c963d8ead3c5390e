// The back office's invoice endpoints: one order's tax invoice, or a selection's as one PDF.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { registerAdminRoutes } from '../staff/admin-endpoints.js';
import { actorOf } from '../staff/admin-actor.js';
import { staffInvoicesPdf } from './invoices.service.js';

export function invoicesAdminRoutes(deps: AppDeps): FastifyPluginAsync {
  const db = deps.database.db;
  const key = deps.config.documentSigningKey;
  const pdf = (reply: { header(k: string, v: string): unknown }, fileName: string) => {
    reply.header('content-type', 'application/pdf');
    reply.header('content-disposition', `inline; filename="${fileName}"`);
  };
  return async (app) => {
    registerAdminRoutes(
      app,
      { db, publicUrl: deps.config.publicUrl },
      {
        orderInvoices: {
          handler: async (call) => {
            const file = await staffInvoicesPdf(db, key, actorOf(call), call.query.ids);
            pdf(call.reply, file.fileName);
            return call.reply.send(file.pdf);
          },
        },
        orderInvoice: {
          handler: async (call) => {
            const file = await staffInvoicesPdf(db, key, actorOf(call), [call.params.id]);
            pdf(call.reply, file.fileName);
            return call.reply.send(file.pdf);
          },
        },
      },
    );
  };
}
