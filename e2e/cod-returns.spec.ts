// A cash-on-delivery return, end to end on a shop of its own (issue 36): the owner offers COD;
// a shopper orders with it and confirms; the order is shipped and delivered (the cash
// collected) while the shop is stopped; the shopper returns the shirt and says where to send
// the money (a UPI id); the owner approves and receives it, then records the bank transfer's
// UTR on Refunds; the shopper's order says it was refunded. Screens at 375 and 1440 px.
import type { ShopListingResponse } from '@kitroom/contract';
import { expect, expectAccessible, testOnOwnShop } from './fixtures';
import {
  buyNow,
  fillAddress,
  KOCHI,
  logInWithForm,
  ownerSetsUp,
  registerAccount,
} from './journeys';
import { testTool } from './shop-server';

const it = testOnOwnShop('cod-returns');

it('a COD return: the shopper gives a UPI id, the owner records the transfer, the order says refunded', async ({
  page,
  request,
  browser,
  shop,
}, testInfo) => {
  it.setTimeout(300_000);
  const staffContext = await browser.newContext({
    baseURL: shop.baseUrl,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
  });
  const staff = await staffContext.newPage();
  await ownerSetsUp(staff, shop.adminSetupUrl!);
  await staff.goto('/admin/settings');
  await staff.getByLabel('Offer cash on delivery').check();
  await staff.getByRole('button', { name: 'Save cash on delivery' }).click();
  await expect(staff.getByText('Saved: cash on delivery works this way now.')).toBeVisible();

  // ── a shopper orders with cash on delivery and confirms ──
  const res = await request.post(`${shop.baseUrl}/api/shop.php`, { data: { limit: '0-20' } });
  const listing = (await res.json()) as ShopListingResponse;
  const product = listing.products.find((p) => Object.values(p.size).some((n) => n >= 2))!;
  const size = Object.entries(product.size).find(([, n]) => n >= 2)![0];
  const account = await registerAccount(request, 'cod-return');
  await logInWithForm(page, account);
  await buyNow(page, product, size);
  await fillAddress(page, { ...KOCHI, city: 'Kozhikode', pincode: '673001' });
  await page.getByRole('radio', { name: /^Cash on delivery/ }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/reviewOrdersDetails\/\d+$/);
  const orderId = Number(/\/reviewOrdersDetails\/(\d+)$/.exec(page.url())![1]);
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page.getByText('Cash on delivery confirmed').first()).toBeVisible();

  // ── shipped and delivered: the courier collects the cash ──
  await shop.whileStopped(() => {
    const run = testTool('deliver-order-cli', [shop.dataDir, shop.baseUrl, String(orderId)]);
    expect(run.status, run.stderr).toBe(0);
  });

  // ── the shopper returns it and says where to send the money ──
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto(`/reviewOrdersDetails/${orderId}`);
    const returns = page.getByRole('region', { name: 'Returns and exchanges' });
    await returns.getByRole('button', { name: 'Return or exchange' }).click();
    const ask = page.getByRole('dialog', { name: 'Return or exchange' });
    await ask.getByLabel('A refund').check();
    await expect(ask).toContainText(
      'You paid in cash on delivery, so we refund you by bank transfer: tell us where to send it.',
    );
    await ask.getByLabel('UPI id').fill('asha.okaxis');
    await ask.getByLabel('Why? (required)').fill('Too big across the shoulders');
    await ask.getByRole('button', { name: 'Send request' }).click();
    await expect(ask.getByText('Enter your UPI id, like name@okaxis.')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`cod-return-dialog-${width}.png`) });
    if (width === 375) {
      await ask.getByRole('button', { name: 'Close' }).click();
      continue;
    }
    await expectAccessible(page, 'the return dialog asking where to refund');
    await ask.getByLabel('UPI id').fill('asha@okaxis');
    await ask.getByRole('button', { name: 'Send request' }).click();
    await expect(ask).toBeHidden();
    await expect(returns).toContainText('Refund by bank transfer to UPI asha@okaxis.');
  }

  // ── the owner approves and receives it: a bank transfer to make ──
  await staff.goto('/admin/returns');
  const card = staff.getByRole('listitem', { name: /^Return #\d+$/ });
  await card.getByRole('link', { name: /^Open Return #\d+$/ }).click();
  await expect(
    staff.getByText('UPI asha@okaxis (cash on delivery: a bank transfer)'),
  ).toBeVisible();
  await staff.getByRole('button', { name: 'Approve' }).click();
  await staff.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await staff.getByRole('button', { name: 'Mark received' }).click();
  const receive = staff.getByRole('dialog');
  await expect(receive).toContainText('is to be paid out by bank transfer to UPI asha@okaxis');
  await receive.getByRole('button', { name: 'Mark received' }).click();
  await expect(staff.getByText('Received', { exact: true }).first()).toBeVisible();

  await staff.goto('/admin/refunds');
  const payout = staff.getByRole('form', { name: /^Payout of refund #\d+$/ });
  await expect(payout).toContainText(`Order #${orderId}`);
  await expect(payout).toContainText('asha@okaxis');
  await expectAccessible(staff, 'the refunds page with a transfer to make');
  await staff.screenshot({ path: testInfo.outputPath('admin-payouts-1440.png'), fullPage: true });
  await staff.setViewportSize({ width: 375, height: 812 });
  await staff.screenshot({ path: testInfo.outputPath('admin-payouts-375.png'), fullPage: true });
  await payout.getByLabel('UTR of the transfer').fill('AXISN52026112912');
  await payout.getByRole('button', { name: 'Record transfer' }).click();
  await expect(payout).toBeHidden();

  await expect(staff.getByText('Bank transfer, UTR AXISN52026112912')).toBeVisible();

  // ── the order's money ledger: cash in, the transfer out, and it balances ──
  await staff.goto(`/admin/orders/${orderId}`);
  const money = staff.getByRole('region', { name: 'Money' });
  await expect(money.getByText('Cash collected on delivery')).toBeVisible();
  await expect(money.getByText('Bank transfer for a return')).toBeVisible();
  await expect(money.getByText('AXISN52026112912')).toBeVisible();
  await expect(money.getByTestId('ledger-balance')).toContainText('Balanced: the shop keeps');
  await money.screenshot({ path: testInfo.outputPath('admin-ledger-375.png') });
  await staff.setViewportSize({ width: 1440, height: 900 });
  await money.screenshot({ path: testInfo.outputPath('admin-ledger-1440.png') });
  await staff.goto('/admin/reconciliation');
  await expect(
    staff.getByText(/^(All \d+ orders balance|The one order balances)\.$/),
  ).toBeVisible();
  await expectAccessible(staff, 'the reconciliation page');
  await staff.screenshot({ path: testInfo.outputPath('admin-reconciliation-1440.png') });

  // ── the shopper's order says what came back: the shirt, not the shipping nor the COD fee ──
  await page.goto('/myAccount/orders');
  await expect(page.getByText(/^Partly refunded ₹[\d,]+ on /).first()).toBeVisible();
  await staffContext.close();
});
