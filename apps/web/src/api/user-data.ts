// The logged-in user as the browser remembers it: localStorage `userData`
// {email, user_code, session_id}. user_code is the user id the calls send; the `access`
// cookie, not this copy, is the credential the server checks.

export interface UserData {
  email: string;
  user_code: number | string;
  session_id: string;
}

export const USER_DATA_KEY = 'userData';

/** The stored user, or null for a visitor (or a damaged copy). */
export function readUserData(): UserData | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(USER_DATA_KEY);
  } catch {
    return null;
  }
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

/** The user id for API calls, or null for a visitor. */
export function currentUserId(): number | null {
  const user = readUserData();
  if (!user) return null;
  const id = Number(user.user_code);
  return Number.isInteger(id) && id > 0 ? id : null;
}
