// SQL of shoppers' data rights: everything kept about one shopper (the export), what holds an
// erasure back, the erasure's statements, and the erasure requests.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows, sqlList } from '../db/index.js';

export type Row = Record<string, unknown>;

/** A time as the drivers return it (a Date, or PostgreSQL's text), as ISO 8601 UTC. */
export const iso = (v: Date | string) => new Date(v).toISOString();

/** Rows with their times (columns named *_at) in ISO 8601 UTC. */
async function rows(db: Queryable, query: ReturnType<typeof sql>): Promise<Row[]> {
  const found = await queryRows<Row>(db, query);
  return found.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [
        k,
        k.endsWith('_at') && (typeof v === 'string' || v instanceof Date) ? iso(v) : v,
      ]),
    ),
  );
}

// ───────────────────────────── the export ─────────────────────────────

export interface UserRow {
  id: number;
  name: string;
  email: string;
  phone_number: string;
  created_at: Date | string;
  erased_at: Date | string | null;
}

export async function user(db: Queryable, userId: number): Promise<UserRow | undefined> {
  const [row] = await queryRows<UserRow>(
    db,
    sql`SELECT id, name, email, phone_number, created_at, erased_at FROM users
        WHERE id = ${userId}`,
  );
  return row;
}

export async function shippingAddress(db: Queryable, userId: number): Promise<Row | undefined> {
  const [row] = await rows(
    db,
    sql`SELECT first_name, last_name, street_name, city, state, pincode, phone, updated_at
        FROM shipping_addresses WHERE user_id = ${userId}`,
  );
  return row;
}

export function cart(db: Queryable, userId: number): Promise<Row[]> {
  return rows(
    db,
    sql`SELECT c.product_id, p.name AS product_name, c.size, c.quantity, c.added_at
        FROM cart_items c JOIN products p ON p.id = c.product_id
        WHERE c.user_id = ${userId} ORDER BY c.added_at, c.product_id, c.size`,
  );
}

export function wishlist(db: Queryable, userId: number): Promise<Row[]> {
  return rows(
    db,
    sql`SELECT w.product_id, p.name AS product_name, w.added_at
        FROM wishlist_items w JOIN products p ON p.id = w.product_id
        WHERE w.user_id = ${userId} ORDER BY w.added_at, w.product_id`,
  );
}

/** WhatsApp order updates: each opt-in with its words and time, and its opt-out. */
export function whatsappConsents(db: Queryable, userId: number): Promise<Row[]> {
  return rows(
    db,
    sql`SELECT phone, wording, opted_in_at, opted_out_at, opted_out_by
        FROM whatsapp_consents WHERE user_id = ${userId} ORDER BY id`,
  );
}

/** "Notify me" sign-ups of the account's address (they are kept by address, not user id). */
export function backInStockRequests(db: Queryable, email: string): Promise<Row[]> {
  return rows(
    db,
    sql`SELECT b.product_id, p.name AS product_name, b.size, b.created_at, b.notified_at
        FROM back_in_stock_requests b JOIN products p ON p.id = b.product_id
        WHERE b.email = lower(${email}) ORDER BY b.created_at, b.id`,
  );
}

export function orders(db: Queryable, userId: number): Promise<Row[]> {
  return rows(
    db,
    sql`SELECT o.id, o.created_at, o.order_status, o.payment_status, o.payment_method,
               o.shipping_address, o.state, o.mobile_number, o.subtotal_paise, o.shipping_paise,
               o.cod_fee_paise, o.discount_paise, o.total_paise, c.code AS coupon_code,
               a.code AS affiliate_code, o.campaign_code, o.expected_date, o.courier_name,
               o.tracking_id, o.tracking_link, o.paid_at, o.packed_at, o.shipped_at,
               o.delivered_at, o.canceled_at, o.cancel_reason, o.cod_confirmed_at
        FROM orders o
        LEFT JOIN coupons c ON c.id = o.coupon_id
        LEFT JOIN affiliates a ON a.id = o.affiliate_id
        WHERE o.user_id = ${userId} ORDER BY o.id`,
  );
}

