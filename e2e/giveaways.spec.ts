// Giveaways (decision 050), on a shop of its own: the owner creates a giveaway with a picture
// and featured jerseys in the back office; a shopper follows an affiliate's giveaway link,
// logs in from the giveaway page, comes back and enters ("You're in"); the owner sees the entry
// counted for that affiliate. The page is photographed at 1440 and 375 px into the test's
// output folder.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { ShopListingResponse } from '@kitroom/contract';
import { expect, expectAccessible, open, testOnOwnShop } from './fixtures';
import { ownerSetsUp, registerAccount } from './journeys';

const it = testOnOwnShop('giveaways');

/** '2026-11-26T14:45' for an instant, in India's time (the form's datetime-local fields). */
function indianLocal(ms: number): string {
  return new Date(ms + 330 * 60_000).toISOString().slice(0, 16);
}

it('an affiliate’s giveaway link brings a shopper who enters, counted for that affiliate', async ({
  page,
  browser,
  request,
  shop,
}, testInfo) => {
  it.setTimeout(300_000);
  const listing = (await (
    await request.post('/api/shop.php', { data: { limit: '0-4' } })
  ).json()) as ShopListingResponse;
  const featured = listing.products.slice(0, 2);

  // ── the owner creates the giveaway ──
  const ownerContext = await browser.newContext({ locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
  const owner = await ownerContext.newPage();
  await ownerSetsUp(owner, shop.adminSetupUrl!);
  await owner.goto('/admin/giveaways');
  await owner.getByRole('link', { name: 'New giveaway' }).click();
  await owner.getByLabel('Title').fill('Signed Kerala Blasters jersey');
  await expect(owner.getByLabel('Slug')).toHaveValue('signed-kerala-blasters-jersey');
  await owner.getByLabel('Starts (India time)').fill(indianLocal(Date.now() - 60 * 60_000));
  await owner.getByLabel('Ends (India time)').fill(indianLocal(Date.now() + 7 * 24 * 60 * 60_000));
  await owner
    .getByLabel('Rules')
    .fill('One entry per shopper.\nThe winner is drawn after the end and told by mail.');
  await owner.getByLabel('Featured product ids').fill(featured.map((p) => p.id).join(', '));
  await owner.getByRole('button', { name: 'Create giveaway' }).click();
  await expect(owner).toHaveURL(/\/admin\/giveaways\/\d+$/);
  const pictures = path.join(shop.dataDir, 'images/products');
  const picture = readdirSync(pictures).find((f) => /\.(webp|png|jpe?g)$/.test(f))!;
  await owner.getByLabel('Upload the picture').setInputFiles(path.join(pictures, picture));
  await expect(
    owner.getByRole('img', { name: 'Picture of Signed Kerala Blasters jersey' }),
  ).toBeVisible();
  await expectAccessible(owner, 'the giveaway form');

  // ── a shopper follows the affiliate's giveaway link, logs in from the page and enters ──
  const account = await registerAccount(request, 'giveaway');
  await open(page, '/link/KOCHI10/giveaway');
  await expect(page).toHaveURL(/\/giveaway\/signed-kerala-blasters-jersey$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Signed Kerala Blasters jersey' }),
  ).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Featured jerseys' }).getByRole('listitem'),
  ).toHaveCount(2);
  await page.screenshot({ path: testInfo.outputPath('giveaway-guest-1440.png'), fullPage: true });
  await page.getByRole('link', { name: 'Log in to enter' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/giveaway\/signed-kerala-blasters-jersey$/);
  const entered = page.waitForRequest((r) => r.url().endsWith('/api/giveaway_entry.php'));
  await page.getByRole('button', { name: 'Enter the giveaway' }).click();
  expect((await entered).postDataJSON()).toMatchObject({ affiliate_code: 'KOCHI10' });
  await expect(page.getByText(/You’re in!/)).toBeVisible();
  await expectAccessible(page, 'the giveaway page');
  await page.screenshot({ path: testInfo.outputPath('giveaway-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(page.getByText(/You’re in!/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('giveaway-375.png'), fullPage: true });

  // ── the owner sees the entry counted for the affiliate ──
  await owner.goto('/admin/giveaways');
  const counts = owner.getByRole('list', {
    name: 'Entries of Signed Kerala Blasters jersey by referral code',
  });
  await expect(counts.getByRole('listitem')).toHaveText(['KOCHI10 (Kochi Football Club): 1']);
  await expectAccessible(owner, 'the giveaways');
  await owner.screenshot({ path: testInfo.outputPath('admin-giveaways-1440.png'), fullPage: true });
  await owner.setViewportSize({ width: 375, height: 800 });
  await owner.screenshot({ path: testInfo.outputPath('admin-giveaways-375.png'), fullPage: true });
  await ownerContext.close();
});
