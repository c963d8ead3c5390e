// Accounts: login by password or by mailed code, signup of a verified address, sessions, the
// profile and the saved shipping address.
import {
  PASSWORD_CHANGED_MESSAGE,
  ShippingAddress,
  type ChangePasswordRequest,
  type LoginRequest,
  type OtpProcessRequest,
  type ResetPasswordRequest,
  type SignupRequest,
  type UserProfile,
} from '@kitroom/contract';
import type { Db, Queryable } from '../db/index.js';
import { Conflict, Forbidden, Invalid, NotFound, Unauthorized } from '../domain-errors.js';
import { checkPincodeState } from '../pincodes/index.js';
import * as q from './accounts.queries.js';
import * as otp from './otp.service.js';
import { hashSecret, verifyNothing, verifySecret } from './passwords.service.js';
import {
  createSession,
  deleteExpiredSessions,
  destroySession,
  endOtherSessions,
  findSessionUser,
  handleMatches,
  sessionHandle,
} from './sessions.service.js';

export const LOGIN_FAILED = 'Please check your email or password and try again.';
export const OTP_VERIFIED_MESSAGE = 'OTP verified. Please register your details.';
export const SESSION_ENDED = 'Your session has ended. Please log in again.';
export const VERIFY_BEFORE_REGISTERING =
  'Please verify your email with the OTP we send you before registering.';
export const RESET_NOT_GRANTED =
  'Please verify your email with a new OTP before setting a new password.';
export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct.';

/** A started session: the cookie's id, and the handle the client keeps as session_id. */
export interface LoggedIn {
  userId: number;
  email: string;
  sessionId: string;
  handle: string;
}

// A fresh id at every login; the session the browser came with (if any) ends.
async function startSession(
  db: Queryable,
  user: { id: number; email: string },
  previousSessionId: string | undefined,
  now: Date,
): Promise<LoggedIn> {
  if (previousSessionId) await destroySession(db, previousSessionId);
  await deleteExpiredSessions(db, now);
  const { sessionId } = await createSession(db, user.id, now);
  return { userId: user.id, email: user.email, sessionId, handle: sessionHandle(sessionId) };
}

/**
 * Logs in by password. An unknown address and a wrong password get the same response after the
 * same work (a hash verification either way).
 */
export async function logIn(
  db: Queryable,
  input: LoginRequest,
  previousSessionId: string | undefined,
  now = new Date(),
): Promise<LoggedIn> {
  const user = await q.findUserByEmail(db, input.email);
  const ok = user
    ? await verifySecret(user.passwordHash, input.password)
    : await verifyNothing(input.password);
  if (!user || !ok) throw new Unauthorized(LOGIN_FAILED);
  return startSession(db, user, previousSessionId, now);
}

/**
 * A redeemed code: an existing user is logged in and may set a new password in this browser
 * (forgot password); a new address may register in this browser. `grant` goes into the
 * grant cookie.
 */
export type OtpOutcome =
  { kind: 'register'; grant: string } | ({ kind: 'login'; grant: string } & LoggedIn);

/** Redeems a mailed code (see OtpOutcome). */
export async function redeemOtp(
  db: Db,
  input: OtpProcessRequest,
  previousSessionId: string | undefined,
  now = new Date(),
): Promise<OtpOutcome> {
  const code = await otp.checkCode(db, input.email, input.otp, now);
  return db.transaction(async (tx) => {
    if (!(await otp.redeemCode(tx, input.email, code))) throw new Invalid(otp.INVALID_OTP);
    const user = await q.findUserByEmail(tx, input.email);
    if (!user) {
      return { kind: 'register', grant: await otp.grant(tx, input.email, 'signup', now) };
    }
    const grant = await otp.grant(tx, input.email, 'password-reset', now);
    return { kind: 'login', grant, ...(await startSession(tx, user, previousSessionId, now)) };
  });
}

/**
 * Creates the account of an address whose code was entered in this browser (the grant
 * cookie's token) in the last 15 minutes, and logs it in. The grant is checked before the
 * password is hashed, so refused signups cost no hashing, and used up in the transaction
 * that creates the user, so it registers one account once.
 */
export async function signUp(
  db: Db,
  input: SignupRequest,
  grantToken: string | undefined,
  previousSessionId: string | undefined,
  now = new Date(),
): Promise<LoggedIn> {
  if (!(await otp.holdsGrant(db, grantToken, 'signup', input.email, now))) {
    throw new Forbidden(VERIFY_BEFORE_REGISTERING);
  }
  // Hashed before the transaction: no row lock is held for the 40 ms.
  const passwordHash = await hashSecret(input.password);
  return db.transaction(async (tx) => {
    if (!(await otp.useGrant(tx, grantToken, 'signup', input.email, now))) {
      throw new Forbidden(VERIFY_BEFORE_REGISTERING);
    }
    if (await q.findUserByEmail(tx, input.email)) {
      throw new Conflict('An account with this email already exists. Please log in.');
    }
    const userId = await q.insertUser(tx, {
      name: input.name,
      email: input.email,
      phoneNumber: input.mobile_number,
      passwordHash,
    });
    return startSession(tx, { id: userId, email: input.email }, previousSessionId, now);
  });
}

