// Who is logged in (spec sections 3 and 4): the one source of the logged-in user. Components
// read it with useSessionSelector(selectUser / selectUserId), code outside React from the
// store; user-storage.ts persists it as localStorage `userData`. The thunks that start and
// end a session are in session-thunks.ts, loaded with the pages that use them.
import type { CartRootState } from '@/features/cart';
import { patch, useSelector, useStore, type Dispatch } from '@/ui/small-store';
import { readUserData, type UserData } from './user-storage';

export interface SessionState {
  user: UserData | null;
}

export function initialSessionState(): SessionState {
  return { user: readUserData() };
}

export type SessionAction =
  { type: 'session/userLoggedIn'; payload: UserData } | { type: 'session/userLoggedOut' };

export const userLoggedIn = (payload: UserData): SessionAction => ({
  type: 'session/userLoggedIn',
  payload,
});
export const userLoggedOut = (): SessionAction => ({ type: 'session/userLoggedOut' });

/** The session's reducer: pure; an action that changes nothing returns `state` itself. */
export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'session/userLoggedIn':
      return patch(state, { user: action.payload });
    case 'session/userLoggedOut':
      return patch(state, { user: null });
    default:
      return state;
  }
}

export type SessionRootState = { session: SessionState } & CartRootState;
export type SessionDispatch = Dispatch<SessionRootState>;

export const selectUser = (state: { session: SessionState }) => state.session.user;

/** The logged-in user id (user_code), or null for a visitor. */
export const selectUserId = (state: { session: SessionState }): number | null => {
  const id = Number(state.session.user?.user_code);
  return Number.isInteger(id) && id > 0 ? id : null;
};

export const useSessionSelector: <T>(selector: (state: { session: SessionState }) => T) => T =
  useSelector;
export const useSessionDispatch = (): SessionDispatch => useStore<SessionRootState>().dispatch;
