// The order's life after checkout (OPERATIONS.md, Order lifecycle): pack, ship, deliver,
// cancel and refund. Each step is one transaction that locks the order, asks the state
// machine (lifecycle.ts) whether the step may happen, and writes the change with its order
// event, its stock ledger rows, its audit entry (staff) and its mail (outbox) — all or
// nothing. Money goes back after the commit, through the provider, with the refund's key.
import { formatRupees, paiseToRupees, type PayoutDetails } from '@kitroom/contract';
import { needsEwayBill } from '@kitroom/contract/admin';
import type { Db, Queryable, Tx } from '../db/index.js';
import * as coupons from '../coupons/index.js';
import { Conflict, DomainError, Forbidden, Invalid, NotFound } from '../domain-errors.js';
import { enqueueOrderMail } from '../notifications/index.js';
import * as payments from '../payments/index.js';
import * as refunds from '../orders/index.js';
import { getSettings } from '../settings/index.js';
import { record, type Actor } from '../staff/index.js';
import * as stock from '../stock/index.js';
import {
  creditNoteForCancellation,
  recordTyped as recordTypedEwayBill,
  invoiceOfOrder,
  issueInvoice,
} from '../tax/index.js';
import {
  unconfirmedCodProblem,
  collectCashOnDelivery,
  stageOf,
  transition,
  type OrderEventName,
  recordEvent,
  SYSTEM,
  type OrderActor,
} from '../orders/index.js';
import * as codQueries from '../orders/cod.queries.js';
import * as q from '../orders/orders.queries.js';
import type { OrderContext } from '../orders/index.js';

const rupees = (paise: number) => formatRupees(paiseToRupees(paise));

export const ORDER_NOT_FOUND = 'Order not found.';

/** Who asks for a step: a staff member (audited) or the shopper who placed the order. */
export type Requester = { staff: Actor } | { userId: number };

function actorOf(by: Requester): OrderActor {
  if ('staff' in by) {
    if (by.staff.staffId === null) return SYSTEM;
    return { kind: 'staff', staffId: by.staff.staffId, ip: by.staff.ip };
  }
  return { kind: 'shopper', userId: by.userId };
}

/** Locks an order for another domain's step on it (a shipment booked, canceled, settled). */
export function lockOrder(tx: Queryable, orderId: number): Promise<q.OrderRow | undefined> {
  return q.lockOrder(tx, orderId);
}

/** The order locked for this transaction; a shopper's only when it is theirs. */
async function lockFor(tx: Queryable, orderId: number, by: Requester): Promise<q.OrderRow> {
  const order = await q.lockOrder(tx, orderId);
  if (!order || ('userId' in by && order.user_id !== by.userId))
    throw new NotFound(ORDER_NOT_FOUND);
  return order;
}

/** A COD order waits for the shopper's confirmation before staff may pack or ship it. */
function refuseUnconfirmedCod(order: q.OrderRow, step: 'packed' | 'shipped'): void {
  const problem = unconfirmedCodProblem(order, step);
  if (problem) throw new Conflict(problem);
}

/** Refuses a step the state machine does not allow from the order's stage. */
function allow(order: q.OrderRow, event: OrderEventName): void {
  const step = transition(stageOf(order), event, order.id);
  if (!step.ok) throw new Conflict(step.error);
}

/**
 * Why an order above ₹50,000 may not ship yet (decision 046): it has no e-way bill number.
 * Every way out of the shop (the ship form, a courier booking, bulk shipping) asks this first.
 */
export function ewayBillProblem(order: {
  id: number;
  total_paise: number;
  eway_bill_number: string | null;
}): string | null {
  if (!needsEwayBill(order.total_paise) || order.eway_bill_number) return null;
  return `Order #${order.id} is worth ${formatRupees(paiseToRupees(order.total_paise))}, above ₹50,000: enter its e-way bill number before it ships.`;
}

function summary(order: q.OrderRow) {
  return {
    order_status: order.order_status,
    payment_status: order.payment_status,
    packed_at: order.packed_at,
    tracking_id: order.tracking_id,
  };
}

