// A phone visit: the bottom bar, the menu drawer, the filter panel and the cart panel.
import { devices } from '@playwright/test';
import { expect, open, option, test } from './fixtures';

// A phone's touch and user agent (the browser type comes from the config's project).
const { defaultBrowserType: _browser, ...phone } = devices['Pixel 7'];
test.use({ ...phone, viewport: { width: 375, height: 812 } });

test('a phone shopper moves with the bottom bar and filters in the full panel', async ({
  page,
  catalogue,
}) => {
  await open(page, '/');
  const bar = page.getByRole('navigation', { name: 'Shortcuts' });
  await expect(bar).toBeVisible();
  for (const name of ['Home', 'Products', 'Orders', 'User']) {
    await expect(bar.getByRole('link', { name })).toBeVisible();
  }
  await expect(bar.getByRole('button', { name: /^Cart, / })).toBeVisible();
  // The desktop links give way to the menu toggle.
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Us' }),
  ).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await menu.getByRole('link', { name: 'Contact Us' }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\/contactUs$/);

  await bar.getByRole('link', { name: 'Products' }).click();
  await expect(page).toHaveURL(/\/allProducts$/);
  await expect(page.getByRole('complementary', { name: 'Filters' })).toBeHidden();
  await page.getByRole('button', { name: 'Filter' }).click();
  const panel = page.getByRole('dialog', { name: 'Filter' });
  const team = catalogue.listing.teams.find((t) => t.count > 0)!;
  await panel.getByRole('checkbox', { name: option(team.team_name) }).check();
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/allProducts$/);
  await page.getByRole('button', { name: 'Filter' }).click();
  await panel.getByRole('checkbox', { name: option(team.team_name) }).check();
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/team=/);
  await expect(
    page.getByText(`${team.count} ${team.count === 1 ? 'product' : 'products'}`),
  ).toBeVisible();

  await page.getByRole('list', { name: 'Products' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await page.getByRole('group', { name: 'Size' }).locator('button:enabled').first().click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to your cart.')).toBeVisible({ timeout: 5000 });
  await bar.getByRole('button', { name: 'Cart, 1 item' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Shopping Cart' }).getByRole('listitem'),
  ).toHaveCount(1);
});

test('on a phone the hero’s shirt stays on screen, and a paper page is grey down to the footer', async ({
  page,
}) => {
  await open(page, '/');
  const shirt = page.locator('[aria-roledescription="slide"] a[aria-hidden="true"]').first();
  const box = await shirt.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);

  await open(page, '/login');
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  const main = page.locator('main');
  await expect(main).toHaveCSS('background-color', 'rgb(245, 246, 248)');
  const mainBox = await main.boundingBox();
  expect(mainBox!.y + mainBox!.height).toBeGreaterThanOrEqual(812);
});
