// The listing and search caches stay correct when the catalogue changes behind the server's
// back: every write below goes straight to the database, as another server process, the seed
// or an import would make it.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productSizes, teams } from '../db/index.js';
import { refreshSearchIndex } from '../search/index.js';
import { createProduct } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { catalogueVersion } from './catalogue.service.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  for (let i = 0; i < 3; i++) {
    await createProduct(t.db, {
      name: `Chelsea Home Jersey ${i}`,
      category: 'Club Jerseys',
      team: 'Chelsea',
      pricePaise: 150_000 + i * 10_000,
    });
  }
  await createProduct(t.db, {
    name: 'Brazil Away Jersey',
    category: 'National Teams',
    team: 'Brazil',
    pricePaise: 120_000,
  });
  await refreshSearchIndex(t.db);
});
afterAll(() => t?.close());

interface Listing {
  total: number;
  min_price: number;
  max_price: number;
  teams: { team_name: string; count: number }[];
  categories: { category_name: string; count: number }[];
  products: { id: number; name: string }[];
}

async function listing(body: object = {}): Promise<Listing> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/shop.php',
    payload: { limit: '0-50', ...body },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function searchNames(text: string): Promise<string[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/search_result.php',
    payload: { search: text },
  });
  expect(res.statusCode).toBe(200);
  return res.json().products.map((p: { name: string }) => p.name);
}

const teamCount = (l: Listing, team: string) => l.teams.find((x) => x.team_name === team)?.count;

describe('catalogue version', () => {
  it('goes up once for a transaction that changes the catalogue', async () => {
    const before = await catalogueVersion(t.db);
    await t.db.transaction(async (tx) => {
      await tx
        .update(products)
        .set({ tag: 'blue' })
        .where(sql`true`);
      await tx
        .update(products)
        .set({ tag: 'blue,home' })
        .where(sql`true`);
    });
    expect(await catalogueVersion(t.db)).toBe(before + 1);
  });

  it('stays put for view counts and for stock that keeps a product in stock', async () => {
    const [p] = await t.db.select({ id: products.id }).from(products).limit(1);
    const before = await catalogueVersion(t.db);
    await t.db
      .update(products)
      .set({ viewCount: sql`${products.viewCount} + 1` })
      .where(eq(products.id, p!.id));
    await t.db
      .update(productSizes)
      .set({ stock: 4 })
      .where(sql`${productSizes.productId} = ${p!.id} AND ${productSizes.size} = 'S'`);
    expect(await catalogueVersion(t.db)).toBe(before);
  });

  it('goes up when a product sells out or comes back', async () => {
    const id = await createProduct(t.db, { name: 'Stock Flip Jersey', sizes: { M: 1 } });
    const before = await catalogueVersion(t.db);
    const size = sql`${productSizes.productId} = ${id} AND ${productSizes.size} = 'M'`;
    await t.db.update(productSizes).set({ stock: 0 }).where(size);
    expect(await catalogueVersion(t.db)).toBe(before + 1);
    await t.db.update(productSizes).set({ stock: 3 }).where(size);
    expect(await catalogueVersion(t.db)).toBe(before + 2);
  });
});

describe('shop.php facets after catalogue changes', () => {
  it('counts a product another process added', async () => {
    const first = await listing();
    await createProduct(t.db, {
      name: 'Chelsea Third Jersey',
      category: 'Club Jerseys',
      team: 'Chelsea',
    });
    const second = await listing();
    expect(second.total).toBe(first.total + 1);
    expect(teamCount(second, 'Chelsea')).toBe(teamCount(first, 'Chelsea')! + 1);
  });

  it('follows a renamed team, in counts and in filters', async () => {
    const before = await listing({ team: ['Brazil'] });
    expect(before.products.map((p) => p.name)).toEqual(['Brazil Away Jersey']);
    await t.db.update(teams).set({ name: 'Brasil' }).where(eq(teams.name, 'Brazil'));
    const after = await listing();
    expect(teamCount(after, 'Brasil')).toBe(1);
    expect(teamCount(after, 'Brazil')).toBeUndefined();
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/shop.php',
      payload: { limit: '0-50', team: ['Brazil'] },
    });
    expect(old.statusCode).toBe(400);
    expect((await listing({ team: ['Brasil'] })).total).toBe(1);
  });

  it('drops a deactivated product and follows a price change', async () => {
    const id = await createProduct(t.db, {
      name: 'Pricey Jersey',
      category: 'Club Jerseys',
      pricePaise: 900_000,
    });
    const before = await listing({ category: ['Club Jerseys'] });
    expect(before.max_price).toBe(9000);
    await t.db.update(products).set({ discountPricePaise: 800_000 }).where(eq(products.id, id));
    expect((await listing({ category: ['Club Jerseys'] })).max_price).toBe(8000);
    await t.db
      .update(products)
      .set({ active: false, status: 'archived' })
      .where(eq(products.id, id));
    const after = await listing({ category: ['Club Jerseys'] });
    expect(after.total).toBe(before.total - 1);
    expect(after.max_price).toBeLessThan(8000);
  });

  it('lists categories with counts that follow new products', async () => {
    const count = async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/shop.php' });
      const body: { categories: { category_name: string; product_count: number }[] } = res.json();
      return body.categories.find((c) => c.category_name === 'National Teams')?.product_count;
    };
    const before = await count();
    await createProduct(t.db, { name: 'Portugal Home Jersey', category: 'National Teams' });
    expect(await count()).toBe(before! + 1);
  });
});

describe('search_result.php after catalogue changes', () => {
  it('finds a product added after the same search was served', async () => {
    expect(await searchNames('arsenal')).toEqual([]);
    await createProduct(t.db, { name: 'Arsenal Home Jersey', team: 'Arsenal' });
    await refreshSearchIndex(t.db);
    expect(await searchNames('arsenal')).toEqual(['Arsenal Home Jersey']);
  });

  it('drops a product that no longer matches', async () => {
    expect(await searchNames('chelsea')).toContain('Chelsea Home Jersey 1');
    await t.db
      .update(products)
      .set({ name: 'Plain Training Top', tag: '' })
      .where(eq(products.name, 'Chelsea Home Jersey 1'));
    const names = await searchNames('chelsea');
    expect(names.length).toBeGreaterThan(0);
    expect(names).not.toContain('Plain Training Top');
  });

  it('shows current stock with a cached ranking', async () => {
    const res = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/search_result.php',
          payload: { search: 'arsenal' },
        })
      ).json().products[0] as { id: number; size: Record<string, number> };
    const first = await res();
    await t.db
      .update(productSizes)
      .set({ stock: 2 })
      .where(sql`${productSizes.productId} = ${first.id} AND ${productSizes.size} = 'S'`);
    expect((await res()).size.S).toBe(2);
  });
});
