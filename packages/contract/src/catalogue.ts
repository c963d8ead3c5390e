// Catalogue and search calls: home.php, product.php, shop.php, search_result.php.
import { z } from 'zod';
import { Id, Rupees } from './common.js';
import { StorefrontLaunch } from './launches.js';
import { PrintOffer } from './printing.js';
import { PAGE_SIZE } from './rules.js';
import { SORTS } from './sorts.js';

/** Stock per size, in the shop's size order: { S: 5, M: 3, L: 0 }. */
export const SizeStock = z.record(z.string(), z.number().int().nonnegative());
export type SizeStock = z.infer<typeof SizeStock>;

/** A product as lists show it (cards, carousels, search results). */
export const ProductSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  price: Rupees,
  discount_price: Rupees,
  /** Relative to the site root, e.g. 'images/products/12-front.webp'. */
  image_url: z.string(),
  stock_quantity: z.number().int().nonnegative(),
  size: SizeStock,
  category_name: z.string(),
  sub_category_name: z.string().nullable(),
  team_name: z.string().nullable(),
  player_name: z.string().nullable(),
  tag: z.string(),
  product_rating: z.number().min(0).max(5),
  /** How many shown reviews the rating averages. */
  review_count: z.number().int().nonnegative(),
});
export type ProductSummary = z.infer<typeof ProductSummary>;

/** A product as its own page shows it. */
export const Product = ProductSummary.extend({
  image1: z.string().nullable(),
  image2: z.string().nullable(),
  product_details: z.string(),
});
export type Product = z.infer<typeof Product>;

export const Review = z.object({
  rating: z.number().int().min(1).max(5),
  user_name: z.string(),
  subject: z.string(),
  comment: z.string(),
  created_at: z.string(),
});
export type Review = z.infer<typeof Review>;

// ── GET /api/home.php ──

/** The home lists, keyed as the spec names them. */
export const HomeResponse = z.object({
  Limited: z.array(ProductSummary),
  'New product': z.array(ProductSummary),
  'Most Viewed': z.array(ProductSummary),
  promotion: z.array(ProductSummary),
});
export type HomeResponse = z.infer<typeof HomeResponse>;

// ── POST /api/product.php ──

export const ProductRequest = z.object({ product_id: Id });
export type ProductRequest = z.input<typeof ProductRequest>;

export const ProductDetail = z.object({
  product: Product,
  similar_by_category: z.array(ProductSummary),
  similar_by_price: z.array(ProductSummary),
  similar_by_tag: z.array(ProductSummary),
  reviews: z.array(Review),
  /** Ours: name and number printing on this shirt (decision 049); null or absent: none. */
  printing: PrintOffer.nullish(),
  /** Ours: the launch the product is in, upcoming or with its limits on (decision 070). */
  launch: StorefrontLaunch.nullish(),
});
export type ProductDetail = z.infer<typeof ProductDetail>;

/** An array whose first element holds the product and its lists (the spec's shape). */
export const ProductResponse = z.tuple([ProductDetail]);
export type ProductResponse = z.infer<typeof ProductResponse>;

// ── POST /api/shop.php ──

const FacetName = z.string().trim().min(1).max(200);
const FacetList = z.array(FacetName).max(100);

/**
 * `limit` is 'start-end' (spaces allowed: '0 - 50'): start is the zero-based offset and
 * end is exclusive, so '0-50' is the first page and '50-100' the second. A page holds at
 * most PAGE_SIZE products whatever the range says.
 */
export const LimitText = z
  .string()
  .max(40)
  .regex(/^\s*\d{1,9}\s*-\s*\d{1,9}\s*$/, "limit must look like 'start-end', e.g. '0-50'");

export const PriceBound = z.coerce
  .number({ error: 'price range must be a number' })
  .min(0, 'price range cannot be negative')
  .max(10_000_000, 'price range is too large');

/** A sort of a listing or search (sorts.ts); a value outside SORTS is refused, naming them. */
export const ListingSortField = z.enum(SORTS, {
  error: `sort must be one of ${SORTS.join(', ')}`,
});

