import type { CartItem } from '@kitroom/contract';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, refuse } from '@/test/fake-api';
import { makeStore as makeAppStore } from '@/test/render-app';
import { sessionReducer, userLoggedIn, userLoggedOut } from './session-slice';
import { endSession, logOut, startSession } from './session-thunks';
import { followOtherTabs } from './user-storage';

const line: CartItem = {
  id: 7,
  selected_product_id: 7,
  image_url: 'images/7.webp',
  name: 'Kerala Blasters Home',
  price: 1299,
  discount_price: 899,
  selected_quantity: 2,
  selected_size: 'M',
  stock_quantity: 4,
};

/** The app's cart and session, starting from these local cart lines. */
function makeStore(items: CartItem[]) {
  localStorage.setItem('cart', JSON.stringify(items));
  return makeAppStore();
}

const user = { email: 'asha@kitroom.in', user_code: 5, session_id: 'handle' };

describe('the session reducer', () => {
  it('keeps the user given at login and forgets it at logout, never writing to its state', () => {
    const visitor = Object.freeze({ user: null });
    const loggedIn = Object.freeze(sessionReducer(visitor, userLoggedIn(user)));
    expect(loggedIn).toEqual({ user });
    expect(visitor).toEqual({ user: null });
    expect(sessionReducer(loggedIn, userLoggedOut())).toEqual({ user: null });
    expect(loggedIn).toEqual({ user });
  });

  it('keeps the same state for a logout without a user, and for other actions', () => {
    const visitor = { user: null };
    expect(sessionReducer(visitor, userLoggedOut())).toBe(visitor);
    expect(sessionReducer(visitor, { type: 'cart/clearCart' } as never)).toBe(visitor);
  });
});

describe('session', () => {
  it('keeps userData at login and merges the visitor cart into the server cart', async () => {
    const api = fakeApi();
    api.on('cart_merge.php', () => ok({ cart_items: [{ ...line, selected_quantity: 3 }] }));
    const store = makeStore([line]);
    await store.dispatch(startSession(user));
    expect(store.getState().session.user).toEqual(user);
    expect(JSON.parse(localStorage.getItem('userData')!)).toEqual(user);
    expect(api.calls['cart_merge.php']).toEqual([
      { user_id: 5, items: [{ product_id: 7, size: 'M', quantity: 2 }] },
    ]);
    expect(store.getState().cart.items[0]?.selected_quantity).toBe(3);
  });

  it('logs out through session_destroy.php, forgetting the user and the local cart only', async () => {
    localStorage.setItem('userData', JSON.stringify(user));
    const api = fakeApi();
    api.on('session_destroy.php', () => ok({ message: 'Session destroyed successfully' }));
    const store = makeStore([line]);
    await store.dispatch(logOut());
    expect(store.getState().session.user).toBeNull();
    expect(store.getState().cart.items).toEqual([]);
    expect(localStorage.getItem('userData')).toBeNull();
    expect(localStorage.getItem('cart')).toBe('[]');
    // The server cart stays: no cart_manage.php 'clear' was sent.
    expect(Object.keys(api.calls)).toEqual(['session_destroy.php']);
  });

  it('keeps the user when the logout call fails', async () => {
    localStorage.setItem('userData', JSON.stringify(user));
    const api = fakeApi();
    api.on('session_destroy.php', () => 'offline');
    const store = makeStore([line]);
    await expect(store.dispatch(logOut())).rejects.toBeTruthy();
    expect(store.getState().session.user).toEqual(user);
  });

  it('forgets the user at once when the session has ended, whatever the server says', async () => {
    localStorage.setItem('userData', JSON.stringify(user));
    const api = fakeApi();
    api.on('session_destroy.php', () => refuse(500, 'down'));
    const store = makeStore([line]);
    await store.dispatch(endSession());
    expect(store.getState().session.user).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
  });

  it('follows a login and a logout in another tab', () => {
    const store = makeStore([]);
    const stop = followOtherTabs(store.dispatch);
    const other = (newValue: string | null) =>
      window.dispatchEvent(new StorageEvent('storage', { key: 'userData', newValue }));
    other(JSON.stringify(user));
    expect(store.getState().session.user).toEqual(user);
    other(null);
    expect(store.getState().session.user).toBeNull();
    stop();
    other(JSON.stringify(user));
    expect(store.getState().session.user).toBeNull();
  });
});
