// An order's stock: lines checked against the catalogue, each size taken with a conditional
// update in one global lock order (overselling is impossible) with its ledger row in the same
// statement, and a released order's stock (and coupon use) taken again.
import type { Print } from '@kitroom/contract';
import * as coupons from '../coupons/index.js';
import type { Queryable } from '../db/index.js';
import { Conflict, Invalid, SoldOut } from '../domain-errors.js';
import * as q from '../orders/orders.queries.js';

type Shortage = { productId: number; size: string; left: number };
type TakeResult =
  { ok: true; products: Map<number, q.TakenProductRow> } | { ok: false; shortage: Shortage };

/** An order's line: a shirt in a size, with its print or none (decision 049). */
export interface OrderLine extends q.StockLine {
  print: Print | null;
}

/** One line per (product, size, print), quantities added up. */
export function mergeLines(
  items: readonly { product_id: number; size: string; quantity: number; print?: Print }[],
): OrderLine[] {
  const merged = new Map<string, OrderLine>();
  for (const i of items) {
    const p = i.print;
    const key = [i.product_id, i.size, p?.name ?? '', p?.number ?? '', p?.patch ?? ''].join(
      '\u0000',
    );
    const line = merged.get(key);
    if (line) line.quantity += i.quantity;
    else {
      merged.set(key, {
        productId: i.product_id,
        size: i.size,
        quantity: i.quantity,
        print: p ?? null,
      });
    }
  }
  return [...merged.values()];
}

/** A size's key: one per (product, size). */
export const stockKey = (line: { productId: number; size: string }) =>
  `${line.productId}\u0000${line.size}`;

/** One line per (product, size), quantities added up: what the stock is taken by. */
export function stockLines(lines: readonly q.StockLine[]): q.StockLine[] {
  const merged = new Map<string, q.StockLine>();
  for (const l of lines) {
    const key = stockKey(l);
    const line = merged.get(key);
    if (line) line.quantity += l.quantity;
    else merged.set(key, { productId: l.productId, size: l.size, quantity: l.quantity });
  }
  return [...merged.values()];
}

function byLockOrder(a: q.StockLine, b: q.StockLine): number {
  return a.productId - b.productId || (a.size < b.size ? -1 : a.size > b.size ? 1 : 0);
}

/** The lines in the one global order their sizes' rows are locked in. */
export const inLockOrder = <T extends q.StockLine>(lines: readonly T[]): T[] =>
  [...lines].sort(byLockOrder);

/**
 * Takes the lines' stock for an order: each size only if enough is left (the conditional
 * update is what makes overselling impossible) with its ledger row, then reads the products.
 * Rows are locked in one global order; on a shortage the caller rolls back.
 */
export async function takeStock(
  db: Queryable,
  lines: readonly q.StockLine[],
  entry: { orderId: number; reason: 'hold' | 'sale' },
): Promise<TakeResult> {
  const sorted = inLockOrder(lines);
  if (sorted.length === 1) {
    // The common order (a drop's): one round trip while the rows are locked.
    const line = sorted[0]!;
    const one = await q.takeOneLineStock(db, line, entry);
    if (!one) {
      const left = await q.sizeStockNow(db, line.productId, line.size);
      return { ok: false, shortage: { productId: line.productId, size: line.size, left } };
    }
    return { ok: true, products: new Map([[line.productId, one.product]]) };
  }
  for (const line of sorted) {
    const stockAfter = await q.takeSizeStock(db, line, entry);
    if (stockAfter === undefined) {
      const left = await q.sizeStockNow(db, line.productId, line.size);
      return { ok: false, shortage: { productId: line.productId, size: line.size, left } };
    }
  }
  const rows = await q.takenProducts(db, [...new Set(sorted.map((l) => l.productId))]);
  return { ok: true, products: new Map(rows.map((p) => [p.id, p])) };
}

export function shortageMessage(s: Shortage, name: string): string {
  return s.left === 0
    ? `Sorry, ${name} in size ${s.size} is sold out.`
    : `Sorry, only ${s.left} left of ${name} in size ${s.size}.`;
}

/** What checkout reads of a product before taking its stock. */
export type LineProduct = Omit<q.LineProductRow, 'size' | 'stock' | 'active'>;

/**
 * Refuses lines naming unknown or withdrawn products or sizes they do not come in, and lines
 * asking for more than their size has now (`rows`: the lines' products and sizes read without
 * a lock; a sold-out size is refused before anything is written or locked; the conditional
 * update still decides the rest).
 */
export function checkLines(
  rows: readonly q.LineProductRow[],
  lines: readonly q.StockLine[],
): Map<number, LineProduct> {
  const products = new Map<number, LineProduct>();
  let short: { line: q.StockLine; left: number } | null = null;
  for (const line of [...lines].sort(byLockOrder)) {
    const product = rows.filter((r) => r.id === line.productId);
    const first = product[0];
    if (!first) throw new Invalid(`Product ${line.productId} does not exist.`);
    if (!first.active) throw new Conflict(`Sorry, ${first.name} is no longer sold.`);
    const size = product.find((r) => r.size === line.size);
    if (!size) throw new Invalid(`${first.name} does not come in size ${line.size}.`);
    if (!short && (size.stock ?? 0) < line.quantity) short = { line, left: size.stock ?? 0 };
    const { size: _size, stock: _stock, active: _active, ...info } = first;
    products.set(first.id, info);
  }
  if (short) {
    const { line, left } = short;
    const name = products.get(line.productId)!.name;
    throw new SoldOut(shortageMessage({ productId: line.productId, size: line.size, left }, name));
  }
  return products;
}

type Retake = { ok: true } | { ok: false; error: string };

/**
 * Takes a released order's stock (and coupon use) again: held anew for another payment
 * page, or sold outright when a payment arrived after the hold ran out.
 */
export async function retakeOrder(
  db: Queryable,
  order: q.OrderRow,
  opts: { enforceCouponLimits: boolean; reason: 'hold' | 'sale' },
): Promise<Retake> {
  const items = await q.itemsOfOrders(db, [order.id]);
  const taken = await takeStock(
    db,
    stockLines(items.map((i) => ({ productId: i.product_id, size: i.size, quantity: i.quantity }))),
    { orderId: order.id, reason: opts.reason },
  );
  if (!taken.ok) {
    const name = items.find((i) => i.product_id === taken.shortage.productId)?.product_name ?? '';
    return { ok: false, error: shortageMessage(taken.shortage, name) };
  }
  if (order.coupon_id !== null) {
    const redeemed = await coupons.redeemCoupon(
      db,
      {
        couponId: order.coupon_id,
        userId: order.user_id,
        orderId: order.id,
        discountPaise: order.discount_paise,
      },
      { enforceLimits: opts.enforceCouponLimits },
    );
    if (!redeemed.ok) return { ok: false, error: redeemed.error };
  }
  return { ok: true };
}
