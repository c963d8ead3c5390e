// The wishlist of a logged-in shopper (decision 048); a guest's stays in the browser.
import type {
  WishlistManageRequest,
  WishlistMergeRequest,
  WishlistRequest,
} from '@kitroom/contract';
import { call, type CallOptions } from './client';

export const getWishlist = (body: WishlistRequest) => call('wishlist.php', body);

export const getWishlistProducts = (body: WishlistRequest, options?: CallOptions) =>
  call('wishlist_products.php', body, options);

export const manageWishlist = (body: WishlistManageRequest) => call('wishlist_manage.php', body);

export const mergeWishlist = (body: WishlistMergeRequest) => call('wishlist_merge.php', body);
