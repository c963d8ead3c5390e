// A kit launch on the product page (decision 070): before the drop the countdown, the rules and
// "Notify me when it drops" stand where Add to Cart and Buy Now go; at the drop the buttons
// come back with the rules above them and the quantity held to the limit.
import type { ProductDetail, StorefrontLaunch } from '@kitroom/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventually } from '@/test/eventually';
import { fakeApi, ok } from '@/test/fake-api';
import { logInLocally, renderLoadedApp } from '@/test/render-app';
import { productLoader } from './loaders';
import ProductPage from './product-page';

const product: ProductDetail['product'] = {
  id: 7,
  name: 'Malabar FC Home 26/27',
  price: 1299,
  discount_price: 1299,
  image_url: 'images/products/7.webp',
  image1: null,
  image2: null,
  stock_quantity: 100,
  size: { M: 50, L: 50 },
  category_name: 'Club Jerseys',
  sub_category_name: null,
  team_name: 'Malabar FC',
  player_name: null,
  tag: '',
  product_rating: 0,
  review_count: 0,
  product_details: 'The new home shirt.',
};

function open(launch: StorefrontLaunch) {
  const api = fakeApi();
  api.on('product.php', () =>
    ok([
      {
        product,
        similar_by_category: [],
        similar_by_price: [],
        similar_by_tag: [],
        reviews: [],
        launch,
      },
    ]),
  );
  return {
    api,
    rendered: renderLoadedApp(
      <Route path="/product/:id" element={<ProductPage />} loader={productLoader} />,
      '/product/7',
    ),
  };
}

afterEach(() => vi.useRealTimers());

describe('a kit launch on the product page', () => {
  it('counts down to the drop in IST, mails a logged-in fan, and brings the buttons at the drop', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-30T13:29:50.000Z') });
    logInLocally(5);
    const { api, rendered } = open({
      name: 'Malabar FC Home 26/27',
      starts_at: '2026-11-30T13:30:00.000Z',
      limits_until: '2026-12-01T13:30:00.000Z',
      per_fan_limit: 2,
      cod: false,
    });
    await rendered;
    expect(await screen.findByText('Drops Mon 30 Nov, 7:00 pm IST')).toBeTruthy();
    expect(await screen.findByText(/^00:00:(0\d|10)$/)).toBeTruthy();
    expect(
      screen.getByText(
        'Launch rules: at most 2 pieces of each size per fan; pay online (no cash on delivery).',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Buy Now' })).toBeNull();

    api.on('launch_alert.php', () => ok({ email: 'asha@kitroom.in' }));
    fireEvent.click(screen.getByRole('button', { name: 'Notify me when it drops' }));
    await eventually(() =>
      expect(
        screen.getByText("We'll email asha@kitroom.in when it drops, Mon 30 Nov, 7:00 pm IST."),
      ).toBeTruthy(),
    );
    expect(api.calls['launch_alert.php']).toEqual([{ user_id: 5, product_id: 7 }]);

    await act(() => vi.advanceTimersByTimeAsync(11_000));
    expect(await screen.findByRole('button', { name: 'Add to Cart' })).toBeTruthy();
    expect(screen.queryByText('Drops Mon 30 Nov, 7:00 pm IST')).toBeNull();
    expect(
      screen.getByText(
        'Launch rules: at most 2 pieces of each size per fan; pay online (no cash on delivery).',
      ),
    ).toBeTruthy();
  });

  it('asks a guest to log in for the mail', async () => {
    const { rendered } = open({
      name: 'Heroes Third Kit',
      starts_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      limits_until: new Date(Date.now() + 4 * 86_400_000).toISOString(),
      per_fan_limit: 1,
      cod: true,
    });
    await rendered;
    const login = await screen.findByRole('link', { name: 'Log in to get a mail when it drops' });
    expect(login.getAttribute('href')).toBe('/login?redirect=%2Fproduct%2F7');
    expect(screen.getByText('Launch rules: at most 1 piece of each size per fan.')).toBeTruthy();
    expect(screen.getByText(/^3 d \d{2}:\d{2}:\d{2}$/)).toBeTruthy();
  });
});
