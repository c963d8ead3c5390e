// What other features use from accounts: who is logged in (the session slice, the one source
// of the logged-in user), and the 401 handling of protected pages. The store takes
// session-slice.ts and the router the pages directly, so that the first page load carries
// none of the account code.
export {
  selectUser,
  selectUserId,
  useSessionSelector,
  type SessionRootState,
} from './session-slice';
export { useSessionEnded } from './use-session-ended';
