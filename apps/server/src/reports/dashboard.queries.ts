// SQL of the dashboard. A sale is a paid order that was not canceled, counted on the Indian
// day it was paid, for its total (goods, shipping, less the coupon).
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows } from '../db/index.js';

const SOLD = sql`o.payment_status = 'SUCCESS' AND o.order_status <> 'Canceled'`;

export interface SalesTotal {
  orders: number;
  paise: number;
}

/** The advisory lock the rollups' refresh holds (one refresher at a time). */
const SALES_DAYS_LOCK = 0x5a1e5;

/** The Indian day an order was paid, in SQL (as indian-days.ts reckons it). */
const PAID_DAY = sql`((o.paid_at AT TIME ZONE 'UTC') + interval '5 hours 30 minutes')::date`;

/**
 * Rolls up the ended days from `from` to `last` (YYYY-MM-DD) that have no rows yet or were
 * marked stale since, and forgets days before `from`. One refresher at a time (an advisory
 * lock): a second waits and then finds the work done. A mark written by a transaction that
 * commits after this one read the marks survives, and its day is rolled up at the next look.
 */
export async function refreshSalesDays(
  tx: Queryable,
  { from, first, last }: { from: string; first: string; last: string },
) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${SALES_DAYS_LOCK})`);
  const days = await queryRows<{ day: string }>(
    tx,
    sql`WITH stale AS (
          DELETE FROM sales_days_stale WHERE day <= ${last}::date RETURNING day
        ), missing AS (
          SELECT g::date AS day FROM generate_series(${from}::date, ${last}::date, interval '1 day') g
          WHERE NOT EXISTS (SELECT 1 FROM sales_days s WHERE s.day = g::date)
        )
        SELECT to_char(day, 'YYYY-MM-DD') AS day FROM stale WHERE day >= ${from}::date
        UNION SELECT to_char(day, 'YYYY-MM-DD') FROM missing`,
  );
  await tx.execute(sql`DELETE FROM sales_days WHERE day < ${from}::date`);
  await tx.execute(sql`DELETE FROM product_sales_days WHERE day < ${from}::date`);
  if (days.length > 0) await rollUp(tx, days);
  await rebuildWindow(tx, first, last, days.length > 0);
  return days.length;
}

/** Writes the rollups of the given days anew. */
async function rollUp(tx: Queryable, days: { day: string }[]) {
  const list = sql.join(
    days.map((d) => sql`${d.day}::date`),
    sql`, `,
  );
  // The orders paid in those days, by the paid_at index: each day is an interval of instants.
  const paidIn = sql.join(
    days.map(
      (d) => sql`(o.paid_at >= (${d.day}::date - interval '5 hours 30 minutes') AT TIME ZONE 'UTC'
                  AND o.paid_at < (${d.day}::date + interval '18 hours 30 minutes') AT TIME ZONE 'UTC')`,
    ),
    sql` OR `,
  );
  await tx.execute(sql`DELETE FROM product_sales_days WHERE day IN (${list})`);
  await tx.execute(
    sql`INSERT INTO product_sales_days (day, product_id, units, paise)
        SELECT ${PAID_DAY}, oi.product_id, sum(oi.quantity)::int,
               sum(oi.quantity * oi.unit_price_paise)::bigint
        FROM orders o JOIN order_items oi ON oi.order_id = o.id
        WHERE ${SOLD} AND (${paidIn})
        GROUP BY 1, 2`,
  );
  await tx.execute(
    sql`INSERT INTO sales_days (day, orders, paise)
        SELECT d.day, coalesce(t.orders, 0), coalesce(t.paise, 0)
        FROM unnest(ARRAY[${list}]::date[]) AS d(day)
        LEFT JOIN (SELECT ${PAID_DAY} AS day, count(*)::int AS orders, sum(o.total_paise)::bigint AS paise
                   FROM orders o WHERE ${SOLD} AND (${paidIn}) GROUP BY 1) t ON t.day = d.day
        ON CONFLICT (day) DO UPDATE SET orders = EXCLUDED.orders, paise = EXCLUDED.paise`,
  );
}

/**
 * Sums the days from `first` to `last` per product into product_sales_window when the window
 * moved (a new day) or one of its days was rolled up again.
 */
async function rebuildWindow(tx: Queryable, first: string, last: string, daysChanged: boolean) {
  const [kept] = await queryRows<{ first_day: string; last_day: string }>(
    tx,
    sql`SELECT to_char(first_day, 'YYYY-MM-DD') AS first_day,
               to_char(last_day, 'YYYY-MM-DD') AS last_day
        FROM sales_window WHERE id = 1`,
  );
  if (!daysChanged && kept?.first_day === first && kept.last_day === last) return;
  await tx.execute(sql`DELETE FROM product_sales_window`);
  await tx.execute(
    sql`INSERT INTO product_sales_window (product_id, units, paise)
        SELECT product_id, sum(units)::int, sum(paise)::bigint FROM product_sales_days
        WHERE day BETWEEN ${first}::date AND ${last}::date GROUP BY product_id`,
  );
  await tx.execute(
    sql`INSERT INTO sales_window (id, first_day, last_day) VALUES (1, ${first}::date, ${last}::date)
        ON CONFLICT (id) DO UPDATE SET first_day = EXCLUDED.first_day, last_day = EXCLUDED.last_day`,
  );
}

export interface SalesTotal {
  orders: number;
  paise: number;
}

/** Orders and rupees (paise) of sales paid from `from` on: the live read, for today. */
export async function salesSince(db: Queryable, from: Date): Promise<SalesTotal> {
  const [row] = await queryRows<{ orders: number; paise: string | number }>(
    db,
    sql`SELECT count(*)::int AS orders, coalesce(sum(o.total_paise), 0)::bigint AS paise
        FROM orders o WHERE ${SOLD} AND o.paid_at >= ${from.toISOString()}::timestamptz`,
  );
  return { orders: row?.orders ?? 0, paise: Number(row?.paise ?? 0) };
}

/**
 * Money given back from `from` on, a sum over the orders' money ledger (decision 061): refunds
 * and payouts processed since, of orders still counted as sales (a canceled order is no sale,
 * so neither is its refund; a second payment given back was never a sale either). Read live:
 * refunds are few.
 */
export async function refundsSince(db: Queryable, from: Date): Promise<number> {
  const [row] = await queryRows<{ paise: string | number }>(
    db,
    sql`SELECT coalesce(-sum(l.amount_paise), 0)::bigint AS paise
        FROM order_ledger l JOIN orders o ON o.id = l.order_id
        WHERE l.kind IN ('refund', 'payout') AND l.status = 'processed'
          AND l.at >= ${from.toISOString()}::timestamptz
          AND ${SOLD} AND l.purpose <> 'extra_payment'`,
  );
  return Number(row?.paise ?? 0);
}

/** Sales per rolled-up day from `from` to `last` (refreshSalesDays has written them). */
export async function rolledUpDays(
  db: Queryable,
  from: string,
  last: string,
): Promise<{ day: string; orders: number; paise: number }[]> {
  const rows = await queryRows<{ day: string; orders: number; paise: string | number }>(
    db,
    sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, orders, paise FROM sales_days
        WHERE day BETWEEN ${from}::date AND ${last}::date AND orders > 0`,
  );
  return rows.map((r) => ({ day: r.day, orders: r.orders, paise: Number(r.paise) }));
}

