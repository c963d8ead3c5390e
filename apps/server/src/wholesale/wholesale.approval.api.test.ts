// Approving and rejecting wholesale applications: only a role with wholesale.manage may, each
// decision is audited and mailed to the shop, the shop's status call shows it, and a rejected
// shop may apply again. The list checks each GSTIN's format, check character and state.
import { WHOLESALE_STATUS_MESSAGES } from '@kitroom/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, wholesaleApplications } from '../db/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { loggedInUser } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { outboxRows } from '../test/outbox.js';
import { createStaff } from '../test/staff.js';
import { createPriceList } from '../test/wholesale.js';

let t: TestApp;
let manager: AdminClient;
let support: AdminClient;
let listId: number;
type Shopper = Awaited<ReturnType<typeof loggedInUser>>;

const staffClient = async (role: 'manager' | 'support') =>
  adminClient(t.app, new URL(t.config.publicUrl).origin, (await createStaff(t.db, role)).cookie);

beforeAll(async () => {
  t = await startTestApp();
  manager = await staffClient('manager');
  support = await staffClient('support');
  listId = await createPriceList(t.db, { name: 'Club shops' });
});
afterAll(() => t?.close());

const wholesaleCall = (shopper: Shopper, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/wholesale_agent.php',
    headers: { cookie: shopper.cookie },
    payload: { user_id: shopper.id, ...body },
  });

const form = {
  shop_name: 'Malabar Sports',
  shop_location: 'Mavoor Road, Kozhikode, Kerala',
  // Karnataka's code (29) on a shop in Kerala.
  gst: '29ABCDE1234F1ZW',
  requesting_person: 'Shameer P',
  contact_number: '9847012345',
  about_shop: '',
};

async function applyingShop(email: string): Promise<{ shopper: Shopper; id: number }> {
  const shopper = await loggedInUser(t.db, { name: 'Shameer P', email });
  const res = await wholesaleCall(shopper, form);
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await t.db
    .select()
    .from(wholesaleApplications)
    .where(eq(wholesaleApplications.userId, shopper.id));
  return { shopper, id: row!.id };
}

const auditOf = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'wholesale_application'), eq(auditLog.entityId, String(id))));

