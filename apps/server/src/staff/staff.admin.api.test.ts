// The back office's staff, as an owner and their staff would use it: the first owner's setup
// link with TOTP, sign-in in two steps, recovery codes, invitations, roles, resets, timeouts,
// the Origin check and the audit log.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staff, staffSessions, staffSetupTokens } from '../db/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { createStaff } from '../test/staff.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import {
  CODE_WRONG,
  SETUP_LINK_INVALID,
  SIGN_IN_FAILED,
  TWO_FACTOR_MISSING,
} from './staff-auth.service.js';
import { firstOwnerLink } from './staff.service.js';
import { totpCode } from './totp.js';
import { NOT_ALLOWED, SIGN_IN_NEEDED, WRONG_ORIGIN } from './admin-endpoints.js';

let t: TestApp;
let origin: string;
const client = (cookie?: string) => adminClient(t.app, origin, cookie);

beforeAll(async () => {
  t = await startTestApp();
  origin = new URL(t.config.publicUrl).origin;
});
afterAll(() => t?.close());

const tokenOf = (url: string) => url.split('/admin/setup/')[1] ?? '';
/** The code an authenticator shows one step from now (a new step, never replayed). */
const nextStepCode = (secret: string, steps = 1) =>
  totpCode(secret, new Date(Date.now() + steps * 30_000));

async function auditOf(entityId: number | string) {
  return t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, String(entityId)))
    .orderBy(auditLog.id);
}

