// The shopper's order page and their own cancellation, through the HTTP calls (PGlite, and
// PostgreSQL with TEST_DATABASE=postgres): orders.php shows the timeline from the order's
// events (without staff notes or names), whether the order may be canceled, and the return
// window; order_cancel.php cancels the shopper's own order before it is packed, refunds a
// paid one in full, and refuses anything else with a 4xx {error}, changing nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import type { Actor } from '../staff/index.js';
import { paidOrder, shopper, stockOf, type Shopper } from '../test/checkout.js';
import { createProduct } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createStaff } from '../test/staff.js';
import * as fulfilment from '../fulfilment/index.js';
import { orderContexts, type OrderContext } from '../orders/index.js';

let t: TestApp;
let ctx: OrderContext;
let jersey: number; // ₹1,299; one to Kerala is ₹1,359
let s: Shopper;
let packer: Actor;

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  ctx = orderContexts({ database: t.database, config: t.config })(t.app.log);
  jersey = await createProduct(t.db, { pricePaise: 129_900, sizes: { M: 20, L: 5, XL: 0 } });
  s = await shopper(t);
  packer = { staffId: (await createStaff(t.db, 'packer')).id, ip: '10.0.0.1' };
});
afterAll(() => t?.close());

const buy = (who = s) => paidOrder(t, who, [{ product_id: jersey, size: 'M', quantity: 1 }], 1359);
const page = (who: Shopper, orderId: number) =>
  who.post('/api/orders.php', { user_id: who.id, order_id: orderId });
const cancel = (who: Shopper, orderId: number, reason?: string) =>
  who.post('/api/order_cancel.php', { user_id: who.id, order_id: orderId, reason });
