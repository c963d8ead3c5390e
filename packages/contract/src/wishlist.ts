// The wishlist: a guest's hearts stay in their browser (the spec's local-only heart); a
// logged-in shopper's are kept by the shop, merged at login like the cart (decision 048).
import { z } from 'zod';
import { ProductSummary } from './catalogue.js';
import { Id } from './common.js';

/** How many jerseys one wishlist holds. */
export const WISHLIST_LIMIT = 200;
export const WISHLIST_FULL = `Your wishlist holds at most ${WISHLIST_LIMIT} jerseys.`;

// ── POST /api/wishlist.php ──

/** The product ids of the shopper's wishlist, newest first (the hearts of product cards). */
export const WishlistRequest = z.object({ user_id: Id });
export type WishlistRequest = z.input<typeof WishlistRequest>;

export const WishlistResponse = z.object({ product_ids: z.array(z.number().int()) });
export type WishlistResponse = z.infer<typeof WishlistResponse>;

// ── POST /api/wishlist_products.php ──

/** The Wishlist page: the shopper's jerseys still sold, newest first. */
export const WishlistProductsRequest = WishlistRequest;
export type WishlistProductsRequest = WishlistRequest;

export const WishlistProductsResponse = z.object({ products: z.array(ProductSummary) });
export type WishlistProductsResponse = z.infer<typeof WishlistProductsResponse>;

// ── POST /api/wishlist_manage.php ──

/**
 * Adds or removes one jersey; returns the wishlist. Adding one already there or removing one
 * not there changes nothing. 404: no such jersey (adding); 409: the wishlist is full.
 */
export const WishlistManageRequest = z.object({
  user_id: Id,
  action: z.enum(['add', 'remove'], { error: "action must be 'add' or 'remove'" }),
  product_id: Id,
});
export type WishlistManageRequest = z.input<typeof WishlistManageRequest>;

export const WishlistManageResponse = WishlistResponse;
export type WishlistManageResponse = WishlistResponse;

// ── POST /api/wishlist_merge.php ──

/**
 * At login: the guest's hearts join the shopper's wishlist, as many as fit; ids of jerseys no
 * longer sold are left out. Returns the merged wishlist.
 */
export const WishlistMergeRequest = z.object({
  user_id: Id,
  product_ids: z
    .array(Id)
    .max(WISHLIST_LIMIT, `a wishlist holds at most ${WISHLIST_LIMIT} jerseys`),
});
export type WishlistMergeRequest = z.input<typeof WishlistMergeRequest>;

export const WishlistMergeResponse = WishlistResponse;
export type WishlistMergeResponse = WishlistResponse;
