// SQL of the back office's orders: the list (filters, search, keyset pages newest first on
// the (created_at, id) indexes of migration 0013), one order with everything around it, and
// the rows a packing slip prints. Writes go through the fulfilment service, never through here.
import type { PayoutDetails } from '@kitroom/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows, sqlList } from '../db/index.js';

type Instant = Date | string;

/** What the list's search box asked for, once the service has read it. */
export type OrderSearch =
  | { kind: 'id'; id: number }
  | { kind: 'phone'; phone: string }
  | { kind: 'email'; email: string }
  | { kind: 'name'; text: string };

export interface OrderFilter {
  status?: 'Pending' | 'Processing' | 'Shipped' | 'Completed' | 'Canceled' | 'to-pack' | 'packed';
  payment?: 'UNPAID' | 'SUCCESS' | 'FAILED';
  /** Placed at or after. */
  from?: Date;
  /** Placed before. */
  before?: Date;
  state?: string;
  search?: OrderSearch;
  /** Only orders placed by approved wholesalers (decision 046). */
  wholesale?: boolean;
  /** Only this shopper's orders (a wholesaler's history). */
  userId?: number;
}

/** The last row of the previous page: its placing time in microseconds, and its id. */
export interface OrderCursor {
  micros: string;
  id: number;
}

export interface OrderListRow {
  id: number;
  created_at: Instant;
  /** created_at in microseconds since 1970, for the next page's cursor. */
  micros: string;
  order_status: string;
  payment_status: string;
  total_paise: number;
  items: number;
  first_name: string;
  last_name: string;
  street_name: string;
  city: string;
  state: string;
  pincode: string;
  email: string;
  phone: string;
  paid_at: Instant | null;
  packed_at: Instant | null;
  shipped_at: Instant | null;
  delivered_at: Instant | null;
  canceled_at: Instant | null;
  courier_name: string | null;
  tracking_id: string | null;
  wholesale: boolean;
}

/** `%text%` for LIKE, with the text's own wildcards taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The name on the address label, as one text (an expression an index can be built on). */
const labelName = sql`((o.shipping_address->>'first_name') || ' ' || (o.shipping_address->>'last_name'))`;

/**
 * Each way of finding an order is its own set of ids, so that each can walk its own index
 * (an OR across them would read every order): the order's phone (orders_mobile_idx, the
 * label's phone at checkout) and the account's; the label's name and the account's.
 */
function searchCondition(s: OrderSearch): SQL {
  switch (s.kind) {
    case 'id':
      return sql`o.id = ${s.id}`;
    case 'phone':
      return sql`o.id IN (SELECT id FROM orders WHERE mobile_number = ${s.phone}
                          UNION
                          SELECT a.id FROM orders a JOIN users u ON u.id = a.user_id
                           WHERE u.phone_number = ${s.phone})`;
    case 'email':
      return sql`o.user_id IN (SELECT id FROM users WHERE email = ${s.email})`;
    case 'name': {
      const like = containing(s.text);
      return sql`o.id IN (SELECT o.id FROM orders o WHERE ${labelName} ILIKE ${like}
                          UNION
                          SELECT a.id FROM orders a JOIN users u ON u.id = a.user_id
                           WHERE u.name ILIKE ${like})`;
    }
  }
}

function conditions(f: OrderFilter): SQL[] {
  const where: SQL[] = [sql`TRUE`];
  switch (f.status) {
    case undefined:
      break;
    case 'to-pack':
      where.push(
        // A confirmed COD order is Processing and unpaid (paid on delivery): ready too.
        sql`o.order_status = 'Processing' AND (o.payment_status = 'SUCCESS' OR o.payment_method = 'COD')
            AND o.packed_at IS NULL`,
      );
      break;
    case 'packed':
      where.push(sql`o.order_status = 'Processing' AND o.packed_at IS NOT NULL`);
      break;
    default:
      where.push(sql`o.order_status = ${f.status}`);
  }
  if (f.payment !== undefined) where.push(sql`o.payment_status = ${f.payment}`);
  if (f.from !== undefined) where.push(sql`o.created_at >= ${f.from.toISOString()}::timestamptz`);
  if (f.before !== undefined) {
    where.push(sql`o.created_at < ${f.before.toISOString()}::timestamptz`);
  }
  if (f.state !== undefined) where.push(sql`o.state = ${f.state}`);
  if (f.search !== undefined) where.push(searchCondition(f.search));
  if (f.wholesale) where.push(sql`o.wholesale_buyer IS NOT NULL`);
  if (f.userId !== undefined) where.push(sql`o.user_id = ${f.userId}`);
  return where;
}

