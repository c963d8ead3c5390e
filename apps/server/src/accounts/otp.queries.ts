import { and, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { otpCodes } from '../db/schema.js';

export interface OtpRow {
  email: string;
  codeHash: string;
  sentAt: Date;
  expiresAt: Date;
  attempts: number;
  verifiedAt: Date | null;
}

export async function findCode(db: Queryable, email: string): Promise<OtpRow | undefined> {
  const [row] = await db.select().from(otpCodes).where(eq(otpCodes.email, email)).limit(1);
  return row;
}

/**
 * Stores a new code for the address, replacing the old one, unless the old one was sent at or
 * after `notSentSince`; answers whether it was stored. One statement, so two parallel
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
    verifiedAt: null,
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
        verifiedAt: null,
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
 * Counts one attempt against a live, unverified code with attempts left, and answers its hash;
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
        isNull(otpCodes.verifiedAt),
        lt(otpCodes.attempts, maxAttempts),
      ),
    )
    .returning({ codeHash: otpCodes.codeHash });
  return row?.codeHash;
}

/** Marks the code as verified (a new address); false when it was used or replaced meanwhile. */
export async function markVerified(
  db: Queryable,
  email: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(otpCodes)
    .set({ verifiedAt: now })
    .where(
      and(eq(otpCodes.email, email), eq(otpCodes.codeHash, codeHash), isNull(otpCodes.verifiedAt)),
    )
    .returning({ email: otpCodes.email });
  return rows.length > 0;
}

/** Deletes the unverified code (an existing user logged in with it); false when already used. */
export async function consumeCode(
  db: Queryable,
  email: string,
  codeHash: string,
): Promise<boolean> {
  const rows = await db
    .delete(otpCodes)
    .where(
      and(eq(otpCodes.email, email), eq(otpCodes.codeHash, codeHash), isNull(otpCodes.verifiedAt)),
    )
    .returning({ email: otpCodes.email });
  return rows.length > 0;
}

/** Deletes the address's verification if it happened after `verifiedSince`; answers whether one did. */
export async function consumeVerification(
  db: Queryable,
  email: string,
  verifiedSince: Date,
): Promise<boolean> {
  const rows = await db
    .delete(otpCodes)
    .where(and(eq(otpCodes.email, email), gt(otpCodes.verifiedAt, verifiedSince)))
    .returning({ email: otpCodes.email });
  return rows.length > 0;
}

/** Drops codes sent before `sentBefore` (long expired, never used). */
export async function deleteStaleCodes(db: Queryable, sentBefore: Date): Promise<void> {
  await db.delete(otpCodes).where(lte(otpCodes.sentAt, sentBefore));
}
