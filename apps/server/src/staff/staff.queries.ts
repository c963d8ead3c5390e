import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  not,
  or,
} from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { staff, staffRecoveryCodes, staffSessions, staffSetupTokens } from '../db/index.js';

export type StaffRow = typeof staff.$inferSelect;
export type SetupTokenRow = typeof staffSetupTokens.$inferSelect;
export type StaffSessionRow = typeof staffSessions.$inferSelect;

export async function countStaff(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(staff);
  return Number(row?.n ?? 0);
}

export async function findStaffByEmail(db: Queryable, email: string) {
  const [row] = await db.select().from(staff).where(eq(staff.email, email)).limit(1);
  return row;
}

export async function findStaffById(db: Queryable, id: number) {
  const [row] = await db.select().from(staff).where(eq(staff.id, id)).limit(1);
  return row;
}

/** The row, locked until the transaction ends (changes by two owners at once queue up). */
export async function lockStaff(db: Queryable, id: number) {
  const [row] = await db.select().from(staff).where(eq(staff.id, id)).for('update').limit(1);
  return row;
}

export function listStaff(db: Queryable) {
  return db.select().from(staff).orderBy(asc(staff.id));
}

export async function insertStaff(
  db: Queryable,
  row: Pick<StaffRow, 'email' | 'name' | 'role' | 'passwordHash' | 'totpSecret'>,
): Promise<StaffRow> {
  const [inserted] = await db.insert(staff).values(row).returning();
  if (!inserted) throw new Error('insert into staff returned no row');
  return inserted;
}

export async function updateStaff(
  db: Queryable,
  id: number,
  set: Partial<
    Pick<StaffRow, 'role' | 'disabledAt' | 'passwordHash' | 'totpSecret' | 'totpLastStep'>
  >,
): Promise<StaffRow> {
  const [row] = await db.update(staff).set(set).where(eq(staff.id, id)).returning();
  if (!row) throw new Error(`staff ${id} vanished while being updated`);
  return row;
}

/** Owners still able to sign in (enabled, enrolled in two-factor), other than `exceptId`. */
export async function countOtherActiveOwners(db: Queryable, exceptId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(staff)
    .where(
      and(
        eq(staff.role, 'owner'),
        isNull(staff.disabledAt),
        isNotNull(staff.totpSecret),
        ne(staff.id, exceptId),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Records that the time step was used, when it is later than the last one; false when a code
 * of this or a later step was already used (a replay, or two requests racing).
 */
export async function claimTotpStep(db: Queryable, id: number, step: number): Promise<boolean> {
  const rows = await db
    .update(staff)
    .set({ totpLastStep: step })
    .where(and(eq(staff.id, id), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
    .returning({ id: staff.id });
  return rows.length > 0;
}

// ── recovery codes ──

export async function replaceRecoveryCodes(
  db: Queryable,
  staffId: number,
  codeHashes: string[],
): Promise<void> {
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  if (codeHashes.length > 0) {
    await db
      .insert(staffRecoveryCodes)
      .values(codeHashes.map((codeHash) => ({ staffId, codeHash })));
  }
}

/** Uses an unused recovery code up; false when there is none such. */
export async function useRecoveryCode(
  db: Queryable,
  staffId: number,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, staffId),
        eq(staffRecoveryCodes.codeHash, codeHash),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ staffId: staffRecoveryCodes.staffId });
  return rows.length > 0;
}

// ── sessions ──

export async function insertSession(
  db: Queryable,
  row: {
    idHash: string;
    staffId: number;
    pendingSecondFactor: boolean;
    expiresAt: Date;
    now: Date;
  },
): Promise<void> {
  await db.insert(staffSessions).values({
    idHash: row.idHash,
    staffId: row.staffId,
    pendingSecondFactor: row.pendingSecondFactor,
    createdAt: row.now,
    lastSeenAt: row.now,
    expiresAt: row.expiresAt,
  });
}

/** The session with its staff member, when the session is not past its absolute end. */
export async function findSession(db: Queryable, idHash: string, now: Date) {
  const [row] = await db
    .select({ session: staffSessions, staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staffSessions.idHash, idHash), gt(staffSessions.expiresAt, now)))
    .limit(1);
  return row;
}

export async function touchSession(db: Queryable, idHash: string, now: Date): Promise<void> {
  await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.idHash, idHash));
}

