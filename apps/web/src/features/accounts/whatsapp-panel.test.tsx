// My Account's WhatsApp order updates (decision 066): the current choice, and stopping it.
import { fireEvent, screen } from '@testing-library/react';
import { Route } from '@/ui/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventually } from '@/test/eventually';
import { fakeApi, ok } from '@/test/fake-api';
import { logInLocally, renderApp } from '@/test/render-app';
import ProfilePage from './profile-page';

const profile = {
  user: {
    id: 5,
    name: 'Asha Menon',
    email: 'asha@kitroom.in',
    phone_number: '9876543210',
    shipping_address: null,
  },
};

function open(choice: {
  available: boolean;
  opted_in: boolean;
  phone: string | null;
  since: string | null;
}) {
  logInLocally(5);
  const api = fakeApi();
  api.on('profile.php', () => ok(profile));
  api.on('delete_account.php', () => ok({ state: 'none', message: null }));
  api.on('whatsapp_updates.php', () => ok(choice));
  renderApp(<Route path="/myAccount" element={<ProfilePage />} />, { pathname: '/myAccount' });
  return api;
}

afterEach(() => vi.restoreAllMocks());

describe('My Account’s WhatsApp updates', () => {
  it('shows the number and the day they began, and stops them', async () => {
    const api = open({
      available: true,
      opted_in: true,
      phone: '+91 98765 43210',
      since: '2026-11-20T20:00:00.000Z',
    });
    expect((await screen.findByTestId('whatsapp-choice')).textContent).toBe(
      'On: we send updates about your orders to +91 98765 43210 on WhatsApp (since 21 Nov 2026).',
    );
    api.on('whatsapp_updates_stop.php', () =>
      ok({ available: true, opted_in: false, phone: null, since: '2026-11-29T06:00:00.000Z' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Stop WhatsApp updates' }));
    await eventually(() =>
      expect(screen.getByTestId('whatsapp-choice').textContent).toBe(
        'Off. Tick “Send me order updates on WhatsApp” at checkout to get them. You stopped them on 29 Nov 2026.',
      ),
    );
    expect(api.calls['whatsapp_updates_stop.php']).toEqual([{ user_id: 5 }]);
    expect(screen.queryByRole('button', { name: 'Stop WhatsApp updates' })).toBeNull();
  });

  it('says they are off for a shopper who never asked', async () => {
    open({ available: true, opted_in: false, phone: null, since: null });
    expect((await screen.findByTestId('whatsapp-choice')).textContent).toBe(
      'Off. Tick “Send me order updates on WhatsApp” at checkout to get them.',
    );
  });

  it('is not shown when the shop sends no WhatsApp updates', async () => {
    const api = open({ available: false, opted_in: false, phone: null, since: null });
    await screen.findByText('Asha Menon');
    await eventually(() => expect(api.calls['whatsapp_updates.php']).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('heading', { name: 'WhatsApp order updates' })).toBeNull();
  });
});
