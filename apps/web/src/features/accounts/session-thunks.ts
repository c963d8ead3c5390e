// Starting and ending a session in this browser: the session slice (which user-storage.ts
// keeps as userData), the local cart, and the server's session (session_destroy.php).
import { destroySession } from '@/api/account-calls';
import { forgetApi } from '@/api/use-api';
import { clearCart, mergeGuestCartAtLogin } from '@/features/cart';
import type { Thunk } from '@/ui/small-store';
import { userLoggedIn, userLoggedOut, type SessionRootState } from './session-slice';
import type { UserData } from './user-storage';
import { forgetVerified } from './verified-sessions';

/**
 * After a login, an OTP login or a signup: keeps the user and merges the visitor's local
 * cart into the user's server cart (the cookie is already set by the response).
 */
export const startSession =
  (user: UserData): Thunk<SessionRootState, Promise<void>> =>
  async (dispatch) => {
    dispatch(userLoggedIn(user));
    const userId = Number(user.user_code);
    if (Number.isInteger(userId) && userId > 0) await dispatch(mergeGuestCartAtLogin({ userId }));
  };

/**
 * Forgets the user in this browser: the user (and so userData) and the local cart (the server
 * cart stays). The user goes first, so that clearing the cart is not replayed on the server
 * cart.
 */
export const forgetUser = (): Thunk<SessionRootState, void> => (dispatch) => {
  forgetVerified();
  // The shopper's own responses kept for the visit (orders, address): `user <id> …` keys.
  forgetApi('user ');
  dispatch(userLoggedOut());
  dispatch(clearCart());
};

/** Log out: session_destroy.php, then forget the user. Rejects when the server call fails. */
export const logOut = (): Thunk<SessionRootState, Promise<void>> => async (dispatch) => {
  await destroySession();
  dispatch(forgetUser());
};

/**
 * The session is over (the server said so): forgets the user here at once, and ends it on the
 * server too, best effort. Never rejects.
 */
export const endSession = (): Thunk<SessionRootState, Promise<void>> => async (dispatch) => {
  dispatch(forgetUser());
  await destroySession().catch(() => undefined);
};
