import { and, eq, gt, lt } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { sessions } from '../db/schema.js';

export async function insertSession(
  db: Queryable,
  row: { idHash: string; userId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(row);
}

export async function findLiveSession(
  db: Queryable,
  idHash: string,
  now: Date,
): Promise<{ userId: number; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ userId: sessions.userId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
}

export async function deleteSession(db: Queryable, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

export async function deleteExpiredSessions(db: Queryable, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
