// Refunds in the back office over HTTP, on the sandbox (which refunds at once): who may
// refund, what a bad amount or an amount above what is left is told, the audit entry, and the
// list with the refunds still open past the policy's 7 days first. Runs on PGlite, and on
// PostgreSQL with TEST_DATABASE=postgres.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { ageRefund, createRefundableOrder } from '../test/refund-factories.js';
import { createStaff, type TestStaff } from '../test/staff.js';

let t: TestApp;
let managerStaff: TestStaff;
let manager: AdminClient;

const client = async (role: 'packer' | 'support' | 'owner') =>
  adminClient(t.app, new URL(t.config.publicUrl).origin, (await createStaff(t.db, role)).cookie);

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  managerStaff = await createStaff(t.db, 'manager');
  manager = adminClient(t.app, new URL(t.config.publicUrl).origin, managerStaff.cookie);
});
afterAll(() => t?.close());

const refund = (
  orderId: number,
  body: { amount?: unknown; reason?: unknown; idempotency_key?: unknown } = {},
  as = manager,
) =>
  as.call('POST', `/api/admin/orders/${orderId}/refunds`, {
    amount: '100',
    reason: 'Late delivery',
    idempotency_key: randomUUID(),
    ...body,
  });

const refundCount = async () =>
  (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM refunds`))[0]!.n;
const refundAudits = async (orderId: number) =>
  queryRows<{ action: string; staff_id: number; after: Record<string, unknown> }>(
    t.db,
    sql`SELECT action, staff_id, after FROM audit_log
        WHERE entity = 'order' AND entity_id = ${String(orderId)} ORDER BY id`,
  );

describe('refunding an order', () => {
  it('refunds at once on the sandbox, audited, and a key again is the same refund', async () => {
    const order = await createRefundableOrder(t.db); // ₹1,359
    const key = randomUUID();
    const res = await refund(order.id, { amount: '₹499.50', idempotency_key: key });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      refund: {
        order_id: order.id,
        amount_paise: 49_950,
        status: 'processed',
        provider: 'sandbox',
        provider_refund_id: expect.stringMatching(/^sbxrfnd_/),
        reason: 'Late delivery',
        requested_by: { id: managerStaff.id },
        processed_at: expect.any(String),
      },
      refundable_paise: 85_950,
    });
    const again = await refund(order.id, { amount: '499.50', idempotency_key: key });
    expect(again.json().refund.id).toBe(res.json().refund.id);
    expect(await refundAudits(order.id)).toEqual([
      {
        action: 'refund',
        staff_id: managerStaff.id,
        after: { refund_id: res.json().refund.id, amount_paise: 49_950, reason: 'Late delivery' },
      },
    ]);
    const changed = await refund(order.id, { amount: '10', idempotency_key: key });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toEqual({
      error: 'This refund key was already used for a different refund.',
    });
  });

  it('refuses, and changes nothing: above what is left, an unpaid or unknown order, a bad amount, reason or key', async () => {
    const order = await createRefundableOrder(t.db);
    const before = await refundCount();
    const cases: [object, number, string][] = [
      [{ amount: '1,360' }, 409, `At most ₹1,359 can still be refunded on order #${order.id}.`],
      [
        { amount: 'five hundred' },
        400,
        'Invalid request: amount: amount must be rupees, like 499.50',
      ],
      [{ amount: '12.345' }, 400, 'Invalid request: amount: amount must be rupees, like 499.50'],
      [{ amount: '0' }, 400, 'Invalid request: amount: amount must be more than ₹0'],
      [{ amount: 500 }, 400, 'Invalid request: amount: amount must be rupees, like 499.50'],
      [{ reason: ' a ' }, 400, 'Invalid request: reason: reason must be at least 3 characters'],
      [
        { reason: 'x'.repeat(301) },
        400,
        'Invalid request: reason: reason must be at most 300 characters',
      ],
      [
        { idempotency_key: 'short' },
        400,
        'Invalid request: idempotency_key: idempotency_key must be 10 to 58 letters, digits, - or _ (a UUID will do)',
      ],
    ];
    for (const [body, status, error] of cases) {
      const res = await refund(order.id, body);
      expect([res.statusCode, res.json()], JSON.stringify(body)).toEqual([status, { error }]);
    }
    const unknown = await refund(999_999);
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { error: 'Order not found.' }]);
    const unpaid = await createRefundableOrder(t.db);
    await t.db.execute(
      sql`UPDATE orders SET payment_status = 'UNPAID', order_status = 'Pending'
          WHERE id = ${unpaid.id}`,
    );
    const refused = await refund(unpaid.id);
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      { error: `Order #${unpaid.id} is not paid, so there is nothing to refund.` },
    ]);
    expect(await refundCount()).toBe(before);
    expect(await refundAudits(order.id)).toEqual([]);
  });

  it('is for owners and managers: a packer and support get 403', async () => {
    const order = await createRefundableOrder(t.db);
    for (const role of ['packer', 'support'] as const) {
      const res = await refund(order.id, {}, await client(role));
      expect([res.statusCode, res.json()]).toEqual([
        403,
        { error: 'Your role does not allow this.' },
      ]);
      const list = await (await client(role)).call('GET', '/api/admin/refunds');
      expect(list.statusCode).toBe(403);
    }
    const owner = await refund(order.id, {}, await client('owner'));
    expect(owner.statusCode).toBe(200);
  });
});

