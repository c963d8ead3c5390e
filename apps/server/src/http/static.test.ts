// The storefront's HTML as a crawler, a link preview or a browser's first request sees it:
// the server's half of serving a page (decision 040). The web app's server bundle is stood in
// for by a small one that loads pages as the real one does (its calls sent through the
// server's own API, in-process) and says each page's head, routes and cache policy; what the
// real bundle says about each page is tested beside it (apps/web/src/app/page-heads.test.ts).
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopSettings, queryRows } from '../db/index.js';
import { createSession, sessionHandle } from '../accounts/index.js';
import { addViewCounts } from '../catalogue/catalogue.queries.js';
import { ViewCounts } from '../catalogue/index.js';
import { createProduct, createUser } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';

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
 * A stand-in for the web app's server bundle (entry-server.tsx's `load`): every page asks
 * shop_details.php for its footer; a product page asks product.php (404: 'Product not found';
 * made per view), home home.php, a category shop.php, checkout the visitor's session check
 * when it has a session; /allProducts reads `team` and `start`. The markup shows what it was
 * rendered from; rendering /returnPolicy fails, loading /broken… fails.
 */
const SERVER_BUNDLE = `let renders = 0;
export async function load({ url, send, origin, session }) {
  const [path, query = ''] = url.split('?');
  if (path.startsWith('/broken')) throw new Error('the page could not be loaded');
  const responses = {};
  let visitor = false;
  const call = async (method, call, body, options = {}) => {
    if (options.visitor) visitor = true;
    const text = body === undefined ? undefined : JSON.stringify(body);
    const res = await send({ method, path: call, ...(text === undefined ? {} : { body: text }), ...(options.visitor ? { visitor: true } : {}) });
    if (res.status === 200) responses[call + ' ' + (text ?? 'null')] = JSON.parse(res.body);
    return res;
  };
  await call('GET', 'shop_details.php');
  const routes = ['root'];
  let head = { status: 200 };
  let cache = 'shared';
  let pageUrl = path;
  const product = /^\\/product\\/(\\d+)$/.exec(path);
  if (product) {
    routes.push('product');
    const res = await call('POST', 'product.php', { product_id: Number(product[1]) });
    if (res.status === 200) {
      const p = JSON.parse(res.body)[0].product;
      head = { status: 200, title: p.name, type: 'product', jsonLd: { '@type': 'Product', name: p.name } };
      cache = 'perView';
    } else {
      head = { status: 404, title: 'Product not found' };
    }
  } else if (path === '/') {
    routes.push('home');
    await call('GET', 'home.php');
  } else if (path.startsWith('/productCategory/')) {
    routes.push('category');
    const res = await call('POST', 'shop.php', { category: [decodeURIComponent(path.slice(17))] });
    head = res.status === 200 ? { status: 200, title: 'Category' } : { status: 404, title: 'Page not found' };
  } else if (path === '/checkOut') {
    routes.push('requireUser', 'checkout');
    if (session) await call('POST', 'check_session.php', { session_id: session }, { visitor: true });
    head = { status: 200, title: 'Checkout', noindex: true };
  } else if (path === '/allProducts') {
    routes.push('allProducts');
    const kept = query.split('&').filter((p) => /^(team|start)=/.test(p)).join('&');
    if (kept) pageUrl = path + '?' + kept;
    head = { status: 200, title: 'All Products' };
  } else if (['/contactUs', '/returnPolicy'].includes(path)) {
    routes.push(path.slice(1));
    head = { status: 200, title: path === '/contactUs' ? 'Contact Us' : 'Return Policy' };
  } else {
    routes.push('notFound');
    head = { status: 404, title: 'Page not found' };
  }
  return {
    url: pageUrl,
    head,
    routes,
    cache: visitor ? 'private' : cache,
    responses,
    async render() {
      if (path === '/returnPolicy') throw new Error('the page threw');
      renders += 1;
      const keys = encodeURIComponent(Object.keys(responses).join('|'));
      return {
        html: '<main data-url="' + encodeURIComponent(pageUrl) + '" data-origin="' + origin + '" data-keys="' + keys + '">render ' + renders + " $' $&</main>",
        head: pageUrl === '/' ? '<link rel="preload" as="image" href="/images/hero.webp" fetchPriority="high"/>' : '',
      };
    },
  };
}
`;

let shop: TestApp;
let dir: string;
let jerseyId: number;
let trickyId: number;
/** The view counter the pages count with; the tests flush it by hand. */
let productViews: ViewCounts;
/** Every view count it wrote. */
const writtenViews: { id: number; views: number }[] = [];

/** The shop's contact details, which every page's footer shows. */
const DETAILS_KEY = 'shop_details.php null';