/** One page of orders, newest first: `limit` rows at most, after the cursor when given. */
export async function listOrders(
  db: Queryable,
  f: OrderFilter,
  page: { after?: OrderCursor; limit: number },
): Promise<OrderListRow[]> {
  const where = conditions(f);
  if (page.after) {
    // Exact to the microsecond: a timestamp rounded to milliseconds would skip or repeat rows.
    where.push(
      sql`(o.created_at, o.id) < (timestamptz 'epoch' + ${page.after.micros}::bigint * interval '1 microsecond', ${page.after.id}::int)`,
    );
  }
  return queryRows<OrderListRow>(
    db,
    sql`WITH page AS MATERIALIZED (
          SELECT o.id FROM orders o
           WHERE ${sql.join(where, sql` AND `)}
           ORDER BY o.created_at DESC, o.id DESC
           LIMIT ${page.limit})
        SELECT o.id, o.created_at,
               (extract(epoch FROM o.created_at) * 1000000)::bigint::text AS micros,
               o.order_status, o.payment_status, o.total_paise,
               (SELECT coalesce(sum(i.quantity), 0)::int FROM order_items i WHERE i.order_id = o.id) AS items,
               coalesce(o.shipping_address->>'first_name', '') AS first_name,
               coalesce(o.shipping_address->>'last_name', '') AS last_name,
               coalesce(o.shipping_address->>'street_name', '') AS street_name,
               coalesce(o.shipping_address->>'city', '') AS city,
               o.state,
               coalesce(o.shipping_address->>'pincode', '') AS pincode,
               u.email, o.mobile_number AS phone,
               o.paid_at, o.packed_at, o.shipped_at, o.delivered_at, o.canceled_at,
               o.courier_name, o.tracking_id, o.wholesale_buyer IS NOT NULL AS wholesale
          FROM page
          JOIN orders o ON o.id = page.id
          JOIN users u ON u.id = o.user_id
         ORDER BY o.created_at DESC, o.id DESC`,
  );
}

const PAID_NOT_CANCELED = sql`o.payment_status = 'SUCCESS' AND o.order_status <> 'Canceled'`;

/** How many orders match, and the count and value of those paid and not canceled. */
export async function orderTotals(
  db: Queryable,
  f: OrderFilter,
): Promise<{ orders: number; paid_orders: number; paid_total_paise: number }> {
  const [row] = await queryRows<{ orders: number; paid_orders: number; paid_total_paise: string }>(
    db,
    sql`SELECT count(*)::int AS orders,
               count(*) FILTER (WHERE ${PAID_NOT_CANCELED})::int AS paid_orders,
               coalesce(sum(o.total_paise) FILTER (WHERE ${PAID_NOT_CANCELED}), 0)::bigint::text
                 AS paid_total_paise
          FROM orders o WHERE ${sql.join(conditions(f), sql` AND `)}`,
  );
  return {
    orders: row!.orders,
    paid_orders: row!.paid_orders,
    paid_total_paise: Number(row!.paid_total_paise),
  };
}

export interface OrderRow {
  id: number;
  user_id: number;
  user_name: string;
  email: string;
  account_phone: string;
  created_at: Instant;
  paid_at: Instant | null;
  order_status: string;
  payment_status: string;
  payment_method: string;
  shipping_address: Record<string, unknown>;
  state: string;
  mobile_number: string;
  subtotal_paise: number;
  shipping_paise: number;
  discount_paise: number;
  total_paise: number;
  coupon_code: string | null;
  packed_at: Instant | null;
  shipped_at: Instant | null;
  delivered_at: Instant | null;
  canceled_at: Instant | null;
  cancel_reason: string | null;
  courier_name: string | null;
  tracking_id: string | null;
  tracking_link: string | null;
  expected_date: string | null;
  eway_bill_number: string | null;
  wholesale_buyer: { legal_name: string; address: string; gstin: string | null } | null;
}

const orderSelect = sql`
  SELECT o.id, o.user_id, u.name AS user_name, u.email, u.phone_number AS account_phone,
         o.created_at, o.paid_at, o.order_status, o.payment_status, o.payment_method,
         o.shipping_address, o.state, o.mobile_number, o.subtotal_paise, o.shipping_paise,
         o.discount_paise, o.total_paise, c.code AS coupon_code, o.packed_at, o.shipped_at,
         o.delivered_at, o.canceled_at, o.cancel_reason, o.courier_name, o.tracking_id,
         o.tracking_link, o.expected_date::text AS expected_date, o.eway_bill_number,
         o.wholesale_buyer
    FROM orders o
    JOIN users u ON u.id = o.user_id
    LEFT JOIN coupons c ON c.id = o.coupon_id`;

