// The size chart from the keyboard: Tab from a size to "Size chart", Enter opens the dialog
// with the chart in centimetres, Tab stays inside, Escape closes it and gives the focus back.
import { expect, expectAccessible, open, test } from './fixtures';

test('the size chart opens, traps the focus and closes by keyboard', async ({
  page,
  catalogue,
}) => {
  const { product, size } = catalogue.inStock;
  await open(page, `/product/${product.id}`);
  const button = page.getByRole('button', { name: 'Size chart' });
  const sizes = page.getByRole('group', { name: 'Size', exact: true });
  // Choose a size, then Tab past the sizes after it to the Size chart button.
  await sizes.getByRole('button', { name: size, exact: true }).click();
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    if (await button.evaluate((b) => b === document.activeElement)) break;
  }
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: /^Size chart: / });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('columnheader', { name: 'Chest (cm)' })).toBeVisible();
  await expect(dialog.getByRole('rowheader', { name: 'M', exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close size chart' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Close size chart' })).toBeFocused();
  await expectAccessible(page, 'size chart dialog');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});
