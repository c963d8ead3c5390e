// SQL of the shop's health: orders and payments per state, the outbox's backlog, the
// database's size, the owner alerts' rows and the owners to tell. Each is cheap on a million
// orders (decision 036 has the plans).
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows, sqlList } from '../db/index.js';

/** Orders still moving: counted on every scrape through orders_status_created_idx. */
export const OPEN_ORDER_STATUSES = ['Pending', 'Processing', 'Shipped'] as const;
/** Orders at rest: their counts only grow, so they are counted now and then (a scan). */
export const CLOSED_ORDER_STATUSES = ['Completed', 'Canceled'] as const;

export interface OrderCount {
  order_status: string;
  payment_status: string;
  count: number;
}

export async function orderCounts(
  db: Queryable,
  statuses: readonly string[],
): Promise<OrderCount[]> {
  const rows = await queryRows<OrderCount>(
    db,
    sql`SELECT order_status, payment_status, count(*)::int AS count FROM orders
        WHERE order_status IN (${sqlList(statuses)})
        GROUP BY order_status, payment_status`,
  );
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

export interface PaymentCount {
  provider: string;
  status: string;
  count: number;
}

export async function paymentCounts(db: Queryable): Promise<PaymentCount[]> {
  const rows = await queryRows<PaymentCount>(
    db,
    sql`SELECT provider, status, count(*)::int AS count FROM payments GROUP BY provider, status`,
  );
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

export interface OutboxBacklog {
  pending: number;
  oldestCreatedAt: Date | null;
}

/** Mails not yet sent (the partial index outbox_due_idx holds exactly these). */
export async function outboxBacklog(db: Queryable): Promise<OutboxBacklog> {
  const [row] = await queryRows<{ pending: number; oldest: Date | string | null }>(
    db,
    sql`SELECT count(*)::int AS pending, min(created_at) AS oldest FROM outbox
        WHERE status = 'pending'`,
  );
  return {
    pending: Number(row?.pending ?? 0),
    oldestCreatedAt: row?.oldest ? new Date(row.oldest) : null,
  };
}

export async function databaseBytes(db: Queryable): Promise<number | null> {
  const [row] = await queryRows<{ bytes: string | number | null }>(
    db,
    sql`SELECT pg_database_size(current_database()) AS bytes`,
  );
  return row?.bytes === null || row?.bytes === undefined ? null : Number(row.bytes);
}

/** When the shop began: its first staff account (the owner's, made at setup); null before. */
export async function shopStartedAt(db: Queryable): Promise<Date | null> {
  const [row] = await queryRows<{ at: Date | string | null }>(
    db,
    sql`SELECT min(created_at) AS at FROM staff`,
  );
  return row?.at ? new Date(row.at) : null;
}

export interface AlertRow {
  kind: string;
  raised_at: Date | null;
  mailed_at: Date | null;
  cleared_at: Date | null;
  detail: string;
  updated_at: Date;
}

function alertOf(r: AlertRow): AlertRow {
  const at = (v: Date | string | null) => (v === null ? null : new Date(v));
  return {
    kind: r.kind,
    raised_at: at(r.raised_at),
    mailed_at: at(r.mailed_at),
    cleared_at: at(r.cleared_at),
    detail: r.detail,
    updated_at: new Date(r.updated_at),
  };
}

export async function alertRows(db: Queryable): Promise<AlertRow[]> {
  const rows = await queryRows<AlertRow>(
    db,
    sql`SELECT kind, raised_at, mailed_at, cleared_at, detail, updated_at FROM owner_alerts
        ORDER BY kind`,
  );
  return rows.map(alertOf);
}

/**
 * Only one process checks at a time: a transaction that does not get this lock skips the
 * check (another process is doing it).
 */
export async function tryAlertLock(tx: Queryable): Promise<boolean> {
  const [row] = await queryRows<{ got: boolean }>(
    tx,
    sql`SELECT pg_try_advisory_xact_lock(hashtextextended('kitroom:owner-alerts', 0)) AS got`,
  );
  return row?.got === true;
}

/** Raises the alert: a new row, or a cleared one raised again (its mail not yet sent). */
export async function raiseAlert(
  tx: Queryable,
  kind: string,
  detail: string,
  now: Date,
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO owner_alerts (kind, raised_at, mailed_at, cleared_at, detail, updated_at)
        VALUES (${kind}, ${now}, NULL, NULL, ${detail}, ${now})
        ON CONFLICT (kind) DO UPDATE
          SET raised_at = excluded.raised_at, mailed_at = NULL, cleared_at = NULL,
              detail = excluded.detail, updated_at = excluded.updated_at
          WHERE owner_alerts.cleared_at IS NOT NULL OR owner_alerts.raised_at IS NULL`,
  );
}

export async function clearAlert(tx: Queryable, kind: string, now: Date): Promise<void> {
  await tx.execute(
    sql`UPDATE owner_alerts SET cleared_at = ${now}, updated_at = ${now}
        WHERE kind = ${kind} AND raised_at IS NOT NULL AND cleared_at IS NULL`,
  );
}

/**
 * Claims the raised alerts whose mail is due: never tried (updated_at is its raising), or
 * last tried longer than `leaseMs` ago. The claim moves updated_at (always past the raising),
 * so another process does not mail the same alert while this one is sending.
 */
export async function claimAlertMails(
  tx: Queryable,
  now: Date,
  leaseMs: number,
): Promise<AlertRow[]> {
  const before = new Date(now.getTime() - leaseMs);
  const rows = await queryRows<AlertRow>(
    tx,
    sql`UPDATE owner_alerts
        SET updated_at = GREATEST(${now}, raised_at + interval '1 millisecond')
        WHERE raised_at IS NOT NULL AND cleared_at IS NULL AND mailed_at IS NULL
          AND (updated_at = raised_at OR updated_at <= ${before})
        RETURNING kind, raised_at, mailed_at, cleared_at, detail, updated_at`,
  );
  return rows.map(alertOf);
}

/** The mail went out: recorded against the raising it told of. */
export async function markAlertMailed(
  db: Queryable,
  kind: string,
  raisedAt: Date,
  now: Date,
): Promise<void> {
  await db.execute(
    sql`UPDATE owner_alerts SET mailed_at = ${now}
        WHERE kind = ${kind} AND raised_at = ${raisedAt} AND mailed_at IS NULL`,
  );
}

/** The owners' addresses: staff with the owner role, not disabled. */
export async function ownerEmails(db: Queryable): Promise<string[]> {
  const rows = await queryRows<{ email: string }>(
    db,
    sql`SELECT email FROM staff WHERE role = 'owner' AND disabled_at IS NULL ORDER BY id`,
  );
  return rows.map((r) => r.email);
}
