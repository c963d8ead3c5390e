// My Account's cart reminders (decision 065): unticked until the shopper ticks it; ticking
// gives consent with the words shown, unticking withdraws it; a failure says so.
import { fireEvent, screen } from '@testing-library/react';
import { CART_REMINDER_CONSENT } from '@kitroom/contract';
import { Route } from '@/ui/router';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, refuse } from '@/test/fake-api';
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

function shopperApi(consent: boolean) {
  const api = fakeApi();
  api.on('profile.php', () => ok(profile));
  api.on('delete_account.php', () => ok({ state: 'none', message: null }));
  api.on('cart_reminders.php', (body) => {
    const asked = (body as { consent?: boolean }).consent;
    const now = asked ?? consent;
    return ok({
      consent: now,
      wording: CART_REMINDER_CONSENT,
      given_at: now ? '2026-11-29T10:00:00.000Z' : null,
    });
  });
  return api;
}

describe('the cart reminders panel', () => {
  it('is unticked until the shopper ticks it, then gives consent with the words shown', async () => {
    logInLocally(5);
    const api = shopperApi(false);
    renderApp(routes, '/myAccount');
    const box = await screen.findByRole('checkbox', { name: CART_REMINDER_CONSENT });
    await screen.findByRole('heading', { name: 'Cart reminders' });
    expect((box as HTMLInputElement).checked).toBe(false);
    fireEvent.click(box);
    expect((await screen.findByRole('status')).textContent).toBe(
      'Saved: we may send you one reminder per cart.',
    );
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(api.calls['cart_reminders.php']).toContainEqual({ user_id: 5, consent: true });
  });

  it('unticking withdraws it; a refusal says so and keeps the box as it was', async () => {
    logInLocally(5);
    const api = shopperApi(true);
    renderApp(routes, '/myAccount');
    const box = (await screen.findByRole('checkbox', {
      name: CART_REMINDER_CONSENT,
    })) as HTMLInputElement;
    await screen.findByText((_, el) => el === box && box.checked);
    fireEvent.click(box);
    expect((await screen.findByRole('status')).textContent).toBe('Saved: no cart reminders.');
    expect(api.calls['cart_reminders.php']).toContainEqual({ user_id: 5, consent: false });
    api.on('cart_reminders.php', () => refuse(500, 'Something went wrong.'));
    fireEvent.click(box);
    expect((await screen.findByRole('status')).textContent).toBe('Something went wrong.');
    expect(box.checked).toBe(false);
  });
});
