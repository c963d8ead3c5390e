// Catalogue rules: home lists, the conditions of a product's similar lists, listing with
// facets, and the product import.
import {
  categoryNameOf,
  paiseToRupees,
  parseLimit,
  rupeesToPaise,
  SHOP_OVERVIEW_LISTING,
  slugify,
  type CategoriesResponse,
  type CategoryProductsResponse,
  type HomeResponse,
  type Product,
  type ProductDetail,
  type ProductSummary,
  type ShopListingResponse,
  type ShopOverviewResponse,
} from '@kitroom/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { Conflict, Invalid } from '../domain-errors.js';
import * as stock from '../stock/stock.service.js';
import {
  cacheFor,
  PRODUCT_LOG_KEPT,
  type CacheVersion,
  type CatalogueCache,
} from './catalogue-cache.js';
import * as q from './catalogue.queries.js';
import { parseSizeStock, type SizeStockEntry } from './size-stock.js';
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
    stock_quantity: row.stock_quantity,
    size: row.size ?? {},
    category_name: row.category_name,
    sub_category_name: row.sub_category_name,
    team_name: row.team_name,
    player_name: row.player_name,
    tag: row.tag,
    product_rating: Number(row.product_rating),
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
  return cacheFor(db, (since) => q.readVersions(db, since, PRODUCT_LOG_KEPT));
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

