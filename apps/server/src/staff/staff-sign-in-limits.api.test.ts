// Wrong passwords and codes are limited by the address tried together with the client's IP:
// someone hammering a staff email from elsewhere is stopped, and the staff member, from
// their own address, still signs in with the right password and a TOTP or recovery code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { createStaff, type TestStaff } from '../test/staff.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { hashToken } from './staff-auth.service.js';
import * as q from './staff.queries.js';
import { totpCode } from './totp.js';

let t: TestApp;
let owner: TestStaff;
let manager: TestStaff;
const tab = (): AdminClient => adminClient(t.app, new URL(t.config.publicUrl).origin);
const TOO_MANY = { error: 'Too many sign-in attempts. Please try again in 15 minutes.' };

beforeAll(async () => {
  t = await startTestApp();
  owner = await createStaff(t.db, 'owner');
  manager = await createStaff(t.db, 'manager');
  await q.replaceRecoveryCodes(t.db, manager.id, [hashToken('abcde23456')]);
});
afterAll(() => t?.close());

describe('sign-in limits', () => {
  it('stop wrong passwords from one address, and let the owner in from theirs', async () => {
    const attacker = tab();
    const limit = t.config.rateLimits.loginPerEmail;
    for (let i = 0; i < limit; i++) {
      const res = await attacker.call('POST', '/api/admin/sign-in', {
        email: owner.email,
        password: `guess ${i}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const stopped = await attacker.call('POST', '/api/admin/sign-in', {
      email: owner.email,
      password: owner.password,
    });
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json()).toEqual(TOO_MANY);

    const own = tab();
    const first = await own.call('POST', '/api/admin/sign-in', {
      email: owner.email,
      password: owner.password,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ status: 'second-factor' });
    const second = await own.call('POST', '/api/admin/sign-in/second-factor', {
      code: await totpCode(owner.totpSecret!),
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().staff.email).toBe(owner.email);
  });

  it('stop wrong codes from one address, and take a recovery code from the manager’s', async () => {
    // Someone who has the password guesses codes until stopped.
    const attacker = tab();
    await attacker.call('POST', '/api/admin/sign-in', {
      email: manager.email,
      password: manager.password,
    });
    const limit = t.config.rateLimits.loginPerEmail;
    for (let i = 0; i < limit; i++) {
      const res = await attacker.call('POST', '/api/admin/sign-in/second-factor', {
        code: String(100000 + i),
      });
      expect(res.statusCode).toBe(400);
    }
    const stopped = await attacker.call('POST', '/api/admin/sign-in/second-factor', {
      code: '123456',
    });
    expect(stopped.statusCode).toBe(429);

    const own = tab();
    await own.call('POST', '/api/admin/sign-in', {
      email: manager.email,
      password: manager.password,
    });
    const recovered = await own.call('POST', '/api/admin/sign-in/second-factor', {
      code: 'abcde-23456',
    });
    expect(recovered.statusCode, recovered.body).toBe(200);
    expect(recovered.json().staff.email).toBe(manager.email);
  });
});
