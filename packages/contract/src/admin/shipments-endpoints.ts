// The shipments endpoints (decision 032): ship with a courier, the order's shipments, cancel
// one before pickup, labels as one PDF, and the failed deliveries' queue with its answers.
import { z } from 'zod';
import type { AdminEndpoint } from './endpoint.js';
import { OrderIdParams } from './orders.js';
import {
  FailedDeliveriesResponse,
  FailedDeliveryAnswer,
  LabelsQuery,
  OrderShipmentsResponse,
  ShipmentActionResponse,
  ShipmentIdParams,
  ShipWithCourierRequest,
} from './shipments.js';

export const shipmentsEndpoints = {
  orderShippingLabels: {
    method: 'GET',
    path: '/api/admin/orders/labels',
    summary: "The shipping labels of these orders' parcels (one courier), as one PDF",
    access: 'orders.fulfil',
    query: LabelsQuery,
    produces: 'application/pdf',
    response: z.string(),
  },
  listOrderShipments: {
    method: 'GET',
    path: '/api/admin/orders/:id/shipments',
    summary: "The order's shipments with their tracking events, and the couriers to choose",
    access: 'orders.read',
    params: OrderIdParams,
    response: OrderShipmentsResponse,
  },
  shipWithCourier: {
    method: 'POST',
    path: '/api/admin/orders/:id/shipments',
    summary:
      'Books a parcel with a courier and ships the order with its waybill; again after a failure, with the same reference',
    access: 'orders.fulfil',
    params: OrderIdParams,
    body: ShipWithCourierRequest,
    response: ShipmentActionResponse,
  },
  cancelShipment: {
    method: 'POST',
    path: '/api/admin/shipments/:id/cancel',
    summary: 'Cancels a shipment not yet picked up; a shipped order is packed again',
    access: 'orders.fulfil',
    params: ShipmentIdParams,
    response: ShipmentActionResponse,
  },
  listFailedDeliveries: {
    method: 'GET',
    path: '/api/admin/deliveries/failed',
    summary: 'Failed deliveries waiting for an answer, oldest first',
    access: 'orders.fulfil',
    response: FailedDeliveriesResponse,
  },
  answerFailedDelivery: {
    method: 'POST',
    path: '/api/admin/shipments/:id/failed-delivery',
    summary: 'Answers a failed delivery: the courier tries again, or returns the parcel',
    access: 'orders.fulfil',
    params: ShipmentIdParams,
    body: FailedDeliveryAnswer,
    response: FailedDeliveriesResponse,
  },
} as const satisfies Record<string, AdminEndpoint>;
