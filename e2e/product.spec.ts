// The product page from a shared link: what the server sends, the page after a reload, and
// the exact texts of its modals.
import { expect, open, test } from './fixtures';

test('a shared product link carries its title, preview tags and structured data', async ({
  request,
  catalogue,
}) => {
  const { product } = catalogue.inStock;
  const res = await request.get(`/product/${product.id}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain('<meta property="og:type" content="product" />');
  expect(html).toMatch(
    new RegExp(`<meta property="og:image" content="[^"]+/${product.image_url}" />`),
  );
  const ld = JSON.parse(
    /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!,
  ) as {
    name: string;
    offers: { priceCurrency: string; price: string };
  };
  expect(ld.name).toBe(product.name);
  expect(ld.offers).toMatchObject({
    priceCurrency: 'INR',
    price: product.discount_price.toFixed(2),
  });
});

test('a product deep link loads alone and survives a reload', async ({ page, catalogue }) => {
  const { product } = catalogue.inStock;
  await open(page, `/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You May Also Like' })).toBeVisible();
});

test('the product modals say exactly what the spec says', async ({ page, catalogue }) => {
  const { product, size } = catalogue.inStock;
  await open(page, `/product/${product.id}`);

  await page.getByRole('button', { name: 'Add to Cart' }).click();
  let dialog = page.getByRole('alertdialog', { name: 'Size Not Selected' });
  await expect(dialog).toContainText('Please select a size before adding the item to your cart.');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeFocused();

  await page.getByRole('button', { name: 'Buy Now' }).click();
  dialog = page.getByRole('alertdialog', { name: 'Size Not Selected' });
  await expect(dialog).toContainText('Please select a size before buying the item.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page
    .getByRole('group', { name: 'Size' })
    .getByRole('button', { name: size, exact: true })
    .click();
  await page.getByRole('button', { name: 'Buy Now' }).click();
  dialog = page.getByRole('alertdialog', { name: 'Login Required' });
  await expect(dialog).toContainText('Please login to continue purchase.');
  await expect(dialog.getByRole('button', { name: 'OK' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/login\\?redirect=${encodeURIComponent(`/product/${product.id}`)}$`),
  );
});

test('the copy link button says copied for 2 seconds', async ({ page, context, catalogue }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // At 375 px the share buttons are below the first screen, their code not yet loaded: the tap
  // (on the icon, most of the button) is held until it comes (deferred-part.tsx).
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await open(page, `/product/${catalogue.inStock.product.id}`);
    await page.getByRole('button', { name: 'Copy link' }).locator('svg').click();
    await expect(page.getByText('Link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/product\/\d+$/);
    await expect(page.getByText('Link copied')).toBeHidden({ timeout: 4000 });
  }
});
