// SQL of the back office's customers (issue 41): the list (search, keyset pages newest first
// or by lifetime value), one shopper with what is around them (account, addresses, counts,
// wholesale application, COD block, notes), and the customer domain's own writes: notes and
// the COD block (users.cod_blocked_*, which orders/cod.queries.ts reads at checkout).
//
// A shopper's lifetime value is a sum over the orders' money ledger (the order_ledger view,
// migration 0036; orders/ledger.service.ts): over their paid orders, every entry but the
// 'charged' one — captured payments and cash collected in, refunds and payouts out — which is
// each order's `kept` there. The list must sort and page by it, so it is one SQL expression,
// written once here (KEPT) and checked against the ledger service in customers.api.test.ts.
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows } from '../db/index.js';

type Instant = Date | string;

/** What the search box asked for, once the service has read it. */
export type CustomerSearch = { kind: 'phone'; phone: string } | { kind: 'text'; text: string };

/** The last row of the previous page: its sort value (microseconds or paise) and id. */
export interface CustomerCursor {
  value: string;
  id: number;
}

/** The ledger entries a shopper's lifetime value sums, for orders `o` joined to entries `l`. */
const KEPT = sql`o.payment_status = 'SUCCESS' AND l.kind <> 'charged'`;

/** `%text%` for LIKE, with the text's own wildcards taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Each way of finding a shopper is its own set of ids, so that each walks its own index: the
 * account's phone, the saved address's and the orders' (their labels' phone at checkout); the
 * name and (part of) the email, each with its trigram index.
 */
function searchCondition(s: CustomerSearch): SQL {
  if (s.kind === 'phone') {
    return sql`u.id IN (SELECT id FROM users WHERE phone_number = ${s.phone}
                        UNION SELECT user_id FROM shipping_addresses WHERE phone = ${s.phone}
                        UNION SELECT user_id FROM orders WHERE mobile_number = ${s.phone})`;
  }
  const like = containing(s.text);
  return sql`u.id IN (SELECT id FROM users WHERE name ILIKE ${like}
                      UNION SELECT id FROM users WHERE email ILIKE ${like})`;
}

export interface CustomerListRow {
  id: number;
  name: string;
  email: string;
  phone: string;
  created_at: Instant;
  /** The row's sort value as text: signup microseconds, or lifetime value in paise. */
  sort_value: string;
  erased: boolean;
  cod_blocked: boolean;
  wholesale: 'pending' | 'approved' | 'rejected' | null;
  orders: number;
  last_order_at: Instant | null;
  /** Paise, as text (a sum may pass an int). */
  kept: string;
}

const micros = sql`(extract(epoch FROM u.created_at) * 1000000)::bigint`;

/**
 * One page of shoppers: the page's ids first (by signup, or by lifetime value over every
 * match), then each one's counts, so the counts are read for the page's rows only.
 */