/**
 * The products sold most (units, then rupees) over the window's ended days and today, whose
 * orders paid from `todayFrom` are read live. Only two kinds of product can be among them: the
 * window's own top ones, and those sold today (one sold only before today and outside the
 * window's top `limit` is behind each of those `limit` products, which today only adds to). So
 * the window's top rows and today's few orders are all that is read.
 */
export async function topProducts(db: Queryable, todayFrom: Date, limit: number) {
  const rows = await queryRows<{
    product_id: number;
    name: string;
    image_url: string;
    units: number;
    paise: string | number;
  }>(
    db,
    sql`WITH today AS (
          SELECT oi.product_id, sum(oi.quantity)::int AS units,
                 sum(oi.quantity * oi.unit_price_paise)::bigint AS paise
          FROM orders o JOIN order_items oi ON oi.order_id = o.id
          WHERE ${SOLD} AND o.paid_at >= ${todayFrom.toISOString()}::timestamptz
          GROUP BY oi.product_id
        ), candidates AS (
          (SELECT product_id FROM product_sales_window
           ORDER BY units DESC, paise DESC, product_id LIMIT ${limit})
          UNION SELECT product_id FROM today
        )
        SELECT p.id AS product_id, p.name, p.image_url,
               (coalesce(w.units, 0) + coalesce(t.units, 0))::int AS units,
               (coalesce(w.paise, 0) + coalesce(t.paise, 0))::bigint AS paise
        FROM candidates c JOIN products p ON p.id = c.product_id
        LEFT JOIN product_sales_window w ON w.product_id = c.product_id
        LEFT JOIN today t ON t.product_id = c.product_id
        ORDER BY 4 DESC, 5 DESC, p.id
        LIMIT ${limit}`,
  );
  return rows.map((r) => ({ ...r, paise: Number(r.paise) }));
}

/** Paid (or confirmed COD) orders not yet packed: the order list's 'to-pack' filter. */
export async function ordersToPack(
  db: Queryable,
): Promise<{ count: number; oldest_paid_at: Date | null }> {
  const [row] = await queryRows<{ count: number; oldest: Date | string | null }>(
    db,
    sql`SELECT count(*)::int AS count, min(COALESCE(o.paid_at, o.cod_confirmed_at)) AS oldest
        FROM orders o
        WHERE (o.payment_status = 'SUCCESS' OR o.payment_method = 'COD')
          AND o.order_status = 'Processing' AND o.packed_at IS NULL`,
  );
  return {
    count: row?.count ?? 0,
    oldest_paid_at: row?.oldest ? new Date(row.oldest) : null,
  };
}

/** Counting low sizes stops here: the dashboard says "1,000+" rather than count them all. */
export const LOW_STOCK_COUNT_CAP = 1000;

/**
 * Sizes of products on sale at or below their product's threshold, the emptiest first (then
 * the oldest product), and how many there are up to the cap — both read through the partial
 * index that holds only low sizes (low_stock: the stock at or below the threshold, else null).
 */
export async function lowStockSizes(db: Queryable, limit: number, cap = LOW_STOCK_COUNT_CAP) {
  const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM (
          SELECT 1 FROM product_sizes ps JOIN products p ON p.id = ps.product_id
          WHERE p.active AND ps.low_stock IS NOT NULL
          LIMIT ${cap + 1}) low`,
  );
  const sizes = await queryRows<{
    product_id: number;
    name: string;
    size: string;
    stock: number;
    threshold: number;
  }>(
    db,
    sql`SELECT p.id AS product_id, p.name, ps.size, ps.stock, ps.low_stock_threshold AS threshold
        FROM product_sizes ps JOIN products p ON p.id = ps.product_id
        WHERE p.active AND ps.low_stock IS NOT NULL
        ORDER BY ps.low_stock, ps.product_id, ps.position
        LIMIT ${limit}`,
  );
  return { count: Math.min(count, cap), more: count > cap, sizes };
}
