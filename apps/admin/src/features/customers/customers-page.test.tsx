import type { AdminCustomerRow } from '@kitroom/contract/admin';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';

const row = (id: number, o: Partial<AdminCustomerRow> = {}): AdminCustomerRow => ({
  id,
  name: `Asha Menon ${id}`,
  email: `asha${id}@example.in`,
  phone: '9847012345',
  created_at: '2026-11-20T05:30:00.000Z',
  erased: false,
  orders: 3,
  last_order_at: '2026-11-24T05:30:00.000Z',
  lifetime_value_paise: 271_800,
  wholesale: null,
  cod_blocked: false,
  ...o,
});

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

describe('the customer list', () => {
  it('searches from the address, shows each shopper with their value and standing, and pages', async () => {
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('owner')) },
      'GET /api/admin/customers': ({ query }) =>
        query.get('after') === 'next'
          ? { body: { customers: [row(10, { orders: 1 })], next_after: null } }
          : {
              body: {
                customers: [
                  row(12, { wholesale: 'approved', cod_blocked: true }),
                  row(11, { orders: 0, last_order_at: null, lifetime_value_paise: 0 }),
                ],
                next_after: 'next',
              },
            },
    });
    renderAdmin('/customers?q=9847012345');
    await screen.findByRole('link', { name: 'Asha Menon 12' }, { timeout: 5000 });
    expect(screen.getByRole('heading', { name: 'Customers', level: 1 })).toBeTruthy();
    expect(
      Object.fromEntries(api.calls.find((c) => c.path === '/api/admin/customers')!.query),
    ).toEqual({ q: '9847012345', sort: 'newest', limit: '50' });
    expect((screen.getByLabelText('Search customers') as HTMLInputElement).value).toBe(
      '9847012345',
    );
    const twelve = within(rowOf('Asha Menon 12'));
    expect(twelve.getByRole('link', { name: 'Asha Menon 12' }).getAttribute('href')).toBe(
      '/admin/customers/12',
    );
    expect(twelve.getByText('asha12@example.in')).toBeTruthy();
    expect(twelve.getByText('9847012345')).toBeTruthy();
    expect(twelve.getByText('3 orders')).toBeTruthy();
    expect(twelve.getByText('₹2,718')).toBeTruthy();
    expect(twelve.getByText('Wholesale')).toBeTruthy();
    expect(twelve.getByText('COD blocked')).toBeTruthy();
    expect(within(rowOf('Asha Menon 11')).getByText('0 orders')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: 'Asha Menon 10' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Order'), { target: { value: 'value' } });
    await waitFor(() => expect(api.calls.at(-1)!.query.get('sort')).toBe('value'));
    fireEvent.change(screen.getByLabelText('Search customers'), { target: { value: ' asha ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(Object.fromEntries(api.calls.at(-1)!.query)).toEqual({
        q: 'asha',
        sort: 'value',
        limit: '50',
      }),
    );
  });

  it('says so when no one matches', async () => {
    fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('support')) },
      'GET /api/admin/customers': { body: { customers: [], next_after: null } },
    });
    renderAdmin('/customers?q=nobody');
    expect(await screen.findByText('No customer matches “nobody”.')).toBeTruthy();
  });

  it('tells a packer the page is not for their role, without asking the server', async () => {
    const api = fakeApi({ 'GET /api/admin/me': { body: signedInAs(staffMember('packer')) } });
    renderAdmin('/customers');
    expect(await screen.findByText('Your role does not allow this.')).toBeTruthy();
    expect(api.calls.map((c) => c.path)).toEqual(['/api/admin/me']);
  });
});
