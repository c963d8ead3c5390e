// Name and number printing, end to end (decision 049): the owner switches printing on for a
// shirt in the back office; a shopper types a name and a number on its product page, sees the
// preview and the terms, adds it to the cart (a line of its own with the print's price), finds
// no cash on delivery at checkout (with the reason), pays online on the sandbox page, and the
// order page shows the print. The product page with its preview is photographed at 1440 and
// 375 px into the test's output folder. On a shop of its own: its first owner signs in there.
import type { ProductResponse, ShopListingResponse } from '@kitroom/contract';
import { expect, expectAccessible, open, testOnOwnShop } from './fixtures';
import {
  fillAddress,
  finishPayment,
  KOCHI,
  layoutShift,
  logInWithForm,
  ownerSetsUp,
  registerAccount,
  rupees,
  watchLayoutShift,
} from './journeys';

const it = testOnOwnShop('printing');

it('the owner offers printing; a shopper prints LUNA 10 on a shirt and pays online', async ({
  page,
  browser,
  request,
  shop,
}, testInfo) => {
  it.setTimeout(300_000);
  const listing = (await (
    await request.post('/api/shop.php', { data: { limit: '0-50' } })
  ).json()) as ShopListingResponse;
  const product = listing.products.find((p) => Object.values(p.size).some((s) => s >= 2))!;
  expect(product, 'a jersey with a size in stock').toBeTruthy();
  const size = Object.entries(product.size).find(([, stock]) => stock >= 2)![0];

  // ── the owner switches printing on: ₹300 a name, ₹200 a number, ₹150 the sleeve patch ──
  const ownerContext = await browser.newContext({ locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
  const owner = await ownerContext.newPage();
  await ownerSetsUp(owner, shop.adminSetupUrl!);
  await owner.goto(`${shop.baseUrl}/admin/products/${product.id}`);
  const panel = owner.getByRole('region', { name: 'Name and number printing' });
  await panel.getByLabel('Offer printing on this shirt').check();
  await panel.getByLabel('Name price (₹)').fill('300');
  await panel.getByLabel('Number price (₹)').fill('200');
  await panel.getByLabel('Sleeve patch price (₹)').fill('150');
  await panel.getByLabel('Lettering colour').fill('#FFD700');
  await panel.getByRole('button', { name: 'Save printing' }).click();
  await expect
    .poll(async () => {
      const response = (await (
        await request.post('/api/product.php', { data: { product_id: product.id } })
      ).json()) as ProductResponse;
      return response[0].printing ?? null;
    })
    .toEqual({ name_price: 300, number_price: 200, patch_price: 150, colour: '#FFD700' });
  await ownerContext.close();

  // ── the shopper types a name and a number and sees them on the shirt ──
  const account = await registerAccount(request, 'printing');
  await logInWithForm(page, account);
  // The printing box is rendered on the server: nothing moves while the page loads.
  await watchLayoutShift(page);
  await open(page, `/product/${product.id}`);
  const printing = page.getByRole('region', { name: 'Name and number printing' });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  expect(await layoutShift(page)).toBeLessThan(0.05);
  await expect(printing).toContainText(
    'Printed shirts are made for you: they cannot be returned except for a defect, cannot be paid by cash on delivery, and leave us 2 days later.',
  );
  await expect(printing.getByTestId('print-preview')).toHaveCount(0);
  await printing.getByLabel('Name (+₹300)').fill('Luna 9');
  await expect(printing.getByText('Letters and spaces only, at most 12 characters')).toBeVisible();
  await printing.getByLabel('Name (+₹300)').fill('luna');
  await printing.getByLabel('Number (+₹200)').fill('10');
  await printing.getByLabel('Sleeve patch (+₹150)').check();
  await expect(printing).toContainText('Printing adds ₹650 a piece.');
  const preview = printing.getByRole('img', { name: 'Preview of LUNA · 10 on the shirt' });
  await expect(preview).toBeVisible();
  await expect(preview.locator('text')).toHaveText(['LUNA', '10']);
  await expectAccessible(page, 'the product page with a print');
  await printing.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('product-print-1440.png') });
  await page.setViewportSize({ width: 375, height: 800 });
  await printing.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('product-print-375.png') });
  await page.screenshot({
    path: testInfo.outputPath('product-print-375-full.png'),
    fullPage: true,
  });
  await page.setViewportSize({ width: 1440, height: 900 });

  await page
    .getByRole('group', { name: 'Size' })
    .getByRole('button', { name: size, exact: true })
    .click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to your cart.')).toBeVisible();

  // ── the cart has the printed line, priced with its print ──
  const unit = product.discount_price + 650;
  await page.getByRole('button', { name: /^Cart, 1 item$/ }).click();
  const cart = page.getByRole('dialog', { name: 'Shopping Cart' });
  const line = cart.getByRole('listitem');
  await expect(line).toHaveCount(1);
  await expect(line.getByTestId('cart-line-print')).toHaveText(
    'Printed: LUNA · 10 · sleeve patch (+₹650)',
  );
  await expect(line).toContainText(`Price : 1 x ${rupees(unit)}`);
  await line.getByRole('checkbox').check();
  await cart.getByRole('button', { name: 'CheckOut' }).click();

  // ── checkout offers no cash on delivery, and says why ──
  await expect(page).toHaveURL(/\/checkOut$/);
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByTestId('checkout-line-print')).toHaveText(
    'Printed: LUNA · 10 · sleeve patch (₹650 a piece)',
  );
  await fillAddress(page, KOCHI);
  await expect(summary.getByTestId('order-total')).toHaveText(rupees(unit + 60));
  const cod = page.getByRole('radio', { name: /Cash on delivery/ });
  await expect(cod).toBeDisabled();
  await expect(summary).toContainText(
    'Cash on delivery is not available for printed shirts. Please pay online.',
  );
  await expect(summary.getByText(/^Delivery by \w{3}, \d{1,2} \w{3}$/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('checkout-print-1440.png'), fullPage: true });

  // ── paid online, the order page shows the print ──
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await finishPayment(page, 'pay');
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  await expect(page.getByTestId('order-line-print')).toHaveText(
    'Printed: LUNA · 10 · sleeve patch (₹650 a piece)',
  );
  await page.screenshot({ path: testInfo.outputPath('order-print-1440.png'), fullPage: true });
});
