// An order from payment to the shopper's tracking, on a shop of its own (the shared journey
// server's first-owner link belongs to admin.spec.ts): a shopper buys and pays on the sandbox
// page; the owner sets up the back office, opens the dashboard's orders to pack, marks the
// order packed from the list, prints its packing slip, and ships it with a courier, a tracking
// id and a link; the shopper's order page then shows Shipped with the tracking id (Copy) and
// the link (Open). axe checks the order list, the order page and the ship dialog; the two
// pages are photographed at 1440 and 375 px into the test's output folder.
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

const it = testOnOwnShop('orders');

/** An Indian day `days` from now, yyyy-mm-dd. */
const indianDay = (days: number) =>
  new Date(Date.now() + 5.5 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

it('a paid order is packed and shipped in the back office, and the shopper sees its tracking', async ({
  page,
  browser,
  request,
  shop,
}, testInfo) => {
  it.setTimeout(240_000);
  expect(shop.adminSetupUrl, 'the new shop printed its first-owner link').toBeTruthy();

  // ── a shopper buys and pays ──
  const account = await registerAccount(request, 'admin-orders');
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

  // ── the owner sets up the back office, on another browser ──
  const ownerContext = await browser.newContext({ locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
  const owner = await ownerContext.newPage();
  await ownerSetsUp(owner, shop.adminSetupUrl!);

  // ── the orders waiting to be packed, from the dashboard ──
  await owner.getByRole('link', { name: 'Open the orders to pack' }).click();
  await expect(owner.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  expect(new URL(owner.url()).search).toBe('?status=to-pack');
  await expect(owner.getByRole('button', { name: 'To pack' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const row = owner.getByRole('row', { name: new RegExp(`#${orderId}\\b`) });
  await expect(row).toContainText('Asha Menon');
  await expect(row).toContainText('Kochi, Kerala');
  await expect(row).toContainText(account.email);
  await expectAccessible(owner, 'the order list');
  await owner.screenshot({ path: testInfo.outputPath('admin-orders-1440.png'), fullPage: true });

  await owner.getByLabel(`Choose order #${orderId}`).check();
  const chosen = owner.getByRole('region', { name: 'Chosen orders' });
  await expect(chosen).toContainText('1 order chosen');
  const slips = await chosen
    .getByRole('link', { name: 'Print packing slips' })
    .getAttribute('href');
  expect(slips).toBe(`/api/admin/orders/packing-slips?ids=${orderId}`);
  const pdf = await owner.request.get(`${shop.baseUrl}${slips}`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await chosen.getByRole('button', { name: 'Mark packed' }).click();
  await expect(owner.getByText('1 order marked packed.')).toBeVisible();
  await expect(row).toHaveCount(0);
  await owner.getByRole('button', { name: 'Packed', exact: true }).click();
  await expect(row.getByText('Packed')).toBeVisible();

  // ── the order page: ship with tracking ──
  await row.getByRole('link', { name: `#${orderId}` }).click();
  await expect(owner.getByRole('heading', { name: `Order #${orderId}` })).toBeVisible();
  const timeline = owner.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText('Packed');
  await expect(timeline).toContainText('Fathima');
  await expect(owner.getByRole('region', { name: 'Ship to' })).toContainText('682001');
  await expectAccessible(owner, 'the order page');
  // A new shop has no GSTIN: the order page says why it cannot be invoiced (and so shipped)
  // before anyone tries; the owner sets it in Settings and comes back.
  await expect(
    owner.getByText("Cannot invoice: The shop's GSTIN is not set in Settings."),
  ).toBeVisible();
  await owner.screenshot({ path: testInfo.outputPath('admin-order-cannot-invoice-1440.png') });
  const orderPage = owner.url();
  await owner.goto(`${shop.baseUrl}/admin/settings`);
  await owner.getByLabel('GSTIN').fill('32AAPFU0939F1Z4');
  await owner.getByRole('button', { name: 'Save settings' }).click();
  await expect(owner.getByText('Saved: the storefront and new mails show')).toBeVisible();
  // ── Settings → Shipping: Kerala's fee lowered and free shipping from ₹2,999, shown to
  // shoppers at once; the order already placed keeps its ₹60 ──
  const shipping = owner.getByRole('region', { name: 'Shipping' });
  await shipping.getByLabel('Fee (₹)').first().fill('40');
  await shipping.getByLabel('Free shipping from (₹)').fill('2999');
  await owner.getByRole('button', { name: 'Save shipping' }).click();
  await expect(
    owner.getByText('Saved: orders placed from now on are charged these fees.'),
  ).toBeVisible();
  await expectAccessible(owner, 'the settings page');
  await shipping.screenshot({ path: testInfo.outputPath('admin-shipping-1440.png') });
  await owner.setViewportSize({ width: 375, height: 812 });
  await shipping.getByText('Kerala', { exact: true }).click();
  await shipping.screenshot({ path: testInfo.outputPath('admin-shipping-375.png') });
  await owner.setViewportSize({ width: 1440, height: 900 });
  const shopperPage = page.url();
  await page.goto('/shippingPolicy');
  await expect(page.getByText('Kerala: ₹40')).toBeVisible();
  await expect(page.getByText('Free shipping on orders of ₹2,999 or more.')).toBeVisible();
  await page.goto(shopperPage);
  await owner.goto(orderPage);
  await expect(owner.getByRole('heading', { name: `Order #${orderId}` })).toBeVisible();
  await expect(owner.getByText('Cannot invoice:')).toHaveCount(0);
  await owner.getByRole('button', { name: 'Ship' }).click();
  const dialog = owner.getByRole('dialog', { name: `Ship order #${orderId}` });
  await dialog.getByLabel('Courier').fill('Blue Dart');
  await dialog.getByLabel('Tracking id').fill('BD55512345IN');
  await dialog
    .getByLabel('Tracking link (optional)')
    .fill('http://www.bluedart.com/t/BD55512345IN');
  await dialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(dialog.getByText('The tracking link must be an https:// address')).toBeVisible();
  const link = 'https://www.bluedart.com/tracking?awb=BD55512345IN';
  await dialog.getByLabel('Tracking link (optional)').fill(link);
  await dialog.getByLabel('Expected delivery (optional)').fill(indianDay(4));
  await expectAccessible(owner, 'the ship dialog');
  await dialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(dialog).toHaveCount(0);
  const shipment = owner.getByRole('region', { name: 'Shipment' });
  await expect(shipment).toContainText('BD55512345IN');
  await expect(owner.getByRole('button', { name: 'Mark delivered' })).toBeVisible();
  await expect(timeline).toContainText('Shipped');
  // Shipping issued the tax invoice: its number, and its PDF.
  await expect(owner.getByText(/^KR\/\d{2}-\d{2}\/\d{6}$/)).toBeVisible();
  const invoice = await owner.request.get(
    `${shop.baseUrl}${await owner.getByRole('link', { name: 'Invoice' }).getAttribute('href')}`,
  );
  expect(invoice.status()).toBe(200);
  expect(invoice.headers()['content-type']).toBe('application/pdf');
  await owner.setViewportSize({ width: 375, height: 812 });
  await expect(owner.getByRole('heading', { name: `Order #${orderId}` })).toBeVisible();
  await owner.screenshot({ path: testInfo.outputPath('admin-order-375.png'), fullPage: true });
  await owner.setViewportSize({ width: 1440, height: 900 });
  await owner.screenshot({ path: testInfo.outputPath('admin-order-1440.png'), fullPage: true });
  await owner.goto(`${shop.baseUrl}/admin/orders`);
  await owner.setViewportSize({ width: 375, height: 812 });
  await expect(owner.getByRole('link', { name: `#${orderId}` })).toBeVisible();
  await owner.screenshot({ path: testInfo.outputPath('admin-orders-375.png'), fullPage: true });
  await ownerContext.close();

  // ── the shopper's order page ──
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.reload();
  await expect(page.getByText('Shipped').first()).toBeVisible();
  // The Tracking card (the timeline names the tracking id too).
  const tracking = page
    .locator('div')
    .filter({ has: page.getByRole('heading', { name: 'Tracking', exact: true }) })
    .last();
  await expect(tracking.getByText('BD55512345IN', { exact: true })).toBeVisible();
  await tracking.getByRole('button', { name: 'Copy tracking id' }).click();
  await expect(tracking.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('BD55512345IN');
  const open = tracking.getByRole('link', { name: /Open/ });
  await expect(open).toHaveAttribute('href', link);
  await expect(open).toHaveAttribute('target', '_blank');

  // ── the shopper's invoice ──
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download invoice' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^invoice-KR-\d{2}-\d{2}-\d{6}\.pdf$/);
  await file.saveAs(testInfo.outputPath('invoice.pdf'));
  await page.screenshot({ path: testInfo.outputPath('order-invoice-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: testInfo.outputPath('order-invoice-375.png'), fullPage: true });
});
