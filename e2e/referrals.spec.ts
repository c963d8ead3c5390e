// Referral links: an affiliate's product link records the click, leads to the product and
// credits the purchase (read back with the affiliate report after the shop stops); a
// campaign link keeps its code; a link the server refuses goes home.
import { spawnSync } from 'node:child_process';
import type { ShopListingResponse } from '@kitroom/contract';
import { expect, open, testOnOwnShop } from './fixtures';
import {
  buyNow,
  fillAddress,
  finishPayment,
  KOCHI,
  logInWithForm,
  registerAccount,
} from './journeys';
import { ownShopNode, root } from './shop-server';

// Orders are credited in the shop's database; this journey gets a shop of its own, so the
// affiliate report can read its database once it has stopped. Pages and calls go to it.
const it = testOnOwnShop('referrals');

function affiliateReport(dataDir: string): string {
  // `npm run affiliate-report`'s built command, on the Node the shop runs on.
  const run = spawnSync(ownShopNode, ['apps/server/dist/affiliate-report-cli.js'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

it('an affiliate product link leads to the product and credits the purchase', async ({
  page,
  request,
  shop,
}) => {
  it.setTimeout(3 * 60_000);
  const base = shop.baseUrl;
  const api = request;
  const listing = (await (
    await api.post('/api/shop.php', { data: { limit: '0-50' } })
  ).json()) as ShopListingResponse;
  const product = listing.products.find((p) => Object.values(p.size).some((s) => s > 1))!;
  const size = Object.entries(product.size).find(([, s]) => s > 1)![0];

  // A refused link goes home and keeps nothing.
  await open(page, `${base}/link/not a code!/${product.id}`);
  await expect(page).toHaveURL(`${base}/`);
  expect(await page.evaluate(() => localStorage.getItem('affiliate_data'))).toBeNull();

  // A campaign link keeps its code for checkout and lands on the giveaway page (the current
  // giveaway's, or /giveaway saying none runs).
  await open(page, `${base}/link/giveaway/IGDROP`);
  await expect(page).toHaveURL(/\/giveaway(\/[a-z0-9-]+)?$/);
  const campaign = await page.evaluate(() => JSON.parse(localStorage.getItem('google_code_data')!));
  expect(campaign).toMatchObject({ code: 'IGDROP', timestamp: expect.any(Number) });

  // The affiliate's product link: the click is recorded, the code kept, the product shown.
  await open(page, `${base}/link/KOCHI10/${product.id}`);
  await expect(page).toHaveURL(`${base}/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const affiliate = await page.evaluate(() => JSON.parse(localStorage.getItem('affiliate_data')!));
  expect(affiliate).toMatchObject({ id: 'KOCHI10', timestamp: expect.any(Number) });
  // The visitor cookie (path /api) names this browser when the order is placed.
  expect((await page.context().cookies(`${base}/api/`)).map((c) => c.name)).toContain('kr_visitor');

  // The visitor registers, logs in and buys: the order carries the code and is credited.
  const account = await registerAccount(api, 'affiliate');
  await logInWithForm(page, account);
  await buyNow(page, product, size);
  await fillAddress(page, KOCHI);
  const placed = page.waitForRequest((r) => r.url().endsWith('/api/process_order.php'));
  await page.getByRole('button', { name: 'Pay Now' }).click();
  const body = (await placed).postDataJSON() as { affiliate_code: string; google_code: string };
  expect(body).toMatchObject({ affiliate_code: 'KOCHI10', google_code: 'IGDROP' });
  await finishPayment(page, 'pay');
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();

  await shop.stop();
  const report = affiliateReport(shop.dataDir);
  const line = report.split('\n').find((l) => l.startsWith('KOCHI10'));
  // Code, name, active, clicks, orders, paid orders, paid revenue.
  expect(line).toMatch(/^KOCHI10\s+Kochi Football Club\s+yes\s+1\s+1\s+1\s+₹/);
  expect(report).toMatch(/^MALABAR\s+Malabar Jersey Hub\s+yes\s+0\s+0\s+0\s+₹0$/m);
});
