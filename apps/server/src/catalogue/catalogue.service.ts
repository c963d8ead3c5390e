// Catalogue reads: home lists, the conditions of a product's similar lists, listing with
// facets. The import and whole-catalogue maintenance are catalogue-import.service.ts.
import {
  categoryNameOf,
  paiseToRupees,
  parseLimit,
  rupeesToPaise,
  SHOP_OVERVIEW_LISTING,
  type CategoriesResponse,
  type CategoryProductsResponse,
  type ListingSort,
  type HomeResponse,
  type Product,
  type ProductDetail,
  type ProductSummary,
  type ShopListingResponse,
  type ShopOverviewResponse,
} from '@kitroom/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { Invalid } from '../domain-errors.js';
import { cacheFor, type CacheVersion, type CatalogueCache } from './catalogue-cache.js';
import * as q from './catalogue.queries.js';
import { rowsInOrder, sortedIds } from './sort-order.service.js';
import { ViewCounts } from './view-counts.js';

// The Most Viewed trigger (migration *_product_versions) reads the 12th product: change both.
export const HOME_LIST_SIZE = 12;
/** The category page gets at most this many products (in stock first). */
export const CATEGORY_PAGE_LIMIT = 500;

export function toSummary(row: q.ProductRow): ProductSummary {
  return {
    id: row.id,
    name: row.name,
    price: paiseToRupees(row.price_paise),
    discount_price: paiseToRupees(row.discount_price_paise),
    image_url: row.image_url,
    stock_quantity: Object.values(row.size ?? {}).reduce((sum, n) => sum + n, 0),
    size: row.size ?? {},
    category_name: row.category_name,
    sub_category_name: row.sub_category_name,
    team_name: row.team_name,
    player_name: row.player_name,
    tag: row.tag,
    product_rating: Number(row.product_rating),
    review_count: Number(row.review_count),
  };
}

export function toProduct(row: q.ProductDetailRow): Product {
  return {
    ...toSummary(row),
    image1: row.image1,
    image2: row.image2,
    product_details: row.product_details,
  };
}

/** The four home lists. */
export async function home(db: Queryable): Promise<HomeResponse> {
  const [limited, fresh, viewed, promotion] = await Promise.all([
    q.homeList(db, 'limited', HOME_LIST_SIZE),
    q.homeList(db, 'new', HOME_LIST_SIZE),
    q.homeList(db, 'viewed', HOME_LIST_SIZE),
    q.homeList(db, 'promotion', HOME_LIST_SIZE),
  ]);
  return {
    Limited: limited.map(toSummary),
    'New product': fresh.map(toSummary),
    'Most Viewed': viewed.map(toSummary),
    promotion: promotion.map(toSummary),
  };
}

/** The conditions of a product's three similar lists: same category, a near price, a shared tag. */
export function similarConditions(row: q.ProductDetailRow): {
  category: SQL;
  price: SQL;
  tag: SQL | undefined;
} {
  const price = row.discount_price_paise;
  const tagWords = row.tag
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return {
    category: sql`p.category_id = (SELECT category_id FROM products WHERE id = ${row.id})`,
    price: sql`p.discount_price_paise BETWEEN ${Math.floor(price * 0.8)} AND ${Math.ceil(price * 1.2)}`,
    tag:
      tagWords.length > 0
        ? sql.join(
            tagWords.map((t) => sql`p.tag ILIKE ${`%${t.replace(/[%_\\]/g, '\\$&')}%`}`),
            sql` OR `,
          )
        : undefined,
  };
}

export function toReview(r: q.ReviewRow): ProductDetail['reviews'][number] {
  return {
    rating: Number(r.rating),
    user_name: r.user_name,
    subject: r.subject,
    comment: r.comment,
    created_at: new Date(r.created_at).toISOString(),
  };
}

/** Product views counted in memory and written in batches (view-counts.ts); start it. */
export function productViewCounts(db: Queryable, onError: (err: unknown) => void): ViewCounts {
  return new ViewCounts((counts) => q.addViewCounts(db, counts), onError);
}

/** A product as its page shows it, without counting a view (page heads, previews). */
export async function productPreview(db: Queryable, id: number): Promise<Product | undefined> {
  const row = await q.productDetail(db, id);
  return row ? toProduct(row) : undefined;
}

/** The sitemap holds at most this many products (one sitemap file's limit is 50,000 URLs). */
export const SITEMAP_PRODUCT_LIMIT = 45_000;

/** Ids and last changes of active products, for the sitemap. */
export async function sitemapProducts(db: Queryable): Promise<{ id: number; updatedAt: Date }[]> {
  const rows = await q.activeProductStamps(db, SITEMAP_PRODUCT_LIMIT);
  return rows.map((r) => ({ id: r.id, updatedAt: new Date(r.updated_at) }));
}

