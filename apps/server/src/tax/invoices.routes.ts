// invoice.php: the shopper downloads their own order's tax invoice (ours; the spec has none).
// A link the browser follows, so the session is the cookie's and there is no body to name
// the user: 401 without a live session, 404 for an order that is not theirs or not invoiced.
import { InvoiceQuery } from '@kitroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findSessionUser, SESSION_COOKIE } from '../accounts/sessions.service.js';
import type { AppDeps } from '../app.js';
import { unauthorized } from '../http/errors.js';
import { shopperInvoicePdf } from './invoices.service.js';

export function invoiceRoutes({ database }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/invoice.php',
      {
        schema: { querystring: InvoiceQuery },
      },
      async (request, reply) => {
        const userId = await findSessionUser(database.db, request.cookies[SESSION_COOKIE]);
        if (userId === undefined) throw unauthorized();
        const file = await shopperInvoicePdf(database.db, userId, request.query.order_id);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(file.pdf);
      },
    );
  };
}
