import type { OrderDetailResponse } from '@kitroom/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route } from '@/ui/router';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, refuse } from '@/test/fake-api';
import { logInLocally, renderApp } from '@/test/render-app';
import OrderDetailPage from './order-detail-page';
import { eventually } from '@/test/eventually';

function detail(overrides: Partial<OrderDetailResponse['order']> = {}): OrderDetailResponse {
  return {
    order: {
      id: 42,
      created_at: '2026-11-21T06:30:00.000Z',
      expected_date: null,
      order_status: 'Pending',
      payment_status: 'UNPAID',
      payment_method: 'Online',
      shipping_address: 'Asha Menon, 12 Beach Road, Kozhikode, Kerala 673001, 9876543210',
      total_amount: '1859.00',
      tracking_id: null,
      tracking_link: null,
      subtotal_amount: '1799.00',
      shipping_amount: '60.00',
      discount_amount: '0.00',
      cod_fee_amount: '0.00',
      coupon_code: null,
      paid_at: null,
      refunded_amount: '0.00',
      refunded_at: null,
      ...overrides,
    },
    order_items: [
      {
        id: 1,
        product_id: 11,
        product_name: 'Kerala Blasters Home 2025',
        product_image_url: 'images/11.webp',
        quantity: 2,
        size: 'M',
        price: 899.5,
      },
    ],
    timeline: [],
    can_cancel: false,
    can_confirm_cod: false,
    return_until: null,
    return_options: null,
    returns: [],
    invoice: null,
    reviewable_items: [],
  };
}

const routes = <Route path="/reviewOrdersDetails/:orderId" element={<OrderDetailPage />} />;
const summary = () => screen.getByRole('region', { name: 'Summary' });

