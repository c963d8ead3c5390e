// The store (ui/small-store.tsx, decision 079): the cart (persisted locally, synced with the
// server), who is logged in (the session slice, persisted as userData). The pages' data is
// their routes' (app/routes.tsx).
import type { CartItem } from '@kitroom/contract';
import {
  initialSessionState,
  selectUserId,
  sessionReducer,
  type SessionAction,
  type SessionState,
} from '@/features/accounts/session-slice';
import { followOtherTabs, userStorage } from '@/features/accounts/user-storage';
import {
  cartReducer,
  initialCartState,
  type CartAction,
  type CartState,
} from '@/features/cart/cart-slice';
import { cartSync } from '@/features/cart/cart-sync';
import { createStore as newStore, type Action, type Store } from '@/ui/small-store';

export interface RootState {
  cart: CartState;
  session: SessionState;
}

export type RootStore = Store<RootState>;

/** Each slice's reducer on its part; the same state when neither part changed. */
function reducer(state: RootState, action: Action): RootState {
  const cart = cartReducer(state.cart, action as CartAction);
  const session = sessionReducer(state.session, action as SessionAction);
  return cart === state.cart && session === state.session ? state : { cart, session };
}

/**
 * The state a page is rendered with on the server, and hydrated with in the browser: `state`
 * without what only the browser's storage knows (the local cart, the logged-in user), which
 * the server cannot know. After hydrating, the browser's components move on to the store's
 * real state without a mismatch (StoreProvider's serverState).
 */
export function withoutBrowserStorage(state: RootState): RootState {
  return { ...state, ...storageFree() };
}

function storageFree(): RootState {
  return { cart: initialCartState([]), session: { user: null } };
}

/**
 * A store with the browser's storage: the cart from `items` or the local copy, the user from
 * userData; the cart is saved and synced and the user written back on every change.
 */
export function createLocalStore(items?: CartItem[]): RootStore {
  return newStore<RootState>(
    reducer,
    { cart: initialCartState(items), session: initialSessionState() },
    [userStorage, cartSync<RootState>(selectUserId)],
  );
}

/** The browser's store, which also follows a login or logout in another tab. */
export function createStore(): RootStore {
  const store = createLocalStore();
  followOtherTabs(store.dispatch);
  return store;
}

/** One server render's store: never any browser storage. */
export function createServerStore(): RootStore {
  return newStore(reducer, storageFree());
}
