// Server sessions: a random 256-bit id in the `access` cookie, stored only as its sha256.
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/client.js';
import * as q from './sessions.queries.js';

export const SESSION_COOKIE = 'access';
export const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;

export function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

/** Starts a new session for the user; the returned id goes only into the cookie and body. */
export async function createSession(
  db: Queryable,
  userId: number,
  now = new Date(),
): Promise<{ sessionId: string; expiresAt: Date }> {
  const sessionId = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_MS);
  await q.insertSession(db, { idHash: hashSessionId(sessionId), userId, expiresAt });
  return { sessionId, expiresAt };
}

/** The user of a live session, or undefined for an unknown, malformed or expired id. */
export async function findSessionUser(
  db: Queryable,
  sessionId: string | undefined,
  now = new Date(),
): Promise<number | undefined> {
  if (!sessionId || sessionId.length > 100) return undefined;
  const row = await q.findLiveSession(db, hashSessionId(sessionId), now);
  return row?.userId;
}

export async function destroySession(db: Queryable, sessionId: string): Promise<void> {
  await q.deleteSession(db, hashSessionId(sessionId));
}