describe('order detail', () => {
  it('loads the order from its URL and shows an unpaid one with Pay Now', async () => {
    logInLocally(5);
    const api = fakeApi();
    api.on('orders.php', () => ok(detail()));
    renderApp(routes, '/reviewOrdersDetails/42');
    await screen.findByRole('heading', { name: 'Order #42' });
    expect(api.calls['orders.php']).toEqual([{ user_id: 5, order_id: 42 }]);
    expect(screen.getByText('You can see expected delivered data after a week.')).toBeTruthy();
    expect(within(summary()).getByText('Unpaid')).toBeTruthy();
    expect(within(summary()).getByText('₹1,859')).toBeTruthy();
    expect(within(summary()).getByText('Asha Menon, 12 Beach Road, Kozhikode, Ke..')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add Review/ })).toBeNull();

    api.on('payment_processer.php', () =>
      refuse(409, 'This order has expired. Please place a new order.'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert.textContent).toContain('This order has expired. Please place a new order.');
    fireEvent.click(within(alert).getByRole('button', { name: 'OK' }));
    expect(api.calls['payment_processer.php']).toEqual([{ user_id: 5, order_id: 42 }]);

    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    api.on('payment_processer.php', () =>
      ok({ payment_url: '/api/payments/sandbox/pay/t', order_id: 42 }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeTruthy();
    await eventually(() => expect(assign).toHaveBeenCalledWith('/api/payments/sandbox/pay/t'));
  });

  it('after a failed payment says so at the top, with Pay Now beside it', async () => {
    logInLocally(5);
    const api = fakeApi();
    api.on('orders.php', () => ok(detail({ payment_status: 'FAILED' })));
    renderApp(routes, '/reviewOrdersDetails/42');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Payment failed');
    expect(alert.textContent).toContain('Your order is saved. Pay again to confirm it.');
    // The banner comes before the items and the summary, and holds the page's one Pay Now.
    const pay = within(alert).getByRole('button', { name: 'Pay Now' });
    expect(screen.getAllByRole('button', { name: 'Pay Now' })).toEqual([pay]);
    expect(
      alert.compareDocumentPosition(screen.getByRole('heading', { name: 'Items' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(within(summary()).getByText('Failed')).toBeTruthy();

    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    api.on('payment_processer.php', () =>
      ok({ payment_url: '/api/payments/sandbox/pay/t', order_id: 42 }),
    );
    fireEvent.click(pay);
    await eventually(() => expect(assign).toHaveBeenCalledWith('/api/payments/sandbox/pay/t'));
  });

  it('says nothing of a failure while an order is only unpaid', async () => {
    logInLocally(5);
    const api = fakeApi();
    api.on('orders.php', () => ok(detail()));
    renderApp(routes, '/reviewOrdersDetails/42');
    await screen.findByRole('heading', { name: 'Order #42' });
    expect(screen.queryByText('Payment failed')).toBeNull();
    expect(within(summary()).getByRole('button', { name: 'Pay Now' })).toBeTruthy();
  });

  it('shows a paid order’s date, tracking and Add Review', async () => {
    logInLocally(5);
    const api = fakeApi();
    api.on('orders.php', () =>
      ok({
        ...detail({
          payment_status: 'SUCCESS',
          order_status: 'Shipped',
          expected_date: '2026-11-28',
          tracking_id: 'DTDC123456',
          tracking_link: 'https://track.example/DTDC123456',
        }),
        reviewable_items: [1],
      }),
    );
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderApp(routes, '/reviewOrdersDetails/42');
    await screen.findByText('28 Nov 2026');
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
    expect(screen.getByRole('link', { name: /Open/ }).getAttribute('href')).toBe(
      'https://track.example/DTDC123456',
    );

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Copy tracking id' }));
      await eventually(() => expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy());
      expect(writeText).toHaveBeenCalledWith('DTDC123456');
      act(() => void vi.advanceTimersByTime(1_900));
      expect(screen.queryByRole('button', { name: 'Copied' })).not.toBeNull();
      act(() => void vi.advanceTimersByTime(200));
      expect(screen.getByRole('button', { name: 'Copy tracking id' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }

    fireEvent.click(screen.getByRole('button', { name: /Add Review/ }));
    const modal = screen.getByRole('dialog', { name: 'Add Review' });
    fireEvent.click(within(modal).getByRole('button', { name: 'Submit Review' }));
    expect(within(modal).getByRole('alert').textContent).toBe('Please fill all fields.');
    fireEvent.click(within(modal).getByRole('radio', { name: /^3 stars/ }));
    expect((within(modal).getByLabelText('Subject') as HTMLInputElement).value).toBe(
      'Good Product',
    );
    fireEvent.change(within(modal).getByLabelText('Comment'), { target: { value: 'Nice.' } });
    api.on('add_reviews.php', () =>
      ok({
        success: true,
        message: 'Thank you for your review.',
        updated: false,
        product_rating: 3,
      }),
    );
    fireEvent.click(within(modal).getByRole('button', { name: 'Submit Review' }));
    const thanks = await screen.findByRole('alertdialog', { name: 'Thank you' });
    expect(thanks.textContent).toContain('Thank you for your review.');
    expect(api.calls['add_reviews.php']).toEqual([
      {
        user_id: 5,
        order_id: 42,
        product_id: 11,
        rating: 3,
        subject: 'Good Product',
        comment: 'Nice.',
      },
    ]);
    fireEvent.click(within(thanks).getByRole('button', { name: 'OK' }));
  });

  it('offers Add Review only on the lines the shop would take a review of', async () => {
    logInLocally(5);
    const paid = detail({ payment_status: 'SUCCESS', order_status: 'Completed' });
    const kept = {
      ...paid.order_items[0]!,
      id: 2,
      product_id: 12,
      product_name: 'India Home 2026',
    };
    fakeApi().on('orders.php', () =>
      ok({ ...paid, order_items: [...paid.order_items, kept], reviewable_items: [2] }),
    );
    renderApp(routes, '/reviewOrdersDetails/42');
    await screen.findByRole('heading', { name: 'Order #42' });
    const items = within(screen.getByRole('region', { name: 'Items' })).getAllByRole('listitem');
    expect(within(items[0]!).queryByRole('button', { name: /Add Review/ })).toBeNull();
    expect(within(items[1]!).getByRole('button', { name: /Add Review/ })).toBeTruthy();
  });

  it('offers no Add Review on a paid order the shop would take none of', async () => {
    logInLocally(5);
    fakeApi().on('orders.php', () =>
      ok(detail({ payment_status: 'SUCCESS', order_status: 'Canceled' })),
    );
    renderApp(routes, '/reviewOrdersDetails/42');
    await screen.findByRole('heading', { name: 'Order #42' });
    expect(screen.queryByRole('button', { name: /Add Review/ })).toBeNull();
  });

  it('says a canceled order was refunded, and when, instead of its delivery', async () => {
    logInLocally(5);
    fakeApi().on('orders.php', () =>
      ok(
        detail({
          payment_status: 'SUCCESS',
          order_status: 'Canceled',
          expected_date: '2026-11-28',
          refunded_amount: '1859.00',
          refunded_at: '2026-11-22T08:00:00.000Z',
        }),
      ),
    );
    renderApp(routes, '/reviewOrdersDetails/42');
    await screen.findByRole('heading', { name: 'Order #42' });
    expect(screen.getByTestId('order-refund').textContent).toBe('Refunded ₹1,859 on 22 Nov 2026');
    expect(screen.queryByText(/Expected delivery/)).toBeNull();
    expect(screen.queryByText('28 Nov 2026')).toBeNull();
    expect(within(summary()).getByText('Refunded ₹1,859 on 22 Nov 2026')).toBeTruthy();
    expect(within(summary()).queryByText('Paid')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
  });

  it('says a canceled order’s refund is on its way until it is made', async () => {
    logInLocally(5);
    fakeApi().on('orders.php', () =>
      ok(detail({ payment_status: 'SUCCESS', order_status: 'Canceled', expected_date: null })),
    );
    renderApp(routes, '/reviewOrdersDetails/42');
    await screen.findByRole('heading', { name: 'Order #42' });
    expect(screen.getByTestId('order-refund').textContent).toBe(
      'Canceled: your refund is on its way.',
    );
    expect(screen.queryByText(/Expected delivery/)).toBeNull();
  });

  it('says how much of a kept order was refunded', async () => {
    logInLocally(5);
    fakeApi().on('orders.php', () =>
      ok(
        detail({
          payment_status: 'SUCCESS',
          order_status: 'Completed',
          expected_date: '2026-11-28',
          refunded_amount: '899.50',
          refunded_at: '2026-11-27T08:00:00.000Z',
        }),
      ),
    );
    renderApp(routes, '/reviewOrdersDetails/42');
    await screen.findByRole('heading', { name: 'Order #42' });
    expect(within(summary()).getByText('Partly refunded ₹899.50 on 27 Nov 2026')).toBeTruthy();
    expect(screen.getByText('28 Nov 2026')).toBeTruthy();
  });

  it('breaks the price down as the mail does: items, printing, coupon, shipping, fee', async () => {
    logInLocally(5);
    const plain = detail({
      payment_status: 'SUCCESS',
      order_status: 'Processing',
      payment_method: 'COD',
      subtotal_amount: '7899.00',
      discount_amount: '789.90',
      coupon_code: 'KERALA10',
      shipping_amount: '60.00',
      cod_fee_amount: '49.00',
      total_amount: '7218.10',
    });
    fakeApi().on('orders.php', () =>
      ok({
        ...plain,
        order_items: [
          ...plain.order_items,
          {
            id: 2,
            product_id: 7,
            product_name: 'Argentina Home 2026',
            product_image_url: 'images/7.webp',
            quantity: 2,
            size: 'L',
            price: 3050,
            print: { name: 'LUNA', number: 10, patch: true, price: 650 },
          },
        ],
      }),
    );
    renderApp(routes, '/reviewOrdersDetails/42');
    await screen.findByRole('heading', { name: 'Order #42' });
    const price = within(summary()).getByRole('group', { name: 'Price' });
    const rows = [...price.querySelectorAll('dt')].map(
      (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`,
    );
    expect(rows).toEqual([
      'Items: ₹6,599',
      'Printing: ₹1,300',
      'Coupon KERALA10: −₹789.90',
      'Shipping: ₹60',
      'Cash on delivery fee: ₹49',
      'Total: ₹7,218.10',
    ]);
    expect(within(summary()).getByText('Prices include GST')).toBeTruthy();
  });

  it('offers the tax invoice once the order has one', async () => {
    logInLocally(5);
    const api = fakeApi();
    api.on('orders.php', () =>
      ok({
        ...detail({ payment_status: 'SUCCESS', order_status: 'Shipped' }),
        invoice: { number: 'KR/26-27/000123', download_url: '/api/invoice.php?order_id=42' },
      }),
    );
    renderApp(routes, '/reviewOrdersDetails/42');
    await screen.findByText('KR/26-27/000123');
    const link = within(summary()).getByRole('link', { name: 'Download invoice' });
    expect(link.getAttribute('href')).toBe('/api/invoice.php?order_id=42');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('has no invoice to download before the order ships', async () => {
    logInLocally(5);
    const api = fakeApi();
    api.on('orders.php', () =>
      ok(detail({ payment_status: 'SUCCESS', order_status: 'Processing' })),
    );
    renderApp(routes, '/reviewOrdersDetails/42');
    await screen.findByRole('heading', { name: 'Order #42' });
    expect(screen.queryByRole('link', { name: 'Download invoice' })).toBeNull();
  });

  it('says what is printed on a printed line, priced with its print', async () => {
    logInLocally(5);
    const plain = detail();
    const printed: OrderDetailResponse = {
      ...plain,
      order_items: [
        ...plain.order_items,
        {
          id: 2,
          product_id: 7,
          product_name: 'Argentina Home 2026',
          product_image_url: 'images/7.webp',
          quantity: 2,
          size: 'L',
          price: 3050,
          print: { name: 'LUNA', number: 10, patch: true, price: 650 },
        },
      ],
    };
    fakeApi().on('orders.php', () => ok(printed));
    renderApp(routes, '/reviewOrdersDetails/42');
    await screen.findByRole('heading', { name: 'Order #42' });
    const prints = screen.getAllByTestId('order-line-print');
    expect(prints.map((p) => p.textContent)).toEqual([
      'Printed: LUNA · 10 · sleeve patch (₹650 a piece)',
    ]);
    const line = prints[0]!.closest('li')!;
    expect(within(line).getByText('₹6,100')).toBeTruthy();
  });

  it('goes home for an order that is not found', async () => {
    logInLocally(5);
    fakeApi().on('orders.php', () => refuse(404, 'Order not found'));
    renderApp(routes, '/reviewOrdersDetails/999');
    await eventually(() => expect(screen.getByTestId('where').textContent).toBe('/'));
  });

  it('shows the navigation state at once', () => {
    logInLocally(5);
    fakeApi().on('orders.php', () => ok(detail({ payment_status: 'SUCCESS' })));
    renderApp(routes, { pathname: '/reviewOrdersDetails/42', state: detail() });
    expect(screen.getByRole('heading', { name: 'Order #42' })).toBeTruthy();
  });
});
