// A return's pickup through the courier (issue 41, item 5; decision 067), on a shop of its own
// whose sandbox courier moves a parcel along every 5 seconds: a shopper on a 375 px phone buys
// and pays; the owner makes the sandbox the shop's default courier and ships the order, which
// the courier delivers; the shopper asks for a return; the owner approves it with the courier
// collecting the parcel (the default), the pickup is booked and mailed, collected, and
// delivered at the shop; the owner marks it received and the return is refunded. The
// request's page and the shopper's order page are photographed at 1440 and 375 px.
import type { ShopListingResponse } from '@kitroom/contract';
import { expect, expectAccessible, testOnOwnShop } from './fixtures';
import {
  buyNow,
  fillAddress,
  finishPayment,
  KOCHI,
  logInWithForm,
  ownerSetsUp,
  registerAccount,
} from './journeys';
import { latestMail } from './mailbox';

const it = testOnOwnShop('return-pickups', {
  COURIER_SANDBOX: 'true',
  // Long enough for the shopper's page to show the booked pickup before the courier collects
  // it: with 2 s, a slow CI machine reloaded after the pickup and saw "on its way" (stop 58).
  COURIER_SANDBOX_STEP_SECONDS: '5',
});

it('a return collected from the shopper by the courier, received and refunded', async ({
  page,
  request,
  browser,
  shop,
}, testInfo) => {
  it.setTimeout(300_000);
  expect(shop.adminSetupUrl, 'the new shop printed its first-owner link').toBeTruthy();

  // ── a shopper on a phone buys and pays ──
  await page.setViewportSize({ width: 375, height: 812 });
  const account = await registerAccount(request, 'pickups');
  await logInWithForm(page, account);
  const listing = (await (
    await request.post('/api/shop.php', { data: { limit: '0-50' } })
  ).json()) as ShopListingResponse;
  const product = listing.products.find((p) => Object.values(p.size).some((s) => s > 1))!;
  const size = Object.entries(product.size).find(([, stock]) => stock > 1)![0];
  await buyNow(page, product, size);
  await fillAddress(page, KOCHI);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  const orderId = await finishPayment(page, 'pay');

  // ── the owner makes the sandbox the default courier and ships; it is delivered ──
  const ownerContext = await browser.newContext({
    baseURL: shop.baseUrl,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
  });
  const owner = await ownerContext.newPage();
  await ownerSetsUp(owner, shop.adminSetupUrl!);
  await owner.goto('/admin/settings');
  await owner.getByLabel('GSTIN').fill('32AAPFU0939F1Z4');
  await owner.getByLabel('Default courier').selectOption('sandbox');
  await owner.getByRole('button', { name: 'Save settings' }).click();
  await expect(owner.getByText('Saved: the storefront and new mails show')).toBeVisible();
  await owner.goto(`/admin/orders/${orderId}`);
  await owner.getByRole('button', { name: 'Ship' }).click();
  await owner.getByRole('button', { name: 'Book and ship' }).click();
  await expect(owner.getByRole('region', { name: 'Courier' })).toContainText('Booked');
  await expect(async () => {
    await owner.reload();
    await expect(owner.getByRole('region', { name: 'Timeline' })).toContainText('Delivered', {
      timeout: 1000,
    });
  }).toPass({ timeout: 60_000, intervals: [2000] });

  // ── the shopper asks for a return ──
  await page.goto(`/reviewOrdersDetails/${orderId}`);
  const returns = page.getByRole('region', { name: 'Returns and exchanges' });
  await returns.getByRole('button', { name: 'Return or exchange' }).click();
  const ask = page.getByRole('dialog', { name: 'Return or exchange' });
  await ask.getByLabel('A refund').check();
  await ask.getByLabel('Why? (required)').fill('The colour is not what I expected');
  await ask.getByRole('button', { name: 'Send request' }).click();
  await expect(ask).toBeHidden();
  const title = (await returns
    .getByRole('listitem', { name: /^Return #\d+$/ })
    .getAttribute('aria-label'))!;
  const returnId = title.split('#')[1]!;

  // ── the owner approves it: the shop's courier collects the parcel (the default) ──
  await owner.goto(`/admin/returns/${returnId}`);
  await expect(owner.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await owner.getByRole('button', { name: 'Approve' }).click();
  const approve = owner.getByRole('dialog', { name: `Approve return #${returnId}?` });
  await expect(approve.getByLabel('Getting the parcel back')).toHaveValue('sandbox');
  await expect(approve).toContainText('The courier is booked to collect the parcel');
  const approvedAt = Date.now();
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve).toBeHidden();
  // The shopper's page first: the courier collects the parcel one step after the booking.
  await page.reload();
  await expect(returns.getByRole('listitem', { name: title })).toContainText(
    'Kitroom Sandbox Courier will collect the parcel from you: have it packed, with its tags.',
  );
  const pickup = owner.getByRole('region', { name: 'Pickup from the shopper' });
  const awb = `SBX${String(orderId).padStart(8, '0')}02`;
  await expect(pickup).toContainText(awb);

  await expect
    .poll(async () => (await latestMail(account.email, approvedAt)).subject, { timeout: 30_000 })
    .toContain('the pickup of your return is booked');
  const mail = await latestMail(account.email, approvedAt);
  expect(mail.text).toContain(`Kitroom Sandbox Courier will collect the parcel`);
  expect(mail.text).toContain(awb);

  // ── collected and delivered at the shop; the owner receives it, and it is refunded ──
  await expect(async () => {
    await owner.reload();
    await expect(pickup).toContainText('The parcel has reached the shop', { timeout: 1000 });
  }).toPass({ timeout: 60_000, intervals: [2000] });
  for (const step of ['Picked up', 'In transit', 'Delivered'])
    await expect(pickup).toContainText(step);
  await expectAccessible(owner, "a return's pickup");
  await owner.screenshot({
    path: testInfo.outputPath('admin-return-pickup-1440.png'),
    fullPage: true,
  });
  await owner.setViewportSize({ width: 375, height: 812 });
  await owner.screenshot({
    path: testInfo.outputPath('admin-return-pickup-375.png'),
    fullPage: true,
  });
  await owner.getByRole('button', { name: 'Mark received' }).click();
  await owner.getByRole('dialog').getByRole('button', { name: 'Mark received' }).click();
  await expect(owner.getByText('Received', { exact: true }).first()).toBeVisible();

  // ── the shopper's order page tells the pickup's story ──
  await page.reload();
  const timeline = page.getByRole('list', { name: 'Order timeline' });
  await expect(timeline).toContainText('Pickup booked');
  await expect(timeline).toContainText('Kitroom Sandbox Courier will collect it from you');
  await expect(timeline).toContainText(`Tracking id ${awb}`);
  await expect(timeline).toContainText('Parcel picked up from you');
  await expect(timeline).toContainText('Your parcel reached us');
  await expect(timeline).toContainText('Returned shirts received');
  await expectAccessible(page, "an order's return pickup");
  await page.screenshot({
    path: testInfo.outputPath('shopper-return-pickup-375.png'),
    fullPage: true,
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({
    path: testInfo.outputPath('shopper-return-pickup-1440.png'),
    fullPage: true,
  });
  await ownerContext.close();
});
