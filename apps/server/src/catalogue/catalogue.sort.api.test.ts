// Sorting listings and search (decision 063): each sort's order, sold-out jerseys last, ties
// broken by id across pages, sorts with filters, a bad sort refused, and the kept responses
// of each sort following what their order reads (rating, the sales window).
import { SORTS, type ListingSort, type ProductSummary } from '@kitroom/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indianDayOf } from '../indian-days.js';
import { rollUpSales } from '../reports/index.js';
import { refreshSearchIndex } from '../search/index.js';
import { createProduct, createUser } from '../test/factories.js';
import { createOrder } from '../test/order-factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
/** The five jerseys of 'Sort Category' (team 'Sort FC'), by letter. */
const p: Record<'A' | 'B' | 'C' | 'D' | 'E', number> = { A: 0, B: 0, C: 0, D: 0, E: 0 };
/** The 55 jerseys of team 'Tie FC': one price, one date, no sales. */
let tied: number[] = [];
let shopper: number;

/** Pieces of a product sold in an order paid `daysAgo` days ago (0: today), or not paid. */
async function sell(
  productId: number,
  quantity: number,
  o: { daysAgo?: number; paid?: boolean; canceled?: boolean } = {},
) {
  const order = await createOrder(t.db, {
    userId: shopper,
    items: [{ productId, size: 'S', quantity }],
    paymentStatus: o.paid === false ? 'UNPAID' : 'SUCCESS',
  });
  if (o.paid !== false) {
    await t.db.execute(
      sql`UPDATE orders SET paid_at = now() - make_interval(days => ${o.daysAgo ?? 1}),
            order_status = ${o.canceled ? 'Canceled' : 'Processing'}
          WHERE id = ${order.id}`,
    );
  }
}

async function setProduct(
  id: number,
  o: { daysOld: number; rating: string; reviews: number },
): Promise<void> {
  await t.db.execute(
    sql`UPDATE products SET created_at = now() - make_interval(days => ${o.daysOld}),
          product_rating = ${o.rating}, review_count = ${o.reviews}
        WHERE id = ${id}`,
  );
}

beforeAll(async () => {
  t = await startTestApp();
  shopper = (await createUser(t.db)).id;
  const jersey = (letter: string, pricePaise: number, discountPricePaise: number) =>
    createProduct(t.db, {
      name: `Sortfc Jersey ${letter}`,
      category: 'Sort Category',
      team: 'Sort FC',
      pricePaise,
      discountPricePaise,
      sizes: { S: 100, M: 100 },
    });
  // A is dear but sold cheap: price sorts use the price the shopper pays.
  p.A = await jersey('A', 200_000, 100_000);
  p.B = await jersey('B', 150_000, 150_000);
  p.C = await jersey('C', 120_000, 120_000);
  p.D = await jersey('D', 300_000, 250_000);
  p.E = await createProduct(t.db, {
    name: 'Sortfc Jersey E',
    category: 'Sort Category',
    team: 'Sort FC',
    pricePaise: 50_000,
    sizes: { S: 0 },
  });
  await setProduct(p.A, { daysOld: 5, rating: '4.0', reviews: 2 });
  await setProduct(p.B, { daysOld: 1, rating: '4.5', reviews: 1 });
  // Rated by the seed, never reviewed: it counts as unrated.
  await setProduct(p.C, { daysOld: 3, rating: '5.0', reviews: 0 });
  await setProduct(p.D, { daysOld: 2, rating: '4.0', reviews: 5 });
  // Sold out, yet the newest, cheapest, best rated and best selling: last in every sort.
  await setProduct(p.E, { daysOld: 0, rating: '5.0', reviews: 10 });
  await sell(p.A, 2);
  await sell(p.B, 5);
  await sell(p.D, 1);
  await sell(p.D, 10, { daysAgo: 0 }); // today: not an ended day yet
  await sell(p.D, 20, { canceled: true });
  await sell(p.D, 30, { paid: false });
  await sell(p.E, 50);
  for (let i = 0; i < 55; i++) {
    tied.push(
      await createProduct(t.db, { name: `Tie Jersey ${i}`, team: 'Tie FC', pricePaise: 99_900 }),
    );
  }
  tied = tied.sort((a, b) => a - b);
  await t.db.execute(
    sql`UPDATE products SET created_at = '2026-01-01T00:00:00Z'
        WHERE team_id = (SELECT id FROM teams WHERE name = 'Tie FC')`,
  );
  await refreshSearchIndex(t.db);
});
afterAll(() => t?.close());

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

