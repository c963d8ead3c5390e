// SQL of returns and size exchanges (schema: order_returns, order_return_items): requests and
// their lines, the steps' columns, the stock a step moves (sizes locked in the checkout's one
// order: every product_sizes row by (product, size), then every products row by id), and the
// back office's list.
import { sql } from 'drizzle-orm';
import type { PayoutDetails, ReturnKind, ReturnStatus } from '@kitroom/contract';
import type { Queryable } from '../db/index.js';
import { queryRows, sqlList } from '../db/index.js';

export interface ReturnRow {
  id: number;
  order_id: number;
  kind: ReturnKind;
  status: ReturnStatus;
  reason: string;
  /** The shopper said the pieces arrived damaged or faulty. */
  defect: boolean;
  /** Where a cash-on-delivery order's refund is paid out; null for orders paid online. */
  payout: PayoutDetails | null;
  decision_note: string;
  decided_by: number | null;
  decided_by_name: string | null;
  decided_at: Date | string | null;
  received_at: Date | string | null;
  shipped_at: Date | string | null;
  delivered_at: Date | string | null;
  courier_name: string | null;
  tracking_id: string | null;
  tracking_link: string | null;
  created_at: Date | string;
}

export interface ReturnLineRow {
  return_id: number;
  order_item_id: number;
  product_id: number;
  product_name: string;
  product_image_url: string;
  size: string;
  quantity: number;
  exchange_size: string | null;
  unit_price_paise: number;
  /** The replacement size's stock now (exchanges), else null. */
  exchange_stock: number | null;
  print_name: string;
  print_number: number | null;
  print_patch: boolean;
  print_price_paise: number;
}

const returnColumns = sql`r.id, r.order_id, r.kind, r.status, r.reason, r.defect, r.payout, r.decision_note,
  r.decided_by, s.name AS decided_by_name, r.decided_at, r.received_at, r.shipped_at,
  r.delivered_at, r.courier_name, r.tracking_id, r.tracking_link, r.created_at`;

export async function returnById(db: Queryable, id: number): Promise<ReturnRow | undefined> {
  const [row] = await queryRows<ReturnRow>(
    db,
    sql`SELECT ${returnColumns} FROM order_returns r LEFT JOIN staff s ON s.id = r.decided_by
        WHERE r.id = ${id}`,
  );
  return row;
}

/** The request's order id, so the caller can lock the order before the request. */
export async function orderIdOfReturn(db: Queryable, id: number): Promise<number | undefined> {
  const [row] = await queryRows<{ order_id: number }>(
    db,
    sql`SELECT order_id FROM order_returns WHERE id = ${id}`,
  );
  return row?.order_id;
}

/** The request, locked for the rest of the transaction (after its order's lock). */
export async function lockReturn(db: Queryable, id: number): Promise<ReturnRow | undefined> {
  await db.execute(sql`SELECT id FROM order_returns WHERE id = ${id} FOR UPDATE`);
  return returnById(db, id);
}

export async function returnsOfOrder(db: Queryable, orderId: number): Promise<ReturnRow[]> {
  return queryRows<ReturnRow>(
    db,
    sql`SELECT ${returnColumns} FROM order_returns r LEFT JOIN staff s ON s.id = r.decided_by
        WHERE r.order_id = ${orderId} ORDER BY r.id`,
  );
}

/** The lines of these requests, in order-line order, with what the order line says. */
export async function linesOfReturns(
  db: Queryable,
  returnIds: readonly number[],
): Promise<ReturnLineRow[]> {
  if (returnIds.length === 0) return [];
  return queryRows<ReturnLineRow>(
    db,
    sql`SELECT ri.return_id, ri.order_item_id, oi.product_id, oi.product_name,
               oi.product_image_url, oi.size, ri.quantity, ri.exchange_size, oi.unit_price_paise,
               ps.stock AS exchange_stock, oi.print_name, oi.print_number, oi.print_patch,
               oi.print_price_paise
        FROM order_return_items ri
        JOIN order_items oi ON oi.id = ri.order_item_id
        LEFT JOIN product_sizes ps ON ps.product_id = oi.product_id AND ps.size = ri.exchange_size
        WHERE ri.return_id IN (${sqlList(returnIds)})
        ORDER BY ri.return_id, oi.id`,
  );
}

