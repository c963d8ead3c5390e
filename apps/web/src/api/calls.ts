// The catalogue and cart calls under the names the pages use: thin wrappers over call(),
// typed by the contract's endpoint table. (The catalogue pages' own calls are in their
// routes' loaders: features/catalogue/loaders.ts.)
import type {
  CartManageRequest,
  CartMergeRequest,
  CartRequest,
  ListingSort,
  ShopListingRequest,
} from '@kitroom/contract';
import { call, inlinedResponse, type CallOptions } from './client';

/** profiles.php: the team and player profiles written in the back office. */
export const getProfiles = (options?: CallOptions) => call('profiles.php', undefined, options);

/** shop_details.php: the shop's contact details from its settings (every page inlines them). */
export const getShopDetails = (options?: CallOptions) =>
  call('shop_details.php', undefined, options);

/** shop.php without a body: the category list (with the first page of the overview). */
export const getCategories = (options?: CallOptions) => call('shop.php', undefined, options);

/** shop.php with a limit: one page of products with facet counts. */
export const getListing = (body: ShopListingRequest, options?: CallOptions) =>
  call('shop.php', body, options);

/** search_result.php: best match first, or in a sort's order (decision 063). */
export const searchProducts = (search: string, options?: CallOptions, sort?: ListingSort) =>
  call('search_result.php', { search, ...(sort && { sort }) }, options);

export const getCart = (body: CartRequest) => call('cart.php', body);

export const manageCart = (body: CartManageRequest) => call('cart_manage.php', body);

export const mergeCart = (body: CartMergeRequest) => call('cart_merge.php', body);

/**
 * Responses the server inlined into this page (and rendered it with), so a page paints them on
 * its first render: read through useApi from the render's initial data.
 */
export const inlined = {
  profiles: () => inlinedResponse('profiles.php'),
  shopDetails: () => inlinedResponse('shop_details.php'),
  listing: (body: ShopListingRequest) => inlinedResponse('shop.php', body),
};
