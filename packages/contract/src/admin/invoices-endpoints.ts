// The tax invoices' endpoints: one order's invoice, or a selection's as one PDF (like the
// packing slips). Reading only: invoices are issued by the ship action (decision 027).
import { z } from 'zod';
import type { AdminEndpoint } from './endpoint.js';
import { CancelIrnRequest, EInvoiceResponse, PendingEInvoicesResponse } from './e-invoices.js';
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
  registerEInvoice: {
    method: 'POST',
    path: '/api/admin/orders/:id/e-invoice/register',
    summary:
      "Sends the order's pending B2B invoice to the IRP now (decision 068): registered, or pending with the IRP's reason",
    access: 'orders.money',
    params: OrderIdParams,
    response: EInvoiceResponse,
  },
  cancelEInvoice: {
    method: 'POST',
    path: '/api/admin/orders/:id/e-invoice/cancel',
    summary:
      "Cancels the invoice's IRN on the IRP, within 24 hours of its acknowledgement, with NIC's reason code and a remark",
    access: 'orders.manage',
    params: OrderIdParams,
    body: CancelIrnRequest,
    response: EInvoiceResponse,
  },
  pendingEInvoices: {
    method: 'GET',
    path: '/api/admin/tax/e-invoices/pending',
    summary:
      'Invoices and credit notes whose IRN is still pending on the IRP, oldest first (at most 200), with the reason',
    access: 'reports.read',
    response: PendingEInvoicesResponse,
  },
} as const satisfies Record<string, AdminEndpoint>;
