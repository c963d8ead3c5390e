// The shop always keeps an owner who can sign in, and no one holds a role without the
// two-factor sign-in it needs: checked on every change of role and of enablement, with
// owners counted only when enabled and enrolled in two-factor. Its own app: the owners
// counted are this file's alone.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff } from '../db/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { createStaff, type TestStaff } from '../test/staff.js';
import { startTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
let owner: TestStaff;
let ownerTab: AdminClient;

const NO_OWNER = { error: 'The shop needs at least one owner who can sign in.' };
const OWNER_NEEDS_TWO_FACTOR = {
  error:
    "An owner needs two-factor sign-in: reset this person's sign-in and send them the new setup link first.",
};

beforeAll(async () => {
  t = await startTestApp();
  owner = await createStaff(t.db, 'owner');
  ownerTab = adminClient(t.app, new URL(t.config.publicUrl).origin, owner.cookie);
});
afterAll(() => t?.close());

const patch = (id: number, body: object) => ownerTab.call('PATCH', `/api/admin/staff/${id}`, body);
const rowOf = async (id: number) => (await t.db.select().from(staff).where(eq(staff.id, id)))[0]!;

describe('owners and two-factor', () => {
  it('a disabled owner without two-factor cannot be enabled', async () => {
    const packer = await createStaff(t.db, 'packer');
    const promoted = await patch(packer.id, { role: 'owner', disabled: true });
    expect(promoted.statusCode, promoted.body).toBe(200);
    const enabled = await patch(packer.id, { disabled: false });
    expect(enabled.statusCode).toBe(400);
    expect(enabled.json()).toEqual(OWNER_NEEDS_TWO_FACTOR);
    const row = await rowOf(packer.id);
    expect(row.disabledAt).not.toBeNull();
    expect(row.role).toBe('owner');
  });

  it('an owner without two-factor does not count: the last real owner cannot step down', async () => {
    // An owner row without two-factor (a reset not completed yet) cannot sign in.
    const unenrolled = await createStaff(t.db, 'owner', { twoFactor: false });
    const disabled = await createStaff(t.db, 'owner');
    expect((await patch(disabled.id, { disabled: true })).statusCode).toBe(200);

    const demoted = await patch(owner.id, { role: 'manager' });
    expect(demoted.statusCode).toBe(400);
    expect(demoted.json()).toEqual(NO_OWNER);
    const off = await patch(owner.id, { disabled: true });
    expect(off.statusCode).toBe(400);
    expect(off.json()).toEqual(NO_OWNER);
    expect((await rowOf(owner.id)).role).toBe('owner');
    expect((await rowOf(unenrolled.id)).role).toBe('owner');

    // With a second owner who can sign in, the first may step down.
    const second = await createStaff(t.db, 'owner');
    expect((await rowOf(second.id)).totpSecret).not.toBeNull();
    const stepDown = await patch(owner.id, { role: 'manager' });
    expect(stepDown.statusCode, stepDown.body).toBe(200);
    expect((await rowOf(owner.id)).role).toBe('manager');
  });
});
