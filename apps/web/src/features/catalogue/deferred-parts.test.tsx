// The product page's parts below a phone's first screen (decision 086), on a page the server
// rendered and the browser hydrates: each keeps the server's HTML, and its code stays unloaded,
// until it comes near the screen or is touched; then it hydrates and works, a tap made before
// included. A navigation shows the next product's parts, and no part goes blank meanwhile.
import type { ProductDetail, ProductResponse, ProductSummary } from '@kitroom/contract';
import { screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { callKey } from '@/api/client';
import { CART_KEY } from '@/features/cart';
import { eventually } from '@/test/eventually';
import { productSummary } from '@/test/catalogue-data';
import { fakeApi, ok } from '@/test/fake-api';
import { startServerRenderer, type ServerRenderer } from '@/test/render-on-server';
import { PRINT_LOADING } from './product-rules';

/** One review: the product page's reviews section lists it. */
const summary = (id: number, overrides: Partial<ProductSummary> = {}) =>
  productSummary(id, { review_count: 1, ...overrides });

function detail(id: number, extra: Partial<ProductDetail> = {}): ProductResponse {
  const product = summary(id, id === 1 ? { size: { S: 2, M: 3, XL: 0 } } : {});
  return [
    {
      product: { ...product, image1: null, image2: null, product_details: 'Breathable knit.' },
      similar_by_category: [summary(1), summary(2)],
      similar_by_price: [],
      similar_by_tag: [],
      reviews: [
        id === 1
          ? {
              rating: 4,
              user_name: 'Binu',
              subject: 'Lovely colours',
              comment: 'Bright yellow.',
              created_at: '2026-01-05T10:00:00Z',
            }
          : {
              rating: 5,
              user_name: 'Asha',
              subject: 'Great fit',
              comment: 'Fits well.',
              created_at: '2026-01-02T10:00:00Z',
            },
      ],
      ...extra,
    },
  ];
}

const kozhikode = {
  pincode: '673001',
  city: 'Kozhikode',
  state: 'Kerala',
  states: ['Kerala'],
  date: '2026-11-27',
  text: 'Delivery by Fri, 27 Nov',
  cod: { available: false, fee: 49, reason: 'Cash on delivery is not available at the moment.' },
};

/** An IntersectionObserver the test moves: show(element) brings it near the screen. */
class TestObserver {
  static all = new Set<TestObserver>();
  readonly targets = new Set<Element>();
  constructor(readonly callback: IntersectionObserverCallback) {
    TestObserver.all.add(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
    TestObserver.all.delete(this);
  }
  takeRecords(): [] {
    return [];
  }
  static show(target: Element) {
    for (const observer of [...TestObserver.all]) {
      if (!observer.targets.has(target)) continue;
      const entry = { target, isIntersecting: true } as IntersectionObserverEntry;
      observer.callback([entry], observer as unknown as IntersectionObserver);
    }
  }
}

let server: ServerRenderer;
let root: Root | undefined;
/** How many times the browser loaded the parts' module (deferred-parts.tsx). */
let loads = 0;
/** Set: the next load of the parts' module fails, as on a phone without signal. */
let offline = false;
const actEnvironment = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT');

beforeAll(async () => {
  // Hydration runs as in a browser, on React's own schedule, not inside act().
  Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false);
  server = await startServerRenderer();
  // Compiled once here, not within a test's wait on a busy machine.
  await import('./deferred-parts');
}, 60_000);

afterAll(async () => {
  Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment);
  await server.close();
});

beforeEach(() => {
  loads = 0;
  offline = false;
  vi.stubGlobal('IntersectionObserver', TestObserver);
  vi.doMock('./deferred-parts', async (importOriginal) => {
    loads += 1;
    if (offline) {
      offline = false;
      throw new TypeError('Failed to fetch dynamically imported module');
    }
    return importOriginal();
  });
});