export async function deleteSession(db: Queryable, idHash: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.idHash, idHash));
}

/** Ends every session of the staff member (password, role or two-factor changed; disabled). */
export async function deleteSessionsOf(db: Queryable, staffId: number): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
}

/** Drops sessions past their absolute end or idle since `idleSince`. */
export async function deleteDeadSessions(db: Queryable, now: Date, idleSince: Date): Promise<void> {
  await db
    .delete(staffSessions)
    .where(or(lte(staffSessions.expiresAt, now), lt(staffSessions.lastSeenAt, idleSince)));
}

// ── setup links ──

export async function insertSetupToken(
  db: Queryable,
  row: Omit<SetupTokenRow, 'createdAt' | 'id'>,
): Promise<void> {
  await db.insert(staffSetupTokens).values(row);
}

export async function findSetupToken(db: Queryable, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(staffSetupTokens)
    .where(and(eq(staffSetupTokens.tokenHash, tokenHash), gt(staffSetupTokens.expiresAt, now)))
    .limit(1);
  return row;
}

/** Uses the link up: deleted when still live; undefined when another request used it first. */
export async function consumeSetupToken(db: Queryable, tokenHash: string, now: Date) {
  const [row] = await db
    .delete(staffSetupTokens)
    .where(and(eq(staffSetupTokens.tokenHash, tokenHash), gt(staffSetupTokens.expiresAt, now)))
    .returning();
  return row;
}

/** Drops the first-owner links (no email, no staff id): once an owner exists, none may be used. */
export async function deleteFirstOwnerTokens(db: Queryable): Promise<void> {
  await db
    .delete(staffSetupTokens)
    .where(and(isNull(staffSetupTokens.email), isNull(staffSetupTokens.staffId)));
}

/** Drops links of this staff member or address (a newer one replaces them). */
export async function deleteSetupTokensFor(
  db: Queryable,
  target: { staffId?: number; email?: string },
): Promise<void> {
  const conditions = [
    target.staffId === undefined ? undefined : eq(staffSetupTokens.staffId, target.staffId),
    target.email === undefined ? undefined : eq(staffSetupTokens.email, target.email),
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) return;
  await db.delete(staffSetupTokens).where(or(...conditions));
}

// An invitation is a link for a new person at a named address (the first owner's has none, a
// reset's names the staff member).
const isInvitation = and(isNull(staffSetupTokens.staffId), isNotNull(staffSetupTokens.email));

/** Drops expired links, except invitations: they stay listed, expired, to be sent again. */
export async function deleteExpiredSetupTokens(db: Queryable, now: Date): Promise<void> {
  await db
    .delete(staffSetupTokens)
    .where(and(lte(staffSetupTokens.expiresAt, now), not(isInvitation!)));
}

/** Invitations not yet taken up, newest first. */
export function listInvitations(db: Queryable) {
  return db.select().from(staffSetupTokens).where(isInvitation).orderBy(desc(staffSetupTokens.id));
}

/** The invitation, locked until the transaction ends (a resend and a revoke queue up). */
export async function lockInvitation(db: Queryable, id: number) {
  const [row] = await db
    .select()
    .from(staffSetupTokens)
    .where(and(eq(staffSetupTokens.id, id), isInvitation))
    .for('update')
    .limit(1);
  return row;
}

export async function deleteSetupTokenById(db: Queryable, id: number): Promise<void> {
  await db.delete(staffSetupTokens).where(eq(staffSetupTokens.id, id));
}