/** The catalogue's current version: it goes up with every change cached results derive from. */
export async function catalogueVersion(db: Queryable): Promise<number> {
  return q.catalogueVersion(db);
}

/** The memo of catalogue-derived results for this database handle (catalogue-cache.ts). */
export function catalogueCache(db: Queryable): CatalogueCache {
  return cacheFor(db, (since) => q.readVersions(db, since));
}

/** A handle's cache with the versions this request read. */
export interface CachedAt {
  cache: CatalogueCache;
  version: CacheVersion;
}

/** Reads the versions for this request (shared with the requests arriving meanwhile). */
export async function cachedAt(db: Queryable): Promise<CachedAt> {
  const cache = catalogueCache(db);
  return { cache, version: await cache.version() };
}

export async function categoryList(db: Queryable): Promise<CategoriesResponse> {
  return categoryListAt(db, await cachedAt(db));
}

/** The category list with counts, from the memo of these versions. */
export async function categoryListAt(
  db: Queryable,
  { cache, version }: CachedAt,
): Promise<CategoriesResponse> {
  return cache.get(version, 'categories', async () => {
    const rows = await q.categoriesWithCounts(db);
    return {
      categories: rows.map((r) => ({
        category_name: r.category_name,
        product_count: Number(r.product_count),
      })),
    };
  });
}

/** shop.php without a body (or with a sort alone): the category list and the first page. */
export async function shopOverview(
  db: Queryable,
  sort?: ListingSort,
): Promise<ShopOverviewResponse> {
  const cached = await cachedAt(db);
  const [list, page] = await Promise.all([
    categoryListAt(db, cached),
    planListing(db, { ...SHOP_OVERVIEW_LISTING, sort }, cached).then((plan) =>
      listingFor(db, plan, cached),
    ),
  ]);
  return {
    categories: list.categories,
    products: page.products,
    min_price: page.min_price,
    max_price: page.max_price,
    total: page.total,
  };
}

const facetLabels: Record<q.FacetKind, string> = {
  category: 'category',
  subcategory: 'sub-category',
  team: 'team',
  player: 'player',
};

/** Resolves names to ids, refusing any name the catalogue does not have. */
async function resolveNames(
  db: Queryable,
  kind: q.FacetKind,
  names: readonly string[] | undefined,
  cached: CachedAt,
): Promise<number[]> {
  const wanted = [...new Set(names ?? [])];
  if (wanted.length === 0) return [];
  const found = await cached.cache.get(
    cached.version,
    `names:${kind}:${JSON.stringify(wanted)}`,
    () => q.idsByName(db, kind, wanted),
  );
  const unknown = wanted.filter((n) => !found.has(n));
  if (unknown.length > 0) {
    throw new Invalid(`Unknown ${facetLabels[kind]}: '${unknown.slice(0, 3).join("', '")}'`);
  }
  return wanted.flatMap((n) => found.get(n) ?? []);
}

/** Every product of one category (the category page), with the price bounds. */
export async function categoryProducts(
  db: Queryable,
  category: string,
  sort?: ListingSort,
): Promise<CategoryProductsResponse> {
  const cached = await cachedAt(db);
  return categoryProductsFor(db, await categoryFilter(db, category, cached), cached, sort);
}

/** The filter of one category page; 400 when the catalogue has no such category. */
export async function categoryFilter(
  db: Queryable,
  category: string,
  cached: CachedAt,
): Promise<q.ListingFilter> {
  return {
    categoryIds: await resolveNames(db, 'category', [categoryNameOf(category)], cached),
    subCategoryIds: [],
    teamIds: [],
    playerIds: [],
    minPaise: undefined,
    maxPaise: undefined,
  };
}

/** A category page's products (in a sort's order, if any) and price bounds from the memo. */
export async function categoryProductsFor(
  db: Queryable,
  filter: q.ListingFilter,
  cached: CachedAt,
  sort?: ListingSort,
): Promise<CategoryProductsResponse> {
  const { cache, version } = cached;
  const window = { filter, sort, offset: 0, count: CATEGORY_PAGE_LIMIT };
  const [rows, bounds] = await Promise.all([
    pageRows(db, window, cached),
    cache.get(version, `bounds:${filterKey(filter)}`, () => q.priceBounds(db, filter)),
  ]);
  return {
    products: rows.map(toSummary),
    min_price: paiseToRupees(bounds.min ?? 0),
    max_price: paiseToRupees(bounds.max ?? 0),
  };
}

export interface ListingInput {
  limit: string;
  sort?: ListingSort | undefined;
  price_range_minimum?: number | undefined;
  price_range_maximum?: number | undefined;
  category?: string[] | undefined;
  subcategory?: string[] | undefined;
  team?: string[] | undefined;
  player?: string[] | undefined;
}

type ListingAggregates = Omit<ShopListingResponse, 'products'>;

