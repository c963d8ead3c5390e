// The responses of home.php, shop.php and product.php as the routes send them, kept as bytes
// per version in the catalogue cache (docs/decisions/008-whole-answers-cached.md). A cached
// response names the products it shows, so a change to one product's stock, price, pictures,
// rating or reviews drops only the responses showing it; anything that moves products in or
// out of lists drops them all. A cached call costs the shared version read and no query.
import {
  CategoryProductsResponse,
  HomeResponse,
  Product,
  type ListingSort,
  ProductSummary,
  Review,
  REVIEWS_SHOWN,
  ShopListingResponse,
  ShopOverviewResponse,
  SIMILAR_PRODUCTS_LIMIT,
} from '@kitroom/contract';
import { z } from 'zod';
import type { Queryable } from '../db/index.js';
import { NotFound } from '../domain-errors.js';
import { jsonBody, type JsonBody } from '../http/index.js';
import { MOST_VIEWED, type Computed } from './catalogue-cache.js';
import * as q from './catalogue.queries.js';
import { storefrontLaunch } from '../launches/index.js';
import { printOffer } from './printing.service.js';
import { orderFollows } from './sort-order.service.js';
import {
  cachedAt,
  categoryFilter,
  categoryProductsFor,
  filterKey,
  home,
  listingFor,
  planListing,
  shopOverview,
  similarConditions,
  toProduct,
  toReview,
  toSummary,
  type CachedAt,
  type ListingInput,
} from './catalogue.service.js';

/** A whole response to keep: its bytes and the products it shows. */
export function responseOf<S extends z.ZodType>(
  schema: S,
  value: z.output<S>,
  products: readonly number[],
): Computed<JsonBody> {
  const body = jsonBody(schema, value);
  return { value: body, products, bytes: body.bytes };
}

const ids = (list: readonly { id: number }[]) => list.map((p) => p.id);

/** home.php: the four lists; the Most Viewed order is logged as a product of its own. */
export async function homeResponse(db: Queryable): Promise<JsonBody> {
  const { cache, version } = await cachedAt(db);
  return cache.result(version, 'home', async () => {
    const lists = await home(db);
    const shown = new Set(Object.values(lists).flatMap(ids));
    return responseOf(HomeResponse, lists, [...shown, MOST_VIEWED]);
  });
}

/** A kept response's key with its sort; the shop's own order keeps the key it always had. */
const sorted = (key: string, sort: ListingSort | undefined) => (sort ? `${key}:${sort}` : key);

/** The products a listing response shows, and the pseudo products its sort's order follows. */
const shownIn = (products: readonly { id: number }[], sort: ListingSort | undefined) => [
  ...ids(products),
  ...orderFollows(sort),
];

/** shop.php with no body (or a sort alone): the categories with their counts, and the first page. */
export async function shopOverviewResponse(db: Queryable, sort?: ListingSort): Promise<JsonBody> {
  const { cache, version } = await cachedAt(db);
  return cache.result(version, sorted('shop-overview', sort), async () => {
    const value = await shopOverview(db, sort);
    return responseOf(ShopOverviewResponse, value, shownIn(value.products, sort));
  });
}

/** shop.php with one category: its products and price bounds. */
export async function categoryProductsResponse(
  db: Queryable,
  category: string,
  sort?: ListingSort,
): Promise<JsonBody> {
  const cached = await cachedAt(db);
  const filter = await categoryFilter(db, category, cached);
  const key = sorted(`category:${filterKey(filter)}`, sort);
  return cached.cache.result(cached.version, key, async () => {
    const value = await categoryProductsFor(db, filter, cached, sort);
    return responseOf(CategoryProductsResponse, value, shownIn(value.products, sort));
  });
}

/** shop.php with a limit: one page with facet counts, keyed by what it resolves to. */
export async function listingResponse(db: Queryable, input: ListingInput): Promise<JsonBody> {
  const cached = await cachedAt(db);
  const plan = await planListing(db, input, cached);
  const key = sorted(`shop:${plan.offset}:${plan.count}:${filterKey(plan.filter)}`, plan.sort);
  return cached.cache.result(cached.version, key, async () => {
    const value = await listingFor(db, plan, cached);
    return responseOf(ShopListingResponse, value, shownIn(value.products, plan.sort));
  });
}

