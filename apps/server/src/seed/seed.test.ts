import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { ProfilesResponse } from '@kitroom/contract';
import { hsnRateWarning } from '@kitroom/contract/admin';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provideDemoImages } from '../test/demo-images.js';
import { createUser } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { orderItems, orders, queryRows } from '../db/index.js';
import { buildDemoCatalogue } from './demo-catalogue.js';
import { ImagePool } from './product-images.js';
import { seedDemo, seedIfEmpty, type SeedSummary } from './seed.js';

const CLUBS = [
  'Real Madrid',
  'FC Barcelona',
  'Manchester United',
  'Liverpool',
  'Manchester City',
  'Bayern Munich',
  'Paris Saint-Germain',
  'Kerala Blasters',
];
const PLAYERS = [
  'Lionel Messi',
  'Cristiano Ronaldo',
  'Neymar Jr',
  'Kylian Mbappe',
  'Erling Haaland',
  'Mohamed Salah',
  'Vinicius Jr',
  'Sunil Chhetri',
];

let t: TestApp;
let summary: SeedSummary;
const quiet = () => undefined;

beforeAll(async () => {
  t = await startTestApp();
  await provideDemoImages(t.config.dataDir);
  summary = await seedDemo(t.db, { dataDir: t.config.dataDir, log: quiet });
}, 180_000);
afterAll(() => t?.close());

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.db, query);
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

interface Row {
  id: number;
  name: string;
  image_url: string;
  image1: string | null;
  image2: string | null;
}

const isWebp = (bytes: Buffer) =>
  bytes.subarray(0, 4).toString('ascii') === 'RIFF' &&
  bytes.subarray(8, 12).toString('ascii') === 'WEBP';

