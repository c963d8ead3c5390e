// The cart panel: quantity limits, the CheckOut modals and their exact texts, Clear Cart.
import type { CartItem } from '@kitroom/contract';
import { expect, open, test } from './fixtures';
import { registerAccount } from './journeys';

/** Puts lines in the shop's local cart before the app starts (the top page only: the map
 * frame on the contact page may not touch storage). */
function seedCart(items: CartItem[]) {
  if (window.top === window) localStorage.setItem('cart', JSON.stringify(items));
}

test('the cart panel guards CheckOut; Login & Continue logs in and goes on to checkout', async ({
  page,
  request,
  catalogue,
}) => {
  const account = await registerAccount(request, 'cart-login');
  const { product, size } = catalogue.inStock;
  const stock = product.size[size]!;
  const line: CartItem = {
    id: product.id,
    selected_product_id: product.id,
    image_url: product.image_url,
    name: product.name,
    price: product.price,
    discount_price: product.discount_price,
    selected_quantity: stock - 1,
    selected_size: size,
    stock_quantity: stock,
  };
  await page.addInitScript(seedCart, [line]);
  await open(page, '/contactUs');

  await page.getByRole('button', { name: /^Cart, \d+ items?$/ }).click();
  const panel = page.getByRole('dialog', { name: 'Shopping Cart' });
  await expect(panel.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  const plus = panel.getByRole('button', { name: `One more ${product.name}` });
  await plus.click();
  await expect(plus).toBeDisabled();
  await expect(panel).toContainText(`Price : ${stock} x`);

  await panel.getByRole('button', { name: 'CheckOut' }).click();
  let modal = page.getByRole('alertdialog', { name: 'Product Not Selected' });
  await expect(modal).toContainText('Please select a product before checking out.');
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(modal).toBeHidden();

  await panel.getByRole('checkbox', { name: `Select ${product.name}, size ${size}` }).check();
  await panel.getByRole('button', { name: 'CheckOut' }).click();
  modal = page.getByRole('alertdialog', { name: 'Login Required' });
  await expect(modal).toContainText('Please login to continue your purchase.');
  await expect(modal.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await modal.getByRole('button', { name: 'Login & Continue' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2FcheckOut$/);
  await expect(panel).toBeHidden();

  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/checkOut$/);
  const items = page.getByRole('list', { name: 'Items' });
  await expect(items.getByRole('listitem')).toHaveCount(1);
  await expect(items).toContainText(`Size: ${size} · Qty: ${stock}`);
});

test('Clear Cart empties the panel, which then offers Shop Now', async ({ page, catalogue }) => {
  const { product, size } = catalogue.inStock;
  await page.addInitScript(seedCart, [
    {
      id: product.id,
      selected_product_id: product.id,
      image_url: product.image_url,
      name: product.name,
      price: product.price,
      discount_price: product.discount_price,
      selected_quantity: 1,
      selected_size: size,
      stock_quantity: product.size[size]!,
    },
  ]);
  await open(page, '/');
  const opener = page.getByRole('button', { name: 'Cart, 1 item' });
  await opener.click();
  const panel = page.getByRole('dialog', { name: 'Shopping Cart' });
  await panel.getByRole('button', { name: 'Clear Cart' }).click();
  await expect(panel.getByText('Your Cart is Currently Empty')).toBeVisible();
  await panel.getByRole('button', { name: 'Shop Now' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeFocused();
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe('[]');
});
