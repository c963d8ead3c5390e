// Accounts: login by password or by mailed code, signup of a verified address, sessions, the
// profile and the saved shipping address.
import {
  ShippingAddress,
  type LoginRequest,
  type OtpProcessRequest,
  type SignupRequest,
  type UserProfile,
} from '@kitroom/contract';
import type { Db, Queryable } from '../db/client.js';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../http/errors.js';
import * as q from './accounts.queries.js';
import * as otp from './otp.service.js';
import { hashSecret, verifyNothing, verifySecret } from './passwords.service.js';
import {
  createSession,
  deleteExpiredSessions,
  destroySession,
  findSessionUser,
  handleMatches,
  sessionHandle,
} from './sessions.service.js';

export const LOGIN_FAILED = 'Please check your email or password and try again.';
export const OTP_VERIFIED_MESSAGE = 'OTP verified. Please register your details.';
export const SESSION_ENDED = 'Your session has ended. Please log in again.';

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
 * Logs in by password. An unknown address and a wrong password get the same answer after the
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
  if (!user || !ok) throw unauthorized(LOGIN_FAILED);
  return startSession(db, user, previousSessionId, now);
}

export type OtpOutcome = { kind: 'register' } | ({ kind: 'login' } & LoggedIn);

/**
 * Redeems a mailed code: an existing user is logged in (also the forgot-password path); a new
 * address is marked verified so that it may sign up within 15 minutes.
 */
export async function redeemOtp(
  db: Queryable,
  input: OtpProcessRequest,
  previousSessionId: string | undefined,
  now = new Date(),
): Promise<OtpOutcome> {
  const code = await otp.checkCode(db, input.email, input.otp, now);
  const user = await q.findUserByEmail(db, input.email);
  if (user) {
    if (!(await otp.redeemForLogin(db, input.email, code))) throw badRequest(otp.INVALID_OTP);
    return { kind: 'login', ...(await startSession(db, user, previousSessionId, now)) };
  }
  if (!(await otp.redeemForSignup(db, input.email, code, now))) throw badRequest(otp.INVALID_OTP);
  return { kind: 'register' };
}

/** Creates the account of an address verified by code in the last 15 minutes, and logs it in. */
export async function signUp(
  db: Db,
  input: SignupRequest,
  previousSessionId: string | undefined,
  now = new Date(),
): Promise<LoggedIn> {
  // Hashed before the transaction: no row lock is held for the 40 ms.
  const passwordHash = await hashSecret(input.password);
  return db.transaction(async (tx) => {
    if (!(await otp.consumeVerifiedEmail(tx, input.email, now))) {
      throw forbidden('Please verify your email with the OTP we send you before registering.');
    }
    if (await q.findUserByEmail(tx, input.email)) {
      throw conflict('An account with this email already exists. Please log in.');
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
    throw unauthorized(SESSION_ENDED);
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
  if (!user) throw notFound('User not found.');
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

/** Saves (replaces) the user's shipping address; the contract has checked every field. */
export async function saveShippingAddress(
  db: Queryable,
  userId: number,
  address: ShippingAddress,
  now = new Date(),
): Promise<void> {
  await q.upsertAddress(
    db,
    userId,
    {
      firstName: address.first_name,
      lastName: address.last_name,
      streetName: address.street_name,
      city: address.city,
      state: address.state,
      pincode: address.pincode,
      phone: address.phone,
    },
    now,
  );
}