afterEach(() => {
  root?.unmount();
  root = undefined;
  TestObserver.all.clear();
  vi.doUnmock('./deferred-parts');
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

/** The product page as the server renders it, hydrated as main.tsx does. */
async function open(id: number, extra: Partial<ProductDetail> = {}) {
  const api = fakeApi();
  api.on('product.php', ({ product_id }) => ok(detail(Number(product_id), extra)));
  const url = `/product/${id}`;
  const page = await server.render({
    url,
    data: { [callKey('product.php', { product_id: id })]: detail(id, extra) },
    origin: window.location.origin,
  });
  window.history.replaceState(null, '', url);
  document.head.innerHTML = page.headTags;
  document.body.innerHTML = `<div id="root">${page.html}</div><script id="initial-data" type="application/json">${JSON.stringify(page.responses)}</script>`;
  const container = document.getElementById('root')!;
  const served = document.createElement('div');
  served.innerHTML = page.html;
  vi.resetModules();
  const { createBrowserApp } = await import('@/app/browser-app');
  const app = await createBrowserApp({ hydrating: true });
  const errors: unknown[] = [];
  root = hydrateRoot(container, app, { onRecoverableError: (error) => void errors.push(error) });
  // Hydrated, but for what the parts and the footer's static island hold; each part watched.
  await eventually(() => {
    const elements = [...container.querySelectorAll('*')].filter(
      (el) => !el.parentElement?.closest('[data-static-island], [data-deferred-part]'),
    );
    expect(elements.every(hydrated)).toBe(true);
    const watched = [...TestObserver.all].flatMap((o) => [...o.targets]);
    for (const part of container.querySelectorAll('[data-deferred-part]')) {
      expect(watched).toContain(part);
    }
  });
  return { api, container, served, errors };
}

const hydrated = (element: Element) =>
  Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

/** The deferred part around `element`. */
const partOf = (element: Element) => element.closest<HTMLElement>('[data-deferred-part]')!;

const parts = () => ({
  notify: partOf(screen.getByText(/sold out\? We'll email you/)),
  delivery: partOf(screen.getByRole('region', { name: 'Delivery' })),
  share: partOf(screen.getByRole('link', { name: 'Share on WhatsApp' })),
  reviews: partOf(screen.getByRole('heading', { name: 'Reviews' })),
  similar: partOf(screen.getByRole('heading', { name: 'You May Also Like' })),
});

/** Whether React has taken over what is inside a part. */
const awake = (part: HTMLElement) => [...part.querySelectorAll('*')].every(hydrated);
const asleep = (part: HTMLElement) => ![...part.querySelectorAll('*')].some(hydrated);

/** A plain left click, as the browser dispatches it. */
function click(element: Element) {
  return element.dispatchEvent(
    new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }),
  );
}

/** Typing into a field: its value, then the input event the browser fires. */
function type(field: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('the product page’s parts below the first screen', { timeout: 30_000 }, () => {
  it('keep the server’s HTML and load no code until needed, whatever the page above does', async () => {
    const { served, errors } = await open(7);
    const shown = parts();
    for (const part of Object.values(shown)) {
      expect(asleep(part)).toBe(true);
      expect(part.innerHTML).toBe(served.querySelector(`[id="${part.id}"]`)!.innerHTML);
    }
    expect(loads).toBe(0);

    // The page above renders again (a size chosen): the parts stay as they are.
    click(screen.getByRole('button', { name: 'M' }));
    await eventually(() =>
      expect(screen.getByRole('button', { name: 'M' }).getAttribute('aria-pressed')).toBe('true'),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const part of Object.values(parts())) expect(asleep(part)).toBe(true);
    expect(loads).toBe(0);
    expect(errors).toEqual([]);
  });

  it('hydrate one by one as they come near the screen, and then work', async () => {
    const { api, errors } = await open(7);
    api.on('delivery_estimate.php?pincode=673001', () => ok(kozhikode));
    const { delivery, reviews } = parts();

    TestObserver.show(delivery);
    await eventually(() => expect(awake(delivery)).toBe(true));
    expect(loads).toBe(1);
    // The code is here for all of them, but only the part near the screen has hydrated.
    expect(asleep(reviews)).toBe(true);

    type(screen.getByLabelText('Delivery pincode'), '673001');
    click(screen.getByRole('button', { name: 'Check delivery' }));
    await eventually(() => expect(screen.getByText(/^Delivery by Fri, 27 Nov/)).toBeTruthy());
    TestObserver.show(reviews);
    await eventually(() => expect(awake(reviews)).toBe(true));
    expect(errors).toEqual([]);
  });

  it('keep a tap that comes in the same moment as typing that woke the part', async () => {
    const { api, errors } = await open(7);
    api.on('delivery_estimate.php?pincode=673001', () => ok(kozhikode));
    const { delivery, reviews } = parts();
    // The parts' code is here (the reviews woke it); the box is still the server's HTML.
    TestObserver.show(reviews);
    await eventually(() => expect(awake(reviews)).toBe(true));
    expect(asleep(delivery)).toBe(true);

    // A touch on the field wakes the box, and its code is ready at once; before React's own
    // turn to hydrate it, the shopper types, which makes React hydrate it there and then. The
    // tap on Check delivery comes in the same task, before what was typed is handed over.
    const field = screen.getByLabelText<HTMLInputElement>('Delivery pincode');
    field.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
    expect(asleep(delivery)).toBe(true);
    type(field, '673001');
    expect(awake(delivery)).toBe(true);
    click(screen.getByRole('button', { name: 'Check delivery' }));

    await eventually(() => expect(screen.getByText(/^Delivery by Fri, 27 Nov/)).toBeTruthy());
    expect(api.calls['delivery_estimate.php?pincode=673001']).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('do what a tap or typing asked before their code came', async () => {
    const { api, errors } = await open(7);
    api.on('delivery_estimate.php?pincode=673001', () => ok(kozhikode));
    const { notify, delivery } = parts();

    // Notify me, pressed while the part is the server's HTML: the browser's own submit is
    // held, then the press is replayed: a guest is asked for an email.
    expect(click(screen.getByRole('button', { name: 'Notify me' }))).toBe(false);
    await eventually(() => expect(awake(notify)).toBe(true));
    expect(await screen.findByRole('textbox', { name: 'Email' })).toBeTruthy();

    // A pincode typed, then Check delivery, before the box's code: both reach it.
    expect(asleep(delivery)).toBe(true);
    type(screen.getByLabelText('Delivery pincode'), '673001');
    click(screen.getByRole('button', { name: 'Check delivery' }));
    await eventually(() => expect(screen.getByText(/^Delivery by Fri, 27 Nov/)).toBeTruthy());
    expect(api.calls['delivery_estimate.php?pincode=673001']).toHaveLength(1);
    expect(loads).toBe(1);
    expect(errors).toEqual([]);
  });

  it('take what was typed before they woke, and a part whose data changes asleep stays whole', async () => {
    const offer = { name_price: 300, number_price: 200, patch_price: null, colour: '#FFD700' };
    const { container, errors } = await open(7, { printing: offer });
    const printing = partOf(screen.getByRole('heading', { name: 'Name and number printing' }));
    const { delivery } = parts();
    // Whenever the page changes, the pincode box must still be there, with its words.
    const gaps: string[] = [];
    const watch = new MutationObserver(() => {
      if (!container.textContent?.includes('Delivery pincode')) gaps.push('pincode box');
    });
    watch.observe(container, { childList: true, subtree: true, characterData: true });

    const name = screen.getByRole<HTMLInputElement>('textbox', { name: 'Name (+₹300)' });
    name.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    type(name, 'luna');
    await eventually(() => expect(awake(printing)).toBe(true));
    await eventually(() => expect(screen.getByText('Printing adds ₹300 a piece.')).toBeTruthy());
    expect(name.value).toBe('luna');
    // The print changes the pincode box's data (a printed shirt leaves later): the box,
    // asleep, is rendered anew by the browser, its text kept throughout.
    await eventually(() => expect(awake(parts().delivery)).toBe(true));
    watch.disconnect();
    expect(gaps).toEqual([]);
    expect(delivery.isConnected || parts().delivery.isConnected).toBe(true);
    expect(errors).toEqual([]);
  });

  it('show the next product’s parts after a navigation, and keep theirs until it comes', async () => {
    const { container, errors } = await open(7);
    // Product 1's page answers when the test says.
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const fetched = vi.mocked(globalThis.fetch).getMockImplementation()!;
    let asked = false;
    vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
      if (String(input).endsWith('product.php') && String(init?.body).includes('"product_id":1')) {
        asked = true;
        await answered;
      }
      return fetched(input, init);
    });

    // The first similar jersey, pressed while its part is asleep.
    const card = parts().similar.querySelector('a[href="/product/1"] h3')!;
    expect(click(card)).toBe(false);
    await eventually(() => expect(asked).toBe(true));
    // The next page is loading: this page's parts are all still there, with their content.
    expect(container.textContent).toContain('Great fit');
    expect(container.textContent).toContain('Delivery pincode');
    expect(container.textContent).toContain("Size L sold out? We'll email you when it's back.");
    answer();

    await eventually(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Kerala Blasters Home 1'),
    );
    expect(await screen.findByText('Lovely colours')).toBeTruthy();
    expect(screen.queryByText('Great fit')).toBeNull();
    expect(screen.getByText("Size XL sold out? We'll email you when it's back.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href')).toContain(
      encodeURIComponent('/product/1'),
    );
    expect(errors).toEqual([]);
  });

  it('keep their content while a navigation loads the next page', async () => {
    const { api, container, errors } = await open(7);
    const products = [summary(1), summary(2)];
    api.on('shop.php', () =>
      ok({
        products,
        categories: [],
        sub_categories: [],
        teams: [],
        players: [],
        min_price: 899,
        max_price: 899,
        total: 2,
      }),
    );
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const fetched = vi.mocked(globalThis.fetch).getMockImplementation()!;
    let asked = false;
    vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
      if (String(input).endsWith('shop.php')) {
        asked = true;
        await answered;
      }
      return fetched(input, init);
    });
    // Until the next page shows, every change to this one keeps the parts' words.
    const gaps: string[] = [];
    const watch = new MutationObserver(() => {
      const text = container.textContent ?? '';
      if (text.includes('All Products')) return;
      for (const words of ['Great fit', 'Delivery pincode', 'sold out? We', 'You May Also Like']) {
        if (!text.includes(words)) gaps.push(words);
      }
    });
    watch.observe(container, { childList: true, subtree: true, characterData: true });

    const shortcuts = screen.getByRole('navigation', { name: 'Shortcuts' });
    expect(click(shortcuts.querySelector('a[href="/allProducts"]')!)).toBe(false);
    await eventually(() => expect(asked).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    answer();
    await eventually(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('All Products'),
    );
    watch.disconnect();
    expect(gaps).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('Add to Cart takes no print typed while the printing section’s code could not load: it loads it, keeps the text, and adds the print at the next tap', async () => {
    localStorage.removeItem(CART_KEY);
    const offer = { name_price: 300, number_price: 200, patch_price: null, colour: '#FFD700' };
    const { errors } = await open(7, { printing: offer });
    const printing = () =>
      partOf(screen.getByRole('heading', { name: 'Name and number printing' }));
    // The shopper's phone loses signal as they tap the name field: the code does not come.
    offline = true;
    screen
      .getByRole('textbox', { name: 'Name (+₹300)' })
      .dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await eventually(() => expect(loads).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asleep(printing())).toBe(true);
    // They type into the form the page still shows, choose a size and tap Add to Cart.
    type(screen.getByRole<HTMLInputElement>('textbox', { name: 'Name (+₹300)' }), 'luna');
    click(screen.getByRole('button', { name: 'S' }));
    await eventually(() =>
      expect(screen.getByRole('button', { name: 'S' }).getAttribute('aria-pressed')).toBe('true'),
    );
    click(screen.getByRole('button', { name: 'Add to Cart' }));
    await eventually(() => expect(screen.getByText(PRINT_LOADING)).toBeTruthy());
    // The tap asked for the code again; it comes, with the name they typed.
    await eventually(() => expect(awake(printing())).toBe(true));
    expect(loads).toBe(2);
    await eventually(() => expect(screen.getByText('Printing adds ₹300 a piece.')).toBeTruthy());
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Name (+₹300)' }).value).toBe(
      'luna',
    );
    expect(JSON.parse(localStorage.getItem(CART_KEY) ?? '[]')).toEqual([]);

    click(screen.getByRole('button', { name: 'Add to Cart' }));
    await eventually(() =>
      expect(JSON.parse(localStorage.getItem(CART_KEY) ?? '[]')).toEqual([
        expect.objectContaining({
          selected_size: 'S',
          print: { name: 'LUNA', number: null, patch: false, price: 300 },
        }),
      ]),
    );
    expect(errors).toEqual([]);
  });

  it('keep the server’s HTML when their code cannot load, and load it at the next touch', async () => {
    const { errors } = await open(7);
    const { reviews } = parts();
    offline = true;
    TestObserver.show(reviews);
    await eventually(() => expect(loads).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asleep(reviews)).toBe(true);
    expect(reviews.textContent).toContain('Great fit');
    // The rest of the page works on.
    click(screen.getByRole('button', { name: 'S' }));
    await eventually(() =>
      expect(screen.getByRole('button', { name: 'S' }).getAttribute('aria-pressed')).toBe('true'),
    );

    screen
      .getByText('Great fit')
      .dispatchEvent(new MouseEvent('pointerdown', { bubbles: true, button: 0 }));
    await eventually(() => expect(awake(reviews)).toBe(true));
    expect(loads).toBe(2);
    expect(errors).toEqual([]);
  });
});
