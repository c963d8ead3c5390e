// The tax endpoints (decision 028): a month's tax summary and its GSTR-1 export, which read the
// documents as issued and need reports.read (owner and manager); an order's credit notes and
// one credit note's PDF, for whoever may see the order and its invoice (orders.read).
import { z } from 'zod';
import type { AdminEndpoint } from './endpoint.js';
import { Id } from '../common.js';
import { OrderIdParams } from './orders.js';
import {
  B2bSalesQuery,
  Gstr1Query,
  OrderCreditNotesResponse,
  TaxSummaryQuery,
  TaxSummaryResponse,
} from './tax.js';

export const taxEndpoints = {
  taxSummary: {
    method: 'GET',
    path: '/api/admin/tax/summary',
    summary:
      'A month’s invoices and credit notes (Indian calendar month of issue): totals, the net, by rate and by place of supply',
    access: 'reports.read',
    query: TaxSummaryQuery,
    response: TaxSummaryResponse,
  },
  exportGstr1: {
    method: 'GET',
    path: '/api/admin/tax/gstr1',
    summary:
      'One GSTR-1 section of a month as CSV, in the layout of the GST offline tool’s template',
    access: 'reports.read',
    query: Gstr1Query,
    produces: 'text/csv',
    response: z.string(),
  },
  exportGstr1Zip: {
    method: 'GET',
    path: '/api/admin/tax/gstr1/zip',
    summary: 'Every GSTR-1 section of a month, one CSV each, in one ZIP file',
    access: 'reports.read',
    query: TaxSummaryQuery,
    produces: 'application/zip',
    response: z.string(),
  },
  exportB2bSales: {
    method: 'GET',
    path: '/api/admin/tax/b2b-sales',
    summary:
      'A month’s invoices to registered wholesalers as CSV: number, date, GSTIN, legal name, place of supply, taxable value, IGST, CGST, SGST, total',
    access: 'reports.read',
    query: B2bSalesQuery,
    produces: 'text/csv',
    response: z.string(),
  },
  orderCreditNotes: {
    method: 'GET',
    path: '/api/admin/orders/:id/credit-notes',
    summary: 'The credit notes issued on an order (cancellation, returns), oldest first',
    access: 'orders.money',
    params: OrderIdParams,
    response: OrderCreditNotesResponse,
  },
  creditNotePdf: {
    method: 'GET',
    path: '/api/admin/credit-notes/:id',
    summary: 'A credit note as a PDF, with its original invoice’s number and date',
    access: 'orders.money',
    params: z.object({ id: Id }),
    produces: 'application/pdf',
    response: z.string(),
  },
  deliveryChallanPdf: {
    method: 'GET',
    path: '/api/admin/delivery-challans/:id',
    summary:
      "A delivery challan as a PDF: an exchange's replacement, against its invoice, no tax charged",
    access: 'orders.fulfil',
    params: z.object({ id: Id }),
    produces: 'application/pdf',
    response: z.string(),
  },
} as const satisfies Record<string, AdminEndpoint>;
