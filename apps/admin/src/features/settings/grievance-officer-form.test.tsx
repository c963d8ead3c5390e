import type { ShopSettingsRow } from '@kitroom/contract/admin';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';

const settings: ShopSettingsRow = {
  legal_name: 'Kitroom Sportswear',
  address: '2nd Floor, Mavoor Road',
  city: 'Kozhikode',
  state: 'Kerala',
  pincode: '673004',
  gstin: '',
  phone: '+91 495 272 1100',
  email: 'support@kitroom.in',
  support_hours: 'Monday to Saturday, 10 AM to 8 PM (closed Sunday)',
  dispatch_cutoff: '14:00',
  delivery_days_same_city: 1,
  delivery_days_same_state: 2,
  delivery_days_metro: 3,
  delivery_days_rest_of_india: 5,
  delivery_days_north_east_jk: 8,
  default_courier: 'manual',
  parcel_weight_grams: 300,
  parcel_length_cm: 30,
  parcel_breadth_cm: 25,
  parcel_height_cm: 3,
  shiprocket_pickup_location: 'Primary',
  grievance_officer_name: '',
  grievance_officer_email: '',
  cod_enabled: false,
  cod_fee_paise: 4900,
  cod_max_order_paise: 500000,
  cod_max_open_orders: 2,
  cod_confirm_hours: 24,
  cod_cancel_after_hours: 48,
  cod_excluded_pincodes: [],
  updated_at: '2026-11-25T05:30:00.000Z',
};

describe('the settings’ grievance officer', () => {
  it(
    'names the officer on its own, checked by the contract first',
    { timeout: 15_000 },
    async () => {
      const api = fakeApi({
        'GET /api/admin/me': { body: signedInAs(staffMember('owner')) },
        'GET /api/admin/settings': { body: { settings } },
        'PATCH /api/admin/settings': ({ body }) => ({
          body: { settings: { ...settings, ...(body as object) } },
        }),
        'GET /api/admin/audit': { body: { entries: [], next_before: null } },
      });
      renderAdmin('/settings');
      // The page's chunk loads on first visit: slow on a busy machine.
      const name = await screen.findByLabelText('Grievance officer’s name', {}, { timeout: 4000 });
      const email = screen.getByLabelText('Grievance officer’s email');
      fireEvent.change(name, { target: { value: 'Fathima Rahman' } });
      fireEvent.change(email, { target: { value: 'privacy at kitroom' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save grievance officer' }));
      expect(await screen.findByText('enter a valid email address')).toBeTruthy();
      expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);

      fireEvent.change(email, { target: { value: 'Privacy@Kitroom.in' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save grievance officer' }));
      expect(
        await screen.findByText('Saved: the privacy policy names this officer now.'),
      ).toBeTruthy();
      // Only the officer is sent: the shop's other settings are the form above's.
      expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
        grievance_officer_name: 'Fathima Rahman',
        grievance_officer_email: 'privacy@kitroom.in',
      });
      expect((email as HTMLInputElement).value).toBe('privacy@kitroom.in');
    },
  );
});
