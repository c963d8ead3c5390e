// What each page of the route table (routes.tsx, by route id) says about itself in the HTML
// the server sends: its head (title, description, picture, Product structured data), its
// status (404 for a product, category, team or giveaway nobody has), the query parameters it
// reads (its address for the page cache) and whether it is made for every view. Built from
// the loaders' results, on the server only (entry-server.tsx imports it; the browser's
// bundle does not carry it).
import {
  formatRupees,
  truncate,
  type CategoryProductsResponse,
  type GiveawayResponse,
  type HomeResponse,
  type PageHead,
  type Product,
  type ProductResponse,
  type Review,
  type ShopDetailsResponse,
} from '@kitroom/contract';
import type { Params } from '@/ui/router';
import { ApiError } from '@/api/client';
import type { Loaded } from '@/api/page-data';
import { FILTER_PARAMS } from '@/features/catalogue/filter-rules';
import type { CollectionData } from '@/features/teams/collection-data';
import { SITE } from '@/ui/site';

const DESCRIPTION_LENGTH = 160;
/** The listings' sort (decision 063); all products reads it among its FILTER_PARAMS. */
const SORT_PARAM = ['sort'] as const;

/** What a page's head is made from: its address's parameters and each route's loader result. */
export interface HeadInput {
  params: Params;
  /** Loader results by route id (the root's is the shop's details). */
  data: Record<string, unknown>;
  origin: string;
}

export interface PageRule {
  head: (input: HeadInput) => PageHead;
  /**
   * The query parameters the page reads. The page is rendered and cached for its path and
   * these alone: a link's `?utm_source=…` or `?fbclid=…` is the same page.
   */
  query?: readonly string[];
  /** The page's responses differ on every view (product.php shuffles its similar products). */
  perView?: (input: HeadInput) => boolean;
}

const describe = (text: string) => truncate(text.replace(/\s+/g, ' ').trim(), DESCRIPTION_LENGTH);

const notFound: PageHead = { status: 404, title: 'Page not found' };

/** The status of the error a loader's call ended with, if it did. */
function errorStatus(loaded: Loaded<unknown> | undefined): number | undefined {
  if (loaded?.error === undefined) return undefined;
  // Not a refusal (the server failed, or did not respond): the page cannot be made now.
  if (!(loaded.error instanceof ApiError) || loaded.error.status >= 500) throw loaded.error;
  return loaded.error.status;
}

function loadedOf<T>(input: HeadInput, id: string): Loaded<T> | undefined {
  return input.data[id] as Loaded<T> | undefined;
}

function fixed(title: string, description?: string): PageRule {
  return { head: () => ({ status: 200, title, ...(description ? { description } : {}) }) };
}

/** A page of one shopper (account, checkout, login): served, never indexed. */
function own(title: string, query?: readonly string[]): PageRule {
  return { head: () => ({ status: 200, title, noindex: true }), ...(query ? { query } : {}) };
}

/** A rating out of 5, as schema.org reads it. */
const outOfFive = (value: number | string) => ({
  ratingValue: value,
  bestRating: 5,
  worstRating: 1,
});

/**
 * The product as search engines read it: its offer, and — only when shown reviews stand
 * behind it, as on the page — its rating and the reviews the page shows (search results may
 * then show its stars).
 */
function productJsonLd(
  product: Product,
  reviews: readonly Review[],
  origin: string,
): Record<string, unknown> {
  const images = [product.image_url, product.image1, product.image2]
    .filter((p): p is string => !!p)
    .map((p) => `${origin}/${p.replace(/^\/+/, '')}`);
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
      url: `${origin}/product/${product.id}`,
      priceCurrency: 'INR',
      price: product.discount_price.toFixed(2),
      availability:
        product.stock_quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
    ...(product.review_count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ...outOfFive(product.product_rating.toFixed(1)),
            reviewCount: product.review_count,
          },
          review: reviews.map((r) => ({
            '@type': 'Review',
            name: r.subject,
            reviewBody: r.comment,
            reviewRating: { '@type': 'Rating', ...outOfFive(r.rating) },
            author: { '@type': 'Person', name: r.user_name },
            datePublished: r.created_at,
          })),
        }
      : {}),
  };
}

function productHead(input: HeadInput): PageHead {
  const loaded = loadedOf<ProductResponse>(input, 'product');
  if (errorStatus(loaded) !== undefined) return { status: 404, title: 'Product not found' };
  const product = loaded?.data?.[0].product;
  const reviews = loaded?.data?.[0].reviews ?? [];
  // An address no product can have (the loader asked nothing).
  if (!product) return notFound;
  const price = formatRupees(product.discount_price);
  return {
    status: 200,
    title: `${product.name} — ${price}`,
    description: describe(
      product.product_details ||
        `${product.name}, ${product.category_name}, for ${price} at ${SITE.name}.`,
    ),
    image: product.image_url,
    type: 'product',
    jsonLd: productJsonLd(product, reviews, input.origin),
  };
}

