// SQL of the dashboard. A sale is a paid order that was not canceled, counted on the Indian
// day it was paid, for its total (goods, shipping, less the coupon).
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { queryRows } from '../db/sql.js';

const SOLD = sql`o.payment_status = 'SUCCESS' AND o.order_status <> 'Canceled'`;

export interface SalesTotal {
  orders: number;
  paise: number;
}

/** Orders and rupees (paise) of sales paid from `from` on. */
export async function salesSince(db: Queryable, from: Date): Promise<SalesTotal> {
  const [row] = await queryRows<{ orders: number; paise: string | number }>(
    db,
    sql`SELECT count(*)::int AS orders, coalesce(sum(o.total_paise), 0)::bigint AS paise
        FROM orders o WHERE ${SOLD} AND o.paid_at >= ${from.toISOString()}::timestamptz`,
  );
  return { orders: row?.orders ?? 0, paise: Number(row?.paise ?? 0) };
}

/** Sales per Indian day from `from` on (days without sales are absent). */
export async function salesPerDay(
  db: Queryable,
  from: Date,
): Promise<{ day: string; orders: number; paise: number }[]> {
  const rows = await queryRows<{ day: string; orders: number; paise: string | number }>(
    db,
    sql`SELECT to_char((o.paid_at AT TIME ZONE 'UTC') + interval '5 hours 30 minutes', 'YYYY-MM-DD') AS day,
               count(*)::int AS orders, sum(o.total_paise)::bigint AS paise
        FROM orders o WHERE ${SOLD} AND o.paid_at >= ${from.toISOString()}::timestamptz
        GROUP BY 1`,
  );
  return rows.map((r) => ({ day: r.day, orders: r.orders, paise: Number(r.paise) }));
}

/** The products sold most (units, then rupees) in orders paid from `from` on. */
export async function topProducts(db: Queryable, from: Date, limit: number) {
  const rows = await queryRows<{
    product_id: number;
    name: string;
    image_url: string;
    units: number;
    paise: string | number;
  }>(
    db,
    sql`SELECT p.id AS product_id, p.name, p.image_url, t.units, t.paise
        FROM (SELECT oi.product_id, sum(oi.quantity)::int AS units,
                     sum(oi.quantity * oi.unit_price_paise)::bigint AS paise
              FROM orders o JOIN order_items oi ON oi.order_id = o.id
              WHERE ${SOLD} AND o.paid_at >= ${from.toISOString()}::timestamptz
              GROUP BY oi.product_id
              ORDER BY units DESC, paise DESC, oi.product_id
              LIMIT ${limit}) t
        JOIN products p ON p.id = t.product_id
        ORDER BY t.units DESC, t.paise DESC, p.id`,
  );
  return rows.map((r) => ({ ...r, paise: Number(r.paise) }));
}

/** Paid orders not yet packed: the order list's 'to-pack' filter. */
export async function ordersToPack(
  db: Queryable,
): Promise<{ count: number; oldest_paid_at: Date | null }> {
  const [row] = await queryRows<{ count: number; oldest: Date | string | null }>(
    db,
    sql`SELECT count(*)::int AS count, min(o.paid_at) AS oldest FROM orders o
        WHERE o.payment_status = 'SUCCESS' AND o.order_status = 'Processing'
          AND o.packed_at IS NULL`,
  );
  return {
    count: row?.count ?? 0,
    oldest_paid_at: row?.oldest ? new Date(row.oldest) : null,
  };
}

/** Sizes of products on sale at or below their product's threshold, the emptiest first. */
export async function lowStockSizes(db: Queryable, limit: number) {
  const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM product_sizes ps JOIN products p ON p.id = ps.product_id
        WHERE p.active AND ps.stock <= p.low_stock_threshold`,
  );
  const sizes = await queryRows<{
    product_id: number;
    name: string;
    size: string;
    stock: number;
    threshold: number;
  }>(
    db,
    sql`SELECT p.id AS product_id, p.name, ps.size, ps.stock, p.low_stock_threshold AS threshold
        FROM product_sizes ps JOIN products p ON p.id = ps.product_id
        WHERE p.active AND ps.stock <= p.low_stock_threshold
        ORDER BY ps.stock, p.name, p.id, ps.position
        LIMIT ${limit}`,
  );
  return { count, sizes };
}
