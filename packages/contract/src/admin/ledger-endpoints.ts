// The owner's reconciliation: every order's money ledger checked, and the orders that do not
// balance listed (reports.read: owner and manager).
import type { AdminEndpoint } from './endpoint.js';
import { ReconciliationResponse } from './ledger.js';

export const ledgerEndpoints = {
  reconciliation: {
    method: 'GET',
    path: '/api/admin/reconciliation',
    summary:
      "Checks every order's money ledger (captured + cash collected − refunds against what the order keeps) and lists the orders that do not balance",
    access: 'reports.read',
    response: ReconciliationResponse,
  },
} as const satisfies Record<string, AdminEndpoint>;
