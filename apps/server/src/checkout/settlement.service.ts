// Settlement: a verified provider report (callback, webhook or look-up) applied to its order
// once and only forward; the order marked paid and mailed in the same transaction; money for
// an order that can no longer be served refunded by itself; unpaid orders reconciled by
// asking the provider.
import type { Tx } from '../db/index.js';
import type { PaymentReport } from '../payments/index.js';
import * as payments from '../payments/index.js';
import * as cod from '../orders/index.js';
import {
  stageOf,
  type OrderStage,
  PROVIDER,
  recordEvent,
  SYSTEM,
  enqueuePaidMail,
  type PaidResult,
} from '../orders/index.js';
import type { OrderContext } from '../orders/index.js';
import { retakeOrder } from './order-stock.js';
import * as q from '../orders/orders.queries.js';
import * as refunds from '../orders/index.js';
import * as launches from '../launches/index.js';
import { Conflict } from '../domain-errors.js';

/** Why a payment captured on an order already paid goes back by itself. */
export const EXTRA_PAYMENT_REASON =
  'A second payment for an order that was already paid is given back in full.';

/** Why a kit launch's rules refuse a payment made after the order's hold ran out. */
export const LAPSED_HOLD_REASON = 'Your payment reached us after the hold on your order had ended.';

/** Why money paid online for a cash-on-delivery order already on its way goes back by itself. */
export const COD_DISPATCHED_REASON =
  'The order was already on its way, to be paid in cash on delivery: the online payment is given back in full.';

export type SettleOutcome = 'applied' | 'unchanged' | 'duplicate' | 'unknown' | 'mismatch';

export interface Settlement {
  outcome: SettleOutcome;
  orderId: number | null;
}

const DISPATCHED = new Set<OrderStage>(['packed', 'shipped', 'completed']);

class StockGone extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * A kit launch's rules for a payment that came after the order's hold ran out, as Pay Now
 * would judge them but for the waiting room's turn (the order was placed in the fan's): its
 * pieces count anew within the fan's limit, under the shopper's hold lock, so a fan cannot
 * keep orders lapsing and pay them all later. Null: within the rules; else why not.
 */
async function launchRefusal(tx: Tx, order: q.OrderRow, now: Date): Promise<string | null> {
  await q.lockShopperHolds(tx, order.user_id);
  try {
    await launches.renewedHoldRules(tx, {
      userId: order.user_id,
      orderId: order.id,
      now,
      turn: false,
    });
    return null;
  } catch (err) {
    if (!(err instanceof Conflict)) throw err;
    return `${LAPSED_HOLD_REASON} ${err.message}`;
  }
}

/**
 * Marks the locked order paid, once; a released order takes its stock back first. An order
 * canceled before its money came stays canceled (the caller refunds the payment).
 */
async function markOrderPaid(tx: Tx, order: q.OrderRow, now: Date): Promise<PaidResult> {
  if (order.payment_status === 'SUCCESS') return { kind: 'already' };
  // A COD order packed or shipped goes with the courier, who collects the cash: an old Pay Now
  // page paid now would make it an online order again (Processing, the cash still collected).
  // The order stays as it is and the payment goes back (found by the order-life checker).
  if (order.payment_method === 'COD' && DISPATCHED.has(stageOf(order))) {
    return { kind: 'already', reason: COD_DISPATCHED_REASON };
  }
  // A COD order paid online (Pay Now) is an online order from now on; its total stays. Also
  // when it was canceled before the money came: else it would read as cash collected on
  // delivery (refundable cash, the COD report), though the money came online and goes back.
  if (order.payment_method === 'COD') await cod.switchToOnline(tx, order.id);
  if (order.order_status === 'Canceled') {
    await q.markPaid(tx, order.id, now, { status: 'Canceled', stockHeld: false });
    await recordEvent(tx, order.id, 'paid', PROVIDER, { at: now });
    return {
      kind: 'canceled',
      reason: 'The order had been canceled before your payment reached us.',
    };
  }
  const held = !order.stock_released;
  if (order.stock_released) {
    try {
      // A savepoint: a shortage undoes the partial stock take, not the payment record.
      await tx.transaction(async (sp) => {
        const refused = await launchRefusal(sp, order, now);
        if (refused !== null) throw new StockGone(refused);
        const retaken = await retakeOrder(sp, order, {
          enforceCouponLimits: false,
          reason: 'sale',
        });
        if (!retaken.ok) throw new StockGone(retaken.error);
      });
    } catch (err) {
      if (!(err instanceof StockGone)) throw err;
      await q.markPaid(tx, order.id, now, { status: 'Canceled', stockHeld: false });
      await q.markCanceled(tx, order.id, err.reason, now);
      await recordEvent(tx, order.id, 'paid', PROVIDER, { at: now });
      await recordEvent(tx, order.id, 'canceled', SYSTEM, { note: err.reason, at: now });
      return { kind: 'canceled', reason: err.reason };
    }
  }
  const marked = await q.markPaid(tx, order.id, now, { status: 'Processing', stockHeld: true });
  if (!marked) return { kind: 'already' };
  await recordEvent(tx, order.id, 'paid', PROVIDER, { at: now });
  // The hold becomes a sale (a stock taken again above was written as the sale itself).
  if (held) await q.insertSaleEntries(tx, order.id);
  return { kind: 'paid' };
}

