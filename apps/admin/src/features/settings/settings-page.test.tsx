import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { shopSettings } from '@/test/settings';
import { signedInAs, staffMember } from '@/test/staff';

const settings = shopSettings();

describe('the settings page', () => {
  it('lets the owner change the phone, checked by the contract first', async () => {
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('owner')) },
      'GET /api/admin/settings': { body: { settings } },
      'PATCH /api/admin/settings': ({ body }) => ({
        body: { settings: { ...settings, ...(body as object) } },
      }),
      'GET /api/admin/audit': { body: { entries: [], next_before: null } },
    });
    renderAdmin('/settings');
    const phone = (await screen.findByLabelText('Phone')) as HTMLInputElement;
    expect(phone.value).toBe('+91 495 272 1100');
    expect((screen.getByLabelText('State') as HTMLSelectElement).value).toBe('Kerala');

    fireEvent.change(phone, { target: { value: '12345' } });
    fireEvent.change(screen.getByLabelText('GSTIN'), { target: { value: '32AAPFU0939F1ZA' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('phone must have 10 to 13 digits')).toBeTruthy();
    expect(
      screen.getByText('gstin is not a valid GSTIN (15 characters, checksum last)'),
    ).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);

    fireEvent.change(phone, { target: { value: '+91 98470 12345' } });
    fireEvent.change(screen.getByLabelText('GSTIN'), { target: { value: '32aapfu0939f1z4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      await screen.findByText('Saved: the storefront and new mails show these details now.'),
    ).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      phone: '+91 98470 12345',
      gstin: '32AAPFU0939F1Z4',
      state: 'Kerala',
    });
    expect((screen.getByLabelText('GSTIN') as HTMLInputElement).value).toBe('32AAPFU0939F1Z4');
  });

  it('lets the owner change the cut-off and the days per zone, whole days only', async () => {
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('owner')) },
      'GET /api/admin/settings': { body: { settings } },
      'PATCH /api/admin/settings': ({ body }) => ({
        body: { settings: { ...settings, ...(body as object) } },
      }),
      'GET /api/admin/audit': { body: { entries: [], next_before: null } },
    });
    renderAdmin('/settings');
    const metro = (await screen.findByLabelText('Metro cities: days')) as HTMLInputElement;
    expect(metro.value).toBe('3');
    expect((screen.getByLabelText('Dispatch cut-off') as HTMLInputElement).value).toBe('14:00');

    fireEvent.change(metro, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Rest of India: days'), { target: { value: '31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      await screen.findByText('Delivery days (Metro cities) must be a whole number'),
    ).toBeTruthy();
    expect(screen.getByText('Delivery days (Rest of India) must be 0 to 30')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);

    fireEvent.change(metro, { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Rest of India: days'), { target: { value: '6' } });
    fireEvent.change(screen.getByLabelText('Dispatch cut-off'), { target: { value: '16:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      await screen.findByText('Saved: the storefront and new mails show these details now.'),
    ).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      dispatch_cutoff: '16:30',
      delivery_days_metro: 2,
      delivery_days_rest_of_india: 6,
      delivery_days_same_city: 1,
    });
    expect((screen.getByLabelText('Metro cities: days') as HTMLInputElement).value).toBe('2');
  });

  it('is not in a manager’s navigation, and closed to them without asking the server', async () => {
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('manager')) },
    });
    renderAdmin('/settings');
    expect(await screen.findByText('Your role does not allow this.')).toBeTruthy();
    const nav = screen.getByRole('navigation');
    expect(within(nav).queryByRole('link', { name: 'Settings' })).toBeNull();
    expect(api.calls.map((c) => c.path)).toEqual(['/api/admin/me']);
  });

  it('lets the owner set the limits: support’s refunds in rupees, unpaid orders, pieces per size', async () => {
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('owner')) },
      'GET /api/admin/settings': { body: { settings } },
      'PATCH /api/admin/settings': ({ body }) => ({
        body: { settings: { ...settings, ...(body as object) } },
      }),
      'GET /api/admin/audit': { body: { entries: [], next_before: null } },
    });
    renderAdmin('/settings');
    const refund = (await screen.findByLabelText(
      'Support may refund up to (₹)',
    )) as HTMLInputElement;
    expect(refund.value).toBe('3000');
    fireEvent.change(refund, { target: { value: '1500' } });
    fireEvent.change(screen.getByLabelText('Unpaid orders per shopper'), {
      target: { value: '0' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText('Unpaid orders per shopper must be 1 to 20')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.change(screen.getByLabelText('Unpaid orders per shopper'), {
      target: { value: '2' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText('Saved: the limits apply from now on.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      support_refund_limit_paise: 150_000,
      unpaid_orders_max: 2,
      pieces_per_size_max: 10,
    });
  });

  it('says no IRN is needed until the turnover is above ₹5 crore, and saves it', async () => {
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('owner')) },
      'GET /api/admin/settings': { body: { settings } },
      'PATCH /api/admin/settings': ({ body }) => {
        const rupees = (body as { highest_aato_rupees: number }).highest_aato_rupees;
        return {
          body: {
            settings: {
              ...settings,
              highest_aato_rupees: rupees,
              e_invoicing_required: rupees > 50_000_000,
            },
          },
        };
      },
      'GET /api/admin/audit': { body: { entries: [], next_before: null } },
    });
    renderAdmin('/settings');
    const turnover = await screen.findByLabelText('Highest annual turnover since 2017-18 (₹)');
    const status = screen.getByTestId('e-invoicing-status');
    expect(status.textContent).toContain('No IRN is needed.');
    expect(status.textContent).toContain('exceeded ₹5,00,00,000 in a financial year since 2017-18');
    fireEvent.change(turnover, { target: { value: '5,00,00,000' } });
    expect(status.textContent).toContain('No IRN is needed.');
    fireEvent.change(turnover, { target: { value: '5,20,00,000' } });
    expect(status.textContent).toContain(
      'E-invoicing applies: the turnover is above ₹5,00,00,000.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save turnover' }));
    expect(await screen.findByText('Saved: invoices issued from now on follow it.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      highest_aato_rupees: 52_000_000,
    });
  });
});
