// The catalogue's CSV endpoints: the whole catalogue as a file, and a file checked (dry run)
// or applied in one transaction, returned as progress lines and a result (decision 018).
import { z } from 'zod';
import { CatalogueImportLine, CatalogueImportQuery } from './catalogue-csv.js';
import type { AdminEndpoint } from './endpoint.js';

export const catalogueCsvEndpoints = {
  exportCatalogueCsv: {
    method: 'GET',
    path: '/api/admin/catalogue/csv',
    summary: 'Every product (all statuses) with its sizes and stock, as a CSV file',
    access: 'catalogue.read',
    produces: 'text/csv',
    response: z.string(),
  },
  importCatalogueCsv: {
    method: 'POST',
    path: '/api/admin/catalogue/csv',
    summary:
      'Checks a CSV file of products (dry run), or applies it in one transaction; returns NDJSON progress lines, then the result',
    access: 'catalogue.write',
    query: CatalogueImportQuery,
    consumes: 'text/csv',
    produces: 'application/x-ndjson',
    response: CatalogueImportLine,
  },
} as const satisfies Record<string, AdminEndpoint>;
