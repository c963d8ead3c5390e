// Razorpay's settlement report matched against the orders' ledger (reports.read: owner and
// manager; decision 076): fetched from Razorpay for a day or a month, or uploaded as the
// dashboard's CSV. Reading only: nothing is changed or kept.
import type { AdminEndpoint } from './endpoint.js';
import { SettlementReport, SettlementReportQuery, SettlementUploadParams } from './settlements.js';

export const settlementsEndpoints = {
  fetchSettlementReport: {
    method: 'GET',
    path: '/api/admin/settlement-report',
    summary:
      "Fetches Razorpay's settlement recon items for an Indian day or month and matches them against the orders' ledger",
    access: 'reports.read',
    query: SettlementReportQuery,
    response: SettlementReport,
  },
  uploadSettlementReport: {
    method: 'POST',
    path: '/api/admin/settlement-report/:unit',
    summary:
      "Matches an uploaded settlement report CSV (the Razorpay dashboard's columns; amounts in rupees or paise) against the orders' ledger",
    access: 'reports.read',
    params: SettlementUploadParams,
    consumes: 'multipart/form-data',
    response: SettlementReport,
  },
} as const satisfies Record<string, AdminEndpoint>;
