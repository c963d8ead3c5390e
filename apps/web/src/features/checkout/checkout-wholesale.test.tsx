// A wholesaler's checkout: their own prices (asked after the page shows) price the lines, the
// total and the amount sent, with the tier they are on and what the next one needs.
import type { ShippingAddress } from '@kitroom/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route } from '@/ui/router';
import { describe, expect, it, vi } from 'vitest';
import { eventually } from '@/test/eventually';
import { fakeApi, ok } from '@/test/fake-api';
import { logInLocally, renderApp } from '@/test/render-app';
import { respondToCheckoutStart } from '@/test/checkout-data';
import CheckoutPage from './checkout-page';

const items = [
  {
    product_id: 11,
    price: 999,
    image_url: 'images/11.webp',
    name: 'Gokulam Kerala Home',
    quantity: 12,
    selectedSize: 'M',
  },
];
const saved: ShippingAddress = {
  first_name: 'Shameer',
  last_name: 'P',
  street_name: 'Mavoor Road',
  city: 'Kozhikode',
  state: 'Kerala',
  pincode: '673001',
  phone: '9847012345',
};

describe('checkout for a wholesaler', () => {
  it('charges the wholesale price of the tier the order reaches', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    logInLocally(5);
    const api = fakeApi();
    respondToCheckoutStart(api, {
      address: saved,
      wholesale: {
        wholesale: true,
        pieces: 12,
        tier: { min_pieces: 10, percent_off: 25 },
        next_tier: { min_pieces: 50, percent_off: 35, pieces_needed: 38 },
        min_order: 0,
        min_pieces: 0,
        prices: [{ product_id: 11, price: 749.25 }],
      },
    });
    api.on('process_order.php', () => ok({ payment_url: '/pay', order_id: 9 }));
    renderApp(<Route path="/checkOut" element={<CheckoutPage />} />, {
      pathname: '/checkOut',
      state: { items },
    });
    const summary = () => within(screen.getByRole('region', { name: 'Order Summary' }));
    await eventually(() => expect(screen.getByTestId('order-total').textContent).toBe('₹9,051'));
    expect(screen.getByTestId('wholesale-summary').textContent).toBe(
      'Wholesale price · Tier 10+ pieces: 25% off. Add 38 more pieces for 35% off.',
    );
    // The line and the subtotal: 12 × ₹749.25.
    expect(summary().getAllByText('₹8,991')).toHaveLength(2);
    expect(api.calls['checkout_start.php']).toEqual([
      { user_id: 5, lines: [{ product_id: 11, quantity: 12, price: 999 }] },
    ]);

    fireEvent.click(screen.getByRole('button', { name: /Pay Now/ }));
    await eventually(() => expect(assign).toHaveBeenCalledWith('/pay'));
    expect((api.calls['process_order.php'] as { amount: number }[])[0]?.amount).toBe(9051);
  });
});
