// Payment attempts of an order and the rules for believing a provider: one open attempt at
// a time, states that only move forward, webhook events seen once. The order service
// drives these inside its transactions.
import type { Queryable } from '../db/index.js';
import {
  orderOfReference,
  paymentReference,
  type CreatedPayment,
  type PaymentProvider,
  type PaymentReport,
  type PaymentState,
} from './payment-provider.js';
import * as q from './payments.queries.js';

// A claim whose provider call has not finished by then is taken to have died with its process.
const CLAIM_TIMEOUT_MS = 30_000;

export type AttemptPlan =
  | { kind: 'ready'; paymentUrl: string }
  | { kind: 'pending' }
  | { kind: 'claimed'; paymentId: number; reference: string; superseded: string[] };

/**
 * Inside the transaction that holds the order's lock: reuse the open attempt's page, wait
 * for one being created, or claim a new attempt (the caller then asks the provider). A new
 * attempt retires the earlier pages that could still take money (failed or expired here, but
 * perhaps alive at the provider): they are cancelled, and their provider ids returned so the
 * caller cancels them there too.
 */
export async function planAttempt(
  db: Queryable,
  a: { orderId: number; provider: string; amountPaise: number; now: Date },
): Promise<AttemptPlan> {
  const attempts = await q.attemptsOfOrder(db, a.orderId);
  const open = attempts.find((p) => p.status === 'created' && p.provider === a.provider);
  if (open && open.payment_url !== '') return { kind: 'ready', paymentUrl: open.payment_url };
  if (open && new Date(open.created_at).getTime() > a.now.getTime() - CLAIM_TIMEOUT_MS) {
    return { kind: 'pending' };
  }
  if (open) await q.setStatus(db, open.id, 'failed', null);
  const retired = attempts.filter(
    (p) =>
      p.provider === a.provider &&
      p.payment_url !== '' &&
      (p.status === 'failed' || p.status === 'expired'),
  );
  for (const p of retired) await q.setStatus(db, p.id, 'cancelled', null);
  const reference = paymentReference(a.orderId, attempts.length + 1);
  const paymentId = await q.insertAttempt(db, {
    orderId: a.orderId,
    provider: a.provider,
    reference,
    amountPaise: a.amountPaise,
  });
  return { kind: 'claimed', paymentId, reference, superseded: retired.map((p) => p.provider_ref) };
}

/** Stores the provider's id and page for a claimed attempt. */
export async function attachLink(db: Queryable, paymentId: number, created: CreatedPayment) {
  await q.attachLink(db, paymentId, created.providerRef, created.paymentUrl);
}

/** A claimed attempt the provider did not create: closed, so the next try claims anew. */
export async function abandonAttempt(db: Queryable, paymentId: number): Promise<void> {
  await q.setStatus(db, paymentId, 'failed', null);
}

/** Open attempts end when the order's stock hold is renewed (their pages expire with it). */
export async function expireOpenAttempts(db: Queryable, orderId: number): Promise<void> {
  await q.expireOpenAttempts(db, orderId);
}

/** Open attempts with a page, newest first: the ones a status look-up can settle. */
export async function openAttempts(
  db: Queryable,
  orderId: number,
  provider: string,
): Promise<q.PaymentRow[]> {
  const attempts = await q.attemptsOfOrder(db, orderId);
  return attempts.filter(
    (p) => p.provider === provider && p.status === 'created' && p.payment_url !== '',
  );
}

/**
 * Asks the provider to stop taking money on pages a newer attempt replaced (outside any
 * transaction). A page it cannot cancel stays open there: a payment on it is given back by
 * itself when it arrives (settlement).
 */
export async function cancelAtProvider(
  provider: PaymentProvider,
  log: { warn: (obj: object, msg: string) => void },
  providerRefs: readonly string[],
): Promise<void> {
  const cancel = provider.cancelPayment;
  if (!cancel) return;
  for (const ref of providerRefs) {
    try {
      await cancel(ref);
    } catch (err) {
      log.warn({ err, providerRef: ref }, 'a replaced payment page could not be cancelled');
    }
  }
}

export async function findPayment(db: Queryable, provider: string, providerRef: string) {
  return q.paymentByRef(db, provider, providerRef);
}

export async function lockPayment(db: Queryable, paymentId: number): Promise<q.PaymentRow> {
  return q.lockPayment(db, paymentId);
}

/** Records a webhook event; false when this event id was handled before. */
export async function firstDelivery(
  db: Queryable,
  e: { eventId: string; provider: string; event: string },
): Promise<boolean> {
  return q.insertEvent(db, e);
}

/** Whether a report about this payment may be believed for this order amount. */
export function reportMatches(
  payment: q.PaymentRow,
  report: PaymentReport,
  order: { id: number; totalPaise: number },
): boolean {
  if (payment.order_id !== order.id || payment.amount_paise !== order.totalPaise) return false;
  if (payment.currency !== 'INR') return false;
  if (report.reference !== null && orderOfReference(report.reference) !== order.id) return false;
  if (report.currency !== null && report.currency !== 'INR') return false;
  if (report.status === 'paid' && report.amountPaise !== null) {
    return report.amountPaise === order.totalPaise;
  }
  return true;
}

/** Paid is final; an open attempt may fail, expire or be cancelled; any unpaid one may be paid. */
export function canMove(from: PaymentState, to: PaymentState): boolean {
  if (from === to || from === 'paid' || to === 'created') return false;
  return to === 'paid' || from === 'created';
}

/** Moves the locked payment to the reported state when that is a step forward. */
export async function advance(
  db: Queryable,
  payment: q.PaymentRow,
  report: PaymentReport,
): Promise<boolean> {
  if (!canMove(payment.status, report.status)) return false;
  await q.setStatus(db, payment.id, report.status, report.providerPaymentId);
  return true;
}
