// A courier's news that comes before its booking is complete on our side (decision 087). The
// courier has the parcel, but our shipment is still 'booking': its third step failed after the
// courier booked it, or the courier's response was lost and our row has no waybill yet. The
// news is kept. When a retry completes the booking, it is applied in the order it happened:
// the shipment moves, the order's timeline and the shopper's mails follow, and a parcel already
// delivered completes the order. Nothing is applied twice, and a booking that is canceled
// instead never applies it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { outboxMails, paidOrder, shopper, type Shopper } from '../test/checkout.js';
import { createProduct } from '../test/factories.js';
import type { TestApp } from '../test/harness.js';
import { startSandboxCourierShop, type SandboxCourierShop } from '../test/sandbox-courier.js';
import { createStaff } from '../test/staff.js';

let shop: SandboxCourierShop;
let t: TestApp;
let s: Shopper;
let jersey: number;
let packer: AdminClient;

beforeAll(async () => {
  shop = await startSandboxCourierShop();
  t = shop.t;
  const origin = new URL(t.config.publicUrl).origin;
  packer = adminClient(t.app, origin, (await createStaff(t.db, 'packer')).cookie);
  jersey = await createProduct(t.db, {
    name: 'Kozhikode United Home',
    pricePaise: 99_900,
    sizes: { L: 40 },
  });
  s = await shopper(t);
});
afterAll(() => t?.close());

const buy = () => paidOrder(t, s, [{ product_id: jersey, size: 'L', quantity: 1 }], 1059);
const ship = (id: number) =>
  packer.call('POST', `/api/admin/orders/${id}/shipments`, { courier: 'sandbox' });

async function orderStatus(id: number) {
  const [row] = await queryRows<{ order_status: string }>(
    t.db,
    sql`SELECT order_status FROM orders WHERE id = ${id}`,
  );
  return row!.order_status;
}

/** The order's first shipment. */
async function shipmentOf(id: number) {
  const [row] = await queryRows<{ id: number; state: string; awb: string | null }>(
    t.db,
    sql`SELECT id, state, awb FROM shipments WHERE order_id = ${id} ORDER BY id LIMIT 1`,
  );
  return row!;
}

async function timeline(id: number) {
  const rows = await queryRows<{ type: string }>(
    t.db,
    sql`SELECT type FROM order_events WHERE order_id = ${id} ORDER BY id`,
  );
  return rows.map((r) => r.type);
}

async function mailsOf(id: number) {
  return (await outboxMails(t)).filter((m) => m.subject.includes(`#${id} `)).map((m) => m.subject);
}

/** The staff's view of the parcel's news. */
async function newsSeen(id: number) {
  const res = await packer.call('GET', `/api/admin/orders/${id}/shipments`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().shipments[0].events.map((e: { state: string }) => e.state);
}

/** One piece of news posted to our webhook as the sandbox courier posts it. */
function postNews(awb: string | null, eventId: string, state: string, location: string | null) {
  return t.app.inject({
    method: 'POST',
    url: '/api/parcel-updates/sandbox',
    payload: {
      event_id: eventId,
      awb,
      state,
      occurred_at: shop.clock.toISOString(),
      location,
      note: null,
    },
    headers: shop.sandbox.webhookHeaders(),
  });
}

/** Makes the next order event fail once, as a database that drops a connection would. */
async function failNextOrderEvent() {
  await t.db.execute(sql`
    CREATE OR REPLACE FUNCTION test_fail_order_event() RETURNS trigger AS $$
    BEGIN
      DROP TRIGGER test_fail_order_event ON order_events;
      RAISE EXCEPTION 'the database went away (test)';
    END $$ LANGUAGE plpgsql`);
  await t.db.execute(sql`
    CREATE TRIGGER test_fail_order_event BEFORE INSERT ON order_events
    FOR EACH ROW EXECUTE FUNCTION test_fail_order_event()`);
}

async function dropFailingTrigger() {
  await t.db.execute(sql`DROP TRIGGER IF EXISTS test_fail_order_event ON order_events`);
}

describe('news for a booking whose last step failed', () => {
  it('is held, then applied in order when the retry completes it: the order is Completed', async () => {
    const id = await buy();
    await packer.call('POST', '/api/admin/orders/pack', { order_ids: [id] });
    await failNextOrderEvent();
    const failed = await ship(id);
    await dropFailingTrigger();
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    const booking = await shipmentOf(id);
    expect(booking).toMatchObject({ state: 'booking' });
    expect(booking.awb).toMatch(/^SBX/);
    expect(await orderStatus(id)).toBe('Processing');

    // The courier picks the parcel up and delivers it before anyone retries.
    expect(await shop.after(4)).toEqual({ posted: 4, failed: 0 });
    expect((await shipmentOf(id)).state).toBe('booking');
    expect(await orderStatus(id)).toBe('Processing');
    expect(await newsSeen(id)).toEqual([
      'picked_up',
      'in_transit',
      'out_for_delivery',
      'delivered',
    ]);

    const again = await ship(id);
    expect(again.statusCode, again.body).toBe(200);
    expect((await shipmentOf(id)).state).toBe('delivered');
    expect(await orderStatus(id)).toBe('Completed');
    expect(await timeline(id)).toEqual([
      'placed',
      'paid',
      'packed',
      'shipped',
      'picked_up',
      'in_transit',
      'out_for_delivery',
      'delivered',
    ]);
    expect(await mailsOf(id)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('has shipped'),
        expect.stringContaining('is out for delivery'),
        expect.stringContaining('was delivered'),
      ]),
    );

    // The courier repeats its news: nothing happens twice.
    const mails = (await mailsOf(id)).length;
    for (const state of ['picked_up', 'delivered']) {
      const res = await postNews(booking.awb, `${booking.awb}-${state}-repeat`, state, null);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await orderStatus(id)).toBe('Completed');
    expect((await timeline(id)).filter((e) => e === 'delivered')).toHaveLength(1);
    expect(await mailsOf(id)).toHaveLength(mails);
  });

  it('is never applied when the booking is canceled instead', async () => {
    const id = await buy();
    await failNextOrderEvent();
    await ship(id);
    await dropFailingTrigger();
    const booking = await shipmentOf(id);
    expect(booking.state).toBe('booking');
    // News the courier sends before its own pickup (a manifest scan, say) is held.
    const news = (state: string, n: number) =>
      postNews(booking.awb, `${booking.awb}-scan-${n}`, state, 'Kozhikode hub');
    expect((await news('in_transit', 1)).statusCode).toBe(200);
    expect(await newsSeen(id)).toEqual(['in_transit']);

    const canceled = await packer.call('POST', `/api/admin/shipments/${booking.id}/cancel`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect((await news('delivered', 2)).statusCode).toBe(200);
    expect((await shipmentOf(id)).state).toBe('canceled');
    expect(await orderStatus(id)).toBe('Processing');
    expect(await timeline(id)).toEqual(['placed', 'paid']);

    // The next booking is a new parcel: the canceled one's news is not its.
    const next = await ship(id);
    expect(next.statusCode, next.body).toBe(200);
    const [, second] = await queryRows<{ state: string; awb: string }>(
      t.db,
      sql`SELECT state, awb FROM shipments WHERE order_id = ${id} ORDER BY id`,
    );
    expect(second).toMatchObject({ state: 'booked' });
    expect(second!.awb).not.toBe(booking.awb);
    expect(await timeline(id)).toEqual(['placed', 'paid', 'shipped']);
  });
});

