// Shipping with the sandbox courier (decision 032), on a shop of its own whose sandbox courier
// moves a parcel along every 2 seconds: a shopper buys and pays; the owner sets up the back
// office, chooses the sandbox courier in the ship dialog and books it; the courier's steps
// arrive through our webhook and show on the order page's Courier card; the order completes
// by itself and the shopper's order page shows Delivered with the courier's steps. A second
// order, for a shopper named FAIL, fails its first delivery: it waits on the Deliveries page,
// staff ask for another attempt, and it is delivered. The order page, the ship dialog and
// the Deliveries page are photographed at 1440 and 375 px. Then cash on delivery (decision
// 034): the owner offers it, the shopper sees it for their pincode on the product page, places
// a COD order, confirms it by the mailed link; staff ship it with the sandbox courier and,
// delivered, it shows paid.
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

const it = testOnOwnShop('couriers', {
  COURIER_SANDBOX: 'true',
  COURIER_SANDBOX_STEP_SECONDS: '2',
});

it('staff ship a paid order with the sandbox courier, and it arrives by itself', async ({
  page,
  browser,
  request,
  shop,
}, testInfo) => {
  it.setTimeout(360_000);
  expect(shop.adminSetupUrl, 'the new shop printed its first-owner link').toBeTruthy();

  // ── a shopper buys and pays ──
  const account = await registerAccount(request, 'couriers');
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
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();

  // ── the owner sets up the back office and the shop's GSTIN (to invoice at dispatch) ──
  const ownerContext = await browser.newContext({ locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
  const owner = await ownerContext.newPage();
  await ownerSetsUp(owner, shop.adminSetupUrl!);
  await owner.goto(`${shop.baseUrl}/admin/settings`);
  await owner.getByLabel('GSTIN').fill('32AAPFU0939F1Z4');
  await owner.getByLabel('Default courier').selectOption('sandbox');
  await owner.getByRole('button', { name: 'Save settings' }).click();
  await expect(owner.getByText('Saved: the storefront and new mails show')).toBeVisible();

  // ── ship with the sandbox courier ──
  await owner.goto(`${shop.baseUrl}/admin/orders/${orderId}`);
  await expect(owner.getByRole('heading', { name: `Order #${orderId}` })).toBeVisible();
  await owner.getByRole('button', { name: 'Ship' }).click();
  const dialog = owner.getByRole('dialog', { name: `Ship order #${orderId}` });
  await expect(dialog.getByLabel('Ship with')).toHaveValue('sandbox');
  await dialog.getByLabel('Weight (g)').fill('450');
  await expectAccessible(owner, 'the ship dialog with a courier');
  await owner.screenshot({ path: testInfo.outputPath('admin-ship-courier-1440.png') });
  await dialog.getByRole('button', { name: 'Book and ship' }).click();
  await expect(dialog).toHaveCount(0);
  const awb = `SBX${String(orderId).padStart(8, '0')}01`;
  const courier = owner.getByRole('region', { name: 'Courier' });
  await expect(courier).toContainText(awb);
  await expect(courier).toContainText('Kitroom Sandbox Courier');

  // ── the courier's steps arrive through our webhook; the order completes by itself ──
  // (The parcel's news is written first, and the order settled in a transaction of its own
  // right after: a page loaded between the two shows the parcel delivered, the order not yet.)
  const timeline = owner.getByRole('region', { name: 'Timeline' });
  await expect(async () => {
    await owner.reload();
    await expect(owner.getByRole('region', { name: 'Courier' })).toContainText('Delivered', {
      timeout: 1000,
    });
    await expect(timeline).toContainText('Delivered', { timeout: 1000 });
  }).toPass({ timeout: 60_000, intervals: [2000] });
  for (const step of ['Picked up', 'In transit', 'Out for delivery']) {
    await expect(courier).toContainText(step);
  }
  await expectAccessible(owner, 'the order page with its courier');
  await owner.screenshot({
    path: testInfo.outputPath('admin-order-courier-1440.png'),
    fullPage: true,
  });
  await owner.setViewportSize({ width: 375, height: 812 });
  await owner.screenshot({
    path: testInfo.outputPath('admin-order-courier-375.png'),
    fullPage: true,
  });

  // ── the Deliveries page (nothing failed) ──
  await owner.goto(`${shop.baseUrl}/admin/deliveries`);
  await expect(owner.getByText('No failed deliveries waiting. Good.')).toBeVisible();

  // ── a second order, for a shopper named FAIL: the courier's first delivery fails ──
  await buyNow(page, product, size);
  await fillAddress(page, { ...KOCHI, lastName: 'FAIL' });
  await page.getByRole('button', { name: 'Pay Now' }).click();
  const failing = await finishPayment(page, 'pay');
  await owner.setViewportSize({ width: 1440, height: 900 });
  await owner.goto(`${shop.baseUrl}/admin/orders/${failing}`);
  await owner.getByRole('button', { name: 'Ship' }).click();
  await owner.getByRole('button', { name: 'Book and ship' }).click();
  await expect(owner.getByRole('region', { name: 'Courier' })).toContainText('Booked');
  const queued = owner.getByRole('link', { name: `Order #${failing}` });
  await expect(async () => {
    await owner.goto(`${shop.baseUrl}/admin/deliveries`);
    await expect(queued).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000, intervals: [2000] });
  await expect(owner.getByText('Consignee not available')).toBeVisible();
  await expectAccessible(owner, 'the deliveries page');
  await owner.screenshot({ path: testInfo.outputPath('admin-deliveries-1440.png') });
  await owner.setViewportSize({ width: 375, height: 812 });
  await owner.screenshot({ path: testInfo.outputPath('admin-deliveries-375.png'), fullPage: true });
  await owner.getByLabel('Note for the courier (optional)').fill('Shopper is home after 6 pm');
  await owner.getByRole('button', { name: 'Try again' }).click();
  await expect(owner.getByText('No failed deliveries waiting. Good.')).toBeVisible();
  await expect(async () => {
    await owner.goto(`${shop.baseUrl}/admin/orders/${failing}`);
    await expect(owner.getByRole('region', { name: 'Timeline' })).toContainText('Delivered', {
      timeout: 1000,
    });
  }).toPass({ timeout: 60_000, intervals: [2000] });
  const failedTimeline = owner.getByRole('region', { name: 'Timeline' });
  await expect(failedTimeline).toContainText('Delivery failed');
  await expect(failedTimeline).toContainText('Shopper is home after 6 pm');

  // ── cash on delivery (decision 034): the owner offers it; the shopper sees it for their
  //    pincode on the product page, places a COD order with the fee shown before, confirms it
  //    by the mailed link; staff ship it with the sandbox courier; delivered, it is paid ──
  await owner.setViewportSize({ width: 1440, height: 900 });
  await owner.goto(`${shop.baseUrl}/admin/settings`);
  await owner.getByLabel('Offer cash on delivery').check();
  await owner.getByRole('button', { name: 'Save cash on delivery' }).click();
  await expect(owner.getByText('Saved: cash on delivery works this way now.')).toBeVisible();

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/product/${product.id}`);
  const deliveryBox = page.getByRole('region', { name: 'Delivery' });
  // A pincode not asked before: the browser keeps an estimate for a minute (private,
  // max-age=60), so Kochi's, asked before COD was on, could still say nothing of it.
  await deliveryBox.getByLabel('Delivery pincode').fill('673001');
  await deliveryBox.getByRole('button', { name: 'Check delivery' }).click();
  await expect(deliveryBox).toContainText('Cash on delivery available (₹49 fee)');
  await buyNow(page, product, size);
  // Kozhikode's address: checkout's estimate for Kochi was asked (and kept) before COD was on.
  await fillAddress(page, { ...KOCHI, city: 'Kozhikode', pincode: '673001' });
  const cod = page.getByRole('radio', { name: /^Cash on delivery/ });
  await expect(cod).toBeEnabled();
  await cod.check();
  await expect(page.getByText('+ ₹49 fee')).toBeVisible();
  const placedAt = Date.now();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/reviewOrdersDetails\/\d+$/);
  const codOrder = Number(/\/reviewOrdersDetails\/(\d+)$/.exec(page.url())![1]);
  await expect(
    page.getByRole('region', { name: 'Please confirm your cash-on-delivery order' }),
  ).toBeVisible();
  const confirmMail = await latestMail(account.email, placedAt);
  const link = /https?:\/\/\S+\/confirmOrder\/\d+\?token=[\w-]+/.exec(confirmMail.text)?.[0];
  expect(link, 'the mail carries the confirmation link').toBeTruthy();
  await page.goto(link!);
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await page.goto(`/reviewOrdersDetails/${codOrder}`);
  await expect(page.getByText('Cash on delivery confirmed').first()).toBeVisible();

  await owner.goto(`${shop.baseUrl}/admin/orders/${codOrder}`);
  await owner.getByRole('button', { name: 'Ship' }).click();
  await owner.getByRole('button', { name: 'Book and ship' }).click();
  await expect(owner.getByRole('region', { name: 'Courier' })).toContainText('Booked');
  await expect(async () => {
    await owner.reload();
    await expect(owner.getByRole('region', { name: 'Timeline' })).toContainText('Delivered', {
      timeout: 1000,
    });
  }).toPass({ timeout: 60_000, intervals: [2000] });
  await page.reload();
  await expect(page.getByText('Delivered').first()).toBeVisible();
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  await ownerContext.close();
  await page.goto(`/reviewOrdersDetails/${failing}`);
  await expect(page.getByText('Delivery attempt failed').first()).toBeVisible();
  await expect(page.getByText('Consignee not available').first()).toBeVisible();
  await page.goto(`/reviewOrdersDetails/${orderId}`);

  // ── the shopper's order page ──
  await page.reload();
  await expect(page.getByText('Out for delivery').first()).toBeVisible();
  await expect(page.getByText('Picked up by the courier').first()).toBeVisible();
  await expect(page.getByText('Delivered').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('order-delivered-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: testInfo.outputPath('order-delivered-375.png'), fullPage: true });
});