async function audit(
  tx: Queryable,
  by: Requester,
  orderId: number,
  action: string,
  before: q.OrderRow,
  after: Record<string, unknown>,
) {
  if (!('staff' in by)) return;
  await record(tx, by.staff, {
    entity: 'order',
    entityId: orderId,
    action,
    before: summary(before),
    after,
  });
}

// ───────────────────────────── pack, ship, deliver ─────────────────────────────

/**
 * Marks orders packed, each in its own transaction, so one that may not be packed (not
 * paid, already shipped) does not hold the others back.
 */
export async function packOrders(
  ctx: OrderContext,
  actor: Actor,
  orderIds: readonly number[],
): Promise<{ packed: number[]; refused: { order_id: number; error: string }[] }> {
  const packed: number[] = [];
  const refused: { order_id: number; error: string }[] = [];
  for (const orderId of [...new Set(orderIds)]) {
    try {
      await ctx.db.transaction(async (tx) => {
        const by = { staff: actor };
        const order = await lockFor(tx, orderId, by);
        refuseUnconfirmedCod(order, 'packed');
        allow(order, 'pack');
        const now = new Date();
        await q.markPacked(tx, orderId, now);
        await recordEvent(tx, orderId, 'packed', actorOf(by), { at: now });
        await audit(tx, by, orderId, 'pack', order, { packed_at: now.toISOString() });
      });
      packed.push(orderId);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      refused.push({ order_id: orderId, error: err.message });
    }
  }
  return { packed, refused };
}

export interface Shipment {
  courierName: string;
  trackingId: string;
  trackingLink: string | null;
  /** YYYY-MM-DD; null keeps the date the order already has. */
  expectedDate: string | null;
}

/**
 * Ships the order (packed or not yet): courier, tracking, expected date; issues its tax
 * invoice (decision 027: at dispatch) and mails it to the shopper. An order that cannot be
 * invoiced is not shipped: 409 'Cannot invoice: …'.
 */
export async function shipOrder(
  ctx: OrderContext,
  actor: Actor,
  orderId: number,
  shipment: Shipment,
  /** More to write in the same transaction once the order is shipped (its shipments row). */
  within?: (tx: Tx) => Promise<void>,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const by = { staff: actor };
    const order = await lockFor(tx, orderId, by);
    refuseUnconfirmedCod(order, 'shipped');
    allow(order, 'ship');
    const noEwayBill = ewayBillProblem(order);
    if (noEwayBill) throw new Conflict(noEwayBill);
    const now = new Date();
    const invoice = await issueInvoice(tx, orderId, actor.staffId, now);
    const s = {
      courierName: shipment.courierName.trim(),
      trackingId: shipment.trackingId.trim(),
      trackingLink: shipment.trackingLink?.trim() || null,
      expectedDate: shipment.expectedDate,
    };
    await q.markShipped(tx, orderId, { ...s, now });
    if (within) await within(tx);
    const data = {
      courier_name: s.courierName,
      tracking_id: s.trackingId,
      tracking_link: s.trackingLink,
      expected_date: s.expectedDate,
    };
    await recordEvent(tx, orderId, 'shipped', actorOf(by), {
      data: { ...data, invoice_number: invoice.number },
      at: now,
    });
    await audit(tx, by, orderId, 'ship', order, {
      order_status: 'Shipped',
      ...data,
      invoice_number: invoice.number,
    });
    await enqueueOrderMail(
      tx,
      ctx.config.publicUrl,
      orderId,
      'order-shipped',
      { invoice_number: invoice.number },
      null,
      [{ kind: 'tax-document', document_id: invoice.id }],
    );
  });
}

// ───────────────────────────── e-way bills (decision 046) ─────────────────────────────

/** An order above ₹50,000 that may still ship: the e-way bill steps apply to it. */
function refuseNoEwayBillStep(order: q.OrderRow): void {
  if (!needsEwayBill(order.total_paise)) {
    throw new Conflict(
      `Order #${order.id} is worth ${formatRupees(paiseToRupees(order.total_paise))}: only an order above ₹50,000 needs an e-way bill.`,
    );
  }
  const step = transition(stageOf(order), 'ship', order.id);
  if (!step.ok) {
    throw new Conflict(
      `Order #${order.id} cannot ship in its stage, so its e-way bill cannot change: ${step.error}`,
    );
  }
}

