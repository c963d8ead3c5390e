// Managing staff: the first owner's setup link, role changes, disabling, and
// resets of password and two-factor. Every change is audited in its transaction and ends the
// person's sessions where it changes what they may do. Invitations: staff-invitations.service.
import { randomBytes } from 'node:crypto';
import {
  roleNeedsTwoFactor,
  type SetupLinkResponse,
  type StaffProfile,
  type StaffRole,
  type UpdateStaffRequest,
} from '@kitroom/contract/admin';
import type { z } from 'zod';
import type { Db, Queryable } from '../db/index.js';
import { Invalid, NotFound } from '../domain-errors.js';
import { record, type Actor } from './audit.service.js';
import { hashToken } from './staff-auth.service.js';
import { auditFields, toProfile } from './staff-profile.js';
import * as q from './staff.queries.js';
import { newTotpSecret } from './totp.js';

/** How long a setup link (first owner, invitation, reset) stays valid. */
export const SETUP_LINK_HOURS = 24;

export const setupUrl = (publicUrl: string, token: string) => `${publicUrl}/admin/setup/${token}`;

/** A new one-time link for the target, stored hashed; expired links are cleared first. */
export async function newSetupLink(
  db: Queryable,
  publicUrl: string,
  target: { staffId: number | null; email: string | null; name: string | null; role: StaffRole },
  now: Date,
): Promise<SetupLinkResponse> {
  await q.deleteExpiredSetupTokens(db, now);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SETUP_LINK_HOURS * 3_600_000);
  await q.insertSetupToken(db, {
    tokenHash: hashToken(token),
    ...target,
    totpSecret: newTotpSecret(),
    expiresAt,
  });
  return { setup_url: setupUrl(publicUrl, token), expires_at: expiresAt.toISOString() };
}

/**
 * While no staff exists: a new one-time link for the first owner (older ones are replaced).
 * Undefined once anyone is staff.
 */
export async function firstOwnerLink(
  db: Db,
  publicUrl: string,
  now = new Date(),
): Promise<SetupLinkResponse | undefined> {
  return db.transaction(async (tx) => {
    if ((await q.countStaff(tx)) > 0) return undefined;
    await q.deleteFirstOwnerTokens(tx);
    return newSetupLink(
      tx,
      publicUrl,
      { staffId: null, email: null, name: null, role: 'owner' },
      now,
    );
  });
}

export async function listStaff(db: Queryable): Promise<StaffProfile[]> {
  return (await q.listStaff(db)).map(toProfile);
}

// The shop must keep one owner who can sign in (enabled, enrolled in two-factor): no change
// may remove the last one.
async function keepAnOwner(tx: Queryable, row: q.StaffRow, losesOwner: boolean) {
  if (row.role === 'owner' && row.disabledAt === null && row.totpSecret !== null && losesOwner) {
    if ((await q.countOtherActiveOwners(tx, row.id)) === 0) {
      throw new Invalid('The shop needs at least one owner who can sign in.');
    }
  }
}

/** Changes a role or disables/enables; the person's sessions end. */
export async function updateStaff(
  db: Db,
  actor: Actor,
  id: number,
  input: z.output<typeof UpdateStaffRequest>,
  now = new Date(),
): Promise<StaffProfile> {
  return db.transaction(async (tx) => {
    const before = await q.lockStaff(tx, id);
    if (!before) throw new NotFound('No such staff member.');
    const role = input.role ?? before.role;
    const disabled = input.disabled ?? before.disabledAt !== null;
    await keepAnOwner(tx, before, role !== 'owner' || disabled);
    // Every change of role or enablement meets the role's two-factor rule: a role given while
    // disabled is checked when the person is enabled.
    const changes = role !== before.role || (before.disabledAt !== null && !disabled);
    if (changes && !disabled && before.totpSecret === null && roleNeedsTwoFactor(role)) {
      throw new Invalid(
        `${role === 'owner' ? 'An' : 'A'} ${role} needs two-factor sign-in: reset this person's sign-in and send them the new setup link first.`,
      );
    }
    const after = await q.updateStaff(tx, id, {
      role,
      disabledAt: disabled ? (before.disabledAt ?? now) : null,
    });
    await q.deleteSessionsOf(tx, id);
    await record(
      tx,
      actor,
      {
        entity: 'staff',
        entityId: id,
        action: 'update',
        before: auditFields(before),
        after: auditFields(after),
      },
      now,
    );
    return toProfile(after);
  });
}

/**
 * Resets password and two-factor (a lost phone, a forgotten password): the person's sessions
 * and recovery codes end, their password stops working, and the link sets both anew.
 */
export async function resetStaffSignIn(
  db: Db,
  actor: Actor,
  publicUrl: string,
  id: number,
  now = new Date(),
): Promise<SetupLinkResponse> {
  return db.transaction(async (tx) => {
    const before = await q.lockStaff(tx, id);
    if (!before) throw new NotFound('No such staff member.');
    // Not an argon2 hash, so no password matches it: the old one stops working now.
    const after = await q.updateStaff(tx, id, {
      passwordHash: '!reset',
      totpSecret: null,
      totpLastStep: null,
    });
    await q.deleteSessionsOf(tx, id);
    await q.replaceRecoveryCodes(tx, id, []);
    await q.deleteSetupTokensFor(tx, { staffId: id });
    const link = await newSetupLink(
      tx,
      publicUrl,
      { staffId: id, email: null, name: null, role: before.role },
      now,
    );
    await record(
      tx,
      actor,
      {
        entity: 'staff',
        entityId: id,
        action: 'reset-sign-in',
        before: auditFields(before),
        after: auditFields(after),
      },
      now,
    );
    return link;
  });
}

export async function findStaffIdByEmail(db: Queryable, email: string): Promise<number> {
  const row = await q.findStaffByEmail(db, email);
  if (!row) throw new NotFound(`No staff member has the email ${email}.`);
  return row.id;
}
