// Orders as staff see them: the list with its filters, search and keyset pages, one order with
// its lines, address label, payments, refunds, returns and timeline, the same list as a CSV
// file, and the packing slips. What a role may see is decided here: without customers.read
// (packers) there is no email or account phone, only the address label a parcel needs.
import type { Readable } from 'node:stream';
import { paiseToDecimalString, printedText } from '@kitroom/contract';
import {
  ORDER_ACTIONS,
  roleMay,
  type AddressLabel,
  type AdminOrderEvent,
  type AdminOrderResponse,
  type CancelEwayBillRequest,
  type PartBRequest,
  type AdminOrderRow,
  type OrderAction,
  type OrderExportQuery,
  type OrderListQuery,
  type OrderListResponse,
  type OrderTotalsResponse,
  needsEwayBill,
  type OrderStage as ContractStage,
  type ShipOrderRequest,
  type StaffRole,
} from '@kitroom/contract/admin';
import type { z } from 'zod';
import type { Queryable } from '../db/index.js';
import { record, type Actor } from '../staff/index.js';
import { csvStream } from '../csv-writer.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../domain-errors.js';
import { indianDateTime, indianDayOf, indianMidnight } from '../indian-days.js';
import {
  refundableOf,
  orderLedger,
  linePrintOf,
  stageOf,
  TRANSITIONS,
  type OrderEventName,
  type OrderStage,
  eventsOfOrder,
  type OrderEventRow,
} from '../orders/index.js';
import { getSettings } from '../settings/index.js';
import { orderWhatsAppMessages } from '../notifications/index.js';
import { eInvoiceOfOrder, ewayBillPanel, invoiceOfOrder, invoiceProblems } from '../tax/index.js';
import * as fulfilment from '../fulfilment/index.js';
import { recordManualShipment } from '../shipping/index.js';
import * as q from './orders.admin.queries.js';
import * as rq from '../orders/returns.queries.js';
import type { OrderContext } from '../orders/index.js';
import * as ewayBills from '../fulfilment/index.js';
import { renderPackingSlips, type PackingSlip } from '../fulfilment/index.js';

export const ORDER_NOT_FOUND = 'Order not found.';
export const EMAIL_SEARCH_NOT_ALLOWED = 'Your role may not search orders by email.';
export const BAD_CURSOR = 'after: after must be a next_after the list answered';

/** The contract's stages are the state machine's, word for word. */
const sameStages: ContractStage extends OrderStage
  ? OrderStage extends ContractStage
    ? true
    : never
  : never = true;
void sameStages;

const ACTION_EVENTS: Record<OrderAction, OrderEventName> = {
  pack: 'pack',
  ship: 'ship',
  deliver: 'deliver',
  cancel: 'cancel-by-shop',
};

/** What staff may do to an order in this stage, by the state machine's table. */
export function actionsOf(stage: OrderStage): OrderAction[] {
  return ORDER_ACTIONS.filter((a) => TRANSITIONS[stage][ACTION_EVENTS[a]] !== undefined);
}

const iso = (v: Date | string) => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

type OrderStatusText = AdminOrderRow['status'];
type PaymentStatusText = AdminOrderRow['payment_status'];

// ─── the list ───

const MAX_DB_ID = 2_147_483_647;

/**
 * What the search box holds: '#123' or a short number is an order id, 10 digits (spaces,
 * dashes, +91 or a leading 0 aside) a phone number, text with '@' an email, anything else a
 * name in the address or on the account.
 */
export function readSearch(text: string): q.OrderSearch | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  const byId = /^#\s*(\d{1,10})$/.exec(t) ?? /^(\d{1,9})$/.exec(t);
  if (byId) {
    const id = Number(byId[1]);
    // An id beyond the column's range belongs to no order (0 matches none either).
    return { kind: 'id', id: id <= MAX_DB_ID ? id : 0 };
  }
  if (/^[+\d\s()-]+$/.test(t)) {
    const digits = t.replace(/\D/g, '');
    const phone =
      digits.length === 12 && digits.startsWith('91')
        ? digits.slice(2)
        : digits.length === 11 && digits.startsWith('0')
          ? digits.slice(1)
          : digits;
    if (phone.length === 10) return { kind: 'phone', phone };
  }
  if (t.includes('@')) return { kind: 'email', email: t.toLowerCase() };
  return { kind: 'name', text: t };
}

