// The back office's credit notes and delivery challans: an order's notes, and one note or
// challan as a PDF (the tax documents' renderer, which prints its title and its invoice).
// Thin: the services read the rows.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { registerAdminRoutes } from '../staff/index.js';
import { creditNotePdf, orderCreditNotes } from './credit-notes.service.js';
import { challanPdf } from './delivery-challans.service.js';

export function creditNotesAdminRoutes({ config, database }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  return async (app) => {
    registerAdminRoutes(
      app,
      { db, publicUrl: config.publicUrl },
      {
        orderCreditNotes: {
          handler: async ({ params }) => ({
            credit_notes: await orderCreditNotes(db, params.id),
          }),
        },
        creditNotePdf: {
          handler: async ({ params, reply }) => {
            const file = await creditNotePdf(db, config.documentSigningKey, params.id);
            return reply
              .header('content-type', 'application/pdf')
              .header('content-disposition', `inline; filename="${file.fileName}"`)
              .send(file.pdf);
          },
        },
        deliveryChallanPdf: {
          handler: async ({ params, reply }) => {
            const file = await challanPdf(db, config.documentSigningKey, params.id);
            return reply
              .header('content-type', 'application/pdf')
              .header('content-disposition', `inline; filename="${file.fileName}"`)
              .send(file.pdf);
          },
        },
      },
    );
  };
}
