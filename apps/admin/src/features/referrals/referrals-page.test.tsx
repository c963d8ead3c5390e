import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReferralReportResponse } from '@kitroom/contract/admin';
import { fakeApi, type Sent } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';

const report = (o: Partial<ReferralReportResponse> = {}): ReferralReportResponse => ({
  from: null,
  to: null,
  affiliates: [
    {
      code: 'KOCHI10',
      name: 'Kochi Football Club',
      active: true,
      clicks: 120,
      orders: 9,
      paid_orders: 7,
      paid_revenue: 12345.5,
    },
  ],
  campaigns: [
    {
      code: 'IGDROP',
      name: 'Instagram jersey drop',
      active: true,
      clicks: 40,
      orders: 2,
      paid_orders: 1,
      paid_revenue: 1359,
    },
  ],
  invalid_clicks: 3,
  ...o,
});

const code = (c: string, name: string, active = true) => ({
  code: c,
  name,
  active,
  created_at: '2026-11-01T05:30:00.000Z',
});

describe('the referrals page', () => {
  it('shows the report per code and between dates', async () => {
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('manager')) },
      'GET /api/admin/referrals/report': (sent: Sent) => ({
        body: sent.query.get('from')
          ? report({ from: '2026-11-01', to: '2026-11-24', affiliates: [], campaigns: [] })
          : report(),
      }),
      'GET /api/admin/referrals/affiliates': {
        body: {
          affiliates: [{ id: 1, ...code('KOCHI10', 'Kochi Football Club') }],
          next_after: null,
        },
      },
      'GET /api/admin/referrals/campaigns': {
        body: { campaigns: [code('IGDROP', 'Instagram jersey drop')], next_after: null },
      },
    });
    renderAdmin('/referrals');
    const affiliates = await screen.findByRole('table', { name: 'Affiliates' }, { timeout: 5000 });
    const row = within(affiliates).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('KOCHI10');
    expect(row.textContent).toContain('120');
    expect(row.textContent).toContain('₹12,345.50');
    const campaigns = screen.getByRole('table', { name: 'Campaign codes' });
    expect(within(campaigns).getAllByRole('row')[1]!.textContent).toContain('₹1,359');
    expect(screen.getByText(/Clicks on unknown or inactive codes: 3/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-24' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('to must be on or after from')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-24' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText(/from 2026-11-01 to 2026-11-24/)).toBeTruthy();
    expect(
      Object.fromEntries(api.calls.filter((c) => c.path.endsWith('/report')).at(-1)!.query),
    ).toEqual({ from: '2026-11-01', to: '2026-11-24' });
  });

  it('adds an affiliate with the contract’s code rules, shows a taken code, deactivates one', async () => {
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('owner')) },
      'GET /api/admin/referrals/report': { body: report() },
      'GET /api/admin/referrals/affiliates': {
        body: {
          affiliates: [{ id: 1, ...code('KOCHI10', 'Kochi Football Club') }],
          next_after: null,
        },
      },
      'GET /api/admin/referrals/campaigns': { body: { campaigns: [], next_after: null } },
      'POST /api/admin/referrals/affiliates': {
        status: 409,
        body: { error: 'This code is in use already.' },
      },
      'PATCH /api/admin/referrals/affiliates/1': {
        body: { affiliate: { id: 1, ...code('KOCHI10', 'Kochi Football Club', false) } },
      },
    });
    renderAdmin('/referrals');
    const section = within(await screen.findByRole('region', { name: 'Affiliates' }));
    fireEvent.change(section.getByLabelText('Code'), { target: { value: 'bad code' } });
    fireEvent.click(section.getByRole('button', { name: 'Add' }));
    expect(
      await section.findByText("code must be 1 to 64 letters, digits, '-' or '_'"),
    ).toBeTruthy();
    expect(section.getByText('name is required')).toBeTruthy();

    fireEvent.change(section.getByLabelText('Code'), { target: { value: 'kochi10' } });
    fireEvent.change(section.getByLabelText('Name'), { target: { value: 'Kochi again' } });
    fireEvent.click(section.getByRole('button', { name: 'Add' }));
    expect(await section.findByText('This code is in use already.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      code: 'KOCHI10',
      name: 'Kochi again',
      active: true,
    });

    fireEvent.click(await section.findByRole('button', { name: 'Deactivate KOCHI10' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ active: false }),
    );
    expect(
      within(screen.getByRole('region', { name: 'Campaign codes' })).getByText('None yet.'),
    ).toBeTruthy();
  });
});