/** Pieces of each order line already asked for in requests that were not rejected. */
export async function askedQuantities(
  db: Queryable,
  orderId: number,
): Promise<Map<number, number>> {
  const rows = await queryRows<{ order_item_id: number; quantity: number }>(
    db,
    sql`SELECT ri.order_item_id, sum(ri.quantity)::int AS quantity
        FROM order_return_items ri JOIN order_returns r ON r.id = ri.return_id
        WHERE r.order_id = ${orderId} AND r.status <> 'rejected'
        GROUP BY ri.order_item_id`,
  );
  return new Map(rows.map((r) => [r.order_item_id, r.quantity]));
}

/** The pieces of each order line in returns (not exchanges) of the order received so far. */
export async function receivedReturnPieces(
  db: Queryable,
  orderId: number,
): Promise<{ orderItemId: number; quantity: number }[]> {
  return queryRows<{ orderItemId: number; quantity: number }>(
    db,
    sql`SELECT ri.order_item_id AS "orderItemId", sum(ri.quantity)::int AS quantity
        FROM order_return_items ri JOIN order_returns r ON r.id = ri.return_id
        WHERE r.order_id = ${orderId} AND r.kind = 'return' AND r.status = 'received'
        GROUP BY ri.order_item_id ORDER BY ri.order_item_id`,
  );
}

export interface NewReturn {
  orderId: number;
  kind: ReturnKind;
  reason: string;
  defect: boolean;
  payout: PayoutDetails | null;
  now: Date;
  lines: { orderItemId: number; quantity: number; exchangeSize: string | null }[];
}

