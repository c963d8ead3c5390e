// The whole responses kept per version (catalogue.responses.ts) are the bytes the contract's
// serializer writes, and follow every change they show: stock an order took, prices,
// pictures, ratings and reviews, the home lists' flags, view counts — also when another server
// process (its own database handle, so its own cache) makes the change or serves the response.
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import {
  ShopOverviewResponse,
  CategoryProductsResponse,
  HomeResponse,
  ProductResponse,
  SearchResponse,
  ShopListingResponse,
} from '@kitroom/contract';
import { and, eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildApp, type App } from '../app.js';
import type { Db } from '../db/index.js';
import {
  catalogueSizeChanges,
  drizzleOnPool,
  products,
  productSizes,
  queryRows,
} from '../db/index.js';
import { search, refreshSearchIndex } from '../search/index.js';
import { orderBody, shopper } from '../test/checkout.js';
import { createProduct } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createPaidOrder } from '../test/order-factories.js';
import * as catalogue from './catalogue.service.js';

let t: TestApp;
let star: number;
let rival: number;

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  star = await createProduct(t.db, {
    name: 'Kerala Blasters Home Jersey 2025',
    category: 'Club Jerseys',
    team: 'Kerala Blasters',
    tag: 'kerala,blasters,home',
    sizes: { S: 3, M: 10, L: 0 },
    pricePaise: 149_900,
    discountPricePaise: 129_900,
    isLimited: true,
    viewCount: 500,
  });
  rival = await createProduct(t.db, {
    name: 'Kerala Blasters Away Jersey 2025',
    category: 'Club Jerseys',
    team: 'Kerala Blasters',
    tag: 'kerala,blasters,away',
    viewCount: 400,
  });
  for (let i = 0; i < 14; i++) {
    await createProduct(t.db, {
      name: `Bengaluru FC Jersey ${i}`,
      category: 'Club Jerseys',
      team: 'Bengaluru FC',
      viewCount: 100 + i,
    });
  }
  await refreshSearchIndex(t.db);
});
afterAll(() => t?.close());

type Summary = z.infer<typeof ShopListingResponse>['products'][number];

/** One cached call: how to make it, and where the star product is in its response. */
interface Call {
  name: string;
  send: (app: App) => Promise<{ statusCode: number; body: string; json(): unknown }>;
  star: (body: unknown) => Summary | undefined;
}

const find = (list: readonly Summary[]) => list.find((p) => p.id === star);
const post = (app: App, url: string, payload?: object) =>
  app.inject({ method: 'POST', url, ...(payload ? { payload } : {}) });

const calls: Call[] = [
  {
    name: 'home.php',
    send: (app) => app.inject({ method: 'GET', url: '/api/home.php' }),
    star: (body) => find(HomeResponse.parse(body).Limited),
  },
  {
    name: 'shop.php listing',
    send: (app) => post(app, '/api/shop.php', { limit: '0-50', team: ['Kerala Blasters'] }),
    star: (body) => find(ShopListingResponse.parse(body).products),
  },
  {
    name: 'shop.php category',
    send: (app) => post(app, '/api/shop.php', { category: ['Club Jerseys'] }),
    star: (body) => find(CategoryProductsResponse.parse(body).products),
  },
  {
    name: 'search_result.php',
    send: (app) => post(app, '/api/search_result.php', { search: 'blasters' }),
    star: (body) => find(SearchResponse.parse(body).products),
  },
  {
    name: 'product.php',
    send: (app) => post(app, '/api/product.php', { product_id: star }),
    star: (body) => ProductResponse.parse(body)[0].product,
  },
];

async function starEverywhere(app: App = t.app): Promise<Record<string, Summary | undefined>> {
  const seen: Record<string, Summary | undefined> = {};
  for (const call of calls) {
    const res = await call.send(app);
    expect(res.statusCode, call.name).toBe(200);
    seen[call.name] = call.star(res.json());
  }
  return seen;
}

const everywhere = (summary: Partial<Summary>) =>
  Object.fromEntries(calls.map((c) => [c.name, expect.objectContaining(summary)]));

/** Another server process: its own database handle, so its own catalogue cache. */
async function secondProcess(): Promise<App> {
  const client = (t.db as unknown as { $client: unknown }).$client;
  const db =
    t.database.kind === 'postgres'
      ? drizzleOnPool(client as pg.Pool)
      : drizzlePglite(client as PGlite);
  const app = await buildApp({
    config: t.config,
    database: { ...t.database, db: db as unknown as Db },
    orderSweep: false,
  });
  await app.ready();
  return app;
}

async function viewCount(id: number): Promise<number> {
  const [row] = await queryRows<{ view_count: number }>(
    t.db,
    sql`SELECT view_count FROM products WHERE id = ${id}`,
  );
  return Number(row?.view_count);
}

