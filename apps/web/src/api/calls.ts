// Every API call the storefront makes, typed by the contract.
import type {
  CartManageRequest,
  CartMergeRequest,
  CartRequest,
  CartResponse,
  CategoriesResponse,
  CategoryProductsResponse,
  HomeResponse,
  ProfilesResponse,
  ShopDetailsResponse,
  ProductResponse,
  SearchResponse,
  ShopListingRequest,
  ShopListingResponse,
} from '@kitroom/contract';
import { get, inlinedAnswer, post, type CallOptions } from './client';

export const getHome = (options?: CallOptions) => get<HomeResponse>('home.php', options);

/** profiles.php: the team and player profiles written in the back office. */
export const getProfiles = (options?: CallOptions) =>
  get<ProfilesResponse>('profiles.php', options);

/** shop_details.php: the shop's contact details from its settings (every page inlines them). */
export const getShopDetails = (options?: CallOptions) =>
  get<ShopDetailsResponse>('shop_details.php', options);

export const getProduct = (productId: number, options?: CallOptions) =>
  post<ProductResponse>('product.php', { product_id: productId }, options);

/** shop.php without a body: the category list. */
export const getCategories = (options?: CallOptions) =>
  post<CategoriesResponse>('shop.php', undefined, options);

/** shop.php {category: [name]}: every product of one category with its price bounds. */
export const getCategoryProducts = (category: string, options?: CallOptions) =>
  post<CategoryProductsResponse>('shop.php', { category: [category] }, options);

/** shop.php with a limit: one page of products with facet counts. */
export const getListing = (body: ShopListingRequest, options?: CallOptions) =>
  post<ShopListingResponse>('shop.php', body, options);

export const searchProducts = (search: string, options?: CallOptions) =>
  post<SearchResponse>('search_result.php', { search }, options);

export const getCart = (body: CartRequest) => post<CartResponse>('cart.php', body);

export const manageCart = (body: CartManageRequest) => post<CartResponse>('cart_manage.php', body);

export const mergeCart = (body: CartMergeRequest) => post<CartResponse>('cart_merge.php', body);

/**
 * Answers the server inlined into this page (and rendered it with), so a page paints them on
 * its first render: read through useApi from the render's initial data.
 */
export const inlined = {
  home: () => inlinedAnswer<HomeResponse>('home.php'),
  profiles: () => inlinedAnswer<ProfilesResponse>('profiles.php'),
  shopDetails: () => inlinedAnswer<ShopDetailsResponse>('shop_details.php'),
  product: (productId: number) =>
    inlinedAnswer<ProductResponse>('product.php', { product_id: productId }),
  categoryProducts: (category: string) =>
    inlinedAnswer<CategoryProductsResponse>('shop.php', { category: [category] }),
  listing: (body: ShopListingRequest) => inlinedAnswer<ShopListingResponse>('shop.php', body),
};
