// Signing staff in: setup links (the first owner, invitations, resets), password, then a TOTP
// or recovery code. Owners and managers must have two-factor; others may.
import { createHash, randomInt } from 'node:crypto';
import {
  roleNeedsTwoFactor,
  type SecondFactorRequest,
  type SetupInfoResponse,
  type SetupRequest,
  type SetupResponse,
  type SignInRequest,
  type SignInResponse,
  type SignedInResponse,
} from '@kitroom/contract/admin';
import type { z } from 'zod';
import { hashSecret, verifyNothing, verifySecret } from '../accounts/index.js';
import type { Db, Queryable } from '../db/index.js';
import { Conflict, Forbidden, Invalid, NotFound, Unauthorized } from '../domain-errors.js';
import { record, type Actor } from './audit.service.js';
import { auditFields, signedIn } from './staff-profile.js';
import { startStaffSession } from './staff-sessions.service.js';
import * as q from './staff.queries.js';
import { checkTotp, totpUri } from './totp.js';

export const SIGN_IN_FAILED = 'Please check your email and password and try again.';
export const SETUP_LINK_INVALID =
  'This setup link is not valid or has expired. Ask the owner for a new one.';
export const CODE_WRONG =
  'That code is not right. Try the newest code in your app, or a recovery code.';
export const TWO_FACTOR_MISSING =
  'Your role needs two-factor sign-in, which is not set up. Ask the owner for a new setup link.';

const RECOVERY_CODES = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function newRecoveryCode(): string {
  const pick = () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  const half = () => Array.from({ length: 5 }, pick).join('');
  return `${half()}-${half()}`;
}

const hashRecoveryCode = (code: string) => hashToken(code.replace('-', '').toLowerCase());

/** What a live setup link is for; 404 for an unknown, used or expired one. */
export async function setupInfo(
  db: Queryable,
  token: string,
  now = new Date(),
): Promise<SetupInfoResponse> {
  const row = await q.findSetupToken(db, hashToken(token), now);
  if (!row) throw new NotFound(SETUP_LINK_INVALID);
  const existing = row.staffId === null ? undefined : await q.findStaffById(db, row.staffId);
  const email = existing?.email ?? row.email;
  return {
    kind: row.staffId === null ? 'new' : 'reset',
    email,
    name: existing?.name ?? row.name,
    role: existing?.role ?? row.role,
    needs_two_factor: roleNeedsTwoFactor(existing?.role ?? row.role),
    totp_secret: row.totpSecret,
    otpauth_url: totpUri(row.totpSecret, email ?? 'owner'),
    expires_at: row.expiresAt.toISOString(),
  };
}

export interface StartedSession extends SignedInResponse {
  sessionId: string;
}

/**
 * Completes a setup link: the password (and, when a code is given or the role needs it, the
 * TOTP secret of the link), then signs in. The link is used once, even when two requests race.
 */
