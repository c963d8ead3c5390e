import type { ProductSummary } from '@kitroom/contract';
import { WISHLIST_FULL } from '@kitroom/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route } from '@/ui/router';
import { describe, expect, it } from 'vitest';
import { ProductCard } from '@/ui/product-card';
import { eventually } from '@/test/eventually';
import { fakeApi, ok, refuse } from '@/test/fake-api';
import { logInLocally, renderApp } from '@/test/render-app';
import { WishlistHeart } from './wishlist-heart';
import WishlistPage from './wishlist-page';

const jersey = (id: number, name: string): ProductSummary => ({
  id,
  name,
  price: 1999,
  discount_price: 1499,
  image_url: `images/products/${id}.webp`,
  stock_quantity: 10,
  size: { M: 5, L: 5 },
  category_name: 'Club Jerseys',
  sub_category_name: null,
  team_name: null,
  player_name: null,
  tag: '',
  product_rating: 0,
  review_count: 0,
});

const kerala = jersey(3, 'Kerala Blasters Home Jersey 2026/27');
const bagan = jersey(4, 'Mohun Bagan Away Jersey 2026/27');

function Cards() {
  return (
    <ul>
      {[kerala, bagan].map((p) => (
        <li key={p.id}>
          <ProductCard product={p} corner={<WishlistHeart product={p} />} />
        </li>
      ))}
    </ul>
  );
}

const routes = (
  <>
    <Route path="/" element={<Cards />} />
    <Route path="/myAccount/wishlist" element={<WishlistPage />} />
  </>
);

const heart = (name: string) => screen.getByRole('button', { name: `Wishlist ${name}` });
const pressed = (name: string) => heart(name).getAttribute('aria-pressed');

describe('the wishlist heart', () => {
  it("keeps a guest's hearts on this device only", () => {
    const api = fakeApi();
    renderApp(routes, '/');
    expect(pressed(kerala.name)).toBe('false');
    fireEvent.click(heart(kerala.name));
    fireEvent.click(heart(bagan.name));
    expect(pressed(kerala.name)).toBe('true');
    expect(JSON.parse(localStorage.getItem('wishlist')!)).toEqual([3, 4]);
    fireEvent.click(heart(kerala.name));
    expect(pressed(kerala.name)).toBe('false');
    expect(JSON.parse(localStorage.getItem('wishlist')!)).toEqual([4]);
    expect(Object.keys(api.calls)).toEqual([]);
  });

  it("merges this device's guest hearts into the account's at login, then forgets them", async () => {
    // Hearted as a guest (the first test shows how), then logged in.
    localStorage.setItem('wishlist', JSON.stringify([3, 4]));
    logInLocally(11);
    const api = fakeApi();
    api.on('wishlist_merge.php', (body) =>
      ok({ product_ids: [...body.product_ids.map(Number), 9] }),
    );
    renderApp(routes, '/');
    await eventually(() =>
      expect(api.calls['wishlist_merge.php']).toEqual([{ user_id: 11, product_ids: [3, 4] }]),
    );
    await eventually(() => expect(pressed(kerala.name)).toBe('true'));
    expect(pressed(bagan.name)).toBe('true');
    expect(api.calls['wishlist.php']).toBeUndefined();
    // The hearts are the account's now, not this device's.
    expect(localStorage.getItem('wishlist')).toBeNull();
  });

  it('lists the shopper’s jerseys on the Wishlist page, and unhearting one takes it off', async () => {
    logInLocally(12);
    const api = fakeApi();
    let held = [4, 3];
    api.on('wishlist.php', () => ok({ product_ids: held }));
    api.on('wishlist_products.php', () => ok({ products: [bagan, kerala] }));
    api.on('wishlist_manage.php', (body) => {
      held = held.filter((id) => id !== Number(body.product_id));
      return ok({ product_ids: held });
    });
    renderApp(routes, '/myAccount/wishlist');
    const list = await screen.findByRole('list', { name: 'Your wishlist' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((a) => a.querySelector('h3 .sr-only')!.textContent),
    ).toEqual([bagan.name, kerala.name]);
    expect(api.calls['wishlist_products.php']).toEqual([{ user_id: 12 }]);
    fireEvent.click(heart(bagan.name));
    await eventually(() => expect(screen.queryByText(bagan.name)).toBeNull());
    expect(api.calls['wishlist_manage.php']).toEqual([
      { user_id: 12, action: 'remove', product_id: 4 },
    ]);
    fireEvent.click(heart(kerala.name));
    expect(await screen.findByText('Your wishlist is empty.')).toBeTruthy();
  });

  it('undoes a heart the shop refuses and says why', async () => {
    logInLocally(13);
    const api = fakeApi();
    api.on('wishlist.php', () => ok({ product_ids: [] }));
    api.on('wishlist_manage.php', () => refuse(409, WISHLIST_FULL));
    renderApp(routes, '/');
    await eventually(() => expect(api.calls['wishlist.php']).toEqual([{ user_id: 13 }]));
    fireEvent.click(heart(kerala.name));
    expect(pressed(kerala.name)).toBe('true');
    const alert = await screen.findByRole('alertdialog', { name: 'Wishlist' });
    expect(alert.textContent).toContain(WISHLIST_FULL);
    await eventually(() => expect(pressed(kerala.name)).toBe('false'));
    expect(api.calls['wishlist.php']).toHaveLength(2);
  });
});