describe('the first owner', () => {
  let owner: AdminClient;
  let recoveryCodes: string[];
  let secret: string;
  const email = 'owner@kitroom.in';
  const password = 'a long owner password';

  it('sets up from the one-time link with a password and TOTP, and is signed in', async () => {
    const link = await firstOwnerLink(t.db, t.config.publicUrl);
    expect(link?.setup_url).toMatch(new RegExp(`^${t.config.publicUrl}/admin/setup/[\\w-]{43}$`));
    // A second start replaces the link: only the newest works.
    const newer = await firstOwnerLink(t.db, t.config.publicUrl);
    const old = await client().call('GET', `/api/admin/setup/${tokenOf(link!.setup_url)}`);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ error: SETUP_LINK_INVALID });

    owner = client();
    const token = tokenOf(newer!.setup_url);
    const info = await owner.call('GET', `/api/admin/setup/${token}`);
    expect(info.statusCode, info.body).toBe(200);
    const body = info.json();
    expect(body).toMatchObject({ kind: 'new', email: null, role: 'owner', needs_two_factor: true });
    expect(body.otpauth_url).toBe(
      `otpauth://totp/Kitroom:owner?secret=${body.totp_secret}&issuer=Kitroom`,
    );
    secret = body.totp_secret;

    // An owner must enrol two-factor; a wrong code is refused and uses nothing up.
    const without = await owner.call('POST', '/api/admin/setup', {
      token,
      name: 'Fathima',
      email,
      password,
    });
    expect(without.statusCode).toBe(400);
    expect(without.json().error).toContain('totp_code');
    const wrong = await owner.call('POST', '/api/admin/setup', {
      token,
      name: 'Fathima',
      email,
      password,
      totp_code: (Number(await totpCode(secret)) + 1).toString().padStart(6, '0').slice(-6),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: CODE_WRONG });
    expect(await t.db.select().from(staff)).toEqual([]);

    const done = await owner.call('POST', '/api/admin/setup', {
      token,
      name: 'Fathima',
      email,
      password,
      totp_code: await totpCode(secret),
    });
    expect(done.statusCode, done.body).toBe(200);
    const result = done.json();
    expect(result.staff).toMatchObject({ email, name: 'Fathima', role: 'owner', two_factor: true });
    expect(result.permissions).toContain('staff.manage');
    expect(result.recovery_codes).toHaveLength(10);
    for (const code of result.recovery_codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    recoveryCodes = result.recovery_codes;
    const cookie = done.cookies.find((c) => c.name === 'staff');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/admin' });
    expect(cookie?.maxAge).toBe(12 * 60 * 60);

    const me = await owner.call('GET', '/api/admin/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().staff.email).toBe(email);
    expect(me.headers['cache-control']).toBe('no-store');

    // The link is used up, and no new first-owner link is made once an owner exists.
    expect((await client().call('GET', `/api/admin/setup/${token}`)).statusCode).toBe(404);
    expect(await firstOwnerLink(t.db, t.config.publicUrl)).toBeUndefined();
    expect(await t.db.select().from(staffSetupTokens)).toEqual([]);
    // Stored: a hash and the secret, never the password.
    const [row] = await t.db.select().from(staff).where(eq(staff.email, email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await auditOf(row!.id)).map((e) => e.action)).toEqual(['setup']);
  });

  it('signs in with password then TOTP; a code works once', async () => {
    const out = await owner.call('POST', '/api/admin/sign-out');
    expect(out.json()).toEqual({ signed_out: true });
    expect(owner.cookie).toBeUndefined();

    const bad = await owner.call('POST', '/api/admin/sign-in', { email, password: 'wrong one' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ error: SIGN_IN_FAILED });

    const first = await owner.call('POST', '/api/admin/sign-in', { email, password });
    expect(first.json()).toEqual({ status: 'second-factor' });
    // Pending: nothing but the second factor is open.
    const early = await owner.call('GET', '/api/admin/me');
    expect(early.statusCode).toBe(401);
    expect(early.json()).toEqual({ error: SIGN_IN_NEEDED });

    const code = await nextStepCode(secret);
    const second = await owner.call('POST', '/api/admin/sign-in/second-factor', { code });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().staff.email).toBe(email);
    expect((await owner.call('GET', '/api/admin/me')).statusCode).toBe(200);

    // The same code again, in another sign-in, is refused.
    const other = client();
    await other.call('POST', '/api/admin/sign-in', { email, password });
    const replay = await other.call('POST', '/api/admin/sign-in/second-factor', { code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ error: CODE_WRONG });
  });

  it('takes a recovery code once in place of TOTP', async () => {
    const phoneLost = client();
    await phoneLost.call('POST', '/api/admin/sign-in', { email, password });
    const used = recoveryCodes[0]!;
    const ok = await phoneLost.call('POST', '/api/admin/sign-in/second-factor', {
      code: used.toUpperCase().replace('-', ''),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const again = client();
    await again.call('POST', '/api/admin/sign-in', { email, password });
    const twice = await again.call('POST', '/api/admin/sign-in/second-factor', { code: used });
    expect(twice.statusCode).toBe(400);
  });

  it('invites a packer, who sets up without two-factor and may not manage staff', async () => {
    const invite = await owner.call('POST', '/api/admin/staff/invite', {
      email: 'Packer@Kitroom.in',
      name: 'Ravi',
      role: 'packer',
    });
    expect(invite.statusCode, invite.body).toBe(200);
    const token = tokenOf(invite.json().setup_url);
    const packer = client();
    const info = await packer.call('GET', `/api/admin/setup/${token}`);
    expect(info.json()).toMatchObject({
      kind: 'new',
      email: 'packer@kitroom.in',
      name: 'Ravi',
      role: 'packer',
      needs_two_factor: false,
    });
    const setup = await packer.call('POST', '/api/admin/setup', {
      token,
      name: 'Ravi K',
      password: 'packer password 1',
    });
    expect(setup.statusCode, setup.body).toBe(200);
    expect(setup.json()).toMatchObject({
      staff: { role: 'packer', two_factor: false },
      recovery_codes: [],
    });
    expect(setup.json().permissions).toEqual([
      'catalogue.read',
      'stock.adjust',
      'orders.read',
      'orders.fulfil',
    ]);
    const refused = await packer.call('GET', '/api/admin/staff');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: NOT_ALLOWED });

    const direct = await client().call('POST', '/api/admin/sign-in', {
      email: 'packer@kitroom.in',
      password: 'packer password 1',
    });
    expect(direct.json().status).toBe('signed-in');

    const list = await owner.call('GET', '/api/admin/staff');
    expect(list.json().staff.map((s: { email: string }) => s.email)).toEqual([
      email,
      'packer@kitroom.in',
    ]);
    const [invitation] = await auditOf('packer@kitroom.in');
    expect(invitation).toMatchObject({ action: 'invite', ip: expect.any(String) });
  });

  it("ends a staff member's sessions when their role changes or they are disabled", async () => {
    const support = await createStaff(t.db, 'support');
    const them = client(support.cookie);
    expect((await them.call('GET', '/api/admin/me')).statusCode).toBe(200);

    const promote = await owner.call('PATCH', `/api/admin/staff/${support.id}`, {
      role: 'manager',
    });
    expect(promote.statusCode).toBe(400);
    expect(promote.json().error).toContain('needs two-factor sign-in');
    const packerRole = await owner.call('PATCH', `/api/admin/staff/${support.id}`, {
      role: 'packer',
    });
    expect(packerRole.statusCode, packerRole.body).toBe(200);
    expect(packerRole.json().staff.role).toBe('packer');
    expect((await them.call('GET', '/api/admin/me')).statusCode).toBe(401);

    const disabled = await owner.call('PATCH', `/api/admin/staff/${support.id}`, {
      disabled: true,
    });
    expect(disabled.json().staff.disabled).toBe(true);
    const signIn = await client().call('POST', '/api/admin/sign-in', {
      email: support.email,
      password: support.password,
    });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json()).toEqual({ error: SIGN_IN_FAILED });

    const entries = await auditOf(support.id);
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      [
        'update',
        expect.objectContaining({ role: 'support' }),
        expect.objectContaining({ role: 'packer' }),
      ],
      [
        'update',
        expect.objectContaining({ disabled: false }),
        expect.objectContaining({ disabled: true }),
      ],
    ]);
  });

  it('never removes the last owner who can sign in', async () => {
    const [me] = await t.db.select().from(staff).where(eq(staff.email, email));
    const res = await owner.call('PATCH', `/api/admin/staff/${me!.id}`, { role: 'manager' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'The shop needs at least one owner who can sign in.' });
    const off = await owner.call('PATCH', `/api/admin/staff/${me!.id}`, { disabled: true });
    expect(off.statusCode).toBe(400);
  });

  it('resets a manager who lost their phone: old password and sessions end, the link sets both', async () => {
    const manager = await createStaff(t.db, 'manager');
    const theirs = client(manager.cookie);
    const reset = await owner.call('POST', `/api/admin/staff/${manager.id}/reset`);
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await theirs.call('GET', '/api/admin/me')).statusCode).toBe(401);
    const oldPassword = await client().call('POST', '/api/admin/sign-in', {
      email: manager.email,
      password: manager.password,
    });
    expect(oldPassword.statusCode).toBe(401);

    const token = tokenOf(reset.json().setup_url);
    const fresh = client();
    const info = (await fresh.call('GET', `/api/admin/setup/${token}`)).json();
    expect(info).toMatchObject({ kind: 'reset', email: manager.email, role: 'manager' });
    const setup = await fresh.call('POST', '/api/admin/setup', {
      token,
      name: 'ignored for a reset',
      password: 'a brand new password',
      totp_code: await totpCode(info.totp_secret),
    });
    expect(setup.statusCode, setup.body).toBe(200);
    expect(setup.json().staff).toMatchObject({ email: manager.email, two_factor: true });
    const signIn = await client().call('POST', '/api/admin/sign-in', {
      email: manager.email,
      password: 'a brand new password',
    });
    expect(signIn.json()).toEqual({ status: 'second-factor' });
  });

  it('refuses a manager without two-factor at sign-in', async () => {
    const manager = await createStaff(t.db, 'manager', { twoFactor: false });
    const res = await client().call('POST', '/api/admin/sign-in', {
      email: manager.email,
      password: manager.password,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: TWO_FACTOR_MISSING });
  });
});