function filterOf(
  role: StaffRole,
  query: z.output<typeof OrderExportQuery> | z.output<typeof OrderListQuery>,
): q.OrderFilter {
  const search = query.q === undefined ? undefined : readSearch(query.q);
  if (search?.kind === 'email' && !roleMay(role, 'customers.read')) {
    throw new Forbidden(EMAIL_SEARCH_NOT_ALLOWED);
  }
  return {
    ...(query.status !== undefined ? { status: query.status } : {}),
    ...(query.payment !== undefined ? { payment: query.payment } : {}),
    ...(query.from !== undefined ? { from: indianMidnight(query.from) } : {}),
    ...(query.to !== undefined ? { before: indianMidnight(query.to, 1) } : {}),
    ...(query.state !== undefined ? { state: query.state } : {}),
    ...(search !== undefined ? { search } : {}),
    ...(query.wholesale !== undefined ? { wholesale: true } : {}),
    ...(query.user_id !== undefined ? { userId: Number(query.user_id) } : {}),
  };
}

function decodeCursor(text: string): q.OrderCursor {
  const [micros, id] = text.split('.') as [string, string];
  // Beyond a bigint of microseconds or an integer id: not a cursor this list gave.
  if (Number(id) > MAX_DB_ID || micros.length > 18) throw new Invalid(BAD_CURSOR);
  return { micros, id: Number(id) };
}

/** What a role is shown beside an order's parcel: the shopper's details, the money. */
interface Shown {
  customers: boolean;
  money: boolean;
}

const shownTo = (role: StaffRole): Shown => ({
  customers: roleMay(role, 'customers.read'),
  money: roleMay(role, 'orders.money'),
});

function rowOf(r: q.OrderListRow, shown: Shown): AdminOrderRow {
  return {
    id: r.id,
    created_at: iso(r.created_at),
    status: r.order_status as OrderStatusText,
    stage: stageOf({ order_status: r.order_status, packed_at: r.packed_at }),
    payment_status: r.payment_status as PaymentStatusText,
    total_paise: shown.money ? r.total_paise : null,
    items: r.items,
    name: `${r.first_name} ${r.last_name}`.trim(),
    city: r.city,
    state: r.state,
    email: shown.customers ? r.email : null,
    phone: shown.customers ? r.phone : null,
    paid_at: isoOrNull(r.paid_at),
    packed_at: isoOrNull(r.packed_at),
    shipped_at: isoOrNull(r.shipped_at),
    delivered_at: isoOrNull(r.delivered_at),
    canceled_at: isoOrNull(r.canceled_at),
    wholesale: r.wholesale,
  };
}

