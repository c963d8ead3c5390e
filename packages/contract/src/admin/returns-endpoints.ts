// The returns and exchanges endpoints: the list (waiting first), one request, and its steps.
import { z } from 'zod';
import type { AdminEndpoint } from './endpoint.js';
import {
  AdminReturnResponse,
  ApproveReturnRequest,
  ReceiveReturnRequest,
  RejectReturnRequest,
  ReturnIdParams,
  ReturnsListResponse,
  ReturnsQuery,
  ShipReplacementRequest,
  ShipReplacementWithCourierRequest,
  BookPickupRequest,
} from './returns.js';

export const returnsEndpoints = {
  listReturns: {
    method: 'GET',
    path: '/api/admin/returns',
    summary: 'Return and exchange requests: waiting first, then the others, newest first in each',
    access: 'orders.read',
    query: ReturnsQuery,
    response: ReturnsListResponse,
  },
  getReturn: {
    method: 'GET',
    path: '/api/admin/returns/:id',
    summary: 'One request with its order, lines, sizes asked and refund',
    access: 'orders.read',
    params: ReturnIdParams,
    response: AdminReturnResponse,
  },
  approveReturn: {
    method: 'POST',
    path: '/api/admin/returns/:id/approve',
    summary:
      "Approves a request; an exchange holds the replacement sizes' stock from now; with pickup_courier, books the courier's pickup from the shopper",
    access: 'orders.manage',
    params: ReturnIdParams,
    body: ApproveReturnRequest,
    response: AdminReturnResponse,
  },
  rejectReturn: {
    method: 'POST',
    path: '/api/admin/returns/:id/reject',
    summary: 'Rejects a request not yet received, with a note to the shopper (a hold is released)',
    access: 'orders.manage',
    params: ReturnIdParams,
    body: RejectReturnRequest,
    response: AdminReturnResponse,
  },
  receiveReturn: {
    method: 'POST',
    path: '/api/admin/returns/:id/receive',
    summary:
      'The shirts came back: plain ones restocked (faulty ones only if staff say so); a return is refunded by the rule',
    access: 'orders.fulfil',
    params: ReturnIdParams,
    body: ReceiveReturnRequest,
    response: AdminReturnResponse,
  },
  shipReplacement: {
    method: 'POST',
    path: '/api/admin/returns/:id/ship',
    summary: "Ships an exchange's replacement by hand (courier, tracking id and link)",
    access: 'orders.fulfil',
    params: ReturnIdParams,
    body: ShipReplacementRequest,
    response: AdminReturnResponse,
  },
  shipReplacementWithCourier: {
    method: 'POST',
    path: '/api/admin/returns/:id/shipments',
    summary:
      "Books an exchange's replacement with a courier and ships it with the waybill; again after a failure, with the same reference",
    access: 'orders.fulfil',
    params: ReturnIdParams,
    body: ShipReplacementWithCourierRequest,
    response: AdminReturnResponse,
  },
  bookReturnPickup: {
    method: 'POST',
    path: '/api/admin/returns/:id/pickup',
    summary:
      "Books an approved request's pickup from the shopper with a courier; again after a failure, with the same reference",
    access: 'orders.fulfil',
    params: ReturnIdParams,
    body: BookPickupRequest,
    response: AdminReturnResponse,
  },
  replacementLabel: {
    method: 'GET',
    path: '/api/admin/returns/:id/label',
    summary: "The shipping label of an exchange's replacement parcel, as a PDF",
    access: 'orders.fulfil',
    params: ReturnIdParams,
    produces: 'application/pdf',
    response: z.string(),
  },
  replacementPackingSlip: {
    method: 'GET',
    path: '/api/admin/returns/:id/packing-slip',
    summary: "The packing slip of an exchange's replacement: ship-to and the new sizes, no prices",
    access: 'orders.read',
    params: ReturnIdParams,
    produces: 'application/pdf',
    response: z.string(),
  },
} as const satisfies Record<string, AdminEndpoint>;
