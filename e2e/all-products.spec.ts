// Filters, price range and paging on /allProducts, kept in the URL.
import { expect, open, option, test } from './fixtures';

test('filters narrow the list, pages move by 50 and Reset brings everything back', async ({
  page,
  catalogue,
}) => {
  await open(page, '/allProducts');
  const total = catalogue.listing.total;
  await expect(page.getByText(`${total} products`)).toBeVisible();
  const cards = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
  await expect(cards).toHaveCount(Math.min(50, total));

  // Paging: the previous arrow is disabled on the first page.
  const previous = page.getByRole('button', { name: 'Previous page' });
  const next = page.getByRole('button', { name: 'Next page' });
  await expect(previous).toBeDisabled();
  if (total > 50) {
    await next.click();
    await expect(page).toHaveURL(/start=50/);
    await expect(page.getByText(`Page 2 of ${Math.ceil(total / 50)}`)).toBeVisible();
    await expect(previous).toBeEnabled();
    await previous.click();
    await expect(page.getByText(`Page 1 of ${Math.ceil(total / 50)}`)).toBeVisible();
  } else {
    await expect(next).toBeDisabled();
  }

  // Picking a category disables the sub-categories of other categories; picking it again
  // clears it.
  const filters = page.getByRole('complementary', { name: 'Filters' });
  const category = catalogue.listing.categories[0]!;
  const categoryBox = filters.getByRole('checkbox', { name: option(category.category_name) });
  await categoryBox.check();
  await expect(
    page.getByText(`${category.count} ${category.count === 1 ? 'product' : 'products'}`),
  ).toBeVisible();
  const foreign = catalogue.listing.sub_categories.find(
    (s) => s.category_name !== category.category_name,
  );
  if (foreign) {
    await expect(
      filters.getByRole('checkbox', { name: option(foreign.sub_category_name) }),
    ).toBeDisabled();
  }
  await categoryBox.uncheck();
  await expect(page).toHaveURL(/\/allProducts$/);

  // A team filter, with its count, narrows the list and resets the window.
  const team = catalogue.listing.teams.find((t) => t.count > 0)!;
  await filters.getByRole('checkbox', { name: option(team.team_name) }).check();
  await expect(page).toHaveURL(
    new RegExp(`team=${encodeURIComponent(team.team_name).replace(/%20/g, '(\\+|%20)')}`),
  );
  await expect(
    page.getByText(`${team.count} ${team.count === 1 ? 'product' : 'products'}`),
  ).toBeVisible();

  // Apply sends the typed price range (kept inside the products' bounds).
  const min = filters.getByLabel('Min (₹)');
  const low = Number(await min.getAttribute('min'));
  await min.fill(String(low + 10));
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`min=${low + 10}`));

  // Reset clears every filter.
  await filters.getByRole('button', { name: 'Reset' }).click();
  await expect(page).toHaveURL(/\/allProducts$/);
  await expect(page.getByText(`${total} products`)).toBeVisible();
});

test('a range without products offers Reset Filters', async ({ page, catalogue }) => {
  await open(page, '/allProducts?min=1&max=2');
  await expect(page.getByText('No products found!')).toBeVisible();
  await page.getByRole('button', { name: 'Reset Filters' }).click();
  await expect(page).toHaveURL(/\/allProducts$/);
  await expect(page.getByText(`${catalogue.listing.total} products`)).toBeVisible();
});

test('the price bar keeps the minimum 5 below the maximum', async ({ page, catalogue }) => {
  await open(page, '/allProducts');
  await expect(page.getByText(`${catalogue.listing.total} products`)).toBeVisible();
  const filters = page.getByRole('complementary', { name: 'Filters' });
  const max = Number(await filters.getByLabel('Max (₹)').inputValue());
  const minSlider = filters.getByRole('slider', { name: 'Minimum price' });
  await minSlider.focus();
  await page.keyboard.press('End');
  await expect(filters.getByLabel('Min (₹)')).toHaveValue(String(max - 5));
});