const get = (url: string, options: { cookies?: Record<string, string> } = {}) =>
  shop.app.inject({ method: 'GET', url, ...options });

/** What the server bundle rendered into #root, or '' for the bare shell. */
function appOf(html: string): string {
  return /<div id="root">(.*?)<\/div>/s.exec(html)?.[1] ?? '';
}

function dataOf(html: string): Record<string, unknown> {
  const match = /<script id="initial-data" type="application\/json">(.*?)<\/script>/s.exec(html);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : {};
}

/** The scripts the page's boot script starts: its entry and its routes' own chunks. */
function pageScriptsOf(html: string): { entry: string | null; preload: string[] } {
  const match = /<script id="page-scripts" type="application\/json">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no page scripts in the page');
  return JSON.parse(match[1]!) as { entry: string | null; preload: string[] };
}

function jsonLdOf(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no JSON-LD in the page');
  return JSON.parse(match[1]!) as Record<string, unknown>;
}

async function viewCount(id: number): Promise<number> {
  const [row] = await queryRows<{ view_count: number }>(
    shop.db,
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

  shop = await startTestApp(
    { DATA_DIR: dir, PUBLIC_URL: 'https://shop.example.in' },
    {
      web: { dir, serverEntry: path.join(dir, 'entry-server.js') },
      productViews: (db) => {
        productViews = new ViewCounts(
          async (counts) => {
            await addViewCounts(db, counts);
            writtenViews.push(...counts);
          },
          (err) => {
            throw err;
          },
        );
        return productViews;
      },
    },
  );

  jerseyId = await createProduct(shop.db, {
    name: 'Real Madrid Home Jersey 2025',
    category: 'Club Jerseys',
    team: 'Real Madrid',
    pricePaise: 199_900,
    discountPricePaise: 129_900,
    details: 'The white home shirt of Los Blancos, breathable knit with the club crest.',
  });
  trickyId = await createProduct(shop.db, {
    name: 'Retro </script><b>"Bold"</b> & Co',
    category: 'Retro Jerseys',
    sizes: { M: 0 },
  });
});

