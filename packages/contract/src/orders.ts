// Checkout and order calls: process_order.php and orders.php (list and detail).
import { z } from 'zod';
import { CartLineInput, CartPrint } from './cart.js';
import { PaymentMethodField } from './cod.js';
import { Id, Rupees } from './common.js';
import { RETURN_KINDS, ReturnOptions, ShopperReturn } from './returns.js';
import { ORDER_STATUSES, PHONE_PATTERN, PINCODE_PATTERN } from './rules.js';
import { INDIAN_STATES } from './states.js';

const required = (field: string, max: number) =>
  z.string().trim().min(1, `${field} is required`).max(max, `${field} is too long`);

export const IndianStateName = z.enum(INDIAN_STATES, {
  error: 'state must be one of the Indian states and territories',
});

const Phone = z.string().trim().regex(PHONE_PATTERN, 'must be 10 digits');

/** The shipping address typed at checkout (stored with the order as entered). */
export const CheckoutAddress = z.object({
  first_name: required('first name', 60),
  last_name: required('last name', 60),
  street_name: required('street', 200),
  city: required('city', 80),
  state: IndianStateName,
  pincode: z.string().trim().regex(PINCODE_PATTERN, 'pincode must be 6 digits'),
  phone: Phone,
});
export type CheckoutAddress = z.infer<typeof CheckoutAddress>;

/** An optional code from a link or a form: blank and null both mean none. */
const OptionalCode = z
  .string()
  .trim()
  .max(64, 'code is too long')
  .nullish()
  .transform((v) => (v ? v : null));

// ── POST /api/process_order.php ──

/**
 * Places an order for the lines and returns the payment page's address. The server prices
 * everything from the database; `amount` is the total the shopper saw (rupees), and a
 * different server total is refused. Send one `idempotency_key` (a UUID) per checkout
 * attempt: a repeated request with the same key returns the same order.
 */
export const ProcessOrderRequest = z
  .object({
    user_id: Id,
    shipping_address: CheckoutAddress,
    mobile_number: Phone,
    amount: Rupees,
    affiliate_code: OptionalCode,
    google_code: OptionalCode,
    coupon_code: OptionalCode,
    state: IndianStateName,
    items: z
      .array(CartLineInput)
      .min(1, 'the order has no items')
      .max(50, 'an order holds at most 50 lines'),
    idempotency_key: z.uuid('idempotency_key must be a UUID').optional(),
    /** Ours: 'COD' pays in cash on delivery (its fee is in `amount`); 'Online' by default. */
    payment_method: PaymentMethodField,
    /**
     * Ours: the shopper ticked "Send me order updates on WhatsApp at +91 …" (the mobile number
     * above); ignored when the shop does not send WhatsApp updates (decision 066).
     */
    whatsapp_updates: z.boolean().optional(),
  })
  .refine((b) => b.shipping_address.state === b.state, {
    path: ['state'],
    message: 'state must be the state of the shipping address',
  });
export type ProcessOrderRequest = z.input<typeof ProcessOrderRequest>;

export const ProcessOrderResponse = z.object({
  /** Where to send the browser: the payment provider's page; a COD order's own page. */
  payment_url: z.string(),
  order_id: z.number().int(),
});
export type ProcessOrderResponse = z.infer<typeof ProcessOrderResponse>;

// ── POST /api/orders.php ──

/** {user_id} lists the shopper's orders; {user_id, order_id} returns one order. */
export const OrdersRequest = z.object({ user_id: Id, order_id: Id.nullish() });
export type OrdersRequest = z.input<typeof OrdersRequest>;

export const PAYMENT_STATUSES = ['UNPAID', 'SUCCESS', 'FAILED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** '1559.00': money in the order calls is a decimal string of rupees. */
const DecimalRupees = z.string().regex(/^\d+\.\d{2}$/);

export const Order = z.object({
  id: z.number().int(),
  /** ISO 8601. */
  created_at: z.string(),
  /** YYYY-MM-DD once known, else null. */
  expected_date: z.string().nullable(),
  order_status: z.enum(ORDER_STATUSES),
  /** Pay Now is offered while this is not SUCCESS. */
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_method: z.string(),
  /** The address as one line: 'Asha Menon, 12 Beach Road, Kozhikode, Kerala 673001, 9876543210'. */
  shipping_address: z.string(),
  total_amount: DecimalRupees,
  tracking_id: z.string().nullable(),
  tracking_link: z.string().nullable(),
  // Ours, for the order page's summary: total = subtotal + shipping + COD fee - discount.
  subtotal_amount: DecimalRupees,
  shipping_amount: DecimalRupees,
  cod_fee_amount: DecimalRupees,
  discount_amount: DecimalRupees,
  coupon_code: z.string().nullable(),
  /** ISO 8601 once paid. */
  paid_at: z.string().nullable(),
  /**
   * Ours: what has been given back of this order — its refunds processed, to the payment or
   * paid out to the shopper's account; a second payment given back is not the order's money
   * and is left out. '0.00' when nothing was. Refunded in full when it reaches total_amount.
   */
  refunded_amount: DecimalRupees,
  /** Ours: ISO 8601 of the last processed refund; null when none was. */
  refunded_at: z.string().nullable(),
});
export type Order = z.infer<typeof Order>;

export const OrderItem = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  product_image_url: z.string(),
  quantity: z.number().int().min(1),
  size: z.string(),
  /** Unit price in rupees, as charged (the print's price included). */
  price: Rupees,
  /** Ours: the print on this line's shirts, its price per piece; null: none. */
  print: CartPrint.nullish(),
});
export type OrderItem = z.infer<typeof OrderItem>;

