// Checkout's payment choice (decision 034): cash on delivery's fee is beside the choice and in
// the total before the order is placed; when COD is not available the choice says why.
import type { CodOption } from '@kitroom/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route } from '@/ui/router';
import { describe, expect, it, vi } from 'vitest';
import { eventually } from '@/test/eventually';
import { fakeApi, ok } from '@/test/fake-api';
import { logInLocally, renderApp } from '@/test/render-app';
import { respondToCheckoutStart, savedAddress, twoShirts } from '@/test/checkout-data';
import CheckoutPage from './checkout-page';

const items = twoShirts;
const saved = savedAddress();
const kozhikode = (cod: CodOption, pincode: string) => ({
  pincode,
  city: 'Kozhikode',
  state: 'Kerala',
  states: ['Kerala'],
  date: '2026-11-27',
  text: 'Delivery by Fri, 27 Nov',
  cod,
});

// Each test its own pincode: the visit's cache keeps responses by pincode and amount.
function open(cod: CodOption, pincode: string) {
  const api = fakeApi();
  logInLocally(5);
  // The page's call judges COD for the order's amount before the fee: 2 × ₹899 + ₹60.
  respondToCheckoutStart(api, {
    address: { ...saved, pincode },
    estimate: kozhikode(cod, pincode),
    amount: 1858,
  });
  renderApp(<Route path="/checkOut" element={<CheckoutPage />} />, {
    pathname: '/checkOut',
    state: { items },
  });
  return api;
}

const total = () => screen.getByTestId('order-total').textContent;
const summary = () => screen.getByRole('region', { name: 'Order Summary' });
const codChoice = () => screen.getByRole('radio', { name: /Cash on delivery/ });

describe('the payment choice', () => {
  it('shows the COD fee beside the choice and in the total before the order is placed', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = open({ available: true, fee: 49, reason: null }, '673001');
    await eventually(() => expect(total()).toBe('₹1,858'));
    const payment = within(summary()).getByRole('group', { name: 'Payment' });
    expect(
      (within(payment).getByRole('radio', { name: /Pay online/ }) as HTMLInputElement).checked,
    ).toBe(true);
    await eventually(() => expect((codChoice() as HTMLInputElement).disabled).toBe(false));
    expect(within(payment).getByText('+ ₹49 fee')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Pay Now/ })).toBeTruthy();

    fireEvent.click(codChoice());
    expect(total()).toBe('₹1,907');
    expect(screen.getByTestId('cod-fee').textContent).toBe('₹49');
    expect(within(summary()).getByText('Cash on delivery fee')).toBeTruthy();
    expect(within(summary()).getByText('Pay ₹1,907 in cash when it arrives')).toBeTruthy();
    api.on('process_order.php', () =>
      ok({ order_id: 31, payment_url: 'http://localhost/reviewOrdersDetails/31' }),
    );
    fireEvent.click(screen.getByRole('button', { name: /Place Order/ }));
    await eventually(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost/reviewOrdersDetails/31'),
    );
    expect(api.calls['process_order.php']?.[0]).toMatchObject({
      amount: 1907,
      payment_method: 'COD',
    });
    vi.unstubAllGlobals();
  }, 20_000);

  it('keeps COD visible but disabled, with the reason, when it is not available', async () => {
    open(
      {
        available: false,
        fee: 49,
        reason: 'Cash on delivery is not available for pincode 673002.',
      },
      '673002',
    );
    await eventually(() =>
      expect(
        within(summary()).getByText('Cash on delivery is not available for pincode 673002.'),
      ).toBeTruthy(),
    );
    expect((codChoice() as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(codChoice());
    expect(total()).toBe('₹1,858');
    expect(screen.queryByTestId('cod-fee')).toBeNull();
  }, 20_000);
});
