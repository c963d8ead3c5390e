// SQL of refunds (schema: refunds): one row per refund, its provider's id and state.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { queryRows } from '../db/sql.js';
import type { RefundState } from './payment-provider.js';

export type RefundStatus = 'requested' | RefundState;

export interface RefundRow {
  id: number;
  order_id: number;
  payment_id: number;
  provider: string;
  amount_paise: number;
  idempotency_key: string;
  provider_refund_id: string | null;
  status: RefundStatus;
  reason: string;
  staff_id: number | null;
  return_id: number | null;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
  processed_at: Date | null;
  /** The captured payment's provider id (the refund is made on it). */
  provider_payment_id: string | null;
}

const columns = sql`r.id, r.order_id, r.payment_id, r.provider, r.amount_paise,
  r.idempotency_key, r.provider_refund_id, r.status, r.reason, r.staff_id, r.return_id,
  r.attempts, r.last_error, r.created_at, r.updated_at, r.processed_at, p.provider_payment_id`;

export async function refundById(db: Queryable, id: number): Promise<RefundRow | undefined> {
  const [row] = await queryRows<RefundRow>(
    db,
    sql`SELECT ${columns} FROM refunds r JOIN payments p ON p.id = r.payment_id
        WHERE r.id = ${id}`,
  );
  return row;
}

export async function lockRefund(db: Queryable, id: number): Promise<RefundRow | undefined> {
  const [row] = await queryRows<RefundRow>(
    db,
    sql`SELECT ${columns} FROM refunds r JOIN payments p ON p.id = r.payment_id
        WHERE r.id = ${id} FOR UPDATE OF r`,
  );
  return row;
}

export async function refundByKey(db: Queryable, key: string): Promise<RefundRow | undefined> {
  const [row] = await queryRows<RefundRow>(
    db,
    sql`SELECT ${columns} FROM refunds r JOIN payments p ON p.id = r.payment_id
        WHERE r.idempotency_key = ${key}`,
  );
  return row;
}

export async function refundByProviderId(
  db: Queryable,
  provider: string,
  providerRefundId: string,
): Promise<RefundRow | undefined> {
  const [row] = await queryRows<RefundRow>(
    db,
    sql`SELECT ${columns} FROM refunds r JOIN payments p ON p.id = r.payment_id
        WHERE r.provider = ${provider} AND r.provider_refund_id = ${providerRefundId}
        FOR UPDATE OF r`,
  );
  return row;
}

export async function refundsOfOrder(db: Queryable, orderId: number): Promise<RefundRow[]> {
  return queryRows<RefundRow>(
    db,
    sql`SELECT ${columns} FROM refunds r JOIN payments p ON p.id = r.payment_id
        WHERE r.order_id = ${orderId} ORDER BY r.id`,
  );
}

/** The order's captured payment: the one a refund gives money back on. */
export async function paidPaymentOfOrder(
  db: Queryable,
  orderId: number,
): Promise<{ id: number; provider: string; amount_paise: number } | undefined> {
  const [row] = await queryRows<{ id: number; provider: string; amount_paise: number }>(
    db,
    sql`SELECT id, provider, amount_paise FROM payments
        WHERE order_id = ${orderId} AND status = 'paid' ORDER BY id DESC LIMIT 1`,
  );
  return row;
}

/** What is refunded or on its way back on a payment (failed refunds gave nothing back). */
export async function refundedOnPayment(db: Queryable, paymentId: number): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`SELECT coalesce(sum(amount_paise), 0)::int AS total FROM refunds
        WHERE payment_id = ${paymentId} AND status <> 'failed'`,
  );
  return row?.total ?? 0;
}

export async function insertRefund(
  db: Queryable,
  r: {
    orderId: number;
    paymentId: number;
    provider: string;
    amountPaise: number;
    key: string;
    reason: string;
    staffId: number | null;
    returnId: number | null;
  },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO refunds (order_id, payment_id, provider, amount_paise, idempotency_key,
                             reason, staff_id, return_id)
        VALUES (${r.orderId}, ${r.paymentId}, ${r.provider}, ${r.amountPaise}, ${r.key},
                ${r.reason}, ${r.staffId}, ${r.returnId})
        RETURNING id`,
  );
  return row!.id;
}

/** The provider took (or finished) the refund: its id and state. */
export async function recordProviderAnswer(
  db: Queryable,
  id: number,
  a: { providerRefundId: string; status: RefundState; now: Date },
): Promise<void> {
  await db.execute(
    sql`UPDATE refunds SET provider_refund_id = ${a.providerRefundId}, status = ${a.status},
               attempts = attempts + 1, last_error = NULL,
               updated_at = ${a.now.toISOString()}::timestamptz,
               processed_at = CASE WHEN ${a.status} = 'processed'
                                   THEN ${a.now.toISOString()}::timestamptz END
        WHERE id = ${id}`,
  );
}

/** The provider could not be asked, or refused: the refund waits for the next try. */
export async function recordAttemptFailed(
  db: Queryable,
  id: number,
  error: string,
  now: Date,
): Promise<void> {
  await db.execute(
    sql`UPDATE refunds SET attempts = attempts + 1, last_error = ${error.slice(0, 500)},
               updated_at = ${now.toISOString()}::timestamptz
        WHERE id = ${id} AND status = 'requested'`,
  );
}

export async function setRefundStatus(
  db: Queryable,
  id: number,
  status: RefundState,
  now: Date,
): Promise<void> {
  await db.execute(
    sql`UPDATE refunds SET status = ${status}, updated_at = ${now.toISOString()}::timestamptz,
               processed_at = CASE WHEN ${status} = 'processed'
                                   THEN ${now.toISOString()}::timestamptz END
        WHERE id = ${id}`,
  );
}

/** Refunds written but not yet taken by the provider, oldest first: sent again. */
export async function refundsToSend(db: Queryable, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM refunds WHERE status = 'requested' ORDER BY created_at, id
        LIMIT ${limit}`,
  );
  return rows.map((r) => r.id);
}