/** Facet counts, price bounds and total of a filter: the costly part of a listing. */
async function listingAggregates(
  db: Queryable,
  filter: q.ListingFilter,
): Promise<ListingAggregates> {
  const [total, cats, subs, teams, players, bounds] = await Promise.all([
    q.listingTotal(db, filter),
    q.facetCounts(db, filter, 'category'),
    q.facetCounts(db, filter, 'subcategory'),
    q.facetCounts(db, filter, 'team'),
    q.facetCounts(db, filter, 'player'),
    q.priceBounds(db, filter),
  ]);
  return {
    categories: cats.map((r) => ({ category_name: r.name, count: Number(r.count) })),
    sub_categories: subs.map((r) => ({
      sub_category_name: r.name,
      category_name: r.parent ?? '',
      count: Number(r.count),
    })),
    teams: teams.map((r) => ({ team_name: r.name, count: Number(r.count) })),
    players: players.map((r) => ({ player_name: r.name, count: Number(r.count) })),
    min_price: paiseToRupees(bounds.min ?? 0),
    max_price: paiseToRupees(bounds.max ?? 0),
    total,
  };
}

/** The same key for the same filter, whatever order its names came in. */
export function filterKey(f: q.ListingFilter): string {
  const ids = (list: number[]) => [...list].sort((a, b) => a - b);
  return JSON.stringify([
    ids(f.categoryIds),
    ids(f.subCategoryIds),
    ids(f.teamIds),
    ids(f.playerIds),
    f.minPaise ?? null,
    f.maxPaise ?? null,
  ]);
}

/**
 * One page of at most 50 products with facet counts and price bounds. The page is read on
 * every call; the facet counts, bounds and total come from the cache while the catalogue
 * version is unchanged.
 */
export async function listing(db: Queryable, input: ListingInput): Promise<ShopListingResponse> {
  const cached = await cachedAt(db);
  return listingFor(db, await planListing(db, input, cached), cached);
}

/** A window of the products matching a filter, in a sort's order or the shop's own. */
export interface ListingWindow {
  offset: number;
  count: number;
  filter: q.ListingFilter;
  sort: ListingSort | undefined;
}

/** A listing request checked (400 when not valid) and resolved to a window and a filter. */
export type ListingPlan = ListingWindow;

export async function planListing(
  db: Queryable,
  input: ListingInput,
  cached: CachedAt,
): Promise<ListingPlan> {
  let window: { offset: number; count: number };
  try {
    window = parseLimit(input.limit);
  } catch (err) {
    throw new Invalid(err instanceof Error ? err.message : 'limit is not valid');
  }
  const min = input.price_range_minimum;
  const max = input.price_range_maximum;
  if (min !== undefined && max !== undefined && min > max) {
    throw new Invalid('price_range_minimum must not be above price_range_maximum');
  }
  const [categoryIds, subCategoryIds, teamIds, playerIds] = await Promise.all([
    resolveNames(db, 'category', input.category?.map(categoryNameOf), cached),
    resolveNames(db, 'subcategory', input.subcategory, cached),
    resolveNames(db, 'team', input.team, cached),
    resolveNames(db, 'player', input.player, cached),
  ]);
  return {
    ...window,
    sort: input.sort,
    filter: {
      categoryIds,
      subCategoryIds,
      teamIds,
      playerIds,
      minPaise: min === undefined ? undefined : rupeesToPaise(min),
      maxPaise: max === undefined ? undefined : rupeesToPaise(max),
    },
  };
}

/**
 * The listing of a plan: its page read now (a sort's order from the cache), its aggregates
 * from the memo. Sorting changes the page only: the counts, bounds and total are the filter's.
 */
export async function listingFor(
  db: Queryable,
  plan: ListingPlan,
  cached: CachedAt,
): Promise<ShopListingResponse> {
  const { cache, version } = cached;
  const { filter } = plan;
  const [rows, aggregates] = await Promise.all([
    pageRows(db, plan, cached),
    cache.get(version, `listing:${filterKey(filter)}`, () => listingAggregates(db, filter)),
  ]);
  return { products: rows.map(toSummary), ...aggregates };
}

/** The rows of a window: the shop's own order read by its index, a sort's by its kept ids. */
async function pageRows(
  db: Queryable,
  { filter, sort, offset, count }: ListingWindow,
  cached: CachedAt,
): Promise<q.ProductRow[]> {
  if (sort === undefined) return q.listingPage(db, filter, offset, count);
  const key = `${offset}:${count}:${filterKey(filter)}`;
  const ids = await sortedIds(db, cached, key, q.listingConditions(filter), sort, count, offset);
  return rowsInOrder(db, ids);
}

/** Product summaries in the order of the given ids (search's ranking); unknown ids dropped. */
export async function productSummaries(
  db: Queryable,
  ids: readonly number[],
): Promise<ProductSummary[]> {
  return (await rowsInOrder(db, ids)).map(toSummary);
}
