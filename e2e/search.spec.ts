// The search overlay: popular category chips, suggestions, no results, and the search page.
import { expect, open, test } from './fixtures';

test('the overlay suggests phrases for text that finds products and opens the search page', async ({
  page,
}) => {
  await open(page, '/');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const overlay = page.getByRole('dialog', { name: 'Search products' });
  const box = overlay.getByPlaceholder('Search by name or description...');
  await expect(box).toBeFocused();
  await expect(overlay.getByRole('heading', { name: 'Popular Searches' })).toBeVisible();
  await expect(
    overlay
      .getByRole('button')
      .filter({ hasText: /Jerseys|Kids|Retro|Training/ })
      .first(),
  ).toBeVisible();

  await box.fill('zzqqxx');
  await expect(overlay.getByText('No products found.')).toBeVisible();

  await box.fill('madrid');
  const suggestion = overlay.getByRole('button', { name: 'Real Madrid jersey' });
  await expect(suggestion).toBeVisible();
  await expect(
    overlay.getByRole('region', { name: 'Suggestions' }).getByRole('button'),
  ).toHaveCount(47);
  await suggestion.click();
  await expect(overlay).toBeHidden();
  await expect(page).toHaveURL(/\/searchPage\/Real%20Madrid%20jersey$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Real Madrid jersey');
  await expect(
    page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first(),
  ).toBeVisible();

  // The page's own box searches again; nothing found says so.
  await page.getByRole('searchbox', { name: 'Search products' }).fill('zzqqxx');
  await page.getByRole('button', { name: 'Search', exact: true }).last().click();
  await expect(page).toHaveURL(/\/searchPage\/zzqqxx$/);
  await expect(page.getByText('Product Not Found')).toBeVisible();
});

test('Escape closes the overlay and gives the focus back', async ({ page }) => {
  await open(page, '/allProducts');
  const opener = page.getByRole('button', { name: 'Search', exact: true });
  await opener.click();
  await expect(page.getByRole('dialog', { name: 'Search products' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Search products' })).toBeHidden();
  await expect(opener).toBeFocused();
});