/** Rows of a per-order table, each with its order_id, for the given orders. */
export type OrderPart = (db: Queryable, orderIds: readonly number[]) => Promise<Row[]>;

const perOrder =
  (query: (ids: ReturnType<typeof sqlList>) => ReturnType<typeof sql>): OrderPart =>
  async (db, orderIds) =>
    orderIds.length === 0 ? [] : rows(db, query(sqlList(orderIds)));

export const orderItems = perOrder(
  (ids) =>
    sql`SELECT order_id, id, product_id, product_name, size, quantity, unit_price_paise,
               discount_paise
        FROM order_items WHERE order_id IN (${ids}) ORDER BY order_id, id`,
);

// The timeline as the shopper's order page shows it: staff notes and staff names stay out.
export const orderEvents = perOrder(
  (ids) =>
    sql`SELECT order_id, type, actor, data, created_at
        FROM order_events WHERE order_id IN (${ids}) AND type <> 'note'
        ORDER BY order_id, id`,
);

// No provider secrets: the provider's names of the payment, the amount and its state.
export const payments = perOrder(
  (ids) =>
    sql`SELECT order_id, provider, provider_ref, provider_payment_id, amount_paise, currency,
               status, created_at, updated_at
        FROM payments WHERE order_id IN (${ids}) ORDER BY order_id, id`,
);

export const refunds = perOrder(
  (ids) =>
    sql`SELECT order_id, id, amount_paise, status, reason, return_id, created_at, processed_at
        FROM refunds WHERE order_id IN (${ids}) ORDER BY order_id, id`,
);

export const returns = perOrder(
  (ids) =>
    sql`SELECT r.order_id, r.id, r.kind, r.status, r.reason, r.defect, r.photos,
               r.decision_note, r.decided_at, r.received_at, r.shipped_at, r.courier_name,
               r.tracking_id, r.tracking_link, r.created_at,
               coalesce((SELECT json_agg(json_build_object('order_item_id', i.order_item_id,
                                 'quantity', i.quantity, 'exchange_size', i.exchange_size)
                                 ORDER BY i.id)
                         FROM order_return_items i WHERE i.return_id = r.id), '[]') AS items
        FROM order_returns r WHERE r.order_id IN (${ids}) ORDER BY r.order_id, r.id`,
);

export const taxDocuments = perOrder(
  (ids) =>
    sql`SELECT order_id, kind, number, issued_at, buyer, place_of_supply, taxable_paise,
               cgst_paise, sgst_paise, igst_paise, total_paise
        FROM tax_documents WHERE order_id IN (${ids}) ORDER BY order_id, id`,
);

export function couponsRedeemed(db: Queryable, userId: number): Promise<Row[]> {
  return rows(
    db,
    sql`SELECT c.code, r.order_id, r.discount_paise, r.created_at
        FROM coupon_redemptions r JOIN coupons c ON c.id = r.coupon_id
        WHERE r.user_id = ${userId} ORDER BY r.id`,
  );
}

export function reviews(db: Queryable, userId: number): Promise<Row[]> {
  return rows(
    db,
    sql`SELECT r.id, r.product_id, p.name AS product_name, r.order_id, r.rating, r.subject,
               r.comment, r.created_at, r.updated_at, r.hidden_at IS NOT NULL AS hidden
        FROM reviews r JOIN products p ON p.id = r.product_id
        WHERE r.user_id = ${userId} ORDER BY r.id`,
  );
}

export async function wholesaleApplication(
  db: Queryable,
  userId: number,
): Promise<Row | undefined> {
  const [row] = await rows(
    db,
    sql`SELECT shop_name, shop_location, gst, requesting_person, contact_number, about_shop,
               status, created_at
        FROM wholesale_applications WHERE user_id = ${userId}`,
  );
  return row;
}