/** The part of a product page that is the same for every view, as the bytes around the lists. */
interface ProductPage {
  row: q.ProductDetailRow;
  /** `[{"product":{…},"similar_by_category":[` */
  head: Buffer;
  /** `],"reviews":[…]}]` */
  tail: Buffer;
}

const Reviews = z.array(Review);
const COMMA = Buffer.from(',');
const BY_PRICE = Buffer.from('],"similar_by_price":[');
const BY_TAG = Buffer.from('],"similar_by_tag":[');

async function productPage(db: Queryable, id: number): Promise<Computed<ProductPage | undefined>> {
  const [row, reviews, printing, launch] = await Promise.all([
    q.productDetail(db, id),
    q.latestReviews(db, id, REVIEWS_SHOWN),
    printOffer(db, id),
    storefrontLaunch(db, id),
  ]);
  if (!row) return { value: undefined, products: [id], bytes: 64 };
  const product = JSON.stringify(z.encode(Product, toProduct(row)));
  const page = {
    row,
    head: Buffer.from(`[{"product":${product},"similar_by_category":[`),
    tail: Buffer.from(
      `],"reviews":${JSON.stringify(z.encode(Reviews, reviews.map(toReview)))},"printing":${JSON.stringify(printing)},"launch":${JSON.stringify(launch)}}]`,
    ),
  };
  return { value: page, products: [id], bytes: 2 * (page.head.length + page.tail.length) };
}

/** Up to `count` of the ids, drawn at random without repeats, in random order. */
function sample(pool: readonly number[], count: number): number[] {
  if (pool.length <= count) {
    const all = [...pool];
    for (let i = all.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [all[i], all[j]] = [all[j]!, all[i]!];
    }
    return all;
  }
  const picked = new Set<number>();
  while (picked.size < count) picked.add(pool[Math.floor(Math.random() * pool.length)]!);
  return [...picked];
}

/** The summaries of these products as JSON bytes, kept per product. */
function showSummaries(db: Queryable, { cache, version }: CachedAt, ids: readonly number[]) {
  return cache.resultsById(version, 'summary:', ids, async (missing) => {
    const rows = await q.productsByIds(db, missing);
    const out = new Map<number, Computed<Buffer>>();
    for (const row of rows) {
      const json = Buffer.from(JSON.stringify(z.encode(ProductSummary, toSummary(row))));
      out.set(row.id, { value: json, products: [row.id], bytes: 2 * json.length });
    }
    return out;
  });
}

/**
 * product.php's response as JSON bytes: the product and its reviews kept per product, the
 * candidates of its three similar lists kept per catalogue version, and each list's ten
 * drawn at random for every view from them, shown from kept summaries. The bytes are what
 * the route's serializer would write for the same values. 404 when there is no such product.
 * Counting the view is the caller's.
 */
export async function productResponse(db: Queryable, id: number): Promise<Buffer> {
  const cached = await cachedAt(db);
  const { cache, version } = cached;
  const page = await cache.result(version, `product:${id}`, () => productPage(db, id));
  if (!page) throw new NotFound('Product not found');
  // Kept with the responses (bounded by bytes) rather than in the memo of 4,000 entries, where
  // browsing many products would push out facet counts that are dear to recompute.
  const pools = await cache.result(version, `similar:${id}`, async () => {
    const similar = similarConditions(page.row);
    const found = await Promise.all([
      q.inStockIds(db, similar.category, id, q.SIMILAR_CANDIDATES),
      q.inStockIds(db, similar.price, id, q.SIMILAR_CANDIDATES),
      similar.tag ? q.inStockIds(db, similar.tag, id, q.SIMILAR_CANDIDATES) : [],
    ]);
    return { value: found, products: [], bytes: 8 * found.flat().length + 64 };
  });
  const drawn = pools.map((pool) => sample(pool, SIMILAR_PRODUCTS_LIMIT));
  // Summaries not kept yet are read together, for the drawn ones only: reading all (up to
  // 600) candidates on a product's first view made first views twenty times dearer.
  const shown = await showSummaries(db, cached, [...new Set(drawn.flat())]);
  const parts: Buffer[] = [page.head];
  drawn.forEach((list, i) => {
    if (i > 0) parts.push(i === 1 ? BY_PRICE : BY_TAG);
    let first = true;
    for (const pid of list) {
      const json = shown.get(pid);
      if (!json) continue;
      if (!first) parts.push(COMMA);
      parts.push(json);
      first = false;
    }
  });
  parts.push(page.tail);
  return Buffer.concat(parts);
}