describe('staff sessions', () => {
  it('end after 30 idle minutes and 12 hours in all', async () => {
    const packer = await createStaff(t.db, 'packer');
    const tab = client(packer.cookie);
    await t.db
      .update(staffSessions)
      .set({ lastSeenAt: sql`now() - interval '31 minutes'` })
      .where(eq(staffSessions.staffId, packer.id));
    expect((await tab.call('GET', '/api/admin/me')).statusCode).toBe(401);

    const again = await createStaff(t.db, 'packer');
    const other = client(again.cookie);
    await t.db
      .update(staffSessions)
      .set({ lastSeenAt: sql`now() - interval '29 minutes'` })
      .where(eq(staffSessions.staffId, again.id));
    expect((await other.call('GET', '/api/admin/me')).statusCode).toBe(200);
    await t.db
      .update(staffSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(staffSessions.staffId, again.id));
    expect((await other.call('GET', '/api/admin/me')).statusCode).toBe(401);
  });

  it('refuses a state-changing call from another origin, or none', async () => {
    const owner = await createStaff(t.db, 'owner');
    const body = { email: 'x@kitroom.in', name: 'X', role: 'packer' };
    const tab = client(owner.cookie);
    const foreign = await tab.call('POST', '/api/admin/staff/invite', body, {
      origin: 'https://evil.example',
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: WRONG_ORIGIN });
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/admin/staff/invite',
      headers: { cookie: owner.cookie },
      payload: body,
    });
    expect(none.statusCode).toBe(403);
    expect(
      await t.db.select().from(staffSetupTokens).where(eq(staffSetupTokens.email, 'x@kitroom.in')),
    ).toEqual([]);
  });
});

