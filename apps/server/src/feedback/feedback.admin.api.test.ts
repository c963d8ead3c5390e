// Feedback in the back office: waiting entries first, read in full with who sent it, marked
// handled by the staff member who did (and waiting again), paged across both, audited.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { loggedInUser } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createStaff, type TestStaff } from '../test/staff.js';

let t: TestApp;
let support: AdminClient;
let supportStaff: TestStaff;
const ids: number[] = [];

const send = (text: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/feedback.php',
    remoteAddress: `10.9.0.${ids.length + 1}`,
    headers: cookie ? { cookie } : {},
    payload: { feedback: text },
  });

beforeAll(async () => {
  t = await startTestApp();
  supportStaff = await createStaff(t.db, 'support');
  support = adminClient(t.app, new URL(t.config.publicUrl).origin, supportStaff.cookie);
  const shopper = await loggedInUser(t.db, { name: 'Meera Pillai', email: 'meera@example.com' });
  const texts = ['First: the size chart is hard to find.', 'Second', 'Third', 'Fourth'];
  for (const [i, text] of texts.entries()) {
    const res = await send(text, i === 0 ? shopper.cookie : undefined);
    expect(res.statusCode, res.body).toBe(200);
    const list = await support.call('GET', '/api/admin/feedback?limit=1');
    ids.push(list.json().feedback[0].id);
  }
});
afterAll(() => t?.close());

describe('feedback in the back office', () => {
  it('reads an entry in full with the shopper who sent it', async () => {
    const res = await support.call('GET', `/api/admin/feedback/${ids[0]}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().feedback).toEqual({
      id: ids[0],
      feedback: 'First: the size chart is hard to find.',
      created_at: expect.any(String),
      user: { id: expect.any(Number), name: 'Meera Pillai', email: 'meera@example.com' },
      handled_at: null,
      handled_by: null,
    });
    expect((await support.call('GET', `/api/admin/feedback/${ids[1]}`)).json().feedback.user).toBe(
      null,
    );
    expect((await support.call('GET', '/api/admin/feedback/999999')).statusCode).toBe(404);
  });

  it('marks handled by the signed-in staff member, and audits it', async () => {
    const res = await support.call('PATCH', `/api/admin/feedback/${ids[3]}`, { handled: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().feedback).toMatchObject({
      handled_at: expect.any(String),
      handled_by: { id: supportStaff.id, name: expect.stringContaining('support') },
    });
    await support.call('PATCH', `/api/admin/feedback/${ids[1]}`, { handled: true });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'feedback'), eq(auditLog.entityId, String(ids[3]))));
    expect(entry).toMatchObject({
      action: 'handle',
      staffId: supportStaff.id,
      before: { handled_at: null, handled_by: null },
      after: { handled_by: supportStaff.id },
    });
  });

  it('lists waiting entries first, newest first, then handled ones, paging across both', async () => {
    const all = await support.call('GET', '/api/admin/feedback');
    expect(all.json().feedback.map((f: { id: number }) => f.id)).toEqual([
      ids[2],
      ids[0],
      ids[3],
      ids[1],
    ]);
    expect(all.json().unhandled).toBe(2);

    const seen: number[] = [];
    let after: string | null = null;
    do {
      const res = await support.call(
        'GET',
        `/api/admin/feedback?limit=1${after ? `&after=${after}` : ''}`,
      );
      seen.push(...res.json().feedback.map((f: { id: number }) => f.id));
      after = res.json().next_after;
    } while (after && seen.length < 10);
    expect(seen).toEqual([ids[2], ids[0], ids[3], ids[1]]);

    const handled = await support.call('GET', '/api/admin/feedback?state=handled');
    expect(handled.json().feedback.map((f: { id: number }) => f.id)).toEqual([ids[3], ids[1]]);
    const waiting = await support.call('GET', '/api/admin/feedback?state=unhandled');
    expect(waiting.json().feedback.map((f: { id: number }) => f.id)).toEqual([ids[2], ids[0]]);
    const bad = await support.call('GET', '/api/admin/feedback?after=xyz');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('after must be the next_after of the previous page');
  });

  it('marks an entry waiting again', async () => {
    const res = await support.call('PATCH', `/api/admin/feedback/${ids[3]}`, { handled: false });
    expect(res.json().feedback).toMatchObject({ handled_at: null, handled_by: null });
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'feedback'), eq(auditLog.entityId, String(ids[3]))))
      .orderBy(auditLog.id);
    expect(entries.map((e) => e.action)).toEqual(['handle', 'reopen']);
    const missing = await support.call('PATCH', '/api/admin/feedback/999999', { handled: true });
    expect(missing.statusCode).toBe(404);
  });
});
