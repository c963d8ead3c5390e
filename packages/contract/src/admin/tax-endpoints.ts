// The tax endpoints: a month's tax summary and its GSTR-1 export (decision 028). Both read the
// documents as issued and need reports.read (owner and manager).
import { z } from 'zod';
import type { AdminEndpoint } from './endpoint.js';
import { Gstr1Query, TaxSummaryQuery, TaxSummaryResponse } from './tax.js';

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
} as const satisfies Record<string, AdminEndpoint>;
