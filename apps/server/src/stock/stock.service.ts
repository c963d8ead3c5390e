// The stock of each size moves only through here or through statements that write the
// ledger beside them: every change is a ledger row in the same transaction (OPERATIONS.md,
// "Stock ledger"), so every number can be explained.
import type { Queryable } from '../db/index.js';
import {
  addToSizeStock,
  insertLedgerEntries,
  listLedger,
  sizeExists,
  type StockReason,
} from './stock.queries.js';

export type { LedgerEntry, StockReason } from './stock.queries.js';
export { insertLedgerEntries } from './stock.queries.js';

export interface StockChange {
  productId: number;
  size: string;
  delta: number;
  reason: StockReason;
  orderId?: number | null;
  staffId?: number | null;
  note?: string;
}

/** Why a stock change was refused: no such size, or it would leave less than nothing. */
export type StockChangeRefusal = 'no-such-size' | 'below-zero';

/**
 * Changes one size's stock by `delta` and writes its ledger row, in the caller's transaction.
 * Returns the new stock, or why nothing was changed.
 */
export async function changeStock(
  tx: Queryable,
  change: StockChange,
): Promise<{ ok: true; stockAfter: number } | { ok: false; refusal: StockChangeRefusal }> {
  const stockAfter = await addToSizeStock(tx, change.productId, change.size, change.delta);
  if (stockAfter === undefined) {
    const exists = await sizeExists(tx, change.productId, change.size);
    return { ok: false, refusal: exists ? 'below-zero' : 'no-such-size' };
  }
  await insertLedgerEntries(tx, [{ ...change, stockAfter }]);
  return { ok: true, stockAfter };
}

/** A product's stock ledger, newest first; `next_before` pages on. */
export async function stockHistory(
  db: Queryable,
  f: { productId: number; size?: string; before?: number; limit: number },
) {
  const rows = await listLedger(db, {
    productId: f.productId,
    size: f.size,
    beforeId: f.before,
    limit: f.limit,
  });
  const entries = rows.map((r) => ({
    id: r.id,
    at: r.created_at.toISOString(),
    size: r.size,
    delta: r.delta,
    stock_after: r.stock_after,
    reason: r.reason,
    order_id: r.order_id,
    staff_id: r.staff_id,
    staff_name: r.staff_name,
    note: r.note,
  }));
  const last = entries.at(-1);
  return { entries, next_before: entries.length === f.limit && last ? last.id : null };
}
