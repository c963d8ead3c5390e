import { and, eq, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { sessions, preparedStatement } from '../db/index.js';

export async function insertSession(
  db: Queryable,
  row: { idHash: string; userId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(row);
}

/**
 * The session's row as user-scoped statements look it up: live (not expired at `now`) and
 * found by the hash of its id. A fragment, so that hot statements can check the session in
 * the same round trip as their own work.
 */
export function liveSessionUser(idHash: SQL, now: SQL): SQL {
  return sql`SELECT user_id FROM sessions WHERE id_hash = ${idHash} AND expires_at > ${now}`;
}

// Every user-scoped call runs it (the auth hook): prepared once per connection.
const findLiveSessionUser = preparedStatement<{ user_id: number }>(
  'find_live_session',
  liveSessionUser(
    sql`${sql.placeholder('idHash')}::text`,
    sql`${sql.placeholder('now')}::timestamptz`,
  ),
);

export async function findLiveSession(
  db: Queryable,
  idHash: string,
  now: Date,
): Promise<{ userId: number } | undefined> {
  const [row] = await findLiveSessionUser(db, { idHash, now: now.toISOString() });
  return row && { userId: row.user_id };
}

export async function deleteSession(db: Queryable, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

export async function deleteExpiredSessions(db: Queryable, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

/** Ends every session of the user but the one with this key; returns how many ended. */
export async function deleteOtherSessions(
  db: Queryable,
  userId: number,
  keepIdHash: string,
): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.idHash, keepIdHash)))
    .returning({ idHash: sessions.idHash });
  return rows.length;
}