describe('kept responses', () => {
  it('are the bytes the contract serializer writes for what the services return', async () => {
    const bytes = <S extends z.ZodType>(s: S, value: z.output<S>) =>
      JSON.stringify(z.encode(s, value));
    const home = await t.app.inject({ method: 'GET', url: '/api/home.php' });
    expect(home.body).toBe(bytes(HomeResponse, await catalogue.home(t.db)));
    expect(home.headers['content-type']).toBe('application/json; charset=utf-8');
    for (const limit of ['0-50', '1-3']) {
      const res = await post(t.app, '/api/shop.php', { limit, team: ['Kerala Blasters'] });
      expect(res.body).toBe(
        bytes(
          ShopListingResponse,
          await catalogue.listing(t.db, { limit, team: ['Kerala Blasters'] }),
        ),
      );
    }
    for (const sort of [undefined, 'price-desc', 'rating'] as const) {
      const res = await post(t.app, '/api/shop.php', { limit: '0-50', sort });
      expect(res.body).toBe(
        bytes(ShopListingResponse, await catalogue.listing(t.db, { limit: '0-50', sort })),
      );
      const category = await post(t.app, '/api/shop.php', { category: ['Club Jerseys'], sort });
      expect(category.body).toBe(
        bytes(
          CategoryProductsResponse,
          await catalogue.categoryProducts(t.db, 'Club Jerseys', sort),
        ),
      );
      const list = await post(t.app, '/api/shop.php', sort && { sort });
      expect(list.body).toBe(bytes(ShopOverviewResponse, await catalogue.shopOverview(t.db, sort)));
      const found = await post(t.app, '/api/search_result.php', {
        search: 'kerala blasters',
        sort,
      });
      expect(found.body).toBe(
        bytes(SearchResponse, { products: await search(t.db, 'kerala blasters', sort) }),
      );
    }
    const blank = await post(t.app, '/api/search_result.php', { search: '  ' });
    expect(blank.body).toBe('{"products":[]}');
    const page = await post(t.app, '/api/product.php', { product_id: star });
    expect(page.headers['content-type']).toBe('application/json; charset=utf-8');
    const parsed = ProductResponse.parse(page.json());
    expect(page.body).toBe(bytes(ProductResponse, parsed));
    expect(parsed[0].product).toEqual(await catalogue.productPreview(t.db, star));
  });

  it('are sent compressed as @fastify/compress would, from kept gzip and brotli forms', async () => {
    const plain = await post(t.app, '/api/shop.php', { limit: '0-50' });
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/shop.php',
        payload: { limit: '0-50' },
        headers: { 'accept-encoding': accept },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toBe('accept-encoding');
      expect(res.headers['x-request-id']).toBeDefined();
      const decoded =
        encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
      expect(decoded.toString()).toBe(plain.body);
    }
    // Weighted choices are left to the plugin, which honours them.
    const weighted = await t.app.inject({
      method: 'POST',
      url: '/api/shop.php',
      payload: { limit: '0-50' },
      headers: { 'accept-encoding': 'br;q=0.1, gzip;q=0.9' },
    });
    expect(weighted.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(weighted.rawPayload).toString()).toBe(plain.body);
  });

  it('show the stock an order took, in every response', async () => {
    expect(await starEverywhere()).toEqual(
      everywhere({ stock_quantity: 13, size: { S: 3, M: 10, L: 0 } }),
    );
    const s = await shopper(t);
    const res = await s.post(
      '/api/process_order.php',
      orderBody(s.id, [{ product_id: star, size: 'M', quantity: 2 }], 2658),
    );
    expect(res.statusCode).toBe(200);
    expect(await starEverywhere()).toEqual(
      everywhere({ stock_quantity: 11, size: { S: 3, M: 8, L: 0 } }),
    );
  });

  it('show sizes added and removed', async () => {
    const before = (await starEverywhere())['shop.php listing']!.size;
    await t.db.insert(productSizes).values({ productId: star, size: 'XL', stock: 4, position: 9 });
    expect(await starEverywhere()).toEqual(everywhere({ size: { ...before, XL: 4 } }));
    await t.db
      .delete(productSizes)
      .where(and(eq(productSizes.productId, star), eq(productSizes.size, 'XL')));
    expect(await starEverywhere()).toEqual(everywhere({ size: before }));
    // What the triggers held for the commit is gone with it.
    expect(await t.db.select().from(catalogueSizeChanges)).toEqual([]);
  });

  it('show a new price and picture, also when another process serves them', async () => {
    const other = await secondProcess();
    try {
      await starEverywhere();
      await starEverywhere(other);
      await t.db
        .update(products)
        .set({ pricePaise: 159_900, imageUrl: 'images/products/blasters-2025.webp' })
        .where(eq(products.id, star));
      const changed = { price: 1599, image_url: 'images/products/blasters-2025.webp' };
      expect(await starEverywhere()).toEqual(everywhere(changed));
      expect(await starEverywhere(other)).toEqual(everywhere(changed));
    } finally {
      await other.close();
    }
  });

  it('show a new review and rating', async () => {
    await starEverywhere();
    const s = await shopper(t);
    const order = await createPaidOrder(t.db, {
      userId: s.id,
      items: [{ productId: star, size: 'S', quantity: 1 }],
    });
    const res = await s.post('/api/add_reviews.php', {
      user_id: s.id,
      product_id: star,
      order_id: order.id,
      rating: 4,
      subject: 'Very Good Product',
      comment: 'Colours as shown.',
    });
    expect(res.statusCode).toBe(200);
    expect(await starEverywhere()).toEqual(everywhere({ product_rating: 4 }));
    const page = ProductResponse.parse(
      (await post(t.app, '/api/product.php', { product_id: star })).json(),
    );
    expect(page[0].reviews.map((r) => r.comment)).toEqual(['Colours as shown.']);
  });

  it('follow the Limited list and the newest products', async () => {
    const limited = async () =>
      HomeResponse.parse((await t.app.inject({ method: 'GET', url: '/api/home.php' })).json());
    expect((await limited()).Limited.map((p) => p.id)).toEqual([star]);
    await t.db.update(products).set({ isLimited: true }).where(eq(products.id, rival));
    expect((await limited()).Limited.map((p) => p.id)).toEqual([rival, star]);
    await t.db
      .update(products)
      .set({ createdAt: new Date(Date.now() + 60_000) })
      .where(eq(products.id, star));
    const home = await limited();
    expect(home.Limited.map((p) => p.id)).toEqual([star, rival]);
    expect(home['New product'][0]!.id).toBe(star);
  });
});

