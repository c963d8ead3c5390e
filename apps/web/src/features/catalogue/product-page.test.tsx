import type { CartItem, ProductDetail } from '@kitroom/contract';
import { fireEvent, screen } from '@testing-library/react';
import { Route } from '@/ui/router';
import { describe, expect, it } from 'vitest';
import { eventually } from '@/test/eventually';
import { fakeApi, ok } from '@/test/fake-api';
import { logInLocally, renderLoadedApp } from '@/test/render-app';
import { productLoader } from './loaders';
import ProductPage from './product-page';

const product: ProductDetail['product'] = {
  id: 7,
  name: 'Real Madrid Home Jersey 2026/27',
  price: 1999,
  discount_price: 1799,
  image_url: 'images/products/7.webp',
  image1: null,
  image2: null,
  stock_quantity: 9,
  size: { M: 5, XXL: 4 },
  category_name: 'Club Jerseys',
  sub_category_name: 'Home Kits',
  team_name: 'Real Madrid',
  player_name: null,
  tag: 'real madrid',
  product_rating: 0,
  review_count: 0,
  product_details: 'The home shirt.',
};

function inCart(size: string, quantity: number): CartItem {
  return {
    id: 7,
    selected_product_id: 7,
    image_url: product.image_url,
    name: product.name,
    price: product.price,
    discount_price: product.discount_price,
    selected_quantity: quantity,
    selected_size: size,
    stock_quantity: product.size[size] ?? 0,
  };
}

function open(cart: CartItem[], path = '/product/7', shown = product) {
  localStorage.setItem('cart', JSON.stringify(cart));
  const api = fakeApi();
  api.on('product.php', () =>
    ok([
      {
        product: shown,
        similar_by_category: [],
        similar_by_price: [],
        similar_by_tag: [],
        reviews: [],
      },
    ]),
  );
  return renderLoadedApp(
    <Route path="/product/:id" element={<ProductPage />} loader={productLoader} />,
    path,
  );
}

async function add(size: string) {
  fireEvent.click(await screen.findByRole('button', { name: size }));
  fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
}

// The add's own status line (the loading overlay has another).
const status = () =>
  screen
    .getAllByRole('status')
    .map((s) => s.textContent)
    .find((t) => t?.includes('cart'));

// Each add waits out the page's 2-second loading overlay.
describe('Add to Cart', { timeout: 15_000 }, () => {
  it('says nothing was added when the cart already holds the size’s whole stock', async () => {
    const { store } = await open([inCart('XXL', 4)]);
    await add('XXL');
    await eventually(() => expect(status()).toBe('Only 4 left in XXL — your cart has them all.'));
    expect(store.getState().cart.items).toEqual([inCart('XXL', 4)]);
  });

  it('says how many fitted when only some did', async () => {
    const { store } = await open([inCart('XXL', 3)]);
    fireEvent.click(await screen.findByRole('button', { name: 'XXL' }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await eventually(() =>
      expect(status()).toBe('Added 1 to your cart — only 4 left in XXL, your cart has them all.'),
    );
    expect(store.getState().cart.items).toEqual([inCart('XXL', 4)]);
  });

  it('says it was added when it was', async () => {
    const { store } = await open([inCart('XXL', 4)]);
    await add('M');
    await eventually(() => expect(status()).toBe('Added to your cart.'));
    expect(store.getState().cart.items).toEqual([inCart('XXL', 4), inCart('M', 1)]);
  });
});

describe('a back-in-stock link', () => {
  it('chooses the size it names while that size is in stock', async () => {
    await open([], '/product/7?size=XXL');
    await eventually(() =>
      expect(screen.getByRole('button', { name: 'XXL' }).getAttribute('aria-pressed')).toBe('true'),
    );
  });

  it('offers Notify me for a sold-out size', async () => {
    await open([], '/product/8', { ...product, id: 8, size: { M: 5, XXL: 0 } });
    expect(await screen.findByRole('button', { name: 'XXL, sold out' })).toBeTruthy();
    expect(screen.getByText("Size XXL sold out? We'll email you when it's back.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Notify me' })).toBeTruthy();
  });
});

describe('the wishlist heart beside the name', () => {
  const heart = () => screen.findByRole('button', { name: `Wishlist ${product.name}` });

  it('toggles a guest’s heart, kept on this device as the cards keep theirs', async () => {
    await open([]);
    fireEvent.click(await heart());
    expect((await heart()).getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(localStorage.getItem('wishlist')!)).toEqual([7]);
    fireEvent.click(await heart());
    expect((await heart()).getAttribute('aria-pressed')).toBe('false');
    expect(localStorage.getItem('wishlist')).toBeNull();
  });

  it('toggles a shopper’s heart on their wishlist at the shop', async () => {
    logInLocally(11);
    const api = fakeApi();
    api.on('product.php', () =>
      ok([
        {
          product,
          similar_by_category: [],
          similar_by_price: [],
          similar_by_tag: [],
          reviews: [],
        },
      ]),
    );
    api.on('wishlist.php', () => ok({ product_ids: [] }));
    api.on('wishlist_manage.php', (body) =>
      ok({ product_ids: body.action === 'add' ? [Number(body.product_id)] : [] }),
    );
    await renderLoadedApp(
      <Route path="/product/:id" element={<ProductPage />} loader={productLoader} />,
      '/product/7',
    );
    await eventually(() => expect(api.calls['wishlist.php']).toEqual([{ user_id: 11 }]));
    fireEvent.click(await heart());
    await eventually(() =>
      expect(api.calls['wishlist_manage.php']).toEqual([
        { user_id: 11, action: 'add', product_id: 7 },
      ]),
    );
    expect((await heart()).getAttribute('aria-pressed')).toBe('true');
  });
});

describe("the product's rating", () => {
  it('shows with how many reviews it averages', async () => {
    await open([], '/product/9', { ...product, id: 9, product_rating: 4.5, review_count: 2 });
    expect(await screen.findByText('out of 5')).toBeTruthy();
    expect(screen.getByText('4.5')).toBeTruthy();
    expect(screen.getByRole('link', { name: '2 reviews' }).getAttribute('href')).toBe(
      '#reviews-title',
    );
  });

  it('is not shown when no review stands behind it (a demo’s or an old shop’s rating)', async () => {
    await open([], '/product/10', { ...product, id: 10, product_rating: 4.7, review_count: 0 });
    expect(await screen.findByRole('heading', { name: product.name })).toBeTruthy();
    expect(screen.queryByText('out of 5')).toBeNull();
    expect(screen.queryByText('4.7')).toBeNull();
  });
});
