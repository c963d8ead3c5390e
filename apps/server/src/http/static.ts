// Serves the built storefront: its hashed assets, the generated images, robots.txt and
// sitemap.xml, and index.html for every page route. Each page's HTML carries its own title,
// description, Open Graph tags and (for products) Product structured data, preload links for
// the page's code, for some pages the page's first API answer, and the page itself rendered
// on the server from those answers (page-renderer.ts), so that shared links preview well and
// the first paint waits neither for the page's JavaScript nor for a second round trip.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import {
  formatRupees,
  slugify,
  truncate,
  type HomeResponse,
  type CheckSessionResponse,
  type Product,
  type ProductResponse,
  type RenderedPage,
} from '@kitroom/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as accounts from '../accounts/accounts.service.js';
import { SESSION_COOKIE, sessionHandle } from '../accounts/sessions.service.js';
import type { AppDeps } from '../app.js';
import { productAnswer } from '../catalogue/catalogue.answers.js';
import * as catalogue from '../catalogue/catalogue.service.js';
import type { ViewCounts } from '../catalogue/view-counts.js';
import type { Queryable } from '../db/client.js';
import { Invalid, NotFound, Unauthorized } from '../domain-errors.js';
import { profiles } from '../profiles/profiles.service.js';
import { shopDetails } from '../settings/settings.service.js';
import { escapeHtml } from './html.js';
import { registerImageVariants } from './image-variants.js';
import {
  compress,
  PageCache,
  pageKey,
  preferredEncoding,
  SINGLE_VIEW_ENCODINGS,
} from './page-cache.js';
import { loadPageRenderer, webServerEntry, type PageRenderer } from './page-renderer.js';

export const webDistDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/dist',
);

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const SITE_NAME = 'Kitroom';
const DEFAULT_TITLE = 'Kitroom — Football jerseys in India';
const DEFAULT_DESCRIPTION =
  'Club, national-team and player football jerseys, delivered across India. Retail and wholesale, priced in rupees.';
const DESCRIPTION_LENGTH = 160;

/** What one page's HTML says about it. */
export interface PageHead {
  status: 200 | 404;
  /** Without the site name; undefined keeps the default title. */
  title?: string;
  description?: string;
  /** Relative to the site root, like product image_url. */
  image?: string;
  type?: 'website' | 'product';
  /** Pages that should not be listed by search engines. */
  noindex?: boolean;
  jsonLd?: Record<string, unknown>;
  /** API answers keyed as the web client asks for them: '<call> <JSON body>'. */
  data?: Record<string, unknown>;
  /**
   * Answers for this visitor only (their session check), inlined like `data` but never
   * rendered with nor kept; the page is then not stored by shared caches.
   */
  visitorData?: Record<string, unknown>;
  /** The answers differ on every view (product.php shuffles its similar products): the
   * page is made for each view, never kept. */
  perView?: boolean;
  /** The page's chunks in the web build (source paths, as the Vite manifest names them). */
  chunk?: string | readonly string[];
}

interface PageContext {
  db: Queryable;
  /** GET: the page is being shown; HEAD: only its headers are asked for. */
  shown: boolean;
  /** The query parameters the page reads (PageRoute.query); others are not passed on. */
  query: URLSearchParams;
  /** The `access` cookie, if the request has one. */
  sessionCookie: string | undefined;
}

interface PageRoute {
  pattern: RegExp;
  /**
   * The query parameters the page reads (its web route's). The page is rendered and kept
   * for its path and these alone: a link's `?utm_source=…` or `?fbclid=…` is the same page.
   */
  query?: readonly string[];
  render(ctx: PageContext, params: string[]): Promise<PageHead> | PageHead;
}

/** The web app's /allProducts filters (features/catalogue/filter-rules.ts). */
const LISTING_QUERY = ['category', 'sub', 'team', 'player', 'min', 'max', 'start'] as const;
/** Where login sends the shopper afterwards (features/accounts/login-page.tsx). */
const LOGIN_QUERY = ['redirect'] as const;

