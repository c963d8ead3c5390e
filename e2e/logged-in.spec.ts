// A logged-in shopper: every cart change reaches the server cart, the server cart replaces
// the local copy on load, and CheckOut hands the selected lines to /checkOut.
import type { CartResponse } from '@kitroom/contract';
import type { Page } from '@playwright/test';
import { expect, open, test } from './fixtures';
import { signUp, type Shopper } from './shopper';

async function serverCart(page: Page, shopper: Shopper) {
  const res = await page.request.post('/api/cart.php', { data: { user_id: shopper.userId } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as CartResponse).cart_items.map((i) => ({
    id: i.id,
    size: i.selected_size,
    quantity: i.selected_quantity,
  }));
}

test('cart changes of a logged-in shopper are kept on the server', async ({ page, catalogue }) => {
  const shopper = await signUp(page);
  const { product, size } = catalogue.inStock;

  await open(page, `/product/${product.id}`);
  await page
    .getByRole('group', { name: 'Size' })
    .getByRole('button', { name: size, exact: true })
    .click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to your cart.')).toBeVisible({ timeout: 5000 });
  await expect
    .poll(() => serverCart(page, shopper))
    .toEqual([{ id: product.id, size, quantity: 1 }]);

  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  const panel = page.getByRole('dialog', { name: 'Shopping Cart' });
  await panel.getByRole('button', { name: `One more ${product.name}` }).click();
  await expect
    .poll(() => serverCart(page, shopper))
    .toEqual([{ id: product.id, size, quantity: 2 }]);

  // A stale local copy gives way to the server cart when the shop loads.
  await page.evaluate(() => localStorage.setItem('cart', '[]'));
  await page.reload();
  await expect(page.getByRole('button', { name: 'Cart, 2 items' })).toBeVisible();

  // Selected lines go to checkout when the shopper is logged in.
  await page.getByRole('button', { name: 'Cart, 2 items' }).click();
  await panel.getByRole('checkbox', { name: 'Select all' }).check();
  await panel.getByRole('button', { name: 'CheckOut' }).click();
  await expect(page).toHaveURL(/\/checkOut$/);
  const state = await page.evaluate(() => (history.state as { usr?: unknown } | null)?.usr);
  expect(state).toEqual({
    items: [
      {
        product_id: product.id,
        price: product.discount_price,
        image_url: product.image_url,
        name: product.name,
        quantity: 2,
        selectedSize: size,
      },
    ],
  });

  await open(page, '/');
  await page.getByRole('button', { name: 'Cart, 2 items' }).click();
  await panel.getByRole('button', { name: 'Remove' }).click();
  await expect.poll(() => serverCart(page, shopper)).toEqual([]);
});

test('feedback from the footer is thanked', async ({ page }) => {
  await open(page, '/contactUs');
  await page
    .getByLabel('Send us your feedback')
    .fill('The size chart helped me pick the right jersey.');
  await page.getByRole('button', { name: 'Send' }).click();
  const thanks = page.getByRole('alertdialog', { name: 'Feedback sent' });
  await expect(thanks).toContainText('Thankyou! , your feedback is important for us.');
  await thanks.getByRole('button', { name: 'Ok' }).click();
  await expect(thanks).toBeHidden();
  await expect(page.getByLabel('Send us your feedback')).toHaveValue('');
});
