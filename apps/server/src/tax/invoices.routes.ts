// invoice.php: the shopper downloads their own order's tax invoice (ours; the spec has none).
// A link the browser follows, so the session is the cookie's and there is no body to name
// the user: 401 without a live session, 404 for an order that is not theirs or not invoiced.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { sessionUserId, registerStorefrontRoutes } from '../http/index.js';
import { shopperInvoicePdf } from './invoices.service.js';

export function invoiceRoutes({ config, database }: AppDeps): FastifyPluginAsync {
  return async (app) =>
    registerStorefrontRoutes(app, {
      'invoice.php': async ({ query, request, reply }) => {
        const file = await shopperInvoicePdf(
          database.db,
          config.documentSigningKey,
          sessionUserId(request),
          query.order_id,
        );
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .send(file.pdf);
      },
    });
}