/** The parts of a raw query string whose names are `names`, as they came (same encoding). */
function keptQuery(rawQuery: string, names: readonly string[]): string {
  if (names.length === 0 || rawQuery === '') return '';
  return rawQuery
    .split('&')
    .filter((part) => {
      const name = part.split('=', 1)[0]!.replace(/\+/g, ' ');
      try {
        return names.includes(decodeURIComponent(name));
      } catch {
        return false;
      }
    })
    .join('&');
}

const PAGES = 'src/features';
const chunks = {
  home: `${PAGES}/catalogue/home-page.tsx`,
  allProducts: `${PAGES}/catalogue/all-products-page.tsx`,
  category: `${PAGES}/catalogue/category-page.tsx`,
  product: `${PAGES}/catalogue/product-page.tsx`,
  search: `${PAGES}/search/search-page.tsx`,
  team: `${PAGES}/teams/team-page.tsx`,
  player: `${PAGES}/teams/player-page.tsx`,
  teams: `${PAGES}/teams/teams-list-page.tsx`,
  players: `${PAGES}/teams/players-list-page.tsx`,
  contact: `${PAGES}/info/contact-page.tsx`,
  login: `${PAGES}/accounts/login-page.tsx`,
  requireUser: `${PAGES}/accounts/require-user.tsx`,
  account: `${PAGES}/accounts/account-layout.tsx`,
  profile: `${PAGES}/accounts/profile-page.tsx`,
  wholesale: `${PAGES}/wholesale/wholesale-page.tsx`,
  orders: `${PAGES}/orders/orders-page.tsx`,
  order: `${PAGES}/orders/order-detail-page.tsx`,
  checkout: `${PAGES}/checkout/checkout-page.tsx`,
  referralLink: `${PAGES}/referrals/referral-link-page.tsx`,
  codConfirm: `${PAGES}/orders/cod-confirm-page.tsx`,
  notFound: 'src/app/not-found-page.tsx',
} as const;

/** The key under which the web client looks for an inlined answer (api/client.ts callKey). */
export function callKey(call: string, body: unknown): string {
  return `${call} ${JSON.stringify(body ?? null)}`;
}

function describe(text: string): string {
  return truncate(text.replace(/\s+/g, ' ').trim(), DESCRIPTION_LENGTH);
}

/** profiles.php's answer, which the team and player pages, their lists and home show. */
async function profilesData(db: Queryable): Promise<Record<string, unknown>> {
  return { [callKey('profiles.php', undefined)]: (await profiles(db)).answer };
}

/** The team or player list: painted from the profiles, the other names follow. */
function collectionListPage(
  title: string,
  description: string,
  chunk: string,
): PageRoute['render'] {
  return async ({ db, shown }) => ({
    status: 200,
    title,
    description,
    chunk,
    ...(shown ? { data: await profilesData(db) } : {}),
  });
}

function staticPage(title: string, description: string, chunk?: string): PageRoute['render'] {
  return () => ({ status: 200, title, description, ...(chunk ? { chunk } : {}) });
}

/**
 * Pages of one shopper (account, checkout, login): served, never indexed. They render in the
 * browser once it has hydrated, so their code is preloaded with the HTML.
 */
function privatePage(title: string, ...pageChunks: string[]): PageRoute['render'] {
  return () => ({ status: 200, title, noindex: true, chunk: pageChunks });
}

/**
 * Pages behind the access guard, which asks check_session.php before it shows them: the
 * answer for the request's own session cookie comes inlined, saving that round trip. The
 * guard finds it under the handle its userData names, so a stale userData still asks.
 */
function guardedPage(title: string, ...pageChunks: string[]): PageRoute['render'] {
  return async ({ db, shown, sessionCookie }) => {
    const head: PageHead = { status: 200, title, noindex: true, chunk: pageChunks };
    if (!shown || !sessionCookie) return head;
    const handle = sessionHandle(sessionCookie);
    try {
      const session = await accounts.checkSession(db, sessionCookie, handle);
      const answer: CheckSessionResponse = { user_id: session.userId, session_id: session.handle };
      return {
        ...head,
        visitorData: { [callKey('check_session.php', { session_id: handle })]: answer },
      };
    } catch (err) {
      // An ended session: the guard asks, and is told so, as without this.
      if (err instanceof Unauthorized) return head;
      throw err;
    }
  };
}