/**
 * Applies a verified provider report (from a callback, webhook or look-up) to its order:
 * the event is handled once, the payment must name this order and its exact amount in INR,
 * its state only moves forward, and the order is marked paid (and mailed) once.
 */
export async function settlePayment(
  ctx: OrderContext,
  report: PaymentReport | null,
  event?: { eventId: string; event: string },
): Promise<Settlement> {
  const now = new Date();
  const result = await ctx.db.transaction(async (tx) => {
    if (event) {
      const first = await payments.firstDelivery(tx, { ...event, provider: ctx.provider.name });
      if (!first)
        return { outcome: 'duplicate' as const, orderId: null, paid: null, refundIds: [] };
    }
    if (!report) return { outcome: 'unchanged' as const, orderId: null, paid: null, refundIds: [] };
    const found = await payments.findPayment(tx, ctx.provider.name, report.providerRef);
    if (!found) return { outcome: 'unknown' as const, orderId: null, paid: null, refundIds: [] };
    const order = (await q.lockOrder(tx, found.order_id))!;
    const payment = await payments.lockPayment(tx, found.id);
    if (!payments.reportMatches(payment, report, { id: order.id, totalPaise: order.total_paise })) {
      return { outcome: 'mismatch' as const, orderId: order.id, paid: null, refundIds: [] };
    }
    const moved = await payments.advance(tx, payment, report);
    let paid: PaidResult | null = null;
    let refundIds: number[] = [];
    if (report.status === 'paid') {
      paid = await markOrderPaid(tx, order, now);
      await enqueuePaidMail(tx, ctx.config.publicUrl, order.id, paid);
      // Money for an order that cannot be served, or a second payment for an order already
      // paid (an old page paid after a new one, a late link), goes back in full, by itself.
      const refund =
        paid.kind === 'canceled'
          ? { key: `late-payment-${payment.id}`, reason: paid.reason }
          : paid.kind === 'already' && moved
            ? { key: `extra-payment-${payment.id}`, reason: paid.reason ?? EXTRA_PAYMENT_REASON }
            : null;
      if (refund) {
        const written = await refunds.requestRefund(tx, order.id, {
          amountPaise: payment.amount_paise,
          key: refund.key,
          reason: refund.reason,
          actor: SYSTEM,
          paymentId: payment.id,
        });
        refundIds = written.refundIds;
      }
    } else if (report.status === 'failed' && moved) await q.markPaymentFailed(tx, order.id);
    const changed = moved || (paid !== null && paid.kind !== 'already');
    return {
      outcome: changed ? ('applied' as const) : ('unchanged' as const),
      orderId: order.id,
      paid,
      refundIds,
    };
  });
  await refunds.sendRefunds(ctx, result.refundIds);
  return { outcome: result.outcome, orderId: result.orderId };
}

/** Asks the provider about open payments of an unpaid order whose messages never came. */
export async function reconcile(ctx: OrderContext, orderId: number): Promise<boolean> {
  const { lookup } = ctx.provider;
  if (!lookup) return false;
  let settled = false;
  const open = await payments.openAttempts(ctx.db, orderId, ctx.provider.name);
  for (const attempt of open.slice(0, 3)) {
    let report: PaymentReport;
    try {
      report = await lookup(attempt.provider_ref);
    } catch (err) {
      ctx.log.warn({ err, orderId }, 'payment status look-up failed');
      continue;
    }
    if (report.status === 'created') continue;
    const result = await settlePayment(ctx, report);
    if (result.outcome === 'applied') settled = true;
    else if (result.outcome === 'mismatch') {
      ctx.log.warn({ orderId, report }, 'payment look-up does not match its order');
    }
  }
  return settled;
}
