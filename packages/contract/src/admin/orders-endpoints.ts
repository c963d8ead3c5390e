// The orders endpoints: the list, one order, the packing slips as one PDF and the list as a
// CSV file.
import { z } from 'zod';
import type { AdminEndpoint } from './endpoint.js';
import {
  AdminOrderResponse,
  OrderExportQuery,
  OrderIdParams,
  OrderListQuery,
  OrderListResponse,
  PackingSlipsQuery,
} from './orders.js';

export const ordersEndpoints = {
  listAdminOrders: {
    method: 'GET',
    path: '/api/admin/orders',
    summary:
      'Orders newest first, filtered by status, payment, Indian days, state and a search; email and phone only for roles that may read customers',
    access: 'orders.read',
    query: OrderListQuery,
    response: OrderListResponse,
  },
  exportAdminOrders: {
    method: 'GET',
    path: '/api/admin/orders/export',
    summary: "The list's orders with the same filters, as a CSV file",
    access: 'orders.read',
    query: OrderExportQuery,
    produces: 'text/csv',
    response: z.string(),
  },
  orderPackingSlips: {
    method: 'GET',
    path: '/api/admin/orders/packing-slips',
    summary: 'A PDF with one packing slip per order: ship-to label and lines, no prices',
    access: 'orders.read',
    query: PackingSlipsQuery,
    produces: 'application/pdf',
    response: z.string(),
  },
  getAdminOrder: {
    method: 'GET',
    path: '/api/admin/orders/:id',
    summary:
      'One order: lines, address label, totals, payments, refunds, returns, its timeline and what its stage allows',
    access: 'orders.read',
    params: OrderIdParams,
    response: AdminOrderResponse,
  },
} as const satisfies Record<string, AdminEndpoint>;
