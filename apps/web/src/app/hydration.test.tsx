// The server's markup (entry-server.tsx) and the browser's first render (browser-app.tsx)
// must agree, or React throws the server's page away and draws it again. React's
// development build reports every difference, attributes included, through console.error
// or a recoverable error: either fails these tests.
import type {
  HomeResponse,
  ProductResponse,
  ProfilesResponse,
  ShopDetailsResponse,
  ShopListingResponse,
} from '@kitroom/contract';
import { DEFAULT_SHIPPING_RATES } from '@kitroom/contract';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { callKey } from '@/api/client';
import { eventually } from '@/test/eventually';
import { productSummary } from '@/test/catalogue-data';
import { fakeApi, ok } from '@/test/fake-api';
import type * as ProductCardModule from '@/ui/product-card';
import { startServerRenderer, type ServerPage, type ServerRenderer } from '@/test/render-on-server';

const products = [1, 2, 3, 4, 5, 6].map((id) => productSummary(id));
const home: HomeResponse = {
  Limited: products.slice(0, 3),
  'New product': products.slice(2, 6),
  'Most Viewed': products.slice(1, 4),
  promotion: products.slice(0, 1),
};
const detail: ProductResponse = [
  {
    product: {
      ...productSummary(7),
      image1: null,
      image2: null,
      product_details: 'Breathable knit.',
    },
    similar_by_category: products.slice(0, 2),
    similar_by_price: products.slice(2, 4),
    similar_by_tag: [],
    // Late on the last day of the year in UTC is already New Year in India.
    reviews: [
      {
        rating: 5,
        user_name: 'Asha',
        subject: 'Great fit',
        comment: 'Fits well.',
        created_at: '2025-12-31T20:00:00Z',
      },
    ],
  },
];
const listing: ShopListingResponse = {
  products,
  categories: [{ category_name: 'Club Jerseys', count: 6 }],
  sub_categories: [],
  teams: [{ team_name: 'Kerala Blasters', count: 6 }],
  players: [],
  min_price: 899,
  max_price: 899,
  total: 6,
};

const profiles: ProfilesResponse = {
  teams: [
    {
      name: 'Kerala Blasters',
      short_name: 'KBFC',
      founded: '2014',
      stadium: 'Jawaharlal Nehru Stadium, Kochi',
      bio: 'The Tuskers of the Indian Super League.',
      trophies: '3 ISL finals',
      league_titles: 'None yet',
      colors: ['#fdb913', '#1d4189'],
      featured_position: 1,
    },
  ],
  players: [
    {
      name: 'Sunil Chhetri',
      team_name: 'Bengaluru FC',
      shirt_number: '11',
      bio: 'India’s captain.',
      career_goals: '95 for India',
      trophies: 'ISL 2018–19',
      colors: ['#1d4189', '#ff9933'],
      featured_position: 1,
    },
  ],
};

const shopDetails: ShopDetailsResponse = {
  legal_name: 'Kitroom Sportswear',
  address: '2nd Floor, Mavoor Road',
  city: 'Kozhikode',
  state: 'Kerala',
  pincode: '673004',
  phone: '+91 98470 12345',
  email: 'hello@kitroom.in',
  support_hours: 'Every day, 9 AM to 9 PM',
  grievance_officer_name: '',
  grievance_officer_email: '',
  shipping: DEFAULT_SHIPPING_RATES,
};

let root: Root | undefined;
let server: ServerRenderer;

const actEnvironment = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT');

beforeAll(async () => {
  // Hydration runs as in a browser, on React's own schedule, not inside act().
  Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false);
  server = await startServerRenderer();
}, 60_000);

afterAll(async () => {
  Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment);
  await server.close();
});

/** The page as the server loads and renders it (entry-server.tsx), its calls served from `data`. */
function serverRender(
  url: string,
  data: Record<string, unknown>,
  session?: string,
): Promise<ServerPage> {
  return server.render({
    url,
    data,
    origin: window.location.origin,
    ...(session ? { session } : {}),
  });
}