export function feedback(db: Queryable, userId: number): Promise<Row[]> {
  return rows(
    db,
    sql`SELECT feedback, created_at, handled_at IS NOT NULL AS handled
        FROM feedback WHERE user_id = ${userId} ORDER BY id`,
  );
}

export function referralClicks(db: Queryable, userId: number): Promise<Row[]> {
  return rows(
    db,
    sql`SELECT kind, code, valid, type, url, product_id, created_at
        FROM referral_clicks WHERE user_id = ${userId} ORDER BY id`,
  );
}

export function giveawayEntries(db: Queryable, userId: number): Promise<Row[]> {
  return rows(
    db,
    sql`SELECT g.slug, g.title, e.created_at,
               coalesce(g.winner_entry_id = e.id, false) AS won
        FROM giveaway_entries e JOIN giveaways g ON g.id = e.giveaway_id
        WHERE e.user_id = ${userId} ORDER BY e.id`,
  );
}

/** Kit launches the shopper asked to be mailed about (decision 070). */
export function launchAlerts(db: Queryable, userId: number): Promise<Row[]> {
  return rows(
    db,
    sql`SELECT l.name AS launch, l.starts_at, a.created_at
        FROM launch_alerts a JOIN launches l ON l.id = a.launch_id
        WHERE a.user_id = ${userId} ORDER BY a.created_at`,
  );
}

/** The shopper's places in launches' waiting rooms: number, when, browser key and address. */
export function launchPlaces(db: Queryable, userId: number): Promise<Row[]> {
  return rows(
    db,
    sql`SELECT l.name AS launch, q.position, q.joined_at, q.browser_key, q.ip
        FROM launch_queue q JOIN launches l ON l.id = q.launch_id
        WHERE q.user_id = ${userId} ORDER BY q.joined_at`,
  );
}

/** Staff notes on the account: what and when (who wrote them is the shop's own record). */
export function staffNotes(db: Queryable, userId: number): Promise<Row[]> {
  return rows(
    db,
    sql`SELECT id, note, created_at FROM customer_notes WHERE user_id = ${userId}
        ORDER BY created_at, id`,
  );
}

/** Cash on delivery blocked for the account: since when and why; undefined: not blocked. */
export async function codBlock(
  db: Queryable,
  userId: number,
): Promise<{ blocked_at: Date | string; reason: string } | undefined> {
  const [row] = await queryRows<{ blocked_at: Date | string; reason: string }>(
    db,
    sql`SELECT cod_blocked_at AS blocked_at, cod_block_reason AS reason FROM users
        WHERE id = ${userId} AND cod_blocked_at IS NOT NULL`,
  );
  return row;
}

export function sessions(db: Queryable, userId: number): Promise<Row[]> {
  return rows(
    db,
    sql`SELECT created_at, expires_at FROM sessions WHERE user_id = ${userId}
        ORDER BY created_at`,
  );
}

/** Cart reminders (decision 065): the consent, the checkout visit, the reminders written. */
export function cartReminderConsent(db: Queryable, userId: number): Promise<Row[]> {
  return rows(
    db,
    sql`SELECT wording, given_at, withdrawn_at, withdrawn_via FROM recovery_consents
        WHERE user_id = ${userId}`,
  );
}

export function checkoutVisits(db: Queryable, userId: number): Promise<Row[]> {
  return rows(db, sql`SELECT reached_at FROM checkout_visits WHERE user_id = ${userId}`);
}

export function cartReminders(db: Queryable, userId: number): Promise<Row[]> {
  return rows(
    db,
    sql`SELECT r.reached_at, r.created_at, c.code AS coupon_code
        FROM cart_reminders r LEFT JOIN coupons c ON c.id = r.coupon_id
        WHERE r.user_id = ${userId} ORDER BY r.created_at, r.id`,
  );
}