const steps = (body: { timeline: { step: string }[] }) => body.timeline.map((e) => e.step);
const eventCount = async (orderId: number) =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM order_events WHERE order_id = ${orderId}`,
    )
  )[0]!.n;

const shipment = {
  courierName: 'Delhivery',
  trackingId: 'DLV123456789',
  trackingLink: 'https://www.delhivery.com/track/package/DLV123456789',
  expectedDate: '2026-12-03',
};

describe('the order page (orders.php)', () => {
  it('shows a paid order that may still be canceled, with its first steps', async () => {
    const id = await buy();
    const res = await page(s, id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.can_cancel).toBe(true);
    expect(body.return_until).toBeNull();
    expect(body.return_options).toBeNull();
    expect(body.returns).toEqual([]);
    expect(body.timeline).toEqual([
      {
        step: 'placed',
        at: expect.any(String),
        note: null,
        amount: null,
        courier_name: null,
        tracking_id: null,
        tracking_link: null,
        return_id: null,
        kind: null,
      },
      expect.objectContaining({ step: 'paid', note: null }),
    ]);
  });

  it('follows the order to delivery: packed, shipped with the parcel, delivered, then the return window', async () => {
    const id = await buy();
    await fulfilment.packOrders(ctx, packer, [id]);
    expect((await page(s, id)).json().can_cancel).toBe(false);
    await fulfilment.shipOrder(ctx, packer, id, shipment);
    await fulfilment.addOrderNote(
      t.db,
      packer,
      id,
      'Shopper rang: leave at the gate, NOT FOR SHOPPER',
    );
    await fulfilment.deliverOrder(ctx, packer, id);

    const res = await page(s, id);
    const body = res.json();
    expect(steps(body)).toEqual(['placed', 'paid', 'packed', 'shipped', 'delivered']);
    expect(body.timeline[3]).toMatchObject({
      step: 'shipped',
      courier_name: 'Delhivery',
      tracking_id: 'DLV123456789',
      tracking_link: 'https://www.delhivery.com/track/package/DLV123456789',
    });
    // Staff notes and staff names never reach the shopper.
    expect(res.body).not.toContain('NOT FOR SHOPPER');
    expect(res.body).not.toContain('Test packer');
    expect(body.order).toMatchObject({ order_status: 'Completed', tracking_id: 'DLV123456789' });

    // The window ends at midnight in India after the 7th day following the day of delivery.
    const [delivered] = await queryRows<{ day: string }>(
      t.db,
      sql`SELECT to_char(delivered_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD') AS day
          FROM orders WHERE id = ${id}`,
    );
    const until = new Date(`${delivered!.day}T00:00:00+05:30`);
    until.setUTCDate(until.getUTCDate() + 8);
    expect(body.return_until).toBe(until.toISOString());
    expect(body.return_options).toEqual({
      items: [
        {
          order_item_id: body.order_items[0].id,
          quantity: 1,
          exchange_sizes: [
            { size: 'L', in_stock: true },
            { size: 'XL', in_stock: false },
          ],
        },
      ],
    });
    expect(body.can_cancel).toBe(false);
  });

  it('offers no return once the window is over', async () => {
    const id = await buy();
    await fulfilment.shipOrder(ctx, packer, id, shipment);
    await fulfilment.deliverOrder(ctx, packer, id);
    await t.db.execute(
      sql`UPDATE orders SET delivered_at = now() - interval '8 days' WHERE id = ${id}`,
    );
    const body = (await page(s, id)).json();
    expect(body.return_options).toBeNull();
    expect(new Date(body.return_until).getTime()).toBeLessThan(Date.now());
  });
});

describe('the shopper cancels (order_cancel.php)', () => {
  it('cancels their own paid order: Canceled, stock back, refunded in full, on the page at once', async () => {
    const before = await stockOf(t.db, jersey, 'M');
    const id = await buy();
    const res = await cancel(s, id, 'Ordered the wrong team');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.order).toMatchObject({ id, order_status: 'Canceled', payment_status: 'SUCCESS' });
    expect(body.can_cancel).toBe(false);
    expect(steps(body)).toEqual(['placed', 'paid', 'canceled', 'refund_requested', 'refunded']);
    expect(body.timeline[2]).toMatchObject({ step: 'canceled', note: 'Ordered the wrong team' });
    expect(body.timeline[4]).toMatchObject({ step: 'refunded', amount: 1359 });
    expect(await stockOf(t.db, jersey, 'M')).toBe(before);
    const [refund] = await queryRows<{ amount_paise: number; status: string }>(
      t.db,
      sql`SELECT amount_paise, status FROM refunds WHERE order_id = ${id}`,
    );
    expect(refund).toEqual({ amount_paise: 135_900, status: 'processed' });
  });

  it('says what was refunded and when, in the list and on the page', async () => {
    const who = await shopper(t);
    const canceled = await buy(who);
    const partly = await buy(who);
    const kept = await buy(who);
    const cash = await buy(who);
    expect((await cancel(who, canceled)).statusCode).toBe(200);
    const payment = async (orderId: number) =>
      (
        await queryRows<{ id: number }>(
          t.db,
          sql`SELECT id FROM payments WHERE order_id = ${orderId} AND status = 'paid'`,
        )
      )[0]!.id;
    const refund = async (orderId: number, paise: number, key: string, status: string) =>
      t.db.execute(
        sql`INSERT INTO refunds (order_id, payment_id, provider, amount_paise, idempotency_key,
                                 status, processed_at)
            VALUES (${orderId}, ${await payment(orderId)}, 'sandbox', ${paise}, ${key}, ${status},
                    ${status === 'processed' ? '2026-11-27T10:00:00Z' : null}::timestamptz)`,
      );
    await refund(partly, 50_000, `part-${partly}`, 'processed');
    await refund(partly, 20_000, `failed-${partly}`, 'failed');
    await refund(partly, 10_000, `pending-${partly}`, 'pending');
    // A second payment given back is not a refund of the order.
    await refund(kept, 135_900, `extra-payment-${kept}`, 'processed');
    // Cash on delivery's refund is a payout, with no payment.
    await t.db.execute(
      sql`INSERT INTO refunds (order_id, method, provider, amount_paise, idempotency_key, status,
                               payout_to, processed_at)
          VALUES (${cash}, 'payout', 'payout', 30000, ${`payout-${cash}`}, 'processed',
                  '{"method":"upi","upi_id":"fan@okaxis"}'::jsonb, '2026-11-28T09:30:00Z')`,
    );

    const list = await who.post('/api/orders.php', { user_id: who.id });
    expect(list.statusCode, list.body).toBe(200);
    const byId = new Map(
      list
        .json<{ orders: { id: number; refunded_amount: string; refunded_at: string | null }[] }>()
        .orders.map((o) => [o.id, o]),
    );
    expect(byId.get(canceled)).toMatchObject({
      order_status: 'Canceled',
      refunded_amount: '1359.00',
      refunded_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(byId.get(partly)).toMatchObject({
      refunded_amount: '500.00',
      refunded_at: '2026-11-27T10:00:00.000Z',
    });
    expect(byId.get(kept)).toMatchObject({ refunded_amount: '0.00', refunded_at: null });
    expect(byId.get(cash)).toMatchObject({
      refunded_amount: '300.00',
      refunded_at: '2026-11-28T09:30:00.000Z',
    });
    const detail = (await page(who, partly)).json();
    expect(detail.order).toMatchObject({
      refunded_amount: '500.00',
      refunded_at: '2026-11-27T10:00:00.000Z',
    });
    expect((await page(who, canceled)).json().order.refunded_amount).toBe('1359.00');
  });

  it('cancels without a reason as "Canceled at your request"', async () => {
    const id = await buy();
    const body = (await cancel(s, id)).json();
    expect(body.timeline[2]).toMatchObject({ step: 'canceled', note: 'Canceled at your request' });
  });

  it('responds 404 for another shopper’s order and changes nothing', async () => {
    const id = await buy();
    const other = await shopper(t);
    const events = await eventCount(id);
    const res = await cancel(other, id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Order not found.' });
    expect((await page(s, id)).json().order.order_status).toBe('Processing');
    expect(await eventCount(id)).toBe(events);
  });

  it('responds 403 when user_id is not the session’s, and 400 for a reason too long', async () => {
    const id = await buy();
    const other = await shopper(t);
    const res = await s.post('/api/order_cancel.php', { user_id: other.id, order_id: id });
    expect(res.statusCode).toBe(403);
    const long = await cancel(s, id, 'x'.repeat(301));
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toContain('reason is at most 300 characters');
    expect((await page(s, id)).json().order.order_status).toBe('Processing');
  });

  it('refuses a packed order and a shipped one with 409, changing nothing', async () => {
    const packed = await buy();
    await fulfilment.packOrders(ctx, packer, [packed]);
    const shipped = await buy();
    await fulfilment.shipOrder(ctx, packer, shipped, shipment);
    for (const id of [packed, shipped]) {
      const events = await eventCount(id);
      const res = await cancel(s, id, 'Changed my mind');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error:
          'This order is already packed, so it can no longer be canceled. You can ask for a return once it is delivered.',
      });
      expect(await eventCount(id)).toBe(events);
      const refunds = await queryRows<{ id: number }>(
        t.db,
        sql`SELECT id FROM refunds WHERE order_id = ${id}`,
      );
      expect(refunds).toEqual([]);
    }
    expect((await page(s, packed)).json().order.order_status).toBe('Processing');
    expect((await page(s, shipped)).json().order.order_status).toBe('Shipped');
  });

  it('refuses an order canceled already with 409', async () => {
    const id = await buy();
    await cancel(s, id);
    const again = await cancel(s, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(`Order #${id} is canceled, so it cannot be canceled.`);
  });
});
