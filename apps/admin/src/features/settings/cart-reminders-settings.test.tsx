// Settings → Cart reminders (decision 065): shows what is saved, sends a coupon's rupees as
// paise, and refuses a wait below the shop's shortest without sending anything.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { shopSettings } from '@/test/settings';
import { signedInAs, staffMember } from '@/test/staff';

const saved = {
  enabled: false,
  wait_minutes: 60,
  coupon_kind: null,
  coupon_value: null,
  coupon_valid_days: 7,
  updated_at: '2026-11-29T10:00:00.000Z',
};

function setUp() {
  const api = fakeApi({
    'GET /api/admin/me': { body: signedInAs(staffMember('owner', { name: 'Fathima' })) },
    'GET /api/admin/settings': { body: { settings: shopSettings() } },
    'GET /api/admin/settings/cart-reminders': { body: { settings: saved, min_wait_minutes: 30 } },
    'PATCH /api/admin/settings/cart-reminders': {
      body: {
        settings: { ...saved, enabled: true, coupon_kind: 'flat', coupon_value: 10_000 },
        min_wait_minutes: 30,
      },
    },
    'GET /api/admin/audit': { body: { entries: [], next_before: null } },
  });
  renderAdmin('/settings');
  return api;
}

const section = async () =>
  within((await screen.findByRole('heading', { name: 'Cart reminders' })).closest('section')!);

describe('Settings → Cart reminders', () => {
  it('turns reminders on with a ₹100 coupon for 7 days, sent in paise', async () => {
    const api = setUp();
    const s = await section();
    expect((s.getByLabelText('Send cart reminders') as HTMLInputElement).checked).toBe(false);
    expect((s.getByLabelText('Wait before the reminder (minutes)') as HTMLInputElement).value).toBe(
      '60',
    );
    fireEvent.click(s.getByLabelText('Send cart reminders'));
    fireEvent.change(s.getByLabelText('Coupon in the reminder'), { target: { value: 'flat' } });
    fireEvent.change(s.getByLabelText('Amount off (₹)'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save cart reminders' }));
    await screen.findByText('Saved: cart reminders follow these settings from now on.');
    const sent = api.calls.find(
      (c) => c.method === 'PATCH' && c.path === '/api/admin/settings/cart-reminders',
    );
    expect(sent?.body).toEqual({
      enabled: true,
      wait_minutes: 60,
      coupon_kind: 'flat',
      coupon_value: 10_000,
      coupon_valid_days: 7,
    });
  });

  it('refuses a wait below the shortest and sends nothing', async () => {
    const api = setUp();
    const s = await section();
    fireEvent.change(s.getByLabelText('Wait before the reminder (minutes)'), {
      target: { value: '5' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save cart reminders' }));
    expect(await s.findByText('The wait must be at least 30 minutes.')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
  });
});
