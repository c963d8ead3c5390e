// Refunds (OPERATIONS.md, Refunds): a refund is a row written under the order's lock — never
// more than was paid minus what is already refunded or on its way, one idempotency key one
// refund — then sent to the provider outside any transaction with that key, so a retry after
// a timeout cannot refund twice. The provider's response, or later its webhook, moves the row
// forward; a processed refund is on the order's timeline and mailed to the shopper.
import { describePayout, formatRupees, paiseToRupees, type PayoutDetails } from '@kitroom/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db, Queryable } from '../db/index.js';
import { Conflict, NotFound } from '../domain-errors.js';
import { enqueueOrderMail } from '../notifications/index.js';
import { recordEvent, PROVIDER, type OrderActor } from './order-events.js';
import {
  PaymentProviderError,
  refundOfReceipt,
  refundReceipt,
  type PaymentProvider,
  type RefundReport,
  type RefundState,
} from '../payments/index.js';
import * as payments from '../payments/index.js';
import * as q from './refunds.queries.js';

export type { RefundRow } from './refunds.queries.js';

export interface RefundContext {
  db: Db;
  config: Config;
  provider: PaymentProvider;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
}

/** Keys are ours; Razorpay takes at least 10 letters, digits, hyphens and underscores. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{10,64}$/;

export interface RefundAsk {
  amountPaise: number;
  key: string;
  reason: string;
  actor: OrderActor;
  returnId?: number | null;
  /** Draw on this captured payment only (a second payment given back); else on any. */
  paymentId?: number;
}

/**
 * What can still be refunded on an order: every captured payment, and the cash collected on
 * delivery, less what went back or is on its way.
 */
export async function refundableOf(db: Queryable, orderId: number): Promise<number> {
  const captured = await q.capturedPaymentsOfOrder(db, orderId);
  const cash = await q.cashLeftOfOrder(db, orderId);
  return captured.reduce((sum, p) => sum + p.left_paise, 0) + cash;
}

/**
 * Whether a refund of the order is a payout: paid in cash on delivery, no payment to refund to.
 */
export async function refundsByPayout(db: Queryable, orderId: number): Promise<boolean> {
  const [order] = await q.paymentOfOrder(db, orderId);
  if (order?.payment_method !== 'COD') return false;
  return (await q.capturedPaymentsOfOrder(db, orderId)).length === 0;
}

/**
 * Writes a payout of a cash-on-delivery order (no payment to refund to): pending until staff
 * transfer it to the shopper's UPI id or bank account and record the UTR, never more than the
 * cash collected less what was paid out. Call it under the order's lock.
 */
export async function requestPayout(
  tx: Queryable,
  orderId: number,
  ask: RefundAsk & { payoutTo: PayoutDetails },
): Promise<{ refundIds: number[]; created: boolean }> {
  const earlier = await q.refundsOfKey(tx, ask.key);
  if (earlier.length > 0) {
    if (earlier.every((r) => r.order_id === orderId && r.amount_paise === ask.amountPaise)) {
      return { refundIds: earlier.map((r) => r.id), created: false };
    }
    throw new Conflict('This refund key was already used for a different refund.');
  }
  const left = await q.cashLeftOfOrder(tx, orderId);
  if (!Number.isSafeInteger(ask.amountPaise) || ask.amountPaise <= 0) {
    throw new Conflict('A refund must be more than ₹0.');
  }
  if (ask.amountPaise > left) {
    throw new Conflict(
      left === 0
        ? `Order #${orderId} has no cash left to pay back.`
        : `At most ${formatRupees(paiseToRupees(left))} can still be paid back on order #${orderId}.`,
    );
  }
  const refundId = await q.insertPayout(tx, {
    orderId,
    amountPaise: ask.amountPaise,
    key: ask.key,
    reason: ask.reason,
    staffId: ask.actor.kind === 'staff' ? ask.actor.staffId : null,
    returnId: ask.returnId ?? null,
    payoutTo: ask.payoutTo,
  });
  await recordEvent(tx, orderId, 'refund_requested', ask.actor, {
    note: ask.reason,
    data: { refund_id: refundId, amount_paise: ask.amountPaise, payout: true },
  });
  return { refundIds: [refundId], created: true };
}

