// The orders endpoints: the list, one order, the fulfilment actions (pack in bulk, ship,
// deliver, cancel, a note), the packing slips as one PDF and the list as a CSV file.
import { z } from 'zod';
import type { AdminEndpoint } from './endpoint.js';
import {
  AdminOrderResponse,
  CancelOrderRequest,
  EwayBillRequest,
  OrderExportQuery,
  OrderIdParams,
  OrderListQuery,
  OrderListResponse,
  OrderNoteRequest,
  OrderTotalsResponse,
  PackingSlipsQuery,
  PackOrdersRequest,
  PackOrdersResponse,
  ShipOrderRequest,
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
  adminOrderTotals: {
    method: 'GET',
    path: '/api/admin/orders/totals',
    summary:
      "How many orders the list's filters find and the value of those paid and not canceled (a wholesaler's total)",
    access: 'orders.money',
    query: OrderExportQuery,
    response: OrderTotalsResponse,
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
  packAdminOrders: {
    method: 'POST',
    path: '/api/admin/orders/pack',
    summary: 'Marks paid orders packed; returns those packed and those refused, each with why',
    access: 'orders.fulfil',
    body: PackOrdersRequest,
    response: PackOrdersResponse,
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
  shipAdminOrder: {
    method: 'POST',
    path: '/api/admin/orders/:id/ship',
    summary: 'Ships a paid order with its courier, tracking id, link and expected date',
    access: 'orders.fulfil',
    params: OrderIdParams,
    body: ShipOrderRequest,
    response: AdminOrderResponse,
  },
  issueAdminOrderInvoice: {
    method: 'POST',
    path: '/api/admin/orders/:id/invoice',
    summary:
      'Issues the invoice before shipping, for an order above ₹50,000: the e-way bill is generated against its number',
    access: 'orders.fulfil',
    params: OrderIdParams,
    response: AdminOrderResponse,
  },
  setAdminOrderEwayBill: {
    method: 'POST',
    path: '/api/admin/orders/:id/eway-bill',
    summary:
      "Stores the e-way bill's 12-digit number of an invoiced order above ₹50,000 that has not shipped",
    access: 'orders.fulfil',
    params: OrderIdParams,
    body: EwayBillRequest,
    response: AdminOrderResponse,
  },
  deliverAdminOrder: {
    method: 'POST',
    path: '/api/admin/orders/:id/deliver',
    summary: 'Marks a shipped order delivered',
    access: 'orders.fulfil',
    params: OrderIdParams,
    response: AdminOrderResponse,
  },
  cancelAdminOrder: {
    method: 'POST',
    path: '/api/admin/orders/:id/cancel',
    summary: 'Cancels an order not yet shipped, with a reason; a paid one is refunded in full',
    access: 'orders.manage',
    params: OrderIdParams,
    body: CancelOrderRequest,
    response: AdminOrderResponse,
  },
  addAdminOrderNote: {
    method: 'POST',
    path: '/api/admin/orders/:id/notes',
    summary: "Adds a staff note to the order's timeline",
    access: 'orders.notes',
    params: OrderIdParams,
    body: OrderNoteRequest,
    response: AdminOrderResponse,
  },
} as const satisfies Record<string, AdminEndpoint>;
