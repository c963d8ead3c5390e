// E-way bills' endpoints (decision 072): NIC's bulk-upload JSON of one order or a selection,
// the Tax page's list of invoices still without one, and — with NIC's API configured — the
// order's e-way bill generated, cancelled within 24 hours, or its Part B updated.
import { z } from 'zod';
import type { AdminEndpoint } from './endpoint.js';
import { CancelEwayBillRequest, PartBRequest, PendingEwayBillsResponse } from './e-way-bills.js';
import { AdminOrderResponse, OrderIdParams, PackingSlipsQuery } from './orders.js';

export const ewayBillsEndpoints = {
  orderEwayBillJson: {
    method: 'GET',
    path: '/api/admin/orders/:id/eway-bill.json',
    summary:
      "NIC's bulk-upload JSON of the order's e-way bill (its invoice above ₹50,000), for ewaybillgst.gov.in's Generate Bulk",
    access: 'orders.fulfil',
    params: OrderIdParams,
    produces: 'application/json',
    response: z.string(),
  },
  ewayBillsJson: {
    method: 'GET',
    path: '/api/admin/tax/eway-bills.json',
    summary:
      'One bulk-upload JSON with the e-way bills of the orders asked for (each invoiced, above ₹50,000), in their order',
    access: 'reports.read',
    query: PackingSlipsQuery,
    produces: 'application/json',
    response: z.string(),
  },
  pendingEwayBills: {
    method: 'GET',
    path: '/api/admin/tax/eway-bills/pending',
    summary:
      'Invoices above ₹50,000 whose order is ready to ship or shipped and has no e-way bill, oldest first (at most 200)',
    access: 'reports.read',
    response: PendingEwayBillsResponse,
  },
  generateEwayBill: {
    method: 'POST',
    path: '/api/admin/orders/:id/eway-bill/generate',
    summary:
      "Generates the order's e-way bill through NIC's API (issuing the invoice first if needed); 409 with NIC's words when it refuses",
    access: 'orders.fulfil',
    params: OrderIdParams,
    response: AdminOrderResponse,
  },
  cancelEwayBill: {
    method: 'POST',
    path: '/api/admin/orders/:id/eway-bill/cancel',
    summary:
      "Cancels the order's e-way bill on NIC's API, within 24 hours of its generation, with NIC's reason code and a remark",
    access: 'orders.manage',
    params: OrderIdParams,
    body: CancelEwayBillRequest,
    response: AdminOrderResponse,
  },
  updateEwayBillPartB: {
    method: 'POST',
    path: '/api/admin/orders/:id/eway-bill/part-b',
    summary:
      "Updates Part B (the vehicle) of the order's e-way bill on NIC's API while it is valid",
    access: 'orders.fulfil',
    params: OrderIdParams,
    body: PartBRequest,
    response: AdminOrderResponse,
  },
} as const satisfies Record<string, AdminEndpoint>;
