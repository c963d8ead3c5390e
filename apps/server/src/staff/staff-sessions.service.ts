// Staff sessions: a random 256-bit id in the `staff` cookie (HttpOnly, SameSite=Strict, only
// for /api/admin), stored as its sha256. A session ends after 30 minutes without a call and
// 12 hours after sign-in, whichever comes first, and whenever the staff member's password,
// role or two-factor changes or they are disabled. Between password and second factor a
// session is pending for at most 5 minutes and good only for the second-factor call.
import { randomBytes } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { hashSessionId } from '../accounts/index.js';
import type { Queryable } from '../db/index.js';
import * as q from './staff.queries.js';

export const STAFF_COOKIE = 'staff';
const MINUTE_MS = 60_000;
export const IDLE_MINUTES = 30;
export const ABSOLUTE_HOURS = 12;
export const PENDING_MINUTES = 5;
/** last_seen_at is written at most this often per session. */
const TOUCH_EVERY_MS = MINUTE_MS;

export function staffCookieOptions(secure: boolean): CookieSerializeOptions {
  return {
    path: '/api/admin',
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: ABSOLUTE_HOURS * 60 * 60,
  };
}

/** Starts a session (pending: until the second factor); returns the cookie's id. */
export async function startStaffSession(
  db: Queryable,
  staffId: number,
  pending: boolean,
  now = new Date(),
): Promise<string> {
  await q.deleteDeadSessions(db, now, new Date(now.getTime() - IDLE_MINUTES * MINUTE_MS));
  const id = randomBytes(32).toString('base64url');
  const ms = pending ? PENDING_MINUTES * MINUTE_MS : ABSOLUTE_HOURS * 60 * MINUTE_MS;
  await q.insertSession(db, {
    idHash: hashSessionId(id),
    staffId,
    pendingSecondFactor: pending,
    expiresAt: new Date(now.getTime() + ms),
    now,
  });
  return id;
}

export interface LiveStaffSession {
  key: string;
  pending: boolean;
  staff: q.StaffRow;
}

/**
 * The cookie's live session and its staff member (not disabled), or undefined. Counts as
 * activity: the idle clock restarts.
 */
export async function findStaffSession(
  db: Queryable,
  cookieId: string | undefined,
  now = new Date(),
): Promise<LiveStaffSession | undefined> {
  if (!cookieId || cookieId.length > 100) return undefined;
  const key = hashSessionId(cookieId);
  const found = await q.findSession(db, key, now);
  if (!found || found.staff.disabledAt !== null) return undefined;
  const idleFor = now.getTime() - found.session.lastSeenAt.getTime();
  if (idleFor > IDLE_MINUTES * MINUTE_MS) {
    await q.deleteSession(db, key);
    return undefined;
  }
  if (idleFor > TOUCH_EVERY_MS) await q.touchSession(db, key, now);
  return { key, pending: found.session.pendingSecondFactor, staff: found.staff };
}

export async function endStaffSession(db: Queryable, cookieId: string | undefined) {
  if (cookieId && cookieId.length <= 100) await q.deleteSession(db, hashSessionId(cookieId));
}