/** shop.php without a body: the category list and the first page of the listing. */
export async function shopOverview(db: Queryable): Promise<ShopOverviewResponse> {
  const cached = await cachedAt(db);
  const [list, page] = await Promise.all([
    categoryListAt(db, cached),
    planListing(db, SHOP_OVERVIEW_LISTING, cached).then((plan) => listingFor(db, plan, cached)),
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
): Promise<CategoryProductsResponse> {
  const cached = await cachedAt(db);
  return categoryProductsFor(db, await categoryFilter(db, category, cached), cached);
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

/** A category page's products and price bounds; the bounds come from the memo. */
export async function categoryProductsFor(
  db: Queryable,
  filter: q.ListingFilter,
  { cache, version }: CachedAt,
): Promise<CategoryProductsResponse> {
  const [rows, bounds] = await Promise.all([
    q.listingPage(db, filter, 0, CATEGORY_PAGE_LIMIT),
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

/** A listing request checked (400 when not valid) and resolved to a window and a filter. */
export interface ListingPlan {
  offset: number;
  count: number;
  filter: q.ListingFilter;
}

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

/** The listing of a plan: its page read now, its aggregates from the memo. */
export async function listingFor(
  db: Queryable,
  { offset, count, filter }: ListingPlan,
  { cache, version }: CachedAt,
): Promise<ShopListingResponse> {
  const [rows, aggregates] = await Promise.all([
    q.listingPage(db, filter, offset, count),
    cache.get(version, `listing:${filterKey(filter)}`, () => listingAggregates(db, filter)),
  ]);
  return { products: rows.map(toSummary), ...aggregates };
}

// ── import ──

/** One product to import; names of categories, teams and players are created when new. */
export interface ProductImport {
  name: string;
  pricePaise: number;
  /** Defaults to the price (no discount). */
  discountPricePaise?: number;
  category: string;
  subCategory?: string | null;
  team?: string | null;
  /** A new player is linked to this product's team. */
  player?: string | null;
  /** Stock per size: {S: 5, M: 3} or 'S=5, M=3'. */
  size: string | Record<string, number>;
  /** Relative to the site root, e.g. 'images/products/real-madrid-home-front-1a2b3c4d5e.webp'. */
  imageUrl: string;
  image1?: string | null;
  image2?: string | null;
  /** Comma-separated words: team, player, season, kind. */
  tag?: string;
  details?: string;
  /** 0.0 to 5.0 with one decimal, e.g. '4.5'. */
  rating?: string;
  viewCount?: number;
  isLimited?: boolean;
  isPromoted?: boolean;
  createdAt?: Date;
}

/** Categories (with sub-categories), teams and players to have, in display order. */
export interface CatalogueNames {
  categories?: readonly { name: string; subCategories?: readonly string[] }[];
  teams?: readonly string[];
  players?: readonly { name: string; team?: string | null }[];
}

const IMPORT_BATCH = 2_000;
const RATING_PATTERN = /^(?:[0-4](?:\.\d)?|5(?:\.0)?)$/;

function cleanName(value: string | null | undefined, what: string): string | undefined {
  if (value === null || value === undefined) return undefined;
  const name = value.trim().replace(/\s+/g, ' ');
  if (name === '') throw new Error(`${what} name is empty`);
  if (name.length > 200) throw new Error(`${what} name is longer than 200 characters`);
  return name;
}

const subKey = (categoryId: number, name: string) => `${categoryId}\u0000${name}`;

/** Resolved ids of every name in the catalogue the import touches. */
interface NameIds {
  categories: Map<string, number>;
  subCategories: Map<string, number>;
  teams: Map<string, number>;
  players: Map<string, number>;
}

async function idsOf(
  db: Queryable,
  kind: q.FacetKind,
  names: readonly string[],
  label: string,
): Promise<Map<string, number>> {
  const found = await q.idsByName(db, kind, names);
  const ids = new Map<string, number>();
  for (const name of names) {
    const id = found.get(name)?.[0];
    // A name whose slug another name already holds ('Real  Madrid' next to 'Real Madrid').
    if (id === undefined) throw new Invalid(`${label} '${name}' clashes with an existing name`);
    ids.set(name, id);
  }
  return ids;
}

/** Creates whatever categories, sub-categories, teams and players are missing; returns all ids. */
async function ensureNames(db: Queryable, names: CatalogueNames): Promise<NameIds> {
  const categoryNames = [...new Set((names.categories ?? []).map((c) => c.name))];
  await q.insertMissingCategories(db, categoryNames);
  const categories = await idsOf(db, 'category', categoryNames, 'Category');

  const subPairs = new Map<string, { category_id: number; name: string }>();
  for (const c of names.categories ?? []) {
    const categoryId = categories.get(c.name)!;
    for (const name of c.subCategories ?? []) {
      subPairs.set(subKey(categoryId, name), { category_id: categoryId, name });
    }
  }
  await q.insertMissingSubCategories(db, [...subPairs.values()]);
  const subCategories = new Map(
    (await q.subCategoryIds(db, [...subPairs.values()])).map((r) => [
      subKey(r.category_id, r.name),
      r.id,
    ]),
  );

  const playerList = names.players ?? [];
  const teamNames = [
    ...new Set([...(names.teams ?? []), ...playerList.flatMap((p) => (p.team ? [p.team] : []))]),
  ];
  await q.insertMissingTeams(
    db,
    teamNames.map((name) => ({ name, slug: slugify(name) })),
  );
  const teams = await idsOf(db, 'team', teamNames, 'Team');

  const playerRows = new Map<string, { name: string; slug: string; team_id: number | null }>();
  for (const p of playerList) {
    if (!playerRows.has(p.name)) {
      playerRows.set(p.name, {
        name: p.name,
        slug: slugify(p.name),
        team_id: p.team ? teams.get(p.team)! : null,
      });
    }
  }
  await q.insertMissingPlayers(db, [...playerRows.values()]);
  const players = await idsOf(db, 'player', [...playerRows.keys()], 'Player');
  return { categories, subCategories, teams, players };
}

/** Creates the named categories, sub-categories, teams and players that do not exist yet. */
export async function ensureCatalogueNames(db: Queryable, names: CatalogueNames): Promise<void> {
  let clean: CatalogueNames;
  try {
    clean = cleanNames(names);
  } catch (err) {
    throw new Invalid(err instanceof Error ? err.message : String(err));
  }
  await db.transaction(async (tx) => {
    await ensureNames(tx, clean);
  });
}

function cleanNames(names: CatalogueNames): CatalogueNames {
  return {
    categories: names.categories?.map((c) => ({
      name: cleanName(c.name, 'Category')!,
      subCategories: c.subCategories?.map((s) => cleanName(s, 'Sub-category')!),
    })),
    teams: names.teams?.map((t) => cleanName(t, 'Team')!),
    players: names.players?.map((p) => ({
      name: cleanName(p.name, 'Player')!,
      team: cleanName(p.team, 'Team'),
    })),
  };
}

/** An import item checked and normalised, before its names are resolved to ids. */
interface CheckedImport {
  item: ProductImport;
  name: string;
  category: string;
  subCategory: string | undefined;
  team: string | undefined;
  player: string | undefined;
  sizes: SizeStockEntry[];
  discountPricePaise: number;
  rating: string;
}

function checkImport(item: ProductImport): CheckedImport {
  const name = cleanName(item.name, 'Product')!;
  const price = item.pricePaise;
  if (!Number.isInteger(price) || price <= 0) {
    throw new Error(`price must be a positive whole number of paise, got ${price}`);
  }
  const discount = item.discountPricePaise ?? price;
  if (!Number.isInteger(discount) || discount <= 0 || discount > price) {
    throw new Error(
      `discount price must be whole paise above 0 and at most the price (${price}), got ${discount}`,
    );
  }
  const rating = item.rating ?? '0';
  if (!RATING_PATTERN.test(rating)) {
    throw new Error(`rating must be 0.0 to 5.0 with one decimal, got '${rating}'`);
  }
  if (item.imageUrl.trim() === '') throw new Error('image_url is empty');
  const viewCount = item.viewCount ?? 0;
  if (!Number.isInteger(viewCount) || viewCount < 0) {
    throw new Error(`view count must be a whole number of 0 or more, got ${viewCount}`);
  }
  return {
    item,
    name,
    category: cleanName(item.category, 'Category')!,
    subCategory: cleanName(item.subCategory, 'Sub-category'),
    team: cleanName(item.team, 'Team'),
    player: cleanName(item.player, 'Player'),
    sizes: parseSizeStock(item.size),
    discountPricePaise: discount,
    rating,
  };
}

/**
 * Imports products with their stock per size, creating categories, sub-categories, teams and
 * players by name as needed; stock_quantity is the sum of the sizes. All or nothing: a bad
 * item refuses the whole import with a 400 naming the item. Each size's stock is written to
 * the stock ledger as its opening row. Returns the new ids in order.
 */
export async function importProducts(
  db: Queryable,
  items: readonly ProductImport[],
): Promise<number[]> {
  const checked = items.map((item, i) => {
    try {
      return checkImport(item);
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      throw new Invalid(`Product ${i + 1} ('${item.name}'): ${why}`);
    }
  });
  if (checked.length === 0) return [];

  // Names in first-seen order, so new categories are placed as the import lists them.
  const categories = new Map<string, Set<string>>();
  const playerTeams = new Map<string, string | undefined>();
  const teams = new Set<string>();
  for (const c of checked) {
    const subs = categories.get(c.category) ?? new Set<string>();
    if (c.subCategory) subs.add(c.subCategory);
    categories.set(c.category, subs);
    if (c.team) teams.add(c.team);
    if (c.player && !playerTeams.has(c.player)) playerTeams.set(c.player, c.team);
  }

  return db.transaction(async (tx) => {
    const ids = await ensureNames(tx, {
      categories: [...categories].map(([name, subs]) => ({ name, subCategories: [...subs] })),
      teams: [...teams],
      players: [...playerTeams].map(([name, team]) => ({ name, team })),
    });
    const created: number[] = [];
    for (let start = 0; start < checked.length; start += IMPORT_BATCH) {
      const batch = checked.slice(start, start + IMPORT_BATCH);
      const productIds = await q.reserveProductIds(tx, batch.length);
      const rows: q.ProductInsertRow[] = [];
      const sizeRows: q.ProductSizeInsertRow[] = [];
      batch.forEach((c, i) => {
        const id = productIds[i]!;
        const categoryId = ids.categories.get(c.category)!;
        rows.push({
          id,
          name: c.name,
          price_paise: c.item.pricePaise,
          discount_price_paise: c.discountPricePaise,
          image_url: c.item.imageUrl.trim(),
          image1: c.item.image1?.trim() || null,
          image2: c.item.image2?.trim() || null,
          stock_quantity: c.sizes.reduce((sum, s) => sum + s.stock, 0),
          category_id: categoryId,
          sub_category_id: c.subCategory
            ? ids.subCategories.get(subKey(categoryId, c.subCategory))!
            : null,
          team_id: c.team ? ids.teams.get(c.team)! : null,
          player_id: c.player ? ids.players.get(c.player)! : null,
          tag: c.item.tag?.trim() ?? '',
          product_details: c.item.details?.trim() ?? '',
          product_rating: c.rating,
          view_count: c.item.viewCount ?? 0,
          is_limited: c.item.isLimited ?? false,
          is_promoted: c.item.isPromoted ?? false,
          created_at: c.item.createdAt?.toISOString() ?? null,
        });
        c.sizes.forEach((s, position) =>
          sizeRows.push({ product_id: id, size: s.size, position, stock: s.stock }),
        );
      });
      await q.insertProducts(tx, rows);
      await q.insertProductSizes(tx, sizeRows);
      // Each size's opening stock is the first row of its ledger.
      await stock.insertLedgerEntries(
        tx,
        sizeRows
          .filter((s) => s.stock > 0)
          .map((s) => ({
            productId: s.product_id,
            size: s.size,
            delta: s.stock,
            stockAfter: s.stock,
            reason: 'import' as const,
            note: 'Opening stock',
          })),
      );
      created.push(...productIds);
    }
    return created;
  });
}

// ── whole-catalogue maintenance ──

/** How many products the catalogue holds, active or not. */
export async function productCount(db: Queryable): Promise<number> {
  return q.productCount(db);
}

/**
 * Deletes the whole catalogue (products, sizes, categories, teams, players) so that it can
 * be built again. Refuses once any order names a product: orders are never touched.
 */
export async function clearCatalogue(db: Queryable): Promise<void> {
  if (await q.anyOrderedProduct(db)) {
    throw new Conflict(
      'The catalogue cannot be cleared: orders refer to its products. Use an empty database.',
    );
  }
  await q.deleteCatalogue(db);
}

/** Every distinct picture path (image_url, image1, image2) the products use. */
export async function productImagePaths(db: Queryable): Promise<string[]> {
  return q.productImagePaths(db);
}

/** Moves products from old picture paths to new ones. */
export async function replaceImagePaths(
  db: Queryable,
  pairs: readonly { from: string; to: string }[],
): Promise<void> {
  await q.replaceImagePaths(db, pairs);
}

/** Refreshes planner statistics after a bulk import. */
export async function analyzeCatalogue(db: Queryable): Promise<void> {
  await q.analyzeCatalogue(db);
}
