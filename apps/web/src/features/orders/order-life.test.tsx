import type { OrderDetailResponse, OrderTimelineEntry } from '@kitroom/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route } from '@/ui/router';
import { describe, expect, it, vi } from 'vitest';
import { forgetApi } from '@/api/use-api';
import { eventually } from '@/test/eventually';
import { fakeApi, ok, refuse } from '@/test/fake-api';
import { logInLocally, renderApp } from '@/test/render-app';
import OrderDetailPage from './order-detail-page';

function step(
  s: OrderTimelineEntry['step'],
  at: string,
  extra: Partial<OrderTimelineEntry> = {},
): OrderTimelineEntry {
  return {
    step: s,
    at,
    note: null,
    amount: null,
    courier_name: null,
    tracking_id: null,
    tracking_link: null,
    return_id: null,
    kind: null,
    ...extra,
  };
}

function detail(o: Partial<OrderDetailResponse> = {}, order: object = {}): OrderDetailResponse {
  return {
    order: {
      id: 42,
      created_at: '2026-11-21T06:30:00.000Z',
      expected_date: null,
      order_status: 'Processing',
      payment_status: 'SUCCESS',
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
      paid_at: '2026-11-21T06:32:00.000Z',
      refunded_amount: '0.00',
      refunded_at: null,
      ...order,
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
    timeline: [
      step('placed', '2026-11-21T06:30:00.000Z'),
      step('paid', '2026-11-21T06:32:00.000Z'),
    ],
    can_cancel: true,
    can_confirm_cod: false,
    return_until: null,
    return_options: null,
    returns: [],
    invoice: null,
    reviewable_items: [],
    ...o,
  };
}

const routes = <Route path="/reviewOrdersDetails/:orderId" element={<OrderDetailPage />} />;
const timeline = () => screen.getByRole('list', { name: 'Order timeline' });
const stepTexts = () =>
  within(timeline())
    .getAllByRole('listitem')
    .map((li) => li.textContent);

async function open(response: OrderDetailResponse) {
  logInLocally(5);
  const api = fakeApi();
  api.on('orders.php', () => ok(response));
  renderApp(routes, '/reviewOrdersDetails/42');
  await screen.findByRole('heading', { name: 'Order #42' });
  return api;
}

describe('the order timeline', () => {
  it('shows each step with its Indian date, the parcel, and the steps still to come', async () => {
    await open(
      detail(
        {
          can_cancel: false,
          timeline: [
            step('placed', '2026-11-21T06:30:00.000Z'),
            step('paid', '2026-11-21T06:32:00.000Z'),
            step('packed', '2026-11-22T04:00:00.000Z'),
            // 20:00 UTC is already the 24th in India.
            step('shipped', '2026-11-23T20:00:00.000Z', {
              courier_name: 'Delhivery',
              tracking_id: 'DLV123456789',
              tracking_link: 'https://www.delhivery.com/track/package/DLV123456789',
            }),
          ],
        },
        { order_status: 'Shipped', tracking_id: 'DLV123456789' },
      ),
    );
    expect(stepTexts()).toEqual([
      'Order placed21 Nov 2026',
      'Payment received21 Nov 2026',
      'Packed22 Nov 2026',
      'Shipped24 Nov 2026With DelhiveryTracking id DLV123456789',
      'Delivered (not yet)',
    ]);
    const current = within(timeline())
      .getAllByRole('listitem')
      .find((li) => li.getAttribute('aria-current') === 'step');
    expect(current?.textContent).toContain('Shipped');
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('shows a canceled order’s reason and refund, and nothing still to come', async () => {
    await open(
      detail(
        {
          can_cancel: false,
          timeline: [
            step('placed', '2026-11-21T06:30:00.000Z'),
            step('paid', '2026-11-21T06:32:00.000Z'),
            step('canceled', '2026-11-21T08:00:00.000Z', { note: 'Out of stock at the warehouse' }),
            step('refund_requested', '2026-11-21T08:00:00.000Z', { amount: 1859 }),
            step('refunded', '2026-11-22T08:00:00.000Z', { amount: 1859 }),
          ],
        },
        { order_status: 'Canceled' },
      ),
    );
    expect(stepTexts()).toEqual([
      'Order placed21 Nov 2026',
      'Payment received21 Nov 2026',
      'Canceled21 Nov 2026Reason: Out of stock at the warehouse',
      'Refund of ₹1,859 started21 Nov 2026To your original payment method, within 7 days.',
      'Refunded ₹1,85922 Nov 2026',
    ]);
  });
});

describe('cancel order', () => {
  it('asks first in a dialog, then cancels and shows Canceled and the refund', async () => {
    const api = await open(detail());
    const opener = screen.getByRole('button', { name: 'Cancel order' });
    opener.focus();
    fireEvent.click(opener);
    let dialog = screen.getByRole('dialog', { name: 'Cancel order #42?' });
    expect(dialog.textContent).toContain(
      'Your payment will be refunded in full to your original payment method within 7 days.',
    );
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep order' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(api.calls['order_cancel.php']).toBeUndefined();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    dialog = screen.getByRole('dialog', { name: 'Cancel order #42?' });
    api.on('order_cancel.php', () =>
      refuse(409, 'This order is already packed, so it can no longer be canceled.'),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel order' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This order is already packed, so it can no longer be canceled.',
    );

    const canceled = detail(
      {
        can_cancel: false,
        timeline: [
          ...detail().timeline,
          step('canceled', '2026-11-21T07:00:00.000Z', { note: 'Wrong size' }),
          step('refund_requested', '2026-11-21T07:00:00.000Z', { amount: 1859 }),
          step('refunded', '2026-11-21T07:00:00.000Z', { amount: 1859 }),
        ],
      },
      { order_status: 'Canceled' },
    );
    api.on('order_cancel.php', () => ok(canceled));
    fireEvent.change(within(dialog).getByLabelText('Reason (optional)'), {
      target: { value: '  Wrong size ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel order' }));
    await eventually(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls['order_cancel.php']!.at(-1)).toEqual({
      user_id: 5,
      order_id: 42,
      reason: 'Wrong size',
    });
    expect(screen.getAllByText('Canceled').length).toBeGreaterThan(0);
    expect(within(timeline()).getByText('Refunded ₹1,859')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('says nothing was charged for an unpaid order', async () => {
    await open(detail({}, { order_status: 'Pending', payment_status: 'UNPAID', paid_at: null }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(screen.getByRole('dialog').textContent).toContain(
      'Nothing has been charged for this order.',
    );
  });
});

describe('returns and exchanges', () => {
  const delivered = (o: Partial<OrderDetailResponse> = {}) =>
    detail(
      {
        can_cancel: false,
        return_until: '2026-12-03T18:30:00.000Z',
        return_options: {
          items: [
            {
              order_item_id: 1,
              quantity: 2,
              exchange_sizes: [
                { size: 'L', in_stock: true },
                { size: 'XL', in_stock: false },
              ],
            },
          ],
        },
        ...o,
      },
      { order_status: 'Completed' },
    );

  it('asks for a size exchange within the window and shows the request', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-30T10:00:00.000Z') });
    try {
      const api = await open(delivered());
      const section = screen.getByRole('region', { name: 'Returns and exchanges' });
      expect(section.textContent).toContain(
        'You can ask for a return or a size exchange until 3 Dec 2026.',
      );
      fireEvent.click(within(section).getByRole('button', { name: 'Return or exchange' }));
      const dialog = screen.getByRole('dialog', { name: 'Return or exchange' });
      const send = () =>
        fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
      send();
      expect(within(dialog).getByRole('alert').textContent).toBe('Choose at least one item.');
      fireEvent.change(within(dialog).getByLabelText('Pieces'), { target: { value: '1' } });
      send();
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'Choose the new size for each item you exchange.',
      );
      const size = within(dialog).getByLabelText('New size') as HTMLSelectElement;
      expect([...size.options].map((o) => o.text)).toEqual(['Choose', 'L', 'XL (sold out now)']);
      fireEvent.change(size, { target: { value: 'L' } });
      send();
      expect(within(dialog).getByRole('alert').textContent).toBe('Please tell us why.');
      fireEvent.change(within(dialog).getByLabelText('Why? (required)'), {
        target: { value: 'Too tight' },
      });
      api.on('order_return.php', () =>
        ok(
          delivered({
            return_options: null,
            returns: [
              {
                id: 7,
                kind: 'exchange',
                status: 'requested',
                reason: 'Too tight',
                created_at: '2026-11-30T10:00:00.000Z',
                decision_note: '',
                items: [
                  {
                    order_item_id: 1,
                    product_name: 'Kerala Blasters Home 2025',
                    size: 'M',
                    quantity: 1,
                    exchange_size: 'L',
                  },
                ],
                courier_name: null,
                tracking_id: null,
                tracking_link: null,
              },
            ],
          }),
        ),
      );
      send();
      await eventually(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(api.calls['order_return.php']).toEqual([
        {
          user_id: 5,
          order_id: 42,
          kind: 'exchange',
          reason: 'Too tight',
          items: [{ order_item_id: 1, quantity: 1, exchange_size: 'L' }],
        },
      ]);
      const request = screen.getByRole('listitem', { name: 'Exchange #7' });
      expect(request.textContent).toContain('Requested');
      expect(request.textContent).toContain('1 × Kerala Blasters Home 2025, size M → size L');
      expect(screen.queryByRole('button', { name: 'Return or exchange' })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says a printed shirt comes back only if faulty, and refuses it before sending without the tick', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-30T10:00:00.000Z') });
    try {
      const print = { name: 'LUNA', number: 10, patch: false, price: 500 };
      const response = delivered({
        return_options: {
          items: [
            {
              order_item_id: 1,
              quantity: 1,
              exchange_sizes: [{ size: 'L', in_stock: true }],
              printed: true,
            },
            { order_item_id: 2, quantity: 1, exchange_sizes: [{ size: 'L', in_stock: true }] },
          ],
        },
      });
      response.order_items = [
        { ...response.order_items[0]!, quantity: 1, price: 1799, print },
        { ...response.order_items[0]!, id: 2, product_name: 'Training Tee', quantity: 1 },
      ];
      const api = await open(response);
      fireEvent.click(screen.getByRole('button', { name: 'Return or exchange' }));
      const dialog = screen.getByRole('dialog', { name: 'Return or exchange' });
      const [printedLine, plainLine] = within(dialog).getAllByRole('group', { name: /· size M$/ });
      expect(printedLine!.textContent).toContain('Printed — returnable only if faulty');
      expect(plainLine!.textContent).not.toContain('Printed');

      fireEvent.click(within(dialog).getByLabelText('A refund'));
      const faulty = within(dialog).getByLabelText(
        'The item arrived damaged or faulty',
      ) as HTMLInputElement;
      expect(faulty.checked).toBe(false);
      // The plain line asks nothing more; choosing the printed one says the rule at once.
      fireEvent.change(within(plainLine!).getByLabelText('Pieces'), { target: { value: '1' } });
      expect(within(dialog).queryByRole('status')).toBeNull();
      fireEvent.change(within(printedLine!).getByLabelText('Pieces'), { target: { value: '1' } });
      const refusal =
        'Printed shirts can be returned or exchanged only if they arrive damaged or faulty.';
      expect(within(dialog).getByRole('status').textContent).toBe(refusal);
      fireEvent.change(within(plainLine!).getByLabelText('Pieces'), { target: { value: '0' } });
      fireEvent.change(within(dialog).getByLabelText('Why? (required)'), {
        target: { value: 'The name is peeling off' },
      });
      const send = () =>
        fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
      send();
      expect(api.calls['order_return.php']).toBeUndefined();
      expect(document.activeElement).toBe(faulty);
      expect(faulty.getAttribute('aria-describedby')).toBe(within(dialog).getByRole('status').id);

      fireEvent.click(faulty);
      expect(within(dialog).queryByRole('status')).toBeNull();
      api.on('order_return.php', () =>
        ok(
          delivered({
            return_options: null,
            returns: [
              {
                id: 8,
                kind: 'return',
                status: 'requested',
                reason: 'The name is peeling off',
                defect: true,
                created_at: '2026-11-30T10:00:00.000Z',
                decision_note: '',
                items: [
                  {
                    order_item_id: 1,
                    product_name: 'Kerala Blasters Home 2025',
                    size: 'M',
                    quantity: 1,
                    exchange_size: null,
                  },
                ],
                courier_name: null,
                tracking_id: null,
                tracking_link: null,
              },
            ],
          }),
        ),
      );
      send();
      await eventually(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.getByRole('listitem', { name: 'Return #8' }).textContent).toContain(
        'You said it arrived damaged or faulty.',
      );
      expect(api.calls['order_return.php']).toEqual([
        {
          user_id: 5,
          order_id: 42,
          kind: 'return',
          reason: 'The name is peeling off',
          items: [{ order_item_id: 1, quantity: 1 }],
          defect: true,
        },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a shipped replacement with its own copy and open buttons', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await open(
      delivered({
        return_options: null,
        returns: [
          {
            id: 7,
            kind: 'exchange',
            status: 'shipped',
            reason: 'Too tight',
            created_at: '2026-11-30T10:00:00.000Z',
            decision_note: 'Send it in its bag.',
            items: [
              {
                order_item_id: 1,
                product_name: 'Kerala Blasters Home 2025',
                size: 'M',
                quantity: 1,
                exchange_size: 'L',
              },
            ],
            courier_name: 'DTDC',
            tracking_id: 'D7000123',
            tracking_link: 'https://www.dtdc.in/track/D7000123',
          },
        ],
      }),
    );
    const request = screen.getByRole('listitem', { name: 'Exchange #7' });
    expect(request.textContent).toContain('Replacement shipped');
    expect(request.textContent).toContain('From the shop: Send it in its bag.');
    expect(within(request).getByRole('link', { name: /Open/ }).getAttribute('href')).toBe(
      'https://www.dtdc.in/track/D7000123',
    );
    fireEvent.click(within(request).getByRole('button', { name: 'Copy replacement tracking id' }));
    await eventually(() => expect(writeText).toHaveBeenCalledWith('D7000123'));
    await within(request).findByRole('button', { name: 'Copied' });
  });

  it('tells the shopper a replacement came back, then that it was delivered', async () => {
    const exchange = {
      id: 7,
      kind: 'exchange' as const,
      reason: 'Too tight',
      created_at: '2026-11-30T10:00:00.000Z',
      decision_note: '',
      items: [
        {
          order_item_id: 1,
          product_name: 'Kerala Blasters Home 2025',
          size: 'M',
          quantity: 1,
          exchange_size: 'L',
        },
      ],
      courier_name: 'DTDC',
      tracking_id: 'D7000999',
      tracking_link: null,
    };
    const back = delivered({
      return_options: null,
      returns: [{ ...exchange, status: 'received' }],
    });
    back.timeline.push(
      step('exchange_returned', '2026-12-04T06:00:00.000Z', {
        return_id: 7,
        kind: 'exchange',
        note: 'The replacement came back to us undelivered; it is to be shipped again.',
      }),
    );
    await open(back);
    expect(stepTexts().at(-1)).toBe(
      'Replacement came back to us4 Dec 2026The replacement came back to us undelivered; it is to be shipped again.',
    );
    cleanup();
    // A second visit, not the same one: the first visit's cached page would show first.
    forgetApi('');
    const done = delivered({
      return_options: null,
      returns: [{ ...exchange, status: 'delivered' }],
    });
    done.timeline.push(
      step('exchange_delivered', '2026-12-06T06:00:00.000Z', { return_id: 7, kind: 'exchange' }),
    );
    await open(done);
    expect(stepTexts().at(-1)).toBe('Replacement delivered6 Dec 2026');
    const request = screen.getByRole('listitem', { name: 'Exchange #7' });
    expect(request.textContent).toContain('Replacement delivered');
    expect(request.textContent).toContain('Replacement with DTDC');
  });

  it('asks where to transfer a cash-on-delivery refund, checking the UPI id before sending', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-30T10:00:00.000Z') });
    try {
      const response = delivered();
      response.return_options = { ...response.return_options!, payout_needed: true };
      const api = await open(response);
      fireEvent.click(screen.getByRole('button', { name: 'Return or exchange' }));
      const dialog = screen.getByRole('dialog', { name: 'Return or exchange' });
      expect(within(dialog).queryByRole('group', { name: 'Refund to' })).toBeNull();
      fireEvent.click(within(dialog).getByLabelText('A refund'));
      const to = within(within(dialog).getByRole('group', { name: 'Refund to' }));
      expect(dialog.textContent).toContain(
        'You paid in cash on delivery, so we refund you by bank transfer: tell us where to send it.',
      );
      fireEvent.change(within(dialog).getByLabelText('Pieces'), { target: { value: '1' } });
      fireEvent.change(within(dialog).getByLabelText('Why? (required)'), {
        target: { value: 'Too big' },
      });
      const upi = to.getByLabelText('UPI id');
      fireEvent.change(upi, { target: { value: 'meera.okaxis' } });
      api.on('order_return.php', () => ok(delivered({ return_options: null })));
      const send = () =>
        fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
      send();
      expect(to.getByText('Enter your UPI id, like name@okaxis.')).toBeTruthy();
      expect(api.calls['order_return.php'] ?? []).toEqual([]);
      fireEvent.change(upi, { target: { value: 'meera@okaxis' } });
      send();
      await eventually(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(api.calls['order_return.php']).toEqual([
        {
          user_id: 5,
          order_id: 42,
          kind: 'return',
          reason: 'Too big',
          items: [{ order_item_id: 1, quantity: 1 }],
          payout: { method: 'upi', upi_id: 'meera@okaxis' },
        },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says when the 7 days are over', async () => {
    await open(delivered({ return_options: null, return_until: '2026-01-10T18:30:00.000Z' }));
    expect(screen.getByRole('region', { name: 'Returns and exchanges' }).textContent).toContain(
      'The 7 days for returns and exchanges ended on 10 Jan 2026.',
    );
  });
});