afterAll(async () => {
  await shop.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a page', () => {
  it('is loaded by the bundle through the API in-process, and carries its head', async () => {
    const res = await get(`/product/${jerseyId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<title>Real Madrid Home Jersey 2025 | Kitroom</title>');
    expect(html).toContain('<meta property="og:type" content="product" />');
    expect(html).toContain(
      `<link rel="canonical" href="https://shop.example.in/product/${jerseyId}" />`,
    );
    expect(jsonLdOf(html)).toEqual({ '@type': 'Product', name: 'Real Madrid Home Jersey 2025' });
    // The responses the page was loaded with, as the API sent them, to hydrate from.
    const response = dataOf(html)[`product.php {"product_id":${jerseyId}}`] as [
      { product: { id: number; discount_price: number } },
    ];
    expect(response[0].product).toMatchObject({ id: jerseyId, discount_price: 1299 });
    expect(dataOf(html)[DETAILS_KEY]).toMatchObject({ phone: '+91 495 272 1100' });
  });

  it('counts a product view through product.php, as the call does', async () => {
    await productViews.flush();
    const before = await viewCount(jerseyId);
    await get(`/product/${jerseyId}`);
    await get(`/product/${jerseyId}`);
    // Counted in memory, not written per view: both views arrive with the next flush.
    expect(await viewCount(jerseyId)).toBe(before);
    await productViews.flush();
    expect(await viewCount(jerseyId)).toBe(before + 2);
  });

  it('responds to HEAD with the status and headers, counting no view and rendering nothing', async () => {
    await productViews.flush();
    const before = await viewCount(jerseyId);
    const res = await shop.app.inject({ method: 'HEAD', url: `/product/${jerseyId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const missing = await shop.app.inject({ method: 'HEAD', url: '/product/987654' });
    expect(missing.statusCode).toBe(404);
    await productViews.flush();
    expect(await viewCount(jerseyId)).toBe(before);
  });

  it("starts the entry and its routes' own chunks, from the build's map of routes, once painted", async () => {
    const res = await get(`/product/${jerseyId}`);
    expect(pageScriptsOf(res.body)).toEqual({
      entry: '/assets/index-abc.js',
      preload: ['/assets/product-page-2.js', '/assets/gallery-3.js'],
    });
    // Nothing fetches them before the boot script does (decision 081).
    expect(res.body).not.toContain('<link rel="modulepreload"');
    expect(res.body).not.toContain('<script type="module"');
    const checkout = await get('/checkOut');
    expect(pageScriptsOf(checkout.body).preload.sort()).toEqual([
      '/assets/checkout-page-5.js',
      '/assets/require-user-4.js',
      '/assets/session-6.js',
    ]);
  });

  it("lets a browser run the boot script: its hash is in the page's Content-Security-Policy", async () => {
    const res = await get('/');
    const inline = [...res.body.matchAll(/<script>(.*?)<\/script>/gs)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0]!).digest('base64');
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim().split(/\s+/)).toEqual(['script-src', "'self'", `'sha256-${hash}'`]);
  });

  it('escapes what its head says that looks like markup', async () => {
    const html = (await get(`/product/${trickyId}`)).body;
    expect(html).toContain(
      '<title>Retro &lt;/script&gt;&lt;b&gt;&quot;Bold&quot;&lt;/b&gt; &amp; Co',
    );
    // The JSON-LD, the initial data, the page's scripts and the boot script, closed once each.
    expect(html.match(/<\/script>/g)).toHaveLength(4);
    expect(jsonLdOf(html)).toMatchObject({ name: 'Retro </script><b>"Bold"</b> & Co' });
    expect(dataOf(html)[`product.php {"product_id":${trickyId}}`]).toBeDefined();
  });

  it('responds with the status the bundle says, not indexed when 404, with no view counted', async () => {
    const withdrawn = await createProduct(shop.db, { name: 'Withdrawn Jersey' });
    await shop.db.execute(
      sql`UPDATE products SET active = false, status = 'archived' WHERE id = ${withdrawn}`,
    );
    for (const url of ['/product/987654', `/product/${withdrawn}`, '/no/such/page']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<meta name="robots" content="noindex" />');
      // Rendered with what its calls did get (the footer's details), as the browser hydrates.
      expect(appOf(res.body), url).toContain(`data-keys="${encodeURIComponent(DETAILS_KEY)}"`);
    }
    await productViews.flush();
    expect(writtenViews.map((v) => v.id)).not.toContain(987654);
    expect(writtenViews.map((v) => v.id)).not.toContain(withdrawn);
  });

  it('follows a change of what its calls return (the settings) at once', async () => {
    const phoneOn = async (url: string) =>
      (dataOf((await get(url)).body)[DETAILS_KEY] as { phone: string }).phone;
    expect(await phoneOn('/contactUs')).toBe('+91 495 272 1100');
    await shop.db.update(shopSettings).set({ phone: '+91 98470 12345' });
    for (const url of ['/contactUs', '/', '/allProducts']) {
      expect(await phoneOn(url), url).toBe('+91 98470 12345');
    }
  });

  it('responds to a path with a null character or a broken escape with a 400 page', async () => {
    for (const url of [
      '/productCategory/Club%00',
      '/productCategory/Club%ED%A0%80',
      '/product/%',
    ]) {
      const res = await shop.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body, url).toContain('This address cannot be opened');
    }
  });
});

