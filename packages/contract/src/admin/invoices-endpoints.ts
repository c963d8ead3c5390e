// The tax invoices' endpoints: one order's invoice, or a selection's as one PDF (like the
// packing slips). Reading only: invoices are issued by the ship action (decision 027).
import { z } from 'zod';
import type { AdminEndpoint } from './endpoint.js';
import { OrderIdParams, PackingSlipsQuery } from './orders.js';

/** Order ids, comma-separated: '12,15,16' (the packing slips' query). */
export const OrderInvoicesQuery = PackingSlipsQuery;

export const invoicesEndpoints = {
  orderInvoices: {
    method: 'GET',
    path: '/api/admin/orders/invoices',
    summary:
      'A PDF with the tax invoices of the orders asked for, in their order, each in its three copies (Rule 48: original, duplicate, triplicate); all must be invoiced',
    access: 'orders.money',
    query: OrderInvoicesQuery,
    produces: 'application/pdf',
    response: z.string(),
  },
  orderInvoice: {
    method: 'GET',
    path: '/api/admin/orders/:id/invoice',
    summary:
      "The order's tax invoice as a PDF (issued when it shipped), in its three copies (Rule 48: original, duplicate, triplicate)",
    access: 'orders.money',
    params: OrderIdParams,
    produces: 'application/pdf',
    response: z.string(),
  },
} as const satisfies Record<string, AdminEndpoint>;
