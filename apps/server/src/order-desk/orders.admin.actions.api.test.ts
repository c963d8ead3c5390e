// Orders in the back office, the actions: mark packed in bulk, ship with tracking, mark
// delivered, cancel with a reason (a paid order refunded in full), and notes — each answered
// with the order as it now is, and refused with a clear 4xx that changes nothing: a step the
// state machine does not allow (409), a role without the right (403), an unknown order (404),
// bad input (400). Orders are bought and paid through the storefront's own calls.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { paidOrder, shopper, type Shopper } from '../test/checkout.js';
import { createProduct } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createOrder } from '../test/order-factories.js';
import { createStaff, type TestStaff } from '../test/staff.js';

let t: TestApp;
let s: Shopper;
let jersey: number; // ₹1,299; one to Kerala is ₹1,359
let packerStaff: TestStaff;
let packer: AdminClient;
let support: AdminClient;
let manager: AdminClient;

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  const origin = new URL(t.config.publicUrl).origin;
  packerStaff = await createStaff(t.db, 'packer');
  packer = adminClient(t.app, origin, packerStaff.cookie);
  support = adminClient(t.app, origin, (await createStaff(t.db, 'support')).cookie);
  manager = adminClient(t.app, origin, (await createStaff(t.db, 'manager')).cookie);
  jersey = await createProduct(t.db, {
    name: 'Malabar FC Away',
    pricePaise: 129_900,
    sizes: { M: 40 },
  });
  s = await shopper(t);
});
afterAll(() => t?.close());

const buy = () => paidOrder(t, s, [{ product_id: jersey, size: 'M', quantity: 1 }], 1359);

