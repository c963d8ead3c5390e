import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, refuse } from '@/test/fake-api';
import { logInLocally, renderApp } from '@/test/render-app';
import SessionKeeper from './session-keeper';
import { eventually } from '@/test/eventually';

const where = () => screen.getByTestId('where').textContent;

describe('the session check of a page load', () => {
  it('clears the stored user and cart and goes home when the session has ended', async () => {
    logInLocally(5);
    const api = fakeApi();
    api.on('check_session.php', () => refuse(401, 'Your session has ended.'));
    api.on('session_destroy.php', () => ok({ message: 'Session destroyed successfully' }));
    const { store } = renderApp(null, '/product/3', <SessionKeeper />);
    await eventually(() => expect(where()).toBe('/'));
    expect(api.calls['check_session.php']).toEqual([{ session_id: 'handle' }]);
    expect(localStorage.getItem('userData')).toBeNull();
    expect(localStorage.getItem('cart')).toBe('[]');
    expect(store.getState().session.user).toBeNull();
    await eventually(() => expect(api.calls['session_destroy.php']).toHaveLength(1));
  });

  it('keeps the user when the check cannot reach the server', async () => {
    logInLocally(5);
    const api = fakeApi();
    api.on('check_session.php', () => 'offline');
    renderApp(null, '/product/3', <SessionKeeper />);
    await eventually(() => expect(api.calls['check_session.php']).toHaveLength(1));
    expect(where()).toBe('/product/3');
    expect(localStorage.getItem('userData')).not.toBeNull();
  });

  it('leaves protected pages to their guard, and visitors alone', () => {
    const api = fakeApi();
    renderApp(null, '/product/3', <SessionKeeper />);
    logInLocally(5);
    renderApp(null, '/checkOut', <SessionKeeper />);
    expect(api.calls).toEqual({});
  });
});
