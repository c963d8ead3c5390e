// A size exchange from the shopper's request to the new shirt shipped, on a shop of its own:
// a shopper buys and pays; the order is shipped and delivered through the fulfilment service
// while the shop is stopped (the back office's order pages are built apart); the shopper asks
// to exchange M for another size; the owner approves (the new size's stock is held), marks
// the shirt received and books the replacement with the sandbox courier (a parcel of its own,
// with its packing slip and label), whose steps every 2 seconds bring it to the shopper's door:
// the exchange is delivered, the order untouched. After each step the shopper's order page
// shows it. axe checks the pages on the way; the request's page is photographed at 1440 and
// 375 px.
import type { ShopListingResponse } from '@kitroom/contract';
import { expect, expectAccessible, testOnOwnShop, type OwnShop } from './fixtures';
import {
  buyNow,
  fillAddress,
  finishPayment,
  KOCHI,
  logInWithForm,
  ownerSetsUp,
  registerAccount,
} from './journeys';
import { testTool } from './shop-server';

const it = testOnOwnShop('returns', {
  COURIER_SANDBOX: 'true',
  COURIER_SANDBOX_STEP_SECONDS: '2',
});

/** A product with one size to buy and another size in stock to exchange to. */
async function twoSizes(shop: OwnShop) {
  const res = await fetch(`${shop.baseUrl}/api/shop.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ limit: '0-50' }),
  });
  const listing = (await res.json()) as ShopListingResponse;
  for (const product of listing.products) {
    const sizes = Object.entries(product.size).filter(([, stock]) => stock >= 2);
    if (sizes.length >= 2) return { product, size: sizes[0]![0], other: sizes[1]![0] };
  }
  throw new Error('no product has two sizes in stock');
}

it('a size exchange from the request through approval and receipt to the replacement shipped', async ({
  page,
  request,
  browser,
  shop,
}, testInfo) => {
  it.setTimeout(300_000);
  expect(shop.adminSetupUrl, 'the new shop printed its first-owner link').toBeTruthy();
  const staffContext = await browser.newContext({
    baseURL: shop.baseUrl,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
  });
  const staff = await staffContext.newPage();
  await ownerSetsUp(staff, shop.adminSetupUrl!);
  await expect(staff.getByRole('heading', { name: 'Welcome, Fathima' })).toBeVisible();

  // ── a shopper buys a jersey in one size ──
  const { product, size, other } = await twoSizes(shop);
  const account = await registerAccount(request, 'exchange');
  await logInWithForm(page, account);
  await buyNow(page, product, size);
  await fillAddress(page, KOCHI);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  const orderId = await finishPayment(page, 'pay');

  // ── shipped and delivered ──
  await shop.whileStopped(() => {
    const run = testTool('deliver-order-cli', [shop.dataDir, shop.baseUrl, String(orderId)]);
    expect(run.status, run.stderr).toBe(0);
  });

  const timeline = page.getByRole('list', { name: 'Order timeline' });
  const returns = page.getByRole('region', { name: 'Returns and exchanges' });
  await page.reload();
  await expect(timeline.getByRole('listitem')).toHaveText([
    /^Order placed/,
    /^Payment received/,
    new RegExp(`^Shipped.*With Delhivery.*Tracking id DLV${orderId}000123$`),
    /^Delivered/,
  ]);
  await expect(returns).toContainText('You can ask for a return or a size exchange until');
  await expectAccessible(page, 'a delivered order');

  // ── the shopper asks for another size ──
  await returns.getByRole('button', { name: 'Return or exchange' }).click();
  const ask = page.getByRole('dialog', { name: 'Return or exchange' });
  await expect(ask.getByLabel('Another size')).toBeChecked();
  await expect(ask.getByLabel('Pieces')).toHaveValue('1');
  await ask.getByLabel('New size').selectOption(other);
  await ask.getByLabel('Why? (required)').fill(`Size ${size} is too tight across the chest`);
  await expectAccessible(page, 'the return request dialog');
  await ask.getByRole('button', { name: 'Send request' }).click();
  await expect(ask).toBeHidden();
  const exchange = returns.getByRole('listitem', { name: /^Exchange #\d+$/ });
  await expect(exchange).toContainText('Requested');
  await expect(exchange).toContainText(`size ${size} → size ${other}`);
  await expect(timeline.getByRole('listitem').last()).toHaveText(/^Exchange requested/);
  await expect(returns.getByRole('button', { name: 'Return or exchange' })).toHaveCount(0);
  const title = (await exchange.getAttribute('aria-label'))!;

  // ── the owner approves: the new size is held from stock ──
  await staff.goto('/admin/returns');
  const card = staff.getByRole('listitem', { name: title });
  await expect(card).toContainText('Requested');
  await expect(card).toContainText(`Order #${orderId}`);
  await expectAccessible(staff, 'the returns list');
  await card.getByRole('link', { name: `Open ${title}` }).click();
  await expect(staff.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const forSize = staff.getByText(`For size ${other} ·`);
  const inStock = Number(/(\d+) in stock now/.exec((await forSize.textContent())!)![1]);
  await expectAccessible(staff, 'a return request');
  await staff.getByRole('button', { name: 'Approve' }).click();
  const approve = staff.getByRole('dialog', { name: `Approve exchange #${title.split('#')[1]}?` });
  await approve
    .getByLabel('Note to the shopper (optional)')
    .fill('Please send it back in its bag.');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve).toBeHidden();
  await expect(staff.getByText('Approved', { exact: true })).toBeVisible();
  await expect(forSize).toHaveText(`For size ${other} · ${inStock - 1} in stock now`);

  await page.reload();
  await expect(exchange).toContainText('Approved');
  await expect(exchange).toContainText('From the shop: Please send it back in its bag.');
  await expect(timeline.getByRole('listitem').last()).toHaveText(
    /^Exchange approved.*Please send it back in its bag\.$/,
  );

  // ── the shirt comes back ──
  await staff.getByRole('button', { name: 'Mark received' }).click();
  await staff.getByRole('dialog').getByRole('button', { name: 'Mark received' }).click();
  await expect(staff.getByText('Received', { exact: true }).first()).toBeVisible();

  await page.reload();
  await expect(exchange).toContainText('Your shirts reached us. Your new size ships next.');
  await expect(timeline.getByRole('listitem').last()).toHaveText(/^Returned shirts received/);

  // ── the replacement is packed with its slip and booked with the sandbox courier ──
  const parcel = staff.getByRole('region', { name: 'Replacement parcel' });
  await expect(parcel).toContainText('Not shipped yet');
  const slip = await staff.request.get(
    await parcel.getByRole('link', { name: 'Packing slip' }).getAttribute('href').then(String),
  );
  expect(slip.status()).toBe(200);
  expect(slip.headers()['content-type']).toBe('application/pdf');
  await staff.getByRole('button', { name: 'Ship replacement' }).click();
  const ship = staff.getByRole('dialog', { name: /^Ship the replacement/ });
  await ship.getByLabel('Ship with').selectOption('sandbox');
  await ship.getByLabel('Weight (g)').fill('350');
  await expectAccessible(staff, 'the ship dialog');
  await ship.getByRole('button', { name: 'Book and ship' }).click();
  await expect(ship).toBeHidden();
  await expect(staff.getByText('Replacement shipped', { exact: true })).toBeVisible();
  const awb = `SBX${String(orderId).padStart(8, '0')}01`;
  await expect(parcel).toContainText(awb);
  await expect(parcel).toContainText(`KR-${orderId}-1`);
  const label = await staff.request.get(
    await parcel.getByRole('link', { name: 'Shipping label' }).getAttribute('href').then(String),
  );
  expect(label.status()).toBe(200);
  expect(label.headers()['content-type']).toBe('application/pdf');

  await page.reload();
  await expect(timeline.getByRole('listitem').last()).toHaveText(
    new RegExp(`^Replacement shipped.*With Kitroom Sandbox Courier.*Tracking id ${awb}$`),
  );
  await expect(exchange).toContainText('Replacement with Kitroom Sandbox Courier');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await exchange.getByRole('button', { name: 'Copy replacement tracking id' }).click();
  await expect(exchange.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(awb);
  await expectAccessible(page, 'an order with its exchange shipped');

  // ── the courier's steps bring it to the door: the exchange is done, the order untouched ──
  await expect(async () => {
    await staff.reload();
    await expect(staff.getByText('Replacement delivered', { exact: true })).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 60_000, intervals: [2000] });
  for (const step of ['Picked up', 'In transit', 'Out for delivery', 'Delivered']) {
    await expect(parcel).toContainText(step);
  }
  await expect(staff.getByText('The next step is not for your role.')).toHaveCount(0);
  await expectAccessible(staff, 'a delivered exchange');
  await staff.setViewportSize({ width: 1440, height: 900 });
  await staff.screenshot({ path: testInfo.outputPath('admin-exchange-1440.png'), fullPage: true });
  await staff.setViewportSize({ width: 375, height: 812 });
  await staff.screenshot({ path: testInfo.outputPath('admin-exchange-375.png'), fullPage: true });

  await page.reload();
  await expect(timeline.getByRole('listitem').last()).toHaveText(/^Replacement delivered/);
  await expect(exchange).toContainText('Replacement delivered');
  await expect(timeline.getByRole('listitem').filter({ hasText: /^Delivered/ })).toHaveCount(1);
  await staffContext.close();
});