/** The listing form: one page of products with facets. */
export const ShopListingRequest = z.object({
  limit: LimitText,
  sort: ListingSortField.optional(),
  price_range_minimum: PriceBound.optional(),
  price_range_maximum: PriceBound.optional(),
  category: FacetList.optional(),
  subcategory: FacetList.optional(),
  team: FacetList.optional(),
  player: FacetList.optional(),
});
export type ShopListingRequest = z.input<typeof ShopListingRequest>;

/** The category form: every product of one category (the category page). */
export const ShopCategoryRequest = z.object({
  category: z.array(FacetName).min(1).max(1),
  sort: ListingSortField.optional(),
});
export type ShopCategoryRequest = z.input<typeof ShopCategoryRequest>;

/**
 * shop.php takes no body (the category list and the first page), `{category: [name]}` (one
 * category's products), or a listing (with `limit`). One object schema, so errors name the
 * field.
 */
export const ShopRequest = ShopListingRequest.partial().nullish();
export type ShopRequest = z.input<typeof ShopRequest>;

export const Category = z.object({
  category_name: z.string(),
  product_count: z.number().int().nonnegative(),
});
export type Category = z.infer<typeof Category>;

export const CategoriesResponse = z.object({ categories: z.array(Category) });
export type CategoriesResponse = z.infer<typeof CategoriesResponse>;

/**
 * The listing shop.php returns without a body: the spec's preload (the first page, priced 0
 * to 10000), as '0-50' since `limit` is a zero-based offset here.
 */
export const SHOP_OVERVIEW_LISTING = {
  limit: '0-50',
  price_range_minimum: 0,
  price_range_maximum: 10_000,
} as const;

export const CategoryProductsResponse = z.object({
  products: z.array(ProductSummary),
  min_price: Rupees,
  max_price: Rupees,
});
export type CategoryProductsResponse = z.infer<typeof CategoryProductsResponse>;

/**
 * shop.php without a body: the categories with their product counts (the menu's list), and
 * the first page of SHOP_OVERVIEW_LISTING with its price bounds and total — the spec's table
 * reads categories, products, min_price and max_price from every form of the call.
 */
export const ShopOverviewResponse = CategoriesResponse.extend({
  products: z.array(ProductSummary),
  min_price: Rupees,
  max_price: Rupees,
  total: z.number().int().nonnegative(),
});
export type ShopOverviewResponse = z.infer<typeof ShopOverviewResponse>;

export const FacetCount = z.object({ count: z.number().int().nonnegative() });

export const ShopListingResponse = z.object({
  products: z.array(ProductSummary),
  categories: z.array(FacetCount.extend({ category_name: z.string() })),
  sub_categories: z.array(
    FacetCount.extend({ sub_category_name: z.string(), category_name: z.string() }),
  ),
  teams: z.array(FacetCount.extend({ team_name: z.string() })),
  players: z.array(FacetCount.extend({ player_name: z.string() })),
  /** Bounds of the discount price over the products that match the facets (not the price). */
  min_price: Rupees,
  max_price: Rupees,
  /** Total products matching every filter, for paging. */
  total: z.number().int().nonnegative(),
});
export type ShopListingResponse = z.infer<typeof ShopListingResponse>;

// ── POST /api/search_result.php ──

export const SearchRequest = z.object({
  search: z.string().max(200, 'search text is too long (200 characters at most)'),
  sort: ListingSortField.optional(),
});
export type SearchRequest = z.input<typeof SearchRequest>;

export const SearchResponse = z.object({ products: z.array(ProductSummary) });
export type SearchResponse = z.infer<typeof SearchResponse>;

/** Parses 'start-end' into an offset and a page length of at most PAGE_SIZE. */
export function parseLimit(text: string): { offset: number; count: number } {
  const match = /^\s*(\d{1,9})\s*-\s*(\d{1,9})\s*$/.exec(text);
  if (!match) throw new RangeError(`limit must look like 'start-end', got '${text}'`);
  const start = Number(match[1]);
  const end = Number(match[2]);
  if (end <= start) throw new RangeError('limit end must be greater than its start');
  return { offset: start, count: Math.min(end - start, PAGE_SIZE) };
}

/** The limit text for a page window: formatLimit(50) → '50-100'. */
export function formatLimit(offset: number): string {
  return `${offset}-${offset + PAGE_SIZE}`;
}
