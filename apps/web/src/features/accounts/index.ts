// What other features use from accounts: who is logged in, and the 401 handling of
// protected pages. The store takes session-slice.ts and the router the pages directly, so
// that the first page load carries none of the account code.
export { selectUser, selectUserId, useSessionSelector, type SessionState } from './session-slice';
export { endSession, logOut } from './session-thunks';
export { useSessionEnded } from './use-session-ended';