/**
 * Issues the invoice of an order above ₹50,000 before it ships: the e-way bill is generated on
 * the portal against the invoice's number and date (CGST Rule 138), then entered here.
 * Returns the existing invoice when there is one.
 */
export async function issueInvoiceBeforeShipping(
  db: Db,
  actor: Actor,
  orderId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const by = { staff: actor };
    const order = await lockFor(tx, orderId, by);
    refuseNoEwayBillStep(order);
    refuseUnconfirmedCod(order, 'shipped');
    const invoice = await issueInvoice(tx, orderId, actor.staffId, new Date());
    if (!invoice.created) return;
    await audit(tx, by, orderId, 'issue_invoice', order, { invoice_number: invoice.number });
  });
}

/** Stores (or corrects, until it ships) the e-way bill number of an invoiced order. */
export async function recordEwayBill(
  db: Db,
  actor: Actor,
  orderId: number,
  number: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const by = { staff: actor };
    const order = await lockFor(tx, orderId, by);
    refuseNoEwayBillStep(order);
    if (!(await invoiceOfOrder(tx, orderId))) {
      throw new Conflict(
        `Order #${orderId} has no invoice yet: issue it first, the e-way bill is generated against its number.`,
      );
    }
    if (order.eway_bill_number === number) return;
    const now = new Date();
    await recordTypedEwayBill(tx, orderId, number, now);
    await q.setEwayBill(tx, orderId, number, now);
    await record(tx, actor, {
      entity: 'order',
      entityId: orderId,
      action: 'eway_bill',
      before: { eway_bill_number: order.eway_bill_number },
      after: { eway_bill_number: number },
    });
  });
}

/** The parcel reached the shopper: Completed, and the return window opens. */
export async function deliverOrder(ctx: OrderContext, actor: Actor, orderId: number) {
  await ctx.db.transaction(async (tx) => {
    const by = { staff: actor };
    const order = await lockFor(tx, orderId, by);
    allow(order, 'deliver');
    const now = new Date();
    await q.markDelivered(tx, orderId, now);
    await recordEvent(tx, orderId, 'delivered', actorOf(by), { at: now });
    await collectCashOnDelivery(tx, orderId, now);
    await audit(tx, by, orderId, 'deliver', order, { order_status: 'Completed' });
    await enqueueOrderMail(tx, ctx.config.publicUrl, orderId, 'order-delivered');
  });
}

/** A note on the order's timeline, for staff only. */
export async function addOrderNote(
  db: Db,
  actor: Actor,
  orderId: number,
  note: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const by = { staff: actor };
    const order = await lockFor(tx, orderId, by);
    await recordEvent(tx, orderId, 'note', actorOf(by), { note: note.trim() });
    await audit(tx, by, orderId, 'note', order, { note });
  });
}

// ───────────────────────────── cancel ─────────────────────────────

/**
 * Cancels the locked order: its stock goes back through the ledger when the order still
 * holds it, its coupon use is given back, open payment pages end, and a paid order gets a
 * full refund written. Returns the refunds to send after commit.
 */
async function cancelLocked(
  tx: Tx,
  order: q.OrderRow,
  actor: OrderActor,
  reason: string,
  now: Date,
  /** The shop's address for the shopper's mail; null sends none. */
  mailFrom: { publicUrl: string } | null,
  /** How the stock coming back is written in the ledger (default: released by the cancel). */
  restock: { reason: 'release' | 'return'; note: string } = {
    reason: 'release',
    note: 'Order canceled',
  },
): Promise<number[]> {
  if (!order.stock_released) {
    const given = await q.giveBackStock(tx, [order.id]);
    await stock.insertLedgerEntries(
      tx,
      given.map((g) => ({
        ...g,
        delta: g.quantity,
        reason: restock.reason,
        staffId: actor.kind === 'staff' ? actor.staffId : null,
        note: restock.note,
      })),
    );
  }
  if (order.coupon_id !== null) await coupons.releaseCouponUses(tx, [order.id]);
  if (order.payment_status !== 'SUCCESS') await payments.expireOpenAttempts(tx, order.id);
  await q.markCanceled(tx, order.id, reason, now);
  // An invoiced order's tax is reversed by a credit note (none before its invoice).
  const note = await creditNoteForCancellation(tx, order.id, {
    reason: `Order canceled: ${reason}`,
    staffId: actor.kind === 'staff' ? actor.staffId : null,
    at: now,
  });
  await recordEvent(tx, order.id, 'canceled', actor, {
    note: reason,
    at: now,
    ...(note ? { data: { credit_note_number: note.number } } : {}),
  });
  let refundIds: number[] = [];
  let refundPaise: number | null = null;
  if (order.payment_status === 'SUCCESS') {
    const left = await refunds.refundableOf(tx, order.id);
    if (left > 0) {
      refundIds = (
        await refunds.requestRefund(tx, order.id, {
          amountPaise: left,
          key: `cancel-order-${order.id}`,
          reason: `Order canceled: ${reason}`,
          actor,
        })
      ).refundIds;
      refundPaise = left;
    }
  }
  if (mailFrom) {
    await enqueueOrderMail(tx, mailFrom.publicUrl, order.id, 'order-canceled', {
      reason,
      refund_paise: refundPaise,
    });
  }
  return refundIds;
}

