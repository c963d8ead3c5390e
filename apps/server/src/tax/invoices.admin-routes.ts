// The back office's invoice endpoints: one order's tax invoice, or a selection's as one PDF;
// its e-invoice registered again or its IRN canceled (decision 068).
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { registerAdminRoutes, actorOf } from '../staff/index.js';
import {
  cancelIrn,
  pendingEInvoices,
  registerAgain,
  type EInvoiceContext,
} from './e-invoices.service.js';
import { staffInvoicesPdf } from './invoices.service.js';

export function invoicesAdminRoutes(deps: AppDeps): FastifyPluginAsync {
  const db = deps.database.db;
  const key = deps.config.documentSigningKey;
  const pdf = (reply: { header(k: string, v: string): unknown }, fileName: string) => {
    reply.header('content-type', 'application/pdf');
    reply.header('content-disposition', `inline; filename="${fileName}"`);
  };
  const eInvoices: EInvoiceContext = { db, irp: deps.irp, now: () => new Date() };
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
        registerEInvoice: {
          handler: async (call) => ({
            e_invoice: await registerAgain(eInvoices, actorOf(call), call.params.id),
          }),
        },
        pendingEInvoices: { handler: () => pendingEInvoices(db) },
        cancelEInvoice: {
          handler: async (call) => ({
            e_invoice: await cancelIrn(eInvoices, actorOf(call), call.params.id, call.body),
          }),
        },
      },
    );
  };
}
