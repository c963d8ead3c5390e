import type { AdminCustomerResponse, StaffRole } from '@kitroom/contract/admin';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, type Sent } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';

const label = {
  name: 'Asha Menon',
  street: '12 Beach Road',
  city: 'Kozhikode',
  state: 'Kerala',
  pincode: '673001',
  phone: '9847012345',
};

function customer(o: Partial<AdminCustomerResponse> = {}): AdminCustomerResponse {
  return {
    customer: {
      id: 7,
      name: 'Asha Menon',
      email: 'asha@example.in',
      phone: '9847012345',
      created_at: '2026-11-20T05:30:00.000Z',
      erased_at: null,
    },
    saved_address: label,
    order_addresses: [{ address: label, orders: 21, last_used_at: '2026-11-24T05:30:00.000Z' }],
    summary: {
      orders: 21,
      paid_orders: 19,
      lifetime_value_paise: 2_671_800,
      returns: 2,
      returned_to_origin: 1,
    },
    orders: [
      {
        id: 42,
        created_at: '2026-11-24T05:30:00.000Z',
        status: 'Completed',
        stage: 'completed',
        payment_status: 'SUCCESS',
        total_paise: 140_800,
        items: 1,
        name: 'Asha Menon',
        city: 'Kozhikode',
        state: 'Kerala',
        email: 'asha@example.in',
        phone: '9847012345',
        paid_at: '2026-11-26T05:30:00.000Z',
        packed_at: null,
        shipped_at: null,
        delivered_at: '2026-11-26T05:30:00.000Z',
        canceled_at: null,
        wholesale: false,
      },
    ],
    wholesale: {
      status: 'approved',
      shop_name: 'Menon Sports',
      applied_at: '2026-11-21T05:30:00.000Z',
      decided_at: '2026-11-22T05:30:00.000Z',
    },
    cod_block: null,
    notes: [
      {
        id: 1,
        note: 'Prefers a call after 6 PM.',
        staff_name: 'Fathima',
        created_at: '2026-11-23T05:30:00.000Z',
      },
    ],
    erasure: null,
    ...o,
  };
}

function setUp(role: StaffRole, data = customer(), more: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    'GET /api/admin/me': { body: signedInAs(staffMember(role, { name: 'Ravi' })) },
    'GET /api/admin/customers/7': { body: data },
    ...more,
  });
  renderAdmin('/customers/7');
  return api;
}

const loaded = () =>
  screen.findByRole('heading', { name: 'Asha Menon', level: 1 }, { timeout: 5000 });
const region = (name: string) => within(screen.getByRole('region', { name }));

