// Sorting the listings (decision 063) on a phone and a desk, and the wishlist heart on the
// product page. The order a page shows is checked against what shop.php responds with for it.
import { devices, type Page } from '@playwright/test';
import type { ShopListingResponse } from '@kitroom/contract';
import { expect, open, option, test } from './fixtures';

const SHOTS = '../test-results/screenshots';

/** The names of the cards a list shows, in order (each card's heart carries the full name). */
async function shownNames(page: Page, list: string): Promise<string[]> {
  const hearts = page.getByRole('list', { name: list }).getByRole('button', { name: /^Wishlist / });
  const labels = await hearts.evaluateAll((buttons) =>
    buttons.map((b) => b.getAttribute('aria-label') ?? ''),
  );
  return labels.map((l) => l.replace(/^Wishlist /, ''));
}

async function listingNames(page: Page, body: object): Promise<string[]> {
  const res = await page.request.post('/api/shop.php', { data: body });
  expect(res.status()).toBe(200);
  return ((await res.json()) as ShopListingResponse).products.map((p) => p.name);
}

test.describe('on a phone', () => {
  const { defaultBrowserType: _browser, ...phone } = devices['Pixel 7'];
  test.use({ ...phone, viewport: { width: 375, height: 812 } });

  test('a shopper sorts all products by price; the address keeps it through a reload', async ({
    page,
  }) => {
    await open(page, '/allProducts');
    const sortBy = page.getByRole('combobox', { name: 'Sort by' });
    await expect(sortBy).toBeVisible();
    await expect(sortBy).toHaveValue('');
    const featured = await shownNames(page, 'Products');
    expect(featured).toEqual(await listingNames(page, { limit: '0-50' }));

    await sortBy.selectOption({ label: 'Price: low to high' });
    await expect(page).toHaveURL(/\/allProducts\?sort=price-asc$/);
    const cheapest = await listingNames(page, { limit: '0-50', sort: 'price-asc' });
    await expect.poll(() => shownNames(page, 'Products')).toEqual(cheapest);
    expect(cheapest).not.toEqual(featured);
    await page.screenshot({ path: `${SHOTS}/sort-all-products-375.png` });

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-asc');
    expect(await shownNames(page, 'Products')).toEqual(cheapest);

    // The filter panel keeps the sort: a team narrows the sorted list.
    const listing = (await (
      await page.request.post('/api/shop.php', { data: { limit: '0-50' } })
    ).json()) as ShopListingResponse;
    const team = listing.teams.find((t) => t.count > 1)!;
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Filter' });
    await panel.getByRole('checkbox', { name: option(team.team_name) }).check();
    await panel.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/team=.*&sort=price-asc/);
    const sortedTeam = await listingNames(page, {
      limit: '0-50',
      sort: 'price-asc',
      team: [team.team_name],
    });
    await expect.poll(() => shownNames(page, 'Products')).toEqual(sortedTeam);
  });

  test('a team page sorts by newest, kept through a reload', async ({ page }) => {
    const listing = (await (
      await page.request.post('/api/shop.php', { data: { limit: '0-1' } })
    ).json()) as ShopListingResponse;
    const team = [...listing.teams].sort((a, b) => b.count - a.count)[0]!;
    const slug = team.team_name.toLowerCase().replace(/\s+/g, '-');
    await open(page, `/productCategory/team/${slug}`);
    const sortBy = page.getByRole('combobox', { name: 'Sort by' });
    await sortBy.selectOption({ label: 'Newest' });
    await expect(page).toHaveURL(new RegExp(`/productCategory/team/${slug}\\?sort=newest$`));
    const newest = await listingNames(page, {
      limit: '0-50',
      sort: 'newest',
      team: [team.team_name],
    });
    const list = `${team.team_name} products`;
    await expect.poll(() => shownNames(page, list)).toEqual(newest);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
    expect(await shownNames(page, list)).toEqual(newest);
    await page.getByRole('heading', { name: `${team.team_name} jerseys` }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/sort-team-375.png` });
  });

  test('the product page’s heart beside the name', async ({ page, catalogue }) => {
    const shirt = catalogue.listing.products[3]!;
    await open(page, `/product/${shirt.id}`);
    const heart = page.getByRole('button', { name: `Wishlist ${shirt.name}`, exact: true });
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await page.screenshot({ path: `${SHOTS}/product-heart-375.png` });
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
  });
});

test.describe('at a desk', () => {
  test('every listing offers the sorts; an address with an unknown one shows the shop’s order', async ({
    page,
  }) => {
    await open(page, '/allProducts?sort=cheapest');
    const sortBy = page.getByRole('combobox', { name: 'Sort by' });
    await expect(sortBy).toHaveValue('');
    expect(await shownNames(page, 'Products')).toEqual(await listingNames(page, { limit: '0-50' }));
    await expect(sortBy.getByRole('option')).toHaveText([
      'Featured',
      'Newest',
      'Price: low to high',
      'Price: high to low',
      'Popular',
      'Top rated',
    ]);
    // Keyboard: the select is reached and changed without a pointer.
    await sortBy.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL(/sort=newest/);
    await expect(sortBy).toBeFocused();
    await page.screenshot({ path: `${SHOTS}/sort-all-products-1440.png` });

    const category = (await (await page.request.post('/api/shop.php')).json()) as {
      categories: { category_name: string }[];
    };
    const name = category.categories[0]!.category_name;
    await open(page, `/productCategory/${encodeURIComponent(name)}?sort=price-desc`);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-desc');
    const dearest = (await (
      await page.request.post('/api/shop.php', { data: { category: [name], sort: 'price-desc' } })
    ).json()) as { products: { name: string }[] };
    expect(await shownNames(page, `${name} products`)).toEqual(dearest.products.map((p) => p.name));
    await page.screenshot({ path: `${SHOTS}/sort-category-1440.png` });

    await open(page, '/searchPage/jersey');
    const searchSort = page.getByRole('combobox', { name: 'Sort by' });
    await expect(searchSort.getByRole('option').first()).toHaveText('Best match');
    await searchSort.selectOption({ label: 'Top rated' });
    await expect(page).toHaveURL(/\/searchPage\/jersey\?sort=rating$/);
    const rated = (await (
      await page.request.post('/api/search_result.php', {
        data: { search: 'jersey', sort: 'rating' },
      })
    ).json()) as { products: { name: string }[] };
    await expect
      .poll(() => shownNames(page, 'Search results'))
      .toEqual(rated.products.map((p) => p.name));
    await page.screenshot({ path: `${SHOTS}/sort-search-1440.png` });
  });

  test('the product page has the cards’ wishlist heart', async ({ page, catalogue }) => {
    const shirt = catalogue.listing.products[2]!;
    await open(page, `/product/${shirt.id}`);
    const heart = page.getByRole('button', { name: `Wishlist ${shirt.name}`, exact: true });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await page.screenshot({ path: `${SHOTS}/product-heart-1440.png` });
    await page.reload();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    // The same heart as the card's: the listing shows it hearted.
    await open(page, '/allProducts');
    await expect(
      page
        .getByRole('list', { name: 'Products' })
        .getByRole('button', { name: `Wishlist ${shirt.name}`, exact: true }),
    ).toHaveAttribute('aria-pressed', 'true');
    await open(page, `/product/${shirt.id}`);
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
  });
});
