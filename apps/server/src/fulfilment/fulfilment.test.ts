// An order's life after checkout, through the fulfilment service on a real database (PGlite,
// and PostgreSQL with TEST_DATABASE=postgres): each step moves the order, writes its event,
// ledger rows, audit entry and outbox mail together, or refuses and changes nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import { Conflict } from '../domain-errors.js';
import { httpStatusOf } from '../http/index.js';
import type { Actor } from '../staff/index.js';
import { orderBody, paidOrder, shopper, stockOf, type Shopper } from '../test/checkout.js';
import { createCoupon, createProduct } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createStaff } from '../test/staff.js';
import * as fulfilment from './fulfilment.service.js';
import { orderContexts, type OrderContext } from '../orders/index.js';
import { releaseExpiredOrders } from '../checkout/index.js';

let t: TestApp;
let ctx: OrderContext;
let jersey: number; // ₹1,299; one to Kerala is ₹1,359
let s: Shopper;
let packer: Actor;
let manager: Actor;

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  ctx = orderContexts({ database: t.database, config: t.config })(t.app.log);
  jersey = await createProduct(t.db, { pricePaise: 129_900, sizes: { M: 10, L: 10 } });
  s = await shopper(t);
  packer = { staffId: (await createStaff(t.db, 'packer')).id, ip: '10.0.0.1' };
  manager = { staffId: (await createStaff(t.db, 'manager')).id, ip: '10.0.0.2' };
});
afterAll(() => t?.close());

const one = { product_id: 0, size: 'M', quantity: 1 };
const buy = (who = s, size = 'M', quantity = 1, amount = 1359) =>
  paidOrder(t, who, [{ ...one, product_id: jersey, size, quantity }], amount);

async function order(id: number) {
  const [row] = await queryRows<{
    order_status: string;
    payment_status: string;
    packed_at: Date | null;
    courier_name: string | null;
    tracking_id: string | null;
    tracking_link: string | null;
    expected_date: string | null;
    cancel_reason: string | null;
  }>(
    t.db,
    sql`SELECT order_status, payment_status, packed_at, courier_name, tracking_id,
               tracking_link, expected_date::text AS expected_date, cancel_reason
        FROM orders WHERE id = ${id}`,
  );
  return row!;
}
const events = async (id: number) =>
  (
    await queryRows<{ type: string; actor: string; staff_id: number | null; note: string }>(
      t.db,
      sql`SELECT type, actor, staff_id, note FROM order_events WHERE order_id = ${id} ORDER BY id`,
    )
  ).map((e) => e.type);
const outboxTemplates = async (id: number) =>
  (
    await queryRows<{ template: string }>(
      t.db,
      sql`SELECT template FROM outbox WHERE order_id = ${id} ORDER BY id`,
    )
  ).map((r) => r.template);
const refundsOf = (id: number) =>
  queryRows<{ amount_paise: number; status: string; provider_refund_id: string | null }>(
    t.db,
    sql`SELECT amount_paise, status, provider_refund_id FROM refunds WHERE order_id = ${id} ORDER BY id`,
  );

async function refusal(p: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await p;
  } catch (err) {
    const status = httpStatusOf(err);
    if (err instanceof Error && status) return { status, message: err.message };
    throw err;
  }
  throw new Error('expected a refusal');
}

const shipment = {
  courierName: 'Delhivery',
  trackingId: 'DLV123456789',
  trackingLink: 'https://www.delhivery.com/track/package/DLV123456789',
  expectedDate: '2026-12-03',
};