describe('the audit log', () => {
  it('is filtered by entity, staff and Indian day, pages newest first, and never changes', async () => {
    const owner = await createStaff(t.db, 'owner');
    const tab = client(owner.cookie);
    for (const name of ['A', 'B', 'C']) {
      await tab.call('POST', '/api/admin/staff/invite', {
        email: `audit-${name}@kitroom.in`,
        name,
        role: 'support',
      });
    }
    const page1 = await tab.call(
      'GET',
      `/api/admin/audit?entity=staff-invitation&staff_id=${owner.id}&limit=2`,
    );
    expect(page1.statusCode, page1.body).toBe(200);
    const p1 = page1.json();
    expect(p1.entries.map((e: { entity_id: string }) => e.entity_id)).toEqual([
      'audit-c@kitroom.in',
      'audit-b@kitroom.in',
    ]);
    expect(p1.entries[0]).toMatchObject({ staff_id: owner.id, action: 'invite' });
    const page2 = await tab.call(
      'GET',
      `/api/admin/audit?entity=staff-invitation&staff_id=${owner.id}&limit=2&before=${p1.next_before}`,
    );
    expect(page2.json().entries.map((e: { entity_id: string }) => e.entity_id)).toEqual([
      'audit-a@kitroom.in',
    ]);
    expect(page2.json().next_before).toBeNull();

    const yesterday = new Date(Date.now() + 5.5 * 3_600_000 - 86_400_000)
      .toISOString()
      .slice(0, 10);
    const old = await tab.call('GET', `/api/admin/audit?staff_id=${owner.id}&to=${yesterday}`);
    expect(old.json().entries).toEqual([]);
    const bad = await tab.call('GET', '/api/admin/audit?from=24-11-2026');
    expect(bad.statusCode).toBe(400);

    await expect(
      t.db.update(auditLog).set({ action: 'nothing' }).where(eq(auditLog.staffId, owner.id)),
    ).rejects.toThrow();
    await expect(
      t.db.delete(auditLog).where(and(eq(auditLog.staffId, owner.id))),
    ).rejects.toThrow();
  });
});

describe('the OpenAPI document', () => {
  it('lists every endpoint of the table with its access', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/admin/staff/{id}'].patch).toMatchObject({
      operationId: 'updateStaff',
      'x-access': 'staff.manage',
    });
    expect(
      doc.paths['/api/admin/sign-in'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['email', 'password']);
  });
});