afterEach(() => {
  root?.unmount();
  root = undefined;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

/** Hydrates #root as main.tsx does, with the modules fresh as on a page load. */
async function hydrate(container: HTMLElement, errors: unknown[]): Promise<Root> {
  vi.resetModules();
  const { createBrowserApp } = await import('./browser-app');
  // As main.tsx: the router loads the page's modules and data, then the markup is hydrated.
  const app = await createBrowserApp({ hydrating: true });
  return hydrateRoot(container, app, {
    onRecoverableError: (error) => void errors.push(error),
  });
}

/** Renders `url` as the server does, then hydrates it as the browser does. */
async function serveAndHydrate(url: string, data: Record<string, unknown>) {
  const page = await serverRender(url, data);
  window.history.replaceState(null, '', url);
  document.head.innerHTML = page.headTags;
  document.body.innerHTML = `<div id="root">${page.html}</div><script id="initial-data" type="application/json">${JSON.stringify(page.responses)}</script>`;
  const container = document.getElementById('root')!;
  const serverHeading = container.querySelector('h1');
  const errors: unknown[] = [];
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => {
    errors.push(args);
  });
  root = await hydrate(container, errors);
  // Every element the server rendered is now React's, but what static islands hold (the
  // browser keeps their HTML) and deferred parts (hydrated when needed, decision 086):
  // hydration has finished.
  await eventually(() => {
    const elements = Array.from(container.querySelectorAll('*')).filter(
      (el) => !el.parentElement?.closest('[data-static-island], [data-deferred-part]'),
    );
    const hydrated = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactFiber$'));
    expect(elements.every(hydrated)).toBe(true);
  });
  consoleError.mockRestore();
  return { container, serverHeading, errors };
}

describe('server-rendered pages hydrate without a difference', { timeout: 30_000 }, () => {
  it('home, with the lists the server inlined', async () => {
    const { container, serverHeading, errors } = await serveAndHydrate('/', {
      [callKey('home.php', undefined)]: home,
      [callKey('profiles.php', undefined)]: profiles,
      [callKey('shop_details.php', undefined)]: shopDetails,
    });
    expect(errors).toEqual([]);
    expect(serverHeading?.textContent).toBe('Wear the badge');
    // The footer's phone and email are the shop's settings.
    const footer = container.querySelector('footer')!;
    expect(footer.querySelector('a[href="tel:+919847012345"]')?.textContent).toBe(
      '+91 98470 12345',
    );
    expect(footer.querySelector('a[href="mailto:hello@kitroom.in"]')).not.toBeNull();
    expect(container.querySelector('h1')).toBe(serverHeading);
    const featured = container.querySelector('a[href="/productCategory/team/kerala-blasters"]');
    expect(featured?.textContent).toBe('KBFCKerala Blasters');
    expect(
      container.querySelector('a[href="/productCategory/player/sunil-chhetri"]')?.textContent,
    ).toBe('SC#11Sunil ChhetriBengaluru FC');
  });

  it('the contact page, with the phone, address and hours from the settings', async () => {
    const { container, serverHeading, errors } = await serveAndHydrate('/contactUs', {
      [callKey('shop_details.php', undefined)]: shopDetails,
    });
    expect(errors).toEqual([]);
    expect(container.querySelector('h1')).toBe(serverHeading);
    const main = container.querySelector('main') ?? container;
    expect(main.textContent).toContain('Phone+91 98470 12345');
    expect(main.textContent).toContain(
      'Store and officeKitroom Sportswear2nd Floor, Mavoor RoadKozhikode, Kerala 673004India',
    );
    expect(main.textContent).toContain('HoursEvery day, 9 AM to 9 PM');
  });

  it('a team page, with the profile staff wrote and its products', async () => {
    const request = { limit: '0-50', team: ['Kerala Blasters'] };
    const { container, serverHeading, errors } = await serveAndHydrate(
      '/productCategory/team/kerala-blasters',
      {
        [callKey('shop.php', { limit: '0-1' })]: listing,
        [callKey('shop.php', request)]: listing,
        [callKey('profiles.php', undefined)]: profiles,
      },
    );
    expect(errors).toEqual([]);
    expect(serverHeading?.textContent).toBe('Kerala Blasters');
    expect(container.querySelector('h1')).toBe(serverHeading);
    expect(container.textContent).toContain('The Tuskers of the Indian Super League.');
    expect(container.textContent).toContain('StadiumJawaharlal Nehru Stadium, Kochi');
    expect(container.textContent).toContain('League titlesNone yet');
    expect(container.querySelector('svg text')?.textContent).toBe('KBFC');
  });

  it('sorted listings: the sort the address names, on the server and once hydrated', async () => {
    const api = fakeApi();
    const team = { limit: '0-50', sort: 'price-desc', team: ['Kerala Blasters'] };
    const sortBy = (container: HTMLElement) => container.querySelector('select')?.value;
    const teamPage = await serveAndHydrate(
      '/productCategory/team/kerala-blasters?sort=price-desc',
      {
        [callKey('shop.php', { limit: '0-1' })]: listing,
        [callKey('shop.php', team)]: listing,
        [callKey('profiles.php', undefined)]: profiles,
      },
    );
    expect(teamPage.errors).toEqual([]);
    expect(teamPage.container.querySelector('h1')).toBe(teamPage.serverHeading);
    expect(sortBy(teamPage.container)).toBe('price-desc');
    root?.unmount();
    root = undefined;
    const all = await serveAndHydrate('/allProducts?sort=rating', {
      [callKey('shop.php', { limit: '0-50', sort: 'rating' })]: listing,
    });
    expect(all.errors).toEqual([]);
    expect(all.container.querySelector('h1')).toBe(all.serverHeading);
    expect(sortBy(all.container)).toBe('rating');
    expect(all.container.textContent).toContain('6 products');
    // Both pages used what the server inlined.
    expect(api.calls['shop.php']).toBeUndefined();
  });

  it('a product page, with reviews dated in the shop’s time zone', async () => {
    const { container, serverHeading, errors } = await serveAndHydrate('/product/7', {
      [callKey('product.php', { product_id: 7 })]: detail,
    });
    expect(errors).toEqual([]);
    expect(container.querySelector('h1')).toBe(serverHeading);
    expect(container.textContent).toContain('Asha · 1 Jan 2026');
  });

  it('all products, with the first page the server inlined', async () => {
    const { container, serverHeading, errors } = await serveAndHydrate('/allProducts', {
      [callKey('shop.php', { limit: '0-50' })]: listing,
    });
    expect(errors).toEqual([]);
    expect(container.querySelector('h1')).toBe(serverHeading);
    expect(container.textContent).toContain('6 products');
  });

  it('all products with filters the server did not inline: the loader, then the products', async () => {
    const api = fakeApi();
    api.on('shop.php', () => ok(listing));
    const { container, serverHeading, errors } = await serveAndHydrate(
      '/allProducts?team=Kerala+Blasters',
      { [callKey('shop_details.php', undefined)]: shopDetails },
    );
    expect(errors).toEqual([]);
    expect(serverHeading?.textContent).toBe('All Products');
    // Once hydrated, the page loads what the server's page came without.
    await eventually(() => expect(container.textContent).toContain('6 products'));
    expect(api.calls['shop.php']).toEqual([{ limit: '0-50', team: ['Kerala Blasters'] }]);
  });

  it('a logged-in shopper’s cart count and checkout follow hydration', async () => {
    localStorage.setItem(
      'userData',
      JSON.stringify({ email: 'asha@kitroom.in', user_code: 5, session_id: 'handle' }),
    );
    const line = {
      ...products[0]!,
      selected_product_id: 1,
      selected_quantity: 2,
      selected_size: 'M',
    };
    localStorage.setItem('cart', JSON.stringify([line]));
    const api = fakeApi();
    api.on('cart.php', () => ok({ cart_items: [line] }));
    api.on('check_session.php', () => ok({ user_id: 5, session_id: 'handle' }));
    api.on('shipping_address.php', () => ok({ address: null }));
    window.history.replaceState(
      {
        usr: {
          items: [
            {
              product_id: 1,
              price: 899,
              image_url: line.image_url,
              name: line.name,
              quantity: 2,
              selectedSize: 'M',
            },
          ],
        },
        key: 'test',
        idx: 0,
      },
      '',
      '/checkOut',
    );
    const state: unknown = window.history.state;
    const { html } = await serverRender('/checkOut', {});
    // The server knows neither the cart nor the user: an empty cart, and the page's frame
    // (decision 083): its heading and Shipping Information, the fields empty and disabled.
    expect(html).toContain('aria-label="Cart, 0 items"');
    expect(html).toContain('Shipping Information');
    expect(html).toMatch(/<fieldset disabled="" aria-busy="true"/);
    expect(html).not.toContain('Order Summary');
    document.body.innerHTML = `<div id="root">${html}</div>`;
    window.history.replaceState(state, '', '/checkOut');
    const errors: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => {
      errors.push(args);
    });
    const container = document.getElementById('root')!;
    root = await hydrate(container, errors);
    await eventually(() => {
      expect(container.querySelector('[aria-label="Cart, 2 items"]')).not.toBeNull();
      expect(container.textContent).toContain('Order Summary');
    });
    // The page itself, its fields open to the shopper.
    expect(container.querySelector('fieldset[disabled]')).toBeNull();
    expect(container.querySelector<HTMLInputElement>('input[name="city"]')!.disabled).toBe(false);
    consoleError.mockRestore();
    expect(errors).toEqual([]);
  });
});

