// axe-core on every page and on the overlays: no serious or critical violation.
import { slugify } from '@kitroom/contract';
import { expect, expectAccessible, open, test } from './fixtures';

test('every page passes axe', async ({ page, catalogue }) => {
  test.setTimeout(180_000);
  const category = catalogue.listing.categories[0]!.category_name;
  const team = catalogue.listing.teams[0]!.team_name;
  const player = catalogue.listing.players[0]!.player_name;
  const pages = [
    '/',
    '/allProducts',
    `/productCategory/${encodeURIComponent(category)}`,
    `/productCategory/team/${slugify(team)}`,
    `/productCategory/player/${slugify(player)}`,
    '/productCategory/teams',
    '/productCategory/players',
    `/product/${catalogue.inStock.product.id}`,
    '/searchPage/jersey',
    '/contactUs',
    '/terms&conditions',
    '/returnPolicy',
    '/privacyPolicy',
    '/shippingPolicy',
    '/refundPolicy',
    '/no-such-page',
  ];
  for (const path of pages) {
    await open(page, path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, path);
  }
});

test('the overlays and modals pass axe', async ({ page, catalogue }) => {
  await open(page, `/product/${catalogue.inStock.product.id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Size Not Selected' })).toBeVisible();
  await expectAccessible(page, 'Size Not Selected modal');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Zoom image' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'image zoom');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByPlaceholder('Search by name or description...').fill('jersey');
  await expect(page.getByRole('region', { name: 'Suggestions' })).toBeVisible();
  await expectAccessible(page, 'search overlay');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: /^Cart, / }).click();
  await expect(page.getByRole('dialog', { name: 'Shopping Cart' })).toBeVisible();
  await expectAccessible(page, 'cart panel');
});