function productJsonLd(product: Product, publicUrl: string): Record<string, unknown> {
  const images = [product.image_url, product.image1, product.image2]
    .filter((p): p is string => !!p)
    .map((p) => `${publicUrl}/${p.replace(/^\/+/, '')}`);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: String(product.id),
    image: [...new Set(images)],
    description: describe(product.product_details || product.name),
    category: product.category_name,
    ...(product.team_name ? { brand: { '@type': 'Brand', name: product.team_name } } : {}),
    offers: {
      '@type': 'Offer',
      url: `${publicUrl}/product/${product.id}`,
      priceCurrency: 'INR',
      price: product.discount_price.toFixed(2),
      availability:
        product.stock_quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
}

/** The team or player of a page slug, among those the catalogue has products of. */
async function collectionName(
  db: Queryable,
  kind: 'team' | 'player',
  slug: string,
): Promise<{ name: string | undefined; facets: unknown }> {
  const facets = await catalogue.listing(db, { limit: '0-1' });
  const names =
    kind === 'team'
      ? facets.teams.map((t) => t.team_name)
      : facets.players.map((p) => p.player_name);
  return { name: names.find((n) => slugify(n) === slug), facets };
}

function pageRoutes(publicUrl: string, productViews: ViewCounts): PageRoute[] {
  return [
    {
      pattern: /^\/$/,
      async render({ db, shown }) {
        const home: HomeResponse | undefined = shown ? await catalogue.home(db) : undefined;
        const image = home?.promotion[0]?.image_url ?? home?.Limited[0]?.image_url;
        return {
          status: 200,
          chunk: chunks.home,
          ...(image ? { image } : {}),
          ...(home
            ? { data: { [callKey('home.php', undefined)]: home, ...(await profilesData(db)) } }
            : {}),
        };
      },
    },
    {
      pattern: /^\/product\/(\d{1,10})$/,
      async render({ db, shown }, [rawId]) {
        const id = Number(rawId);
        if (!(id > 0 && id <= 2_147_483_647)) return { status: 404, title: 'Page not found' };
        // Showing the page is what product.php answers, from the same kept answer.
        let product: Product | undefined;
        let data: Record<string, unknown> | undefined;
        if (shown) {
          try {
            // The bytes product.php sends, made and validated once by the answer layer.
            const answer = JSON.parse(
              (await productAnswer(db, id)).toString('utf8'),
            ) as ProductResponse;
            product = answer[0].product;
            data = { [callKey('product.php', { product_id: id })]: answer };
            // One visit is one view: the web app uses this inlined answer instead of calling
            // product.php (api/initial-data.ts), so the page counts the view the call would
            // have, with the same batched counter.
            productViews.add(id);
          } catch (err) {
            if (!(err instanceof NotFound)) throw err;
          }
        } else {
          product = await catalogue.productPreview(db, id);
        }
        if (!product) return { status: 404, title: 'Product not found', chunk: chunks.product };
        const price = formatRupees(product.discount_price);
        return {
          status: 200,
          title: `${product.name} — ${price}`,
          description: describe(
            product.product_details ||
              `${product.name}, ${product.category_name}, for ${price} at ${SITE_NAME}.`,
          ),
          image: product.image_url,
          type: 'product',
          jsonLd: productJsonLd(product, publicUrl),
          chunk: chunks.product,
          ...(data ? { data, perView: true } : {}),
        };
      },
    },
    {
      pattern: /^\/productCategory\/teams$/,
      render: collectionListPage(
        'Teams',
        'Jerseys of the top clubs of Europe and India.',
        chunks.teams,
      ),
    },
    {
      pattern: /^\/productCategory\/players$/,
      render: collectionListPage('Players', 'Jerseys of the legends of the game.', chunks.players),
    },
    {
      pattern: /^\/productCategory\/(team|player)\/([^/]+)$/,
      async render({ db, shown }, [kind, slug]) {
        const which = kind === 'team' ? 'team' : 'player';
        const chunk = which === 'team' ? chunks.team : chunks.player;
        const { name, facets } = await collectionName(db, which, slug!.toLowerCase());
        if (!name) return { status: 404, title: 'Page not found', chunk };
        const request = { limit: '0-50', [which]: [name] };
        const page = await catalogue.listing(db, request);
        const image = page.products[0]?.image_url;
        return {
          status: 200,
          title: `${name} jerseys`,
          description: `Shop ${page.total} ${name} jerseys at ${SITE_NAME}: home, away and fan editions, delivered across India.`,
          chunk,
          ...(image ? { image } : {}),
          ...(shown
            ? {
                data: {
                  [callKey('shop.php', { limit: '0-1' })]: facets,
                  [callKey('shop.php', request)]: page,
                  ...(await profilesData(db)),
                },
              }
            : {}),
        };
      },
    },
    {
      pattern: /^\/productCategory\/([^/]+)$/,
      async render({ db, shown }, [name]) {
        try {
          const answer = await catalogue.categoryProducts(db, name!);
          const image = answer.products[0]?.image_url;
          return {
            status: 200,
            title: name!,
            description: `${answer.products.length} ${name} from ${formatRupees(answer.min_price)} at ${SITE_NAME}, delivered across India.`,
            chunk: chunks.category,
            ...(image ? { image } : {}),
            ...(shown ? { data: { [callKey('shop.php', { category: [name] })]: answer } } : {}),
          };
        } catch (err) {
          if (err instanceof Invalid) {
            return { status: 404, title: 'Page not found', chunk: chunks.category };
          }
          throw err;
        }
      },
    },
    {
      pattern: /^\/allProducts$/,
      query: LISTING_QUERY,
      async render({ db, shown, query }) {
        const plain = [...query.keys()].length === 0;
        const request = { limit: '0-50' };
        const page = shown && plain ? await catalogue.listing(db, request) : undefined;
        return {
          status: 200,
          title: 'All Products',
          description:
            'Every jersey in the shop: filter by category, team, player and price, in rupees.',
          chunk: chunks.allProducts,
          ...(page ? { data: { [callKey('shop.php', request)]: page } } : {}),
        };
      },
    },
    {
      pattern: /^\/searchPage(?:\/([^/]*))?$/,
      render: (_ctx, [term]) => ({
        status: 200,
        title: term ? `Search: ${term}` : 'Search',
        noindex: true,
        chunk: chunks.search,
      }),
    },
    {
      pattern: /^\/contactUs$/,
      async render({ db }) {
        const { city, state, support_hours } = (await shopDetails(db)).answer;
        return {
          status: 200,
          title: 'Contact Us',
          description: describe(
            `Phone, email and the address of our store in ${city}, ${state}. ${support_hours}.`,
          ),
          chunk: chunks.contact,
        };
      },
    },
    {
      pattern: /^\/terms&conditions$/,
      render: staticPage('Terms & Conditions', 'The terms of every purchase from Kitroom.'),
    },
    {
      pattern: /^\/returnPolicy$/,
      render: staticPage('Return Policy', 'Returns and exchanges within 7 days of delivery.'),
    },
    {
      pattern: /^\/refundPolicy$/,
      render: staticPage('Refund Policy', 'Refunds are processed within 7 days of approval.'),
    },
    {
      pattern: /^\/shippingPolicy$/,
      render: staticPage(
        'Shipping Policy',
        'Every order is shipped within 5 days, to every state of India.',
      ),
    },
    {
      pattern: /^\/privacyPolicy$/,
      render: staticPage('Privacy Policy', 'What personal data Kitroom keeps, and why.'),
    },
    {
      pattern: /^\/(?:login|register)$/,
      query: LOGIN_QUERY,
      render: privatePage('Login', chunks.login),
    },
    {
      pattern: /^\/checkOut$/,
      render: guardedPage('Checkout', chunks.requireUser, chunks.checkout),
    },
    {
      pattern: /^\/myAccount\/WholesaleRegistration$/,
      render: guardedPage('My Account', chunks.account, chunks.wholesale),
    },
    {
      pattern: /^\/myAccount\/orders$/,
      render: guardedPage('My Account', chunks.account, chunks.orders),
    },
    {
      pattern: /^\/myAccount(?:\/[^/]+)?$/,
      render: guardedPage('My Account', chunks.account, chunks.profile),
    },
    {
      pattern: /^\/reviewOrdersDetails\/[^/]+$/,
      render: guardedPage('Order details', chunks.requireUser, chunks.order),
    },
    {
      pattern: /^\/link\/[^/]+(?:\/[^/]+)?$/,
      render: privatePage(SITE_NAME, chunks.referralLink),
    },
    {
      pattern: /^\/confirmOrder\/[^/]+$/,
      render: privatePage('Confirm your order', chunks.codConfirm),
    },
  ];
}

// ── HTML ──

/** JSON that is safe inside a <script> element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

interface ManifestEntry {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestEntry>;

function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(manifest, dep, seen);
  return seen;
}

/** The page chunks' files that index.html does not already load. */
function preloadsFor(manifest: Manifest, chunk: PageHead['chunk']): string[] {
  const pageChunks = (typeof chunk === 'string' ? [chunk] : (chunk ?? [])).filter(
    (c) => manifest[c],
  );
  if (pageChunks.length === 0) return [];
  const entry = closure(manifest, 'index.html');
  const needed = new Set<string>();
  for (const c of pageChunks) closure(manifest, c, needed);
  return [...needed].filter((k) => !entry.has(k)).map((k) => manifest[k]!.file);
}

/**
 * index.html with one page's head tags, preloads, inlined answers (`dataJson`, head.data as
 * script-safe JSON) and the server-rendered app (`app`; without it, the bare shell).
 */
function renderPage(
  template: string,
  manifest: Manifest,
  head: PageHead,
  publicUrl: string,
  pathname: string,
  body: { app: RenderedPage | undefined; dataJson: string | undefined },
): string {
  const title = head.title ? `${head.title} | ${SITE_NAME}` : DEFAULT_TITLE;
  const description = head.description ?? DEFAULT_DESCRIPTION;
  const url = `${publicUrl}${pathname}`;
  const image = `${publicUrl}/${(head.image ?? 'icons/icon-512.png').replace(/^\/+/, '')}`;
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    // The page's first pictures, as its server render asked for them (an LCP element's).
    ...(body.app?.head ? [body.app.head] : []),
    head.noindex || head.status === 404
      ? meta('name', 'robots', 'noindex')
      : `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:locale', 'en_IN'),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    ...(head.image && head.type === 'product'
      ? [meta('property', 'og:image:width', '600'), meta('property', 'og:image:height', '600')]
      : []),
    ...preloadsFor(manifest, head.chunk).map(
      (file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />`,
    ),
    ...(head.jsonLd
      ? [`<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>`]
      : []),
  ];
  const data = body.dataJson
    ? `<script id="initial-data" type="application/json">${body.dataJson}</script>`
    : '';
  return template
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(
      /<meta\s+name="description"[\s\S]*?\/>/,
      `<meta name="description" content="${escapeHtml(description)}" />`,
    )
    .replace('<!--app-head-->', tags.join('\n    '))
    .replace('<!--app-data-->', () => data)
    .replace('<!--app-html-->', () => body.app?.html ?? '');
}

