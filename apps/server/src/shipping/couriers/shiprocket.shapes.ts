// Shiprocket's shapes (decision 033), kept apart from the calls: the responses we read (zod),
// its status ids as our shipment states, its zone-less India times, the ad-hoc order we send
// for a parcel and the tracking webhook's body. Pure functions, no network.
import { createHash, timingSafeEqual } from 'node:crypto';
import { paiseToDecimalString } from '@kitroom/contract';
import { z } from 'zod';
import { IST_OFFSET_MS, indianDateTime } from '../../indian-days.js';
import type {
  ParcelAddress,
  ParcelRequest,
  PickupRequest,
  ShipmentState,
  TrackingUpdate,
} from './courier.js';

const MAX_CITY = 30;

/** Shiprocket's shipment status ids (its tracking table) as our states; others are not tracked. */
const STATES_BY_STATUS: Record<number, ShipmentState> = {
  42: 'picked_up',
  6: 'in_transit', // SHIPPED: scanned in at the first hub
  18: 'in_transit',
  38: 'in_transit', // REACHED AT DESTINATION HUB
  17: 'out_for_delivery',
  7: 'delivered',
  21: 'delivery_failed', // UNDELIVERED: an NDR the shop answers
  9: 'rto_initiated',
  10: 'rto_delivered',
  8: 'canceled',
};

const STATUS_BY_LABEL: Record<string, number> = {
  'PICKED UP': 42,
  SHIPPED: 6,
  'IN TRANSIT': 18,
  'REACHED AT DESTINATION HUB': 38,
  'OUT FOR DELIVERY': 17,
  DELIVERED: 7,
  UNDELIVERED: 21,
  'RTO INITIATED': 9,
  'RTO DELIVERED': 10,
  CANCELED: 8,
  CANCELLED: 8,
};

/** The state Shiprocket's status id (or, lacking one, its label) stands for; null: untracked. */
export function shiprocketState(
  statusId: number | null,
  label?: string | null,
): ShipmentState | null {
  if (statusId !== null && STATES_BY_STATUS[statusId]) return STATES_BY_STATUS[statusId];
  const byLabel = label ? STATUS_BY_LABEL[label.trim().toUpperCase()] : undefined;
  return byLabel ? (STATES_BY_STATUS[byLabel] ?? null) : null;
}

const id = z.union([z.number(), z.string().min(1)]).transform(String);
const optionalText = z.string().nullish();

export const LoginResponse = z.object({ token: z.string().min(1) });
export const ErrorResponse = z.object({
  message: z.string().optional(),
  errors: z.record(z.string(), z.union([z.array(z.string()), z.string()])).optional(),
});
export const CreateResponse = z.object({ order_id: id, shipment_id: id });
export const OrderList = z.object({
  data: z.array(
    z.object({
      id,
      channel_order_id: z.union([z.string(), z.number()]).transform(String),
      status: z.string(),
      shipments: z
        .array(
          z.object({
            id,
            awb: z.union([z.string(), z.number()]).nullish(),
            courier: optionalText,
            pickup_token_number: optionalText,
          }),
        )
        .default([]),
    }),
  ),
});
export const AwbResponse = z.object({
  awb_assign_status: z.number(),
  response: z.object({
    data: z
      .object({
        awb_code: z.union([z.string(), z.number()]).transform(String).optional(),
        courier_name: optionalText,
        awb_assign_error: optionalText,
      })
      .passthrough(),
  }),
});
export const LabelResponse = z.object({
  label_created: z.number(),
  label_url: z.string().optional(),
  response: z.string().optional(),
  not_created: z.array(z.unknown()).default([]),
});
export const ManifestResponse = z.object({ manifest_url: z.string() });
export const ServiceabilityResponse = z.object({
  data: z.object({
    available_courier_companies: z.array(
      z.object({
        courier_company_id: z.number(),
        cod: z.union([z.number(), z.boolean()]),
        estimated_delivery_days: z.union([z.string(), z.number()]).nullish(),
        etd_hours: z.number().nullish(),
      }),
    ),
    recommended_courier_company_id: z.number().nullish(),
  }),
});
const Webhook = z.object({
  awb: z.union([z.string().min(1), z.number()]).transform(String),
  current_status: optionalText,
  shipment_status: optionalText,
  shipment_status_id: z.union([z.number(), z.string()]).nullish(),
  current_timestamp: optionalText,
  is_return: z.union([z.number(), z.boolean(), z.string()]).nullish(),
  scans: z
    .array(
      z.object({
        date: optionalText,
        activity: optionalText,
        location: optionalText,
        'sr-status': z.union([z.string(), z.number()]).nullish(),
      }),
    )
    .nullish(),
});

