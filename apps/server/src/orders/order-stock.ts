// An order's stock: lines checked against the catalogue, each size taken with a conditional
// update in one global lock order (overselling is impossible), the ledger written, and a
// released order's stock (and coupon use) taken again.
import * as coupons from '../coupons/coupons.service.js';
import type { Queryable } from '../db/client.js';
import { Conflict, Invalid } from '../domain-errors.js';
import * as stock from '../stock/stock.service.js';
import * as q from './orders.queries.js';

type Shortage = { productId: number; size: string; left: number };
/** A size's stock taken for an order: its ledger row once the order's id is known. */
type Taken = { productId: number; size: string; delta: number; stockAfter: number };
type TakeResult =
  | { ok: true; products: Map<number, q.TakenProductRow>; taken: Taken[] }
  | { ok: false; shortage: Shortage };

/** One line per (product, size), quantities added up. */
export function mergeLines(
  items: readonly { product_id: number; size: string; quantity: number }[],
) {
  const merged = new Map<string, q.StockLine>();
  for (const i of items) {
    const key = `${i.product_id}\u0000${i.size}`;
    const line = merged.get(key);
    if (line) line.quantity += i.quantity;
    else merged.set(key, { productId: i.product_id, size: i.size, quantity: i.quantity });
  }
  return [...merged.values()];
}

function byLockOrder(a: q.StockLine, b: q.StockLine): number {
  return a.productId - b.productId || (a.size < b.size ? -1 : a.size > b.size ? 1 : 0);
}

/**
 * Takes the lines' stock: each size only if enough is left (the conditional update is what
 * makes overselling impossible), then the products' totals. Rows are locked in one global
 * order; on a shortage the caller rolls back.
 */
export async function takeStock(db: Queryable, lines: readonly q.StockLine[]): Promise<TakeResult> {
  const sorted = [...lines].sort(byLockOrder);
  const taken: Taken[] = [];
  for (const line of sorted) {
    const stockAfter = await q.takeSizeStock(db, line);
    if (stockAfter === undefined) {
      const left = await q.sizeStockNow(db, line.productId, line.size);
      return { ok: false, shortage: { productId: line.productId, size: line.size, left } };
    }
    taken.push({ productId: line.productId, size: line.size, delta: -line.quantity, stockAfter });
  }
  const perProduct = new Map<number, number>();
  for (const l of sorted)
    perProduct.set(l.productId, (perProduct.get(l.productId) ?? 0) + l.quantity);
  const products = new Map<number, q.TakenProductRow>();
  for (const [productId, quantity] of perProduct) {
    products.set(productId, await q.takeProductStock(db, productId, quantity));
  }
  return { ok: true, products, taken };
}

/** Writes the ledger rows of stock taken for an order: held at checkout, or sold at payment. */
export async function recordTaken(
  db: Queryable,
  orderId: number,
  taken: readonly Taken[],
  reason: 'hold' | 'sale',
): Promise<void> {
  await stock.insertLedgerEntries(
    db,
    taken.map((t) => ({ ...t, reason, orderId })),
  );
}

export function shortageMessage(s: Shortage, name: string): string {
  return s.left === 0
    ? `Sorry, ${name} in size ${s.size} is sold out.`
    : `Sorry, only ${s.left} left of ${name} in size ${s.size}.`;
}

/** Refuses lines naming unknown or withdrawn products or sizes they do not come in. */
export async function checkLines(db: Queryable, lines: readonly q.StockLine[]) {
  const rows = await q.lineProducts(db, [...new Set(lines.map((l) => l.productId))]);
  const names = new Map<number, string>();
  for (const line of lines) {
    const product = rows.filter((r) => r.id === line.productId);
    const first = product[0];
    if (!first) throw new Invalid(`Product ${line.productId} does not exist.`);
    if (!first.active) throw new Conflict(`Sorry, ${first.name} is no longer sold.`);
    if (!product.some((r) => r.size === line.size)) {
      throw new Invalid(`${first.name} does not come in size ${line.size}.`);
    }
    names.set(first.id, first.name);
  }
  return names;
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
    items.map((i) => ({ productId: i.product_id, size: i.size, quantity: i.quantity })),
  );
  if (!taken.ok) {
    const name = items.find((i) => i.product_id === taken.shortage.productId)?.product_name ?? '';
    return { ok: false, error: shortageMessage(taken.shortage, name) };
  }
  await recordTaken(db, order.id, taken.taken, opts.reason);
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