describe('Most Viewed', () => {
  const mostViewed = async (app: App) =>
    HomeResponse.parse((await app.inject({ method: 'GET', url: '/api/home.php' })).json())[
      'Most Viewed'
    ].map((p) => p.id);

  it('follows view counts another process wrote', async () => {
    const before = await mostViewed(t.app);
    expect(before.slice(0, 2)).toEqual([star, rival]);
    expect(before).toHaveLength(12);
    const other = await secondProcess();
    const low = await createProduct(t.db, { name: 'Chennaiyin FC Jersey', viewCount: 0 });
    for (let i = 0; i < 3; i++) {
      expect((await post(other, '/api/product.php', { product_id: low })).statusCode).toBe(200);
    }
    // Written in a batch when the process closes (or within a second while it runs).
    await other.close();
    expect(await viewCount(low)).toBe(3);
    // A product still far down the list: the cached home stays right without it.
    expect(await mostViewed(t.app)).toEqual(
      (await catalogue.home(t.db))['Most Viewed'].map((p) => p.id),
    );
    await t.db.update(products).set({ viewCount: 450 }).where(eq(products.id, low));
    expect((await mostViewed(t.app)).slice(0, 3)).toEqual([star, low, rival]);
    // Dropping out of the twelve counts as much as coming in.
    await t.db.update(products).set({ viewCount: 0 }).where(eq(products.id, rival));
    const after = await mostViewed(t.app);
    expect(after).not.toContain(rival);
    expect(after).toEqual((await catalogue.home(t.db))['Most Viewed'].map((p) => p.id));
  });
});

describe('product.php similar lists', () => {
  const similarByCategory = async () =>
    ProductResponse.parse((await post(t.app, '/api/product.php', { product_id: star })).json())[0]
      .similar_by_category;

  it('are ten in-stock products of the category, drawn again for every view', async () => {
    const candidates = (await catalogue.categoryProducts(t.db, 'Club Jerseys')).products
      .filter((p) => p.id !== star && p.stock_quantity > 0)
      .map((p) => p.id);
    expect(candidates.length).toBeGreaterThan(10);
    const draws: string[] = [];
    for (let i = 0; i < 8; i++) {
      const list = await similarByCategory();
      const ids = list.map((p) => p.id);
      expect(ids).toHaveLength(10);
      expect(new Set(ids).size).toBe(10);
      expect(candidates).toEqual(expect.arrayContaining(ids));
      draws.push(ids.join(','));
    }
    expect(new Set(draws).size).toBeGreaterThan(1);
  });

  it('leave out a product once it sells out', async () => {
    const [first] = await similarByCategory();
    await t.db.update(productSizes).set({ stock: 0 }).where(eq(productSizes.productId, first!.id));
    for (let i = 0; i < 8; i++) {
      expect((await similarByCategory()).map((p) => p.id)).not.toContain(first!.id);
    }
  });
});

describe('product.php views', () => {
  it('are counted in memory and written within a second', async () => {
    const id = await createProduct(t.db, { name: 'Mohun Bagan Home Jersey' });
    for (let i = 0; i < 4; i++) {
      expect((await post(t.app, '/api/product.php', { product_id: id })).statusCode).toBe(200);
    }
    await vi.waitFor(async () => expect(await viewCount(id)).toBe(4), {
      timeout: 5000,
      interval: 100,
    });
  });

  it('are not counted for a product that does not exist', async () => {
    const res = await post(t.app, '/api/product.php', { product_id: 999_999 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Product not found' });
  });
});