/** Shiprocket's zone-less India times: 'yyyy-mm-dd HH:MM[:SS]' or the webhook's 'dd mm yyyy HH:MM:SS'. */
export function parseShiprocketTime(text: string | null | undefined): Date | null {
  if (!text) return null;
  let m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(text.trim());
  let parts: number[] | null = m ? m.slice(1).map((p) => Number(p ?? 0)) : null;
  if (!parts) {
    m = /^(\d{2}) (\d{2}) (\d{4}) (\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
    if (m) {
      const [d, mo, y, h, mi, s] = m.slice(1).map((p) => Number(p ?? 0)) as number[];
      parts = [y!, mo!, d!, h!, mi!, s!];
    }
  }
  if (!parts) return null;
  const [y, mo, d, h, mi, s] = parts as [number, number, number, number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s) - IST_OFFSET_MS);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** Two secrets compared in constant time (their digests, so lengths do not leak either). */
export function tokensMatch(received: unknown, expected: string): boolean {
  if (typeof received !== 'string' || received === '' || expected === '') return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(received), digest(expected));
}

/** An Indian mobile number as Shiprocket wants it: 10 digits, no +91 or leading 0. */
function tenDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length > 10 ? digits.slice(-10) : digits;
}

const rupees = (paise: number) => Number(paiseToDecimalString(paise));

/** The ad-hoc order Shiprocket's create call takes for one parcel. */
export function adhocOrder(request: ParcelRequest): Record<string, unknown> {
  const c = request.consignee;
  const [first = c.name, ...rest] = c.name.trim().split(/\s+/);
  const cod = request.codAmountPaise > 0;
  return {
    order_id: request.reference,
    order_date: indianDateTime(request.orderDate),
    pickup_location: request.pickupLocation,
    billing_customer_name: first,
    billing_last_name: rest.join(' '),
    billing_address: c.address,
    billing_city: c.city.slice(0, MAX_CITY),
    billing_pincode: c.pincode,
    billing_state: c.state,
    billing_country: 'India',
    billing_email: c.email,
    billing_phone: tenDigits(c.phone),
    shipping_is_billing: true,
    order_items: request.items.map((item) => ({
      name: item.name,
      sku: item.sku,
      units: item.units,
      selling_price: paiseToDecimalString(item.sellingPricePaise),
      hsn: item.hsn,
    })),
    payment_method: cod ? 'COD' : 'Prepaid',
    // Shiprocket collects its order total (sub_total + charges − discount) on a COD parcel,
    // so the cash to collect goes in whole as sub_total with no charges beside it.
    sub_total: rupees(cod ? request.codAmountPaise : request.subTotalPaise),
    shipping_charges: 0,
    giftwrap_charges: 0,
    transaction_charges: 0,
    total_discount: 0,
    length: request.lengthCm,
    breadth: request.breadthCm,
    height: request.heightCm,
    weight: request.weightGrams / 1000,
  };
}

/**
 * The return order Shiprocket's create call takes for a return's pickup: pickup_* is the
 * shopper, shipping_* the shop; always prepaid (nothing is collected from the shopper).
 */