describe('pack, ship, deliver', () => {
  it('takes a paid order to Completed, with its timeline, audit entries and mails', async () => {
    const id = await buy();
    expect(await order(id)).toMatchObject({ order_status: 'Processing', packed_at: null });

    expect(await fulfilment.packOrders(ctx, packer, [id])).toEqual({ packed: [id], refused: [] });
    expect((await order(id)).packed_at).not.toBeNull();
    await fulfilment.shipOrder(ctx, packer, id, shipment);
    expect(await order(id)).toMatchObject({
      order_status: 'Shipped',
      courier_name: 'Delhivery',
      tracking_id: 'DLV123456789',
      tracking_link: 'https://www.delhivery.com/track/package/DLV123456789',
      expected_date: '2026-12-03',
    });
    await fulfilment.deliverOrder(ctx, packer, id);
    expect((await order(id)).order_status).toBe('Completed');

    expect(await events(id)).toEqual(['placed', 'paid', 'packed', 'shipped', 'delivered']);
    const templates = await outboxTemplates(id);
    expect(templates).toContain('order-shipped');
    expect(templates).toContain('order-delivered');
    const audit = await queryRows<{ action: string; staff_id: number; ip: string }>(
      t.db,
      sql`SELECT action, staff_id, ip FROM audit_log WHERE entity = 'order' AND entity_id = ${String(id)} ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['pack', 'ship', 'deliver']);
    expect(audit.every((a) => a.staff_id === packer.staffId && a.ip === '10.0.0.1')).toBe(true);
  });

  it('packs many at once and says why the others were not packed', async () => {
    const a = await buy();
    const b = await buy();
    const unpaid = await s.post(
      '/api/process_order.php',
      orderBody(s.id, [{ product_id: jersey, size: 'L', quantity: 1 }], 1359),
    );
    const c = unpaid.json().order_id as number;
    await fulfilment.packOrders(ctx, packer, [b]);
    const result = await fulfilment.packOrders(ctx, packer, [a, b, c, 999_999]);
    expect(result.packed).toEqual([a]);
    expect(result.refused).toEqual([
      { order_id: b, error: `Order #${b} is packed, so it cannot be packed.` },
      { order_id: c, error: `Order #${c} is waiting for payment, so it cannot be packed.` },
      { order_id: 999_999, error: 'Order not found.' },
    ]);
  });

  it('refuses steps out of order and changes nothing', async () => {
    const id = await buy();
    const before = await events(id);
    expect(await refusal(fulfilment.deliverOrder(ctx, packer, id))).toEqual({
      status: 409,
      message: `Order #${id} is being prepared, so it cannot be marked delivered.`,
    });
    await fulfilment.shipOrder(ctx, packer, id, shipment);
    expect(
      await refusal(
        fulfilment.packOrders(ctx, packer, [id]).then((r) => {
          if (r.refused.length) throw new Conflict(r.refused[0]!.error);
        }),
      ),
    ).toMatchObject({ status: 409 });
    expect(
      await refusal(fulfilment.cancelOrder(ctx, { staff: manager }, id, 'Customer called')),
    ).toEqual({
      status: 409,
      message: `Order #${id} is shipped, so it cannot be canceled.`,
    });
    expect(await order(id)).toMatchObject({ order_status: 'Shipped', cancel_reason: null });
    expect(await events(id)).toEqual([...before, 'shipped']);
    expect(await refusal(fulfilment.shipOrder(ctx, packer, 999_999, shipment))).toEqual({
      status: 404,
      message: 'Order not found.',
    });
  });
});

