// The refund endpoints: give money back on an order, and the list of refunds (overdue first
// when asked). Both need orders.refund (owner and manager; not support, not packers).
import type { AdminEndpoint } from './endpoint.js';
import {
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
      'Refunds part or all of a paid order through its payment provider; the same idempotency_key again answers the same refund',
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
} as const satisfies Record<string, AdminEndpoint>;
