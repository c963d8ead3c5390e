import { fireEvent, screen, within } from '@testing-library/react';
import { Route } from '@/ui/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventually } from '@/test/eventually';
import { fakeApi, ok, refuse, type FakeApi } from '@/test/fake-api';
import { logInLocally, renderApp } from '@/test/render-app';
import ProfilePage from './profile-page';

const routes = <Route path="/myAccount" element={<ProfilePage />} />;
const profile = {
  user: {
    id: 5,
    name: 'Asha Menon',
    email: 'asha@kitroom.in',
    phone_number: '9876543210',
    shipping_address: null,
  },
};

function shopperApi(): FakeApi {
  const api = fakeApi();
  api.on('profile.php', () => ok(profile));
  api.on('delete_account.php', (body) =>
    (body as { action: string }).action === 'status'
      ? ok({ state: 'none', message: null })
      : ok({
          state: 'done',
          message:
            'Your account has been deleted. We have sent a confirmation to your email address.',
        }),
  );
  return api;
}

afterEach(() => vi.restoreAllMocks());

describe('the profile’s data rights', () => {
  it('downloads the shopper’s data as a JSON file', async () => {
    logInLocally(5);
    const api = shopperApi();
    api.on('my_data.php', () =>
      ok({
        exported_at: '2026-11-26T10:00:00.000Z',
        notes: [],
        profile: { ...profile.user, created_at: '2026-01-05T09:00:00.000Z' },
        shipping_address: null,
        cart: [],
        wishlist: [],
        back_in_stock_requests: [],
        whatsapp_updates: [],
        orders: [],
        coupons_redeemed: [],
        reviews: [],
        wholesale_application: null,
        feedback: [],
        referral_clicks: [],
        giveaway_entries: [],
        sessions: [],
        staff_notes: [],
        cash_on_delivery_block: null,
        erasure_request: null,
        cart_reminder_consent: [],
        checkout_visits: [],
        cart_reminders: [],
        launch_alerts: [],
        launch_queue: [],
      }),
    );
    const created = vi.fn((_blob: Blob) => 'blob:my-data');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    renderApp(routes, '/myAccount');
    fireEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    await eventually(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toMatch(/^kitroom-my-data-5-\d{4}-\d{2}-\d{2}\.json$/);
    expect(api.calls['my_data.php']).toEqual([{ user_id: 5 }]);
    const saved = JSON.parse(await created.mock.calls[0]![0].text());
    expect(saved.profile.email).toBe('asha@kitroom.in');
  });

  it('deletes the account only once the shopper types their email, then logs out and goes home', async () => {
    logInLocally(5);
    const api = shopperApi();
    renderApp(routes, '/myAccount');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    expect(dialog.textContent).toContain(
      'Orders that have a tax invoice keep the name and address printed on it for 72 months',
    );
    expect(dialog.textContent).toContain('Your reviews stay, signed “a Kitroom shopper”.');
    const confirm = within(dialog).getByLabelText('Type your email address to confirm');
    fireEvent.change(confirm, { target: { value: 'someone@else.in' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Please type the email address of your account to confirm.',
    );
    expect(api.calls['delete_account.php']).toEqual([{ user_id: 5, action: 'status' }]);

    fireEvent.change(confirm, { target: { value: ' Asha@Kitroom.in ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await eventually(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    expect(api.calls['delete_account.php']?.at(-1)).toEqual({
      user_id: 5,
      action: 'delete',
      email: 'Asha@Kitroom.in',
    });
    expect(localStorage.getItem('userData')).toBeNull();
    expect(
      await screen.findByText(
        'Your account has been deleted. We have sent a confirmation to your email address.',
      ),
    ).toBeTruthy();
  });

  it('says which order a waiting request waits for, now and on the next visit', async () => {
    logInLocally(5);
    const waiting = 'We will erase your account once order #123 is delivered or cancelled.';
    const api = shopperApi();
    api.on('delete_account.php', (body) =>
      (body as { action: string }).action === 'status'
        ? ok({ state: 'none', message: null })
        : ok({ state: 'waiting', message: waiting }),
    );
    const first = renderApp(routes, '/myAccount');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    fireEvent.change(screen.getByLabelText('Type your email address to confirm'), {
      target: { value: 'asha@kitroom.in' },
    });
    fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete my account' }),
    );
    expect((await screen.findByRole('status')).textContent).toBe(
      `You asked us to delete your account. ${waiting}`,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete my account' })).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/myAccount');
    first.unmount();

    api.on('delete_account.php', () => ok({ state: 'waiting', message: waiting }));
    renderApp(routes, '/myAccount');
    expect((await screen.findByRole('status')).textContent).toBe(
      `You asked us to delete your account. ${waiting}`,
    );
  });

  it('shows the server’s refusal and keeps the dialog open', async () => {
    logInLocally(5);
    const api = shopperApi();
    renderApp(routes, '/myAccount');
    api.on('delete_account.php', (body) =>
      (body as { action: string }).action === 'status'
        ? ok({ state: 'none', message: null })
        : refuse(429, 'Too many attempts. Please try again in 15 minutes.'),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    fireEvent.change(screen.getByLabelText('Type your email address to confirm'), {
      target: { value: 'asha@kitroom.in' },
    });
    fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete my account' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Please try again in 15 minutes.',
    );
    expect(localStorage.getItem('userData')).not.toBeNull();
  });
});