// ───────────────────────────── erasure ─────────────────────────────

export interface ErasureRow {
  id: number;
  user_id: number;
  state: 'waiting' | 'done';
  waiting_reason: string | null;
  requested_at: Date | string;
  done_at: Date | string | null;
}

export async function erasureOf(db: Queryable, userId: number): Promise<ErasureRow | undefined> {
  const [row] = await queryRows<ErasureRow>(
    db,
    sql`SELECT id, user_id, state, waiting_reason, requested_at, done_at
        FROM account_erasures WHERE user_id = ${userId}`,
  );
  return row;
}

/** The user's row, locked: two requests of one shopper queue up. */
export async function lockUser(db: Queryable, userId: number): Promise<UserRow | undefined> {
  const [row] = await queryRows<UserRow>(
    db,
    sql`SELECT id, name, email, phone_number, created_at, erased_at FROM users
        WHERE id = ${userId} FOR UPDATE`,
  );
  return row;
}

export interface Blocking {
  orderId: number;
  by: 'order' | 'return';
}

/**
 * The shopper's oldest order still open (unpaid and not cancelled, or paid and not yet
 * delivered), else the oldest with a return or exchange not yet settled.
 */
export async function blockingOrder(db: Queryable, userId: number): Promise<Blocking | undefined> {
  const [row] = await queryRows<{ order_id: number; by: 'order' | 'return' }>(
    db,
    sql`(SELECT id AS order_id, 'order' AS by, 0 AS rank FROM orders
         WHERE user_id = ${userId} AND order_status IN ('Pending', 'Processing', 'Shipped'))
        UNION ALL
        (SELECT r.order_id, 'return' AS by, 1 AS rank
         FROM order_returns r JOIN orders o ON o.id = r.order_id
         WHERE o.user_id = ${userId}
           AND (r.status IN ('requested', 'approved')
                OR (r.kind = 'exchange' AND r.status IN ('received', 'shipped'))))
        UNION ALL
        -- A bank or UPI transfer still owed to the shopper: its destination is needed until
        -- the transfer is made.
        (SELECT f.order_id, 'return' AS by, 1 AS rank
         FROM refunds f JOIN orders o ON o.id = f.order_id
         WHERE o.user_id = ${userId} AND f.method = 'payout'
           AND f.status IN ('requested', 'pending'))
        ORDER BY rank, order_id LIMIT 1`,
  );
  return row && { orderId: row.order_id, by: row.by };
}

export async function insertWaiting(
  db: Queryable,
  userId: number,
  reason: string,
  now: Date,
): Promise<void> {
  await db.execute(
    sql`INSERT INTO account_erasures (user_id, state, waiting_reason, requested_at)
        VALUES (${userId}, 'waiting', ${reason}, ${now.toISOString()}::timestamptz)
        ON CONFLICT (user_id) DO UPDATE SET waiting_reason = excluded.waiting_reason`,
  );
}

export async function markDone(db: Queryable, userId: number, now: Date): Promise<void> {
  await db.execute(
    sql`INSERT INTO account_erasures (user_id, state, requested_at, done_at)
        VALUES (${userId}, 'done', ${now.toISOString()}::timestamptz,
                ${now.toISOString()}::timestamptz)
        ON CONFLICT (user_id) DO UPDATE SET state = 'done', done_at = excluded.done_at`,
  );
}

/** Shoppers whose requests wait, oldest first. */
export function waitingUsers(db: Queryable, limit: number): Promise<{ user_id: number }[]> {
  return queryRows<{ user_id: number }>(
    db,
    sql`SELECT user_id FROM account_erasures WHERE state = 'waiting'
        ORDER BY requested_at, id LIMIT ${limit}`,
  );
}