export async function orderById(db: Queryable, id: number): Promise<OrderRow | undefined> {
  const [row] = await queryRows<OrderRow>(db, sql`${orderSelect} WHERE o.id = ${id}`);
  return row;
}

/** The orders of these ids that exist, in id order. */
export async function ordersByIds(db: Queryable, ids: readonly number[]): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  return queryRows<OrderRow>(db, sql`${orderSelect} WHERE o.id IN (${sqlList(ids)}) ORDER BY o.id`);
}

export interface LineRow {
  id: number;
  order_id: number;
  product_id: number;
  product_name: string;
  product_image_url: string;
  size: string;
  quantity: number;
  unit_price_paise: number;
  print_name: string;
  print_number: number | null;
  print_patch: boolean;
  print_price_paise: number;
}

export async function linesOfOrders(db: Queryable, ids: readonly number[]): Promise<LineRow[]> {
  if (ids.length === 0) return [];
  return queryRows<LineRow>(
    db,
    sql`SELECT id, order_id, product_id, product_name, product_image_url, size, quantity,
               unit_price_paise, print_name, print_number, print_patch, print_price_paise
          FROM order_items WHERE order_id IN (${sqlList(ids)}) ORDER BY order_id, id`,
  );
}

export interface PaymentRow {
  id: number;
  provider: string;
  provider_ref: string;
  provider_payment_id: string | null;
  status: string;
  amount_paise: number;
  created_at: Instant;
  updated_at: Instant;
}

export async function paymentsOfOrder(db: Queryable, orderId: number): Promise<PaymentRow[]> {
  return queryRows<PaymentRow>(
    db,
    sql`SELECT id, provider, provider_ref, provider_payment_id, status, amount_paise, created_at,
               updated_at
          FROM payments WHERE order_id = ${orderId} ORDER BY id`,
  );
}

export interface RefundRow {
  id: number;
  order_id: number;
  amount_paise: number;
  status: 'requested' | 'pending' | 'processed' | 'failed';
  method: 'provider' | 'payout';
  provider: string;
  provider_refund_id: string | null;
  payout_to: PayoutDetails | null;
  utr: string | null;
  reason: string;
  staff_id: number | null;
  staff_name: string | null;
  created_at: Instant;
  updated_at: Instant;
  processed_at: Instant | null;
  attempts: number;
  last_error: string | null;
}

export async function refundsOfOrder(db: Queryable, orderId: number): Promise<RefundRow[]> {
  return queryRows<RefundRow>(
    db,
    sql`SELECT r.id, r.order_id, r.amount_paise, r.status, r.method, r.provider,
               r.provider_refund_id, r.payout_to, r.utr, r.reason, r.staff_id, s.name AS staff_name, r.created_at, r.updated_at,
               r.processed_at, r.attempts, r.last_error
          FROM refunds r LEFT JOIN staff s ON s.id = r.staff_id
         WHERE r.order_id = ${orderId} ORDER BY r.id`,
  );
}

export interface ReturnRow {
  id: number;
  kind: 'return' | 'exchange';
  status: 'requested' | 'approved' | 'rejected' | 'received' | 'shipped';
  reason: string;
  created_at: Instant;
  decided_at: Instant | null;
}

export interface ReturnLineRow {
  return_id: number;
  order_item_id: number;
  product_name: string;
  size: string;
  quantity: number;
  exchange_size: string | null;
}

export async function returnsOfOrder(
  db: Queryable,
  orderId: number,
): Promise<{ returns: ReturnRow[]; lines: ReturnLineRow[] }> {
  const returns = await queryRows<ReturnRow>(
    db,
    sql`SELECT id, kind, status, reason, created_at, decided_at
          FROM order_returns WHERE order_id = ${orderId} ORDER BY id`,
  );
  if (returns.length === 0) return { returns, lines: [] };
  const lines = await queryRows<ReturnLineRow>(
    db,
    sql`SELECT ri.return_id, ri.order_item_id, i.product_name, i.size, ri.quantity,
               ri.exchange_size
          FROM order_return_items ri JOIN order_items i ON i.id = ri.order_item_id
         WHERE ri.return_id IN (${sqlList(returns.map((r) => r.id))})
         ORDER BY ri.return_id, ri.id`,
  );
  return { returns, lines };
}