describe('a page of one visitor', () => {
  it('carries their own session check, sent with their cookie, and is private', async () => {
    const user = await createUser(shop.db);
    const { sessionId } = await createSession(shop.db, user.id);
    const handle = sessionHandle(sessionId);
    const res = await get('/checkOut', { cookies: { access: sessionId } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(dataOf(res.body)[`check_session.php {"session_id":"${handle}"}`]).toEqual({
      user_id: user.id,
      session_id: handle,
    });
  });

  it('carries no session for a visitor or an ended session, and is shared', async () => {
    const visitors: Record<string, string>[] = [{}, { access: 'no-such-session' }];
    for (const cookies of visitors) {
      const res = await get('/checkOut', { cookies });
      expect(res.statusCode).toBe(200);
      expect(Object.keys(dataOf(res.body))).toEqual([DETAILS_KEY]);
    }
    expect((await get('/checkOut')).headers['cache-control']).toBe('no-cache');
  });
});

describe('server rendering', () => {
  it('puts the page rendered from its responses into #root, and its preloads in the head', async () => {
    const res = await get('/');
    const rendered = appOf(res.body);
    expect(rendered).toContain('data-url="%2F"');
    expect(rendered).toContain('data-origin="https://shop.example.in"');
    expect(decodeURIComponent(/data-keys="([^"]*)"/.exec(rendered)![1]!)).toBe(
      Object.keys(dataOf(res.body)).join('|'),
    );
    expect(Object.keys(dataOf(res.body))).toEqual([DETAILS_KEY, 'home.php null']);
    // Replacement patterns in the markup are kept as they are.
    expect(rendered).toContain(" $' $&</main>");
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="preload" as="image" href="/images/hero.webp" fetchPriority="high"/>',
    );
  });

  it('renders a page again when its responses change, and caches it while they do not', async () => {
    const url = '/productCategory/Retro%20Jerseys';
    const renderOf = async () => /render (\d+)/.exec(appOf((await get(url)).body))?.[1];
    const first = await renderOf();
    expect(await renderOf()).toBe(first);
    await createProduct(shop.db, { name: 'Retro Brazil 1970', category: 'Retro Jerseys' });
    const after = await renderOf();
    expect(after).not.toBe(first);
    expect(await renderOf()).toBe(after);
  });

  it('caches a page under the address the bundle names: its path and the parameters it reads', async () => {
    const renderOf = async (url: string) => {
      const html = (await get(url)).body;
      return {
        render: /render (\d+)/.exec(appOf(html))?.[1],
        url: decodeURIComponent(/data-url="([^"]*)"/.exec(appOf(html))?.[1] ?? ''),
        canonical: /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1],
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
  });

  it('sends a cached page compressed as the browser accepts, the same page each time', async () => {
    const plain = await get('/contactUs');
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await shop.app.inject({
        method: 'GET',
        url: '/contactUs',
        headers: { 'accept-encoding': `${encoding}, deflate` },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(decode(res.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('makes a page the bundle says differs on every view for each view', async () => {
    const renderOf = async () =>
      Number(/render (\d+)/.exec(appOf((await get(`/product/${jerseyId}`)).body))?.[1]);
    const first = await renderOf();
    expect(await renderOf()).toBe(first + 1);
    expect((await get(`/product/${jerseyId}`)).headers['cache-control']).toBe('no-cache');
  });

  it('sends the shell with the head and responses when the render fails', async () => {
    const res = await get('/returnPolicy');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Return Policy | Kitroom</title>');
    expect(res.body).toContain('<div id="root"></div>');
    expect(Object.keys(dataOf(res.body))).toEqual([DETAILS_KEY]);
  });

  it('sends the bare shell when the page cannot be loaded, for the browser to load', async () => {
    const res = await get('/broken');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Kitroom — Football jerseys in India</title>');
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('id="initial-data"');
    // What looks like a file stays a missing file.
    const file = await get('/broken/kit.png');
    expect(file.statusCode).toBe(404);
    expect(file.headers['content-type']).toContain('application/json');
  });

  it('does not render for HEAD', async () => {
    const renderOf = async (method: 'GET' | 'HEAD', url: string) => {
      const res = await shop.app.inject({ method, url });
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
    const api = await shop.app.inject({ method: 'GET', url: '/api/nope.php' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'No such call: GET /api/nope.php' });
    const post = await shop.app.inject({ method: 'POST', url: '/api/nope.php', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toHaveProperty('error');
    const file = await shop.app.inject({ method: 'GET', url: '/missing.png' });
    expect(file.statusCode).toBe(404);
    expect(file.headers['content-type']).toContain('application/json');
  });

  it('inline the stylesheet into every page, so the first paint waits for no other request', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/contactUs' });
    expect(res.body).toContain('<style>.bg-ink{background:#0b1220}</style>');
    expect(res.body).not.toContain('rel="stylesheet"');
  });

  it('serve built files, with hashed assets cached for good', async () => {
    const asset = await shop.app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const icon = await shop.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toContain('must-revalidate');
    const raw = await shop.app.inject({ method: 'GET', url: '/index.html' });
    expect(raw.body).not.toContain('<!--app-head-->');
  });

  it('send the build’s compressed copies of a file as the browser accepts them', async () => {
    const br = await shop.app.inject({
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
    const gz = await shop.app.inject({
      method: 'GET',
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');
    const plain = await shop.app.inject({
      method: 'GET',
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('serve narrower copies of product pictures, made once and cached for good', async () => {
    const url = '/images/w360/products/kit-front-0123456789.webp';
    const first = await shop.app.inject({ method: 'GET', url });
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
    const again = await shop.app.inject({ method: 'GET', url });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

    for (const missing of [
      '/images/w360/products/none.webp',
      '/images/w300/products/kit-front-0123456789.webp',
      '/images/w360/products/..%2F..%2Fentry-server.js',
    ]) {
      const res = await shop.app.inject({ method: 'GET', url: missing });
      expect(res.statusCode, missing).toBe(404);
      expect(res.headers['content-type'], missing).toContain('application/json');
    }
  });

  it('serve robots.txt and a sitemap of the catalogue', async () => {
    const robots = await shop.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Sitemap: https://shop.example.in/sitemap.xml');
    expect(robots.body).toContain('Disallow: /api/');
    const sitemap = await shop.app.inject({ method: 'GET', url: '/sitemap.xml' });
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