/** The shopper's waiting request, locked; none when done or held by another sweeping process. */
export async function lockWaiting(db: Queryable, userId: number): Promise<boolean> {
  const found = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM account_erasures WHERE user_id = ${userId} AND state = 'waiting'
        FOR UPDATE SKIP LOCKED`,
  );
  return found.length > 0;
}

/** Orders of the shopper, and whether each has its tax invoice. */
export function ordersWithInvoice(
  db: Queryable,
  userId: number,
): Promise<{ id: number; invoiced: boolean }[]> {
  return queryRows<{ id: number; invoiced: boolean }>(
    db,
    sql`SELECT o.id, EXISTS (SELECT 1 FROM tax_documents d
                            WHERE d.order_id = o.id AND d.kind = 'invoice') AS invoiced
        FROM orders o WHERE o.user_id = ${userId} ORDER BY o.id`,
  );
}

/**
 * Orders never invoiced: the address and phone blanked (the state stays, with the order's
 * own state column, for the sales reports). Invoiced orders keep theirs (decision 037).
 */
export async function eraseUninvoicedAddresses(db: Queryable, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await db.execute(
    sql`UPDATE orders SET mobile_number = '',
          shipping_address = jsonb_build_object('first_name', '', 'last_name', '',
            'street_name', '', 'city', '', 'state', state, 'pincode', '', 'phone', '')
        WHERE id IN (${sqlList(orderIds)})`,
  );
}

/**
 * A payout destination as the records keep it after erasure (the transfer made, its UTR kept
 * for the accounts): a UPI id's handle, or the bank's IFSC and the account's last four digits;
 * the account holder's name replaced.
 */
const maskedPayout = (column: ReturnType<typeof sql>, erasedName: string) =>
  sql`CASE ${column}->>'method'
        WHEN 'upi' THEN jsonb_build_object('method', 'upi',
          'upi_id', 'erased@' || split_part(${column}->>'upi_id', '@', 2))
        ELSE jsonb_build_object('method', 'bank', 'account_name', ${erasedName}::text,
          'account_number', 'XXXXXXXX' || right(${column}->>'account_number', 4),
          'ifsc', ${column}->>'ifsc')
      END`;

/** The shopper's return payouts' destinations, masked on the request and on its refunds. */
export async function maskPayouts(
  db: Queryable,
  userId: number,
  erasedName: string,
): Promise<void> {
  await db.execute(
    sql`UPDATE order_returns r SET payout = ${maskedPayout(sql`r.payout`, erasedName)}
        FROM orders o
        WHERE o.id = r.order_id AND o.user_id = ${userId} AND r.payout IS NOT NULL`,
  );
  await db.execute(
    sql`UPDATE refunds f SET payout_to = ${maskedPayout(sql`f.payout_to`, erasedName)}
        FROM orders o
        WHERE o.id = f.order_id AND o.user_id = ${userId} AND f.payout_to IS NOT NULL`,
  );
}

/** The rows that are only the shopper's: gone. */
export async function deletePersonalRows(
  db: Queryable,
  userId: number,
  email: string,
): Promise<void> {
  await db.execute(sql`DELETE FROM sessions WHERE user_id = ${userId}`);
  await db.execute(sql`DELETE FROM shipping_addresses WHERE user_id = ${userId}`);
  await db.execute(sql`DELETE FROM cart_items WHERE user_id = ${userId}`);
  await db.execute(sql`DELETE FROM wishlist_items WHERE user_id = ${userId}`);
  // WhatsApp opt-ins, and the order updates to the shopper's number (their data name them).
  await db.execute(sql`DELETE FROM whatsapp_consents WHERE user_id = ${userId}`);
  await db.execute(
    sql`DELETE FROM outbox WHERE channel = 'whatsapp'
          AND order_id IN (SELECT id FROM orders WHERE user_id = ${userId})`,
  );
  await db.execute(sql`DELETE FROM wholesale_applications WHERE user_id = ${userId}`);
  await db.execute(sql`DELETE FROM feedback WHERE user_id = ${userId}`);
  await db.execute(sql`DELETE FROM customer_notes WHERE user_id = ${userId}`);
  await db.execute(sql`DELETE FROM recovery_consents WHERE user_id = ${userId}`);
  await db.execute(sql`DELETE FROM checkout_visits WHERE user_id = ${userId}`);
  await db.execute(sql`DELETE FROM cart_reminders WHERE user_id = ${userId}`);
  // Kit launches: the mails asked for, and places in waiting rooms (browser key, address).
  await db.execute(sql`DELETE FROM launch_alerts WHERE user_id = ${userId}`);
  await db.execute(sql`DELETE FROM launch_queue WHERE user_id = ${userId}`);
  await db.execute(sql`DELETE FROM otp_codes WHERE email = ${email}`);
  await db.execute(sql`DELETE FROM otp_grants WHERE email = ${email}`);
  await db.execute(sql`DELETE FROM back_in_stock_requests WHERE email = ${email}`);
  // Mails to the address (sent, or still waiting): their data hold the name and addresses.
  await db.execute(sql`DELETE FROM outbox WHERE recipient = ${email}`);
  // Entries in giveaways not drawn yet: an erased account takes no part in a draw (drawn
  // ones stay, so a past draw can still be checked against its recorded entries).
  await db.execute(
    sql`DELETE FROM giveaway_entries e USING giveaways g
        WHERE g.id = e.giveaway_id AND g.drawn_at IS NULL AND e.user_id = ${userId}`,
  );
  // Referral clicks stay for the affiliates' counts, no longer tied to the shopper.
  await db.execute(sql`UPDATE referral_clicks SET user_id = NULL WHERE user_id = ${userId}`);
}

/**
 * The account's row: placeholders, no usable password, the time it was erased; a cash on
 * delivery block goes with it (its reason is staff's words about the shopper).
 */
export async function eraseUser(
  db: Queryable,
  userId: number,
  placeholder: { name: string; email: string },
  now: Date,
): Promise<void> {
  await db.execute(
    sql`UPDATE users SET name = ${placeholder.name}, email = ${placeholder.email},
          phone_number = '', password_hash = '!', erased_at = ${now.toISOString()}::timestamptz,
          cod_blocked_at = NULL, cod_blocked_by = NULL, cod_block_reason = NULL
        WHERE id = ${userId}`,
  );
}

/**
 * The erasure confirmations already sent: their recipient replaced too, so no address
 * outlives its erasure in the outbox.
 */
export async function forgetSentConfirmations(db: Queryable, template: string): Promise<number> {
  const found = await queryRows<{ id: number }>(
    db,
    sql`UPDATE outbox SET recipient = 'erased@erased.invalid', data = '{}'::jsonb
        WHERE template = ${template} AND status IN ('sent', 'dead')
          AND recipient <> 'erased@erased.invalid'
        RETURNING id`,
  );
  return found.length;
}

// ───────────────────────────── the back office ─────────────────────────────

export interface AdminErasureRow extends ErasureRow {
  name: string;
  email: string;
  erased_at: Date | string | null;
}

export function listErasures(
  db: Queryable,
  filter: { state?: 'waiting' | 'done'; limit: number },
): Promise<AdminErasureRow[]> {
  return queryRows<AdminErasureRow>(
    db,
    sql`SELECT e.id, e.user_id, e.state, e.waiting_reason, e.requested_at, e.done_at,
               u.name, u.email, u.erased_at
        FROM account_erasures e JOIN users u ON u.id = e.user_id
        WHERE ${filter.state ? sql`e.state = ${filter.state}` : sql`true`}
        ORDER BY (e.state = 'waiting') DESC, e.requested_at DESC, e.id DESC
        LIMIT ${filter.limit}`,
  );
}

export async function countWaiting(db: Queryable): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM account_erasures WHERE state = 'waiting'`,
  );
  return Number(row?.n ?? 0);
}
