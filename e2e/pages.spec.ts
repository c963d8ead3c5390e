// Pages that load from their URL alone: categories, teams, players, lists, info pages, 404.
import { slugify } from '@kitroom/contract';
import { expect, open, test } from './fixtures';

test('an unknown address shows the 404 page, which leads back to shopping', async ({
  page,
  request,
}) => {
  const res = await request.get('/no/such/page');
  expect(res.status()).toBe(404);
  await open(page, '/no/such/page');
  await expect(page.getByRole('heading', { name: 'This page is offside' })).toBeVisible();
  await page.getByRole('link', { name: 'Get Back to Shopping' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('unknown API calls still respond with a JSON 404', async ({ request }) => {
  const res = await request.get('/api/nothing-here.php');
  expect(res.status()).toBe(404);
  expect(await res.json()).toEqual({ error: 'No such call: GET /api/nothing-here.php' });
});

test('a category page loads from its URL and filters by price steps of 50', async ({
  page,
  catalogue,
}) => {
  const category = catalogue.listing.categories.find((c) => c.count > 0)!.category_name;
  await open(page, `/productCategory/${encodeURIComponent(category)}`);
  await expect(page.getByRole('heading', { level: 1, name: category })).toBeVisible();
  const from = page.getByLabel('From');
  const values = await from
    .locator('option')
    .evaluateAll((options) => options.map((o) => Number((o as HTMLOptionElement).value)));
  expect(values.length).toBeGreaterThan(1);
  expect(values.every((v, i) => i === 0 || v - values[i - 1]! === 50)).toBe(true);
  // From the top step to the top step leaves at most the dearest products.
  await from.selectOption(String(values[values.length - 1]));
  // 'To' begins its label; the sort's ("Price: low to high") only contains it.
  await page.getByLabel(/^To/).selectOption(String(values[values.length - 1]));
  const empty = page.getByText('No products found for the selected price range.');
  const grid = page.getByRole('list', { name: `${category} products` });
  await expect(empty.or(grid)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: category })).toBeVisible();
});

test('player pages load by slug and list the players', async ({ page, catalogue }) => {
  const player = catalogue.listing.players.find((p) => p.count > 0)!.player_name;
  await open(page, `/productCategory/player/${slugify(player)}`);
  await expect(page.getByRole('heading', { level: 1, name: player })).toBeVisible();
  await expect(page.getByText('Career goals')).toBeVisible();
  const heart = page.getByRole('button', { name: /^Wishlist / }).first();
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('link', { name: 'Browse Other Players' }).click();
  await expect(page).toHaveURL(/\/productCategory\/players$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Players' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Sunil Chhetri/ })).toBeVisible();
});

test('the contact and policy pages hold their details', async ({ page }) => {
  await open(page, '/contactUs');
  await expect(page.getByText('Kozhikode, Kerala 673004')).toBeVisible();
  await expect(page.getByText(/10 AM to 8 PM \(closed Sunday\)/)).toBeVisible();
  await expect(page.locator('iframe[title^="Map"]')).toHaveAttribute(
    'src',
    /^https:\/\/www\.google\.com\/maps/,
  );

  const policies: [string, string, RegExp][] = [
    ['/terms&conditions', 'Terms & Conditions', /courts of Kozhikode/],
    ['/returnPolicy', 'Return Policy', /within 7 days of delivery/],
    ['/refundPolicy', 'Refund Policy', /processed within 7 days/],
    ['/shippingPolicy', 'Shipping Policy', /shipped within 5 days/],
    ['/privacyPolicy', 'Privacy Policy', /never see or store/],
  ];
  for (const [path, title, text] of policies) {
    await open(page, path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(text);
  }
});

test('the footer refuses blank feedback with the spec text', async ({ page }) => {
  await open(page, '/contactUs');
  await page.getByLabel('Send us your feedback').fill('   ');
  await page.getByRole('button', { name: 'Send' }).click();
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText('please write your feedback and send to us.');
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toBeHidden();
});

test('robots.txt, the sitemap, the manifest and the favicon are served', async ({ request }) => {
  expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap: ');
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('/product/');
  expect((await request.get('/manifest.webmanifest')).status()).toBe(200);
  expect((await request.get('/favicon.ico')).status()).toBe(200);
  expect((await request.get('/favicon.svg')).status()).toBe(200);
});