/**
 * Staff made a payout's transfer: processed with its UTR, on the timeline, and mailed to the
 * shopper. The same UTR again returns the refund as it is; a refund that is not a pending
 * payout is refused.
 */
export async function completePayout(
  tx: Queryable,
  ctx: Pick<RefundContext, 'config'>,
  refundId: number,
  utr: string,
  now = new Date(),
): Promise<q.RefundRow> {
  const refund = await q.lockRefund(tx, refundId);
  if (!refund) throw new NotFound(`Refund #${refundId} does not exist.`);
  if (refund.method !== 'payout') {
    throw new Conflict(`Refund #${refundId} goes through the payment provider, not by transfer.`);
  }
  if (refund.status === 'processed') {
    if (refund.utr === utr) return refund;
    throw new Conflict(`Refund #${refundId} was already paid out (UTR ${refund.utr ?? ''}).`);
  }
  if (refund.status !== 'pending') throw new Conflict(`Refund #${refundId} is ${refund.status}.`);
  await q.recordPayout(tx, refundId, { utr, now });
  const done = (await q.lockRefund(tx, refundId))!;
  await settle(tx, ctx, done, 'processed', now);
  return done;
}

/**
 * How an amount is drawn on captured payments (newest first): one payment when one can take
 * it all, else several in turn, never more than each has left.
 */
export function drawOnPayments(
  captured: readonly q.CapturedPayment[],
  amountPaise: number,
): { payment: q.CapturedPayment; amountPaise: number }[] {
  const whole = captured.find((p) => p.left_paise >= amountPaise);
  if (whole) return [{ payment: whole, amountPaise }];
  const parts: { payment: q.CapturedPayment; amountPaise: number }[] = [];
  let due = amountPaise;
  for (const payment of captured) {
    if (due === 0) break;
    const take = Math.min(due, payment.left_paise);
    if (take > 0) parts.push({ payment, amountPaise: take });
    due -= take;
  }
  return parts;
}

/**
 * Writes a refund of a paid order; call it in a transaction that holds the order's lock (so
 * two refunds at once are counted one after the other). It draws on the order's captured
 * payments, split into one refund per payment when no single one can take it. A key already
 * used gets its refunds back when it asks the same, and is refused otherwise.
 */
export async function requestRefund(
  tx: Queryable,
  orderId: number,
  ask: RefundAsk,
): Promise<{ refundIds: number[]; created: boolean }> {
  if (!KEY_PATTERN.test(ask.key)) {
    throw new Conflict('A refund key is 10 to 64 letters, digits, - or _.');
  }
  const earlier = await q.refundsOfKey(tx, ask.key);
  if (earlier.length > 0) {
    const total = earlier.reduce((sum, r) => sum + r.amount_paise, 0);
    if (earlier.every((r) => r.order_id === orderId) && total === ask.amountPaise) {
      return { refundIds: earlier.map((r) => r.id), created: false };
    }
    throw new Conflict('This refund key was already used for a different refund.');
  }
  const captured = (await q.capturedPaymentsOfOrder(tx, orderId)).filter(
    (p) => ask.paymentId === undefined || p.id === ask.paymentId,
  );
  if (captured.length === 0) throw new Conflict(`Order #${orderId} has no payment to refund.`);
  if (!Number.isSafeInteger(ask.amountPaise) || ask.amountPaise <= 0) {
    throw new Conflict('A refund must be more than ₹0.');
  }
  const left = captured.reduce((sum, p) => sum + p.left_paise, 0);
  if (ask.amountPaise > left) {
    throw new Conflict(
      left === 0
        ? `Order #${orderId} is already refunded in full.`
        : `At most ${formatRupees(paiseToRupees(left))} can still be refunded on order #${orderId}.`,
    );
  }
  const refundIds: number[] = [];
  for (const [i, part] of drawOnPayments(captured, ask.amountPaise).entries()) {
    const refundId = await q.insertRefund(tx, {
      orderId,
      paymentId: part.payment.id,
      provider: part.payment.provider,
      amountPaise: part.amountPaise,
      key: i === 0 ? ask.key : `${ask.key}-part${i + 1}`,
      reason: ask.reason,
      staffId: ask.actor.kind === 'staff' ? ask.actor.staffId : null,
      returnId: ask.returnId ?? null,
    });
    await recordEvent(tx, orderId, 'refund_requested', ask.actor, {
      note: ask.reason,
      data: { refund_id: refundId, amount_paise: part.amountPaise },
    });
    refundIds.push(refundId);
  }
  return { refundIds, created: true };
}

