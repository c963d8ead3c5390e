// The server cart of a logged-in shopper: a line is (product, size, print), its quantity within
// 1..stock of that size.
import {
  paiseToRupees,
  printPricePaise,
  type CartPrint,
  type Print,
  type CartItem,
  type CartLineInput,
  type CartManageRequest,
  type CartResponse,
} from '@kitroom/contract';
import type { z } from 'zod';
import type { Db, Queryable } from '../db/index.js';
import type { SessionClaim } from '../http/index.js';
import { checkPrints, printPrices } from '../catalogue/index.js';
import { Invalid, NotFound, SoldOut } from '../domain-errors.js';
import * as q from './cart.queries.js';

type ManageInput = z.output<typeof CartManageRequest>;
type LineInput = z.output<typeof CartLineInput>;

/** The stored form of a print ('' / null / false: none). */
export function linePrint(print: Print | null | undefined): q.LinePrint {
  return print ? { name: print.name, number: print.number, patch: print.patch } : q.NO_PRINT;
}

function printOf(row: q.CartLineRow): CartPrint | null {
  if (row.print_name === '' && row.print_number === null && !row.print_patch) return null;
  const print = { name: row.print_name, number: row.print_number, patch: row.print_patch };
  const price = printPricePaise(
    {
      namePaise: row.print_name_paise ?? 0,
      numberPaise: row.print_number_paise ?? 0,
      patchPaise: row.print_patch_paise,
    },
    print,
  );
  return { ...print, price: paiseToRupees(price.ok ? price.paise : 0) };
}

function toCartItem(row: q.CartLineRow): CartItem {
  const print = printOf(row);
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
    ...(print ? { print } : {}),
  };
}

/** The user's cart as the storefront shows it. */
export async function cart(db: Queryable, userId: number): Promise<CartResponse> {
  const rows = await q.cartLines(db, userId);
  return { cart_items: rows.map(toCartItem) };
}

/**
 * Adds, reduces or clears, then returns the cart. The claim's session is checked by the
 * statements themselves (401 and 403 as the auth hook sends them, before anything else).
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
    await q.reduceLine(
      db,
      userId,
      input.product_id,
      input.size,
      input.quantity,
      linePrint(input.print),
    );
    return cart(db, userId);
  }
  // A print is checked against the product's own printing before anything is added.
  if (input.print) {
    await claim.verify();
    await printPrices(db, [{ productId: input.product_id, print: input.print }]);
  }
  const added = await q.addToCart(db, claim, {
    productId: input.product_id,
    size: input.size,
    quantity: input.quantity,
    print: linePrint(input.print),
  });
  claim.settle(added.session_user_id ?? undefined);
  if (added.active !== true) throw new NotFound('Product not found');
  if (added.stock === null) throw new Invalid(`Size ${input.size} is not available.`);
  if (added.stock === 0) throw new SoldOut(`Size ${input.size} is out of stock.`);
  return { cart_items: added.lines.map(toCartItem) };
}

/**
 * Adds a guest's local lines to the server cart (capped at stock; unknown lines, and prints the
 * product no longer offers, dropped), each print its own line.
 */
export async function merge(db: Db, userId: number, items: LineInput[]): Promise<CartResponse> {
  // Sorted, so two merges of one user lock the same rows in the same order.
  const sorted = [...items].sort(
    (a, b) => a.product_id - b.product_id || (a.size < b.size ? -1 : a.size > b.size ? 1 : 0),
  );
  const printable = (
    await checkPrints(
      db,
      sorted.map((l) => ({ productId: l.product_id, print: l.print ?? null })),
    )
  ).map((priced) => priced.ok);
  await db.transaction(async (tx) => {
    for (const [i, line] of sorted.entries()) {
      if (!printable[i]) continue;
      await q.addToLine(
        tx,
        userId,
        line.product_id,
        line.size,
        line.quantity,
        linePrint(line.print),
      );
    }
  });
  return cart(db, userId);
}
