// The storefront's pages as the server knows them: for each page route of the web app
// (its routes.tsx), the head tags, the routes whose files to preload and the first API
// responses to inline, keyed as the web client asks for them.
import {
  formatRupees,
  slugify,
  truncate,
  type HomeResponse,
  type CheckSessionResponse,
  type Product,
  type ProductResponse,
} from '@kitroom/contract';
import * as accounts from '../accounts/accounts.service.js';
import { sessionHandle } from '../accounts/sessions.service.js';
import { productAnswer } from '../catalogue/catalogue.answers.js';
import * as catalogue from '../catalogue/catalogue.service.js';
import { giveawayHead } from '../giveaways/giveaways.service.js';
import type { ViewCounts } from '../catalogue/view-counts.js';
import type { Queryable } from '../db/client.js';
import { profiles } from '../profiles/profiles.service.js';
import { shopDetails } from '../settings/settings.service.js';
import { Invalid, NotFound, Unauthorized } from '../domain-errors.js';
import { SITE_NAME, type PageHead } from './page-document.js';

const DESCRIPTION_LENGTH = 160;

export interface PageContext {
  db: Queryable;
  /** GET: the whole page is asked for; HEAD: only its headers. */
  isGet: boolean;
  /** The query parameters the page reads (PageRoute.query); others are not passed on. */
  query: URLSearchParams;
  /** The `access` cookie, if the request has one. */
  sessionCookie: string | undefined;
}