/** Moves a locked refund to the provider's final word: the timeline, and the shopper's mail. */
async function settle(
  tx: Queryable,
  ctx: Pick<RefundContext, 'config'>,
  refund: q.RefundRow,
  status: RefundState,
  now: Date,
): Promise<void> {
  if (status === 'processed') {
    await recordEvent(tx, refund.order_id, 'refunded', PROVIDER, {
      data: { refund_id: refund.id, amount_paise: refund.amount_paise },
      at: now,
    });
    const refunded = await q.refundsOfOrder(tx, refund.order_id);
    await enqueueOrderMail(tx, ctx.config.publicUrl, refund.order_id, 'order-refunded', {
      refund_paise: refund.amount_paise,
      refunded_total_paise: refunded
        .filter((r) => r.status === 'processed' || r.id === refund.id)
        .reduce((sum, r) => sum + r.amount_paise, 0),
      ...(refund.payout_to
        ? { paid_out_to: describePayout(refund.payout_to), utr: refund.utr ?? undefined }
        : {}),
    });
  } else if (status === 'failed') {
    await recordEvent(tx, refund.order_id, 'refund_failed', PROVIDER, {
      data: { refund_id: refund.id, amount_paise: refund.amount_paise },
      at: now,
    });
  }
}

/**
 * Sends a written refund to the provider (outside any transaction) and stores its response.
 * A provider that cannot be reached leaves the refund 'requested' for the sweep to send again
 * with the same key; a provider that says no (Razorpay's 400) fails it, so the amount can
 * be refunded anew.
 */
export async function sendRefund(
  ctx: RefundContext,
  refundId: number,
  now = new Date(),
): Promise<q.RefundRow> {
  const refund = await q.refundById(ctx.db, refundId);
  if (!refund) throw new Error(`refund ${refundId} does not exist`);
  if (refund.status !== 'requested') return refund;
  let report: RefundReport;
  try {
    if (!refund.provider_payment_id) throw new Error('the payment has no provider payment id');
    if (refund.provider !== ctx.provider.name) {
      throw new Error(`the payment was made with ${refund.provider}, not ${ctx.provider.name}`);
    }
    report = await ctx.provider.refund({
      providerPaymentId: refund.provider_payment_id,
      amountPaise: refund.amount_paise,
      key: refund.idempotency_key,
      receipt: refundReceipt(refund.order_id, refund.id),
    });
  } catch (err) {
    if (err instanceof PaymentProviderError && err.refused) {
      ctx.log.error({ err, refundId, orderId: refund.order_id }, 'the provider refused a refund');
      return refuseRefund(ctx, refundId, err.message, now);
    }
    ctx.log.warn({ err, refundId, orderId: refund.order_id }, 'refund not sent; will try again');
    await q.recordAttemptFailed(ctx.db, refundId, String(err), now);
    return (await q.refundById(ctx.db, refundId))!;
  }
  return ctx.db.transaction(async (tx) => {
    const locked = (await q.lockRefund(tx, refundId))!;
    // A webhook may have brought the news first.
    if (locked.status !== 'requested') return locked;
    await q.recordProviderResponse(tx, refundId, {
      providerRefundId: report.providerRefundId,
      status: report.status,
      now,
    });
    await settle(tx, ctx, locked, report.status, now);
    return (await q.lockRefund(tx, refundId))!;
  });
}

/** Sends refunds written in one transaction, one after the other; the last one's row. */
export async function sendRefunds(
  ctx: RefundContext,
  refundIds: readonly number[],
): Promise<q.RefundRow[]> {
  const sent: q.RefundRow[] = [];
  for (const id of refundIds) sent.push(await sendRefund(ctx, id));
  return sent;
}

