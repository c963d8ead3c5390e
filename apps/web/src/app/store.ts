// The Redux store: the cart (persisted locally, synced with the server), who is logged in (the
// session slice, persisted as userData). The pages' data is their routes' (app/routes.tsx).
import { configureStore } from '@reduxjs/toolkit';
import {
  initialSessionState,
  selectUserId,
  sessionReducer,
  type SessionState,
} from '@/features/accounts/session-slice';
import { followOtherTabs, userStorageMiddleware } from '@/features/accounts/user-storage';
import { cartReducer, initialCartState, type CartState } from '@/features/cart/cart-slice';
import { cartSyncMiddleware } from '@/features/cart/cart-sync';

const reducer = { cart: cartReducer, session: sessionReducer };

export interface RootState {
  cart: CartState;
  session: SessionState;
}

/**
 * The state a page is rendered with on the server, and hydrated with in the browser: `state`
 * without what only the browser's storage knows (the local cart, the logged-in user), which
 * the server cannot know. After hydrating, the browser's store moves on to its real state
 * without a mismatch (react-redux's serverState).
 */
export function withoutBrowserStorage(state: RootState): RootState {
  return { ...state, ...storageFree() };
}

function storageFree(): Pick<RootState, 'cart' | 'session'> {
  return { cart: initialCartState([]), session: { user: null } };
}

/**
 * The browser's store: the local cart and userData are read at once; the user is written
 * back on every change and follows a login or logout in another tab.
 */
export function createStore() {
  const store = configureStore({
    reducer,
    preloadedState: {
      cart: initialCartState(),
      session: initialSessionState(),
    },
    middleware: (getDefault) =>
      getDefault().concat(userStorageMiddleware, cartSyncMiddleware<RootState>(selectUserId)),
  });
  followOtherTabs(store.dispatch);
  return store;
}

/** One server render's store: never any browser storage. */
export function createServerStore() {
  return configureStore({ reducer, preloadedState: storageFree() });
}