// A render after hydration is work the phone does twice before the page responds to a tap: a
// flag or a subscription whose browser value differs from the server's re-rendered every
// card of the page in one task (decision 054). A guest with nothing stored sees the
// server's page, so nothing on it renders again.
describe('a guest’s page renders once in the browser', { timeout: 30_000 }, () => {
  /** Each product card's committed renders (StrictMode's second call of a render is not one). */
  let cardRenders = new Set<object>();
  beforeEach(() => {
    cardRenders = new Set();
    vi.doMock('@/ui/product-card', async (importOriginal) => {
      const actual = await importOriginal<typeof ProductCardModule>();
      const { useLayoutEffect } = await import('react');
      return {
        ...actual,
        ProductCard: (props: Parameters<typeof actual.ProductCard>[0]) => {
          const render = {};
          useLayoutEffect(() => {
            cardRenders.add(render);
          });
          return actual.ProductCard(props);
        },
      };
    });
  });
  afterEach(() => {
    vi.doUnmock('@/ui/product-card');
  });

  /** Time for anything hydration set off (effects, store checks) to render again. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

  it('home: each product card is rendered once, by hydration', async () => {
    const { container, errors } = await serveAndHydrate('/', {
      [callKey('home.php', undefined)]: home,
      [callKey('profiles.php', undefined)]: profiles,
      [callKey('shop_details.php', undefined)]: shopDetails,
    });
    await settle();
    expect(errors).toEqual([]);
    const cards = container.querySelectorAll('article').length;
    expect(cards).toBeGreaterThan(0);
    expect(cardRenders.size).toBe(cards);
  });

  it('all products: each card of the first page is rendered once, by hydration', async () => {
    const { container, errors } = await serveAndHydrate('/allProducts', {
      [callKey('shop.php', { limit: '0-50' })]: listing,
    });
    await settle();
    expect(errors).toEqual([]);
    const cards = container.querySelectorAll('article').length;
    expect(cards).toBe(listing.products.length);
    expect(cardRenders.size).toBe(cards);
  });

  it('a product: its similar products are not rendered until they come near the screen', async () => {
    const { container, errors } = await serveAndHydrate('/product/7', {
      [callKey('product.php', { product_id: 7 })]: detail,
    });
    await settle();
    expect(errors).toEqual([]);
    expect(container.querySelectorAll('article').length).toBeGreaterThan(0);
    // The server's cards stand; the browser renders them when needed (decision 086).
    expect(cardRenders.size).toBe(0);
  });
});

describe('what the server says about each page (page-heads.ts)', { timeout: 30_000 }, () => {
  const DETAILS = callKey('shop_details.php', undefined);
  const PRODUCT = callKey('product.php', { product_id: 7 });
  const FACETS = callKey('shop.php', { limit: '0-1' });
  const TEAM = callKey('shop.php', { limit: '0-50', team: ['Kerala Blasters'] });
  const PROFILES = callKey('profiles.php', undefined);

  it('a product: its name and price, picture, Product structured data; made per view', async () => {
    const page = await serverRender('/product/7?utm_source=whatsapp', {
      [DETAILS]: shopDetails,
      [PRODUCT]: detail,
    });
    expect(page.url).toBe('/product/7');
    expect(page.head).toMatchObject({
      status: 200,
      title: 'Kerala Blasters Home 7 — ₹899',
      description: 'Breathable knit.',
      image: 'images/products/7-front.webp',
      type: 'product',
    });
    expect(page.head.jsonLd).toMatchObject({
      '@type': 'Product',
      sku: '7',
      brand: { name: 'Kerala Blasters' },
      offers: { price: '899.00', availability: 'https://schema.org/InStock' },
      // As on the page: the rating with the shown reviews behind it, and those reviews.
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: '4.2',
        reviewCount: 5,
        bestRating: 5,
      },
      review: [
        {
          '@type': 'Review',
          name: 'Great fit',
          reviewBody: 'Fits well.',
          reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5 },
          author: { '@type': 'Person', name: 'Asha' },
          datePublished: '2025-12-31T20:00:00Z',
        },
      ],
    });
    expect(page.cache).toBe('perView');
    expect(page.routes).toEqual(['root', 'product']);
    expect(page.calls).toEqual([
      { method: 'GET', path: 'shop_details.php' },
      { method: 'POST', path: 'product.php', body: '{"product_id":7}' },
    ]);
    expect(Object.keys(page.responses).sort()).toEqual([PRODUCT, DETAILS].sort());
  });

  it('a product nobody has reviewed claims no rating in its structured data', async () => {
    const [unreviewed] = detail;
    const page = await serverRender('/product/7', {
      [DETAILS]: shopDetails,
      [PRODUCT]: [
        {
          ...unreviewed!,
          product: { ...unreviewed!.product, product_rating: 4.7, review_count: 0 },
          reviews: [],
        },
      ],
    });
    expect(page.head.jsonLd).toMatchObject({ '@type': 'Product', sku: '7' });
    expect(page.head.jsonLd).not.toHaveProperty('aggregateRating');
    expect(page.head.jsonLd).not.toHaveProperty('review');
  });

  it('a product nobody has is 404, and an address no product can have asks nothing', async () => {
    const missing = await serverRender('/product/8', { [DETAILS]: shopDetails });
    expect(missing.head).toEqual({ status: 404, title: 'Product not found' });
    expect(missing.cache).toBe('shared');
    const nonsense = await serverRender('/product/0', { [DETAILS]: shopDetails });
    expect(nonsense.head).toEqual({ status: 404, title: 'Page not found' });
    expect(nonsense.calls.map((c) => c.path)).toEqual(['shop_details.php']);
  });

  it('a team: its name and product count, the profiles and names it shows inlined', async () => {
    const page = await serverRender('/productCategory/team/kerala-blasters', {
      [DETAILS]: shopDetails,
      [PROFILES]: profiles,
      [FACETS]: listing,
      [TEAM]: listing,
    });
    expect(page.head).toEqual({
      status: 200,
      title: 'Kerala Blasters jerseys',
      description:
        'Shop 6 Kerala Blasters jerseys at Kitroom: home, away and fan editions, delivered across India.',
      image: 'images/products/1-front.webp',
    });
    expect(Object.keys(page.responses).sort()).toEqual([DETAILS, PROFILES, FACETS, TEAM].sort());
    expect(page.html).toContain('The Tuskers of the Indian Super League.');
    const unknown = await serverRender('/productCategory/team/nobody-fc', {
      [PROFILES]: profiles,
      [FACETS]: listing,
    });
    expect(unknown.head.status).toBe(404);
  });

  it('a category: its product count and lowest price; an unknown one 404', async () => {
    const category = { products, min_price: 899, max_price: 899 };
    const page = await serverRender('/productCategory/Club%20Jerseys', {
      [callKey('shop.php', { category: ['Club Jerseys'] })]: category,
    });
    expect(page.head).toMatchObject({
      status: 200,
      title: 'Club Jerseys',
      description: '6 Club Jerseys from ₹899 at Kitroom, delivered across India.',
    });
    expect((await serverRender('/productCategory/Nope', {})).head.status).toBe(404);
  });

  it("all products: the address is its path and the filters it reads, not a link's others", async () => {
    const body = { limit: '0-50', team: ['Kerala Blasters'] };
    const page = await serverRender('/allProducts?utm_source=x&team=Kerala%20Blasters&fbclid=abc', {
      [callKey('shop.php', body)]: listing,
    });
    expect(page.url).toBe('/allProducts?team=Kerala%20Blasters');
    expect(page.head.title).toBe('All Products');
    expect(page.responses[callKey('shop.php', body)]).toEqual(listing);
    expect(page.cache).toBe('shared');
  });

  it('sorted listings: the address keeps ?sort=, the loaders ask for it; an unknown one is the shop’s order', async () => {
    const sorted = { limit: '0-50', sort: 'price-asc' };
    const all = await serverRender('/allProducts?sort=price-asc&utm_source=x', {
      [callKey('shop.php', sorted)]: listing,
    });
    expect(all.url).toBe('/allProducts?sort=price-asc');
    expect(all.calls).toContainEqual({
      method: 'POST',
      path: 'shop.php',
      body: JSON.stringify(sorted),
    });
    expect(all.html).toMatch(/<option value="price-asc" selected="">Price: low to high<\/option>/);

    const unknown = await serverRender('/allProducts?sort=cheapest', {
      [callKey('shop.php', { limit: '0-50' })]: listing,
    });
    expect(unknown.head.status).toBe(200);
    expect(unknown.calls).toContainEqual({
      method: 'POST',
      path: 'shop.php',
      body: '{"limit":"0-50"}',
    });
    expect(unknown.html).toMatch(/<option value="" selected="">Featured<\/option>/);

    const byRating = { category: ['Club Jerseys'], sort: 'rating' };
    const category = await serverRender('/productCategory/Club%20Jerseys?sort=rating&fbclid=x', {
      [callKey('shop.php', byRating)]: { products, min_price: 899, max_price: 899 },
    });
    expect(category.url).toBe('/productCategory/Club%20Jerseys?sort=rating');
    expect(category.head.status).toBe(200);
    expect(Object.keys(category.responses)).toContain(callKey('shop.php', byRating));

    const newest = { limit: '0-50', sort: 'newest', team: ['Kerala Blasters'] };
    const team = await serverRender('/productCategory/team/kerala-blasters?sort=newest', {
      [PROFILES]: profiles,
      [FACETS]: listing,
      [callKey('shop.php', newest)]: listing,
    });
    expect(team.url).toBe('/productCategory/team/kerala-blasters?sort=newest');
    expect(team.head.status).toBe(200);
    expect(Object.keys(team.responses)).toContain(callKey('shop.php', newest));

    const search = await serverRender('/searchPage/messi?sort=popular&utm_source=x', {});
    expect(search.url).toBe('/searchPage/messi?sort=popular');
    expect(search.html).toMatch(/<option value="popular" selected="">Popular<\/option>/);
  });

  it('contact: the store’s city from the settings', async () => {
    const page = await serverRender('/contactUs', { [DETAILS]: shopDetails });
    expect(page.head.description).toBe(
      'Phone, email and the address of our store in Kozhikode, Kerala. Every day, 9 AM to 9 PM.',
    );
  });

  it('a giveaway: its title and rules; an unknown one 404; a shopper’s own is private', async () => {
    const giveaway = {
      giveaway: { slug: 'derby', title: 'Signed derby jersey', rules: 'One entry per shopper.' },
    };
    const key = callKey('giveaway.php', { slug: 'derby' });
    const page = await serverRender('/giveaway/derby', { [key]: giveaway });
    expect(page.head).toEqual({
      status: 200,
      title: 'Signed derby jersey',
      description: 'One entry per shopper.',
    });
    expect(page.cache).toBe('shared');
    expect((await serverRender('/giveaway/nope', {})).head.status).toBe(404);
    const own = await serverRender('/giveaway/derby', { [key]: giveaway }, 'handle-1');
    expect(own.cache).toBe('private');
    expect(own.calls.find((c) => c.path === 'giveaway.php')?.visitor).toBe(true);
  });

  it('checkout: never indexed; the session check only with a session, then private', async () => {
    const check = callKey('check_session.php', { session_id: 'handle-1' });
    const visitor = await serverRender('/checkOut', { [DETAILS]: shopDetails });
    expect(visitor.head).toEqual({ status: 200, title: 'Checkout', noindex: true });
    expect(visitor.cache).toBe('shared');
    expect(visitor.routes).toEqual(['root', 'checkout']);
    const shopper = await serverRender(
      '/checkOut',
      { [DETAILS]: shopDetails, [check]: { user_id: 4, session_id: 'handle-1' } },
      'handle-1',
    );
    expect(shopper.cache).toBe('private');
    expect(shopper.responses[check]).toEqual({ user_id: 4, session_id: 'handle-1' });
    expect(shopper.calls.find((c) => c.path === 'check_session.php')).toEqual({
      method: 'POST',
      path: 'check_session.php',
      body: '{"session_id":"handle-1"}',
      visitor: true,
    });
  });

  it('an address no route serves is the 404 page', async () => {
    const page = await serverRender('/no/such/page', {});
    expect(page.head).toEqual({ status: 404, title: 'Page not found' });
    expect(page.routes).toEqual(['root', 'notFound']);
  });
});
