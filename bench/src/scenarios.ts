// The API scenarios, built from what the seeded catalogue actually holds: real product ids,
// the biggest category and its biggest team, a price band inside their range, and search
// words taken from the catalogue's own team and player names.
import type { AdminListFilters } from './admin.js';
import {
  formatLimit,
  PAGE_SIZE,
  SearchResponse,
  SORTS,
  ShopListingResponse,
  type CartManageRequest,
  type ProductSummary,
  type ShopListingRequest,
} from '@kitroom/contract';
import type autocannon from 'autocannon';
import type { BenchUser } from './database.js';

export type ScenarioId =
  | 'home'
  | 'product'
  | 'shop-first'
  | 'shop-filtered'
  | 'shop-first-sorted'
  | 'shop-filtered-sorted'
  | 'search-word'
  | 'search-typo'
  | 'page-home'
  | 'page-product'
  | 'cart-add'
  | 'admin-products'
  | 'admin-orders'
  | 'mixed';

export interface Probe {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

export interface Scenario {
  id: ScenarioId;
  label: string;
  /** What exactly is sent, for the report. */
  detail: string;
  /** Cycled in order by each connection. */
  requests: autocannon.Request[];
  /** Sent once before measuring; each must respond 200. */
  probes: Probe[];
  /** Connections for this scenario, when not the run's (a back office has a few staff). */
  connections?: number;
}

export interface Catalogue {
  total: number;
  productIds: number[];
  /** In-stock (product, size) pairs for the cart scenario. */
  stockedSizes: { productId: number; size: string }[];
  /** An in-stock product and size, for the checkout page's line. */
  sample: { product: ProductSummary; size: string } | undefined;
  filtered: ShopListingRequest;
  searchWord: string;
  searchTypo: string;
  /** Products the two searches found in the probe. */
  searchHits: { word: number; typo: number };
}

const JSON_HEADERS = { 'content-type': 'application/json' };

async function post<T>(baseUrl: string, path: string, body: unknown, parse: (v: unknown) => T) {
  const res = await fetch(baseUrl + path, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${text.slice(0, 200)}`);
  return parse(JSON.parse(text));
}

const listing = (baseUrl: string, body: ShopListingRequest) =>
  post(baseUrl, '/api/shop.php', body, (v) => ShopListingResponse.parse(v));

const searchCount = async (baseUrl: string, text: string) =>
  (await post(baseUrl, '/api/search_result.php', { search: text }, (v) => SearchResponse.parse(v)))
    .products.length;

/** Drops one letter from the middle of a word: 'barcelona' → 'barcelna'. */
export function misspell(word: string): string {
  if (word.length < 4) return `${word}${word.at(-1) ?? ''}`;
  const i = Math.floor(word.length / 2) + 1;
  return word.slice(0, i) + word.slice(i + 1);
}

function longestWord(name: string): string {
  const words = name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
  return words.reduce((best, w) => (w.length > best.length ? w : best), '');
}

function largest<T extends { count: number }>(rows: readonly T[]): T | undefined {
  return rows.reduce<T | undefined>(
    (best, r) => (!best || r.count > best.count ? r : best),
    undefined,
  );
}

/** Asks the running server what the catalogue holds and picks the scenarios' inputs. */
export async function discoverCatalogue(baseUrl: string): Promise<Catalogue> {
  const first = await listing(baseUrl, { limit: formatLimit(0) });
  const total = first.total;
  const offsets = [0, 0.25, 0.5, 0.75].map((f) => Math.floor((total * f) / PAGE_SIZE) * PAGE_SIZE);
  offsets.push(Math.max(0, total - PAGE_SIZE));
  const pages = await Promise.all(
    [...new Set(offsets)].map((o) => listing(baseUrl, { limit: formatLimit(o) })),
  );
  const products = pages.flatMap((p) => p.products);
  const productIds = [...new Set(products.map((p) => p.id))];
  const stockedSizes = products.flatMap((p) =>
    Object.entries(p.size)
      .filter(([, stock]) => stock > 0)
      .map(([size]) => ({ productId: p.id, size })),
  );

  const sampleProduct = products.find((p) => Object.values(p.size).some((stock) => stock > 0));
  const sample = sampleProduct && {
    product: sampleProduct,
    size: Object.entries(sampleProduct.size).find(([, stock]) => stock > 0)![0],
  };

  const category = largest(first.categories);
  if (!category) throw new Error('the catalogue has no categories');
  const inCategory = await listing(baseUrl, {
    limit: formatLimit(0),
    category: [category.category_name],
  });
  const team = largest(inCategory.teams);
  const withTeam = await listing(baseUrl, {
    limit: formatLimit(0),
    category: [category.category_name],
    ...(team ? { team: [team.team_name] } : {}),
  });
  const span = withTeam.max_price - withTeam.min_price;
  const filtered: ShopListingRequest = {
    limit: formatLimit(0),
    category: [category.category_name],
    ...(team ? { team: [team.team_name] } : {}),
    price_range_minimum: Math.floor(withTeam.min_price + span * 0.2),
    price_range_maximum: Math.ceil(withTeam.max_price - span * 0.2),
  };

  // Words many products share, as shoppers type them: the biggest team's name for one
  // word; the next biggest team's, misspelled, with a misspelled 'jersey' for two.
  const [bigTeam, nextTeam] = [...first.teams].sort((a, b) => b.count - a.count);
  const searchWord = longestWord(bigTeam?.team_name ?? category.category_name);
  const searchTypo = `${misspell(longestWord(nextTeam?.team_name ?? category.category_name))} jersy`;
  const [word, typo] = await Promise.all([
    searchCount(baseUrl, searchWord),
    searchCount(baseUrl, searchTypo),
  ]);
  return {
    total,
    productIds,
    stockedSizes,
    sample,
    filtered,
    searchWord,
    searchTypo,
    searchHits: { word, typo },
  };
}

const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST' as const,
  path,
  headers: { ...JSON_HEADERS, ...headers },
  body: JSON.stringify(body),
});

/** Cycles through the list, shared by every connection. */
function cycler<T>(items: readonly T[]): () => T {
  if (items.length === 0) throw new Error('nothing to cycle through');
  let i = 0;
  return () => items[i++ % items.length]!;
}

/** What a browser sends with a page request that matters to the server: the encodings it takes. */
const PAGE_HEADERS = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br, zstd' };

/** The product pages of `ids` in turn, as HTML (each one rendered for its view). */
function productPageRequest(ids: readonly number[]): autocannon.Request {
  const next = cycler(ids);
  return {
    method: 'GET',
    path: `/product/${ids[0]}`,
    headers: PAGE_HEADERS,
    setupRequest: (req) => ({ ...req, path: `/product/${next()}` }),
  };
}

function productRequest(ids: readonly number[]): autocannon.Request {
  const next = cycler(ids);
  return {
    ...postJson('/api/product.php', { product_id: ids[0] }),
    setupRequest: (req) => ({ ...req, body: JSON.stringify({ product_id: next() }) }),
  };
}

/** Lines added per cart before it is cleared, so no line ever reaches its size's stock. */
export const CART_CYCLE = 20;

/**
 * Each connection acts for its own shopper: CART_CYCLE adds of one item of different
 * in-stock sizes, then one clear. So 1 request in CART_CYCLE + 1 is a clear.
 */
function cartRequests(c: Catalogue, shoppers: readonly BenchUser[]): autocannon.Request[] {
  const nextShopper = cycler(shoppers);
  const pairs = c.stockedSizes;
  const shopperOf = (context: object): BenchUser => {
    const ctx = context as { shopper?: BenchUser };
    ctx.shopper ??= nextShopper();
    return ctx.shopper;
  };
  const adds: autocannon.Request[] = Array.from({ length: CART_CYCLE }, (_, k) => ({
    ...postJson('/api/cart_manage.php', {}),
    setupRequest: (req, context) => {
      const shopper = shopperOf(context);
      // Shoppers start at different pairs, so they do not all touch the same rows.
      const pair = pairs[(shopper.id * CART_CYCLE + k) % pairs.length]!;
      const body: CartManageRequest = {
        action: 'add',
        user_id: shopper.id,
        product_id: pair.productId,
        size: pair.size,
        quantity: 1,
      };
      return {
        ...req,
        headers: { ...req.headers, cookie: shopper.cookie },
        body: JSON.stringify(body),
      };
    },
  }));
  const clear: autocannon.Request = {
    ...postJson('/api/cart_manage.php', {}),
    setupRequest: (req, context) => {
      const shopper = shopperOf(context);
      const body: CartManageRequest = { action: 'clear', user_id: shopper.id };
      return {
        ...req,
        headers: { ...req.headers, cookie: shopper.cookie },
        body: JSON.stringify(body),
      };
    },
  };
  return [...adds, clear];
}

/** Every scenario for one catalogue size. */
/** Staff using the back office at once: the admin list's load, not the storefront's 50. */
export const ADMIN_CONNECTIONS = 5;
/** The order list is opened by more staff at once (packers on phones): 10 connections. */
export const ORDER_LIST_CONNECTIONS = 10;

/**
 * The order-list filters staff use on a big shop: a status within a date range, the orders
 * to pack, a state's paid orders this month. Dates are India days.
 */
export function orderListQueries(today: Date): string[] {
  const day = (daysAgo: number) =>
    new Date(today.getTime() + 5.5 * 3600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
  return [
    `status=Completed&from=${day(90)}&to=${day(60)}`,
    'status=to-pack',
    `status=Shipped&from=${day(7)}`,
    `payment=SUCCESS&state=Kerala&from=${day(30)}`,
    `status=Canceled&from=${day(365)}&to=${day(335)}`,
  ];
}

export function buildScenarios(
  c: Catalogue,
  shoppers: readonly BenchUser[],
  admin?: { cookie: string; filters: AdminListFilters; orderQueries?: string[] },
): Scenario[] {
  const firstPage: ShopListingRequest = { limit: formatLimit(0) };
  const secondPage: ShopListingRequest = { limit: formatLimit(PAGE_SIZE) };
  const home = { method: 'GET' as const, path: '/api/home.php' };
  const shopFirst = postJson('/api/shop.php', firstPage);
  const shopFiltered = postJson('/api/shop.php', c.filtered);
  // Each sort in turn (decision 063): a connection's next request asks for the next one.
  const sorted = (body: ShopListingRequest) =>
    SORTS.map((sort) => postJson('/api/shop.php', { ...body, sort }));
  const searchWord = postJson('/api/search_result.php', { search: c.searchWord });
  const searchTypo = postJson('/api/search_result.php', { search: c.searchTypo });
  const product = productRequest(c.productIds);
  const firstShopper = shoppers[0];
  const firstPair = c.stockedSizes[0];

  // Mixed browsing, per connection and in this order: 8 product pages, 3 first listing pages,
  // 2 filtered listings, 1 second page, 2 home pages, 2 + 2 searches.
  const mixed: autocannon.Request[] = [
    home,
    product,
    shopFirst,
    product,
    searchWord,
    product,
    shopFiltered,
    product,
    searchTypo,
    product,
    shopFirst,
    product,
    postJson('/api/shop.php', secondPage),
    product,
    searchWord,
    product,
    shopFiltered,
    home,
    searchTypo,
    shopFirst,
  ];

  const scenarios: Scenario[] = [
    {
      id: 'home',
      label: 'home.php',
      detail: 'GET /api/home.php',
      requests: [home],
      probes: [home],
    },
    {
      id: 'product',
      label: 'product.php',
      detail: `POST /api/product.php, ${c.productIds.length} product ids spread over the catalogue in turn`,
      requests: [product],
      probes: [postJson('/api/product.php', { product_id: c.productIds[0] })],
    },
    {
      id: 'shop-first',
      label: 'shop.php first page',
      detail: `POST /api/shop.php ${JSON.stringify(firstPage)}`,
      requests: [shopFirst],
      probes: [shopFirst],
    },
    {
      id: 'shop-filtered',
      label: 'shop.php category + team + price',
      detail: `POST /api/shop.php ${JSON.stringify(c.filtered)}`,
      requests: [shopFiltered],
      probes: [shopFiltered],
    },
    {
      id: 'shop-first-sorted',
      label: 'shop.php first page, each sort',
      detail: `POST /api/shop.php ${JSON.stringify(firstPage)} with sort ${SORTS.join(', ')} in turn`,
      requests: sorted(firstPage),
      probes: sorted(firstPage),
    },
    {
      id: 'shop-filtered-sorted',
      label: 'shop.php category + team + price, each sort',
      detail: `POST /api/shop.php ${JSON.stringify(c.filtered)} with sort ${SORTS.join(', ')} in turn`,
      requests: sorted(c.filtered),
      probes: sorted(c.filtered),
    },
    {
      id: 'search-word',
      label: `search_result.php '${c.searchWord}'`,
      detail: `POST /api/search_result.php {"search":"${c.searchWord}"} (${c.searchHits.word} products)`,
      requests: [searchWord],
      probes: [searchWord],
    },
    {
      id: 'search-typo',
      label: `search_result.php '${c.searchTypo}'`,
      detail: `POST /api/search_result.php {"search":"${c.searchTypo}"} (${c.searchHits.typo} products)`,
      requests: [searchTypo],
      probes: [searchTypo],
    },
    {
      id: 'page-home',
      label: 'home page (HTML)',
      detail:
        'GET / as a browser asks for it (text/html, gzip/br): the shared page, cached rendered',
      requests: [{ method: 'GET', path: '/', headers: PAGE_HEADERS }],
      probes: [{ method: 'GET', path: '/', headers: PAGE_HEADERS }],
    },
    {
      id: 'page-product',
      label: 'product page (HTML)',
      detail: `GET /product/:id as a browser asks for it, ${c.productIds.length} ids in turn: rendered on the server for every view`,
      requests: [productPageRequest(c.productIds)],
      probes: [{ method: 'GET', path: `/product/${c.productIds[0]}`, headers: PAGE_HEADERS }],
    },
  ];
  if (firstShopper && firstPair) {
    scenarios.push({
      id: 'cart-add',
      label: 'cart_manage.php add (logged in)',
      detail: `POST /api/cart_manage.php with the access cookie, one shopper per connection: ${CART_CYCLE} adds of 1 item then 1 clear`,
      requests: cartRequests(c, shoppers),
      probes: [
        postJson(
          '/api/cart_manage.php',
          { action: 'clear', user_id: firstShopper.id },
          { cookie: firstShopper.cookie },
        ),
      ],
    });
  }
  if (admin) {
    const requests = admin.filters.queries.map((q) => ({
      method: 'GET' as const,
      path: `/api/admin/products?${q}`,
      headers: { cookie: admin.cookie },
    }));
    scenarios.push({
      id: 'admin-products',
      label: 'admin product list (filters)',
      connections: ADMIN_CONNECTIONS,
      detail: `GET /api/admin/products as a signed-in owner on ${ADMIN_CONNECTIONS} connections (staff at once, not a crowd of shoppers), cycling: ${admin.filters.queries.join(' · ')} (category '${admin.filters.categoryName}'${admin.filters.teamName ? `, team '${admin.filters.teamName}'` : ''}; 50 rows a page)`,
      requests,
      probes: requests,
    });
    if (admin.orderQueries) {
      const orders = admin.orderQueries.map((q) => ({
        method: 'GET' as const,
        path: `/api/admin/orders?${q}`,
        headers: { cookie: admin.cookie },
      }));
      scenarios.push({
        id: 'admin-orders',
        label: 'admin order list (status + date)',
        connections: ORDER_LIST_CONNECTIONS,
        detail: `GET /api/admin/orders as a signed-in owner on ${ORDER_LIST_CONNECTIONS} connections among the database's orders, cycling: ${admin.orderQueries.join(' · ')} (50 rows a page)`,
        requests: orders,
        probes: orders,
      });
    }
  }
  scenarios.push({
    id: 'mixed',
    label: 'mixed browsing',
    detail:
      'per connection, cycling: 8 product.php, 3 shop.php first page, 2 filtered, 1 second page, 2 home.php, 4 search_result.php',
    requests: mixed,
    probes: [],
  });
  return scenarios;
}
