// A purchase on a 375 px phone: login, Buy Now, checkout, the sandbox payment, and the
// order found again through the bottom bar's Orders.
import { devices } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import {
  buyNow,
  fillAddress,
  finishPayment,
  KOCHI,
  logInWithForm,
  registerAccount,
  rupees,
} from './journeys';

const { defaultBrowserType: _browser, ...phone } = devices['Pixel 7'];
test.use({ ...phone, viewport: { width: 375, height: 812 } });

test('a phone shopper buys a jersey and finds the order under Orders', async ({
  page,
  request,
  catalogue,
}) => {
  const account = await registerAccount(request, 'phone');
  await page.goto('/myAccount');
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await expectAccessible(page, 'account prompt on a phone');
  await page.getByRole('link', { name: 'Login' }).click();
  await logInWithForm(page, account, page.url().replace(/^https?:\/\/[^/]+/, ''));
  await expect(page).toHaveURL(/\/myAccount$/);

  const { product, size } = catalogue.inStock;
  await buyNow(page, product, size);
  await fillAddress(page, KOCHI);
  await expect(page.getByTestId('order-total')).toHaveText(rupees(product.discount_price + 60));
  await expectAccessible(page, 'checkout on a phone');
  const pay = page.getByRole('button', { name: 'Pay Now' });
  await pay.scrollIntoViewIfNeeded();
  await pay.click();
  const orderId = await finishPayment(page, 'pay');
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  await expectAccessible(page, 'order detail on a phone');

  await page
    .getByRole('navigation', { name: 'Shortcuts' })
    .getByRole('link', { name: 'Orders' })
    .click();
  await expect(page).toHaveURL(/\/myAccount\/orders$/);
  await expect(page.getByRole('link', { name: new RegExp(`Order #${orderId}`) })).toBeVisible();
  // The page is no wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
