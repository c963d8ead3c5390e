// One-time codes by mail: 6 digits, stored hashed, 10 minutes, one per address (a new one
// replaces the old), at most one send a minute per address, void after 5 wrong tries. The
// counters live in otp_codes, so several server processes apply the same rules.
//
// A redeemed code may grant the browser that entered it one more step (registering a new
// address, or setting a new password) for 15 minutes: a random token in an HttpOnly cookie,
// stored as its sha256 in otp_grants, used up by that step. Only that browser holds it, so
// nobody else can finish a registration or reset that someone started.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { OTP_COUNTDOWN_SECONDS, type SendEmailRequest } from '@kitroom/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/index.js';
import { Invalid, TooMany, Unavailable } from '../domain-errors.js';
import type { Mailer } from '../mail/index.js';
import { otpMail } from './otp.mail.js';
import * as q from './otp.queries.js';
import { hashSecret, verifySecret } from './passwords.service.js';

export const OTP_VALID_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
/** How long a redeemed code's grant (registration, password reset) lasts. */
export const GRANT_MINUTES = 15;
/** The cookie that carries the grant; sent only to the API. */
export const GRANT_COOKIE = 'otp_grant';
const MINUTE_MS = 60_000;
/** Rows older than this are of no use to anyone. */
const STALE_CODE_MS = 24 * 60 * MINUTE_MS;

export const INVALID_OTP = 'Invalid OTP, please try again.';

export interface OtpDeps {
  db: Queryable;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'error'>;
}

const SENT_MESSAGES: Record<SendEmailRequest['action'], (email: string) => string> = {
  send: (email) => `An OTP has been sent to ${email}.`,
  change: (email) => `An OTP has been sent to ${email}.`,
  resend: (email) => `A new OTP has been sent to ${email}.`,
};

/** Mails a new code to the address (replacing any older one); returns the message to show. */
export async function sendCode(
  deps: OtpDeps,
  email: string,
  action: SendEmailRequest['action'],
  now = new Date(),
): Promise<string> {
  const notSentSince = new Date(now.getTime() - OTP_COUNTDOWN_SECONDS * 1000);
  const previous = await q.findCode(deps.db, email);
  if (previous && previous.sentAt >= notSentSince) throw tooSoon(previous.sentAt, now);

  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  const codeHash = await hashSecret(code);
  const stored = await q.replaceCode(deps.db, {
    email,
    codeHash,
    sentAt: now,
    expiresAt: new Date(now.getTime() + OTP_VALID_MINUTES * MINUTE_MS),
    notSentSince,
  });
  // Another request for this address stored its code first.
  if (!stored) throw tooSoon(now, now);

  try {
    await deps.mailer.send(otpMail(email, code, OTP_VALID_MINUTES));
  } catch (err) {
    await q.deleteCode(deps.db, email, codeHash);
    deps.log.error({ err }, 'the OTP mail could not be sent');
    throw new Unavailable('We could not send the email just now. Please try again.');
  }
  await q.deleteStaleCodes(deps.db, new Date(now.getTime() - STALE_CODE_MS));
  return SENT_MESSAGES[action](email);
}

function tooSoon(sentAt: Date, now: Date) {
  const waitSeconds = Math.max(
    1,
    Math.ceil((sentAt.getTime() + OTP_COUNTDOWN_SECONDS * 1000 - now.getTime()) / 1000),
  );
  return new TooMany(`Please wait ${waitSeconds} seconds before asking for a new OTP.`);
}

/** A right code, not yet used: the hash that names it for redeeming. */
export interface CheckedCode {
  codeHash: string;
}

/**
 * Checks the code for the address, counting the attempt. Throws 400 for a wrong, unknown or
 * expired code and 429 once the attempts are spent.
 */
export async function checkCode(
  db: Queryable,
  email: string,
  code: string,
  now = new Date(),
): Promise<CheckedCode> {
  const codeHash = await q.claimAttempt(db, email, now, OTP_MAX_ATTEMPTS);
  if (codeHash === undefined) {
    const row = await q.findCode(db, email);
    if (!row) throw new Invalid(INVALID_OTP);
    if (row.expiresAt <= now) throw new Invalid('This OTP has expired. Please ask for a new one.');
    throw new TooMany('Too many wrong codes. Please ask for a new OTP.');
  }
  if (!(await verifySecret(codeHash, code))) throw new Invalid(INVALID_OTP);
  return { codeHash };
}

/** Uses the checked code up; false when another request redeemed it meanwhile. */
export function redeemCode(db: Queryable, email: string, code: CheckedCode): Promise<boolean> {
  return q.consumeCode(db, email, code.codeHash);
}

export type GrantPurpose = q.GrantPurpose;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The grant cookie: HttpOnly, SameSite=Strict, only for /api, as long as the grant lasts. */
export function grantCookieOptions(secure: boolean): CookieSerializeOptions {
  return {
    path: '/api',
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: GRANT_MINUTES * 60,
  };
}

/** Grants the address one step of this purpose; returns the token for the cookie. */
export async function grant(
  db: Queryable,
  email: string,
  purpose: GrantPurpose,
  now = new Date(),
): Promise<string> {
  await q.deleteExpiredGrants(db, now);
  const token = randomBytes(32).toString('base64url');
  await q.insertGrant(db, {
    tokenHash: hashToken(token),
    email,
    purpose,
    expiresAt: new Date(now.getTime() + GRANT_MINUTES * MINUTE_MS),
  });
  return token;
}

// A token no longer than this is looked up; anything else is no token.
const usableToken = (token: string | undefined): token is string =>
  token !== undefined && token.length > 0 && token.length <= 100;

/** Whether the cookie's token is a live grant of this purpose for this address (not used up). */
export async function holdsGrant(
  db: Queryable,
  token: string | undefined,
  purpose: GrantPurpose,
  email: string,
  now = new Date(),
): Promise<boolean> {
  if (!usableToken(token)) return false;
  return (await q.findGrant(db, hashToken(token), purpose, now)) === email;
}

/** Uses the grant up; false when it is not a live grant of this purpose for this address. */
export async function useGrant(
  db: Queryable,
  token: string | undefined,
  purpose: GrantPurpose,
  email: string,
  now = new Date(),
): Promise<boolean> {
  if (!usableToken(token)) return false;
  return q.consumeGrant(db, hashToken(token), purpose, email, now);
}
