import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { shopSettings } from '@/test/settings';
import { signedInAs, staffMember } from '@/test/staff';

const settings = shopSettings({ cod_excluded_pincodes: ['744'] });

describe('the cash-on-delivery settings', () => {
  it('turn COD on with a fee in rupees and prefixes, checked first, sent alone', async () => {
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('owner')) },
      'GET /api/admin/settings': { body: { settings } },
      'PATCH /api/admin/settings': ({ body }) => ({
        body: { settings: { ...settings, ...(body as object) } },
      }),
      'GET /api/admin/audit': { body: { entries: [], next_before: null } },
    });
    renderAdmin('/settings');
    await screen.findByLabelText('Phone', {}, { timeout: 5000 });
    const section = within(
      screen.getByRole('heading', { name: 'Cash on delivery' }).closest('form')!,
    );
    const fee = section.getByLabelText('COD fee (₹)') as HTMLInputElement;
    expect(fee.value).toBe('49');
    expect((section.getByLabelText('Largest COD order (₹)') as HTMLInputElement).value).toBe(
      '5000',
    );
    expect((section.getByLabelText('No COD for pincodes starting') as HTMLInputElement).value).toBe(
      '744',
    );

    fireEvent.click(section.getByLabelText('Offer cash on delivery'));
    fireEvent.change(fee, { target: { value: '' } });
    fireEvent.change(section.getByLabelText('No COD for pincodes starting'), {
      target: { value: '744, 67' },
    });
    fireEvent.click(section.getByRole('button', { name: 'Save cash on delivery' }));
    expect(
      await section.findByText('The COD fee must be an amount in rupees, like 40 or 49.50'),
    ).toBeTruthy();
    expect(section.getByText('each pincode prefix must be 3 to 6 digits')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);

    fireEvent.change(fee, { target: { value: '39.50' } });
    fireEvent.change(section.getByLabelText('No COD for pincodes starting'), {
      target: { value: '744, 194101' },
    });
    fireEvent.click(section.getByRole('button', { name: 'Save cash on delivery' }));
    expect(await section.findByText('Saved: cash on delivery works this way now.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      cod_enabled: true,
      cod_fee_paise: 3950,
      cod_max_order_paise: 500000,
      cod_max_open_orders: 2,
      cod_confirm_hours: 24,
      cod_cancel_after_hours: 48,
      cod_excluded_pincodes: ['194101', '744'],
    });
  });
});