/** A page of orders, newest first, with the cursor of the next. */
export async function listOrders(
  db: Queryable,
  role: StaffRole,
  query: z.output<typeof OrderListQuery>,
): Promise<OrderListResponse> {
  const rows = await q.listOrders(db, filterOf(role, query), {
    ...(query.after !== undefined ? { after: decodeCursor(query.after) } : {}),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const shown = shownTo(role);
  return {
    orders: page.map((r) => rowOf(r, shown)),
    next_after: rows.length > query.limit && last ? `${last.micros}.${last.id}` : null,
  };
}

/** The count and paid value of the orders the filters find (a wholesaler's history). */
export async function orderTotals(
  db: Queryable,
  role: StaffRole,
  query: z.output<typeof OrderExportQuery>,
): Promise<OrderTotalsResponse> {
  const t = await q.orderTotals(db, filterOf(role, query));
  return { orders: t.orders, paid_orders: t.paid_orders, paid_total_paise: t.paid_total_paise };
}

// ─── the CSV file ───

/** Orders per query of the export. */
export const EXPORT_BATCH = 1000;

const CSV_HEAD = [
  'order_id',
  'placed_at_ist',
  'status',
  'stage',
  'payment_status',
  'total_rupees',
  'items',
  'name',
  'street',
  'city',
  'state',
  'pincode',
] as const;
const CSV_CUSTOMER = ['email', 'phone'] as const;
const CSV_TAIL = [
  'paid_at_ist',
  'packed_at_ist',
  'shipped_at_ist',
  'delivered_at_ist',
  'canceled_at_ist',
  'courier_name',
  'tracking_id',
] as const;

/** The file name of an export on an Indian date. */
export function ordersExportFileName(now = new Date()): string {
  return `kitroom-orders-${indianDayOf(now)}.csv`;
}

function csvHeader(shown: Shown): string[] {
  return [
    ...CSV_HEAD.filter((c) => shown.money || c !== 'total_rupees'),
    ...(shown.customers ? CSV_CUSTOMER : []),
    ...CSV_TAIL,
  ];
}

function csvRecord(r: q.OrderListRow, shown: Shown): string[] {
  const at = (v: Date | string | null) => (v === null ? '' : indianDateTime(new Date(v)));
  return [
    String(r.id),
    at(r.created_at),
    r.order_status,
    stageOf({ order_status: r.order_status, packed_at: r.packed_at }),
    r.payment_status,
    ...(shown.money ? [paiseToDecimalString(r.total_paise)] : []),
    String(r.items),
    `${r.first_name} ${r.last_name}`.trim(),
    r.street_name,
    r.city,
    r.state,
    r.pincode,
    ...(shown.customers ? [r.email, r.phone] : []),
    at(r.paid_at),
    at(r.packed_at),
    at(r.shipped_at),
    at(r.delivered_at),
    at(r.canceled_at),
    r.courier_name ?? '',
    r.tracking_id ?? '',
  ];
}

async function* exportRecords(
  db: Queryable,
  filter: q.OrderFilter,
  shown: Shown,
): AsyncGenerator<string[][]> {
  yield [csvHeader(shown)];
  let after: q.OrderCursor | undefined;
  for (;;) {
    const rows = await q.listOrders(db, filter, {
      ...(after ? { after } : {}),
      limit: EXPORT_BATCH,
    });
    yield rows.map((row) => csvRecord(row, shown));
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH) return;
    after = { micros: last.micros, id: last.id };
  }
}

/**
 * The list's orders with the same filters as CSV (UTF-8 with a BOM, CRLF), newest first, read
 * a batch at a time. Refusals (an email search by a packer) are thrown before it starts; the
 * download is audited, with its filters, since it carries shoppers' details.
 */
export async function exportOrders(
  db: Queryable,
  { actor, role }: StaffCaller,
  query: z.output<typeof OrderExportQuery>,
): Promise<Readable> {
  const filter = filterOf(role, query);
  await record(db, actor, {
    entity: 'order',
    entityId: 'export',
    action: 'export_csv',
    after: { ...query },
  });
  return csvStream(exportRecords(db, filter, shownTo(role)), { bom: true });
}

// ─── one order ───

/** The address stored with the order, as a label shows it. */
export function labelOf(order: q.OrderRow): AddressLabel {
  const a = order.shipping_address;
  const text = (key: string) => (typeof a[key] === 'string' ? a[key] : '');
  return {
    name: `${text('first_name')} ${text('last_name')}`.trim(),
    street: text('street_name'),
    city: text('city'),
    state: text('state') || order.state,
    pincode: text('pincode'),
    phone: text('phone') || order.mobile_number,
  };
}

function eventOf(e: OrderEventRow): AdminOrderEvent {
  return {
    id: Number(e.id),
    type: e.type,
    actor: e.actor,
    staff_name: e.staff_name,
    note: e.note,
    data: e.data ?? {},
    created_at: iso(e.created_at),
  };
}

/** One order with everything staff need about it; the customer's account only for customers.read. */
export async function getOrder(
  db: Queryable,
  role: StaffRole,
  id: number,
  /** Whether NIC's e-way bill API is configured (the panel offers to generate, 072). */
  ewbApi: boolean,
): Promise<AdminOrderResponse> {
  const order = await q.orderById(db, id);
  if (!order) throw new NotFound(ORDER_NOT_FOUND);
  const stage = stageOf(order);
  const actions = actionsOf(stage);
  const money = roleMay(role, 'orders.money');
  const [lines, payments, refunds, refundable, returns, events, invoice, ledger] =
    await Promise.all([
      q.linesOfOrders(db, [id]),
      q.paymentsOfOrder(db, id),
      q.refundsOfOrder(db, id),
      refundableOf(db, id),
      q.returnsOfOrder(db, id),
      eventsOfOrder(db, id),
      invoiceOfOrder(db, id),
      money ? orderLedger(db, id) : null,
    ]);
  // Said before anyone tries to ship: the ship action would refuse with the same reasons.
  const problems =
    invoice === null && actions.includes('ship') ? await invoiceProblems(db, id) : [];
  const response: AdminOrderResponse = {
    order: {
      id: order.id,
      created_at: iso(order.created_at),
      paid_at: isoOrNull(order.paid_at),
      status: order.order_status as OrderStatusText,
      stage,
      payment_status: order.payment_status as PaymentStatusText,
      payment_method: order.payment_method,
      subtotal_paise: order.subtotal_paise,
      shipping_paise: order.shipping_paise,
      discount_paise: order.discount_paise,
      total_paise: order.total_paise,
      coupon_code: order.coupon_code,
      packed_at: isoOrNull(order.packed_at),
      shipped_at: isoOrNull(order.shipped_at),
      delivered_at: isoOrNull(order.delivered_at),
      canceled_at: isoOrNull(order.canceled_at),
      cancel_reason: order.cancel_reason,
      courier_name: order.courier_name,
      tracking_id: order.tracking_id,
      tracking_link: order.tracking_link,
      expected_date: order.expected_date,
      eway_bill_number: order.eway_bill_number,
      wholesale_buyer: order.wholesale_buyer,
    },
    customer: roleMay(role, 'customers.read')
      ? {
          id: order.user_id,
          name: order.user_name,
          email: order.email,
          phone: order.account_phone,
        }
      : null,
    address: labelOf(order),
    lines: lines.map((l) => ({
      id: l.id,
      product_id: l.product_id,
      name: l.product_name,
      image_url: l.product_image_url,
      size: l.size,
      quantity: l.quantity,
      unit_price_paise: l.unit_price_paise,
      line_total_paise: l.unit_price_paise * l.quantity,
      ...printOf(l),
    })),
    payments: payments.map((p) => ({
      ...p,
      created_at: iso(p.created_at),
      updated_at: iso(p.updated_at),
    })),
    refunds: refunds.map((r) => ({
      id: r.id,
      order_id: r.order_id,
      amount_paise: r.amount_paise,
      status: r.status,
      provider: r.provider,
      provider_refund_id: r.provider_refund_id,
      reason: r.reason,
      requested_by: r.staff_id === null ? null : { id: r.staff_id, name: r.staff_name ?? '' },
      created_at: iso(r.created_at),
      updated_at: iso(r.updated_at),
      processed_at: isoOrNull(r.processed_at),
      attempts: r.attempts,
      last_error: r.last_error,
      method: r.method,
      payout_to: r.payout_to,
      utr: r.utr,
    })),
    refundable_paise: refundable,
    ledger,
    returns: returns.returns.map((r) => ({
      id: r.id,
      kind: r.kind,
      status: r.status,
      reason: r.reason,
      created_at: iso(r.created_at),
      decided_at: isoOrNull(r.decided_at),
      lines: returns.lines
        .filter((l) => l.return_id === r.id)
        .map((l) => ({
          order_item_id: l.order_item_id,
          name: l.product_name,
          size: l.size,
          quantity: l.quantity,
          exchange_size: l.exchange_size,
        })),
    })),
    events: events.map(eventOf),
    whatsapp: await orderWhatsAppMessages(db, id),
    actions,
    invoice: invoice && {
      number: invoice.number,
      issued_at: invoice.issuedAt.toISOString(),
      total_paise: invoice.totalPaise,
    },
    invoice_problems: problems,
    e_invoice: money && invoice ? await eInvoiceOfOrder(db, id) : null,
    eway_bill_needed:
      !needsEwayBill(order.total_paise) || !actions.includes('ship')
        ? null
        : invoice === null
          ? 'invoice'
          : order.eway_bill_number === null
            ? 'number'
            : null,
    e_way_bill: await ewayBillPanel(
      db,
      { id, total_paise: order.total_paise, b2b: Boolean(order.wholesale_buyer?.gstin) },
      ewbApi,
      new Date(),
    ),
  };
  return money ? response : withoutMoney(response);
}

/**
 * What a role without orders.money (packers) is shown of an order: no payments with their
 * provider ids, no refunds or their reasons, and no amounts in the timeline.
 */
function withoutMoney(response: AdminOrderResponse): AdminOrderResponse {
  return {
    ...response,
    payments: [],
    refunds: [],
    refundable_paise: 0,
    ledger: null,
    events: response.events.map((e) => ({
      ...e,
      note: e.type.startsWith('refund') ? '' : e.note,
      data: Object.fromEntries(Object.entries(e.data).filter(([key]) => !key.endsWith('_paise'))),
    })),
  };
}

// ─── the actions: the fulfilment service's steps, returning the order as it is now ───

/** Who acts, and with which role (what the response may show). */
export interface StaffCaller {
  actor: Actor;
  role: StaffRole;
}

export async function shipOrder(
  ctx: OrderContext,
  by: StaffCaller,
  id: number,
  body: z.output<typeof ShipOrderRequest>,
): Promise<AdminOrderResponse> {
  const shipment = {
    courierName: body.courier_name,
    trackingId: body.tracking_id,
    trackingLink: body.tracking_link,
    expectedDate: body.expected_date,
  };
  // With NIC's API configured, an order above ₹50,000 gets its e-way bill first (072).
  await ewayBills.ewayBillBeforeShipping(ctx, by.actor, id);
  // Every shipped order has a shipments row; by hand, it is the 'manual' courier's.
  await fulfilment.shipOrder(ctx, by.actor, id, shipment, (tx) =>
    recordManualShipment(tx, id, by.actor.staffId, shipment),
  );
  return getOrder(ctx.db, by.role, id, ctx.ewb !== null);
}

/** Issues the invoice of an order above ₹50,000 before it ships (its e-way bill needs it). */
export async function issueInvoice(
  ctx: OrderContext,
  by: StaffCaller,
  id: number,
): Promise<AdminOrderResponse> {
  await fulfilment.issueInvoiceBeforeShipping(ctx.db, by.actor, id);
  return getOrder(ctx.db, by.role, id, ctx.ewb !== null);
}

/** Stores the e-way bill number of an invoiced order above ₹50,000 not yet shipped. */
export async function setEwayBill(
  ctx: OrderContext,
  by: StaffCaller,
  id: number,
  number: string,
): Promise<AdminOrderResponse> {
  await fulfilment.recordEwayBill(ctx.db, by.actor, id, number);
  return getOrder(ctx.db, by.role, id, ctx.ewb !== null);
}

/** Generates the order's e-way bill through NIC's API now (decision 072). */
export async function generateEwayBill(
  ctx: OrderContext,
  by: StaffCaller,
  id: number,
): Promise<AdminOrderResponse> {
  await ewayBills.generateEwayBill(ctx, by.actor, id);
  return getOrder(ctx.db, by.role, id, true);
}

/** Cancels the order's e-way bill on NIC's API, within 24 hours. */
export async function cancelEwayBill(
  ctx: OrderContext,
  by: StaffCaller,
  id: number,
  ask: z.output<typeof CancelEwayBillRequest>,
): Promise<AdminOrderResponse> {
  await ewayBills.cancelEwayBill(ctx, by.actor, id, ask);
  return getOrder(ctx.db, by.role, id, true);
}

/** Updates Part B (the vehicle) of the order's e-way bill on NIC's API. */
export async function updateEwayBillPartB(
  ctx: OrderContext,
  by: StaffCaller,
  id: number,
  ask: z.output<typeof PartBRequest>,
): Promise<AdminOrderResponse> {
  await ewayBills.updatePartB(ctx, by.actor, id, ask);
  return getOrder(ctx.db, by.role, id, true);
}

export async function deliverOrder(
  ctx: OrderContext,
  by: StaffCaller,
  id: number,
): Promise<AdminOrderResponse> {
  await fulfilment.deliverOrder(ctx, by.actor, id);
  return getOrder(ctx.db, by.role, id, ctx.ewb !== null);
}

/** Cancels with the reason; a paid order's full refund is sent before this returns. */
export async function cancelOrder(
  ctx: OrderContext,
  by: StaffCaller,
  id: number,
  reason: string,
): Promise<AdminOrderResponse> {
  await fulfilment.cancelOrder(ctx, { staff: by.actor }, id, reason, {
    refundLimited: !roleMay(by.role, 'orders.refund'),
  });
  return getOrder(ctx.db, by.role, id, ctx.ewb !== null);
}

export async function addNote(
  ctx: OrderContext,
  by: StaffCaller,
  id: number,
  note: string,
): Promise<AdminOrderResponse> {
  await fulfilment.addOrderNote(ctx.db, by.actor, id, note);
  return getOrder(ctx.db, by.role, id, ctx.ewb !== null);
}

// ─── packing slips ───

const NO_SLIP: Partial<Record<OrderStage, string>> = {
  pending: 'is waiting for payment',
  canceled: 'is canceled',
};

/** A line's print for the order page, only when it has one. */
function printOf(l: q.LineRow) {
  const print = linePrintOf(l);
  return print ? { print } : {};
}

/** One PDF with a packing slip per order, in the order asked; paid orders only. */
export async function packingSlips(db: Queryable, ids: readonly number[]): Promise<Buffer> {
  const orders = new Map((await q.ordersByIds(db, ids)).map((o) => [o.id, o]));
  for (const id of ids) {
    const order = orders.get(id);
    if (!order) throw new NotFound(`Order #${id} not found.`);
    const refusal = NO_SLIP[stageOf(order)];
    if (refusal) throw new Conflict(`Order #${id} ${refusal}, so it has no packing slip.`);
  }
  const lines = await q.linesOfOrders(db, ids);
  const slips: PackingSlip[] = ids.map((id) => {
    const order = orders.get(id)!;
    return {
      orderId: id,
      placedAt: new Date(order.created_at),
      paidAt: order.paid_at === null ? null : new Date(order.paid_at),
      shipTo: labelOf(order),
      lines: lines
        .filter((l) => l.order_id === id)
        .map((l) => ({ name: slipName(l), size: l.size, quantity: l.quantity })),
    };
  });
  return renderPackingSlips(await slipShop(db), slips);
}

/**
 * The packing slip of an exchange's replacement: the order's ship-to and the exchange's lines in
 * the sizes asked for (a printed shirt printed the same), once the shirts it replaces are back.
 */
export async function replacementPackingSlip(db: Queryable, returnId: number): Promise<Buffer> {
  const r = await rq.returnById(db, returnId);
  if (!r) throw new NotFound('Return not found.');
  if (r.kind !== 'exchange') {
    throw new Conflict(`Return #${returnId} is a return, so there is no replacement to pack.`);
  }
  if (r.status === 'requested' || r.status === 'approved' || r.status === 'rejected') {
    throw new Conflict(
      `Exchange #${returnId} is not received yet, so its replacement has no packing slip.`,
    );
  }
  const [order] = await q.ordersByIds(db, [r.order_id]);
  const lines = await rq.linesOfReturns(db, [returnId]);
  const slip: PackingSlip = {
    orderId: r.order_id,
    exchangeId: returnId,
    placedAt: new Date(order!.created_at),
    paidAt: order!.paid_at === null ? null : new Date(order!.paid_at),
    shipTo: labelOf(order!),
    lines: lines.map((l) => ({ name: slipName(l), size: l.exchange_size!, quantity: l.quantity })),
  };
  return renderPackingSlips(await slipShop(db), [slip]);
}

/** A line as a slip names it: the shirt, and its print when it has one. */
function slipName(l: {
  product_name: string;
  print_name: string;
  print_number: number | null;
  print_patch: boolean;
}): string {
  const printed = printedText({
    name: l.print_name,
    number: l.print_number,
    patch: l.print_patch,
  });
  return printed ? `${l.product_name} — ${printed}` : l.product_name;
}

async function slipShop(db: Queryable) {
  const shop = await getSettings(db);
  return {
    name: shop.legal_name,
    address: shop.address,
    city: shop.city,
    state: shop.state,
    pincode: shop.pincode,
    phone: shop.phone,
  };
}
