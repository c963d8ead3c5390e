// The storefront's HTML as a crawler, a link preview or a browser's first request sees it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import fastifyCookie from '@fastify/cookie';
import type { ProfilesResponse } from '@kitroom/contract';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { shopSettings, teams } from '../db/schema.js';
import { queryRows } from '../db/sql.js';
import { createTestDatabase } from '../test/database.js';
import { createSession, sessionHandle } from '../accounts/sessions.service.js';
import { addViewCounts } from '../catalogue/catalogue.queries.js';
import { ViewCounts } from '../catalogue/view-counts.js';
import { createProduct, createUser } from '../test/factories.js';
import { createGiveaway } from '../test/giveaways.js';
import { registerErrorHandling } from './errors.js';
import { callKey } from './page-routes.js';
import { registerStatic } from './static.js';
import { answerRoutingError, registerTextChecks } from './text-input.js';

const TEMPLATE = `<!doctype html>
<html lang="en-IN">
  <head>
    <title>Kitroom — Football jerseys in India</title>
    <meta
      name="description"
      content="default"
    />
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"><!--app-html--></div>
    <!--app-data-->
  </body>
</html>`;

/** The web build's route → files map (apps/web/build/route-chunks.ts), less the entry's. */
const ROUTE_CHUNKS = {
  product: ['assets/product-page-2.js', 'assets/gallery-3.js'],
  requireUser: ['assets/require-user-4.js', 'assets/session-6.js'],
  checkout: ['assets/checkout-page-5.js', 'assets/session-6.js'],
};

/**
 * A stand-in for the web app's server bundle: shows what it was asked (the URL and the keys
 * of the responses, counted per render) and fails for one address.
 */
const SERVER_BUNDLE = `let renders = 0;
export async function render({ url, data, origin }) {
  if (url === '/returnPolicy') throw new Error('the page threw');
  renders += 1;
  const keys = encodeURIComponent(Object.keys(data).join('|'));
  return {
    html: '<main data-url="' + encodeURIComponent(url) + '" data-origin="' + origin + '" data-keys="' + keys + '">render ' + renders + " $' $&</main>",
    head: url === '/' ? '<link rel="preload" as="image" href="/images/hero.webp" fetchPriority="high"/>' : '',
  };
}
`;

let app: FastifyInstance;
let database: Database;
let dir: string;
let jerseyId: number;
let trickyId: number;
/** The view counter the pages count with; the tests flush it by hand. */
let productViews: ViewCounts;
/** Every view count it wrote. */
const writtenViews: { id: number; views: number }[] = [];

/** The shop's contact details, which every page inlines for its footer. */
const DETAILS_KEY = callKey('shop_details.php', undefined);

/** What the server bundle rendered into #root, or '' for the bare shell. */
function appOf(html: string): string {
  return /<div id="root">(.*?)<\/div>/s.exec(html)?.[1] ?? '';
}

function dataOf(html: string): Record<string, unknown> {
  const match = /<script id="initial-data" type="application\/json">(.*?)<\/script>/s.exec(html);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : {};
}

function jsonLdOf(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no JSON-LD in the page');
  return JSON.parse(match[1]!) as Record<string, unknown>;
}

async function viewCount(id: number): Promise<number> {
  const [row] = await queryRows<{ view_count: number }>(
    database.db,
    sql`SELECT view_count FROM products WHERE id = ${id}`,
  );
  return Number(row?.view_count);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'kitroom-web-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, 'index.html'), TEMPLATE);
  writeFileSync(path.join(dir, '.vite', 'route-chunks.json'), JSON.stringify(ROUTE_CHUNKS));
  writeFileSync(path.join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'assets', 'index-abc.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(path.join(dir, 'assets', 'index-abc.js.gz'), gzipSync('console.log(1)'));
  writeFileSync(path.join(dir, 'assets', 'index-abc.css'), '.bg-ink{background:#0b1220}');
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dir, 'entry-server.js'), SERVER_BUNDLE);
  mkdirSync(path.join(dir, 'images', 'products'), { recursive: true });
  await sharp({ create: { width: 600, height: 600, channels: 3, background: '#0b1220' } })
    .webp()
    .toFile(path.join(dir, 'images', 'products', 'kit-front-0123456789.webp'));

  database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://shop.example.in',
  });
  app = Fastify({ frameworkErrors: answerRoutingError });
  await app.register(fastifyCookie);
  registerErrorHandling(app);
  registerTextChecks(app);
  productViews = new ViewCounts(
    async (counts) => {
      await addViewCounts(database.db, counts);
      writtenViews.push(...counts);
    },
    (err) => {
      throw err;
    },
  );
  await registerStatic(
    app,
    { config, database, productViews },
    dir,
    path.join(dir, 'entry-server.js'),
  );
  await app.ready();

  jerseyId = await createProduct(database.db, {
    name: 'Real Madrid Home Jersey 2025',
    category: 'Club Jerseys',
    team: 'Real Madrid',
    pricePaise: 199_900,
    discountPricePaise: 129_900,
    details: 'The white home shirt of Los Blancos, breathable knit with the club crest.',
  });
  trickyId = await createProduct(database.db, {
    name: 'Retro </script><b>"Bold"</b> & Co',
    category: 'Retro Jerseys',
    sizes: { M: 0 },
  });
});

afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('product pages', () => {
  it('carry the product in the title, Open Graph tags and Product structured data', async () => {
    const res = await app.inject({ method: 'GET', url: `/product/${jerseyId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<title>Real Madrid Home Jersey 2025 — ₹1,299 | Kitroom</title>');
    expect(html).toContain(
      '<meta name="description" content="The white home shirt of Los Blancos, breathable knit with the club crest." />',
    );
    expect(html).toContain('<meta property="og:type" content="product" />');
    expect(html).toContain(
      '<meta property="og:image" content="https://shop.example.in/images/products/test.webp" />',
    );
    expect(html).toContain(
      `<link rel="canonical" href="https://shop.example.in/product/${jerseyId}" />`,
    );
    expect(jsonLdOf(html)).toMatchObject({
      '@type': 'Product',
      name: 'Real Madrid Home Jersey 2025',
      sku: String(jerseyId),
      brand: { name: 'Real Madrid' },
      offers: {
        priceCurrency: 'INR',
        price: '1299.00',
        availability: 'https://schema.org/InStock',
      },
    });
  });

  it('inline the product.php response once, counting one view like the call would', async () => {
    await productViews.flush();
    const before = await viewCount(jerseyId);
    const res = await app.inject({ method: 'GET', url: `/product/${jerseyId}` });
    const data = dataOf(res.body);
    const response = data[callKey('product.php', { product_id: jerseyId })] as [
      { product: { id: number; discount_price: number } },
    ];
    expect(response[0].product).toMatchObject({ id: jerseyId, discount_price: 1299 });
    await app.inject({ method: 'GET', url: `/product/${jerseyId}` });
    // Counted in memory, not written per view: both views arrive with the next flush.
    expect(await viewCount(jerseyId)).toBe(before);
    await productViews.flush();
    expect(await viewCount(jerseyId)).toBe(before + 2);
  });

  it('respond to HEAD without counting a view', async () => {
    await productViews.flush();
    const before = await viewCount(jerseyId);
    const res = await app.inject({ method: 'HEAD', url: `/product/${jerseyId}` });
    expect(res.statusCode).toBe(200);
    await productViews.flush();
    expect(await viewCount(jerseyId)).toBe(before);
  });

  it("preload the page's own chunks, from the build's map of its routes", async () => {
    const res = await app.inject({ method: 'GET', url: `/product/${jerseyId}` });
    expect(res.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/product-page-2.js" />',
    );
    expect(res.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/gallery-3.js" />',
    );
    expect(res.body).not.toContain('href="/assets/shared-1.js"');
  });

  it('preload checkout’s guard and page, which the browser renders after hydrating', async () => {
    const res = await app.inject({ method: 'GET', url: '/checkOut' });
    const preloads = [...res.body.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(preloads.sort()).toEqual([
      '/assets/checkout-page-5.js',
      '/assets/require-user-4.js',
      '/assets/session-6.js',
    ]);
  });

  it('escape names that look like markup', async () => {
    const res = await app.inject({ method: 'GET', url: `/product/${trickyId}` });
    const html = res.body;
    expect(html).toContain(
      '<title>Retro &lt;/script&gt;&lt;b&gt;&quot;Bold&quot;&lt;/b&gt; &amp; Co',
    );
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    expect(jsonLdOf(html)).toMatchObject({
      name: 'Retro </script><b>"Bold"</b> & Co',
      offers: { availability: 'https://schema.org/OutOfStock' },
    });
  });

  it('respond to an unknown or inactive product with 404 and a page that is not indexed', async () => {
    const withdrawn = await createProduct(database.db, { name: 'Withdrawn Jersey' });
    await database.db.execute(
      sql`UPDATE products SET active = false, status = 'archived' WHERE id = ${withdrawn}`,
    );
    for (const id of [987654, withdrawn]) {
      const res = await app.inject({ method: 'GET', url: `/product/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      // Rendered without a response (but the footer's shop details), as the browser renders
      // it while product.php responds 404.
      expect(appOf(res.body)).toContain(`data-keys="${encodeURIComponent(DETAILS_KEY)}"`);
    }
    await productViews.flush();
    expect(writtenViews.map((v) => v.id)).not.toContain(987654);
    expect(writtenViews.map((v) => v.id)).not.toContain(withdrawn);
  });
});

describe('other pages', () => {
  it('serve home with the home.php response inlined', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    const home = dataOf(res.body)[callKey('home.php', undefined)] as { 'New product': unknown[] };
    expect(home['New product'].length).toBeGreaterThan(0);
  });

  it('serve team pages by slug, with the listing the page asks for', async () => {
    const res = await app.inject({ method: 'GET', url: '/productCategory/team/real-madrid' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Real Madrid jerseys | Kitroom</title>');
    const listing = dataOf(res.body)[
      callKey('shop.php', { limit: '0-50', team: ['Real Madrid'] })
    ] as { total: number };
    expect(listing.total).toBe(1);
  });

  it('inline the team profiles with a team page, following an edit at once', async () => {
    const profileOf = async () => {
      const res = await app.inject({ method: 'GET', url: '/productCategory/team/real-madrid' });
      const response = dataOf(res.body)[callKey('profiles.php', undefined)] as ProfilesResponse;
      return response.teams.find((x) => x.name === 'Real Madrid');
    };
    await database.db
      .update(teams)
      .set({ shortName: 'RMA', bio: 'Los Blancos.', featuredPosition: 1 })
      .where(eq(teams.name, 'Real Madrid'));
    expect(await profileOf()).toMatchObject({ short_name: 'RMA', bio: 'Los Blancos.' });
    await database.db
      .update(teams)
      .set({ bio: 'Fifteen European Cups.' })
      .where(eq(teams.name, 'Real Madrid'));
    expect(await profileOf()).toMatchObject({ bio: 'Fifteen European Cups.' });
    const home = await app.inject({ method: 'GET', url: '/' });
    expect(dataOf(home.body)[callKey('profiles.php', undefined)]).toMatchObject({
      teams: [{ name: 'Real Madrid', featured_position: 1 }],
    });
  });

  it('inline the shop’s details from the settings on every page, following a change', async () => {
    const phoneOn = async (url: string) =>
      (dataOf((await app.inject({ method: 'GET', url })).body)[DETAILS_KEY] as { phone: string })
        .phone;
    expect(await phoneOn('/contactUs')).toBe('+91 495 272 1100');
    await database.db.update(shopSettings).set({ phone: '+91 98470 12345', city: 'Kochi' });
    for (const url of ['/contactUs', '/', '/returnPolicy', '/allProducts']) {
      expect(await phoneOn(url), url).toBe('+91 98470 12345');
    }
    const contact = await app.inject({ method: 'GET', url: '/contactUs' });
    expect(contact.body).toContain('the address of our store in Kochi, Kerala.');
  });

  it('serve a giveaway’s page with its title, and 404 for an unknown slug', async () => {
    const giveaway = await createGiveaway(database.db, { title: 'Signed derby jersey' });
    const res = await app.inject({ method: 'GET', url: `/giveaway/${giveaway.slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Signed derby jersey | Kitroom</title>');
    expect(res.body).toContain('One entry per shopper.');
    const missing = await app.inject({ method: 'GET', url: '/giveaway/no-such-giveaway' });
    expect(missing.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/giveaway' })).statusCode).toBe(200);
  });

  it('serve category pages from the URL alone', async () => {
    const res = await app.inject({ method: 'GET', url: '/productCategory/Club%20Jerseys' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Club Jerseys | Kitroom</title>');
    expect(dataOf(res.body)[callKey('shop.php', { category: ['Club Jerseys'] })]).toBeDefined();
    const unknown = await app.inject({ method: 'GET', url: '/productCategory/Nope' });
    expect(unknown.statusCode).toBe(404);
  });

  it('serve the static pages and the routes of the coming issues', async () => {
    for (const url of ['/allProducts', '/contactUs', '/terms&conditions', '/login', '/checkOut']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
    const policy = await app.inject({ method: 'GET', url: '/shippingPolicy' });
    expect(policy.body).toContain('<title>Shipping Policy | Kitroom</title>');
  });

  it('respond to a path with a null character or a broken escape with a 400 page', async () => {
    for (const url of [
      '/productCategory/Club%00',
      '/productCategory/Club%ED%A0%80',
      '/product/%',
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body, url).toContain('This address cannot be opened');
    }
  });

  it('serve unknown pages as the 404 page, with a 404 status', async () => {
    const res = await app.inject({ method: 'GET', url: '/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<title>Page not found | Kitroom</title>');
  });
});

describe('pages behind the access guard', () => {
  it('inline the check_session.php response for the request’s own session, private', async () => {
    const user = await createUser(database.db);
    const { sessionId } = await createSession(database.db, user.id);
    const handle = sessionHandle(sessionId);
    const res = await app.inject({
      method: 'GET',
      url: '/checkOut',
      cookies: { access: sessionId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(dataOf(res.body)[callKey('check_session.php', { session_id: handle })]).toEqual({
      user_id: user.id,
      session_id: handle,
    });
    // The guard's own page is rendered without it: the same markup for everyone.
    expect(appOf(res.body)).toContain(`data-keys="${encodeURIComponent(DETAILS_KEY)}"`);
  });

  it('inline no session for a visitor or an ended session', async () => {
    const visitors: Record<string, string>[] = [{}, { access: 'no-such-session' }];
    for (const cookies of visitors) {
      const res = await app.inject({ method: 'GET', url: '/myAccount/orders', cookies });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(Object.keys(dataOf(res.body))).toEqual([DETAILS_KEY]);
    }
  });
});

describe('server rendering', () => {
  it('puts the page rendered with the inlined responses into #root, and its preloads in the head', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const rendered = appOf(res.body);
    expect(rendered).toContain('data-url="%2F"');
    expect(rendered).toContain('data-origin="https://shop.example.in"');
    expect(decodeURIComponent(/data-keys="([^"]*)"/.exec(rendered)![1]!)).toBe(
      Object.keys(dataOf(res.body)).join('|'),
    );
    // Replacement patterns in the markup are kept as they are.
    expect(rendered).toContain(" $' $&</main>");
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="preload" as="image" href="/images/hero.webp" fetchPriority="high"/>',
    );
  });

  it('renders the URL with its query, as the browser sees it', async () => {
    const res = await app.inject({ method: 'GET', url: '/allProducts?team=Real%20Madrid' });
    expect(appOf(res.body)).toContain(
      `data-url="${encodeURIComponent('/allProducts?team=Real%20Madrid')}"`,
    );
  });

  it('renders a page again when its response changes, and caches it while it does not', async () => {
    const url = '/productCategory/Retro%20Jerseys';
    const renderOf = async () =>
      /render (\d+)/.exec(appOf((await app.inject({ method: 'GET', url })).body))?.[1];
    const first = await renderOf();
    expect(await renderOf()).toBe(first);
    await createProduct(database.db, { name: 'Retro Brazil 1970', category: 'Retro Jerseys' });
    const after = await renderOf();
    expect(after).not.toBe(first);
    expect(await renderOf()).toBe(after);
  });

  it("caches a page under its path and the query parameters it reads, not a link's others", async () => {
    const renderOf = async (url: string) => {
      const html = (await app.inject({ method: 'GET', url })).body;
      return {
        render: /render (\d+)/.exec(appOf(html))?.[1],
        url: decodeURIComponent(/data-url="([^"]*)"/.exec(appOf(html))?.[1] ?? ''),
        data: Object.keys(dataOf(html)),
      };
    };
    const plain = await renderOf('/allProducts');
    expect(plain.url).toBe('/allProducts');
    // Campaign and click ids: the same cached page, made for the plain address.
    for (const url of [
      '/allProducts?utm_source=whatsapp&utm_campaign=monsoon',
      '/allProducts?fbclid=IwAR0abc',
    ]) {
      expect(await renderOf(url)).toEqual(plain);
    }
    // A parameter the page reads is another page, and has its own entry.
    const team = await renderOf('/allProducts?team=Real%20Madrid');
    expect(team.render).not.toBe(plain.render);
    expect(team.url).toBe('/allProducts?team=Real%20Madrid');
    expect(await renderOf('/allProducts?utm_source=x&team=Real%20Madrid')).toEqual(team);
    // The same on a page that reads no parameter at all.
    const category = await renderOf('/productCategory/Club%20Jerseys');
    expect(await renderOf('/productCategory/Club%20Jerseys?utm_source=x')).toEqual(category);
  });

  it('renders a product page for its path alone, whatever the link carried', async () => {
    const res = await app.inject({ method: 'GET', url: `/product/${jerseyId}?utm_source=x` });
    expect(appOf(res.body)).toContain(`data-url="${encodeURIComponent(`/product/${jerseyId}`)}"`);
  });

  it('sends a cached page compressed as the browser accepts, the same page each time', async () => {
    const plain = await app.inject({ method: 'GET', url: '/contactUs?cached=1' });
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await app.inject({
        method: 'GET',
        url: '/contactUs?cached=1',
        headers: { 'accept-encoding': `${encoding}, deflate` },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(decode(res.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('makes a product page for every view: its similar products are shuffled each time', async () => {
    const renderOf = async () =>
      Number(
        /render (\d+)/.exec(
          appOf((await app.inject({ method: 'GET', url: `/product/${jerseyId}` })).body),
        )?.[1],
      );
    const first = await renderOf();
    expect(await renderOf()).toBe(first + 1);
  });

  it('sends the bare shell when the render fails', async () => {
    const res = await app.inject({ method: 'GET', url: '/returnPolicy' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Return Policy | Kitroom</title>');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('does not render for HEAD', async () => {
    const renderOf = async (method: 'GET' | 'HEAD', url: string) => {
      const res = await app.inject({ method, url });
      expect(res.statusCode).toBe(200);
      return Number(/render (\d+)/.exec(appOf(res.body))?.[1]);
    };
    // Three pages never made before (`start` is a parameter the page reads).
    const before = await renderOf('GET', '/allProducts?start=1000');
    await renderOf('HEAD', '/allProducts?start=2000');
    expect(await renderOf('GET', '/allProducts?start=3000')).toBe(before + 1);
  });
});

describe('files and the API', () => {
  it('keep JSON 404s for unknown API calls and missing files', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/nope.php' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'No such call: GET /api/nope.php' });
    const post = await app.inject({ method: 'POST', url: '/api/nope.php', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toHaveProperty('error');
    const file = await app.inject({ method: 'GET', url: '/missing.png' });
    expect(file.statusCode).toBe(404);
    expect(file.headers['content-type']).toContain('application/json');
  });

  it('inline the stylesheet into every page, so the first paint waits for no other request', async () => {
    const res = await app.inject({ method: 'GET', url: '/contactUs' });
    expect(res.body).toContain('<style>.bg-ink{background:#0b1220}</style>');
    expect(res.body).not.toContain('rel="stylesheet"');
  });

  it('serve built files, with hashed assets cached for good', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toContain('must-revalidate');
    const raw = await app.inject({ method: 'GET', url: '/index.html' });
    expect(raw.body).not.toContain('<!--app-head-->');
  });

  it('send the build’s compressed copies of a file as the browser accepts them', async () => {
    const br = await app.inject({
      method: 'GET',
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['vary']).toContain('accept-encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const gz = await app.inject({
      method: 'GET',
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');
    const plain = await app.inject({
      method: 'GET',
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('serve narrower copies of product pictures, made once and cached for good', async () => {
    const url = '/images/w360/products/kit-front-0123456789.webp';
    const first = await app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['cache-control']).toContain('immutable');
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 360 });
    const variant = path.join(
      dir,
      'image-variants',
      'w360',
      'products',
      'kit-front-0123456789.webp',
    );
    expect(existsSync(variant)).toBe(true);
    const again = await app.inject({ method: 'GET', url });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

    for (const missing of [
      '/images/w360/products/none.webp',
      '/images/w300/products/kit-front-0123456789.webp',
      '/images/w360/products/..%2F..%2Fentry-server.js',
    ]) {
      const res = await app.inject({ method: 'GET', url: missing });
      expect(res.statusCode, missing).toBe(404);
      expect(res.headers['content-type'], missing).toContain('application/json');
    }
  });

  it('serve robots.txt and a sitemap of the catalogue', async () => {
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Sitemap: https://shop.example.in/sitemap.xml');
    expect(robots.body).toContain('Disallow: /api/');
    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain(`<loc>https://shop.example.in/product/${jerseyId}</loc>`);
    expect(sitemap.body).toContain(
      '<loc>https://shop.example.in/productCategory/team/real-madrid</loc>',
    );
    expect(sitemap.body).toContain(
      '<loc>https://shop.example.in/productCategory/Club%20Jerseys</loc>',
    );
    expect(sitemap.body).toContain('<loc>https://shop.example.in/terms&amp;conditions</loc>');
  });
});
