// Who is logged in (spec sections 3 and 4): the one source of the logged-in user. Components
// read it with useSessionSelector(selectUser / selectUserId), code outside React from the
// store; user-storage.ts persists it as localStorage `userData`. The thunks that start and
// end a session are in session-thunks.ts, loaded with the pages that use them.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { CartRootState } from '@/features/cart';
import { readUserData, type UserData } from './user-storage';

export interface SessionState {
  user: UserData | null;
}

export function initialSessionState(): SessionState {
  return { user: readUserData() };
}

const sessionSlice = createSlice({
  name: 'session',
  // The stored user comes as preloaded state (app/store.ts), read once.
  initialState: (): SessionState => ({ user: null }),
  reducers: {
    userLoggedIn(state, action: PayloadAction<UserData>) {
      state.user = action.payload;
    },
    userLoggedOut(state) {
      state.user = null;
    },
  },
});

export const { userLoggedIn, userLoggedOut } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;

export type SessionRootState = { session: SessionState } & CartRootState;
export type SessionDispatch = ThunkDispatch<SessionRootState, unknown, UnknownAction>;

export const selectUser = (state: { session: SessionState }) => state.session.user;

/** The logged-in user id (user_code), or null for a visitor. */
export const selectUserId = (state: { session: SessionState }): number | null => {
  const id = Number(state.session.user?.user_code);
  return Number.isInteger(id) && id > 0 ? id : null;
};

export const useSessionSelector = useSelector.withTypes<{ session: SessionState }>();
export const useSessionDispatch = useDispatch.withTypes<SessionDispatch>();
