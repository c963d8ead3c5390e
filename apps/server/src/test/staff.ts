// Staff for back-office tests: a row with a password (and TOTP when asked), and a signed-in
// session as the Cookie header a browser would send.
import type { StaffRole } from '@kitroom/contract/admin';
import { hashSecret } from '../accounts/passwords.service.js';
import type { Db } from '../db/client.js';
import { STAFF_COOKIE, startStaffSession } from '../staff/staff-sessions.service.js';
import * as q from '../staff/staff.queries.js';
import { newTotpSecret } from '../staff/totp.js';

let n = 0;

export interface TestStaff {
  id: number;
  email: string;
  password: string;
  totpSecret: string | null;
  /** `staff=<id>` of a signed-in session. */
  cookie: string;
}

export async function createStaff(
  db: Db,
  role: StaffRole,
  o: { twoFactor?: boolean; email?: string } = {},
): Promise<TestStaff> {
  n += 1;
  const email = o.email ?? `${role}-${n}-${Date.now()}@kitroom.in`;
  const password = `staff-password-${n}`;
  const twoFactor = o.twoFactor ?? (role === 'owner' || role === 'manager');
  const totpSecret = twoFactor ? newTotpSecret() : null;
  const row = await q.insertStaff(db, {
    email,
    name: `Test ${role} ${n}`,
    role,
    passwordHash: await hashSecret(password),
    totpSecret,
  });
  const sessionId = await startStaffSession(db, row.id, false);
  return { id: row.id, email, password, totpSecret, cookie: `${STAFF_COOKIE}=${sessionId}` };
}
