// Cash on delivery's report: owner and manager (reports.read).
import { CodReportQuery, CodReportResponse } from './cod.js';
import type { AdminEndpoint } from './endpoint.js';

export const codEndpoints = {
  codReport: {
    method: 'GET',
    path: '/api/admin/reports/cod',
    summary:
      'A month’s cash-on-delivery orders: share of all orders, confirmation rate and return-to-origin rate, with counts',
    access: 'reports.read',
    query: CodReportQuery,
    response: CodReportResponse,
  },
} as const satisfies Record<string, AdminEndpoint>;