export async function insertReturn(db: Queryable, r: NewReturn): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO order_returns (order_id, kind, reason, defect, payout, created_at)
        VALUES (${r.orderId}, ${r.kind}, ${r.reason}, ${r.defect},
                ${r.payout === null ? null : JSON.stringify(r.payout)}::jsonb,
                ${r.now.toISOString()}::timestamptz)
        RETURNING id`,
  );
  const id = row!.id;
  const json = JSON.stringify(
    r.lines.map((l) => ({
      order_item_id: l.orderItemId,
      quantity: l.quantity,
      exchange_size: l.exchangeSize,
    })),
  );
  await db.execute(
    sql`INSERT INTO order_return_items (return_id, order_item_id, quantity, exchange_size)
        SELECT ${id}, order_item_id, quantity, exchange_size
          FROM jsonb_to_recordset(${json}::jsonb)
               AS l(order_item_id int, quantity int, exchange_size text)`,
  );
  return id;
}

export async function setDecision(
  db: Queryable,
  id: number,
  d: { status: 'approved' | 'rejected'; note: string; staffId: number | null; now: Date },
): Promise<void> {
  await db.execute(
    sql`UPDATE order_returns SET status = ${d.status}, decision_note = ${d.note},
               decided_by = ${d.staffId}, decided_at = ${d.now.toISOString()}::timestamptz
        WHERE id = ${id}`,
  );
}

export async function setReceived(db: Queryable, id: number, now: Date): Promise<void> {
  await db.execute(
    sql`UPDATE order_returns SET status = 'received', received_at = ${now.toISOString()}::timestamptz
        WHERE id = ${id}`,
  );
}

export async function setShipped(
  db: Queryable,
  id: number,
  s: { courierName: string; trackingId: string; trackingLink: string | null; now: Date },
): Promise<void> {
  await db.execute(
    sql`UPDATE order_returns SET status = 'shipped', shipped_at = ${s.now.toISOString()}::timestamptz,
               courier_name = ${s.courierName}, tracking_id = ${s.trackingId},
               tracking_link = ${s.trackingLink}
        WHERE id = ${id}`,
  );
}

/** The replacement reached the shopper (its courier said so). */
export async function setDelivered(db: Queryable, id: number, at: Date): Promise<void> {
  await db.execute(
    sql`UPDATE order_returns SET status = 'delivered', delivered_at = ${at.toISOString()}::timestamptz
        WHERE id = ${id} AND status = 'shipped'`,
  );
}

/**
 * The replacement's parcel was canceled before pickup or came back undelivered: the exchange is
 * received again, its replacement to be shipped again (the parcel's history stays in shipments).
 */
export async function setUnshipped(db: Queryable, id: number): Promise<void> {
  await db.execute(
    sql`UPDATE order_returns SET status = 'received', shipped_at = NULL, delivered_at = NULL,
               courier_name = NULL, tracking_id = NULL, tracking_link = NULL
        WHERE id = ${id}`,
  );
}

// ───────────────────────────── stock ─────────────────────────────

export interface StockMove {
  productId: number;
  size: string;
  delta: number;
}

export type StockMoved =
  | { ok: true; moved: (StockMove & { stockAfter: number })[] }
  | { ok: false; short: StockMove & { left: number } };

/**
 * Adds each move's delta to its size only while the stock stays at zero or more, sizes in
 * (product, size) order. On a shortage the caller rolls back (nothing it changed may stay).
 */
export async function moveStock(db: Queryable, moves: readonly StockMove[]): Promise<StockMoved> {
  const sorted = [...moves].sort(
    (a, b) => a.productId - b.productId || (a.size < b.size ? -1 : a.size > b.size ? 1 : 0),
  );
  const moved: (StockMove & { stockAfter: number })[] = [];
  for (const m of sorted) {
    const [row] = await queryRows<{ stock: number }>(
      db,
      sql`UPDATE product_sizes SET stock = stock + ${m.delta}::int
          WHERE product_id = ${m.productId} AND size = ${m.size} AND stock + ${m.delta}::int >= 0
          RETURNING stock`,
    );
    if (!row) {
      const [now] = await queryRows<{ stock: number }>(
        db,
        sql`SELECT stock FROM product_sizes WHERE product_id = ${m.productId} AND size = ${m.size}`,
      );
      return { ok: false, short: { ...m, left: now?.stock ?? 0 } };
    }
    moved.push({ ...m, stockAfter: row.stock });
  }
  return { ok: true, moved };
}

// ───────────────────────────── the back office's list ─────────────────────────────

export interface ReturnSummaryRow {
  id: number;
  order_id: number;
  kind: ReturnKind;
  status: ReturnStatus;
  reason: string;
  defect: boolean;
  created_at: Date | string;
  shipping_address: Record<string, string | undefined>;
  pieces: number;
}

/** A page of requests: the waiting ones ('requested'), or all the others, newest first. */
export async function listReturns(
  db: Queryable,
  f: { waiting: boolean; status?: ReturnStatus; beforeId?: number; limit: number },
): Promise<ReturnSummaryRow[]> {
  const which = f.waiting
    ? sql`r.status = 'requested'`
    : f.status
      ? sql`r.status = ${f.status}`
      : sql`r.status <> 'requested'`;
  return queryRows<ReturnSummaryRow>(
    db,
    sql`SELECT r.id, r.order_id, r.kind, r.status, r.reason, r.defect, r.created_at,
               o.shipping_address,
               (SELECT coalesce(sum(ri.quantity), 0)::int FROM order_return_items ri
                 WHERE ri.return_id = r.id) AS pieces
        FROM order_returns r JOIN orders o ON o.id = r.order_id
        WHERE ${which} ${f.beforeId === undefined ? sql`` : sql`AND r.id < ${f.beforeId}`}
        ORDER BY r.id DESC LIMIT ${f.limit}`,
  );
}

export async function waitingCount(db: Queryable): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM order_returns WHERE status = 'requested'`,
  );
  return row?.n ?? 0;
}

/** The refund written when a return was received (refunds.return_id), if any. */
export async function refundOfReturn(
  db: Queryable,
  returnId: number,
): Promise<
  | { id: number; amount_paise: number; status: 'requested' | 'pending' | 'processed' | 'failed' }
  | undefined
> {
  const [row] = await queryRows<{
    id: number;
    amount_paise: number;
    status: 'requested' | 'pending' | 'processed' | 'failed';
  }>(
    db,
    sql`SELECT id, amount_paise, status FROM refunds WHERE return_id = ${returnId}
        ORDER BY id LIMIT 1`,
  );
  return row;
}
