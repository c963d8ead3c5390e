import { screen } from '@testing-library/react';
import { Route } from '@/ui/router';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, refuse } from '@/test/fake-api';
import { logInLocally, renderApp } from '@/test/render-app';
import { forgetVerified } from './verified-sessions';
import RequireUser from './require-user';
import { eventually } from '@/test/eventually';

const routes = (
  <Route element={<RequireUser />}>
    <Route path="/checkOut" element={<p>checkout page</p>} />
  </Route>
);
const where = () => screen.getByTestId('where').textContent;

describe('the access guard', () => {
  it('sends a visitor to /login with the page as redirect and its state kept', () => {
    renderApp(routes, { pathname: '/checkOut', search: '?a=1', state: { items: [1] } });
    expect(where()).toBe('/login?redirect=%2FcheckOut%3Fa%3D1');
    expect(JSON.parse(screen.getByTestId('where').dataset.state!)).toEqual({
      returnState: { items: [1] },
    });
  });

  it('shows the page once check_session.php confirms the session', async () => {
    forgetVerified();
    logInLocally(5);
    const api = fakeApi();
    api.on('check_session.php', () => ok({ user_id: 5, session_id: 'handle' }));
    renderApp(routes, '/checkOut');
    expect(screen.getByRole('status').textContent).toContain('Checking your session');
    await screen.findByText('checkout page');
    expect(api.calls['check_session.php']).toEqual([{ session_id: 'handle' }]);
  });

  it('logs out and goes home when the server no longer knows the session', async () => {
    forgetVerified();
    logInLocally(5);
    const api = fakeApi();
    api.on('check_session.php', () => refuse(401, 'Your session has ended.'));
    api.on('session_destroy.php', () => ok({ message: 'Session destroyed successfully' }));
    renderApp(routes, '/checkOut');
    // Every place the shopper is sent on the way: home, never the login page first.
    const visited: string[] = [];
    const seen = new MutationObserver(() => visited.push(where() ?? ''));
    seen.observe(screen.getByTestId('where'), {
      childList: true,
      characterData: true,
      subtree: true,
    });
    await eventually(() => expect(where()).toBe('/'));
    seen.disconnect();
    expect(visited).toEqual(['/']);
    expect(localStorage.getItem('userData')).toBeNull();
    await eventually(() => expect(api.calls['session_destroy.php']).toHaveLength(1));
    expect(screen.queryByText('checkout page')).toBeNull();
  });

  it('offers a retry when the check gets no response', async () => {
    forgetVerified();
    logInLocally(5);
    const api = fakeApi();
    api.on('check_session.php', () => 'offline');
    renderApp(routes, '/checkOut');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please check your internet connection',
    );
    expect(localStorage.getItem('userData')).not.toBeNull();
    api.on('check_session.php', () => ok({ user_id: 5, session_id: 'handle' }));
    screen.getByRole('button', { name: 'Try again' }).click();
    await screen.findByText('checkout page');
  });
});