/**
 * Cancels an order: staff (orders.manage) while it is not shipped, the shopper while it is
 * not packed. A paid order is refunded in full by itself.
 */
export async function cancelOrder(
  ctx: OrderContext,
  by: Requester,
  orderId: number,
  reason: string,
  /** Support's cancellations: a refund above the owner's limit needs a manager or the owner. */
  options: { refundLimited?: boolean } = {},
): Promise<void> {
  const why = reason.trim() || 'Canceled at your request';
  const refundIds = await ctx.db.transaction(async (tx) => {
    const order = await lockFor(tx, orderId, by);
    allow(order, 'staff' in by ? 'cancel-by-shop' : 'cancel-by-shopper');
    if (options.refundLimited && order.payment_status === 'SUCCESS') {
      const refund = await refunds.refundableOf(tx, order.id);
      const limit = (await getSettings(tx)).support_refund_limit_paise;
      if (refund > limit) {
        throw new Forbidden(
          `Canceling order #${order.id} refunds ${rupees(refund)}, more than the ${rupees(limit)} support may refund. Please ask a manager or the owner to cancel it.`,
        );
      }
    }
    const ids = await cancelLocked(tx, order, actorOf(by), why, new Date(), ctx.config);
    await audit(tx, by, orderId, 'cancel', order, { order_status: 'Canceled', reason: why });
    return ids;
  });
  await refunds.sendRefunds(ctx, refundIds);
}

export const RETURNED_TO_ORIGIN = 'Returned to origin';

/**
 * The courier brought back a parcel it could not deliver (RTO, decision 032): the order is
 * canceled by the shop itself, its stock goes back through the ledger as a return, a paid
 * order is refunded in full (an unpaid cash-on-delivery order has nothing to refund) and an
 * invoiced one gets its credit note. Returns false when the order was already canceled.
 */
export async function returnToOrigin(
  ctx: OrderContext,
  orderId: number,
  within?: (tx: Tx) => Promise<void>,
): Promise<boolean> {
  const done = await ctx.db.transaction(async (tx) => {
    const order = await q.lockOrder(tx, orderId);
    if (!order) throw new NotFound(ORDER_NOT_FOUND);
    if (stageOf(order) === 'canceled') return { canceled: false, refundIds: [] };
    allow(order, 'return-to-origin');
    const refundIds = await cancelLocked(
      tx,
      order,
      SYSTEM,
      RETURNED_TO_ORIGIN,
      new Date(),
      ctx.config,
      {
        reason: 'return',
        note: RETURNED_TO_ORIGIN,
      },
    );
    if (within) await within(tx);
    return { canceled: true, refundIds };
  });
  await refunds.sendRefunds(ctx, done.refundIds);
  return done.canceled;
}

/**
 * The courier's parcel was canceled before it was picked up: the shipped order is packed
 * again, ready for another shipment (its invoice stays; shipping again reuses it).
 */
export async function unshipOrder(
  tx: Tx,
  orderId: number,
  actor: Actor,
  note: string,
): Promise<void> {
  const by = { staff: actor };
  const order = await lockFor(tx, orderId, by);
  allow(order, 'unship');
  const now = new Date();
  await q.markUnshipped(tx, orderId, now);
  await recordEvent(tx, orderId, 'note', actorOf(by), { note, at: now });
  await audit(tx, by, orderId, 'unship', order, { order_status: 'Processing', note });
}

