// Cash on delivery's SQL: the shopper's open COD orders (counted under a per-shopper lock),
// whether staff blocked COD for them, the confirmation token, cash collected on delivery, the sweep's unconfirmed orders, and
// the month's COD figures.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows } from '../db/index.js';

/**
 * Holds the shopper's COD checkouts one after another until commit, so two at once cannot
 * both count the same open orders and pass the limit. Online checkouts never take it.
 */
export async function lockCodCheckouts(db: Queryable, userId: number): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${userId}::int, hashtext('cod-checkout'))`);
}

/** The shopper's COD orders not yet paid (cash collected) nor cancelled. */
export async function openCodOrders(db: Queryable, userId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM orders
        WHERE user_id = ${userId} AND payment_method = 'COD' AND payment_status <> 'SUCCESS'
          AND order_status IN ('Pending', 'Processing', 'Shipped')`,
  );
  return row?.n ?? 0;
}

/** Whether staff blocked cash on delivery for the shopper (users.cod_blocked_at, issue 41). */
export async function codBlocked(db: Queryable, userId: number): Promise<boolean> {
  const [row] = await queryRows<{ blocked: boolean }>(
    db,
    sql`SELECT cod_blocked_at IS NOT NULL AS blocked FROM users WHERE id = ${userId}`,
  );
  return row?.blocked ?? false;
}

export async function setConfirmation(
  db: Queryable,
  orderId: number,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await db.execute(
    sql`UPDATE orders SET cod_confirm_token_hash = ${tokenHash},
               cod_confirm_expires_at = ${expiresAt.toISOString()}::timestamptz
        WHERE id = ${orderId}`,
  );
}

export interface CodOrderRow {
  id: number;
  user_id: number;
  payment_method: string;
  payment_status: string;
  order_status: string;
  cod_confirmed_at: Date | string | null;
  cod_confirm_token_hash: string | null;
  cod_confirm_expires_at: Date | string | null;
  cancel_reason: string | null;
}

/** The order's COD fields, locked for the rest of the transaction. */
export async function lockCodOrder(
  db: Queryable,
  orderId: number,
): Promise<CodOrderRow | undefined> {
  const [row] = await queryRows<CodOrderRow>(
    db,
    sql`SELECT id, user_id, payment_method, payment_status, order_status, cod_confirmed_at,
               cod_confirm_token_hash, cod_confirm_expires_at, cancel_reason
        FROM orders WHERE id = ${orderId} FOR UPDATE`,
  );
  return row;
}

/** Confirmed by the shopper: Processing, ready to pack, still unpaid. */
export async function markConfirmed(db: Queryable, orderId: number, now: Date): Promise<void> {
  await db.execute(
    sql`UPDATE orders SET cod_confirmed_at = ${now.toISOString()}::timestamptz,
               order_status = 'Processing'
        WHERE id = ${orderId}`,
  );
}

/** The courier collected the cash: paid now; true when this call did it. */
export async function markCashCollected(
  db: Queryable,
  orderId: number,
  now: Date,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE orders SET payment_status = 'SUCCESS', paid_at = ${now.toISOString()}::timestamptz
        WHERE id = ${orderId} AND payment_method = 'COD' AND payment_status <> 'SUCCESS'
        RETURNING id`,
  );
  return rows.length === 1;
}

/** Paid online after all: an online order from now on (its total, fee included, stays). */
export async function switchToOnline(db: Queryable, orderId: number): Promise<void> {
  await db.execute(sql`UPDATE orders SET payment_method = 'Online' WHERE id = ${orderId}`);
}

/**
 * Claims up to `limit` COD orders placed before `placedBefore` and still unconfirmed: the
 * sweep cancels them. Rows another process holds are skipped.
 */
export async function claimUnconfirmed(
  db: Queryable,
  placedBefore: Date,
  limit: number,
): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM orders
        WHERE payment_method = 'COD' AND cod_confirmed_at IS NULL AND order_status = 'Pending'
          AND created_at < ${placedBefore.toISOString()}::timestamptz
        ORDER BY id LIMIT ${limit}
        FOR UPDATE SKIP LOCKED`,
  );
  return rows.map((r) => r.id);
}

export interface CodMonthRow {
  orders: number;
  cod_orders: number;
  /** COD orders whose shopper confirmed them. */
  confirmed: number;
  /** COD orders cancelled unconfirmed (by the sweep or the shopper). */
  unconfirmed_canceled: number;
  /** COD orders that went out to a courier (a shipment booked or the order shipped). */
  shipped: number;
  /** Of those, parcels the courier is returning or returned to us. */
  returned: number;
  /** COD orders whose cash was collected. */
  collected: number;
  /** The cash those orders brought, in paise. */
  collected_paise: number;
}

/** The month's orders (placed from `from` to before `to`) and what became of the COD ones. */
export async function codMonth(db: Queryable, from: Date, to: Date): Promise<CodMonthRow> {
  const [row] = await queryRows<CodMonthRow>(
    db,
    sql`WITH placed AS (
          SELECT o.id, o.payment_method, o.order_status, o.shipped_at, o.cod_confirmed_at,
                 o.paid_at, o.cod_fee_paise, o.total_paise,
                 EXISTS (SELECT 1 FROM order_events e
                          WHERE e.order_id = o.id AND e.type = 'cod_confirmed') AS was_cod
            FROM orders o
           WHERE o.created_at >= ${from.toISOString()}::timestamptz
             AND o.created_at < ${to.toISOString()}::timestamptz
        ), cod AS (
          SELECT p.*,
                 EXISTS (SELECT 1 FROM shipments s WHERE s.order_id = p.id AND s.return_id IS NULL
                          AND s.state IN ('rto_initiated', 'rto_delivered')) AS rto,
                 EXISTS (SELECT 1 FROM shipments s WHERE s.order_id = p.id AND s.return_id IS NULL
                          AND s.state NOT IN ('booking', 'canceled')) AS booked
            FROM placed p
           WHERE p.payment_method = 'COD' OR p.was_cod OR p.cod_fee_paise > 0
        )
        SELECT (SELECT count(*)::int FROM placed) AS orders,
               count(*)::int AS cod_orders,
               count(*) FILTER (WHERE cod_confirmed_at IS NOT NULL)::int AS confirmed,
               count(*) FILTER (WHERE cod_confirmed_at IS NULL
                                  AND order_status = 'Canceled')::int AS unconfirmed_canceled,
               count(*) FILTER (WHERE shipped_at IS NOT NULL OR booked OR rto)::int AS shipped,
               count(*) FILTER (WHERE rto)::int AS returned,
               count(*) FILTER (WHERE payment_method = 'COD' AND paid_at IS NOT NULL)::int
                 AS collected,
               coalesce(sum(total_paise) FILTER (WHERE payment_method = 'COD'
                                                   AND paid_at IS NOT NULL), 0)::int
                 AS collected_paise
          FROM cod`,
  );
  return row!;
}