describe('the refunds list', () => {
  it('lists refunds newest first, and those open past 7 days oldest first', async () => {
    const ids: number[] = [];
    for (const name of ['Anjali Nair', 'Rahul Das', 'Meera Pillai', 'Vikram Rao']) {
      const order = await createRefundableOrder(t.db, name);
      ids.push((await refund(order.id, { amount: '200' })).json().refund.id);
    }
    const [tenDays, eightDays, processedLongAgo, twoDays] = ids as [number, number, number, number];
    await ageRefund(t.db, tenDays, 10, 'requested');
    await ageRefund(t.db, eightDays, 8, 'pending');
    await ageRefund(t.db, processedLongAgo, 9, 'processed');
    await ageRefund(t.db, twoDays, 2, 'pending');

    const overdue = await manager.call('GET', '/api/admin/refunds?overdue=true');
    expect(overdue.statusCode, overdue.body).toBe(200);
    expect(overdue.json()).toEqual({
      refunds: [
        expect.objectContaining({
          id: tenDays,
          status: 'requested',
          shopper_name: 'Anjali Nair',
          amount_paise: 20_000,
          age_days: 10,
          overdue: true,
        }),
        expect.objectContaining({
          id: eightDays,
          status: 'pending',
          shopper_name: 'Rahul Das',
          age_days: 8,
          overdue: true,
        }),
      ],
      overdue_count: 2,
      next_after: null,
    });

    const all = (await manager.call('GET', '/api/admin/refunds?limit=200')).json();
    const mine = all.refunds.filter((r: { id: number }) => ids.includes(r.id));
    expect(mine.map((r: { id: number }) => r.id)).toEqual([...ids].reverse());
    expect(mine.map((r: { overdue: boolean }) => r.overdue)).toEqual([false, false, true, true]);
    expect(all.overdue_count).toBe(2);

    const pending = (await manager.call('GET', '/api/admin/refunds?status=pending')).json();
    expect(pending.refunds.map((r: { id: number }) => r.id)).toEqual([twoDays, eightDays]);

    const first = (await manager.call('GET', '/api/admin/refunds?overdue=true&limit=1')).json();
    expect(first.refunds.map((r: { id: number }) => r.id)).toEqual([tenDays]);
    expect(first.next_after).toBe(tenDays);
    const second = (
      await manager.call('GET', `/api/admin/refunds?overdue=true&limit=1&after=${tenDays}`)
    ).json();
    expect(second.refunds.map((r: { id: number }) => r.id)).toEqual([eightDays]);
    expect(second.next_after).toBeNull();

    const bad = await manager.call('GET', '/api/admin/refunds?status=lost&overdue=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^Invalid querystring request: /);
  });
});
