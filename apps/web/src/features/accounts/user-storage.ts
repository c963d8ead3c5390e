// Writes the logged-in user's local copy (localStorage `userData`); reading it is
// api/user-data.ts. The `access` cookie set by the login answers is the credential.
import { USER_DATA_KEY, type UserData } from '@/api/user-data';

/** Older clients kept these beside userData; a logout removes them too. */
const LEGACY_USER_KEYS = ['session_id', 'privateUser_id'];

export function saveUserData(user: UserData): void {
  try {
    localStorage.setItem(USER_DATA_KEY, JSON.stringify(user));
  } catch {
    // Private mode or a full quota: the session still works for this visit through the store.
  }
}

export function clearUserData(): void {
  try {
    for (const key of [USER_DATA_KEY, ...LEGACY_USER_KEYS]) localStorage.removeItem(key);
  } catch {
    // Storage is unavailable: there is nothing stored to remove.
  }
}
