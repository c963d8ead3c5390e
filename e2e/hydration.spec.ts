// Pages arrive rendered by the server, and the browser takes that markup over (hydrates it)
// instead of drawing the page again. React logs any difference it finds as an error, which
// fails the journey (fixtures.ts); these journeys also check that the server's elements are
// the ones still on screen, for a visitor and for a logged-in shopper with a cart.
import { slugify } from '@kitroom/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { buyNow } from './journeys';
import { signUp } from './shopper';

type Kept = 'page' | 'shell';

/** Before any script runs, remembers the elements the server rendered into #root. */
async function recordServerMarkup(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const w = window as unknown as {
        __server: { el: Element; inMain: boolean; asSent: boolean }[];
      };
      w.__server = Array.from(document.querySelectorAll('#root *'), (el) => ({
        el,
        inMain: el.closest('main') !== null,
        asSent: el.parentElement?.closest('[data-static-island], [data-deferred-part]') !== null,
      }));
    });
  });
}

/**
 * The server's elements after hydration. 'page': every one is still in the document and
 * hydrated. 'shell': those outside <main> are (pages that load their response in the browser,
 * or depend on it, replace their loader). What a static island holds (the footer's links) is
 * kept as the server sent it, not hydrated (decision 085); so is a deferred part until it is
 * needed (decision 086), and then it is hydrated, never drawn again.
 */
async function expectHydratedServerMarkup(page: Page, kept: Kept): Promise<void> {
  const result = await page.evaluate((scope: Kept) => {
    const w = window as unknown as {
      __server?: { el: Element; inMain: boolean; asSent: boolean }[];
    };
    const server = w.__server ?? [];
    const checked = server.filter(({ inMain }) => scope === 'page' || !inMain);
    const hydrated = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactFiber$'));
    return {
      rendered: server.length,
      inMain: server.filter(({ inMain }) => inMain).length,
      replaced: checked.filter(({ el, asSent }) => !el.isConnected || (!asSent && !hydrated(el)))
        .length,
    };
  }, kept);
  expect(result.rendered, 'elements rendered by the server').toBeGreaterThan(50);
  expect(result.inMain, 'the page inside <main>, rendered by the server').toBeGreaterThan(0);
  expect(result.replaced, 'server elements replaced instead of hydrated').toBe(0);
}

test('a visitor’s pages are hydrated from the server’s markup', async ({
  page,
  request,
  catalogue,
}) => {
  const product = catalogue.listing.products[0]!;
  const category = catalogue.listing.categories.find((c) => c.count > 0)!.category_name;
  const team = catalogue.listing.teams.find((t) => t.count > 0)!.team_name;
  const player = catalogue.listing.players.find((p) => p.count > 0)!.player_name;
  const pages: { path: string; heading: string; kept: Kept }[] = [
    { path: '/', heading: 'Wear the badge', kept: 'page' },
    { path: '/allProducts', heading: 'All Products', kept: 'page' },
    { path: `/product/${product.id}`, heading: product.name, kept: 'page' },
    { path: `/productCategory/${encodeURIComponent(category)}`, heading: category, kept: 'page' },
    { path: `/productCategory/team/${slugify(team)}`, heading: team, kept: 'page' },
    { path: `/productCategory/player/${slugify(player)}`, heading: player, kept: 'page' },
    { path: '/productCategory/teams', heading: 'Teams', kept: 'shell' },
    { path: '/contactUs', heading: 'Contact Us', kept: 'page' },
    { path: '/returnPolicy', heading: 'Return Policy', kept: 'page' },
    { path: '/no/such/page', heading: 'This page is offside', kept: 'page' },
  ];
  await recordServerMarkup(page);
  for (const { path, heading, kept } of pages) {
    // The heading is in the HTML itself, before any script.
    const html = await (await request.get(path)).text();
    expect(html, path).toMatch(/<main[^>]*>[\s\S]*<h1/);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
    await expectHydratedServerMarkup(page, kept);
  }
});

test('a logged-in shopper’s cart, account and checkout hydrate cleanly', async ({
  page,
  catalogue,
}) => {
  const shopper = await signUp(page);
  const { product, size } = catalogue.inStock;
  await recordServerMarkup(page);

  // Checkout's lines are navigation state, which a reload keeps.
  await buyNow(page, product, size);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Shipping Information' })).toBeVisible();
  await expect(page.getByText(`Size: ${size} · Qty: 1`)).toBeVisible();
  await expectHydratedServerMarkup(page, 'shell');

  const added = await page.request.post('/api/cart_manage.php', {
    data: { action: 'add', user_id: shopper.userId, product_id: product.id, size, quantity: 1 },
  });
  expect(added.status()).toBe(200);
  for (const path of ['/', `/product/${product.id}`, '/allProducts']) {
    await page.goto(path);
    // The server rendered an empty cart; the shopper's own count follows hydration.
    await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
    await expectHydratedServerMarkup(page, 'page');
  }
  for (const { path, heading } of [
    { path: '/myAccount', heading: 'My Profile' },
    { path: '/myAccount/orders', heading: 'Orders' },
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectHydratedServerMarkup(page, 'shell');
  }
});
