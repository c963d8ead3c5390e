// A kit launch on the product page (decision 070): before the drop the countdown, the rules and
// "Notify me when it drops" stand where Add to Cart and Buy Now go; at the drop the buttons
// come back with the rules above them and the quantity held to the limit.
import {
  leadingZeroBits,
  type LaunchPlace,
  type ProductDetail,
  type StorefrontLaunch,
} from '@kitroom/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route } from '@/ui/router';
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

function open(launch: StorefrontLaunch, shown: ProductDetail['product'] = product) {
  const api = fakeApi();
  api.on('product.php', () =>
    ok([
      {
        product: shown,
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
      queue_opens_at: null,
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

    // Opted in to WhatsApp updates: the box says the message goes there too.
    api.on('launch_alert.php', () => ok({ email: 'asha@kitroom.in', whatsapp: '+91 98765 43210' }));
    fireEvent.click(screen.getByRole('button', { name: 'Notify me when it drops' }));
    await eventually(() =>
      expect(
        screen.getByText(
          "We'll email asha@kitroom.in and message +91 98765 43210 on WhatsApp when it drops, Mon 30 Nov, 7:00 pm IST.",
        ),
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

  it('says under Notify me that a sold-out size’s mail waits for the end of the launch, and not once it is over', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-12-01T13:29:50.000Z') });
    const { rendered } = open(
      {
        name: 'Malabar FC Home 26/27',
        starts_at: '2026-11-30T13:30:00.000Z',
        limits_until: '2026-12-01T13:30:00.000Z',
        per_fan_limit: 2,
        cod: false,
        queue_opens_at: null,
      },
      { ...product, size: { M: 0, L: 50 } },
    );
    await rendered;
    expect(
      await screen.findByText("Size M sold out? We'll email you when it's back."),
    ).toBeTruthy();
    const after =
      "During the launch a piece that comes back goes to the next fan in the queue. We'll email you if your size is in stock when the launch ends, Tue 1 Dec, 7:00 pm IST.";
    expect(screen.getByText(after)).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(11_000));
    await eventually(() => expect(screen.queryByText(after)).toBeNull());
    expect(screen.getByText("Size M sold out? We'll email you when it's back.")).toBeTruthy();
  });

  it('asks the pincode box about the launch, which keeps cash on delivery off', async () => {
    const { api, rendered } = open({
      name: 'Derby Drop',
      starts_at: new Date(Date.now() - 60_000).toISOString(),
      limits_until: new Date(Date.now() + 86_400_000).toISOString(),
      per_fan_limit: 2,
      cod: false,
      queue_opens_at: null,
    });
    await rendered;
    // The server judges COD for the jersey's launch: the pincode alone would allow it.
    api.on('delivery_estimate.php?pincode=673002&products=7', () =>
      ok({
        pincode: '673002',
        city: 'Kozhikode',
        state: 'Kerala',
        states: ['Kerala'],
        date: '2026-11-27',
        text: 'Delivery by Fri, 27 Nov',
        cod: {
          available: false,
          fee: 49,
          reason: 'Cash on delivery is not available for the Derby Drop launch. Please pay online.',
        },
      }),
    );
    fireEvent.change(await screen.findByLabelText('Delivery pincode'), {
      target: { value: '673002' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check delivery' }));
    await eventually(() =>
      expect(
        within(screen.getByRole('region', { name: 'Delivery' })).getByRole('status').textContent,
      ).toMatch(/^Delivery by Fri, 27 Novto Kozhikode/),
    );
    expect(Object.keys(api.calls)).toContain('delivery_estimate.php?pincode=673002&products=7');
  });

  it('asks a guest to log in for the mail', async () => {
    const { rendered } = open({
      name: 'Heroes Third Kit',
      starts_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      limits_until: new Date(Date.now() + 4 * 86_400_000).toISOString(),
      per_fan_limit: 1,
      cod: true,
      queue_opens_at: null,
    });
    await rendered;
    const login = await screen.findByRole('link', { name: 'Log in to get a mail when it drops' });
    expect(login.getAttribute('href')).toBe('/login?redirect=%2Fproduct%2F7');
    expect(screen.getByText('Launch rules: at most 1 piece of each size per fan.')).toBeTruthy();
    expect(screen.getByText(/^3 d \d{2}:\d{2}:\d{2}$/)).toBeTruthy();
  });

  it('holds a place in the waiting room, shows the turn, and brings the buttons for the turn only', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-30T13:31:00.000Z') });
    logInLocally(5);
    const { api, rendered } = open({
      name: 'Malabar FC Home 26/27',
      starts_at: '2026-11-30T13:30:00.000Z',
      limits_until: '2026-12-01T13:30:00.000Z',
      per_fan_limit: 2,
      cod: false,
      queue_opens_at: '2026-11-30T13:20:00.000Z',
    });
    const places: LaunchPlace[] = [
      {
        state: 'waiting',
        position: 153,
        ahead: 52,
        turn_starts_at: '2026-11-30T13:31:20.000Z',
        turn_ends_at: '2026-11-30T13:41:20.000Z',
      },
      {
        state: 'your_turn',
        position: 153,
        ahead: 0,
        turn_starts_at: '2026-11-30T13:31:20.000Z',
        turn_ends_at: '2026-11-30T13:41:20.000Z',
      },
    ];
    api.on('launch_queue.php', () => ok(places.length > 1 ? places.shift()! : places[0]!));
    await rendered;
    expect(await screen.findByText('No. 153')).toBeTruthy();
    expect(
      screen.getByText(/52 fans are ahead of you\. Your turn: Mon 30 Nov, 7:01 pm IST, in/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Buy Now' })).toBeNull();
    expect(api.calls['launch_queue.php']).toEqual([{ user_id: 5, product_id: 7 }]);

    // The page asks again at the turn's start.
    await act(() => vi.advanceTimersByTimeAsync(21_000));
    expect(await screen.findByText('It’s your turn!')).toBeTruthy();
    expect(screen.getByText(/^Check out by Mon 30 Nov, 7:11 pm IST: /)).toBeTruthy();
    // The buttons come one render later: the box tells the page it is the fan's turn.
    expect(await screen.findByRole('button', { name: 'Buy Now' })).toBeTruthy();
    expect(api.calls['launch_queue.php']).toHaveLength(2);
  });

  it('a passed turn offers to join again at the end', async () => {
    logInLocally(5);
    const { api, rendered } = open({
      name: 'Heroes Third Kit',
      starts_at: new Date(Date.now() - 20 * 60_000).toISOString(),
      limits_until: new Date(Date.now() + 86_400_000).toISOString(),
      per_fan_limit: 1,
      cod: true,
      queue_opens_at: new Date(Date.now() - 30 * 60_000).toISOString(),
    });
    const turn = (state: LaunchPlace['state'], position: number) => ({
      state,
      position,
      ahead: 0,
      turn_starts_at: new Date(Date.now() - 15 * 60_000).toISOString(),
      turn_ends_at: new Date(Date.now() + (state === 'passed' ? -5 : 10) * 60_000).toISOString(),
    });
    api.on('launch_queue.php', (body) =>
      ok(body.again ? turn('your_turn', 981) : turn('passed', 12)),
    );
    await rendered;
    expect(await screen.findByText('Your turn has passed.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Buy Now' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Join the queue again' }));
    expect(await screen.findByText('It’s your turn!')).toBeTruthy();
    expect(api.calls['launch_queue.php']).toEqual([
      { user_id: 5, product_id: 7 },
      { user_id: 5, product_id: 7, again: true },
    ]);
    // The buttons come one render later: the box tells the page it is the fan's turn.
    expect(await screen.findByRole('button', { name: 'Buy Now' })).toBeTruthy();
  });

  it('does a long queue’s proof of work before its place', async () => {
    logInLocally(5);
    const { api, rendered } = open({
      name: 'Heroes Third Kit',
      starts_at: new Date(Date.now() + 5 * 60_000).toISOString(),
      limits_until: new Date(Date.now() + 86_400_000).toISOString(),
      per_fan_limit: 1,
      cod: true,
      queue_opens_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    });
    api.on('launch_queue.php', (body) =>
      body.nonce === undefined
        ? ok({ state: 'prove', challenge: 'kitroom-launch:4:5', bits: 8 })
        : ok({
            state: 'waiting',
            position: 1201,
            ahead: 1200,
            turn_starts_at: new Date(Date.now() + 9 * 60_000).toISOString(),
            turn_ends_at: new Date(Date.now() + 19 * 60_000).toISOString(),
          }),
    );
    await rendered;
    expect(await screen.findByText('No. 1201')).toBeTruthy();
    const [first, second] = api.calls['launch_queue.php'] as { nonce?: string }[];
    expect(first).toEqual({ user_id: 5, product_id: 7 });
    const digest = await crypto.subtle.digest(
      'SHA-256',
      new TextEncoder().encode(`kitroom-launch:4:5:${second!.nonce}`),
    );
    expect(leadingZeroBits(new Uint8Array(digest), 8)).toBe(true);
  });
});
