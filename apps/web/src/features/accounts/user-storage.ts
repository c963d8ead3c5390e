// The session slice's persistence, and the only code that touches localStorage `userData`
// {email, user_code, session_id}: read once when the store is made, written whenever the
// slice's user changes (and followed when another tab logs in or out). user_code is the user
// id the calls send; the `access` cookie, not this copy, is the credential the server checks.
import type { Action, Effect } from '@/ui/small-store';
import { userLoggedIn, userLoggedOut, type SessionState } from './session-slice';

export interface UserData {
  email: string;
  user_code: number | string;
  session_id: string;
}

export const USER_DATA_KEY = 'userData';

/** Older clients kept these beside userData; a logout removes them too. */
const LEGACY_USER_KEYS = ['session_id', 'privateUser_id'];

function parseUserData(raw: string | null): UserData | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return null;
    const { email, user_code, session_id } = value as Record<string, unknown>;
    if (typeof email !== 'string') return null;
    if (typeof user_code !== 'number' && typeof user_code !== 'string') return null;
    if (String(user_code).trim() === '') return null;
    return { email, user_code, session_id: typeof session_id === 'string' ? session_id : '' };
  } catch {
    return null;
  }
}

/** The stored user, or null for a visitor (or a damaged copy). */
export function readUserData(): UserData | null {
  try {
    return parseUserData(localStorage.getItem(USER_DATA_KEY));
  } catch {
    return null;
  }
}

function writeUserData(user: UserData | null): void {
  try {
    if (user) localStorage.setItem(USER_DATA_KEY, JSON.stringify(user));
    else for (const key of [USER_DATA_KEY, ...LEGACY_USER_KEYS]) localStorage.removeItem(key);
  } catch {
    // Private mode or a full quota: the session still works for this visit through the store.
  }
}

/** The store's effect that writes userData whenever the session slice's user changes. */
export const userStorage: Effect<{ session: SessionState }> = (before, _action, store) => {
  const after = store.getState().session.user;
  if (after !== before.session.user) writeUserData(after);
};

/**
 * A login or logout in another tab of this shop reaches this tab's store too, so that its
 * pages and cart follow the same user. Returns the function that stops following.
 */
export function followOtherTabs(dispatch: (action: Action) => unknown): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== USER_DATA_KEY && event.key !== null) return;
    const user = parseUserData(event.newValue);
    dispatch(user ? userLoggedIn(user) : userLoggedOut());
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