describe('the demo catalogue', () => {
  it('holds at least 300 products, all of them well formed', async () => {
    expect(summary.products).toBeGreaterThanOrEqual(300);
    const [stats] = await rows<Record<string, string | number>>(sql`
      SELECT count(*) AS products,
             min(price_paise) AS min_price, max(price_paise) AS max_price,
             count(*) FILTER (WHERE discount_price_paise < price_paise) AS discounted,
             count(*) FILTER (WHERE sold_out) AS sold_out,
             min(length(product_details)) AS min_details, max(length(product_details)) AS max_details,
             min(product_rating) AS min_rating, max(product_rating) AS max_rating,
             count(*) FILTER (WHERE is_limited) AS limited,
             count(*) FILTER (WHERE is_promoted) AS promoted,
             count(DISTINCT view_count) AS view_counts,
             count(DISTINCT created_at) AS created
      FROM products`);
    const s = Object.fromEntries(Object.entries(stats!).map(([k, v]) => [k, Number(v)]));
    expect(s.products).toBe(summary.products);
    expect(s.min_price).toBeGreaterThanOrEqual(49_900);
    expect(s.max_price).toBeLessThanOrEqual(499_900);
    // About a third discounted; a few sold out.
    expect(s.discounted).toBeGreaterThan(s.products! * 0.25);
    expect(s.discounted).toBeLessThan(s.products! * 0.45);
    expect(s.sold_out).toBeGreaterThanOrEqual(1);
    expect(s.sold_out).toBeLessThan(s.products! * 0.1);
    expect(s.min_details).toBeGreaterThanOrEqual(150);
    expect(s.max_details).toBeLessThanOrEqual(400);
    expect(s.min_rating).toBeGreaterThanOrEqual(3);
    expect(s.max_rating).toBeLessThanOrEqual(5);
    expect(s.limited).toBeGreaterThan(0);
    expect(s.promoted).toBeGreaterThan(0);
    expect(s.view_counts).toBeGreaterThan(s.products! / 2);
    expect(s.created).toBeGreaterThan(s.products! / 2);
  });

  it('gives tracksuits and kids’ kits their own HSN codes, every one with a GST rate', async () => {
    const byCode = await rows<{ sub_category: string; hsn_code: string; n: string | number }>(sql`
      SELECT coalesce(s.name, '') AS sub_category, p.hsn_code, count(*) AS n
      FROM products p LEFT JOIN sub_categories s ON s.id = p.sub_category_id
      WHERE s.name IN ('Tracksuits', 'Kids Club', 'Kids National', 'Training Tops')
      GROUP BY 1, 2 ORDER BY 1, 2`);
    // Knitted track suits 6112; a kids' shirt-and-shorts kit, an ensemble cut for boys and
    // girls alike, 6104; training tops are knitted jerseys, 6109 (decision 055).
    expect(byCode.map((r) => [r.sub_category, r.hsn_code])).toEqual([
      ['Kids Club', '6104'],
      ['Kids National', '6104'],
      ['Tracksuits', '6112'],
      ['Training Tops', '6109'],
    ]);
    const codes = await rows<{ hsn_code: string }>(
      sql`SELECT DISTINCT hsn_code FROM products ORDER BY hsn_code`,
    );
    expect(codes.map((c) => c.hsn_code)).toEqual(['6104', '6109', '6112']);
    for (const { hsn_code } of codes) expect(hsnRateWarning(hsn_code)).toBeNull();
  });

  it('gives each product sizes S to XXL and counts the ones in stock', async () => {
    const wrong = await rows(sql`
      SELECT p.id FROM products p JOIN product_sizes s ON s.product_id = p.id
      GROUP BY p.id HAVING p.sizes_in_stock <> count(*) FILTER (WHERE s.stock > 0)
         OR array_agg(s.size ORDER BY s.position) <> ARRAY['S', 'M', 'L', 'XL', 'XXL']`);
    expect(wrong).toEqual([]);
    const [zeroSizes] = await rows<{ n: string | number }>(
      sql`SELECT count(*) AS n FROM product_sizes s JOIN products p ON p.id = s.product_id
          WHERE s.stock = 0 AND NOT p.sold_out`,
    );
    expect(Number(zeroSizes!.n)).toBeGreaterThan(0);
  });

  it('has the eight clubs of the team pages, each with products', async () => {
    const found = await rows<{ name: string; slug: string; products: string | number }>(sql`
      SELECT t.name, t.slug, count(p.id) AS products FROM teams t
      LEFT JOIN products p ON p.team_id = t.id GROUP BY t.id`);
    for (const club of CLUBS) {
      const team = found.find((f) => f.name === club);
      expect(team, club).toBeDefined();
      expect(Number(team!.products), club).toBeGreaterThan(5);
    }
    expect(found.find((f) => f.name === 'Paris Saint-Germain')?.slug).toBe('paris-saint-germain');
    for (const nation of [
      'Argentina',
      'Portugal',
      'Brazil',
      'France',
      'Norway',
      'Egypt',
      'India',
    ]) {
      expect(Number(found.find((f) => f.name === nation)?.products), nation).toBeGreaterThan(2);
    }
  });

  it('has the eight players of the player pages, each linked to a team and with products', async () => {
    const found = await rows<{ name: string; team: string | null; products: string | number }>(sql`
      SELECT pl.name, t.name AS team,
             (SELECT count(*) FROM products p WHERE p.player_id = pl.id AND p.team_id IS NOT NULL)
               AS products
      FROM players pl LEFT JOIN teams t ON t.id = pl.team_id`);
    for (const name of PLAYERS) {
      const player = found.find((f) => f.name === name);
      expect(player?.team, name).toBeTruthy();
      expect(Number(player!.products), name).toBeGreaterThanOrEqual(2);
    }
  });

  it('gives the eight clubs and eight players their profiles, featured in that order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/profiles.php' });
    const profiles = ProfilesResponse.parse(res.json());
    expect(profiles.teams.map((x) => [x.name, x.featured_position])).toEqual(
      CLUBS.map((name, i) => [name, i + 1]),
    );
    expect(profiles.players.map((x) => [x.name, x.featured_position])).toEqual(
      PLAYERS.map((name, i) => [name, i + 1]),
    );
    expect(profiles.teams[0]).toEqual({
      name: 'Real Madrid',
      short_name: 'RMA',
      founded: '1902',
      stadium: 'Santiago Bernabéu, Madrid',
      bio: 'The most decorated club in European football, Real Madrid play in all white and have turned the European Cup into a habit.',
      trophies: '15 European Cups',
      league_titles: '36 La Liga titles',
      colors: ['#ffffff', '#1e3a8a'],
      featured_position: 1,
    });
    expect(profiles.players[0]).toMatchObject({
      name: 'Lionel Messi',
      team_name: 'Inter Miami',
      shirt_number: '10',
      career_goals: '850+',
    });
  });

  it('has the categories and sub-categories in shop order', async () => {
    const body = (await post('/api/shop.php', {})).json();
    expect(body.categories.map((c: { category_name: string }) => c.category_name)).toEqual([
      'Club Jerseys',
      'National Teams',
      'Retro Jerseys',
      'Kids',
      'Training Wear',
      'Player Edition',
    ]);
    const listing = (await post('/api/shop.php', { limit: '0-50' })).json();
    const subs = listing.sub_categories.map(
      (s: { sub_category_name: string }) => s.sub_category_name,
    );
    for (const sub of [
      'Premier League',
      'Indian Super League',
      'Africa',
      '1980s & 1990s',
      'Kids Club',
      'Tracksuits',
    ]) {
      expect(subs).toContain(sub);
    }
  });

  it('gives every category a size chart in centimetres, the player fit one size small', async () => {
    const charts = await rows<{ category: string; chart: string | null }>(
      sql`SELECT c.name AS category, s.name AS chart
            FROM categories c LEFT JOIN size_charts s ON s.id = c.size_chart_id
           ORDER BY c.position`,
    );
    expect(charts.filter((c) => c.chart === null)).toEqual([]);
    const [player] = await rows<{ id: number }>(
      sql`SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id
           WHERE c.name = 'Player Edition' LIMIT 1`,
    );
    const json = (await post('/api/size_chart.php', { product_id: player!.id })).json();
    expect(json.size_chart.name).toBe('Player fit');
    expect(json.size_chart.fit_note).toContain('runs one size small');
    expect(json.size_chart.rows.map((r: { size: string }) => r.size)).toEqual([
      'S',
      'M',
      'L',
      'XL',
      'XXL',
    ]);
  });

  it('points every product at WebP pictures that exist and are served for good', async () => {
    const products = await rows<Row>(sql`SELECT id, name, image_url, image1, image2 FROM products`);
    const paths = new Set(products.flatMap((p) => [p.image_url, p.image1, p.image2]));
    expect(paths.has(null)).toBe(false);
    expect(paths.size).toBe(summary.images.total);
    for (const p of paths) {
      expect(p).toMatch(/^images\/products\/[a-z0-9-]+-(front|back|detail)-[0-9a-f]{10}\.webp$/);
      const bytes = await readFile(path.join(t.config.dataDir, p!));
      expect(isWebp(bytes), p!).toBe(true);
    }
    const [first] = products;
    const res = await t.app.inject({ method: 'GET', url: `/${first!.image_url}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toContain('immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 600, 600]);
  });

  it('fills the four home lists, each differently', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/home.php' });
    const body = res.json();
    const lists = ['Limited', 'New product', 'Most Viewed', 'promotion'].map((key) =>
      (body[key] as { id: number }[]).map((p) => p.id).join(','),
    );
    for (const list of lists) expect(list).not.toBe('');
    expect(new Set(lists).size).toBe(4);
  });

  it('shows a discounted product and a sold-out one on their pages', async () => {
    const [discounted] = await rows<{ id: number }>(
      sql`SELECT id FROM products WHERE discount_price_paise < price_paise ORDER BY id LIMIT 1`,
    );
    const [product] = (await post('/api/product.php', { product_id: discounted!.id })).json();
    expect(product.product.discount_price).toBeLessThan(product.product.price);
    const [soldOut] = await rows<{ id: number }>(
      sql`SELECT id FROM products WHERE name = 'Retro Argentina 1986 Home Jersey'`,
    );
    const [detail] = (await post('/api/product.php', { product_id: soldOut!.id })).json();
    expect(detail.product.stock_quantity).toBe(0);
    expect(detail.product.size).toEqual({ S: 0, M: 0, L: 0, XL: 0, XXL: 0 });
  });

  it('finds a Messi jersey first for "mesi jersy"', async () => {
    const body = (await post('/api/search_result.php', { search: 'mesi jersy' })).json();
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products[0].name).toContain('Messi');
    expect(body.products[0].player_name).toBe('Lionel Messi');
  });
});

describe('building the demo catalogue', () => {
  it('gives the same catalogue and pictures every time', () => {
    const first = new ImagePool();
    const second = new ImagePool();
    expect(buildDemoCatalogue(first)).toEqual(buildDemoCatalogue(second));
    expect(first.files().map((f) => f.path)).toEqual(second.files().map((f) => f.path));
  });

  it('adds load-test variants up to the number asked, reusing the same pictures', () => {
    const pool = new ImagePool();
    const demo = buildDemoCatalogue(new ImagePool());
    const large = buildDemoCatalogue(pool, 5_000);
    expect(large).toHaveLength(5_000);
    expect(large.slice(0, demo.length)).toEqual(demo);
    expect(new Set(large.map((p) => p.name)).size).toBe(5_000);
    expect(pool.files()).toHaveLength(summary.images.total);
  });
});

describe('seedIfEmpty', () => {
  it('leaves a seeded catalogue alone but makes missing pictures again', async () => {
    const [before] = await rows<{ n: string | number; max: number }>(
      sql`SELECT count(*) AS n, max(id) AS max FROM products`,
    );
    const [victim] = await rows<Row>(sql`SELECT * FROM products ORDER BY id LIMIT 1`);
    const files = [victim!.image_url, victim!.image1!, victim!.image2!].map((p) =>
      path.join(t.config.dataDir, p),
    );
    for (const file of files) await rm(file);
    const result = await seedIfEmpty(t.db, { dataDir: t.config.dataDir, log: quiet });
    expect(result.seeded).toBe(false);
    expect(result.summary.images.created).toBe(3);
    for (const file of files) expect(isWebp(await readFile(file))).toBe(true);
    const [after] = await rows<{ n: string | number; max: number }>(
      sql`SELECT count(*) AS n, max(id) AS max FROM products`,
    );
    expect(after).toEqual(before);
  });

  it('moves products off pictures of an older drawing', async () => {
    const [victim] = await rows<Row>(sql`SELECT * FROM products ORDER BY id LIMIT 1`);
    const stale = victim!.image_url.replace(/-[0-9a-f]{10}\.webp$/, '-0123456789.webp');
    await t.db.execute(sql`UPDATE products SET image_url = ${stale} WHERE id = ${victim!.id}`);
    const logged: string[] = [];
    await seedIfEmpty(t.db, { dataDir: t.config.dataDir, log: (line) => logged.push(line) });
    const [after] = await rows<Row>(sql`SELECT * FROM products WHERE id = ${victim!.id}`);
    expect(after!.image_url).toBe(victim!.image_url);
    expect(logged).toContain('seed: 1 product pictures moved to their current drawing');
  });
});

describe('seedDemo again', () => {
  it('builds the same catalogue with the same ids', async () => {
    const before = await rows<Row>(
      sql`SELECT id, name, image_url, image1, image2 FROM products ORDER BY id`,
    );
    await seedDemo(t.db, { dataDir: t.config.dataDir, log: quiet });
    const after = await rows<Row>(
      sql`SELECT id, name, image_url, image1, image2 FROM products ORDER BY id`,
    );
    expect(after).toEqual(before);
  });

  it('keeps the demo coupons and their restriction to Club Jerseys', async () => {
    const links = await rows<{ code: string; category: string }>(
      sql`SELECT c.code, cat.name AS category FROM coupons c
          JOIN coupon_categories cc ON cc.coupon_id = c.id
          JOIN categories cat ON cat.id = cc.category_id ORDER BY c.code`,
    );
    expect(links).toEqual([{ code: 'KERALA20', category: 'Club Jerseys' }]);
    const codes = await rows<{ code: string }>(sql`SELECT code FROM coupons ORDER BY code`);
    expect(codes.map((c) => c.code)).toEqual(['FLAT150', 'KERALA20', 'MONSOON25', 'WELCOME10']);
    const affiliates = await rows<{ code: string }>(
      sql`SELECT code FROM affiliates WHERE active ORDER BY code`,
    );
    expect(affiliates.map((a) => a.code)).toEqual(['KOCHI10', 'MALABAR']);
  });

  it('refuses once orders refer to products, changing nothing', async () => {
    const user = await createUser(t.db);
    const [product] = await rows<Row>(sql`SELECT * FROM products ORDER BY id LIMIT 1`);
    const [order] = await t.db
      .insert(orders)
      .values({
        userId: user.id,
        shippingAddress: {},
        state: 'Kerala',
        mobileNumber: '9876543210',
        subtotalPaise: 100_000,
        shippingPaise: 6_000,
        totalPaise: 106_000,
      })
      .returning({ id: orders.id });
    await t.db.insert(orderItems).values({
      orderId: order!.id,
      productId: product!.id,
      productName: product!.name,
      productImageUrl: product!.image_url,
      size: 'M',
      quantity: 1,
      unitPricePaise: 100_000,
    });
    await expect(seedDemo(t.db, { dataDir: t.config.dataDir, log: quiet })).rejects.toThrow(
      'The catalogue cannot be cleared: orders refer to its products. Use an empty database.',
    );
    const [count] = await rows<{ n: string | number }>(sql`SELECT count(*) AS n FROM products`);
    expect(Number(count!.n)).toBe(summary.products);
  });
});
