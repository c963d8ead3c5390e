// The wishlist of a logged-in shopper (decision 048): kept by the shop, at most WISHLIST_LIMIT
// jerseys; a guest's hearts stay in their browser and join it at login.
import { WISHLIST_FULL, WISHLIST_LIMIT, type ProductSummary } from '@kitroom/contract';
import { productSummaries } from '../catalogue/index.js';
import type { Db, Queryable } from '../db/index.js';
import { Conflict, NotFound } from '../domain-errors.js';
import * as q from './wishlist.queries.js';

export const NO_SUCH_JERSEY = 'This jersey is not sold any more.';
const NO_SUCH_USER = 'User not found.';

/** The product ids of the shopper's wishlist, newest first. */
export function wishlistIds(db: Queryable, userId: number): Promise<number[]> {
  return q.productIds(db, userId);
}

/** The jerseys of the shopper's wishlist still sold, newest first (the Wishlist page). */
export async function wishlistProducts(db: Queryable, userId: number): Promise<ProductSummary[]> {
  return productSummaries(db, await q.productIds(db, userId, true));
}

/** Adds one jersey (once); 404 for a jersey not sold, 409 when the wishlist is full. */
export async function addToWishlist(db: Db, userId: number, productId: number): Promise<number[]> {
  return db.transaction(async (tx) => {
    if (!(await q.lockUser(tx, userId))) throw new NotFound(NO_SUCH_USER);
    const held = await q.productIds(tx, userId);
    if (held.includes(productId)) return held;
    if ((await q.activeProductIds(tx, [productId])).length === 0) {
      throw new NotFound(NO_SUCH_JERSEY);
    }
    if (held.length >= WISHLIST_LIMIT) throw new Conflict(WISHLIST_FULL);
    await q.insert(tx, userId, [productId]);
    return [productId, ...held];
  });
}

/** Removes one jersey; removing one not there changes nothing. */
export async function removeFromWishlist(
  db: Queryable,
  userId: number,
  productId: number,
): Promise<number[]> {
  await q.remove(db, userId, productId);
  return q.productIds(db, userId);
}

/**
 * At login: the guest's hearts (oldest first, as the browser keeps them) join the wishlist,
 * as many as fit under the limit; jerseys no longer sold are left out.
 */
export async function mergeWishlist(
  db: Db,
  userId: number,
  guestIds: readonly number[],
): Promise<number[]> {
  return db.transaction(async (tx) => {
    if (!(await q.lockUser(tx, userId))) throw new NotFound(NO_SUCH_USER);
    const held = new Set(await q.productIds(tx, userId));
    const sold = new Set(await q.activeProductIds(tx, [...new Set(guestIds)]));
    const fresh = [...new Set(guestIds)].filter((id) => sold.has(id) && !held.has(id));
    await q.insert(tx, userId, fresh.slice(0, Math.max(0, WISHLIST_LIMIT - held.size)));
    return q.productIds(tx, userId);
  });
}
