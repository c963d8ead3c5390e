// Refunds (OPERATIONS.md, Refunds): a refund is a row written under the order's lock — never
// more than was paid minus what is already refunded or on its way, one idempotency key one
// refund — then sent to the provider outside any transaction with that key, so a retry after
// a timeout cannot refund twice. The provider's answer, or later its webhook, moves the row
// forward; a processed refund is on the order's timeline and mailed to the shopper.
import { formatRupees, paiseToRupees } from '@kitroom/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db, Queryable } from '../db/client.js';
import { conflict } from '../http/errors.js';
import { enqueueOrderMail } from '../notifications/order-mail-data.js';
import { recordEvent, PROVIDER, type OrderActor } from '../orders/order-events.js';
import type { PaymentProvider, RefundReport, RefundState } from './payment-provider.js';
import * as q from './refunds.queries.js';

export type { RefundRow } from './refunds.queries.js';

export interface RefundContext {
  db: Db;
  config: Config;
  provider: PaymentProvider;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
}

/** Keys are ours; Razorpay wants at least 10 characters. */
const KEY_PATTERN = /^[\w:.-]{10,64}$/;

export interface RefundAsk {
  amountPaise: number;
  key: string;
  reason: string;
  actor: OrderActor;
  returnId?: number | null;
}

/** What can still be refunded on an order: paid minus refunded or on its way. */
export async function refundableOf(db: Queryable, orderId: number): Promise<number> {
  const payment = await q.paidPaymentOfOrder(db, orderId);
  if (!payment) return 0;
  return payment.amount_paise - (await q.refundedOnPayment(db, payment.id));
}

/**
 * Writes a refund of a paid order; call it in a transaction that holds the order's lock (so
 * two refunds at once are counted one after the other). A key already used answers its
 * refund when it asks the same, and is refused otherwise.
 */
export async function requestRefund(
  tx: Queryable,
  orderId: number,
  ask: RefundAsk,
): Promise<{ refundId: number; created: boolean }> {
  if (!KEY_PATTERN.test(ask.key)) {
    throw conflict('A refund key is 10 to 64 letters, digits or - _ : .');
  }
  const earlier = await q.refundByKey(tx, ask.key);
  if (earlier) {
    if (earlier.order_id === orderId && earlier.amount_paise === ask.amountPaise) {
      return { refundId: earlier.id, created: false };
    }
    throw conflict('This refund key was already used for a different refund.');
  }
  const payment = await q.paidPaymentOfOrder(tx, orderId);
  if (!payment) throw conflict(`Order #${orderId} has no payment to refund.`);
  if (!Number.isSafeInteger(ask.amountPaise) || ask.amountPaise <= 0) {
    throw conflict('A refund must be more than ₹0.');
  }
  const left = payment.amount_paise - (await q.refundedOnPayment(tx, payment.id));
  if (ask.amountPaise > left) {
    throw conflict(
      left === 0
        ? `Order #${orderId} is already refunded in full.`
        : `At most ${formatRupees(paiseToRupees(left))} can still be refunded on order #${orderId}.`,
    );
  }
  const refundId = await q.insertRefund(tx, {
    orderId,
    paymentId: payment.id,
    provider: payment.provider,
    amountPaise: ask.amountPaise,
    key: ask.key,
    reason: ask.reason,
    staffId: ask.actor.kind === 'staff' ? ask.actor.staffId : null,
    returnId: ask.returnId ?? null,
  });
  await recordEvent(tx, orderId, 'refund_requested', ask.actor, {
    note: ask.reason,
    data: { refund_id: refundId, amount_paise: ask.amountPaise },
  });
  return { refundId, created: true };
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
    });
  } else if (status === 'failed') {
    await recordEvent(tx, refund.order_id, 'refund_failed', PROVIDER, {
      data: { refund_id: refund.id, amount_paise: refund.amount_paise },
      at: now,
    });
  }
}

/**
 * Sends a written refund to the provider (outside any transaction) and stores its answer.
 * A provider that cannot be reached leaves the refund 'requested' for the next try.
 */
export async function sendRefund(ctx: RefundContext, refundId: number): Promise<q.RefundRow> {
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
      receipt: `order-${refund.order_id}-refund-${refund.id}`,
    });
  } catch (err) {
    ctx.log.warn({ err, refundId, orderId: refund.order_id }, 'refund not sent; will try again');
    await q.recordAttemptFailed(ctx.db, refundId, String(err), new Date());
    return (await q.refundById(ctx.db, refundId))!;
  }
  return ctx.db.transaction(async (tx) => {
    const locked = (await q.lockRefund(tx, refundId))!;
    // A webhook may have brought the news first.
    if (locked.status !== 'requested') return locked;
    const now = new Date();
    await q.recordProviderAnswer(tx, refundId, {
      providerRefundId: report.providerRefundId,
      status: report.status,
      now,
    });
    await settle(tx, ctx, locked, report.status, now);
    return (await q.lockRefund(tx, refundId))!;
  });
}

/** A webhook's refund news, verified: moves the refund forward once. */
export async function applyRefundReport(
  tx: Queryable,
  ctx: Pick<RefundContext, 'config' | 'provider'>,
  report: RefundReport,
): Promise<'applied' | 'unchanged' | 'unknown'> {
  const refund = await q.refundByProviderId(tx, ctx.provider.name, report.providerRefundId);
  if (!refund) return 'unknown';
  if (refund.status === 'processed' || refund.status === 'failed') return 'unchanged';
  if (report.status === 'pending') return 'unchanged';
  const now = new Date();
  await q.setRefundStatus(tx, refund.id, report.status, now);
  await settle(tx, ctx, refund, report.status, now);
  return 'applied';
}

/** Sends again the refunds the provider has not taken yet (a sweep calls it). */
export async function resendWaitingRefunds(ctx: RefundContext, limit = 20): Promise<number> {
  const ids = await q.refundsToSend(ctx.db, limit);
  for (const id of ids) await sendRefund(ctx, id);
  return ids.length;
}
