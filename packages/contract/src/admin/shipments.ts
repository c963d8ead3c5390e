// Shipments with a courier (decision 032): shipping an order with the sandbox or Shiprocket,
// the order's shipments and their tracking events, shipping labels, and the queue of failed
// deliveries waiting for the staff's answer.
import { z } from 'zod';
import { Id } from '../common.js';
import { AdminOrderResponse, ShipOrderRequest } from './orders.js';

export const COURIER_NAMES = ['manual', 'sandbox', 'shiprocket'] as const;
export const CourierName = z.enum(COURIER_NAMES, {
  error: `courier must be one of ${COURIER_NAMES.join(', ')}`,
});
export type CourierName = z.infer<typeof CourierName>;

export const SHIPMENT_STATES = [
  'booking',
  'booked',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'delivery_failed',
  'rto_initiated',
  'rto_delivered',
  'canceled',
] as const;
export const ShipmentStateName = z.enum(SHIPMENT_STATES);
export type ShipmentStateName = z.infer<typeof ShipmentStateName>;

/** What staff read of a shipment's state. */
export const SHIPMENT_STATE_LABELS: Record<ShipmentStateName, string> = {
  booking: 'Booking',
  booked: 'Booked',
  picked_up: 'Picked up',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  delivery_failed: 'Delivery failed',
  rto_initiated: 'Returning to us',
  rto_delivered: 'Returned to us',
  canceled: 'Canceled',
};

function size(field: string, max: number) {
  return z
    .number({ error: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(1, `${field} must be at least 1`)
    .max(max, `${field} must be at most ${max}`)
    .optional();
}

// ── POST /api/admin/orders/:id/shipments ──

export const ShipWithCourierRequest = z.object({
  courier: z.enum(['sandbox', 'shiprocket'], {
    error: 'courier must be sandbox or shiprocket (manual shipping uses the ship form)',
  }),
  /** The parcel's weight and size; the shop's defaults (settings) when left out. */
  weight_grams: size('weight_grams', 100_000),
  length_cm: size('length_cm', 300),
  breadth_cm: size('breadth_cm', 300),
  height_cm: size('height_cm', 300),
  expected_date: ShipOrderRequest.shape.expected_date,
});
export type ShipWithCourierRequest = z.output<typeof ShipWithCourierRequest>;
export type ShipWithCourierInput = z.input<typeof ShipWithCourierRequest>;

// ── GET /api/admin/orders/:id/shipments ──

export const CourierShipment = z.object({
  id: z.number().int(),
  courier: CourierName,
  reference: z.string(),
  state: ShipmentStateName,
  awb: z.string().nullable(),
  courier_name: z.string().nullable(),
  tracking_link: z.string().nullable(),
  weight_grams: z.number().int(),
  cod_amount_paise: z.number().int(),
  /**
   * The exchange whose replacement this parcel carries (forward), or the return it picks up
   * from the shopper (reverse); null: the order's own parcel.
   */
  return_id: z.number().int().nullable(),
  direction: z.enum(['forward', 'reverse']),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  ndr_reason: z.string().nullable(),
  ndr_attempts: z.number().int(),
  ndr_action: z.enum(['reattempt', 'return']).nullable(),
  created_at: z.string(),
  may_cancel: z.boolean(),
  may_retry: z.boolean(),
  events: z.array(
    z.object({
      state: ShipmentStateName,
      location: z.string().nullable(),
      note: z.string().nullable(),
      occurred_at: z.string(),
    }),
  ),
});
export type CourierShipment = z.infer<typeof CourierShipment>;

export const OrderShipmentsResponse = z.object({
  /** The couriers staff may choose, 'manual' first. */
  couriers: z.array(CourierName),
  default_courier: CourierName,
  parcel: z.object({
    weight_grams: z.number().int(),
    length_cm: z.number().int(),
    breadth_cm: z.number().int(),
    height_cm: z.number().int(),
  }),
  shipments: z.array(CourierShipment),
});
export type OrderShipmentsResponse = z.infer<typeof OrderShipmentsResponse>;

export const ShipmentIdParams = z.object({ id: Id });

/** The order after a shipment's step, with its shipments. */
export const ShipmentActionResponse = z.object({
  order: AdminOrderResponse,
  shipments: OrderShipmentsResponse,
});
export type ShipmentActionResponse = z.infer<typeof ShipmentActionResponse>;

// ── GET /api/admin/orders/labels ──

export const LabelsQuery = z.object({
  /** Order ids, comma-separated: '12,15,16'. */
  ids: z
    .string({ error: 'ids is required' })
    .regex(/^\s*#?\d{1,10}(\s*,\s*#?\d{1,10})*\s*$/, 'ids must be order ids separated by commas')
    .transform((v) => [...new Set(v.split(',').map((s) => Number(s.trim().replace('#', ''))))])
    .pipe(
      z
        .array(z.number().int().positive('ids must be order ids').max(2_147_483_647))
        .max(200, 'at most 200 orders at once'),
    ),
});
export type LabelsQuery = z.input<typeof LabelsQuery>;

// ── failed deliveries ──

export const FailedDelivery = z.object({
  shipment_id: z.number().int(),
  order_id: z.number().int(),
  courier: CourierName,
  courier_name: z.string().nullable(),
  awb: z.string().nullable(),
  shopper_name: z.string(),
  city: z.string(),
  pincode: z.string(),
  reason: z.string(),
  failed_at: z.string(),
  /** Failed attempts so far. */
  attempts: z.number().int(),
});
export type FailedDelivery = z.infer<typeof FailedDelivery>;

export const FailedDeliveriesResponse = z.object({ deliveries: z.array(FailedDelivery) });
export type FailedDeliveriesResponse = z.infer<typeof FailedDeliveriesResponse>;

export const FailedDeliveryAnswer = z.object({
  action: z.enum(['reattempt', 'return'], { error: 'action must be reattempt or return' }),
  note: z
    .string()
    .trim()
    .max(500, 'note must be at most 500 characters')
    .optional()
    .transform((v) => v ?? ''),
});
export type FailedDeliveryAnswer = z.input<typeof FailedDeliveryAnswer>;