export async function listCustomers(
  db: Queryable,
  f: { search?: CustomerSearch; sort: 'newest' | 'value' },
  page: { after?: CustomerCursor; limit: number },
): Promise<CustomerListRow[]> {
  const where: SQL[] = [sql`TRUE`];
  if (f.search) where.push(searchCondition(f.search));
  let pageIds: SQL;
  if (f.sort === 'newest') {
    if (page.after) {
      where.push(
        sql`(u.created_at, u.id) < (timestamptz 'epoch' + ${page.after.value}::bigint * interval '1 microsecond', ${page.after.id}::int)`,
      );
    }
    pageIds = sql`SELECT u.id, ${micros}::text AS sort_value,
                         row_number() OVER (ORDER BY u.created_at DESC, u.id DESC) AS n
                  FROM users u WHERE ${sql.join(where, sql` AND `)}
                  ORDER BY u.created_at DESC, u.id DESC LIMIT ${page.limit}`;
  } else {
    const value = sql`coalesce(k.kept, 0)`;
    if (page.after) {
      where.push(sql`(${value}, u.id) < (${page.after.value}::bigint, ${page.after.id}::int)`);
    }
    pageIds = sql`SELECT u.id, ${value}::text AS sort_value,
                         row_number() OVER (ORDER BY ${value} DESC, u.id DESC) AS n
                  FROM users u
                  LEFT JOIN (SELECT o.user_id, sum(l.amount_paise)::bigint AS kept
                             FROM orders o JOIN order_ledger l ON l.order_id = o.id
                             WHERE ${KEPT} GROUP BY o.user_id) k ON k.user_id = u.id
                  WHERE ${sql.join(where, sql` AND `)}
                  ORDER BY ${value} DESC, u.id DESC LIMIT ${page.limit}`;
  }
  return queryRows<CustomerListRow>(
    db,
    sql`WITH page AS (${pageIds})
        SELECT u.id, u.name, u.email, u.phone_number AS phone, u.created_at, p.sort_value,
               u.erased_at IS NOT NULL AS erased, u.cod_blocked_at IS NOT NULL AS cod_blocked,
               w.status AS wholesale,
               (SELECT count(*)::int FROM orders o WHERE o.user_id = u.id) AS orders,
               (SELECT max(o.created_at) FROM orders o WHERE o.user_id = u.id) AS last_order_at,
               (SELECT coalesce(sum(l.amount_paise), 0)::bigint::text
                  FROM orders o JOIN order_ledger l ON l.order_id = o.id
                 WHERE o.user_id = u.id AND ${KEPT}) AS kept
        FROM page p JOIN users u ON u.id = p.id
        LEFT JOIN wholesale_applications w ON w.user_id = u.id
        ORDER BY p.n`,
  );
}

// ─── one shopper ───

export interface CustomerRow {
  id: number;
  name: string;
  email: string;
  phone: string;
  created_at: Instant;
  erased_at: Instant | null;
  cod_blocked_at: Instant | null;
  cod_block_reason: string | null;
  cod_blocked_by_name: string | null;
  wholesale_status: 'pending' | 'approved' | 'rejected' | null;
  wholesale_shop_name: string | null;
  wholesale_applied_at: Instant | null;
  wholesale_decided_at: Instant | null;
}

export async function customer(db: Queryable, id: number): Promise<CustomerRow | undefined> {
  const [row] = await queryRows<CustomerRow>(
    db,
    sql`SELECT u.id, u.name, u.email, u.phone_number AS phone, u.created_at, u.erased_at,
               u.cod_blocked_at, u.cod_block_reason, s.name AS cod_blocked_by_name,
               w.status AS wholesale_status, w.shop_name AS wholesale_shop_name,
               w.created_at AS wholesale_applied_at, w.decided_at AS wholesale_decided_at
        FROM users u
        LEFT JOIN staff s ON s.id = u.cod_blocked_by
        LEFT JOIN wholesale_applications w ON w.user_id = u.id
        WHERE u.id = ${id}`,
  );
  return row;
}

export interface AddressRow {
  first_name: string;
  last_name: string;
  street_name: string;
  city: string;
  state: string;
  pincode: string;
  phone: string;
}

/** The address saved with the account. */
export async function savedAddress(db: Queryable, id: number): Promise<AddressRow | undefined> {
  const [row] = await queryRows<AddressRow>(
    db,
    sql`SELECT first_name, last_name, street_name, city, state, pincode, phone
        FROM shipping_addresses WHERE user_id = ${id}`,
  );
  return row;
}

export interface OrderAddressRow extends AddressRow {
  orders: number;
  last_used_at: Instant;
}

/**
 * The addresses the shopper's orders went to, most recently used first; addresses an erasure
 * blanked (decision 037) are left out.
 */
export function orderAddresses(
  db: Queryable,
  id: number,
  limit: number,
): Promise<OrderAddressRow[]> {
  return queryRows<OrderAddressRow>(
    db,
    sql`SELECT coalesce(o.shipping_address->>'first_name', '') AS first_name,
               coalesce(o.shipping_address->>'last_name', '') AS last_name,
               coalesce(o.shipping_address->>'street_name', '') AS street_name,
               coalesce(o.shipping_address->>'city', '') AS city,
               coalesce(nullif(o.shipping_address->>'state', ''), o.state) AS state,
               coalesce(o.shipping_address->>'pincode', '') AS pincode,
               coalesce(nullif(o.shipping_address->>'phone', ''), o.mobile_number) AS phone,
               count(*)::int AS orders, max(o.created_at) AS last_used_at
        FROM orders o
        WHERE o.user_id = ${id} AND coalesce(o.shipping_address->>'street_name', '') <> ''
        GROUP BY 1, 2, 3, 4, 5, 6, 7
        ORDER BY max(o.created_at) DESC
        LIMIT ${limit}`,
  );
}

