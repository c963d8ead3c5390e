// Server sessions: a random 256-bit id in the `access` cookie, stored only as its sha256.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { Queryable } from '../db/index.js';
import * as q from './sessions.queries.js';

export const SESSION_COOKIE = 'access';
export const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;

export function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

/**
 * The session_id the client keeps in userData: derived from the cookie's id, so that what
 * scripts can read (localStorage) is never the credential itself.
 */
export function sessionHandle(sessionId: string): string {
  return createHash('sha256').update(`kitroom-session-handle:${sessionId}`).digest('base64url');
}

/** Whether a client's session_id is the handle of this cookie's session. */
export function handleMatches(sessionId: string, handle: string): boolean {
  const expected = Buffer.from(sessionHandle(sessionId));
  const given = Buffer.from(handle);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Whether the shop's cookies are Secure: always, unless the shop is plain-http localhost. */
export function secureCookies(publicUrl: string): boolean {
  const url = new URL(publicUrl);
  return !(url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname));
}

/** The `access` cookie: HttpOnly, SameSite=Strict, 30 days, Secure unless the shop is plain-http localhost. */
export function sessionCookieOptions(publicUrl: string): CookieSerializeOptions {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: secureCookies(publicUrl),
    maxAge: SESSION_MS / 1000,
  };
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

/**
 * What the database knows a cookie's session by: the sha256 of its id, or undefined for a
 * missing or malformed id (looked up nowhere).
 */
export function sessionKey(sessionId: string | undefined): string | undefined {
  if (!sessionId || sessionId.length > 100) return undefined;
  return hashSessionId(sessionId);
}

/** The user of a live session, or undefined for an unknown, malformed or expired id. */
export async function findSessionUser(
  db: Queryable,
  sessionId: string | undefined,
  now = new Date(),
): Promise<number | undefined> {
  const key = sessionKey(sessionId);
  return key === undefined ? undefined : findSessionUserByKey(db, key, now);
}

/** The user of the live session with this key (see sessionKey), or undefined. */
export async function findSessionUserByKey(
  db: Queryable,
  key: string,
  now = new Date(),
): Promise<number | undefined> {
  const row = await q.findLiveSession(db, key, now);
  return row?.userId;
}

/**
 * The sessions as the HTTP layer's auth hook and pages read them (http/auth.ts's
 * ShopperSessions; app.ts hands them in). Not typed by importing it: bench/ reads this file
 * and would compile the HTTP layer with it.
 */
export const shopperSessions = {
  cookie: SESSION_COOKIE,
  keyOf: sessionKey,
  userOf: findSessionUserByKey,
  handleOf: sessionHandle,
};

/**
 * SQL that returns the user_id of the live session with key `key` at `now` (no row: none),
 * for statements of other domains that check the session in their own round trip.
 */
export const liveSessionUserSql = q.liveSessionUser;

/** Ends the session (logout); an unknown id is no error. */
export async function destroySession(db: Queryable, sessionId: string): Promise<void> {
  await q.deleteSession(db, hashSessionId(sessionId));
}

/** Logs the user out everywhere but the session with this id; returns how many ended. */
export function endOtherSessions(db: Queryable, userId: number, keepSessionId: string) {
  return q.deleteOtherSessions(db, userId, hashSessionId(keepSessionId));
}

/** Drops sessions whose 30 days are over. */
export async function deleteExpiredSessions(db: Queryable, now = new Date()): Promise<void> {
  await q.deleteExpiredSessions(db, now);
}