// Sets the password and logs the user out of every other session, in one transaction.
async function replacePassword(
  tx: Queryable,
  userId: number,
  passwordHash: string,
  sessionId: string,
): Promise<void> {
  await q.updatePasswordHash(tx, userId, passwordHash);
  await endOtherSessions(tx, userId, sessionId);
}

/**
 * The end of 'forgot password?': a new password for the user logged in by code in this
 * browser, whose grant cookie stands in for the current password (once, 15 minutes).
 */
export async function resetPassword(
  db: Db,
  userId: number,
  input: ResetPasswordRequest,
  grantToken: string | undefined,
  sessionId: string,
  now = new Date(),
): Promise<string> {
  const user = await q.findUserById(db, userId);
  if (!user) throw new NotFound('User not found.');
  if (!(await otp.holdsGrant(db, grantToken, 'password-reset', user.email, now))) {
    throw new Forbidden(RESET_NOT_GRANTED);
  }
  const passwordHash = await hashSecret(input.password);
  await db.transaction(async (tx) => {
    if (!(await otp.useGrant(tx, grantToken, 'password-reset', user.email, now))) {
      throw new Forbidden(RESET_NOT_GRANTED);
    }
    await replacePassword(tx, userId, passwordHash, sessionId);
  });
  return PASSWORD_CHANGED_MESSAGE;
}

/** The account area's Change Password: the current password is required. */
export async function changePassword(
  db: Db,
  userId: number,
  input: ChangePasswordRequest,
  sessionId: string,
): Promise<string> {
  const user = await q.findUserById(db, userId);
  if (!user) throw new NotFound('User not found.');
  if (!(await verifySecret(user.passwordHash, input.current_password))) {
    throw new Invalid(WRONG_CURRENT_PASSWORD);
  }
  const passwordHash = await hashSecret(input.new_password);
  await db.transaction((tx) => replacePassword(tx, userId, passwordHash, sessionId));
  return PASSWORD_CHANGED_MESSAGE;
}

/**
 * The session check of the client's guard: the cookie's session must be live and the
 * client's session_id its handle.
 */
export async function checkSession(
  db: Queryable,
  cookieSessionId: string | undefined,
  clientHandle: string,
  now = new Date(),
): Promise<{ userId: number; handle: string }> {
  const userId = await findSessionUser(db, cookieSessionId, now);
  if (userId === undefined || !cookieSessionId || !handleMatches(cookieSessionId, clientHandle)) {
    throw new Unauthorized(SESSION_ENDED);
  }
  return { userId, handle: clientHandle };
}

/** Ends the cookie's session on the server, if there is one. */
export async function logOut(db: Queryable, cookieSessionId: string | undefined): Promise<void> {
  if (cookieSessionId) await destroySession(db, cookieSessionId);
}

// Rows are written only through the contract's checks; one that no longer passes them (a
// state renamed, say) is treated as no address, and the user is asked for it again.
function toShippingAddress(row: q.AddressRow | undefined): ShippingAddress | null {
  if (!row) return null;
  const parsed = ShippingAddress.safeParse({
    first_name: row.firstName,
    last_name: row.lastName,
    street_name: row.streetName,
    city: row.city,
    state: row.state,
    pincode: row.pincode,
    phone: row.phone,
  });
  return parsed.success ? parsed.data : null;
}

/** The user's profile with the saved address (null when none). */
export async function profile(db: Queryable, userId: number): Promise<UserProfile> {
  const user = await q.findUserById(db, userId);
  if (!user) throw new NotFound('User not found.');
  const address = await q.findAddress(db, userId);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone_number: user.phoneNumber,
    shipping_address: toShippingAddress(address),
  };
}

/** The user's saved shipping address, or null. */
export async function shippingAddress(
  db: Queryable,
  userId: number,
): Promise<ShippingAddress | null> {
  return toShippingAddress(await q.findAddress(db, userId));
}

/** A shipping address as its row's columns. */
export type AddressRow = q.AddressRow;

/** A shipping address as its row's columns (checkout writes a first one with the order). */
export const addressRow = (address: ShippingAddress): q.AddressRow => ({
  firstName: address.first_name,
  lastName: address.last_name,
  streetName: address.street_name,
  city: address.city,
  state: address.state,
  pincode: address.pincode,
  phone: address.phone,
});

/**
 * Saves (replaces) the user's shipping address; the contract has checked every field, and
 * the pincode must be in the chosen state.
 */
export async function saveShippingAddress(
  db: Queryable,
  userId: number,
  address: ShippingAddress,
  now = new Date(),
): Promise<void> {
  const problem = await checkPincodeState(address.pincode, address.state);
  if (problem) throw new Invalid(problem);
  await q.upsertAddress(db, userId, addressRow(address), now);
}
