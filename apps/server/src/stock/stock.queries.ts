// SQL of the stock ledger: one row per change of a size's stock (schema: stock_ledger).
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows } from '../db/index.js';

export type StockReason =
  'hold' | 'release' | 'sale' | 'restock' | 'adjustment' | 'return' | 'exchange' | 'import';

export interface LedgerEntry {
  productId: number;
  size: string;
  delta: number;
  stockAfter: number;
  reason: StockReason;
  orderId?: number | null;
  staffId?: number | null;
  note?: string;
}

/** Writes ledger rows in one statement; call it in the transaction that changed the stock. */
export async function insertLedgerEntries(
  db: Queryable,
  entries: readonly LedgerEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  const json = JSON.stringify(
    entries.map((e) => ({
      product_id: e.productId,
      size: e.size,
      delta: e.delta,
      stock_after: e.stockAfter,
      reason: e.reason,
      order_id: e.orderId ?? null,
      staff_id: e.staffId ?? null,
      note: e.note ?? '',
    })),
  );
  await db.execute(
    sql`INSERT INTO stock_ledger (product_id, size, delta, stock_after, reason, order_id, staff_id, note)
        SELECT product_id, size, delta, stock_after, reason, order_id, staff_id, note
          FROM jsonb_to_recordset(${json}::jsonb) AS e(product_id int, size text, delta int,
               stock_after int, reason text, order_id int, staff_id int, note text)`,
  );
}

/**
 * Adds `delta` to one size's stock only if it stays at zero or more and returns the size's
 * new stock; undefined when the size does not exist or would go below zero (nothing is
 * changed then).
 */
export async function addToSizeStock(
  db: Queryable,
  productId: number,
  size: string,
  delta: number,
): Promise<number | undefined> {
  const [row] = await queryRows<{ stock: number }>(
    db,
    sql`UPDATE product_sizes SET stock = stock + ${delta}::int
        WHERE product_id = ${productId} AND size = ${size} AND stock + ${delta}::int >= 0
        RETURNING stock`,
  );
  return row?.stock;
}

/** Whether the product has this size. */
export async function sizeExists(db: Queryable, productId: number, size: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM product_sizes WHERE product_id = ${productId} AND size = ${size}`,
  );
  return rows.length > 0;
}

export interface LedgerRow {
  id: number;
  created_at: Date;
  size: string;
  delta: number;
  stock_after: number;
  reason: StockReason;
  order_id: number | null;
  staff_id: number | null;
  staff_name: string | null;
  note: string;
}

/** A product's ledger, newest first, before the given entry id. */
export async function listLedger(
  db: Queryable,
  f: { productId: number; size?: string; beforeId?: number; limit: number },
): Promise<LedgerRow[]> {
  const rows = await queryRows<LedgerRow>(
    db,
    sql`SELECT l.id::int AS id, l.created_at, l.size, l.delta, l.stock_after, l.reason,
               l.order_id, l.staff_id, s.name AS staff_name, l.note
          FROM stock_ledger l LEFT JOIN staff s ON s.id = l.staff_id
         WHERE l.product_id = ${f.productId}
           ${f.size === undefined ? sql`` : sql`AND l.size = ${f.size}`}
           ${f.beforeId === undefined ? sql`` : sql`AND l.id < ${f.beforeId}`}
         ORDER BY l.id DESC
         LIMIT ${f.limit}`,
  );
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at) }));
}
