import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminCoupon } from '@kitroom/contract/admin';
import { fakeApi, type Sent } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';

const coupon = (id: number, o: Partial<AdminCoupon> = {}): AdminCoupon => ({
  id,
  code: `CODE${id}`,
  description: '',
  kind: 'percent',
  value: 10,
  max_discount: 200,
  min_order: 999,
  starts_at: '2026-01-01T00:00:00.000Z',
  ends_at: null,
  max_uses: 100,
  max_uses_per_user: 1,
  active: true,
  stacks_with_wholesale: false,
  product_ids: [],
  category_ids: [],
  status: 'active',
  used_count: 7,
  paid_orders: 5,
  paid_discount: 650,
  ...o,
});

const manager = staffMember('manager', { name: 'Anil' });

describe('the coupons page', () => {
  it('lists rules, uses and status, filters, pages on and deactivates', async () => {
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(manager) },
      'GET /api/admin/coupons': (sent: Sent) =>
        sent.query.get('before') === '2'
          ? {
              body: { coupons: [coupon(1, { code: 'OLD', status: 'expired' })], next_before: null },
            }
          : sent.query.get('status') === 'used-up'
            ? { body: { coupons: [], next_before: null } }
            : {
                body: {
                  coupons: [
                    coupon(3, { code: 'WELCOME10', description: 'First order' }),
                    coupon(2, { code: 'FLAT150', kind: 'flat', value: 150, max_discount: null }),
                  ],
                  next_before: 2,
                },
              },
      'PATCH /api/admin/coupons/3': ({ body }) => ({
        body: { coupon: coupon(3, { ...(body as object), status: 'inactive' }) },
      }),
    });
    renderAdmin('/coupons');
    const table = await screen.findByRole('table', { name: /Coupons/ }, { timeout: 5000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('WELCOME10');
    expect(rows[0]!.textContent).toContain('10% off, at most ₹200');
    expect(rows[0]!.textContent).toContain('Orders of ₹999 or more');
    expect(rows[0]!.textContent).toContain('1 use per shopper');
    expect(rows[0]!.textContent).toContain('7 of 100 used');
    expect(rows[0]!.textContent).toContain('5 paid orders, ₹650 off');
    expect(rows[0]!.textContent).toContain('Active');
    expect(rows[1]!.textContent).toContain('₹150 off');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('OLD')).toBeTruthy();
    expect(screen.getByText('OLD').closest('tr')!.textContent).toContain('Expired');

    fireEvent.click(screen.getByRole('button', { name: 'Deactivate WELCOME10' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ active: false }),
    );

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'used-up' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('No coupons match these filters.')).toBeTruthy();
    expect(api.calls.at(-1)?.query.get('status')).toBe('used-up');
  });
});

describe('the coupon form', () => {
  it('checks the rules with the contract, sends every rule, and shows a taken code', async () => {
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(manager) },
      'GET /api/admin/coupons/options': {
        body: {
          categories: [
            { id: 4, name: 'Club Jerseys' },
            { id: 5, name: 'Equipment' },
          ],
        },
      },
      'POST /api/admin/coupons': {
        status: 409,
        body: { error: 'A coupon with this code exists already.' },
      },
    });
    renderAdmin('/coupons/new');
    await screen.findByRole('heading', { name: 'New coupon' });
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'diwali15' } });
    fireEvent.change(screen.getByLabelText('Percent off'), { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByText('Percent off must be 1 to 100')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Percent off'));
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('Percent off'), { target: { value: '15' } });
    fireEvent.change(screen.getByLabelText('At most (₹)'), { target: { value: '300' } });
    fireEvent.change(screen.getByLabelText('Minimum order (₹)'), { target: { value: '999' } });
    fireEvent.change(screen.getByLabelText('Starts (India time)'), {
      target: { value: '2026-11-01T00:00' },
    });
    fireEvent.change(screen.getByLabelText('Ends (India time)'), {
      target: { value: '2026-11-15T23:59' },
    });
    fireEvent.change(screen.getByLabelText('Uses in all'), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText('Uses per shopper'), { target: { value: '1' } });
    fireEvent.click(await screen.findByLabelText('Club Jerseys'));
    fireEvent.change(screen.getByLabelText('Product ids'), { target: { value: '12, #48' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByText('A coupon with this code exists already.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      code: 'DIWALI15',
      description: '',
      kind: 'percent',
      value: 15,
      max_discount: 300,
      min_order: 999,
      starts_at: '2026-11-01T00:00:00+05:30',
      ends_at: '2026-11-15T23:59:00+05:30',
      max_uses: 100,
      max_uses_per_user: 1,
      active: true,
      stacks_with_wholesale: false,
      product_ids: [12, 48],
      category_ids: [4],
    });
  });

  it('edits a coupon from what the server holds, in India time', async () => {
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(manager) },
      'GET /api/admin/coupons/options': { body: { categories: [{ id: 4, name: 'Club Jerseys' }] } },
      'GET /api/admin/coupons/3': {
        body: { coupon: coupon(3, { code: 'WELCOME10', category_ids: [4] }) },
      },
      'PATCH /api/admin/coupons/3': ({ body }) => ({ body: { coupon: coupon(3, body as object) } }),
      'GET /api/admin/coupons': { body: { coupons: [], next_before: null } },
    });
    const view = renderAdmin('/coupons/3');
    expect(await screen.findByRole('heading', { name: 'Coupon WELCOME10' })).toBeTruthy();
    expect((screen.getByLabelText('Starts (India time)') as HTMLInputElement).value).toBe(
      '2026-01-01T05:30',
    );
    expect(((await screen.findByLabelText('Club Jerseys')) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'flat' } });
    fireEvent.change(screen.getByLabelText('Rupees off'), { target: { value: '250' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(view.path()).toBe('/admin/coupons'));
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      kind: 'flat',
      value: 250,
      max_discount: null,
      starts_at: '2026-01-01T05:30:00+05:30',
    });
  });
});
