import type { OrderWithItems } from '@kitroom/contract';
import { screen, within } from '@testing-library/react';
import { Route } from '@/ui/router';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '@/test/fake-api';
import { logInLocally, renderApp } from '@/test/render-app';
import OrdersPage from './orders-page';

function order(id: number, overrides: Partial<OrderWithItems> = {}): OrderWithItems {
  return {
    id,
    created_at: '2026-11-21T06:30:00.000Z',
    expected_date: '2026-11-28',
    order_status: 'Processing',
    payment_status: 'SUCCESS',
    payment_method: 'Online',
    shipping_address: 'Asha Menon, 12 Beach Road, Kozhikode, Kerala 673001, 9876543210',
    total_amount: '1359.00',
    tracking_id: null,
    tracking_link: null,
    subtotal_amount: '1299.00',
    shipping_amount: '60.00',
    discount_amount: '0.00',
    cod_fee_amount: '0.00',
    coupon_code: null,
    paid_at: '2026-11-21T06:32:00.000Z',
    refunded_amount: '0.00',
    refunded_at: null,
    order_items: [
      {
        id: id * 10,
        product_id: 11,
        product_name: 'Kerala Blasters Home 2025',
        product_image_url: 'images/11.webp',
        quantity: 1,
        size: 'M',
        price: 1299,
      },
    ],
    ...overrides,
  };
}

const card = (id: number) =>
  within(screen.getByRole('link', { name: new RegExp(`Order #${id}\\b`) }));

describe('my orders', () => {
  it('says what was refunded of each order, and when, instead of Paid', async () => {
    logInLocally(5);
    fakeApi().on('orders.php', () =>
      ok({
        orders: [
          order(4, {
            order_status: 'Canceled',
            refunded_amount: '1359.00',
            refunded_at: '2026-11-28T05:00:00.000Z',
          }),
          order(3, {
            order_status: 'Completed',
            refunded_amount: '500.00',
            refunded_at: '2026-11-27T05:00:00.000Z',
          }),
          order(2, { order_status: 'Canceled' }),
          order(1),
        ],
      }),
    );
    renderApp(<Route path="/myAccount/orders" element={<OrdersPage />} />, '/myAccount/orders');
    await screen.findByText('Order #4');
    expect(card(4).getByText('Refunded ₹1,359 on 28 Nov 2026')).toBeTruthy();
    expect(card(4).queryByText('Paid')).toBeNull();
    expect(card(3).getByText('Partly refunded ₹500 on 27 Nov 2026')).toBeTruthy();
    expect(card(2).getByText('Canceled: your refund is on its way.')).toBeTruthy();
    expect(card(2).queryByText('Paid')).toBeNull();
    expect(card(1).getByText('Paid')).toBeTruthy();
  });
});