export interface SummaryRow {
  orders: number;
  paid_orders: number;
  /** Paise, as text. */
  kept: string;
  returns: number;
  returned_to_origin: number;
}

/**
 * The shopper's counts: orders, paid ones, lifetime value (KEPT), returns and exchanges asked
 * for, and orders whose own parcel came back to origin (the COD report's rule: a parcel of the
 * order, not an exchange's, in rto_initiated or rto_delivered).
 */
export async function summary(db: Queryable, id: number): Promise<SummaryRow> {
  const [row] = await queryRows<SummaryRow>(
    db,
    sql`SELECT (SELECT count(*)::int FROM orders WHERE user_id = ${id}) AS orders,
               (SELECT count(*)::int FROM orders
                 WHERE user_id = ${id} AND payment_status = 'SUCCESS') AS paid_orders,
               (SELECT coalesce(sum(l.amount_paise), 0)::bigint::text
                  FROM orders o JOIN order_ledger l ON l.order_id = o.id
                 WHERE o.user_id = ${id} AND ${KEPT}) AS kept,
               (SELECT count(*)::int FROM order_returns r JOIN orders o ON o.id = r.order_id
                 WHERE o.user_id = ${id}) AS returns,
               (SELECT count(DISTINCT s.order_id)::int
                  FROM shipments s JOIN orders o ON o.id = s.order_id
                 WHERE o.user_id = ${id} AND s.return_id IS NULL
                   AND s.state IN ('rto_initiated', 'rto_delivered')) AS returned_to_origin`,
  );
  return row!;
}

export interface NoteRow {
  id: number;
  note: string;
  created_at: Instant;
  staff_name: string;
}

/** Staff notes on the shopper, newest first. */
export function notes(db: Queryable, id: number, limit: number): Promise<NoteRow[]> {
  return queryRows<NoteRow>(
    db,
    sql`SELECT n.id, n.note, n.created_at, s.name AS staff_name
        FROM customer_notes n JOIN staff s ON s.id = n.staff_id
        WHERE n.user_id = ${id}
        ORDER BY n.created_at DESC, n.id DESC
        LIMIT ${limit}`,
  );
}

// ─── the writes ───

export interface LockedCustomer {
  id: number;
  erased_at: Instant | null;
  cod_blocked_at: Instant | null;
  cod_block_reason: string | null;
}

/** The shopper's row, locked until commit: an erasure or another block waits for this one. */
export async function lockCustomer(db: Queryable, id: number): Promise<LockedCustomer | undefined> {
  const [row] = await queryRows<LockedCustomer>(
    db,
    sql`SELECT id, erased_at, cod_blocked_at, cod_block_reason FROM users
        WHERE id = ${id} FOR UPDATE`,
  );
  return row;
}

export async function insertNote(
  db: Queryable,
  n: { userId: number; staffId: number; note: string; at: Date },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO customer_notes (user_id, staff_id, note, created_at)
        VALUES (${n.userId}, ${n.staffId}, ${n.note}, ${n.at.toISOString()}::timestamptz)
        RETURNING id`,
  );
  return row!.id;
}

/** Blocks cash on delivery for the shopper (when, by whom, why), or with null allows it. */
export async function setCodBlock(
  db: Queryable,
  id: number,
  block: { at: Date; staffId: number; reason: string } | null,
): Promise<void> {
  await db.execute(
    block
      ? sql`UPDATE users SET cod_blocked_at = ${block.at.toISOString()}::timestamptz,
                 cod_blocked_by = ${block.staffId}, cod_block_reason = ${block.reason}
            WHERE id = ${id}`
      : sql`UPDATE users SET cod_blocked_at = NULL, cod_blocked_by = NULL,
                 cod_block_reason = NULL
            WHERE id = ${id}`,
  );
}