/** What the shopper's own order page is given (orders.php). */
async function shopperView(id: number) {
  const res = await s.post('/api/orders.php', { user_id: s.id, order_id: id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order;
}

async function stateOf(id: number) {
  const [row] = await queryRows<{ order_status: string; packed_at: Date | null; events: number }>(
    t.db,
    sql`SELECT order_status, packed_at,
               (SELECT count(*)::int FROM order_events e WHERE e.order_id = o.id) AS events
          FROM orders o WHERE id = ${id}`,
  );
  return row!;
}

const auditActions = async (id: number) =>
  (
    await queryRows<{ action: string }>(
      t.db,
      sql`SELECT action FROM audit_log WHERE entity = 'order' AND entity_id = ${String(id)} ORDER BY id`,
    )
  ).map((r) => r.action);

describe('mark packed', () => {
  it('packs paid orders and says why each other one was refused', async () => {
    const a = await buy();
    const b = await buy();
    const unpaid = await createOrder(t.db, {
      userId: s.id,
      items: [{ productId: jersey, size: 'M', quantity: 1 }],
    });
    const res = await packer.call('POST', '/api/admin/orders/pack', {
      order_ids: [a, unpaid.id, b, 99_999_999],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      packed: [a, b],
      refused: [
        {
          order_id: unpaid.id,
          error: `Order #${unpaid.id} is waiting for payment, so it cannot be packed.`,
        },
        { order_id: 99_999_999, error: 'Order not found.' },
      ],
    });
    const order = (await packer.call('GET', `/api/admin/orders/${a}`)).json();
    expect(order.order).toMatchObject({ status: 'Processing', stage: 'packed' });
    expect(order.order.packed_at).toEqual(expect.any(String));
    expect(order.actions).toEqual(['ship', 'cancel']);
    expect(order.events.at(-1)).toMatchObject({
      type: 'packed',
      actor: 'staff',
      staff_name: expect.stringContaining('packer'),
    });
    expect(await auditActions(a)).toEqual(['pack']);
    // The list's filters follow: packed, no longer waiting to be packed.
    const toPack = (await packer.call('GET', '/api/admin/orders?status=to-pack&limit=200')).json();
    expect(toPack.orders.map((o: { id: number }) => o.id)).not.toContain(a);
    const packed = (await packer.call('GET', '/api/admin/orders?status=packed&limit=200')).json();
    expect(packed.orders.map((o: { id: number }) => o.id)).toEqual([b, a]);

    const again = await packer.call('POST', '/api/admin/orders/pack', { order_ids: [a] });
    expect(again.json()).toEqual({
      packed: [],
      refused: [{ order_id: a, error: `Order #${a} is packed, so it cannot be packed.` }],
    });
  });

  it('refuses bad lists with 400, and a role that may not fulfil with 403', async () => {
    const a = await buy();
    for (const [body, error] of [
      [{ order_ids: [] }, /choose at least one order/],
      [{ order_ids: [a, a] }, /each order may appear only once/],
      [{ order_ids: Array.from({ length: 201 }, (_, i) => i + 1) }, /at most 200 orders/],
      [{ order_ids: ['x'] }, /order_ids/],
      [{}, /order_ids/],
    ] as const) {
      const res = await packer.call('POST', '/api/admin/orders/pack', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatch(error);
    }
    const bySupport = await support.call('POST', '/api/admin/orders/pack', { order_ids: [a] });
    expect(bySupport.statusCode).toBe(403);
    expect((await stateOf(a)).packed_at).toBeNull();
  });
});

describe('ship and deliver', () => {
  it('ships with tracking, which the shopper then sees, and delivers', async () => {
    const id = await buy();
    await packer.call('POST', '/api/admin/orders/pack', { order_ids: [id] });
    const res = await packer.call('POST', `/api/admin/orders/${id}/ship`, {
      courier_name: ' Blue Dart ',
      tracking_id: 'BD7788990IN',
      tracking_link: 'https://www.bluedart.com/track?awb=BD7788990IN',
      expected_date: '2099-01-15',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.order).toMatchObject({
      status: 'Shipped',
      stage: 'shipped',
      courier_name: 'Blue Dart',
      tracking_id: 'BD7788990IN',
      tracking_link: 'https://www.bluedart.com/track?awb=BD7788990IN',
      expected_date: '2099-01-15',
    });
    expect(body.actions).toEqual(['deliver']);
    expect(body.events.at(-1)).toMatchObject({
      type: 'shipped',
      data: expect.objectContaining({ courier_name: 'Blue Dart', tracking_id: 'BD7788990IN' }),
    });
    expect(await shopperView(id)).toMatchObject({
      order_status: 'Shipped',
      tracking_id: 'BD7788990IN',
      tracking_link: 'https://www.bluedart.com/track?awb=BD7788990IN',
      expected_date: '2099-01-15',
    });

    const again = await packer.call('POST', `/api/admin/orders/${id}/ship`, {
      courier_name: 'DTDC',
      tracking_id: 'X1',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: `Order #${id} is shipped, so it cannot be shipped.` });

    const delivered = await packer.call('POST', `/api/admin/orders/${id}/deliver`);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().order).toMatchObject({ status: 'Completed', stage: 'completed' });
    expect(delivered.json().order.delivered_at).toEqual(expect.any(String));
    expect((await shopperView(id)).order_status).toBe('Completed');
    expect(await auditActions(id)).toEqual(['pack', 'ship', 'deliver']);
  });

  it('ships an order not yet packed, without a link or a date', async () => {
    const id = await buy();
    const res = await packer.call('POST', `/api/admin/orders/${id}/ship`, {
      courier_name: 'India Post',
      tracking_id: 'EE123456789IN',
      tracking_link: '',
      expected_date: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ status: 'Shipped', tracking_link: null });
  });

  it('refuses bad shipping details with 400 and changes nothing', async () => {
    const id = await buy();
    const ok = { courier_name: 'DTDC', tracking_id: 'D123' };
    for (const [body, error] of [
      [{ ...ok, courier_name: '  ' }, /The courier is required/],
      [{ ...ok, tracking_id: 'has spaces' }, /The tracking id may hold/],
      [{ ...ok, tracking_link: 'http://dtdc.in/t/D123' }, /The tracking link must be an https/],
      [{ ...ok, tracking_link: 'javascript:alert(1)' }, /The tracking link must be an https/],
      [{ ...ok, expected_date: '2020-01-01' }, /The expected delivery must be today or later/],
      [{ ...ok, expected_date: '2099-02-30' }, /expected_date is not a day of the calendar/],
      [{ tracking_id: 'D123' }, /The courier is required/],
    ] as const) {
      const res = await packer.call('POST', `/api/admin/orders/${id}/ship`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatch(error);
    }
    const before = await stateOf(id);
    expect(before.order_status).toBe('Processing');
    expect((await support.call('POST', `/api/admin/orders/${id}/ship`, ok)).statusCode).toBe(403);
    expect((await packer.call('POST', '/api/admin/orders/99999999/ship', ok)).json()).toEqual({
      error: 'Order not found.',
    });
    const deliverEarly = await packer.call('POST', `/api/admin/orders/${id}/deliver`);
    expect(deliverEarly.statusCode).toBe(409);
    expect(deliverEarly.json().error).toBe(
      `Order #${id} is being prepared, so it cannot be marked delivered.`,
    );
    expect(await stateOf(id)).toEqual(before);
  });
});

describe('cancel', () => {
  it('cancels a paid order with the reason and refunds it in full', async () => {
    const id = await buy();
    const res = await support.call('POST', `/api/admin/orders/${id}/cancel`, {
      reason: 'Shopper called: ordered the wrong size',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.order).toMatchObject({
      status: 'Canceled',
      stage: 'canceled',
      cancel_reason: 'Shopper called: ordered the wrong size',
    });
    expect(body.actions).toEqual([]);
    expect(body.refunds).toEqual([
      expect.objectContaining({
        amount_paise: 135_900,
        status: 'processed',
        requested_by: expect.objectContaining({ name: expect.stringContaining('support') }),
      }),
    ]);
    expect(body.refundable_paise).toBe(0);
    expect(body.events.map((e: { type: string }) => e.type)).toContain('canceled');
    expect((await shopperView(id)).order_status).toBe('Canceled');
  });

  it('lets support refund only up to the owner’s limit: above it a manager cancels', async () => {
    const origin = new URL(t.config.publicUrl).origin;
    const owner = adminClient(t.app, origin, (await createStaff(t.db, 'owner')).cookie);
    const limit = await owner.call('PATCH', '/api/admin/settings', {
      support_refund_limit_paise: 100_000,
    });
    expect(limit.statusCode, limit.body).toBe(200);
    try {
      const id = await buy();
      const bySupport = await support.call('POST', `/api/admin/orders/${id}/cancel`, {
        reason: 'Shopper called: ordered the wrong size',
      });
      expect(bySupport.statusCode).toBe(403);
      expect(bySupport.json()).toEqual({
        error: `Canceling order #${id} refunds ₹1,359, more than the ₹1,000 support may refund. Please ask a manager or the owner to cancel it.`,
      });
      expect((await stateOf(id)).order_status).toBe('Processing');
      const refunds = () => queryRows(t.db, sql`SELECT id FROM refunds WHERE order_id = ${id}`);
      expect(await refunds()).toEqual([]);
      const byManager = await manager.call('POST', `/api/admin/orders/${id}/cancel`, {
        reason: 'Shopper called: ordered the wrong size',
      });
      expect(byManager.statusCode, byManager.body).toBe(200);
      expect(await refunds()).toHaveLength(1);
      // An unpaid order refunds nothing: support cancels it whatever the limit.
      const unpaid = await createOrder(t.db, {
        userId: s.id,
        items: [{ productId: jersey, size: 'M', quantity: 1 }],
      });
      const free = await support.call('POST', `/api/admin/orders/${unpaid.id}/cancel`, {
        reason: 'Shopper asked by phone',
      });
      expect(free.statusCode, free.body).toBe(200);
    } finally {
      await owner.call('PATCH', '/api/admin/settings', { support_refund_limit_paise: 300_000 });
    }
  });

  it('refuses a packer (403), a short reason (400) and a shipped order (409)', async () => {
    const id = await buy();
    const byPacker = await packer.call('POST', `/api/admin/orders/${id}/cancel`, {
      reason: 'Out of stock',
    });
    expect(byPacker.statusCode).toBe(403);
    const short = await manager.call('POST', `/api/admin/orders/${id}/cancel`, { reason: 'no' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatch(/reason must be at least 3 characters/);
    await packer.call('POST', `/api/admin/orders/${id}/ship`, {
      courier_name: 'DTDC',
      tracking_id: 'D9',
    });
    const shipped = await manager.call('POST', `/api/admin/orders/${id}/cancel`, {
      reason: 'Too late',
    });
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json().error).toBe(`Order #${id} is shipped, so it cannot be canceled.`);
    expect((await stateOf(id)).order_status).toBe('Shipped');
    expect(
      (await manager.call('POST', '/api/admin/orders/99999999/cancel', { reason: 'Unknown' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('notes', () => {
  it('adds a note to the timeline by whoever wrote it', async () => {
    const id = await buy();
    const res = await support.call('POST', `/api/admin/orders/${id}/notes`, {
      note: '  Box dented; repacked.  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().events.at(-1)).toMatchObject({
      type: 'note',
      actor: 'staff',
      note: 'Box dented; repacked.',
      staff_name: expect.stringContaining('support'),
    });
    expect(await auditActions(id)).toEqual(['note']);
  });

  it('refuses an empty or too long note and an unknown order', async () => {
    const id = await buy();
    const before = await stateOf(id);
    for (const note of ['   ', 'x'.repeat(1001)]) {
      const res = await support.call('POST', `/api/admin/orders/${id}/notes`, { note });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/note is required|note must be at most 1000 characters/);
    }
    expect(await stateOf(id)).toEqual(before);
    const missing = await support.call('POST', '/api/admin/orders/99999999/notes', { note: 'Hi' });
    expect(missing.statusCode).toBe(404);
  });
});
