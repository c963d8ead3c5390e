// The server's markup (entry-server.tsx) and the browser's first render (browser-app.tsx)
// must agree, or React throws the server's page away and draws it again. React's
// development build reports every difference, attributes included, through console.error
// or a recoverable error: either fails these tests.
import type {
  HomeResponse,
  ProductResponse,
  ProductSummary,
  ProfilesResponse,
  RenderedPage,
  ShopDetailsResponse,
  ShopListingResponse,
} from '@kitroom/contract';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { callKey } from '@/api/client';
import { eventually } from '@/test/eventually';
import { fakeApi, ok } from '@/test/fake-api';
import { startServerRenderer, type ServerRenderer } from '@/test/render-on-server';

function product(id: number, overrides: Partial<ProductSummary> = {}): ProductSummary {
  return {
    id,
    name: `Kerala Blasters Home ${id}`,
    price: 1299,
    discount_price: 899,
    image_url: `images/products/${id}-front.webp`,
    stock_quantity: 5,
    size: { S: 2, M: 3, L: 0 },
    category_name: 'Club Jerseys',
    sub_category_name: null,
    team_name: 'Kerala Blasters',
    player_name: null,
    tag: 'home',
    product_rating: 4.2,
    review_count: 5,
    ...overrides,
  };
}

const products = [1, 2, 3, 4, 5, 6].map((id) => product(id));
const home: HomeResponse = {
  Limited: products.slice(0, 3),
  'New product': products.slice(2, 6),
  'Most Viewed': products.slice(1, 4),
  promotion: products.slice(0, 1),
};
const detail: ProductResponse = [
  {
    product: { ...product(7), image1: null, image2: null, product_details: 'Breathable knit.' },
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

/** The page as the server renders it (entry-server.tsx). */
function serverRender(url: string, data: Record<string, unknown>): Promise<RenderedPage> {
  return server.render({ url, data, origin: window.location.origin });
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
  document.head.innerHTML = page.head;
  document.body.innerHTML = `<div id="root">${page.html}</div><script id="initial-data" type="application/json">${JSON.stringify(data)}</script>`;
  const container = document.getElementById('root')!;
  const serverHeading = container.querySelector('h1');
  const errors: unknown[] = [];
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => {
    errors.push(args);
  });
  root = await hydrate(container, errors);
  // Every element the server rendered is now React's: hydration has finished.
  await eventually(() => {
    const elements = Array.from(container.querySelectorAll('*'));
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
    // The server knows neither the cart nor the user: an empty cart and the page loader.
    expect(html).toContain('aria-label="Cart, 0 items"');
    expect(html).toContain('Loading page');
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
      expect(container.textContent).toContain('Shipping Information');
    });
    consoleError.mockRestore();
    expect(errors).toEqual([]);
  });
});
