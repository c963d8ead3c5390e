// The server cart of a logged-in shopper: a line is (product, size), its quantity within
// 1..stock of that size.
import {
  paiseToRupees,
  type CartItem,
  type CartLineInput,
  type CartManageRequest,
  type CartResponse,
} from '@kitroom/contract';
import type { z } from 'zod';
import type { Db, Queryable } from '../db/client.js';
import type { SessionClaim } from '../http/auth.js';
import { Invalid, NotFound, SoldOut } from '../domain-errors.js';
import * as q from './cart.queries.js';

type ManageInput = z.output<typeof CartManageRequest>;
type LineInput = z.output<typeof CartLineInput>;

function toCartItem(row: q.CartLineRow): CartItem {
  return {
    id: row.product_id,
    selected_product_id: row.product_id,
    image_url: row.image_url,
    name: row.name,
    price: paiseToRupees(row.price_paise),
    discount_price: paiseToRupees(row.discount_price_paise),
    // Stock may have dropped since the line was added; the line never claims more than is left.
    selected_quantity: Math.max(1, Math.min(row.quantity, row.stock)),
    selected_size: row.size,
    stock_quantity: row.stock,
  };
}

/** The user's cart as the storefront shows it. */
export async function cart(db: Queryable, userId: number): Promise<CartResponse> {
  const rows = await q.cartLines(db, userId);
  return { cart_items: rows.map(toCartItem) };
}

/**
 * Adds, reduces or clears, then answers the cart. The claim's session is checked by the
 * statements themselves (401 and 403 as the auth hook answers them, before anything else).
 */
export async function manage(
  db: Db,
  claim: SessionClaim,
  input: ManageInput,
): Promise<CartResponse> {
  if (input.action === 'clear') {
    claim.settle((await q.clearCart(db, claim)) ?? undefined);
    return { cart_items: [] };
  }
  if (input.action === 'reduce') {
    const userId = await claim.verify();
    await q.reduceLine(db, userId, input.product_id, input.size, input.quantity);
    return cart(db, userId);
  }
  const added = await q.addToCart(db, claim, {
    productId: input.product_id,
    size: input.size,
    quantity: input.quantity,
  });
  claim.settle(added.session_user_id ?? undefined);
  if (added.active !== true) throw new NotFound('Product not found');
  if (added.stock === null) throw new Invalid(`Size ${input.size} is not available.`);
  if (added.stock === 0) throw new SoldOut(`Size ${input.size} is out of stock.`);
  return { cart_items: added.lines.map(toCartItem) };
}

/** Adds a guest's local lines to the server cart (capped at stock; unknown lines dropped). */
export async function merge(db: Db, userId: number, items: LineInput[]): Promise<CartResponse> {
  // Sorted, so two merges of one user lock the same rows in the same order.
  const sorted = [...items].sort(
    (a, b) => a.product_id - b.product_id || (a.size < b.size ? -1 : 1),
  );
  await db.transaction(async (tx) => {
    for (const line of sorted) {
      await q.addToLine(tx, userId, line.product_id, line.size, line.quantity);
    }
  });
  return cart(db, userId);
}

/** Drops the ordered lines from the user's cart (called inside the order's transaction). */
export async function removeOrderedLines(
  db: Queryable,
  userId: number,
  lines: readonly { productId: number; size: string }[],
): Promise<void> {
  await q.removeLines(db, userId, lines);
}
