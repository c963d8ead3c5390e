import { and, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { otpCodes, otpGrants } from '../db/index.js';

export interface OtpRow {
  email: string;
  codeHash: string;
  sentAt: Date;
  expiresAt: Date;
  attempts: number;
}

export async function findCode(db: Queryable, email: string): Promise<OtpRow | undefined> {
  const [row] = await db.select().from(otpCodes).where(eq(otpCodes.email, email)).limit(1);
  return row;
}

/**
 * Stores a new code for the address, replacing the old one, unless the old one was sent at or
 * after `notSentSince`; returns whether it was stored. One statement, so two parallel
 * requests cannot both send.
 */
export async function replaceCode(
  db: Queryable,
  row: { email: string; codeHash: string; sentAt: Date; expiresAt: Date; notSentSince: Date },
): Promise<boolean> {
  const fresh = {
    email: row.email,
    codeHash: row.codeHash,
    sentAt: row.sentAt,
    expiresAt: row.expiresAt,
    attempts: 0,
  };
  const stored = await db
    .insert(otpCodes)
    .values(fresh)
    .onConflictDoUpdate({
      target: otpCodes.email,
      set: {
        codeHash: fresh.codeHash,
        sentAt: fresh.sentAt,
        expiresAt: fresh.expiresAt,
        attempts: 0,
      },
      setWhere: lt(otpCodes.sentAt, row.notSentSince),
    })
    .returning({ email: otpCodes.email });
  return stored.length > 0;
}

/** Drops this code (a mail that could not be sent), so the address may ask again at once. */
export async function deleteCode(db: Queryable, email: string, codeHash: string): Promise<void> {
  await db.delete(otpCodes).where(and(eq(otpCodes.email, email), eq(otpCodes.codeHash, codeHash)));
}

/**
 * Counts one attempt against a live code with attempts left, and returns its hash;
 * undefined when there is no such code. The attempt is counted before the code is compared,
 * so parallel guesses cannot exceed the allowance.
 */
export async function claimAttempt(
  db: Queryable,
  email: string,
  now: Date,
  maxAttempts: number,
): Promise<string | undefined> {
  const [row] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(
      and(
        eq(otpCodes.email, email),
        gt(otpCodes.expiresAt, now),
        lt(otpCodes.attempts, maxAttempts),
      ),
    )
    .returning({ codeHash: otpCodes.codeHash });
  return row?.codeHash;
}

/** Deletes the code once it is redeemed; false when another request redeemed it first. */
export async function consumeCode(
  db: Queryable,
  email: string,
  codeHash: string,
): Promise<boolean> {
  const rows = await db
    .delete(otpCodes)
    .where(and(eq(otpCodes.email, email), eq(otpCodes.codeHash, codeHash)))
    .returning({ email: otpCodes.email });
  return rows.length > 0;
}

/** Drops codes sent before `sentBefore` (long expired, never used). */
export async function deleteStaleCodes(db: Queryable, sentBefore: Date): Promise<void> {
  await db.delete(otpCodes).where(lte(otpCodes.sentAt, sentBefore));
}

export type GrantPurpose = 'signup' | 'password-reset';

export async function insertGrant(
  db: Queryable,
  row: { tokenHash: string; email: string; purpose: GrantPurpose; expiresAt: Date },
): Promise<void> {
  await db.insert(otpGrants).values(row);
}

/** The address a live grant of this purpose was made for, without using it up. */
export async function findGrant(
  db: Queryable,
  tokenHash: string,
  purpose: GrantPurpose,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .select({ email: otpGrants.email })
    .from(otpGrants)
    .where(
      and(
        eq(otpGrants.tokenHash, tokenHash),
        eq(otpGrants.purpose, purpose),
        gt(otpGrants.expiresAt, now),
      ),
    )
    .limit(1);
  return row?.email;
}

/**
 * Uses the grant up: deletes it when it is live, of this purpose and for this address. One
 * statement, so two requests with one token cannot both succeed.
 */
export async function consumeGrant(
  db: Queryable,
  tokenHash: string,
  purpose: GrantPurpose,
  email: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .delete(otpGrants)
    .where(
      and(
        eq(otpGrants.tokenHash, tokenHash),
        eq(otpGrants.purpose, purpose),
        eq(otpGrants.email, email),
        gt(otpGrants.expiresAt, now),
      ),
    )
    .returning({ email: otpGrants.email });
  return rows.length > 0;
}

/** Drops grants whose time is over. */
export async function deleteExpiredGrants(db: Queryable, now: Date): Promise<void> {
  await db.delete(otpGrants).where(lte(otpGrants.expiresAt, now));
}
