// The back office's credit notes: an order's list, and one note as a PDF (H2's renderer, which
// prints a credit note's title and its original invoice). Thin: the service reads the rows.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { registerAdminRoutes } from '../http/admin-endpoints.js';
import { creditNotePdf, orderCreditNotes } from './credit-notes.service.js';

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
            const file = await creditNotePdf(db, params.id);
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
