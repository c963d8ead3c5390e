// Home → team page → product → size → Add to Cart → the cart panel shows the line.
import { expect, open, test } from './fixtures';

test('a visitor browses from home to a team, adds a jersey and sees it in the cart', async ({
  page,
}) => {
  await open(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Top Teams' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Legendary Players' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Latest Products' })).toBeVisible();

  await page.getByRole('link', { name: 'Real Madrid', exact: true }).click();
  await expect(page).toHaveURL(/\/productCategory\/team\/real-madrid$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Real Madrid' })).toBeVisible();
  await expect(page.getByText('Founded')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Other Teams' })).toBeVisible();

  const grid = page.getByRole('list', { name: 'Real Madrid products' });
  await grid.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();

  const size = page.getByRole('group', { name: 'Size' }).locator('button:enabled').first();
  const sizeLabel = (await size.textContent())!.trim();
  await size.click();
  await expect(size).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Adding to cart' })).toBeVisible();
  await expect(page.getByText('Added to your cart.')).toBeVisible({ timeout: 5000 });
  // Size and quantity are reset for the next pick.
  await expect(
    page.getByRole('group', { name: 'Size' }).getByRole('button', { pressed: true }),
  ).toHaveCount(0);

  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  const panel = page.getByRole('dialog', { name: 'Shopping Cart' });
  await expect(panel).toBeVisible();
  const line = panel.getByRole('listitem');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(name.length > 15 ? `${name.slice(0, 15)}..` : name);
  await expect(line).toContainText(`Size : ${sizeLabel}`);
  await expect(line).toContainText(/Price : 1 x ₹[\d,]+/);
  await expect(panel.getByRole('button', { name: /^One fewer/ })).toBeDisabled();

  // The cart survives a reload (local copy).
  await page.reload();
  await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
});
