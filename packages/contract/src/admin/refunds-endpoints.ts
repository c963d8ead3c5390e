// The refund endpoints: give money back on an order, and the list of refunds (overdue first
// when asked). Both need orders.refund (owner and manager; not support, not packers).
import type { AdminEndpoint } from './endpoint.js';
import {
  AdminRefund,
  RecordPayoutRequest,
  RefundIdParams,
  RefundOrderParams,
  RefundListQuery,
  RefundListResponse,
  RefundOrderRequest,
  RefundOrderResponse,
} from './refunds.js';

export const refundsEndpoints = {
  refundAdminOrder: {
    method: 'POST',
    path: '/api/admin/orders/:id/refunds',
    summary:
      'Refunds part or all of a paid order through its payment provider; the same idempotency_key again returns the same refund',
    access: 'orders.refund',
    params: RefundOrderParams,
    body: RefundOrderRequest,
    response: RefundOrderResponse,
  },
  listAdminRefunds: {
    method: 'GET',
    path: '/api/admin/refunds',
    summary:
      'Refunds newest first, or with overdue=true those still open after the 7 days the policy promises, oldest first',
    access: 'orders.refund',
    query: RefundListQuery,
    response: RefundListResponse,
  },
  recordPayout: {
    method: 'POST',
    path: '/api/admin/refunds/:id/payout',
    summary:
      "Records the bank or UPI transfer of a cash-on-delivery order's refund by its UTR: the refund is processed and the shopper mailed; the same UTR again returns the refund",
    access: 'orders.refund',
    params: RefundIdParams,
    body: RecordPayoutRequest,
    response: AdminRefund,
  },
} as const satisfies Record<string, AdminEndpoint>;