/**
 * Unpaid orders whose payment window (`payableDays` after placing) is over: canceled by the
 * shop's sweep (their stock went back when their hold ended).
 */
export async function cancelAbandonedOrders(
  db: Db,
  placedBefore: Date,
  batch: number,
): Promise<number> {
  let canceled = 0;
  for (;;) {
    const ids = await db.transaction(async (tx) => {
      const claimed = await q.claimAbandonedOrders(tx, placedBefore, batch);
      const now = new Date();
      for (const id of claimed) {
        const order = (await q.lockOrder(tx, id))!;
        allow(order, 'expire');
        await cancelLocked(tx, order, SYSTEM, 'Not paid in time', now, null);
      }
      return claimed;
    });
    canceled += ids.length;
    if (ids.length < batch) return canceled;
  }
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Cash-on-delivery orders still unconfirmed `cod_cancel_after_hours` after they were placed:
 * canceled by the shop's sweep, their stock back through the ledger and the shopper mailed.
 */
export async function cancelUnconfirmedCodOrders(
  db: Db,
  publicUrl: string,
  now: Date,
  batch: number,
): Promise<number> {
  const { cod_cancel_after_hours: hours } = await getSettings(db);
  const placedBefore = new Date(now.getTime() - hours * HOUR_MS);
  let canceled = 0;
  for (;;) {
    const ids = await db.transaction(async (tx) => {
      const claimed = await codQueries.claimUnconfirmed(tx, placedBefore, batch);
      for (const id of claimed) {
        const order = (await q.lockOrder(tx, id))!;
        allow(order, 'expire');
        await cancelLocked(tx, order, SYSTEM, 'Not confirmed in time', now, { publicUrl });
      }
      return claimed;
    });
    canceled += ids.length;
    if (ids.length < batch) return canceled;
  }
}

// ───────────────────────────── refund ─────────────────────────────

/**
 * Staff refund part or all of a paid order (orders.refund): written under the order's lock,
 * audited, then sent to the provider. The same key asked again returns the same refund.
 */
export async function refundOrder(
  ctx: OrderContext,
  actor: Actor,
  orderId: number,
  ask: { amountPaise: number; reason: string; key: string; payoutTo?: PayoutDetails },
): Promise<refunds.RefundRow> {
  const { refundIds } = await ctx.db.transaction(async (tx) => {
    const by = { staff: actor };
    const order = await lockFor(tx, orderId, by);
    if (order.payment_status !== 'SUCCESS') {
      throw new Conflict(`Order #${orderId} is not paid, so there is nothing to refund.`);
    }
    const refundAsk = {
      amountPaise: ask.amountPaise,
      key: ask.key,
      reason: ask.reason.trim(),
      actor: actorOf(by),
    };
    // Cash on delivery has no payment to refund to: the money goes back by a transfer staff
    // make to the shopper's UPI id or bank account (decision 056).
    let result: { refundIds: number[]; created: boolean };
    if (await refunds.refundsByPayout(tx, orderId)) {
      if (!ask.payoutTo) {
        throw new Invalid(
          `Order #${orderId} was paid in cash on delivery: give the shopper's UPI id or bank account to transfer the refund to.`,
        );
      }
      result = await refunds.requestPayout(tx, orderId, { ...refundAsk, payoutTo: ask.payoutTo });
    } else {
      if (ask.payoutTo) {
        throw new Invalid(
          `Order #${orderId} was paid online: its refund goes back to that payment, not by transfer.`,
        );
      }
      result = await refunds.requestRefund(tx, orderId, refundAsk);
    }
    if (result.created) {
      await record(tx, actor, {
        entity: 'order',
        entityId: orderId,
        action: 'refund',
        after: {
          refund_id: result.refundIds[0],
          amount_paise: ask.amountPaise,
          reason: ask.reason,
          ...(ask.payoutTo ? { payout: true } : {}),
        },
      });
    }
    return result;
  });
  return (await refunds.sendRefunds(ctx, refundIds))[0]!;
}