describe('the customer page', () => {
  it('shows their value, orders linking to the order page, account, addresses and notes', async () => {
    setUp('owner');
    await loaded();
    expect(screen.getByText('Shopper #7 · signed up', { exact: false })).toBeTruthy();
    expect(screen.getByText('₹26,718')).toBeTruthy();
    expect(screen.getByText('19 paid')).toBeTruthy();
    expect(screen.getByText('Returned to origin').nextSibling?.textContent).toBe('1');
    const orders = region('Orders (21)');
    expect(orders.getByRole('link', { name: '#42' }).getAttribute('href')).toBe('/admin/orders/42');
    expect(orders.getByText('Delivered')).toBeTruthy();
    expect(orders.getByText('₹1,408')).toBeTruthy();
    expect(orders.getByRole('link', { name: 'All 21 orders' }).getAttribute('href')).toBe(
      '/admin/orders?user_id=7',
    );
    const account = region('Account');
    expect(account.getByRole('link', { name: 'asha@example.in' })).toBeTruthy();
    expect(account.getByText('Wholesale · Menon Sports', { exact: false })).toBeTruthy();
    expect(account.getByText('Allowed')).toBeTruthy();
    expect(region('Addresses').getByText('Saved with the account')).toBeTruthy();
    expect(region('Addresses').getByText(/^21 orders · last/)).toBeTruthy();
    expect(region('Notes').getByText('Prefers a call after 6 PM.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Block cash on delivery' })).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Erase account…' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('adds a note, checked before it is sent', async () => {
    const api = setUp('support', customer(), {
      'POST /api/admin/customers/7/notes': (sent: Sent) => ({
        body: customer({
          notes: [
            {
              id: 2,
              note: (sent.body as { note: string }).note,
              staff_name: 'Ravi',
              created_at: '2026-11-25T05:30:00.000Z',
            },
            ...customer().notes,
          ],
        }),
      }),
    });
    await loaded();
    const notes = region('Notes');
    fireEvent.click(notes.getByRole('button', { name: 'Add note' }));
    expect(await notes.findByText('note is required')).toBeTruthy();
    fireEvent.change(notes.getByLabelText('Add a note for staff'), {
      target: { value: 'Asked about XXL.' },
    });
    fireEvent.click(notes.getByRole('button', { name: 'Add note' }));
    expect(await notes.findByText('Asked about XXL.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ note: 'Asked about XXL.' });
  });

  it('blocks cash on delivery with a reason, and allows it again', async () => {
    const blocked = customer({
      cod_block: {
        blocked_at: '2026-11-25T05:30:00.000Z',
        reason: 'Refused three parcels',
        staff_name: 'Ravi',
      },
    });
    const api = setUp('support', customer(), {
      'POST /api/admin/customers/7/cod-block': (sent: Sent) => ({
        body: (sent.body as { blocked: boolean }).blocked ? blocked : customer(),
      }),
    });
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Block cash on delivery' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Block cash on delivery?' }));
    expect(
      dialog.getByText(/Cash on delivery is not available for your account\. Please pay online\./),
    ).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Block cash on delivery' }));
    expect(await dialog.findByText('reason is required')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Reason (for staff)'), {
      target: { value: 'Refused three parcels' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Block cash on delivery' }));
    expect(await screen.findByRole('button', { name: 'Allow cash on delivery' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(region('Account').getByText('Refused three parcels', { exact: false })).toBeTruthy();
    expect(screen.getByText('COD blocked')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Allow cash on delivery' }));
    expect(await screen.findByRole('button', { name: 'Block cash on delivery' })).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { blocked: true, reason: 'Refused three parcels' },
      { blocked: false },
    ]);
  });

  it('lets only the owner start an erasure, confirmed by the typed email', async () => {
    setUp('support');
    await loaded();
    const button = screen.getByRole('button', { name: 'Erase account…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe('erase-why-not');
    expect(screen.getByText('Only the owner may start erasing an account.')).toBeTruthy();
  });

  it('starts the erasure: the page then says it waits, and for which order', async () => {
    const waiting = customer({
      erasure: {
        state: 'waiting',
        waiting_reason: 'We will erase your account once order #42 is delivered or cancelled.',
        requested_at: '2026-11-25T05:30:00.000Z',
        done_at: null,
      },
    });
    const api = setUp('owner', customer(), {
      'POST /api/admin/customers/7/erasure': (sent: Sent) =>
        (sent.body as { email: string }).email === 'asha@example.in'
          ? { body: waiting }
          : {
              status: 400,
              body: {
                error: "Type the shopper's email address exactly as the account has it to confirm.",
              },
            },
    });
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Erase account…' }));
    const dialog = within(screen.getByRole('alertdialog', { name: 'Erase this account?' }));
    const email = dialog.getByLabelText('Type the shopper’s email to confirm');
    fireEvent.change(email, { target: { value: 'someone@example.in' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Erase account' }));
    expect(
      await dialog.findByText(
        "Type the shopper's email address exactly as the account has it to confirm.",
      ),
    ).toBeTruthy();
    fireEvent.change(email, { target: { value: ' ASHA@example.in ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Erase account' }));
    expect(await screen.findByRole('region', { name: 'Erasure' })).toBeTruthy();
    expect(
      region('Erasure').getByText(
        'We will erase your account once order #42 is delivered or cancelled.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Erase account…' })).toBeNull();
    expect(api.calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({
      email: 'asha@example.in',
    });
  });

  it('shows an erased account with no actions', async () => {
    setUp(
      'owner',
      customer({
        customer: {
          ...customer().customer,
          name: 'a Kitroom shopper',
          email: 'erased-7@erased.invalid',
          phone: '',
          erased_at: '2026-11-26T05:30:00.000Z',
        },
        notes: [],
        wholesale: null,
      }),
    );
    await screen.findByRole('heading', { name: 'a Kitroom shopper', level: 1 }, { timeout: 5000 });
    expect(screen.getByText(/This account was erased on/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Block cash on delivery' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Erase account…' })).toBeNull();
    expect(region('Notes').queryByRole('button', { name: 'Add note' })).toBeNull();
  });

  it('says so for a shopper who does not exist', async () => {
    fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('owner')) },
      'GET /api/admin/customers/7': { status: 404, body: { error: 'Customer not found.' } },
    });
    renderAdmin('/customers/7');
    expect(await screen.findByText('Customer not found.', {}, { timeout: 5000 })).toBeTruthy();
  });
});
