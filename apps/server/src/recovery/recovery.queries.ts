// SQL of cart reminders (decision 065): the owner's settings row, shoppers' consent, when each
// reached checkout, the reminders written, and the month's report. It reads orders, the order
// ledger and coupon redemptions in its own statements (as customers/ does); it writes only its
// own tables.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows } from '../db/index.js';

type Instant = Date | string;

export interface SettingsRow {
  enabled: boolean;
  wait_minutes: number;
  coupon_kind: 'flat' | 'percent' | null;
  coupon_value: number | null;
  coupon_valid_days: number;
  updated_at: Instant;
}

const SETTINGS = sql`enabled, wait_minutes, coupon_kind, coupon_value, coupon_valid_days, updated_at`;

export async function readSettings(db: Queryable, lock = false): Promise<SettingsRow> {
  const [row] = await queryRows<SettingsRow>(
    db,
    lock
      ? sql`SELECT ${SETTINGS} FROM recovery_settings WHERE id = 1 FOR UPDATE`
      : sql`SELECT ${SETTINGS} FROM recovery_settings WHERE id = 1`,
  );
  if (!row) throw new Error('recovery_settings has no row 1 (migration 0040 seeds it)');
  return row;
}

export async function writeSettings(
  db: Queryable,
  s: Omit<SettingsRow, 'updated_at'>,
): Promise<SettingsRow> {
  const [row] = await queryRows<SettingsRow>(
    db,
    sql`UPDATE recovery_settings
        SET enabled = ${s.enabled}, wait_minutes = ${s.wait_minutes},
            coupon_kind = ${s.coupon_kind}, coupon_value = ${s.coupon_value},
            coupon_valid_days = ${s.coupon_valid_days}, updated_at = now()
        WHERE id = 1 RETURNING ${SETTINGS}`,
  );
  return row!;
}

// ─── consent ───

export interface ConsentRow {
  wording: string;
  given_at: Instant;
  withdrawn_at: Instant | null;
}

export async function consentOf(db: Queryable, userId: number): Promise<ConsentRow | undefined> {
  const [row] = await queryRows<ConsentRow>(
    db,
    sql`SELECT wording, given_at, withdrawn_at FROM recovery_consents WHERE user_id = ${userId}`,
  );
  return row;
}

export async function giveConsent(
  db: Queryable,
  userId: number,
  wording: string,
  now: Date,
): Promise<void> {
  await db.execute(
    sql`INSERT INTO recovery_consents (user_id, wording, given_at)
        VALUES (${userId}, ${wording}, ${now.toISOString()}::timestamptz)
        ON CONFLICT (user_id) DO UPDATE
          SET wording = excluded.wording, given_at = excluded.given_at,
              withdrawn_at = NULL, withdrawn_via = NULL`,
  );
}

/** Withdraws a consent still given; returns whether one was. */
export async function withdrawConsent(
  db: Queryable,
  userId: number,
  via: 'account' | 'mail-link' | 'one-click',
  now: Date,
): Promise<boolean> {
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`UPDATE recovery_consents SET withdrawn_at = ${now.toISOString()}::timestamptz,
               withdrawn_via = ${via}
        WHERE user_id = ${userId} AND withdrawn_at IS NULL RETURNING user_id`,
  );
  return rows.length > 0;
}

// ─── checkout reached ───

export async function markCheckoutReached(db: Queryable, userId: number, now: Date) {
  await db.execute(
    sql`INSERT INTO checkout_visits (user_id, reached_at)
        VALUES (${userId}, ${now.toISOString()}::timestamptz)
        ON CONFLICT (user_id) DO UPDATE SET reached_at = excluded.reached_at`,
  );
}

export interface DueCart {
  user_id: number;
  email: string;
  name: string;
  reached_at: Instant;
}

/** No order by the shopper since they reached checkout (any order, paid or not). */
const NOT_ORDERED = sql`NOT EXISTS (SELECT 1 FROM orders o
                                    WHERE o.user_id = v.user_id AND o.created_at >= v.reached_at)`;
/** The shopper's consent is given and not withdrawn, and the account is not erased. */
const MAY_MAIL = sql`c.withdrawn_at IS NULL AND u.erased_at IS NULL`;

/**
 * Shoppers who reached checkout before `before`, did not order since, consented, still have
 * lines in their cart, and whose visit the sweep has not looked at yet: its candidates. A cart
 * with a jersey of a kit launch not yet over (scheduled, or its limits still on) waits for the
 * launch's end: a reminder would send the fan to checkout out of their turn in its queue, with
 * a coupon off a drop that needs none (decision 088).
 */
