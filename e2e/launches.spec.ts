// Kit launches (decision 070), on a shop of its own: the owner schedules a jersey's launch in
// the back office; a fan on a 375 px phone finds its page counting down, asks for the mail,
// and when the owner brings the drop forward takes a place in the waiting room, is let in at
// the drop, buys the launch's limit of one size and is refused a third piece at checkout. The back office and the product page are
// photographed at 1440 and 375 px into the test's output folder.
import type { ShopListingResponse } from '@kitroom/contract';
import { expect, expectAccessible, testOnOwnShop } from './fixtures';
import {
  fillAddress,
  finishPayment,
  KOCHI,
  logInWithForm,
  ownerSetsUp,
  registerAccount,
} from './journeys';

const it = testOnOwnShop('launches');

/** '2026-11-26T14:45' for an instant, in India's time (the form's datetime-local fields). */
function indianLocal(ms: number): string {
  return new Date(ms + 330 * 60_000).toISOString().slice(0, 16);
}

const DAY = 24 * 60 * 60_000;

it('the owner schedules a launch; a fan waits on the countdown, then buys the limit and no more', async ({
  page,
  browser,
  request,
  shop,
}, testInfo) => {
  it.setTimeout(240_000);
  const listing = (await (
    await request.post('/api/shop.php', { data: { limit: '0-20' } })
  ).json()) as ShopListingResponse;
  const jersey = listing.products.find((p) => Object.values(p.size).some((n) => n >= 5))!;
  const size = Object.entries(jersey.size).find(([, n]) => n >= 5)![0];

  // ── the owner schedules the launch for tomorrow ──
  const ownerContext = await browser.newContext({ locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
  const owner = await ownerContext.newPage();
  await ownerSetsUp(owner, shop.adminSetupUrl!);
  await owner.goto('/admin/launches');
  await owner.getByRole('link', { name: 'New launch' }).click();
  await owner.getByLabel('Name').fill('Kerala Blasters Home 26/27');
  const startsAt = Date.now() + DAY;
  await owner.getByLabel('On sale from (India time)').fill(indianLocal(startsAt));
  await owner.getByLabel('Limits until (India time)').fill(indianLocal(startsAt + 2 * DAY));
  await owner.getByLabel('Pieces of each size per fan').fill('2');
  await owner.getByLabel('Product ids').fill(String(jersey.id));
  await owner.getByRole('button', { name: 'Schedule launch' }).click();
  await expect(owner).toHaveURL(/\/admin\/launches$/);
  const row = owner.getByRole('row', { name: /Kerala Blasters Home 26\/27/ });
  await expect(row).toContainText('Upcoming');
  await expect(row).toContainText('2 per size per fan · holds 10 min · COD off');
  await expect(row).toContainText('Queue opens 10 min before · 300 fans a minute · 0 queued');
  await expectAccessible(owner, 'the launches list');
  await owner.screenshot({ path: testInfo.outputPath('launches-admin-1440.png'), fullPage: true });
  await owner.setViewportSize({ width: 375, height: 812 });
  await owner.screenshot({ path: testInfo.outputPath('launches-admin-375.png'), fullPage: true });
  await row.getByRole('link', { name: 'Kerala Blasters Home 26/27' }).click();
  await expect(owner.getByText('Upcoming')).toBeVisible();
  const launchId = Number(/\/admin\/launches\/(\d+)$/.exec(owner.url())![1]);
  await owner.screenshot({ path: testInfo.outputPath('launch-form-375.png'), fullPage: true });

  // ── a fan on a phone finds the countdown and asks for the mail ──
  await page.setViewportSize({ width: 375, height: 812 });
  const account = await registerAccount(request, 'launch');
  await logInWithForm(page, account);
  await page.goto(`/product/${jersey.id}`);
  const box = page.getByRole('region', { name: 'Launch' });
  await expect(box).toContainText('Launch · Kerala Blasters Home 26/27');
  await expect(box.getByText(/^Drops \w{3} \d{1,2} \w{3}, \d{1,2}:\d{2} [ap]m IST$/)).toBeVisible();
  await expect(box.getByText(/^1 d \d{2}:\d{2}:\d{2}$|^23:\d{2}:\d{2}$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy Now' })).toHaveCount(0);
  await expect(box.getByText(/^The queue opens \w{3} \d{1,2} \w{3}, /)).toBeVisible();
  await box.getByRole('button', { name: 'Notify me when it drops' }).click();
  await expect(
    box.getByText(`We'll email ${account.email} when it drops,`, { exact: false }),
  ).toBeVisible();
  await expectAccessible(page, 'a launch’s product page');
  await page.screenshot({ path: testInfo.outputPath('launch-product-375.png'), fullPage: true });
  await expect(box.getByRole('button', { name: 'Notify me when it drops' })).toHaveCount(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: testInfo.outputPath('launch-product-1440.png') });
  await page.setViewportSize({ width: 375, height: 812 });

  // ── the owner brings the drop forward to a few seconds from now ──
  const drop = Date.now() + 12_000;
  const moved = await owner.request.patch(`/api/admin/launches/${launchId}`, {
    headers: { origin: new URL(shop.baseUrl).origin },
    data: {
      name: 'Kerala Blasters Home 26/27',
      starts_at: new Date(drop).toISOString(),
      limits_until: new Date(drop + 2 * DAY).toISOString(),
      per_fan_limit: 2,
      cod_allowed: false,
      hold_minutes: 10,
      product_ids: [jersey.id],
    },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  // ── the queue is open: the fan takes the first place, and is let in at the drop ──
  await page.reload();
  // The drop's countdown (the turn's own countdown says the same seconds in a line below).
  await expect(box.getByText(/^00:00:\d{2}$/).first()).toBeVisible();
  await expect(box.getByText('No. 1')).toBeVisible();
  await expect(box.getByText(/^Nobody is ahead of you\. Your turn: /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy Now' })).toHaveCount(0);
  await expectAccessible(page, 'the waiting room');
  await page.screenshot({ path: testInfo.outputPath('launch-queue-375.png'), fullPage: true });
  const buy = page.getByRole('button', { name: 'Buy Now' });
  await expect(buy).toBeVisible({ timeout: 30_000 });
  await expect(box.getByText('It’s your turn!')).toBeVisible();
  await expect(
    box.getByText(
      'Launch rules: at most 2 pieces of each size per fan; pay online (no cash on delivery).',
    ),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('launch-on-375.png'), fullPage: true });
  await page
    .getByRole('group', { name: 'Size' })
    .getByRole('button', { name: size, exact: true })
    .click();
  const more = page.getByRole('button', { name: 'Increase quantity' });
  await more.click();
  await expect(more).toBeDisabled();
  await buy.click();
  await expect(page).toHaveURL(/\/checkOut$/);
  await fillAddress(page, KOCHI);
  const pay = page.getByRole('button', { name: 'Pay Now' });
  await pay.scrollIntoViewIfNeeded();
  await pay.click();
  await finishPayment(page, 'pay');
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();

  // ── a third piece of that size is refused at checkout ──
  await page.goto(`/product/${jersey.id}`);
  await page
    .getByRole('group', { name: 'Size' })
    .getByRole('button', { name: size, exact: true })
    .click();
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/checkOut$/);
  await fillAddress(page, KOCHI);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(
    page.getByText(
      `In this launch each fan may buy 2 of ${jersey.name} in size ${size}, and you have 2 already.`,
    ),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('launch-limit-375.png') });
  await ownerContext.close();
});
