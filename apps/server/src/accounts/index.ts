// accounts/: what other folders may use (decision 077). Inside accounts/, import the file itself.
export { accountsRoutes } from './accounts.routes.js';
export { addressRow, type AddressRow, LOGIN_FAILED, profile } from './accounts.service.js';
export { grant, GRANT_COOKIE } from './otp.service.js';
export { hashSecret, verifyNothing, verifySecret } from './passwords.service.js';
export {
  createSession,
  findSessionUserByKey,
  hashSessionId,
  liveSessionUserSql,
  secureCookies,
  SESSION_COOKIE,
  sessionCookieOptions,
  sessionHandle,
  sessionKey,
  shopperSessions,
} from './sessions.service.js';