async function listing(body: object): Promise<{ products: ProductSummary[]; total: number }> {
  const res = await post('/api/shop.php', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const idsOf = (products: readonly { id: number }[]) => products.map((x) => x.id);
const sortFc = (sort?: ListingSort) => ({
  limit: '0-50',
  team: ['Sort FC'],
  ...(sort && { sort }),
});

describe('shop.php sorted', () => {
  it('keeps the shop’s own order without a sort: in stock first, then by id', async () => {
    expect(idsOf((await listing(sortFc())).products)).toEqual([p.A, p.B, p.C, p.D, p.E]);
  });

  it.each<[ListingSort, (keyof typeof p)[]]>([
    ['newest', ['B', 'D', 'C', 'A', 'E']],
    ['price-asc', ['A', 'C', 'B', 'D', 'E']],
    ['price-desc', ['D', 'B', 'C', 'A', 'E']],
    // Pieces sold in paid orders of ended days: B 5, A 2, D 1 (today's 10, a canceled 20
    // and an unpaid 30 do not count), C none.
    ['popular', ['B', 'A', 'D', 'C', 'E']],
    // Average rating, more reviews first on a tie; C's rating has no review: last.
    ['rating', ['B', 'D', 'A', 'C', 'E']],
  ])('sorts by %s, sold-out jerseys last', async (sort, letters) => {
    expect(idsOf((await listing(sortFc(sort))).products)).toEqual(letters.map((l) => p[l]));
  });

  it.each(SORTS)(
    'pages of 50 sorted by %s never repeat or skip a product: ties go by id',
    async (sort) => {
      const page = async (limit: string) =>
        idsOf((await listing({ limit, team: ['Tie FC'], sort })).products);
      const [first, second] = [await page('0-50'), await page('50-100')];
      expect(first).toHaveLength(50);
      expect(second).toHaveLength(5);
      // Newest breaks its ties newest id first; every other sort oldest id first.
      expect([...first, ...second]).toEqual(sort === 'newest' ? [...tied].reverse() : tied);
    },
  );

  it('sorts within the filters, whose counts, bounds and total stay the same', async () => {
    const filters = {
      limit: '0-50',
      category: ['Sort Category'],
      price_range_minimum: 1000,
      price_range_maximum: 2000,
    };
    const plain = await listing(filters);
    const sorted = await listing({ ...filters, sort: 'price-desc' });
    expect(idsOf(sorted.products)).toEqual([p.B, p.C, p.A]);
    const { products: _plain, ...plainRest } = plain;
    const { products: _sorted, ...sortedRest } = sorted;
    expect(sortedRest).toEqual(plainRest);
    expect(sorted.total).toBe(3);
  });

  it('sorts one category’s page and the overview', async () => {
    const category = await post('/api/shop.php', {
      category: ['Sort Category'],
      sort: 'price-desc',
    });
    expect(category.statusCode).toBe(200);
    expect(idsOf(category.json().products)).toEqual([p.D, p.B, p.C, p.A, p.E]);

    const overview = await post('/api/shop.php', { sort: 'price-asc' });
    expect(overview.statusCode).toBe(200);
    const prices = (overview.json().products as ProductSummary[])
      .filter((x) => x.stock_quantity > 0)
      .map((x) => x.discount_price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(overview.json().categories.length).toBeGreaterThan(0);
  });

  it.each([
    { limit: '0-50', sort: 'cheapest' },
    { limit: '0-50', sort: 'PRICE-ASC' },
    { limit: '0-50', sort: 3 },
    { category: ['Sort Category'], sort: '' },
    { sort: 'newest; DROP TABLE products' },
  ])('refuses a sort it does not have with 400 naming them: %j', async (body) => {
    const res = await post('/api/shop.php', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error:
        'Invalid request: sort: sort must be one of newest, price-asc, price-desc, popular, rating',
    });
  });
});

describe('search_result.php sorted', () => {
  const search = async (body: object) => {
    const res = await post('/api/search_result.php', body);
    expect(res.statusCode, res.body).toBe(200);
    return idsOf(res.json().products as ProductSummary[]);
  };

  it('sorts what matches the words, sold-out jerseys last', async () => {
    expect(await search({ search: 'sortfc', sort: 'price-asc' })).toEqual([
      p.A,
      p.C,
      p.B,
      p.D,
      p.E,
    ]);
    expect(await search({ search: 'sortfc jersy', sort: 'popular' })).toEqual([
      p.B,
      p.A,
      p.D,
      p.C,
      p.E,
    ]);
    // Best match is the same set.
    expect((await search({ search: 'sortfc' })).sort()).toEqual(Object.values(p).sort());
  });

  it('refuses a sort it does not have with 400', async () => {
    const res = await post('/api/search_result.php', { search: 'sortfc', sort: 'best' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^Invalid request: sort: sort must be one of newest/);
  });
});

describe('kept responses by sort', () => {
  it('keeps one response per sort, the shop’s own order under the key it always had', async () => {
    const body = { limit: '0-50', team: ['Sort FC'] };
    const plain = await post('/api/shop.php', body);
    const bySort = new Map<string, string>();
    for (const sort of SORTS) {
      bySort.set(sort, (await post('/api/shop.php', { ...body, sort })).body);
    }
    expect(new Set([plain.body, ...bySort.values()]).size).toBe(SORTS.length + 1);
    // Asked again, each is the kept response.
    expect((await post('/api/shop.php', body)).body).toBe(plain.body);
    for (const sort of SORTS) {
      expect((await post('/api/shop.php', { ...body, sort })).body).toBe(bySort.get(sort));
    }
  });

  it('follows a rating change of a product its page does not show', async () => {
    const top = async () =>
      idsOf((await listing({ limit: '0-1', team: ['Sort FC'], sort: 'rating' })).products);
    expect(await top()).toEqual([p.B]);
    // C (rated 5.0) gets its first shown review, as reviews.queries.ts records it.
    await t.db.execute(sql`UPDATE products SET review_count = 1 WHERE id = ${p.C}`);
    expect(await top()).toEqual([p.C]);
    await t.db.execute(sql`UPDATE products SET review_count = 0 WHERE id = ${p.C}`);
    expect(await top()).toEqual([p.B]);
  });

  it('follows the sales window when it is rolled up again', async () => {
    const top = async () =>
      idsOf((await listing({ limit: '0-1', team: ['Sort FC'], sort: 'popular' })).products);
    expect(await top()).toEqual([p.B]);
    await sell(p.C, 9);
    // Yesterday's sales are rolled up at most once a day (or at the dashboard's next look):
    // until then the kept order stands.
    expect(await top()).toEqual([p.B]);
    await rollUpSales(t.db, indianDayOf(new Date()));
    expect(await top()).toEqual([p.C]);
  });
});
