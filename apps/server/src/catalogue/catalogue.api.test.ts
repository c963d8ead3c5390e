import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshSearchIndex } from '../search/index.js';
import { createProduct } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
let messiId: number;
let soldOutId: number;

beforeAll(async () => {
  t = await startTestApp();
  messiId = await createProduct(t.db, {
    name: 'Lionel Messi Argentina Home Jersey 2024',
    category: 'National Teams',
    subCategory: 'South America',
    team: 'Argentina',
    player: 'Lionel Messi',
    tag: 'messi,argentina,home',
    pricePaise: 199_900,
    discountPricePaise: 149_900,
    isLimited: true,
  });
  soldOutId = await createProduct(t.db, {
    name: 'Kerala Blasters Home Jersey',
    category: 'Club Jerseys',
    subCategory: 'Indian Super League',
    team: 'Kerala Blasters',
    sizes: { S: 0, M: 0 },
    pricePaise: 99_900,
  });
  for (let i = 0; i < 60; i++) {
    await createProduct(t.db, {
      name: `Manchester United Away Jersey ${i}`,
      category: 'Club Jerseys',
      subCategory: 'Premier League',
      team: 'Manchester United',
      pricePaise: 100_000 + i * 1000,
      tag: 'manchester,away',
    });
  }
  await refreshSearchIndex(t.db);
});
afterAll(() => t?.close());

const post = (url: string, payload?: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object });

describe('home.php', () => {
  it('returns the four lists', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/home.php' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([
      'Limited',
      'Most Viewed',
      'New product',
      'promotion',
    ]);
    expect(body.Limited.map((p: { id: number }) => p.id)).toEqual([messiId]);
    expect(body['New product'].length).toBeGreaterThan(0);
  });
});

describe('product.php', () => {
  it('returns the product in rupees with its lists', async () => {
    const res = await post('/api/product.php', { product_id: messiId });
    expect(res.statusCode).toBe(200);
    const [detail] = res.json();
    expect(detail.product).toMatchObject({
      id: messiId,
      price: 1999,
      discount_price: 1499,
      size: { S: 5, M: 5, L: 5 },
      stock_quantity: 15,
      category_name: 'National Teams',
    });
    expect(detail.reviews).toEqual([]);
    expect(Array.isArray(detail.similar_by_price)).toBe(true);
  });

  it('never lists sold-out products as similar', async () => {
    const [detail] = (await post('/api/product.php', { product_id: messiId + 2 })).json();
    const all = [
      ...detail.similar_by_category,
      ...detail.similar_by_price,
      ...detail.similar_by_tag,
    ];
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((p: { stock_quantity: number }) => p.stock_quantity > 0)).toBe(true);
    expect(all.some((p: { id: number }) => p.id === soldOutId)).toBe(false);
    expect(detail.similar_by_category.length).toBeLessThanOrEqual(10);
  });

  it('responds 404 for an unknown id', async () => {
    const res = await post('/api/product.php', { product_id: 999999 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Product not found' });
  });
});

describe('shop.php', () => {
  it("lists categories without a body, with the first page of the spec's preload", async () => {
    const res = await post('/api/shop.php');
    expect(res.json()).not.toHaveProperty('error');
    expect(res.statusCode).toBe(200);
    const json = res.json();
    const names = json.categories.map((c: { category_name: string }) => c.category_name);
    expect(names.sort()).toEqual(['Club Jerseys', 'National Teams']);
    expect(json.categories[0]).toHaveProperty('product_count');
    // The spec's table reads categories, products, min_price and max_price from every form.
    const preload = (
      await post('/api/shop.php', {
        limit: '0-50',
        price_range_minimum: 0,
        price_range_maximum: 10000,
      })
    ).json();
    expect(json.products).toHaveLength(50);
    expect(json.products).toEqual(preload.products);
    expect(json.min_price).toBe(preload.min_price);
    expect(json.max_price).toBe(preload.max_price);
    expect(json.total).toBe(62);
  });

  it('pages by 50 with facet counts, tolerating spaces in limit', async () => {
    const first = (await post('/api/shop.php', { limit: '0 - 50' })).json();
    expect(first.products).toHaveLength(50);
    expect(first.total).toBe(62);
    const second = (await post('/api/shop.php', { limit: '50-100' })).json();
    expect(second.products).toHaveLength(12);
    const ids = new Set([...first.products, ...second.products].map((p: { id: number }) => p.id));
    expect(ids.size).toBe(62);
    // In-stock products come first; the sold-out one is last.
    expect(second.products.at(-1).id).toBe(soldOutId);
    expect(first.teams).toContainEqual({ team_name: 'Manchester United', count: 60 });
  });

  it('combines facets with AND between and OR within', async () => {
    const res = await post('/api/shop.php', {
      limit: '0-50',
      category: ['Club Jerseys = anything'],
      team: ['Manchester United', 'Kerala Blasters'],
      price_range_minimum: 1000,
      price_range_maximum: 1050,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.products.map((p: { discount_price: number }) => p.discount_price)).toEqual([
      1000, 1010, 1020, 1030, 1040, 1050,
    ]);
    expect(body.total).toBe(6);
    // Price bounds ignore the price range, so the slider can widen again.
    expect(body.min_price).toBe(999);
    expect(body.max_price).toBe(1590);
    // A facet's own selection does not narrow its own counts; the others and price do.
    expect(body.teams).toEqual([{ team_name: 'Manchester United', count: 6 }]);
    expect(body.categories).toEqual([{ category_name: 'Club Jerseys', count: 6 }]);
  });

  it("returns one category's products with its price bounds", async () => {
    const body = (await post('/api/shop.php', { category: ['National Teams'] })).json();
    expect(body.products.map((p: { id: number }) => p.id)).toEqual([messiId]);
    expect(body).toMatchObject({ min_price: 1499, max_price: 1499 });
  });
});

describe('search_result.php', () => {
  it('finds Messi jerseys through typos', async () => {
    const body = (await post('/api/search_result.php', { search: 'mesi jersy' })).json();
    expect(body.products[0].id).toBe(messiId);
  });

  it('returns an empty list for blank text', async () => {
    const body = (await post('/api/search_result.php', { search: '   ' })).json();
    expect(body).toEqual({ products: [] });
  });
});
