// Catalogue rules: home lists, product detail with similar products, listing with facets.
import {
  categoryNameOf,
  paiseToRupees,
  parseLimit,
  rupeesToPaise,
  REVIEWS_SHOWN,
  SIMILAR_PRODUCTS_LIMIT,
  type CategoriesResponse,
  type CategoryProductsResponse,
  type HomeResponse,
  type Product,
  type ProductDetail,
  type ProductSummary,
  type ShopListingResponse,
} from '@kitroom/contract';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { badRequest, notFound } from '../http/errors.js';
import * as q from './catalogue.queries.js';

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

function toProduct(row: q.ProductDetailRow): Product {
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

/** A product with three lists of similar in-stock products and its latest reviews. */
export async function productDetail(db: Queryable, id: number): Promise<ProductDetail> {
  const row = await q.productDetail(db, id);
  if (!row) throw notFound('Product not found');
  const price = row.discount_price_paise;
  const tagWords = row.tag
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const [byCategory, byPrice, byTag, reviews] = await Promise.all([
    q.randomInStock(
      db,
      sql`p.category_id = (SELECT category_id FROM products WHERE id = ${id})`,
      id,
      SIMILAR_PRODUCTS_LIMIT,
    ),
    q.randomInStock(
      db,
      sql`p.discount_price_paise BETWEEN ${Math.floor(price * 0.8)} AND ${Math.ceil(price * 1.2)}`,
      id,
      SIMILAR_PRODUCTS_LIMIT,
    ),
    tagWords.length > 0
      ? q.randomInStock(
          db,
          sql.join(
            tagWords.map((t) => sql`p.tag ILIKE ${`%${t.replace(/[%_\\]/g, '\\$&')}%`}`),
            sql` OR `,
          ),
          id,
          SIMILAR_PRODUCTS_LIMIT,
        )
      : Promise.resolve([]),
    q.latestReviews(db, id, REVIEWS_SHOWN),
  ]);
  await q.incrementViewCount(db, id);
  return {
    product: toProduct(row),
    similar_by_category: byCategory.map(toSummary),
    similar_by_price: byPrice.map(toSummary),
    similar_by_tag: byTag.map(toSummary),
    reviews: reviews.map((r) => ({
      rating: Number(r.rating),
      user_name: r.user_name,
      subject: r.subject,
      comment: r.comment,
      created_at: new Date(r.created_at).toISOString(),
    })),
  };
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

export async function categoryList(db: Queryable): Promise<CategoriesResponse> {
  const rows = await q.categoriesWithCounts(db);
  return {
    categories: rows.map((r) => ({
      category_name: r.category_name,
      product_count: Number(r.product_count),
    })),
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
): Promise<number[]> {
  const wanted = [...new Set(names ?? [])];
  if (wanted.length === 0) return [];
  const found = await q.idsByName(db, kind, wanted);
  const unknown = wanted.filter((n) => !found.has(n));
  if (unknown.length > 0) {
    throw badRequest(`Unknown ${facetLabels[kind]}: '${unknown.slice(0, 3).join("', '")}'`);
  }
  return wanted.flatMap((n) => found.get(n) ?? []);
}

/** Every product of one category (the category page), with the price bounds. */
export async function categoryProducts(
  db: Queryable,
  category: string,
): Promise<CategoryProductsResponse> {
  const categoryIds = await resolveNames(db, 'category', [categoryNameOf(category)]);
  const filter: q.ListingFilter = {
    categoryIds,
    subCategoryIds: [],
    teamIds: [],
    playerIds: [],
    minPaise: undefined,
    maxPaise: undefined,
  };
  const [rows, bounds] = await Promise.all([
    q.listingPage(db, filter, 0, CATEGORY_PAGE_LIMIT),
    q.priceBounds(db, filter),
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

/** One page of at most 50 products with facet counts and price bounds. */
export async function listing(db: Queryable, input: ListingInput): Promise<ShopListingResponse> {
  let window: { offset: number; count: number };
  try {
    window = parseLimit(input.limit);
  } catch (err) {
    throw badRequest(err instanceof Error ? err.message : 'limit is not valid');
  }
  const min = input.price_range_minimum;
  const max = input.price_range_maximum;
  if (min !== undefined && max !== undefined && min > max) {
    throw badRequest('price_range_minimum must not be above price_range_maximum');
  }
  const [categoryIds, subCategoryIds, teamIds, playerIds] = await Promise.all([
    resolveNames(db, 'category', input.category?.map(categoryNameOf)),
    resolveNames(db, 'subcategory', input.subcategory),
    resolveNames(db, 'team', input.team),
    resolveNames(db, 'player', input.player),
  ]);
  const filter: q.ListingFilter = {
    categoryIds,
    subCategoryIds,
    teamIds,
    playerIds,
    minPaise: min === undefined ? undefined : rupeesToPaise(min),
    maxPaise: max === undefined ? undefined : rupeesToPaise(max),
  };
  const [rows, total, cats, subs, teams, players, bounds] = await Promise.all([
    q.listingPage(db, filter, window.offset, window.count),
    q.listingTotal(db, filter),
    q.facetCounts(db, filter, 'category'),
    q.facetCounts(db, filter, 'subcategory'),
    q.facetCounts(db, filter, 'team'),
    q.facetCounts(db, filter, 'player'),
    q.priceBounds(db, filter),
  ]);
  return {
    products: rows.map(toSummary),
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
