// Printed lines at checkout (decision 049): each line says its print and its price with it, the
// totals and the GST count the print, COD is offered to no printed order (with the reason), the
// delivery date is a printed order's, and process_order and coupons get each line's print.
import { fireEvent, screen, within } from '@testing-library/react';
import { Route } from '@/ui/router';
import { describe, expect, it, vi } from 'vitest';
import { eventually } from '@/test/eventually';
import { fakeApi, ok } from '@/test/fake-api';
import { logInLocally, renderApp } from '@/test/render-app';
import { respondToCheckoutStart, savedAddress } from '@/test/checkout-data';
import CheckoutPage from './checkout-page';

const plain = {
  product_id: 11,
  price: 899,
  image_url: 'images/11.webp',
  name: 'Kerala Blasters Home 2025',
  quantity: 1,
  selectedSize: 'M',
};
const printed = {
  product_id: 7,
  price: 2400,
  image_url: 'images/7.webp',
  name: 'Argentina Home 2026',
  quantity: 2,
  selectedSize: 'L',
  print: { name: 'LUNA', number: 10, patch: true, price: 650 },
};
const saved = savedAddress('673009');
const later = {
  pincode: '673009',
  city: 'Kozhikode',
  state: 'Kerala',
  states: ['Kerala'],
  date: '2026-12-01',
  text: 'Delivery by Tue, 1 Dec',
  cod: {
    available: false,
    fee: 49,
    reason: 'Cash on delivery is not available for printed shirts. Please pay online.',
  },
};

const summary = () => screen.getByRole('region', { name: 'Order Summary' });
const total = () => screen.getByTestId('order-total').textContent;

// One long journey through the page: more than the default 5 s on a loaded machine.
describe('checkout with a printed line', { timeout: 20_000 }, () => {
  it('shows the print, charges it, offers no COD and sends each line’s print', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    logInLocally(5);
    const api = fakeApi();
    // A printed order's estimate comes with the page; no amount: COD never pays it.
    respondToCheckoutStart(api, { address: saved, estimate: later, amount: null });
    renderApp(<Route path="/checkOut" element={<CheckoutPage />} />, {
      pathname: '/checkOut',
      state: { items: [plain, printed] },
    });

    const lines = within(summary()).getAllByRole('listitem');
    expect(within(lines[1]!).getByTestId('checkout-line-print').textContent).toBe(
      'Printed: LUNA · 10 · sleeve patch (₹650 a piece)',
    );
    // 2 × (₹2,400 + ₹650) = ₹6,100; with the plain ₹899 and Kerala's ₹60.
    expect(within(lines[1]!).getByText('₹6,100')).toBeTruthy();
    await eventually(() => expect(total()).toBe('₹7,059'));

    const cod = screen.getByRole('radio', { name: /Cash on delivery/ }) as HTMLInputElement;
    expect(cod.disabled).toBe(true);
    expect(cod.closest('label')!.textContent).toContain(
      'Cash on delivery is not available for printed shirts. Please pay online.',
    );
    // The promise is a printed order's, come with the page: nothing else is asked.
    await eventually(() =>
      expect(within(summary()).getByText('Delivery by Tue, 1 Dec')).toBeTruthy(),
    );
    expect(api.calls['checkout_start.php']).toEqual([
      {
        user_id: 5,
        lines: [
          { product_id: 11, quantity: 1, price: 899 },
          { product_id: 7, quantity: 2, price: 2400, print_price: 650 },
        ],
      },
    ]);
    expect(Object.keys(api.calls).filter((c) => c.startsWith('delivery_estimate'))).toEqual([]);

    api.on('coupons.php', () =>
      ok({
        success: true,
        coupon_code: 'WELCOME10',
        discount_amount: 100,
        final_amount: 6959,
        line_discounts: [13, 87],
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Apply Coupon Code' }));
    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: 'welcome10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await eventually(() => expect(total()).toBe('₹6,959'));
    const items = [
      { product_id: 11, size: 'M', quantity: 1 },
      {
        product_id: 7,
        size: 'L',
        quantity: 2,
        print: { name: 'LUNA', number: 10, patch: true },
      },
    ];
    expect(api.calls['coupons.php']).toEqual([expect.objectContaining({ items })]);

    api.on('process_order.php', () =>
      ok({ payment_url: '/api/payments/sandbox/pay/t', order_id: 3 }),
    );
    fireEvent.click(screen.getByRole('button', { name: /Pay Now/ }));
    await eventually(() => expect(assign).toHaveBeenCalledWith('/api/payments/sandbox/pay/t'));
    expect(api.calls['process_order.php']).toEqual([
      expect.objectContaining({ amount: 6959, items, payment_method: 'Online' }),
    ]);
  });
});
