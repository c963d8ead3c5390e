// The wishlist that follows you (issue 21): a guest hearts a shirt on the listing, logs in,
// and finds it on the Wishlist page of the account area; unhearting it there takes it off.
import { expect, open, test } from './fixtures';
import { logInWithForm, registerAccount } from './journeys';

test('a guest hearts a shirt, logs in, and sees it on the Wishlist page', async ({
  page,
  request,
  catalogue,
}) => {
  const account = await registerAccount(request, 'wishlist');
  const shirt = catalogue.listing.products[1]!;
  await open(page, '/allProducts');
  const heart = page.getByRole('button', { name: `Wishlist ${shirt.name}`, exact: true });
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  await logInWithForm(page, account, '/login?redirect=%2FmyAccount%2Fwishlist');
  await expect(page).toHaveURL(/\/myAccount\/wishlist$/);
  await expect(page.getByRole('heading', { name: 'Wishlist', level: 1 })).toBeVisible();
  const list = page.getByRole('list', { name: 'Your wishlist' });
  await expect(list.getByRole('article')).toHaveCount(1);
  await expect(list.getByRole('heading', { name: shirt.name })).toBeVisible();

  // Kept by the shop: another browser of the same shopper shows it too.
  const kept = (await (
    await page.request.post('/api/wishlist.php', { data: { user_id: account.userId } })
  ).json()) as { product_ids: number[] };
  expect(kept.product_ids).toEqual([shirt.id]);

  await list.getByRole('button', { name: `Wishlist ${shirt.name}`, exact: true }).click();
  await expect(page.getByText('Your wishlist is empty.')).toBeVisible();
});
