// SQL of refunds (schema: refunds): one row per refund, its provider's id and state.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows, sqlList } from '../db/index.js';
import type { PayoutDetails } from '@kitroom/contract';
import type { RefundState } from '../payments/index.js';

export type RefundStatus = 'requested' | RefundState;

export interface RefundRow {
  id: number;
  order_id: number;
  /** Null for a payout. */
  payment_id: number | null;
  method: 'provider' | 'payout';
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
  /** A payout's destination, as the shopper gave it. */
  payout_to: PayoutDetails | null;
  /** A payout's bank transfer reference, once made. */
  utr: string | null;
}

const columns = sql`r.id, r.order_id, r.payment_id, r.method, r.provider, r.amount_paise,
  r.idempotency_key, r.provider_refund_id, r.status, r.reason, r.staff_id, r.return_id,
  r.attempts, r.last_error, r.created_at, r.updated_at, r.processed_at, p.provider_payment_id,
  r.payout_to, r.utr`;

export async function refundById(db: Queryable, id: number): Promise<RefundRow | undefined> {
  const [row] = await queryRows<RefundRow>(
    db,
    sql`SELECT ${columns} FROM refunds r LEFT JOIN payments p ON p.id = r.payment_id
        WHERE r.id = ${id}`,
  );
  return row;
}

export async function lockRefund(db: Queryable, id: number): Promise<RefundRow | undefined> {
  const [row] = await queryRows<RefundRow>(
    db,
    sql`SELECT ${columns} FROM refunds r LEFT JOIN payments p ON p.id = r.payment_id
        WHERE r.id = ${id} FOR UPDATE OF r`,
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
    sql`SELECT ${columns} FROM refunds r LEFT JOIN payments p ON p.id = r.payment_id
        WHERE r.provider = ${provider} AND r.provider_refund_id = ${providerRefundId}
        FOR UPDATE OF r`,
  );
  return row;
}

export async function refundsOfOrder(db: Queryable, orderId: number): Promise<RefundRow[]> {
  return queryRows<RefundRow>(
    db,
    sql`SELECT ${columns} FROM refunds r LEFT JOIN payments p ON p.id = r.payment_id
        WHERE r.order_id = ${orderId} ORDER BY r.id`,
  );
}

export interface RefundedRow {
  order_id: number;
  refunded_paise: number;
  refunded_at: Date | string;
}

/**
 * What was given back of each of these orders, in one statement over their ledgers (decision
 * 061): refunds processed (on a payment or paid out), and when the last was; a second payment
 * given back by itself ('extra-payment-…', settlement.service.ts) is not the order's money and
 * is left out. Orders with none have no row.
 */
export async function refundedOfOrders(
  db: Queryable,
  orderIds: readonly number[],
): Promise<RefundedRow[]> {
  if (orderIds.length === 0) return [];
  return queryRows<RefundedRow>(
    db,
    sql`SELECT l.order_id, (-sum(l.amount_paise))::int AS refunded_paise,
               max(l.at) AS refunded_at
        FROM order_ledger l
        WHERE l.order_id IN (${sqlList(orderIds)}) AND l.kind IN ('refund', 'payout')
          AND l.status = 'processed' AND l.purpose <> 'extra_payment'
        GROUP BY l.order_id`,
  );
}

/** A captured payment of an order and what is still refundable on it. */
export interface CapturedPayment {
  id: number;
  provider: string;
  amount_paise: number;
  /** Captured less refunded or on its way back (failed refunds gave nothing back). */
  left_paise: number;
}

/** The order's captured payments, newest first, each with what can still be refunded on it. */
export async function capturedPaymentsOfOrder(
  db: Queryable,
  orderId: number,
): Promise<CapturedPayment[]> {
  return queryRows<CapturedPayment>(
    db,
    sql`SELECT l.payment_id AS id, l.method AS provider, l.amount_paise,
               (l.amount_paise + coalesce((SELECT sum(r.amount_paise) FROM order_ledger r
                                           WHERE r.order_id = l.order_id AND r.kind = 'refund'
                                             AND r.payment_id = l.payment_id), 0))::int
                 AS left_paise
        FROM order_ledger l
        WHERE l.order_id = ${orderId} AND l.kind = 'captured'
        ORDER BY l.payment_id DESC`,
  );
}

/**
 * The refunds written for one ask: the key itself, and the parts a refund drawn on several
 * payments was split into (`<key>-part2`, …).
 */