/** The provider said no to a refund: failed, on the timeline, with the provider's words kept. */
async function refuseRefund(
  ctx: RefundContext,
  refundId: number,
  error: string,
  now: Date,
): Promise<q.RefundRow> {
  return ctx.db.transaction(async (tx) => {
    const locked = (await q.lockRefund(tx, refundId))!;
    if (locked.status !== 'requested') return locked;
    await q.recordRefusal(tx, refundId, error, now);
    await settle(tx, ctx, locked, 'failed', now);
    return (await q.lockRefund(tx, refundId))!;
  });
}

export type RefundReportOutcome = 'applied' | 'unchanged' | 'unknown' | 'mismatch';

/**
 * The refund a report is about: by the provider's refund id, or — when the news arrives before
 * the provider's response to our request was stored — by the receipt we sent, which names the
 * refund row (written, and committed, before the provider was called).
 */
async function refundOfReport(
  tx: Queryable,
  provider: string,
  report: RefundReport,
): Promise<q.RefundRow | undefined> {
  const known = await q.refundByProviderId(tx, provider, report.providerRefundId);
  if (known) return known;
  const refundId = refundOfReceipt(report.receipt);
  if (refundId === null) return undefined;
  const row = await q.lockRefund(tx, refundId);
  if (!row || row.provider !== provider) return undefined;
  // The response may have been stored while this waited for the lock: then it names the same id.
  if (row.provider_refund_id !== null && row.provider_refund_id !== report.providerRefundId) {
    return undefined;
  }
  return row;
}

/**
 * A verified report (webhook or look-up) on a refund: moves it forward once, if it is one of
 * ours and says the same payment and amount. Call it in a transaction.
 */
export async function applyRefundReport(
  tx: Queryable,
  ctx: Pick<RefundContext, 'config' | 'provider'>,
  report: RefundReport,
): Promise<RefundReportOutcome> {
  const refund = await refundOfReport(tx, ctx.provider.name, report);
  if (!refund) return 'unknown';
  if (
    report.amountPaise !== refund.amount_paise ||
    (report.providerPaymentId !== null && report.providerPaymentId !== refund.provider_payment_id)
  ) {
    return 'mismatch';
  }
  if (refund.status === 'processed' || refund.status === 'failed') return 'unchanged';
  if (report.status === 'pending' && refund.status === 'pending') return 'unchanged';
  const now = new Date();
  await q.setRefundStatus(tx, refund.id, report.providerRefundId, report.status, now);
  await settle(tx, ctx, refund, report.status, now);
  return 'applied';
}

/**
 * A refund webhook, verified: applied once per event id (the event is recorded in the same
 * transaction that moves the refund, so a replay finds it and changes nothing).
 */
export async function applyRefundWebhook(
  ctx: Pick<RefundContext, 'db' | 'config' | 'provider'>,
  report: RefundReport,
  event: { eventId: string; event: string },
): Promise<RefundReportOutcome | 'duplicate'> {
  return ctx.db.transaction(async (tx) => {
    const first = await payments.firstDelivery(tx, { ...event, provider: ctx.provider.name });
    if (!first) return 'duplicate';
    return applyRefundReport(tx, ctx, report);
  });
}

/**
 * Asks the provider about a refund it took but has not finished (its webhook may never come)
 * and applies a final response.
 */
export async function lookUpRefund(
  ctx: RefundContext,
  refundId: number,
  now = new Date(),
): Promise<void> {
  const refund = await q.refundById(ctx.db, refundId);
  const lookup = ctx.provider.lookupRefund;
  if (!refund || refund.status !== 'pending' || !refund.provider_refund_id || !lookup) return;
  let report: RefundReport;
  try {
    report = await lookup(refund.provider_refund_id);
  } catch (err) {
    ctx.log.warn({ err, refundId, orderId: refund.order_id }, 'refund look-up failed');
    await q.recordAttemptFailed(ctx.db, refundId, String(err), now, 'pending');
    return;
  }
  if (report.status === 'pending') {
    await q.recordLookup(ctx.db, refundId, now);
    return;
  }
  const outcome = await ctx.db.transaction((tx) => applyRefundReport(tx, ctx, report));
  if (outcome === 'mismatch') {
    ctx.log.error({ refundId, report }, 'refund look-up does not match the refund');
  }
}