export async function dueCarts(
  db: Queryable,
  before: Date,
  now: Date,
  limit: number,
): Promise<DueCart[]> {
  return queryRows<DueCart>(
    db,
    sql`SELECT v.user_id, u.email, u.name, v.reached_at
        FROM checkout_visits v
        JOIN users u ON u.id = v.user_id
        JOIN recovery_consents c ON c.user_id = v.user_id
        WHERE v.reached_at <= ${before.toISOString()}::timestamptz
          AND ${MAY_MAIL} AND ${NOT_ORDERED}
          AND EXISTS (SELECT 1 FROM cart_items ci WHERE ci.user_id = v.user_id)
          AND NOT EXISTS (SELECT 1 FROM cart_items ci
                          JOIN launch_products lp ON lp.product_id = ci.product_id
                          JOIN launches l ON l.id = lp.launch_id
                          WHERE ci.user_id = v.user_id AND l.canceled_at IS NULL
                            AND l.limits_until > ${now.toISOString()}::timestamptz)
          AND v.swept_visit_at IS DISTINCT FROM v.reached_at
        ORDER BY v.reached_at, v.user_id
        LIMIT ${limit}`,
  );
}

/** At send time: the shopper has still not ordered since that visit, and may be mailed. */
export async function stillDue(db: Queryable, reminderId: number): Promise<boolean> {
  const [row] = await queryRows<{ due: boolean }>(
    db,
    sql`SELECT (${NOT_ORDERED} AND ${MAY_MAIL}) AS due
        FROM cart_reminders v
        JOIN users u ON u.id = v.user_id
        JOIN recovery_consents c ON c.user_id = v.user_id
        WHERE v.id = ${reminderId}`,
  );
  return row?.due ?? false;
}

/** The sweep has looked at this visit: not again until the shopper reaches checkout anew. */
export async function markSwept(db: Queryable, userId: number, reachedAt: Instant) {
  await db.execute(
    sql`UPDATE checkout_visits SET swept_visit_at = reached_at
        WHERE user_id = ${userId} AND reached_at = ${new Date(reachedAt).toISOString()}::timestamptz`,
  );
}

/** Writes the reminder unless this cart had one; returns its id, or undefined. */
export async function insertReminder(
  db: Queryable,
  r: { userId: number; cartKey: string; reachedAt: Instant; tokenHash: string },
): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO cart_reminders (user_id, cart_key, reached_at, token_hash)
        VALUES (${r.userId}, ${r.cartKey}, ${new Date(r.reachedAt).toISOString()}::timestamptz,
                ${r.tokenHash})
        ON CONFLICT (user_id, cart_key) DO NOTHING
        RETURNING id`,
  );
  return row?.id;
}

export async function setReminderMail(
  db: Queryable,
  id: number,
  outboxId: number | null,
  couponId: number | null,
): Promise<void> {
  await db.execute(
    sql`UPDATE cart_reminders SET outbox_id = ${outboxId}, coupon_id = ${couponId}
        WHERE id = ${id}`,
  );
}

export async function reminderUserByToken(
  db: Queryable,
  tokenHash: string,
): Promise<number | undefined> {
  const [row] = await queryRows<{ user_id: number }>(
    db,
    sql`SELECT user_id FROM cart_reminders WHERE token_hash = ${tokenHash}`,
  );
  return row?.user_id;
}

// ─── the report ───

export interface ReportRow {
  sent: number;
  recovered: number;
  revenue_paise: string;
  coupons_used: number;
  canceled: number;
}

/**
 * Reminders sent in [from, to); of them, those whose shopper placed a paid order within
 * `windowDays` after the mail (the first such order), the money those orders kept on the
 * ledger (every entry but 'charged': payments in, refunds out), and the reminders' coupons
 * redeemed. Canceled: written in the period, never sent (the shopper ordered or withdrew).
 */
export async function report(
  db: Queryable,
  from: Date,
  to: Date,
  windowDays: number,
): Promise<ReportRow> {
  const [row] = await queryRows<ReportRow>(
    db,
    sql`WITH sent AS (
          SELECT r.id, r.user_id, r.coupon_id, m.sent_at
          FROM cart_reminders r JOIN outbox m ON m.id = r.outbox_id
          WHERE m.status = 'sent'
            AND m.sent_at >= ${from.toISOString()}::timestamptz
            AND m.sent_at < ${to.toISOString()}::timestamptz
        ), recovered AS (
          SELECT s.id,
                 (SELECT o.id FROM orders o
                  WHERE o.user_id = s.user_id AND o.payment_status = 'SUCCESS'
                    AND o.created_at >= s.sent_at
                    AND o.created_at < s.sent_at + make_interval(days => ${windowDays})
                  ORDER BY o.created_at LIMIT 1) AS order_id
          FROM sent s
        )
        SELECT (SELECT count(*)::int FROM sent) AS sent,
               (SELECT count(*)::int FROM recovered WHERE order_id IS NOT NULL) AS recovered,
               (SELECT coalesce(sum(l.amount_paise), 0)::bigint::text
                  FROM recovered rc JOIN order_ledger l ON l.order_id = rc.order_id
                 WHERE l.kind <> 'charged') AS revenue_paise,
               (SELECT count(DISTINCT s.id)::int FROM sent s
                  JOIN coupon_redemptions cr ON cr.coupon_id = s.coupon_id) AS coupons_used,
               (SELECT count(*)::int FROM cart_reminders r JOIN outbox m ON m.id = r.outbox_id
                 WHERE m.status = 'canceled'
                   AND r.created_at >= ${from.toISOString()}::timestamptz
                   AND r.created_at < ${to.toISOString()}::timestamptz) AS canceled`,
  );
  return row!;
}