export async function refundsOfKey(db: Queryable, key: string): Promise<RefundRow[]> {
  return queryRows<RefundRow>(
    db,
    sql`SELECT ${columns} FROM refunds r LEFT JOIN payments p ON p.id = r.payment_id
        WHERE r.idempotency_key = ${key}
           OR (starts_with(r.idempotency_key, ${`${key}-part`})
               AND substr(r.idempotency_key, ${key.length + 6}) ~ '^[0-9]+$')
        ORDER BY r.id`,
  );
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

/** The provider that payouts are written with: staff, by bank or UPI transfer. */
export const PAYOUT_PROVIDER = 'payout';

/** Cash collected for a cash-on-delivery order less what was paid out or is to be. */
export async function cashLeftOfOrder(db: Queryable, orderId: number): Promise<number> {
  const [row] = await queryRows<{ left: number }>(
    db,
    sql`SELECT coalesce(sum(amount_paise), 0)::int AS left FROM order_ledger
        WHERE order_id = ${orderId} AND kind IN ('cod_collected', 'payout')`,
  );
  return row?.left ?? 0;
}

/** How the order was paid for. */
export async function paymentOfOrder(db: Queryable, orderId: number) {
  return queryRows<{ payment_method: string }>(
    db,
    sql`SELECT payment_method FROM orders WHERE id = ${orderId}`,
  );
}

/** A payout to make: pending from the start, until staff record the transfer. */
export async function insertPayout(
  db: Queryable,
  r: {
    orderId: number;
    amountPaise: number;
    key: string;
    reason: string;
    staffId: number | null;
    returnId: number | null;
    payoutTo: PayoutDetails;
  },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO refunds (order_id, payment_id, method, provider, amount_paise,
                             idempotency_key, status, reason, staff_id, return_id, payout_to)
        VALUES (${r.orderId}, NULL, 'payout', ${PAYOUT_PROVIDER}, ${r.amountPaise}, ${r.key},
                'pending', ${r.reason}, ${r.staffId}, ${r.returnId},
                ${JSON.stringify(r.payoutTo)}::jsonb)
        RETURNING id`,
  );
  return row!.id;
}

/** Staff made the transfer: processed, with its UTR. */
export async function recordPayout(
  db: Queryable,
  id: number,
  a: { utr: string; now: Date },
): Promise<void> {
  await db.execute(
    sql`UPDATE refunds SET status = 'processed', utr = ${a.utr},
               updated_at = ${a.now.toISOString()}::timestamptz,
               processed_at = ${a.now.toISOString()}::timestamptz
        WHERE id = ${id}`,
  );
}

/** The provider took (or finished) the refund: its id and state. */
export async function recordProviderResponse(
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

/**
 * The provider could not be asked to make a refund ('requested') or about one ('pending'):
 * it waits for the next try. Nothing changes when the refund has moved on meanwhile (another
 * request's response, a webhook).
 */
export async function recordAttemptFailed(
  db: Queryable,
  id: number,
  error: string,
  now: Date,
  status: 'requested' | 'pending' = 'requested',
): Promise<void> {
  await db.execute(
    sql`UPDATE refunds SET attempts = attempts + 1, last_error = ${error.slice(0, 500)},
               updated_at = ${now.toISOString()}::timestamptz
        WHERE id = ${id} AND status = ${status}`,
  );
}

/** The provider said no to the refund: failed, with its words. */
export async function recordRefusal(
  db: Queryable,
  id: number,
  error: string,
  now: Date,
): Promise<void> {
  await db.execute(
    sql`UPDATE refunds SET status = 'failed', attempts = attempts + 1,
               last_error = ${error.slice(0, 500)}, updated_at = ${now.toISOString()}::timestamptz
        WHERE id = ${id}`,
  );
}

/** The provider was asked about a pending refund and has not finished it. */
export async function recordLookup(db: Queryable, id: number, now: Date): Promise<void> {
  await db.execute(
    sql`UPDATE refunds SET attempts = attempts + 1, last_error = NULL,
               updated_at = ${now.toISOString()}::timestamptz
        WHERE id = ${id} AND status = 'pending'`,
  );
}

/** The provider's news on a refund: its state, and its id when the news came first. */
export async function setRefundStatus(
  db: Queryable,
  id: number,
  providerRefundId: string,
  status: RefundState,
  now: Date,
): Promise<void> {
  await db.execute(
    sql`UPDATE refunds SET status = ${status},
               provider_refund_id = COALESCE(provider_refund_id, ${providerRefundId}),
               updated_at = ${now.toISOString()}::timestamptz,
               processed_at = CASE WHEN ${status} = 'processed'
                                   THEN ${now.toISOString()}::timestamptz END
        WHERE id = ${id}`,
  );
}

/** The sweep's first wait, doubled after each try of a refund, up to the longest. */
export const SWEEP_FIRST_WAIT_SECONDS = 60;
export const SWEEP_LONGEST_WAIT_SECONDS = 60 * 60;

/**
 * Claims refunds due for another try: 'requested' ones (never taken by the provider) and,
 * when the provider can be asked, 'pending' ones (taken, not finished). A refund is due when
 * its last touch is older than the wait its tries have earned (1, 2, 4 … minutes, at most an
 * hour). The claim moves updated_at to now under FOR UPDATE SKIP LOCKED, so another process
 * skips the row now and finds it not due afterwards: that is the lease, as long as the wait.
 */
export async function claimDueRefunds(
  db: Queryable,
  c: { provider: string; lookups: boolean; now: Date; limit: number },
): Promise<{ id: number; status: RefundStatus }[]> {
  const now = c.now.toISOString();
  return queryRows<{ id: number; status: RefundStatus }>(
    db,
    sql`WITH due AS (
          SELECT id FROM refunds
          WHERE provider = ${c.provider}
            AND (status = 'requested' OR (${c.lookups} AND status = 'pending'))
            AND updated_at <= ${now}::timestamptz - interval '1 second' * least(
                  ${SWEEP_FIRST_WAIT_SECONDS}::int * power(2, least(attempts, 16)),
                  ${SWEEP_LONGEST_WAIT_SECONDS}::int)
          ORDER BY updated_at, id
          LIMIT ${c.limit}
          FOR UPDATE SKIP LOCKED
        )
        UPDATE refunds r SET updated_at = ${now}::timestamptz
        FROM due WHERE r.id = due.id
        RETURNING r.id, r.status`,
  );
}

// ───────────────────────────── the back office ─────────────────────────────

export interface AdminRefundRow extends RefundRow {
  staff_name: string | null;
  shopper_name: string;
}

const adminColumns = sql`${columns}, s.name AS staff_name, u.name AS shopper_name`;
const adminFrom = sql`refunds r LEFT JOIN payments p ON p.id = r.payment_id
  JOIN orders o ON o.id = r.order_id JOIN users u ON u.id = o.user_id
  LEFT JOIN staff s ON s.id = r.staff_id`;

export async function adminRefundById(
  db: Queryable,
  id: number,
): Promise<AdminRefundRow | undefined> {
  const [row] = await queryRows<AdminRefundRow>(
    db,
    sql`SELECT ${adminColumns} FROM ${adminFrom} WHERE r.id = ${id}`,
  );
  return row;
}

/**
 * A page of refunds: newest first, or only the open ones asked before `overdueBefore`, oldest
 * first (the refunds_open_idx partial index serves these).
 */
export async function adminRefunds(
  db: Queryable,
  f: {
    status: RefundStatus | undefined;
    method: 'provider' | 'payout' | undefined;
    overdueBefore: Date | null;
    afterId: number | undefined;
    limit: number;
  },
): Promise<AdminRefundRow[]> {
  const conditions = [sql`TRUE`];
  if (f.status) conditions.push(sql`r.status = ${f.status}`);
  if (f.method) conditions.push(sql`r.method = ${f.method}`);
  if (f.overdueBefore) {
    conditions.push(sql`r.status IN ('requested', 'pending')`);
    conditions.push(sql`r.created_at < ${f.overdueBefore.toISOString()}::timestamptz`);
  }
  const oldestFirst = f.overdueBefore !== null;
  if (f.afterId !== undefined) {
    conditions.push(oldestFirst ? sql`r.id > ${f.afterId}` : sql`r.id < ${f.afterId}`);
  }
  return queryRows<AdminRefundRow>(
    db,
    sql`SELECT ${adminColumns} FROM ${adminFrom}
        WHERE ${sql.join(conditions, sql` AND `)}
        ORDER BY r.id ${oldestFirst ? sql`ASC` : sql`DESC`}
        LIMIT ${f.limit}`,
  );
}

/** Refunds still requested or pending that were asked before the given time. */
export async function overdueCount(db: Queryable, before: Date): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM refunds
        WHERE status IN ('requested', 'pending')
          AND created_at < ${before.toISOString()}::timestamptz`,
  );
  return row?.n ?? 0;
}