export function returnOrder(request: PickupRequest): Record<string, unknown> {
  const person = (prefix: 'pickup' | 'shipping', a: ParcelAddress) => {
    const [first = a.name, ...rest] = a.name.trim().split(/\s+/);
    return {
      [`${prefix}_customer_name`]: first,
      [`${prefix}_last_name`]: rest.join(' '),
      [`${prefix}_address`]: a.address,
      [`${prefix}_city`]: a.city.slice(0, MAX_CITY),
      [`${prefix}_state`]: a.state,
      [`${prefix}_country`]: 'India',
      [`${prefix}_pincode`]: a.pincode,
      [`${prefix}_email`]: a.email,
      [`${prefix}_phone`]: tenDigits(a.phone),
      [`${prefix}_isd_code`]: '91',
    };
  };
  return {
    order_id: request.reference,
    order_date: indianDateTime(request.requestedAt),
    ...person('pickup', request.from),
    ...person('shipping', request.to),
    order_items: request.items.map((item) => ({
      name: item.name,
      sku: item.sku,
      units: item.units,
      selling_price: paiseToDecimalString(item.sellingPricePaise),
      hsn: item.hsn,
    })),
    payment_method: 'PREPAID',
    total_discount: '0',
    sub_total: rupees(request.subTotalPaise),
    length: request.lengthCm,
    breadth: request.breadthCm,
    height: request.heightCm,
    weight: request.weightGrams / 1000,
  };
}

/**
 * A return's pickup as Shiprocket's webhook names its steps (is_return set): collected from the
 * shopper, on its way, delivered at the shop, or canceled by the courier after failed
 * attempts. The steps before pickup (RETURN PENDING, OUT FOR PICKUP, a PICKUP EXCEPTION the
 * courier tries again after) are not tracked.
 */
const RETURN_STATES: Record<string, ShipmentState> = {
  'RETURN PICKED UP': 'picked_up',
  'PICKED UP': 'picked_up',
  'RETURN IN TRANSIT': 'in_transit',
  'IN TRANSIT': 'in_transit',
  SHIPPED: 'in_transit',
  'RETURN OUT FOR DELIVERY': 'out_for_delivery',
  'RETURN DELIVERED': 'delivered',
  DELIVERED: 'delivered',
  'RETURN CANCELLED': 'canceled',
  'RETURN CANCELED': 'canceled',
  'RETURN PICKUP CANCELLED': 'canceled',
  CANCELED: 'canceled',
  CANCELLED: 'canceled',
};

/**
 * The tracking updates a (verified) webhook body carries: one for a status we track, none for
 * others or a body we cannot read (Shiprocket's own test ping, say). A return's pickup is
 * read by its status's words, which Shiprocket's return statuses share no ids with.
 */
export function trackingUpdatesOf(body: unknown, now: Date): TrackingUpdate[] {
  const parsed = Webhook.safeParse(body);
  if (!parsed.success) return [];
  const w = parsed.data;
  const isReturn = w.is_return === 1 || w.is_return === true || w.is_return === '1';
  const numeric = Number(w.shipment_status_id ?? NaN);
  const statusId = w.shipment_status_id !== '' && Number.isInteger(numeric) ? numeric : null;
  const label = (w.shipment_status ?? w.current_status ?? '').trim().toUpperCase();
  const state = isReturn
    ? (RETURN_STATES[label] ?? null)
    : shiprocketState(statusId, w.shipment_status ?? w.current_status);
  if (!state) return [];
  const lastScan = (w.scans ?? []).at(-1);
  const occurredAt =
    parseShiprocketTime(w.current_timestamp) ?? parseShiprocketTime(lastScan?.date) ?? now;
  const status = statusId ?? w.shipment_status ?? w.current_status ?? state;
  return [
    {
      awb: w.awb,
      state,
      // No event id in the payload: the parcel, its status and when it happened name it.
      eventKey: `${w.awb}:${status}:${occurredAt.toISOString()}`,
      occurredAt,
      location: lastScan?.location || null,
      note: lastScan?.activity || w.current_status || null,
    },
  ];
}
