// Staff invitations as an owner uses them (issue 36.24): each is mailed with its one-time
// link through the outbox, listed as pending, sent again with a new link (the earlier one
// stops working) or revoked; invitations to two people never invalidate each other; every
// step is in the audit log.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { outboxMails } from '../test/checkout.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createStaff } from '../test/staff.js';
import { SETUP_LINK_INVALID } from './staff-auth.service.js';
import { INVITATION_GONE } from './staff-invitations.service.js';

let t: TestApp;
let owner: AdminClient;
let anon: AdminClient;

beforeAll(async () => {
  t = await startTestApp();
  const origin = new URL(t.config.publicUrl).origin;
  const me = await createStaff(t.db, 'owner');
  owner = adminClient(t.app, origin, me.cookie);
  anon = adminClient(t.app, origin);
});
afterAll(() => t?.close());

const tokenOf = (url: string) => url.split('/admin/setup/')[1] ?? '';
const linkWorks = async (url: string) =>
  (await anon.call('GET', `/api/admin/setup/${tokenOf(url)}`)).statusCode === 200;
const mailTo = async (email: string) => (await outboxMails(t)).filter((m) => m.to.includes(email));
const linkIn = (text: string) => /https?:\/\/\S+\/admin\/setup\/[\w-]+/.exec(text)?.[0] ?? '';

describe('staff invitations', () => {
  it('mails each invitation, lists it pending, resends with a new link and revokes', async () => {
    const asha = await owner.call('POST', '/api/admin/staff/invite', {
      email: 'asha@kitroom.in',
      name: 'Asha',
      role: 'support',
    });
    expect(asha.statusCode, asha.body).toBe(200);
    const ravi = await owner.call('POST', '/api/admin/staff/invite', {
      email: 'ravi@kitroom.in',
      name: 'Ravi',
      role: 'packer',
    });
    expect(ravi.statusCode, ravi.body).toBe(200);

    // Mailed, each with its own link; a second invitation leaves the first one working.
    const [ashaMail] = await mailTo('asha@kitroom.in');
    expect(ashaMail?.subject).toBe('Kitroom: you are invited to the back office');
    expect(ashaMail?.text).toContain('as support');
    // Not a staff mail: no footer about the morning digest staff get.
    expect(ashaMail?.text).not.toContain('each morning');
    expect(linkIn(ashaMail!.text)).toBe(asha.json().setup_url);
    expect(await linkWorks(asha.json().setup_url)).toBe(true);
    expect(await linkWorks(ravi.json().setup_url)).toBe(true);

    const pending = await owner.call('GET', '/api/admin/staff/invitations');
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json().invitations).toEqual([
      expect.objectContaining({ email: 'ravi@kitroom.in', name: 'Ravi', role: 'packer' }),
      expect.objectContaining({ email: 'asha@kitroom.in', name: 'Asha', expired: false }),
    ]);
    const ashaId: number = pending.json().invitations[1].id;
    const raviId: number = pending.json().invitations[0].id;

    // Resend: a new link mailed, the old one dead, Ravi's untouched.
    const resent = await owner.call('POST', `/api/admin/staff/invitations/${ashaId}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().setup_url).not.toBe(asha.json().setup_url);
    expect(await linkWorks(asha.json().setup_url)).toBe(false);
    expect(await linkWorks(resent.json().setup_url)).toBe(true);
    expect(await linkWorks(ravi.json().setup_url)).toBe(true);
    const ashaMails = await mailTo('asha@kitroom.in');
    expect(ashaMails).toHaveLength(2);
    expect(ashaMails.map((m) => linkIn(m.text))).toContain(resent.json().setup_url);

    // Revoke: Ravi's link stops working and the invitation leaves the list.
    const revoked = await owner.call('POST', `/api/admin/staff/invitations/${raviId}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    const gone = await anon.call('GET', `/api/admin/setup/${tokenOf(ravi.json().setup_url)}`);
    expect(gone.json()).toEqual({ error: SETUP_LINK_INVALID });
    const again = await owner.call('POST', `/api/admin/staff/invitations/${raviId}/revoke`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: INVITATION_GONE });
    const left = await owner.call('GET', '/api/admin/staff/invitations');
    expect(left.json().invitations.map((i: { email: string }) => i.email)).toEqual([
      'asha@kitroom.in',
    ]);

    // Taken up: the invitation is no longer pending.
    const setup = await anon.call('POST', '/api/admin/setup', {
      token: tokenOf(resent.json().setup_url),
      name: 'Asha',
      password: 'asha password 1',
    });
    expect(setup.statusCode, setup.body).toBe(200);
    expect((await owner.call('GET', '/api/admin/staff/invitations')).json().invitations).toEqual(
      [],
    );

    const audit = async (email: string) =>
      (
        await t.db.select().from(auditLog).where(eq(auditLog.entityId, email)).orderBy(auditLog.id)
      ).map((e) => e.action);
    expect(await audit('asha@kitroom.in')).toEqual(['invite', 'resend']);
    expect(await audit('ravi@kitroom.in')).toEqual(['invite', 'revoke']);
  });
});