export interface PageRoute {
  pattern: RegExp;
  /**
   * The query parameters the page reads (its web route's). The page is rendered and cached
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
export function pageQuery(rawQuery: string, names: readonly string[]): string {
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

/** The ids of the web app's page routes (their `id`s in its routes.tsx), for their preloads. */
const routeIds = {
  home: ['home'],
  allProducts: ['allProducts'],
  category: ['category'],
  product: ['product'],
  search: ['search'],
  searchTerm: ['searchTerm'],
  team: ['team'],
  player: ['player'],
  teams: ['teams'],
  players: ['players'],
  contact: ['contact'],
  login: ['login'],
  checkout: ['requireUser', 'checkout'],
  wholesale: ['account', 'wholesale'],
  orders: ['account', 'orders'],
  profile: ['account', 'profile'],
  wishlist: ['account', 'wishlist'],
  order: ['requireUser', 'order'],
  referralLink: ['referralLink'],
  giveaway: ['giveaway'],
  codConfirm: ['codConfirm'],
  notFound: ['notFound'],
} as const;

/** The key under which the web client looks for an inlined response (api/client.ts callKey). */
export function callKey(call: string, body: unknown): string {
  return `${call} ${JSON.stringify(body ?? null)}`;
}

function describe(text: string): string {
  return truncate(text.replace(/\s+/g, ' ').trim(), DESCRIPTION_LENGTH);
}

/** profiles.php's response, which the team and player pages, their lists and home show. */
async function profilesData(db: Queryable): Promise<Record<string, unknown>> {
  return { [callKey('profiles.php', undefined)]: (await profiles(db)).answer };
}

/** The team or player list: painted from the profiles, the other names follow. */
function collectionListPage(
  title: string,
  description: string,
  routes: readonly string[],
): PageRoute['render'] {
  return async ({ db, isGet }) => ({
    status: 200,
    title,
    description,
    routes,
    ...(isGet ? { data: await profilesData(db) } : {}),
  });
}

function staticPage(title: string, description: string): PageRoute['render'] {
  return () => ({ status: 200, title, description });
}

/**
 * Pages of one shopper (account, checkout, login): served, never indexed. They render in the
 * browser once it has hydrated, so their code is preloaded with the HTML.
 */
function privatePage(title: string, routes: readonly string[]): PageRoute['render'] {
  return () => ({ status: 200, title, noindex: true, routes });
}

/**
 * Pages behind the access guard, which asks check_session.php before it shows them: the
 * response for the request's own session cookie comes inlined, saving that round trip. The
 * guard finds it under the handle its userData names, so a stale userData still asks.
 */
function guardedPage(title: string, routes: readonly string[]): PageRoute['render'] {
  return async ({ db, isGet, sessionCookie }) => {
    const head: PageHead = { status: 200, title, noindex: true, routes };
    if (!isGet || !sessionCookie) return head;
    const handle = sessionHandle(sessionCookie);
    try {
      const session = await accounts.checkSession(db, sessionCookie, handle);
      const response: CheckSessionResponse = {
        user_id: session.userId,
        session_id: session.handle,
      };
      return {
        ...head,
        visitorData: { [callKey('check_session.php', { session_id: handle })]: response },
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

export function pageRoutes(publicUrl: string, productViews: ViewCounts): PageRoute[] {
  return [
    {
      pattern: /^\/$/,
      async render({ db, isGet }) {
        const home: HomeResponse | undefined = isGet ? await catalogue.home(db) : undefined;
        const image = home?.promotion[0]?.image_url ?? home?.Limited[0]?.image_url;
        return {
          status: 200,
          routes: routeIds.home,
          ...(image ? { image } : {}),
          ...(home
            ? { data: { [callKey('home.php', undefined)]: home, ...(await profilesData(db)) } }
            : {}),
        };
      },
    },
    {
      pattern: /^\/product\/(\d{1,10})$/,
      async render({ db, isGet }, [rawId]) {
        const id = Number(rawId);
        if (!(id > 0 && id <= 2_147_483_647)) return { status: 404, title: 'Page not found' };
        // Showing the page is what product.php responds, from the same cached response.
        let product: Product | undefined;
        let data: Record<string, unknown> | undefined;
        if (isGet) {
          try {
            // The bytes product.php sends, made and validated once by catalogue.answers.ts.
            const response = JSON.parse(
              (await productAnswer(db, id)).toString('utf8'),
            ) as ProductResponse;
            product = response[0].product;
            data = { [callKey('product.php', { product_id: id })]: response };
            // One visit is one view: the web app uses this inlined response instead of calling
            // product.php (api/initial-data.ts), so the page counts the view the call would
            // have, with the same batched counter.
            productViews.add(id);
          } catch (err) {
            if (!(err instanceof NotFound)) throw err;
          }
        } else {
          product = await catalogue.productPreview(db, id);
        }
        if (!product) return { status: 404, title: 'Product not found', routes: routeIds.product };
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
          routes: routeIds.product,
          ...(data ? { data, perView: true } : {}),
        };
      },
    },
    {
      pattern: /^\/productCategory\/teams$/,
      render: collectionListPage(
        'Teams',
        'Jerseys of the top clubs of Europe and India.',
        routeIds.teams,
      ),
    },
    {
      pattern: /^\/productCategory\/players$/,
      render: collectionListPage(
        'Players',
        'Jerseys of the legends of the game.',
        routeIds.players,
      ),
    },
    {
      pattern: /^\/productCategory\/(team|player)\/([^/]+)$/,
      async render({ db, isGet }, [kind, slug]) {
        const which = kind === 'team' ? 'team' : 'player';
        const routes = which === 'team' ? routeIds.team : routeIds.player;
        const { name, facets } = await collectionName(db, which, slug!.toLowerCase());
        if (!name) return { status: 404, title: 'Page not found', routes };
        const request = { limit: '0-50', [which]: [name] };
        const page = await catalogue.listing(db, request);
        const image = page.products[0]?.image_url;
        return {
          status: 200,
          title: `${name} jerseys`,
          description: `Shop ${page.total} ${name} jerseys at ${SITE_NAME}: home, away and fan editions, delivered across India.`,
          routes,
          ...(image ? { image } : {}),
          ...(isGet
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
      async render({ db, isGet }, [name]) {
        try {
          const products = await catalogue.categoryProducts(db, name!);
          const image = products.products[0]?.image_url;
          return {
            status: 200,
            title: name!,
            description: `${products.products.length} ${name} from ${formatRupees(products.min_price)} at ${SITE_NAME}, delivered across India.`,
            routes: routeIds.category,
            ...(image ? { image } : {}),
            ...(isGet ? { data: { [callKey('shop.php', { category: [name] })]: products } } : {}),
          };
        } catch (err) {
          if (err instanceof Invalid) {
            return { status: 404, title: 'Page not found', routes: routeIds.category };
          }
          throw err;
        }
      },
    },
    {
      pattern: /^\/allProducts$/,
      query: LISTING_QUERY,
      async render({ db, isGet, query }) {
        const plain = [...query.keys()].length === 0;
        const request = { limit: '0-50' };
        const page = isGet && plain ? await catalogue.listing(db, request) : undefined;
        return {
          status: 200,
          title: 'All Products',
          description:
            'Every jersey in the shop: filter by category, team, player and price, in rupees.',
          routes: routeIds.allProducts,
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
        routes: term ? routeIds.searchTerm : routeIds.search,
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
          routes: routeIds.contact,
        };
      },
    },
    {
      // /giveaway: the current giveaway, which the page replaces with its own address.
      pattern: /^\/giveaway(?:\/([^/]+))?$/,
      async render({ db }, [slug]) {
        if (slug === undefined) {
          return { status: 200, title: 'Giveaway', noindex: true, routes: routeIds.giveaway };
        }
        let found: Awaited<ReturnType<typeof giveawayHead>>;
        try {
          found = await giveawayHead(db, decodeURIComponent(slug));
        } catch {
          found = undefined;
        }
        if (!found) return { ...notFoundHead, routes: routeIds.giveaway };
        return {
          status: 200,
          title: found.title,
          description: describe(found.rules || `Enter ${found.title} at ${SITE_NAME}.`),
          routes: routeIds.giveaway,
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
      render: privatePage('Login', routeIds.login),
    },
    {
      pattern: /^\/checkOut$/,
      render: guardedPage('Checkout', routeIds.checkout),
    },
    {
      pattern: /^\/myAccount\/WholesaleRegistration$/,
      render: guardedPage('My Account', routeIds.wholesale),
    },
    {
      pattern: /^\/myAccount\/orders$/,
      render: guardedPage('My Account', routeIds.orders),
    },
    {
      pattern: /^\/myAccount\/wishlist$/,
      render: guardedPage('My Account', routeIds.wishlist),
    },
    {
      pattern: /^\/myAccount(?:\/[^/]+)?$/,
      render: guardedPage('My Account', routeIds.profile),
    },
    {
      pattern: /^\/reviewOrdersDetails\/[^/]+$/,
      render: guardedPage('Order details', routeIds.order),
    },
    {
      pattern: /^\/link\/[^/]+(?:\/[^/]+)?$/,
      render: privatePage(SITE_NAME, routeIds.referralLink),
    },
    {
      pattern: /^\/confirmOrder\/[^/]+$/,
      render: privatePage('Confirm your order', routeIds.codConfirm),
    },
  ];
}

/** The route that serves `pathname`, and the parts of the path it captured. */
export function matchPageRoute(
  routes: readonly PageRoute[],
  pathname: string,
): { route: PageRoute; params: string[] } | undefined {
  for (const route of routes) {
    const match = route.pattern.exec(pathname);
    if (match) return { route, params: match.slice(1) };
  }
  return undefined;
}

/** The web app's page for an address no route serves. */
export const notFoundHead: PageHead = {
  status: 404,
  title: 'Page not found',
  routes: routeIds.notFound,
};

/** `head` with the shop's contact details, which every page's footer shows (from the settings). */
export async function withFooterData(db: Queryable, head: PageHead): Promise<PageHead> {
  const details = (await shopDetails(db)).answer;
  return { ...head, data: { ...head.data, [callKey('shop_details.php', undefined)]: details } };
}
