import { screen, within, fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminRefundListItem } from '@kitroom/contract/admin';
import { fakeApi, type Sent } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';

const manager = staffMember('manager', { name: 'Anil' });
const item = (id: number, o: Partial<AdminRefundListItem> = {}): AdminRefundListItem => ({
  id,
  order_id: 100 + id,
  amount_paise: 135_900,
  status: 'processed',
  provider: 'razorpay',
  provider_refund_id: `rfnd_${id}`,
  reason: 'Out of stock',
  requested_by: { id: manager.id, name: 'Anil' },
  created_at: '2026-11-24T09:15:00.000Z',
  updated_at: '2026-11-24T09:15:00.000Z',
  processed_at: '2026-11-25T09:15:00.000Z',
  attempts: 1,
  last_error: null,
  method: 'provider',
  payout_to: null,
  utr: null,
  shopper_name: 'Meera Pillai',
  age_days: 2,
  overdue: false,
  ...o,
});

describe('the refunds page', () => {
  it('shows overdue refunds first, links each to its order, filters and pages on', async () => {
    const late = [
      item(1, {
        status: 'requested',
        age_days: 10,
        overdue: true,
        requested_by: null,
        reason: 'Order canceled: Out of stock',
        last_error: 'Razorpay POST /v1/payments/pay_1/refund: 500 Server error',
      }),
      item(2, { status: 'pending', age_days: 8, overdue: true, amount_paise: 49_950 }),
    ];
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(manager) },
      'GET /api/admin/refunds': (sent: Sent) =>
        sent.query.get('method') === 'payout'
          ? { body: { refunds: [], overdue_count: 2, next_after: null } }
          : sent.query.get('overdue') === 'true'
            ? { body: { refunds: late, overdue_count: 2, next_after: null } }
            : sent.query.get('after') === '3'
              ? { body: { refunds: [late[1]!, late[0]!], overdue_count: 2, next_after: null } }
              : sent.query.get('status') === 'failed'
                ? { body: { refunds: [], overdue_count: 2, next_after: null } }
                : { body: { refunds: [item(4), item(3)], overdue_count: 2, next_after: 3 } },
    });
    const view = renderAdmin('/refunds');
    const overdue = await screen.findByRole(
      'table',
      { name: 'Overdue refunds, oldest first' },
      { timeout: 5000 },
    );
    expect(screen.getByRole('alert').textContent).toBe(
      '2 refunds are past the 7 days the policy promises. Check each with the payment provider and tell the shopper.',
    );
    const first = within(within(overdue).getByRole('row', { name: 'Refund #1' }));
    expect(first.getByRole('link', { name: 'Order #101' }).getAttribute('href')).toBe(
      '/admin/orders/101',
    );
    expect(first.getByText('Not sent yet')).toBeTruthy();
    expect(first.getByText('Overdue')).toBeTruthy();
    expect(first.getByText('10 days ago · by the shop')).toBeTruthy();
    expect(first.getByText(/500 Server error/)).toBeTruthy();
    const second = within(within(overdue).getByRole('row', { name: 'Refund #2' }));
    expect(second.getByText('₹499.50')).toBeTruthy();
    expect(second.getByText('With the bank')).toBeTruthy();
    expect(second.getByText('8 days ago · Anil')).toBeTruthy();

    const all = screen.getByRole('table', { name: 'Refunds, newest first' });
    const labels = () =>
      within(all)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.getAttribute('aria-label'));
    expect(labels()).toEqual(['Refund #4', 'Refund #3']);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() =>
      expect(labels()).toEqual(['Refund #4', 'Refund #3', 'Refund #2', 'Refund #1']),
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    fireEvent.change(screen.getByRole('combobox', { name: 'State' }), {
      target: { value: 'failed' },
    });
    expect(await screen.findByText('No refunds here.')).toBeTruthy();
    expect(api.calls.at(-1)!.query.get('status')).toBe('failed');

    fireEvent.click(screen.getByRole('link', { name: 'Order #101' }));
    expect(view.path()).toBe('/admin/orders/101');
  });

  it('lists the bank transfers to make for cash-on-delivery returns and records each by its UTR', async () => {
    const payout = item(9, {
      method: 'payout',
      provider: 'payout',
      provider_refund_id: null,
      status: 'pending',
      reason: 'Return #5 received',
      requested_by: null,
      processed_at: null,
      amount_paise: 129_900,
      payout_to: {
        method: 'bank',
        account_name: 'Meera Pillai',
        account_number: '012345678901',
        ifsc: 'SBIN0070123',
      },
    });
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(manager) },
      'GET /api/admin/refunds': (sent: Sent) =>
        sent.query.get('method') === 'payout'
          ? { body: { refunds: [payout], overdue_count: 0, next_after: null } }
          : { body: { refunds: [], overdue_count: 0, next_after: null } },
      'POST /api/admin/refunds/9/payout': {
        body: { ...payout, status: 'processed', utr: 'AXISN52026112912' },
      },
    });
    renderAdmin('/refunds');
    const card = within(
      await screen.findByRole('form', { name: 'Payout of refund #9' }, { timeout: 5000 }),
    );
    expect(screen.getByRole('heading', { name: 'Bank transfers to make' })).toBeTruthy();
    expect(card.getByText('₹1,299')).toBeTruthy();
    expect(card.getByText('Meera Pillai')).toBeTruthy();
    expect(card.getByText('012345678901')).toBeTruthy();
    expect(card.getByText('SBIN0070123')).toBeTruthy();
    const utr = card.getByRole('textbox', { name: 'UTR of the transfer' });
    fireEvent.change(utr, { target: { value: '123' } });
    fireEvent.click(card.getByRole('button', { name: 'Record transfer' }));
    expect(
      await card.findByText('The UTR is the transfer’s reference: 12 to 22 letters and digits.'),
    ).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(utr, { target: { value: 'AXISN52026112912' } });
    fireEvent.click(card.getByRole('button', { name: 'Record transfer' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
        utr: 'AXISN52026112912',
      }),
    );
  });

  it('says when nothing is overdue, and is listed in the navigation for owners and managers only', async () => {
    fakeApi({
      'GET /api/admin/me': { body: signedInAs(manager) },
      'GET /api/admin/refunds': { body: { refunds: [], overdue_count: 0, next_after: null } },
    });
    renderAdmin('/refunds');
    expect(
      await screen.findByText('No refund is older than 7 days and still on its way.', undefined, {
        timeout: 5000,
      }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Refunds' })).toBeTruthy();
  });

  it('tells support their role does not allow it, without calling the server', async () => {
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('support')) },
    });
    renderAdmin('/refunds');
    expect(
      await screen.findByText('Your role does not allow this.', undefined, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Refunds' })).toBeNull();
    expect(api.calls.some((c) => c.path === '/api/admin/refunds')).toBe(false);
  });
});
