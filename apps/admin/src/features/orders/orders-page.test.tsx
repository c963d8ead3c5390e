import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';

const row = (id: number, o: object = {}) => ({
  id,
  created_at: '2026-11-24T05:30:00.000Z',
  status: 'Processing',
  stage: 'processing',
  payment_status: 'SUCCESS',
  total_paise: 155_900,
  items: 2,
  name: `Asha Menon ${id}`,
  city: 'Kozhikode',
  state: 'Kerala',
  email: null,
  phone: null,
  paid_at: '2026-11-24T05:31:00.000Z',
  packed_at: null,
  shipped_at: null,
  delivered_at: null,
  canceled_at: null,
  wholesale: false,
  ...o,
});

const rowOf = (id: number) =>
  screen.getByRole('link', { name: `#${id}` }).closest('tr') as HTMLElement;

describe('the order list', () => {
  it('opens filtered from the address, shows rows, pages, and packs the chosen ones', async () => {
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('packer')) },
      'GET /api/admin/orders': ({ query }) =>
        query.get('after') === 'next'
          ? { body: { orders: [row(10)], next_after: null } }
          : {
              body: {
                orders: [row(12), row(11, { stage: 'pending', payment_status: 'FAILED' })],
                next_after: 'next',
              },
            },
      'POST /api/admin/orders/pack': {
        body: {
          packed: [12],
          refused: [
            { order_id: 11, error: 'Order #11 is waiting for payment, so it cannot be packed.' },
          ],
        },
      },
    });
    renderAdmin('/orders?status=to-pack');
    await screen.findByRole('link', { name: '#12' }, { timeout: 5000 });
    expect(screen.getByRole('button', { name: 'To pack' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(
      Object.fromEntries(api.calls.find((c) => c.path === '/api/admin/orders')!.query),
    ).toEqual({ status: 'to-pack', limit: '50' });
    const twelve = within(rowOf(12));
    expect(twelve.getByText('Asha Menon 12')).toBeTruthy();
    expect(twelve.getByText('₹1,559')).toBeTruthy();
    expect(twelve.getByText('To pack')).toBeTruthy();
    expect(within(rowOf(11)).getByText('Awaiting payment')).toBeTruthy();
    expect(within(rowOf(11)).getByText('Failed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/admin/orders/export?status=to-pack',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: '#10' });

    fireEvent.click(screen.getByLabelText('Choose order #12'));
    fireEvent.click(screen.getByLabelText('Choose order #11'));
    const bar = within(screen.getByRole('region', { name: 'Chosen orders' }));
    expect(bar.getByText('2 orders chosen')).toBeTruthy();
    // #11 awaits payment: it has no slip to print.
    expect(bar.getByRole('link', { name: 'Print packing slips' }).getAttribute('href')).toBe(
      '/api/admin/orders/packing-slips?ids=12',
    );
    expect(bar.getByText('1 order unpaid or canceled: no slip.')).toBeTruthy();
    fireEvent.click(bar.getByRole('button', { name: 'Mark packed' }));
    expect(await screen.findByText('1 order marked packed.')).toBeTruthy();
    expect(
      screen.getByText('Order #11 is waiting for payment, so it cannot be packed.'),
    ).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/admin/orders/pack')!.body).toEqual({
      order_ids: [12, 11],
    });
    // The refused one stays chosen, to look at or leave.
    expect((screen.getByLabelText('Choose order #11') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Choose order #12') as HTMLInputElement).checked).toBe(false);
  });

  it('filters and searches through the address, and shows contacts to support without packing', async () => {
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('support')) },
      'GET /api/admin/orders': {
        body: {
          orders: [row(7, { email: 'meera@example.com', phone: '9876543210' })],
          next_after: null,
        },
      },
    });
    const app = renderAdmin('/orders');
    await screen.findByRole('link', { name: '#7' }, { timeout: 5000 });
    expect(within(rowOf(7)).getByText('meera@example.com · 9876543210')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Shipped' }));
    fireEvent.change(screen.getByLabelText('Payment'), { target: { value: 'SUCCESS' } });
    fireEvent.change(screen.getByLabelText('Delivery state'), { target: { value: 'Kerala' } });
    fireEvent.change(screen.getByLabelText('Placed from'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Search orders'), { target: { value: ' #7 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      const last = api.calls.filter((c) => c.path === '/api/admin/orders').at(-1)!;
      expect(Object.fromEntries(last.query)).toEqual({
        status: 'Shipped',
        payment: 'SUCCESS',
        state: 'Kerala',
        from: '2026-11-01',
        q: '#7',
        limit: '50',
      });
    });
    expect(app.router.state.location.search).toBe(
      '?status=Shipped&payment=SUCCESS&state=Kerala&from=2026-11-01&q=%237',
    );

    fireEvent.click(await screen.findByLabelText('Choose order #7'));
    const bar = within(screen.getByRole('region', { name: 'Chosen orders' }));
    expect(bar.queryByRole('button', { name: 'Mark packed' })).toBeNull();
    expect(bar.getByRole('link', { name: 'Print packing slips' })).toBeTruthy();
  });

  it('downloads the invoices of the chosen orders that have shipped, as one PDF', async () => {
    fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('support')) },
      'GET /api/admin/orders': {
        body: {
          orders: [
            row(21),
            row(20, { status: 'Shipped', stage: 'shipped' }),
            row(19, { status: 'Completed', stage: 'completed' }),
          ],
          next_after: null,
        },
      },
    });
    renderAdmin('/orders');
    await screen.findByRole('link', { name: '#21' }, { timeout: 5000 });
    fireEvent.click(screen.getByLabelText('Choose order #21'));
    const bar = within(screen.getByRole('region', { name: 'Chosen orders' }));
    // Not shipped yet: no invoice.
    expect(bar.queryByRole('link', { name: 'Download invoices' })).toBeNull();
    fireEvent.click(screen.getByLabelText('Choose order #20'));
    fireEvent.click(screen.getByLabelText('Choose order #19'));
    expect(bar.getByRole('link', { name: 'Download invoices' }).getAttribute('href')).toBe(
      '/api/admin/orders/invoices?ids=20%2C19',
    );
  });

  it('offers a packer no totals and no invoices: they see the parcel, not the money', async () => {
    fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('packer')) },
      'GET /api/admin/orders': {
        body: {
          orders: [row(20, { status: 'Shipped', stage: 'shipped', total_paise: null })],
          next_after: null,
        },
      },
    });
    renderAdmin('/orders');
    await screen.findByRole('link', { name: '#20' }, { timeout: 5000 });
    fireEvent.click(screen.getByLabelText('Choose order #20'));
    const bar = within(screen.getByRole('region', { name: 'Chosen orders' }));
    expect(bar.getByRole('link', { name: 'Print packing slips' })).toBeTruthy();
    expect(bar.queryByRole('link', { name: 'Download invoices' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Total' })).toBeNull();
    expect(screen.queryByText(/₹/)).toBeNull();
  });

  it("shows the server's refusal of a filter", async () => {
    fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('packer')) },
      'GET /api/admin/orders': {
        status: 403,
        body: { error: 'Your role may not search orders by email.' },
      },
    });
    renderAdmin('/orders?q=a@example.com');
    expect(
      await screen.findByText('Your role may not search orders by email.', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });
});
