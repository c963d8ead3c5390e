// Orders in the back office: the list with its filters and keyset pages, one order in full
// (lines, address label, payments, refunds, returns, the events timeline and what its stage
// allows), and the fulfilment actions (pack, ship, deliver, cancel, a note).
import { z } from 'zod';
import { CartPrint } from '../cart.js';
import { Id } from '../common.js';
import { IndianStateName, ORDER_EVENT_KINDS, PAYMENT_STATUSES } from '../orders.js';
import { ORDER_STATUSES } from '../rules.js';
import { AdminEInvoice } from './e-invoices.js';
import { AdminEwayBill } from './e-way-bills.js';
import { LedgerOrder } from './ledger.js';
import { AdminRefund } from './refunds.js';
import { RETURN_STATUSES } from '../returns.js';

/** Where an order is in its life: the five statuses, with Processing split at packing. */
export const ORDER_STAGES = [
  'pending',
  'processing',
  'packed',
  'shipped',
  'completed',
  'canceled',
] as const;
export const OrderStage = z.enum(ORDER_STAGES);
export type OrderStage = z.infer<typeof OrderStage>;

/** The list's status filter: a status, or Processing split into waiting to be packed and packed. */
export const ORDER_LIST_STATUSES = [...ORDER_STATUSES, 'to-pack', 'packed'] as const;
export type OrderListStatus = (typeof ORDER_LIST_STATUSES)[number];

/** What staff may do to an order in its stage (the state machine's staff events). */
export const ORDER_ACTIONS = ['pack', 'ship', 'deliver', 'cancel'] as const;
export const OrderAction = z.enum(ORDER_ACTIONS);
export type OrderAction = z.infer<typeof OrderAction>;

export const MAX_ORDER_LIST_LIMIT = 200;
/** Orders in one bulk action or one packing-slip PDF. */
export const MAX_BULK_ORDERS = 200;

/** The Indian day (yyyy-mm-dd) of an instant: India keeps UTC+05:30 all year. */
export function indianDay(instant: Date): string {
  return new Date(instant.getTime() + (5 * 60 + 30) * 60_000).toISOString().slice(0, 10);
}