/**
 * The template with its stylesheets inlined. The page is painted from its HTML, and the one
 * stylesheet (≈ 10 kB gzip) would otherwise cost a round trip before anything shows: on a
 * 150 ms mobile link more than its bytes do inside the page.
 */
function inlineStylesheets(template: string, webDir: string): string {
  return template.replace(
    /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
    (link, file: string) => {
      const css = path.join(webDir, file);
      if (!existsSync(css)) return link;
      // No `</style` inside: Tailwind's output has none, and one would end the element.
      const text = readFileSync(css, 'utf8');
      return text.includes('</style') ? link : `<style>${text}</style>`;
    },
  );
}

// ── robots.txt and sitemap.xml ──

function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /checkOut',
    'Disallow: /myAccount',
    'Disallow: /login',
    'Disallow: /register',
    'Disallow: /reviewOrdersDetails/',
    'Disallow: /link/',
    'Disallow: /confirmOrder/',
    'Disallow: /searchPage',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

async function sitemapXml(db: Queryable, publicUrl: string): Promise<string> {
  const [categories, facets, products] = await Promise.all([
    catalogue.categoryList(db),
    catalogue.listing(db, { limit: '0-1' }),
    catalogue.sitemapProducts(db),
  ]);
  const entries: { loc: string; lastmod?: Date }[] = [
    '/',
    '/allProducts',
    '/productCategory/teams',
    '/productCategory/players',
    '/contactUs',
    '/terms&conditions',
    '/returnPolicy',
    '/refundPolicy',
    '/shippingPolicy',
    '/privacyPolicy',
  ].map((p) => ({ loc: p }));
  for (const c of categories.categories) {
    if (c.product_count > 0) {
      entries.push({ loc: `/productCategory/${encodeURIComponent(c.category_name)}` });
    }
  }
  for (const t of facets.teams) {
    entries.push({ loc: `/productCategory/team/${encodeURIComponent(slugify(t.team_name))}` });
  }
  for (const p of facets.players) {
    entries.push({ loc: `/productCategory/player/${encodeURIComponent(slugify(p.player_name))}` });
  }
  for (const p of products) entries.push({ loc: `/product/${p.id}`, lastmod: p.updatedAt });
  const urls = entries.map(
    (e) =>
      `  <url><loc>${escapeXml(`${publicUrl}${e.loc}`)}</loc>${
        e.lastmod ? `<lastmod>${e.lastmod.toISOString().slice(0, 10)}</lastmod>` : ''
      }</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

// ── registration ──

function decodePath(rawUrl: string): string | undefined {
  const pathname = rawUrl.split('?')[0] ?? '/';
  try {
    const decoded = decodeURIComponent(pathname);
    return decoded.length > 1 ? decoded.replace(/\/+$/, '') || '/' : decoded;
  } catch {
    return undefined;
  }
}

export async function registerStatic(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'config' | 'database' | 'productViews'>,
  webDir: string = webDistDir,
  serverEntry: string = webServerEntry,
): Promise<void> {
  const { config } = deps;
  const db = deps.database.db;
  const imagesDir = path.join(config.dataDir, 'images');
  await app.register(fastifyStatic, {
    root: imagesDir,
    prefix: '/images/',
    decorateReply: false,
    // Image names carry their content's version, so they can be cached for good.
    immutable: true,
    maxAge: YEAR_SECONDS * 1000,
    index: false,
  });
  registerImageVariants(app, {
    imagesDir,
    variantsDir: path.join(config.dataDir, 'image-variants'),
  });

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(config.publicUrl)),
  );
  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(await sitemapXml(db, config.publicUrl)),
  );

  const indexFile = path.join(webDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDir }, 'web app not built: run `npm run build` to serve the storefront');
    return;
  }
  const template = inlineStylesheets(readFileSync(indexFile, 'utf8'), webDir);
  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest)
    : {};

  await app.register(fastifyStatic, {
    root: webDir,
    prefix: '/',
    wildcard: false,
    index: false,
    // The build writes Brotli and gzip copies of its scripts and stylesheets
    // (apps/web/build/precompress.ts): sent as they are, compressed once at their best.
    preCompressed: true,
    // index.html is only ever served filled in, by the page handler below.
    allowedPath: (pathName) => pathName !== '/index.html',
    setHeaders(res, filePath) {
      // Vite's hashed assets never change; everything else must be revalidated.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('Cache-Control', `public, max-age=${YEAR_SECONDS}, immutable`);
      } else {
        res.header('Cache-Control', 'public, max-age=0, must-revalidate');
      }
    },
  });

  const routes = pageRoutes(config.publicUrl, deps.productViews);
  const renderer: PageRenderer | undefined = await loadPageRenderer(serverEntry, {
    origin: config.publicUrl,
    log: app.log,
  });
  const pages = new PageCache();

  async function servePage(request: FastifyRequest, reply: FastifyReply) {
    const pathname = decodePath(request.url);
    // API calls and missing files keep their JSON 404; everything else is a page.
    if (
      pathname === undefined ||
      pathname === '/api' ||
      pathname.startsWith('/api/') ||
      pathname.startsWith('/assets/') ||
      pathname.startsWith('/images/')
    ) {
      return reply.callNotFound();
    }
    let route: PageRoute | undefined;
    let params: string[] = [];
    for (const candidate of routes) {
      const match = candidate.pattern.exec(pathname);
      if (match) {
        route = candidate;
        params = match.slice(1);
        break;
      }
    }
    // The page's own address: its path and the query parameters it reads. It is rendered
    // and kept under this, whatever else the link carried.
    const queryAt = request.url.indexOf('?');
    const rawPath = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
    const query = keptQuery(
      queryAt === -1 ? '' : request.url.slice(queryAt + 1),
      route?.query ?? [],
    );
    const pageUrl = query ? `${rawPath}?${query}` : rawPath;
    const ctx: PageContext = {
      db,
      shown: request.method === 'GET',
      query: new URLSearchParams(query),
      // Without the cookie plugin (a storefront served alone) there are no sessions.
      sessionCookie: request.cookies?.[SESSION_COOKIE],
    };
    let head: PageHead | undefined = route ? await route.render(ctx, params) : undefined;
    if (!head) {
      if (/\/[^/]*\.[a-z0-9]{1,8}$/i.test(pathname)) return reply.callNotFound();
      head = { status: 404, title: 'Page not found', chunk: chunks.notFound };
    }
    if (ctx.shown) {
      // The shop's contact details, which every page's footer shows (from the settings).
      const details = (await shopDetails(db)).answer;
      head = { ...head, data: { ...head.data, [callKey('shop_details.php', undefined)]: details } };
    }
    reply.status(head.status).type('text/html; charset=utf-8');
    const dataJson = head.data ? scriptJson(head.data) : undefined;
    const make = async (inlined: string | undefined) => {
      // HEAD asks for the headers only: nothing to render.
      const app =
        renderer && ctx.shown ? await renderer.render(pageUrl, head.data ?? {}) : undefined;
      const html = renderPage(template, manifest, head, config.publicUrl, pathname, {
        app,
        dataJson: inlined,
      });
      // A page whose render failed is made again next time.
      return { page: { status: head.status, html }, keep: !renderer || app !== undefined };
    };

    // Not kept: HEAD (headers only), a page with a visitor's own session check inlined (theirs
    // alone, private), and one whose answers differ on every view.
    if (!ctx.shown || head.visitorData || head.perView) {
      const inlined = head.visitorData
        ? scriptJson({ ...head.data, ...head.visitorData })
        : dataJson;
      const { page } = await make(inlined);
      reply.header('cache-control', head.visitorData ? 'private, no-cache' : 'no-cache');
      const encoding = ctx.shown
        ? preferredEncoding(request.headers['accept-encoding'], SINGLE_VIEW_ENCODINGS)
        : undefined;
      if (!encoding) return reply.send(page.html);
      return reply
        .header('vary', 'accept-encoding')
        .header('content-encoding', encoding)
        .send(await compress(page.html, encoding));
    }
    const { data: _data, ...headTags } = head;
    const key = pageKey(pageUrl, JSON.stringify(headTags), dataJson ?? '');
    const page = await pages.get(key, () => make(dataJson));
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(page.html);
    return reply.header('content-encoding', encoding).send(await page.encoded(encoding));
  }

  app.get('/', servePage);
  app.get('/*', servePage);
}