describe('news of a waybill whose booking response was lost', () => {
  it('is kept, and applied once the retry stores the waybill', async () => {
    const id = await buy();
    shop.loseBookingResponse(id);
    const lost = await ship(id);
    expect(lost.statusCode, lost.body).toBe(502);
    expect(await shipmentOf(id)).toMatchObject({ state: 'booking', awb: null });

    // Picked up and in transit: news of a waybill no shipment of ours has yet.
    expect(await shop.after(2)).toMatchObject({ failed: 0 });
    expect(await orderStatus(id)).toBe('Processing');

    const again = await ship(id);
    expect(again.statusCode, again.body).toBe(200);
    expect((await shipmentOf(id)).state).toBe('in_transit');
    expect(await orderStatus(id)).toBe('Shipped');
    expect(await timeline(id)).toEqual(['placed', 'paid', 'shipped', 'picked_up', 'in_transit']);
    const [kept] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM courier_unmatched_events`,
    );
    expect(kept!.n).toBe(0);

    // The rest comes as usual.
    await shop.after(2);
    expect(await orderStatus(id)).toBe('Completed');
    expect(await newsSeen(id)).toEqual([
      'picked_up',
      'in_transit',
      'out_for_delivery',
      'delivered',
    ]);
  });

  it('is applied with the next news when the retry stopped short of applying it', async () => {
    const id = await buy();
    shop.loseBookingResponse(id);
    expect((await ship(id)).statusCode).toBe(502);
    await shop.after(1);
    // The retry ships the order, but applying the held pickup fails (the database went away).
    await t.db.execute(sql`
      CREATE OR REPLACE FUNCTION test_fail_pickup_event() RETURNS trigger AS $$
      BEGIN
        IF NEW.type = 'picked_up' THEN
          DROP TRIGGER test_fail_pickup_event ON order_events;
          RAISE EXCEPTION 'the database went away (test)';
        END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await t.db.execute(sql`
      CREATE TRIGGER test_fail_pickup_event BEFORE INSERT ON order_events
      FOR EACH ROW EXECUTE FUNCTION test_fail_pickup_event()`);
    const again = await ship(id);
    await t.db.execute(sql`DROP TRIGGER IF EXISTS test_fail_pickup_event ON order_events`);
    expect(again.statusCode, again.body).toBe(200);
    expect((await shipmentOf(id)).state).toBe('booked');
    expect(await timeline(id)).toEqual(['placed', 'paid', 'shipped']);

    await shop.after(1);
    expect((await shipmentOf(id)).state).toBe('in_transit');
    expect(await timeline(id)).toEqual(['placed', 'paid', 'shipped', 'picked_up', 'in_transit']);
  });

  it('answers the courier 200 for a waybill that is not ours, and keeps it apart', async () => {
    const res = await postNews('SBX9999999901', 'stranger-1', 'picked_up', 'Kozhikode');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, stored: 0, unknown: 1 });
    const [kept] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM courier_unmatched_events WHERE awb = 'SBX9999999901'`,
    );
    expect(kept!.n).toBe(1);
  });
});