function isCalendarDay(v: string): boolean {
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A calendar day, yyyy-mm-dd. */
export const CalendarDay = (field: string) =>
  z
    .string({ error: `${field} must be a date like 2026-11-24` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date like 2026-11-24`)
    .refine(isCalendarDay, `${field} is not a day of the calendar`);

// ── GET /api/admin/orders ──

const listFilters = {
  status: z
    .enum(ORDER_LIST_STATUSES, {
      error: `status must be one of ${ORDER_LIST_STATUSES.join(', ')}`,
    })
    .optional(),
  payment: z
    .enum(PAYMENT_STATUSES, { error: `payment must be one of ${PAYMENT_STATUSES.join(', ')}` })
    .optional(),
  /** Placed on or after this Indian day. */
  from: CalendarDay('from').optional(),
  /** Placed on or before this Indian day. */
  to: CalendarDay('to').optional(),
  /** The delivery state. */
  state: IndianStateName.optional(),
  /**
   * An order id ('123' or '#123'), an email, a 10-digit phone number, or a name in the
   * address or on the account.
   */
  q: z.string().trim().max(100, 'q must be at most 100 characters').optional(),
  /** '1': only orders placed by approved wholesalers (decision 046). */
  wholesale: z.literal('1', { error: 'wholesale must be 1 (wholesale orders only)' }).optional(),
  /** Only this shopper's orders (a wholesaler's history). */
  user_id: Id.optional(),
};

const fromBeforeTo = (v: { from?: string | undefined; to?: string | undefined }) =>
  !v.from || !v.to || v.from <= v.to;
const FROM_BEFORE_TO = { path: ['to'], message: 'to must be on or after from' };

/** The keyset cursor: the last row's placing time (microseconds since 1970) and id. */
export const ORDER_CURSOR_PATTERN = /^\d{1,20}\.\d{1,10}$/;

export const OrderListQuery = z
  .object({
    ...listFilters,
    after: z
      .string()
      .regex(ORDER_CURSOR_PATTERN, 'after must be a next_after the list answered')
      .optional(),
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(MAX_ORDER_LIST_LIMIT, `limit must be at most ${MAX_ORDER_LIST_LIMIT}`)
      .default(50),
  })
  .refine(fromBeforeTo, FROM_BEFORE_TO);
export type OrderListQuery = z.input<typeof OrderListQuery>;

/** How many orders the filters find and what the paid ones not canceled are worth. */
export const OrderTotalsResponse = z.object({
  orders: z.number().int(),
  /** Paid and not canceled (refunds not taken off). */
  paid_orders: z.number().int(),
  paid_total_paise: z.number().int(),
});
export type OrderTotalsResponse = z.infer<typeof OrderTotalsResponse>;

/** The export takes the list's filters, without the page. */
export const OrderExportQuery = z.object(listFilters).refine(fromBeforeTo, FROM_BEFORE_TO);
export type OrderExportQuery = z.input<typeof OrderExportQuery>;

export const AdminOrderRow = z.object({
  id: z.number().int(),
  created_at: z.string(),
  status: z.enum(ORDER_STATUSES),
  stage: OrderStage,
  payment_status: z.enum(PAYMENT_STATUSES),
  /** null for a role without orders.money (packers). */
  total_paise: z.number().int().nullable(),
  /** Pieces in the order. */
  items: z.number().int(),
  /** The name on the address label. */
  name: z.string(),
  city: z.string(),
  state: z.string(),
  /** The account's email and the order's phone: null for a role without customers.read. */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  paid_at: z.string().nullable(),
  packed_at: z.string().nullable(),
  shipped_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  canceled_at: z.string().nullable(),
  /** Placed by an approved wholesaler (decision 046). */
  wholesale: z.boolean(),
});
export type AdminOrderRow = z.infer<typeof AdminOrderRow>;

export const OrderListResponse = z.object({
  orders: z.array(AdminOrderRow),
  /** Pass as `after` for the next page; null on the last one. */
  next_after: z.string().nullable(),
});
export type OrderListResponse = z.infer<typeof OrderListResponse>;

// ── GET /api/admin/orders/:id ──

export const OrderIdParams = z.object({ id: Id });
export type OrderIdParams = z.input<typeof OrderIdParams>;

/** The address as a parcel's label shows it. */
export const AddressLabel = z.object({
  name: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  phone: z.string(),
});
export type AddressLabel = z.infer<typeof AddressLabel>;

export const AdminOrderLine = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  name: z.string(),
  /** Relative to the site: 'images/products/x.webp'. */
  image_url: z.string(),
  size: z.string(),
  quantity: z.number().int(),
  unit_price_paise: z.number().int(),
  line_total_paise: z.number().int(),
  /** The print on the line's shirts (decision 049), its price per piece in rupees; null: none. */
  print: CartPrint.nullish(),
});
export type AdminOrderLine = z.infer<typeof AdminOrderLine>;

export const AdminPaymentAttempt = z.object({
  id: z.number().int(),
  provider: z.string(),
  /** The provider's id of the attempt (a payment link, the sandbox's own id). */
  provider_ref: z.string(),
  provider_payment_id: z.string().nullable(),
  status: z.string(),
  amount_paise: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminPaymentAttempt = z.infer<typeof AdminPaymentAttempt>;

export const AdminOrderReturn = z.object({
  id: z.number().int(),
  kind: z.enum(['return', 'exchange']),
  status: z.enum(RETURN_STATUSES),
  reason: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  lines: z.array(
    z.object({
      order_item_id: z.number().int(),
      name: z.string(),
      size: z.string(),
      quantity: z.number().int(),
      /** The size wanted instead, for an exchange. */
      exchange_size: z.string().nullable(),
    }),
  ),
});
export type AdminOrderReturn = z.infer<typeof AdminOrderReturn>;

/**
 * What became of a WhatsApp message about the order (decision 066): waiting in the outbox,
 * accepted by the Cloud API, then sent, delivered and read as its webhooks say, or failed
 * (`not_sent`: the shop gave up on it, or the API refused it, with the reason in `error`).
 */
export const WHATSAPP_MESSAGE_STATUSES = [
  'waiting',
  'accepted',
  'sent',
  'delivered',
  'read',
  'failed',
  'not_sent',
] as const;
export const AdminWhatsAppMessage = z.object({
  id: z.number().int(),
  /** The template's name as registered in WhatsApp Manager: 'kitroom_order_confirmed'. */
  template: z.string(),
  /** '+91 98765 43210'. */
  to: z.string(),
  status: z.enum(WHATSAPP_MESSAGE_STATUSES),
  error: z.string().nullable(),
  created_at: z.string(),
  /** When the status was last reported. */
  status_at: z.string(),
});
export type AdminWhatsAppMessage = z.infer<typeof AdminWhatsAppMessage>;

export const AdminOrderEvent = z.object({
  id: z.number().int(),
  type: z.enum(ORDER_EVENT_KINDS),
  actor: z.enum(['shopper', 'staff', 'provider', 'system']),
  staff_name: z.string().nullable(),
  note: z.string(),
  /** What the step carried: courier and tracking, a refund's amount, a return's id. */
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AdminOrderEvent = z.infer<typeof AdminOrderEvent>;

export const AdminOrder = z.object({
  id: z.number().int(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  stage: OrderStage,
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_method: z.string(),
  subtotal_paise: z.number().int(),
  shipping_paise: z.number().int(),
  discount_paise: z.number().int(),
  total_paise: z.number().int(),
  coupon_code: z.string().nullable(),
  packed_at: z.string().nullable(),
  shipped_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  canceled_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  courier_name: z.string().nullable(),
  tracking_id: z.string().nullable(),
  tracking_link: z.string().nullable(),
  /** YYYY-MM-DD. */
  expected_date: z.string().nullable(),
  /** The e-way bill number (orders above ₹50,000; decision 046). */
  eway_bill_number: z.string().nullable(),
  /** An approved wholesaler's shop, frozen when the order was placed; null: a retail order. */
  wholesale_buyer: z
    .object({ legal_name: z.string(), address: z.string(), gstin: z.string().nullable() })
    .nullable(),
});
export type AdminOrder = z.infer<typeof AdminOrder>;

export const AdminOrderResponse = z.object({
  order: AdminOrder,
  /** The shopper's account: null for a role without customers.read. */
  customer: z
    .object({ id: z.number().int(), name: z.string(), email: z.string(), phone: z.string() })
    .nullable(),
  address: AddressLabel,
  lines: z.array(AdminOrderLine),
  payments: z.array(AdminPaymentAttempt),
  /** Oldest first. */
  refunds: z.array(AdminRefund),
  /** What can still be refunded: paid, less what is refunded or on its way. */
  refundable_paise: z.number().int(),
  /** Every movement of the order's money and whether it balances; null without orders.money. */
  ledger: LedgerOrder.nullable(),
  returns: z.array(AdminOrderReturn),
  /** Oldest first. */
  events: z.array(AdminOrderEvent),
  /** The WhatsApp updates written for the order, oldest first (decision 066). */
  whatsapp: z.array(AdminWhatsAppMessage),
  /** What the order's stage allows; the role decides which of them a staff member may do. */
  actions: z.array(OrderAction),
  /** The tax invoice, issued when the order ships; null before. */
  invoice: z
    .object({ number: z.string(), issued_at: z.string(), total_paise: z.number().int() })
    .nullable(),
  /**
   * While the order may still ship: why it could not be invoiced now, in staff's words (the
   * ship action refuses with them); empty when it can, or once it is invoiced.
   */
  invoice_problems: z.array(z.string()),
  /** The invoice's registration on the IRP (B2B under e-invoicing, decision 068); null: none. */
  e_invoice: AdminEInvoice.nullable(),
  /**
   * Above ₹50,000 while the order may still ship: what the e-way bill still needs ('invoice':
   * issue the invoice, whose number the portal asks for; 'number': enter the e-way bill's
   * number); null when nothing is missing or the order needs none.
   */
  eway_bill_needed: z.enum(['invoice', 'number']).nullable(),
  /** The e-way bill panel (decision 072): a B2B order or one above ₹50,000; else null. */
  e_way_bill: AdminEwayBill.nullable(),
});
export type AdminOrderResponse = z.infer<typeof AdminOrderResponse>;

// ── the actions ──

export const PackOrdersRequest = z.object({
  order_ids: z
    .array(Id, { error: 'order_ids must be a list of order ids' })
    .min(1, 'choose at least one order')
    .max(MAX_BULK_ORDERS, `at most ${MAX_BULK_ORDERS} orders at once`)
    .refine((ids) => new Set(ids).size === ids.length, 'each order may appear only once'),
});
export type PackOrdersRequest = z.input<typeof PackOrdersRequest>;

export const PackOrdersResponse = z.object({
  packed: z.array(z.number().int()),
  refused: z.array(z.object({ order_id: z.number().int(), error: z.string() })),
});
export type PackOrdersResponse = z.infer<typeof PackOrdersResponse>;

/** A text field, its messages in the staff's words: `what` is how the form names it. */
function text(what: string, min: number, max: number) {
  return z
    .string({ error: `${what} is required` })
    .trim()
    .min(min, min === 1 ? `${what} is required` : `${what} must be at least ${min} characters`)
    .max(max, `${what} must be at most ${max} characters`);
}

export const ShipOrderRequest = z.object({
  courier_name: text('The courier', 1, 80),
  tracking_id: text('The tracking id', 1, 80).regex(
    /^[\w./-]+$/,
    'The tracking id may hold letters, digits, dots, slashes and dashes only',
  ),
  /** The courier's tracking page; https only. */
  tracking_link: z
    .union([
      z
        .url({
          protocol: /^https$/,
          error: 'The tracking link must be an https:// address',
        })
        .max(500, 'The tracking link must be at most 500 characters'),
      z.literal(''),
      z.null(),
    ])
    .optional()
    .transform((v) => (v ? v : null)),
  /** When the parcel should arrive (an Indian day, today or later). */
  expected_date: z
    .union([
      CalendarDay('expected_date').refine(
        (v) => v >= indianDay(new Date()),
        'The expected delivery must be today or later',
      ),
      z.literal(''),
      z.null(),
    ])
    .optional()
    .transform((v) => (v ? v : null)),
});
export type ShipOrderRequest = z.input<typeof ShipOrderRequest>;

// ── e-way bills (decision 046) ──

/** An order whose value is above this (₹50,000) needs an e-way bill before it ships. */
export const EWAY_BILL_ABOVE_PAISE = 5_000_000;

/** Whether an order of this value needs an e-way bill: above ₹50,000, not at it. */
export function needsEwayBill(totalPaise: number): boolean {
  return totalPaise > EWAY_BILL_ABOVE_PAISE;
}

export const EWAY_BILL_FORMAT_ERROR =
  'The e-way bill number is the 12 digits the portal gave (e.g. 1812 3456 7890).';

/** The 12-digit number; spaces as the portal prints it are taken out. */
export const EwayBillRequest = z.object({
  eway_bill_number: z
    .string({ error: EWAY_BILL_FORMAT_ERROR })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12}$/, EWAY_BILL_FORMAT_ERROR)),
});
export type EwayBillRequest = z.input<typeof EwayBillRequest>;

export const CancelOrderRequest = z.object({ reason: text('reason', 3, 500) });
export type CancelOrderRequest = z.input<typeof CancelOrderRequest>;

export const OrderNoteRequest = z.object({ note: text('note', 1, 1000) });
export type OrderNoteRequest = z.input<typeof OrderNoteRequest>;

// ── GET /api/admin/orders/packing-slips ──

export const PackingSlipsQuery = z.object({
  /** Order ids, comma-separated: '12,15,16'. */
  ids: z
    .string({ error: 'ids is required' })
    .regex(/^\s*#?\d{1,10}(\s*,\s*#?\d{1,10})*\s*$/, 'ids must be order ids separated by commas')
    .transform((v) => [...new Set(v.split(',').map((s) => Number(s.trim().replace('#', ''))))])
    .pipe(
      z
        .array(z.number().int().positive('ids must be order ids').max(2_147_483_647))
        .max(MAX_BULK_ORDERS, `at most ${MAX_BULK_ORDERS} orders at once`),
    ),
});
export type PackingSlipsQuery = z.input<typeof PackingSlipsQuery>;
