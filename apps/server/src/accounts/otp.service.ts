// One-time codes by mail: 6 digits, stored hashed, 10 minutes, one per address (a new one
// replaces the old), at most one send a minute per address, void after 5 wrong tries. The
// counters live in otp_codes, so several server processes apply the same rules.
import { randomInt } from 'node:crypto';
import { OTP_COUNTDOWN_SECONDS, type SendEmailRequest } from '@kitroom/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/client.js';
import { AppError, badRequest, tooManyRequests } from '../http/errors.js';
import type { Mailer } from '../mail/mailer.js';
import { otpMail } from './otp.mail.js';
import * as q from './otp.queries.js';
import { hashSecret, verifySecret } from './passwords.service.js';

export const OTP_VALID_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
/** How long a verified address may complete its registration. */
export const VERIFIED_EMAIL_MINUTES = 15;
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

/** Mails a new code to the address (replacing any older one); answers the message to show. */
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
    throw new AppError(503, 'We could not send the email just now. Please try again.');
  }
  await q.deleteStaleCodes(deps.db, new Date(now.getTime() - STALE_CODE_MS));
  return SENT_MESSAGES[action](email);
}

function tooSoon(sentAt: Date, now: Date) {
  const waitSeconds = Math.max(
    1,
    Math.ceil((sentAt.getTime() + OTP_COUNTDOWN_SECONDS * 1000 - now.getTime()) / 1000),
  );
  return tooManyRequests(`Please wait ${waitSeconds} seconds before asking for a new OTP.`);
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
    if (!row || row.verifiedAt) throw badRequest(INVALID_OTP);
    if (row.expiresAt <= now) throw badRequest('This OTP has expired. Please ask for a new one.');
    throw tooManyRequests('Too many wrong codes. Please ask for a new OTP.');
  }
  if (!(await verifySecret(codeHash, code))) throw badRequest(INVALID_OTP);
  return { codeHash };
}

/** Uses the checked code up to log an existing user in; false when it was used meanwhile. */
export function redeemForLogin(db: Queryable, email: string, code: CheckedCode): Promise<boolean> {
  return q.consumeCode(db, email, code.codeHash);
}

/** Records that a new address proved itself; false when the code was used meanwhile. */
export function redeemForSignup(
  db: Queryable,
  email: string,
  code: CheckedCode,
  now = new Date(),
): Promise<boolean> {
  return q.markVerified(db, email, code.codeHash, now);
}

/** Uses up the address's recent verification (signup); false when there is none. */
export function consumeVerifiedEmail(
  db: Queryable,
  email: string,
  now = new Date(),
): Promise<boolean> {
  return q.consumeVerification(
    db,
    email,
    new Date(now.getTime() - VERIFIED_EMAIL_MINUTES * MINUTE_MS),
  );
}