describe('cancel', () => {
  it('a paid order canceled by the shop: stock back through the ledger, coupon use back, refunded in full', async () => {
    const coupon = await createCoupon(t.db, { kind: 'flat', value: 10_000, maxUses: 1 });
    const stockBefore = await stockOf(t.db, jersey, 'L');
    // 2 × ₹1,299 + ₹60 − ₹100 = ₹2,558
    const id = await paidOrder(t, s, [{ product_id: jersey, size: 'L', quantity: 2 }], 2558, {
      coupon_code: coupon.code,
    });
    expect(await stockOf(t.db, jersey, 'L')).toBe(stockBefore - 2);

    await fulfilment.cancelOrder(ctx, { staff: manager }, id, 'Out of stock at the warehouse');

    expect(await order(id)).toMatchObject({
      order_status: 'Canceled',
      payment_status: 'SUCCESS',
      cancel_reason: 'Out of stock at the warehouse',
    });
    expect(await stockOf(t.db, jersey, 'L')).toBe(stockBefore);
    const ledger = await queryRows<{
      delta: number;
      stock_after: number;
      reason: string;
      staff_id: number;
    }>(
      t.db,
      sql`SELECT delta, stock_after, reason, staff_id FROM stock_ledger
          WHERE order_id = ${id} ORDER BY id`,
    );
    expect(ledger.at(-1)).toEqual({
      delta: 2,
      stock_after: stockBefore,
      reason: 'release',
      staff_id: manager.staffId,
    });
    const uses = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM coupon_redemptions WHERE order_id = ${id}`,
    );
    expect(uses[0]!.n).toBe(0);
    const [refund] = await refundsOf(id);
    expect(refund).toMatchObject({ amount_paise: 255_800, status: 'processed' });
    expect(refund!.provider_refund_id).toMatch(/^sbxrfnd_/);
    expect(await events(id)).toEqual([
      'placed',
      'paid',
      'canceled',
      'refund_requested',
      'refunded',
    ]);
    const templates = await outboxTemplates(id);
    expect(templates).toContain('order-canceled');
    expect(templates).toContain('order-refunded');
  });

  it('a shopper cancels their own order before packing, not after, and never another’s', async () => {
    const id = await buy();
    const other = await shopper(t);
    expect(await refusal(fulfilment.cancelOrder(ctx, { userId: other.id }, id, ''))).toEqual({
      status: 404,
      message: 'Order not found.',
    });
    await fulfilment.cancelOrder(ctx, { userId: s.id }, id, '');
    expect(await order(id)).toMatchObject({
      order_status: 'Canceled',
      cancel_reason: 'Canceled at your request',
    });
    expect((await refundsOf(id))[0]).toMatchObject({ amount_paise: 135_900, status: 'processed' });

    const packed = await buy();
    await fulfilment.packOrders(ctx, packer, [packed]);
    const refused = await refusal(fulfilment.cancelOrder(ctx, { userId: s.id }, packed, ''));
    expect(refused.status).toBe(409);
    expect(refused.message).toContain('already packed');
    expect((await order(packed)).order_status).toBe('Processing');
  });

  it('an unpaid order canceled by its shopper gives its stock back, and a payment after that is refunded', async () => {
    const stockBefore = await stockOf(t.db, jersey, 'M');
    const placed = await s.post(
      '/api/process_order.php',
      orderBody(s.id, [{ product_id: jersey, size: 'M', quantity: 1 }], 1359),
    );
    const { order_id: id, payment_url: page } = placed.json();
    await fulfilment.cancelOrder(ctx, { userId: s.id }, id, 'Ordered the wrong size');
    expect(await stockOf(t.db, jersey, 'M')).toBe(stockBefore);
    expect(await refundsOf(id)).toEqual([]);

    // The shopper still had the payment page open and paid on it.
    const submitted = await t.app.inject({
      method: 'POST',
      url: page,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'result=paid',
    });
    await t.app.inject({ method: 'GET', url: submitted.headers.location as string });
    expect(await order(id)).toMatchObject({ order_status: 'Canceled', payment_status: 'SUCCESS' });
    expect(await stockOf(t.db, jersey, 'M')).toBe(stockBefore);
    expect((await refundsOf(id))[0]).toMatchObject({ amount_paise: 135_900, status: 'processed' });
  });

  it('the sweep cancels unpaid orders once they can no longer be paid', async () => {
    const placed = await s.post(
      '/api/process_order.php',
      orderBody(s.id, [{ product_id: jersey, size: 'M', quantity: 1 }], 1359),
    );
    const id = placed.json().order_id as number;
    await t.db.execute(
      sql`UPDATE orders SET created_at = now() - interval '8 days',
                 reserved_until = now() - interval '8 days' WHERE id = ${id}`,
    );
    await releaseExpiredOrders(t.db);
    expect(await order(id)).toMatchObject({
      order_status: 'Canceled',
      cancel_reason: 'Not paid in time',
    });
    expect(await events(id)).toEqual(['placed', 'canceled']);
  });
});

describe('refunds by staff', () => {
  it('refunds in parts up to what was paid, and a key twice is one refund', async () => {
    const id = await buy();
    const first = await fulfilment.refundOrder(ctx, manager, id, {
      amountPaise: 50_000,
      reason: 'Late delivery',
      key: `test-${id}-first`,
    });
    expect(first).toMatchObject({ amount_paise: 50_000, status: 'processed' });
    const again = await fulfilment.refundOrder(ctx, manager, id, {
      amountPaise: 50_000,
      reason: 'Late delivery',
      key: `test-${id}-first`,
    });
    expect(again.id).toBe(first.id);
    expect(
      await refusal(
        fulfilment.refundOrder(ctx, manager, id, {
          amountPaise: 90_000,
          reason: 'More',
          key: `test-${id}-second`,
        }),
      ),
    ).toEqual({
      status: 409,
      message: `At most ₹859 can still be refunded on order #${id}.`,
    });
    await fulfilment.refundOrder(ctx, manager, id, {
      amountPaise: 85_900,
      reason: 'The rest',
      key: `test-${id}-third`,
    });
    expect(
      await refusal(
        fulfilment.refundOrder(ctx, manager, id, {
          amountPaise: 100,
          reason: 'More',
          key: `test-${id}-fourth`,
        }),
      ),
    ).toEqual({ status: 409, message: `Order #${id} is already refunded in full.` });
    expect((await refundsOf(id)).map((r) => r.amount_paise)).toEqual([50_000, 85_900]);
  });

  it('two full refunds asked at once make one refund', async () => {
    const id = await buy();
    const results = await Promise.allSettled(
      ['a', 'b', 'c'].map((k) =>
        fulfilment.refundOrder(ctx, manager, id, {
          amountPaise: 135_900,
          reason: 'Duplicate order',
          key: `race-${id}-${k}-key`,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await refundsOf(id)).toHaveLength(1);
  });

  it('refuses a refund of an unpaid order', async () => {
    const placed = await s.post(
      '/api/process_order.php',
      orderBody(s.id, [{ product_id: jersey, size: 'M', quantity: 1 }], 1359),
    );
    const id = placed.json().order_id as number;
    expect(
      await refusal(
        fulfilment.refundOrder(ctx, manager, id, {
          amountPaise: 100,
          reason: 'x',
          key: `unpaid-${id}-key`,
        }),
      ),
    ).toEqual({ status: 409, message: `Order #${id} is not paid, so there is nothing to refund.` });
  });
});