export async function completeSetup(
  db: Db,
  input: z.output<typeof SetupRequest>,
  ip: string | null,
  now = new Date(),
): Promise<StartedSession & Pick<SetupResponse, 'recovery_codes'>> {
  const tokenHash = hashToken(input.token);
  const preview = await q.findSetupToken(db, tokenHash, now);
  if (!preview) throw new NotFound(SETUP_LINK_INVALID);
  const passwordHash = await hashSecret(input.password);
  return db.transaction(async (tx) => {
    const link = await q.consumeSetupToken(tx, tokenHash, now);
    if (!link) throw new NotFound(SETUP_LINK_INVALID);
    const existing = link.staffId === null ? undefined : await q.lockStaff(tx, link.staffId);
    const role = existing?.role ?? link.role;
    const email = existing?.email ?? link.email ?? input.email;
    if (!email) throw new Invalid('email: enter the email address you will sign in with');

    let step: number | undefined;
    if (input.totp_code !== undefined) {
      step = await checkTotp(link.totpSecret, input.totp_code, null, now);
      if (step === undefined) throw new Invalid(CODE_WRONG);
    } else if (roleNeedsTwoFactor(role)) {
      throw new Invalid('totp_code: enter the 6 digits your authenticator app shows');
    }
    const totpSecret = step === undefined ? null : link.totpSecret;

    let row: q.StaffRow;
    if (existing) {
      row = await q.updateStaff(tx, existing.id, {
        passwordHash,
        totpSecret,
        totpLastStep: step ?? null,
      });
      await q.deleteSessionsOf(tx, row.id);
    } else {
      if (await q.findStaffByEmail(tx, email)) {
        throw new Conflict('A staff member with this email already exists. Please sign in.');
      }
      row = await q.insertStaff(tx, { email, name: input.name, role, passwordHash, totpSecret });
      if (step !== undefined) await q.claimTotpStep(tx, row.id, step);
      // The first owner's link (no email in it) is the only one of its kind: others die now.
      if (link.email === null) await q.deleteFirstOwnerTokens(tx);
    }
    const recoveryCodes =
      totpSecret === null ? [] : Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await q.replaceRecoveryCodes(tx, row.id, recoveryCodes.map(hashRecoveryCode));
    const actor: Actor = { staffId: row.id, ip };
    await record(
      tx,
      actor,
      {
        entity: 'staff',
        entityId: row.id,
        action: existing ? 'setup-after-reset' : 'setup',
        before: existing ? auditFields(existing) : null,
        after: auditFields(row),
      },
      now,
    );
    const sessionId = await startStaffSession(tx, row.id, false, now);
    return { ...signedIn(row), recovery_codes: recoveryCodes, sessionId };
  });
}

/**
 * Email and password. With two-factor enrolled the session starts pending; a role that needs
 * two-factor without it is refused. An unknown address, a wrong password and a disabled
 * account get the same response after the same work.
 */
export async function signIn(
  db: Db,
  input: z.output<typeof SignInRequest>,
  ip: string | null,
  now = new Date(),
): Promise<{ response: SignInResponse; sessionId: string }> {
  const row = await q.findStaffByEmail(db, input.email);
  const ok = row
    ? await verifySecret(row.passwordHash, input.password)
    : await verifyNothing(input.password);
  if (!row || !ok || row.disabledAt !== null) throw new Unauthorized(SIGN_IN_FAILED);
  if (row.totpSecret === null && roleNeedsTwoFactor(row.role))
    throw new Forbidden(TWO_FACTOR_MISSING);
  const pending = row.totpSecret !== null;
  return db.transaction(async (tx) => {
    const sessionId = await startStaffSession(tx, row.id, pending, now);
    if (pending) return { response: { status: 'second-factor' }, sessionId };
    await record(
      tx,
      { staffId: row.id, ip },
      { entity: 'staff', entityId: row.id, action: 'sign-in' },
      now,
    );
    return { response: { status: 'signed-in', ...signedIn(row) }, sessionId };
  });
}

/**
 * A TOTP code (each time step once) or an unused recovery code completes a pending sign-in:
 * the pending session ends and a full one starts (a new id).
 */
export async function completeSecondFactor(
  db: Db,
  pending: { key: string; staff: q.StaffRow },
  input: z.output<typeof SecondFactorRequest>,
  ip: string | null,
  now = new Date(),
): Promise<StartedSession> {
  const row = pending.staff;
  if (row.totpSecret === null) throw new Unauthorized('Please sign in again.');
  const secret = row.totpSecret;
  return db.transaction(async (tx) => {
    let method: 'totp' | 'recovery-code';
    if (/^\d{6}$/.test(input.code)) {
      const step = await checkTotp(secret, input.code, row.totpLastStep, now);
      if (step === undefined || !(await q.claimTotpStep(tx, row.id, step))) {
        throw new Invalid(CODE_WRONG);
      }
      method = 'totp';
    } else {
      if (!(await q.useRecoveryCode(tx, row.id, hashRecoveryCode(input.code), now))) {
        throw new Invalid(CODE_WRONG);
      }
      method = 'recovery-code';
    }
    await q.deleteSession(tx, pending.key);
    const sessionId = await startStaffSession(tx, row.id, false, now);
    await record(
      tx,
      { staffId: row.id, ip },
      {
        entity: 'staff',
        entityId: row.id,
        action: 'sign-in',
        after: { second_factor: method },
      },
      now,
    );
    return { ...signedIn(row), sessionId };
  });
}