/** A list entry carries its items too, for the names on the order cards. */
export const OrderWithItems = Order.extend({ order_items: z.array(OrderItem) });
export type OrderWithItems = z.infer<typeof OrderWithItems>;

export const OrdersListResponse = z.object({ orders: z.array(OrderWithItems) });
export type OrdersListResponse = z.infer<typeof OrdersListResponse>;

/** Everything that happens to an order, as its timeline records it (staff notes included). */
export const ORDER_EVENT_KINDS = [
  'placed',
  'paid',
  'packed',
  'shipped',
  'delivered',
  'canceled',
  'refund_requested',
  'refunded',
  'refund_failed',
  'return_requested',
  'return_approved',
  'return_rejected',
  'return_received',
  'exchange_shipped',
  // An exchange's replacement parcel reached the shopper, or came back to the shop.
  'exchange_delivered',
  'exchange_returned',
  // A return's pickup through the courier: booked, collected from the shopper, at the shop,
  // or canceled by the courier (decision 067).
  'return_pickup_booked',
  'return_picked_up',
  'return_arrived',
  'return_pickup_canceled',
  'note',
  // Cash on delivery and the courier's news (OPERATIONS.md, Shipping).
  'cod_confirmed',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivery_failed',
  'reattempt_requested',
  'rto_initiated',
  'rto_received',
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/** The steps of an order's life the shopper sees (staff notes and names never show). */
export const ORDER_TIMELINE_STEPS = ORDER_EVENT_KINDS.filter(
  (k): k is Exclude<OrderEventKind, 'note'> => k !== 'note',
) as [Exclude<OrderEventKind, 'note'>, ...Exclude<OrderEventKind, 'note'>[]];
export type OrderTimelineStep = (typeof ORDER_TIMELINE_STEPS)[number];

/** One step of the order page's timeline, oldest first; fields a step does not carry are null. */
export const OrderTimelineEntry = z.object({
  step: z.enum(ORDER_TIMELINE_STEPS),
  /** ISO 8601. */
  at: z.string(),
  /** canceled: the reason; return_approved, return_rejected: the shop's word to the shopper. */
  note: z.string().nullable(),
  /** Refund steps: the amount in rupees. */
  amount: Rupees.nullable(),
  /** shipped and exchange_shipped: the parcel. */
  courier_name: z.string().nullable(),
  tracking_id: z.string().nullable(),
  tracking_link: z.string().nullable(),
  /** Return steps: which request, and whether it is a return or an exchange. */
  return_id: z.number().int().nullable(),
  kind: z.enum(RETURN_KINDS).nullable(),
});
export type OrderTimelineEntry = z.infer<typeof OrderTimelineEntry>;

/**
 * One order, as its page shows it. Ours beside the spec's order and order_items: the
 * timeline, whether the shopper may cancel it now (Pending, or Processing and not yet
 * packed), the end of its return window once delivered, what may be returned or exchanged
 * now (null when nothing may), and its return and exchange requests, oldest first.
 */
export const OrderDetailResponse = z.object({
  order: Order,
  order_items: z.array(OrderItem),
  timeline: z.array(OrderTimelineEntry),
  can_cancel: z.boolean(),
  /** ISO 8601: the last moment to ask for a return or exchange; null until delivered. */
  return_until: z.string().nullable(),
  return_options: ReturnOptions.nullable(),
  returns: z.array(ShopperReturn),
  /** A cash-on-delivery order waiting for the shopper's confirmation: Confirm order shows. */
  can_confirm_cod: z.boolean(),
  /** The order's tax invoice once issued (when it ships): its number and the PDF's address. */
  invoice: z.object({ number: z.string(), download_url: z.string() }).nullable(),
  /**
   * Ours: the order lines (order_items ids) that may be reviewed now, where Add Review
   * shows: items bought and kept — none of an unpaid, canceled or fully refunded order, nor a
   * line whose every piece came back in a received return. add_reviews.php takes exactly
   * these (409 otherwise).
   */
  reviewable_items: z.array(z.number().int()),
});
export type OrderDetailResponse = z.infer<typeof OrderDetailResponse>;

// ── GET /api/invoice.php?order_id= ──

/**
 * The shopper's own order's tax invoice as a PDF (ours: the spec has no call for it). The
 * session cookie says who asks: 401 without one, 404 for another's order or one not invoiced.
 */
export const InvoiceQuery = z.object({
  order_id: z.coerce
    .number({ error: 'order_id must be an order id' })
    .int('order_id must be an order id')
    .positive('order_id must be an order id')
    .max(2_147_483_647, 'order_id must be an order id'),
});
export type InvoiceQuery = z.input<typeof InvoiceQuery>;

/** The address of the shopper's invoice download. */
export function invoiceDownloadPath(orderId: number): string {
  return `/api/invoice.php?order_id=${orderId}`;
}

// ── POST /api/order_cancel.php ──

export const CANCEL_REASON_MAX_LENGTH = 300;

/**
 * The shopper cancels their own order while it is Pending, or Processing and not yet packed;
 * a paid order is refunded in full to the original payment. Returns the order page as it is
 * afterwards.
 */
export const OrderCancelRequest = z.object({
  user_id: Id,
  order_id: Id,
  reason: z
    .string()
    .trim()
    .max(CANCEL_REASON_MAX_LENGTH, `reason is at most ${CANCEL_REASON_MAX_LENGTH} characters`)
    .nullish(),
});
export type OrderCancelRequest = z.input<typeof OrderCancelRequest>;

/** The storefront's order page, where the payment callback sends the browser. */
export function orderPagePath(orderId: number): string {
  return `/reviewOrdersDetails/${orderId}`;
}