describe('deciding on wholesale applications', () => {
  it('shows the GSTIN check: format, check character, and its state against the location', async () => {
    const { id } = await applyingShop('check@example.com');
    const res = await manager.call('GET', '/api/admin/wholesale/applications?status=pending');
    const found = res.json().applications.find((a: { id: number }) => a.id === id) as Record<
      string,
      unknown
    >;
    expect(found.gstin_check).toEqual({
      format_ok: true,
      checksum_ok: true,
      gstin_state: 'Karnataka',
      location_state: 'Kerala',
      state_matches: false,
    });
    expect(found.price_list).toBeNull();
  });

  it('approves onto a price list: audited, mailed, and the status call says approved', async () => {
    const { shopper, id } = await applyingShop('approve@example.com');
    const refused = await support.call('POST', `/api/admin/wholesale/applications/${id}/approve`, {
      price_list_id: listId,
    });
    expect(refused.statusCode).toBe(403);
    expect(await auditOf(id)).toEqual([]);

    const res = await manager.call('POST', `/api/admin/wholesale/applications/${id}/approve`, {
      price_list_id: listId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().application).toMatchObject({
      status: 'approved',
      price_list: { id: listId, name: 'Club shops' },
      reject_reason: null,
      decided_at: expect.any(String),
    });
    const audit = await auditOf(id);
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      [
        'approve',
        { status: 'pending', price_list_id: null, reject_reason: null },
        { status: 'approved', price_list_id: listId, reject_reason: null },
      ],
    ]);
    expect((await outboxRows(t.db, 'approve@example.com')).map((m) => m.template)).toEqual([
      'wholesale-decided',
    ]);
    const status = await wholesaleCall(shopper, { status: '' });
    expect(status.json()).toEqual({
      code: 100,
      status: 'approved',
      message: WHOLESALE_STATUS_MESSAGES.approved,
    });
  });

  it('refuses a price list that does not exist, changing nothing', async () => {
    const { id } = await applyingShop('nolist@example.com');
    const res = await manager.call('POST', `/api/admin/wholesale/applications/${id}/approve`, {
      price_list_id: 999_999,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Price list not found.' });
    const [row] = await t.db
      .select()
      .from(wholesaleApplications)
      .where(eq(wholesaleApplications.id, id));
    expect(row?.status).toBe('pending');
    expect(await outboxRows(t.db, 'nolist@example.com')).toEqual([]);
  });

  it('rejects with a reason; the shop sees why, and may apply again', async () => {
    const { shopper, id } = await applyingShop('reject@example.com');
    const blank = await manager.call('POST', `/api/admin/wholesale/applications/${id}/reject`, {
      reason: '  ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toContain('Please give the shop a reason.');
    const forbidden = await support.call('POST', `/api/admin/wholesale/applications/${id}/reject`, {
      reason: 'No.',
    });
    expect(forbidden.statusCode).toBe(403);

    const reason = 'The GSTIN is registered in Karnataka, not Kerala.';
    const res = await manager.call('POST', `/api/admin/wholesale/applications/${id}/reject`, {
      reason,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().application).toMatchObject({
      status: 'rejected',
      reject_reason: reason,
      price_list: null,
    });
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['reject']);
    expect((await outboxRows(t.db, 'reject@example.com')).map((m) => m.template)).toEqual([
      'wholesale-decided',
    ]);
    const again = await manager.call('POST', `/api/admin/wholesale/applications/${id}/reject`, {
      reason,
    });
    expect(again.statusCode).toBe(409);

    const status = await wholesaleCall(shopper, { status: '' });
    expect(status.json()).toEqual({
      code: 0,
      status: 'rejected',
      message: `Your last wholesale application was not approved: ${reason} You may apply again.`,
    });

    const reapplied = await wholesaleCall(shopper, { ...form, gst: '32AABCK1234F1Z8' });
    expect(reapplied.statusCode, reapplied.body).toBe(200);
    expect(reapplied.json()).toEqual({
      code: 100,
      status: 'pending',
      message: WHOLESALE_STATUS_MESSAGES.pending,
    });
    const [row] = await t.db
      .select()
      .from(wholesaleApplications)
      .where(eq(wholesaleApplications.userId, shopper.id));
    expect(row).toMatchObject({ id, gst: '32AABCK1234F1Z8', rejectReason: null });
  });

  it('keeps the registered business entered at approval: its pincode in its state, the GSTIN’s state', async () => {
    const { id } = await applyingShop('registered@example.com');
    const business = {
      legal_name: 'Malabar Sports Private Limited',
      street: '12 MG Road',
      city: 'Bengaluru',
      pincode: '560001',
      state: 'Karnataka',
    };
    const approve = (body: Record<string, unknown>) =>
      manager.call('POST', `/api/admin/wholesale/applications/${id}/approve`, {
        price_list_id: listId,
        ...body,
      });
    const elsewhere = await approve({ registered: { ...business, pincode: '673004' } });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual({ error: 'Pincode 673004 is in Kerala, not Karnataka.' });
    // The GSTIN (29…) is registered in Karnataka: a Kerala address is not its registered one.
    const otherState = await approve({
      registered: { ...business, city: 'Kozhikode', pincode: '673004', state: 'Kerala' },
    });
    expect(otherState.statusCode).toBe(400);
    expect(otherState.json()).toEqual({
      error: 'GSTIN 29ABCDE1234F1ZW is registered in Karnataka (29), not Kerala.',
    });
    const short = await approve({ registered: { ...business, pincode: '5600' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toContain('Please enter a 6-digit pincode.');
    const unknown = await approve({ registered: { ...business, state: 'Atlantis' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toContain('Please choose the state.');
    const [pending] = await t.db
      .select()
      .from(wholesaleApplications)
      .where(eq(wholesaleApplications.id, id));
    expect(pending).toMatchObject({ status: 'pending', registered: null });

    const approved = await approve({ registered: { ...business, street: ' 12 MG Road ' } });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().application).toMatchObject({ status: 'approved', registered: business });
    const [audit] = await auditOf(id);
    expect(audit?.after).toMatchObject({ status: 'approved', registered: business });
    // Moving the shop to another list without the business keeps the one entered.
    const other = await createPriceList(t.db, { name: 'Academies' });
    const moved = await manager.call('POST', `/api/admin/wholesale/applications/${id}/approve`, {
      price_list_id: other,
    });
    expect(moved.json().application).toMatchObject({
      price_list: { id: other, name: 'Academies' },
      registered: business,
    });
    const listed = await manager.call('GET', '/api/admin/wholesale/applications?status=approved');
    expect(listed.json().applications.find((a: { id: number }) => a.id === id).registered).toEqual(
      business,
    );
  });

  it('responds 404 for an application that does not exist', async () => {
    const res = await manager.call('POST', '/api/admin/wholesale/applications/999999/reject', {
      reason: 'Gone.',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Wholesale application not found.' });
  });
});