function collectionHead(kind: 'team' | 'player') {
  return (input: HeadInput): PageHead => {
    const loaded = input.data[kind] as CollectionData | undefined;
    const { name, inCatalogue, listing } = loaded ?? { inCatalogue: false, listing: {} };
    errorStatus(listing);
    if (!name || !inCatalogue || !listing.data) return notFound;
    const image = listing.data.products[0]?.image_url;
    return {
      status: 200,
      title: `${name} jerseys`,
      description: `Shop ${listing.data.total} ${name} jerseys at ${SITE.name}: home, away and fan editions, delivered across India.`,
      ...(image ? { image } : {}),
    };
  };
}

/** The rules by route id; a route without one (a layout) takes its page's. */
export const pageRules: Record<string, PageRule> = {
  home: {
    head(input) {
      const home = loadedOf<HomeResponse>(input, 'home')?.data;
      const image = home?.promotion[0]?.image_url ?? home?.Limited[0]?.image_url;
      return { status: 200, ...(image ? { image } : {}) };
    },
  },
  product: {
    head: productHead,
    perView: (input) => loadedOf<ProductResponse>(input, 'product')?.data !== undefined,
  },
  teams: fixed('Teams', 'Jerseys of the top clubs of Europe and India.'),
  players: fixed('Players', 'Jerseys of the legends of the game.'),
  team: { head: collectionHead('team'), query: SORT_PARAM },
  player: { head: collectionHead('player'), query: SORT_PARAM },
  category: {
    query: SORT_PARAM,
    head(input) {
      const loaded = loadedOf<CategoryProductsResponse>(input, 'category');
      const name = input.params.category ?? '';
      if (errorStatus(loaded) !== undefined || !loaded?.data) return notFound;
      const { products, min_price } = loaded.data;
      const image = products[0]?.image_url;
      return {
        status: 200,
        title: name,
        description: `${products.length} ${name} from ${formatRupees(min_price)} at ${SITE.name}, delivered across India.`,
        ...(image ? { image } : {}),
      };
    },
  },
  allProducts: {
    ...fixed(
      'All Products',
      'Every jersey in the shop: filter by category, team, player and price, in rupees.',
    ),
    query: FILTER_PARAMS,
  },
  search: { head: () => ({ status: 200, title: 'Search', noindex: true }), query: SORT_PARAM },
  searchTerm: {
    head: ({ params }) => ({ status: 200, title: `Search: ${params.term ?? ''}`, noindex: true }),
    query: SORT_PARAM,
  },
  contact: {
    head(input) {
      const details = loadedOf<ShopDetailsResponse>(input, 'root')?.data;
      return {
        status: 200,
        title: 'Contact Us',
        ...(details
          ? {
              description: describe(
                `Phone, email and the address of our store in ${details.city}, ${details.state}. ${details.support_hours}.`,
              ),
            }
          : {}),
      };
    },
  },
  giveaway: {
    head(input) {
      // /giveaway: the current giveaway, which the page replaces with its own address.
      if (input.params.slug === undefined) return { status: 200, title: 'Giveaway', noindex: true };
      const loaded = loadedOf<GiveawayResponse>(input, 'giveaway');
      const giveaway = errorStatus(loaded) === undefined ? loaded?.data?.giveaway : undefined;
      if (!giveaway) return notFound;
      return {
        status: 200,
        title: giveaway.title,
        description: describe(giveaway.rules || `Enter ${giveaway.title} at ${SITE.name}.`),
      };
    },
  },
  terms: fixed('Terms & Conditions', 'The terms of every purchase from Kitroom.'),
  returnPolicy: fixed('Return Policy', 'Returns and exchanges within 7 days of delivery.'),
  refundPolicy: fixed('Refund Policy', 'Refunds are processed within 7 days of approval.'),
  shippingPolicy: fixed(
    'Shipping Policy',
    'Every order is shipped within 5 days, to every state of India.',
  ),
  privacyPolicy: fixed('Privacy Policy', 'What personal data Kitroom keeps, and why.'),
  login: own('Login', ['redirect']),
  register: own('Login', ['redirect']),
  checkout: own('Checkout'),
  profile: own('My Account'),
  wholesale: own('My Account'),
  wishlist: own('My Account'),
  orders: own('My Account'),
  changePassword: own('My Account'),
  order: own('Order details'),
  referralLink: own(SITE.name),
  codConfirm: own('Confirm your order'),
  notifyConfirm: own('Confirm your email'),
  cart: own('Your cart'),
  unsubscribe: own('Unsubscribe'),
  notFound: { head: () => notFound },
};

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
