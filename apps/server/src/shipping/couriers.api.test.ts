// Shipping with a courier (decision 032), end to end through the back office's calls and our
// own webhook: the sandbox courier books a parcel, its sweep (on a clock the test moves) posts
// its tracking events over HTTP as a courier would, and the order follows — shipped,
// delivered and Completed; a failed delivery waits for the staff, who ask for another attempt
// or the parcel back; a parcel back at the shop cancels the order with its stock back, a
// refund and a credit note. A booking that fails is retried with the same reference; a forged
// update is refused and changes nothing; a repeated one is stored once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { outboxMails, paidOrder, shopper, stockOf, type Shopper } from '../test/checkout.js';
import { createProduct } from '../test/factories.js';
import type { TestApp } from '../test/harness.js';
import { pdfText } from '../test/pdf.js';
import {
  MINUTE,
  startSandboxCourierShop,
  type SandboxCourierShop,
} from '../test/sandbox-courier.js';
import { createStaff } from '../test/staff.js';
import {
  SANDBOX_COURIER_NAME,
  SANDBOX_TOKEN_HEADER,
  type SandboxCourier,
} from './couriers/sandbox.courier.js';
import type { Poster } from './couriers/sandbox-sweep.js';

let shop: SandboxCourierShop;
let sandbox: SandboxCourier;
let t: TestApp;
let s: Shopper;
let jersey: number;
let packer: AdminClient;
let support: AdminClient;
let owner: AdminClient;

beforeAll(async () => {
  shop = await startSandboxCourierShop();
  t = shop.t;
  sandbox = shop.sandbox;
  const origin = new URL(t.config.publicUrl).origin;
  packer = adminClient(t.app, origin, (await createStaff(t.db, 'packer')).cookie);
  support = adminClient(t.app, origin, (await createStaff(t.db, 'support')).cookie);
  owner = adminClient(t.app, origin, (await createStaff(t.db, 'owner')).cookie);
  jersey = await createProduct(t.db, {
    name: 'Malabar FC Away',
    pricePaise: 129_900,
    sizes: { M: 40 },
  });
  s = await shopper(t);
});
afterAll(() => t?.close());

const buy = () => paidOrder(t, s, [{ product_id: jersey, size: 'M', quantity: 1 }], 1359);

const after = (minutes: number) => shop.after(minutes);

async function shipWithSandbox(id: number, body: object = {}) {
  return packer.call('POST', `/api/admin/orders/${id}/shipments`, { courier: 'sandbox', ...body });
}

async function orderRow(id: number) {
  const [row] = await queryRows<{
    order_status: string;
    packed_at: Date | null;
    cancel_reason: string | null;
  }>(t.db, sql`SELECT order_status, packed_at, cancel_reason FROM orders WHERE id = ${id}`);
  return row!;
}

async function shipmentsOf(id: number) {
  return queryRows<{
    id: number;
    state: string;
    awb: string | null;
    attempts: number;
    reference: string;
    last_error: string | null;
  }>(
    t.db,
    sql`SELECT id, state, awb, attempts, reference, last_error FROM shipments WHERE order_id = ${id} ORDER BY id`,
  );
}

async function eventTypes(id: number) {
  const rows = await queryRows<{ type: string }>(
    t.db,
    sql`SELECT type FROM order_events WHERE order_id = ${id} ORDER BY id`,
  );
  return rows.map((r) => r.type);
}

async function shopperView(id: number) {
  const res = await s.post('/api/orders.php', { user_id: s.id, order_id: id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('the sandbox courier', () => {
  it('drives a packed order to Completed through our webhook', async () => {
    const id = await buy();
    await packer.call('POST', '/api/admin/orders/pack', { order_ids: [id] });
    const res = await shipWithSandbox(id, { weight_grams: 450 });
    expect(res.statusCode, res.body).toBe(200);
    const json = res.json();
    expect(json.order.order).toMatchObject({
      stage: 'shipped',
      courier_name: SANDBOX_COURIER_NAME,
      tracking_id: `SBX${String(id).padStart(8, '0')}01`,
      tracking_link: `${t.config.publicUrl}/reviewOrdersDetails/${id}`,
    });
    expect(json.order.invoice).not.toBeNull();
    expect(json.shipments.shipments).toEqual([
      expect.objectContaining({
        courier: 'sandbox',
        reference: `KR-${id}-1`,
        state: 'booked',
        weight_grams: 450,
        attempts: 1,
      }),
    ]);

    expect(await after(1)).toEqual({ posted: 1, failed: 0 });
    expect((await shipmentsOf(id))[0]!.state).toBe('picked_up');
    await after(1);
    expect((await shipmentsOf(id))[0]!.state).toBe('in_transit');
    await after(1);
    expect((await shipmentsOf(id))[0]!.state).toBe('out_for_delivery');
    expect((await orderRow(id)).order_status).toBe('Shipped');
    await after(1);
    expect((await shipmentsOf(id))[0]!.state).toBe('delivered');
    expect((await orderRow(id)).order_status).toBe('Completed');
    expect(await after(10)).toEqual({ posted: 0, failed: 0 });

    expect(await eventTypes(id)).toEqual([
      'placed',
      'paid',
      'packed',
      'shipped',
      'picked_up',
      'in_transit',
      'out_for_delivery',
      'delivered',
    ]);
    const view = await shopperView(id);
    expect(view.order.order_status).toBe('Completed');
    expect(view.timeline.map((e: { step: string }) => e.step)).toEqual(
      expect.arrayContaining([
        'shipped',
        'picked_up',
        'in_transit',
        'out_for_delivery',
        'delivered',
      ]),
    );
    const subjects = (await outboxMails(t))
      .filter((m) => m.subject.includes(`#${id} `))
      .map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        expect.stringContaining('has shipped'),
        expect.stringContaining('is out for delivery'),
        expect.stringContaining('was delivered'),
      ]),
    );
    const staff = await packer.call('GET', `/api/admin/orders/${id}/shipments`);
    expect(staff.json().shipments[0].events.map((e: { state: string }) => e.state)).toEqual([
      'picked_up',
      'in_transit',
      'out_for_delivery',
      'delivered',
    ]);

    // The audit log credits the delivery to the courier, not to the command line.
    const log = await owner.call('GET', '/api/admin/audit?entity=order&limit=200');
    expect(log.statusCode, log.body).toBe(200);
    const delivered = log
      .json()
      .entries.find(
        (e: { entity_id: string; action: string }) =>
          e.entity_id === String(id) && e.action === 'deliver',
      );
    expect(delivered).toMatchObject({ actor: 'courier', staff_id: null, staff_name: null });
  });

  it('retries a failed booking with the same reference: one shipment, one parcel', async () => {
    const id = await buy();
    shop.failNextBookings(1);
    const refused = await shipWithSandbox(id);
    expect(refused.statusCode, refused.body).toBe(502);
    expect(refused.json()).toEqual({
      error: 'The courier could not book the parcel: Courier service is down (test)',
    });
    expect((await orderRow(id)).order_status).toBe('Processing');
    expect(await shipmentsOf(id)).toEqual([
      expect.objectContaining({
        state: 'booking',
        attempts: 1,
        reference: `KR-${id}-1`,
        last_error: 'Courier service is down (test)',
      }),
    ]);
    const staff = (await packer.call('GET', `/api/admin/orders/${id}/shipments`)).json();
    expect(staff.shipments[0]).toMatchObject({ may_retry: true, may_cancel: true });

    const again = await shipWithSandbox(id);
    expect(again.statusCode, again.body).toBe(200);
    expect(await shipmentsOf(id)).toEqual([
      expect.objectContaining({
        state: 'booked',
        attempts: 2,
        reference: `KR-${id}-1`,
        last_error: null,
      }),
    ]);
    const [planned] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM sandbox_courier_events WHERE awb = ${`SBX${String(id).padStart(8, '0')}01`}`,
    );
    expect(planned!.n).toBe(4);
    // Shipped now: another booking is refused.
    expect((await shipWithSandbox(id)).statusCode).toBe(409);
  });

  it('refuses a forged update (401) and stores a repeated one once', async () => {
    const id = await buy();
    await shipWithSandbox(id);
    const [shipment] = await shipmentsOf(id);
    const body = {
      event_id: 'forged-1',
      awb: shipment!.awb,
      state: 'delivered',
      occurred_at: shop.clock.toISOString(),
      location: null,
      note: null,
    };
    for (const headers of [{}, { [SANDBOX_TOKEN_HEADER]: 'not-the-token' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/parcel-updates/sandbox',
        payload: body,
        headers,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'This update could not be verified.' });
    }
    expect((await shipmentsOf(id))[0]!.state).toBe('booked');
    expect((await orderRow(id)).order_status).toBe('Shipped');

    const genuine = { ...body, event_id: 'repeat-1', state: 'picked_up' };
    for (let i = 0; i < 2; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/parcel-updates/sandbox',
        payload: genuine,
        headers: sandbox.webhookHeaders(),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject(
        i === 0 ? { stored: 1, duplicates: 0 } : { stored: 0, duplicates: 1 },
      );
    }
    const rows = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM shipment_events WHERE shipment_id = ${shipment!.id}`,
    );
    expect(rows[0]!.n).toBe(1);
    expect((await eventTypes(id)).filter((e) => e === 'picked_up')).toHaveLength(1);

    // A late, older state is stored but does not move the shipment back.
    await after(10);
    expect((await shipmentsOf(id))[0]!.state).toBe('delivered');
    const late = { ...body, event_id: 'late-1', state: 'in_transit' };
    await t.app.inject({
      method: 'POST',
      url: '/api/parcel-updates/sandbox',
      payload: late,
      headers: sandbox.webhookHeaders(),
    });
    expect((await shipmentsOf(id))[0]!.state).toBe('delivered');
    expect((await orderRow(id)).order_status).toBe('Completed');
  });

  it('posts again with a growing delay when our webhook does not respond, in order', async () => {
    const id = await buy();
    await shipWithSandbox(id);
    const down: Poster = async () => 503;
    // Every event is due, but only the first is tried: the later ones wait for it.
    expect(await shop.after(5, down)).toEqual({ posted: 0, failed: 1 });
    expect((await shipmentsOf(id))[0]!.state).toBe('booked');
    // Put off by 10 seconds: not yet due 5 seconds on.
    expect(await shop.after(5_000 / MINUTE, down)).toEqual({ posted: 0, failed: 0 });
    // Due again, and our webhook is back: all four, in order.
    expect(await shop.after(6_000 / MINUTE)).toEqual({ posted: 4, failed: 0 });
    expect((await shipmentsOf(id))[0]!.state).toBe('delivered');
    expect((await eventTypes(id)).slice(-4)).toEqual([
      'picked_up',
      'in_transit',
      'out_for_delivery',
      'delivered',
    ]);
  });

  it('cancels a parcel before pickup (the order is packed again), not after', async () => {
    const id = await buy();
    await shipWithSandbox(id);
    const [first] = await shipmentsOf(id);
    const res = await packer.call('POST', `/api/admin/shipments/${first!.id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order.order.stage).toBe('packed');
    expect(res.json().order.order.tracking_id).toBeNull();
    expect(await after(10)).toEqual({ posted: 0, failed: 0 });

    const again = await shipWithSandbox(id);
    expect(again.statusCode, again.body).toBe(200);
    const [, second] = await shipmentsOf(id);
    expect(second).toMatchObject({ reference: `KR-${id}-2`, state: 'booked' });
    await after(1);
    const late = await packer.call('POST', `/api/admin/shipments/${second!.id}/cancel`);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      error: `Shipment KR-${id}-2 is picked up, so it can no longer be canceled.`,
    });
  });

  it('prints the labels as one PDF', async () => {
    const a = await buy();
    const b = await buy();
    await shipWithSandbox(a);
    await shipWithSandbox(b);
    const res = await packer.call('GET', `/api/admin/orders/labels?ids=${a},${b}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(SANDBOX_COURIER_NAME);
    expect(text).toContain(`AWB SBX${String(a).padStart(8, '0')}01`);
    expect(text).toContain(`AWB SBX${String(b).padStart(8, '0')}01`);
    expect(text).toContain('PREPAID');
    expect(text).toContain('SHIP TO');
    const unshipped = await buy();
    const refused = await packer.call('GET', `/api/admin/orders/labels?ids=${a},${unshipped}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: `Order #${unshipped} has no booked shipment to label.`,
    });
  });

  it('writes a manual shipment when staff ship with their own courier', async () => {
    const id = await buy();
    const res = await packer.call('POST', `/api/admin/orders/${id}/ship`, {
      courier_name: 'India Post',
      tracking_id: 'EE123456789IN',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await shipmentsOf(id)).toEqual([
      expect.objectContaining({ state: 'booked', awb: 'EE123456789IN', reference: `KR-${id}-1` }),
    ]);
    const label = await packer.call('GET', `/api/admin/orders/labels?ids=${id}`);
    expect(await pdfText(label.rawPayload)).toContain('India Post');
  });
});

describe('failed deliveries', () => {
  async function failingOrder() {
    const id = await buy();
    await t.db.execute(
      sql`UPDATE orders SET shipping_address = jsonb_set(shipping_address, '{last_name}', '"FAIL"')
          WHERE id = ${id}`,
    );
    await shipWithSandbox(id);
    await after(4);
    return id;
  }

  it('queues a failed delivery; a re-attempt then delivers', async () => {
    const id = await failingOrder();
    const [shipment] = await shipmentsOf(id);
    expect(shipment!.state).toBe('delivery_failed');
    expect((await orderRow(id)).order_status).toBe('Shipped');
    const queue = await packer.call('GET', '/api/admin/deliveries/failed');
    expect(queue.statusCode).toBe(200);
    expect(queue.json().deliveries).toContainEqual(
      expect.objectContaining({
        shipment_id: shipment!.id,
        order_id: id,
        reason: 'Consignee not available',
        attempts: 1,
        pincode: expect.stringMatching(/^\d{6}$/),
      }),
    );
    const view = await shopperView(id);
    expect(view.timeline).toContainEqual(
      expect.objectContaining({ step: 'delivery_failed', note: 'Consignee not available' }),
    );
    expect(
      (
        await support.call('POST', `/api/admin/shipments/${shipment!.id}/failed-delivery`, {
          action: 'reattempt',
        })
      ).statusCode,
    ).toBe(403);

    const res = await packer.call('POST', `/api/admin/shipments/${shipment!.id}/failed-delivery`, {
      action: 'reattempt',
      note: 'Shopper home after 6 pm',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().deliveries.map((d: { shipment_id: number }) => d.shipment_id)).not.toContain(
      shipment!.id,
    );
    const twice = await packer.call(
      'POST',
      `/api/admin/shipments/${shipment!.id}/failed-delivery`,
      {
        action: 'return',
      },
    );
    expect(twice.statusCode).toBe(409);

    await after(2);
    expect((await shipmentsOf(id))[0]!.state).toBe('delivered');
    expect((await orderRow(id)).order_status).toBe('Completed');
    expect(await eventTypes(id)).toEqual(
      expect.arrayContaining(['delivery_failed', 'reattempt_requested', 'delivered']),
    );
    const [audit] = await queryRows<{ action: string }>(
      t.db,
      sql`SELECT action FROM audit_log WHERE entity = 'shipment' AND entity_id = ${String(shipment!.id)}`,
    );
    expect(audit!.action).toBe('failed-delivery-reattempt');
    expect((await outboxMails(t)).map((m) => m.subject)).toContainEqual(
      expect.stringContaining(`#${id} could not be delivered`),
    );
  });

  it('a parcel returned to us cancels the order: stock back, refunded, credit note', async () => {
    const before = await stockOf(t.db, jersey, 'M');
    const id = await failingOrder();
    expect(await stockOf(t.db, jersey, 'M')).toBe(before - 1);
    const [shipment] = await shipmentsOf(id);
    const res = await packer.call('POST', `/api/admin/shipments/${shipment!.id}/failed-delivery`, {
      action: 'return',
    });
    expect(res.statusCode, res.body).toBe(200);
    await after(1);
    expect((await shipmentsOf(id))[0]!.state).toBe('rto_initiated');
    expect((await orderRow(id)).order_status).toBe('Shipped');
    await after(2);
    expect((await shipmentsOf(id))[0]!.state).toBe('rto_delivered');
    expect(await orderRow(id)).toMatchObject({
      order_status: 'Canceled',
      cancel_reason: 'Returned to origin',
    });
    expect(await stockOf(t.db, jersey, 'M')).toBe(before);
    const ledger = await queryRows<{ reason: string; delta: number; note: string }>(
      t.db,
      sql`SELECT reason, delta, note FROM stock_ledger WHERE order_id = ${id} AND delta > 0`,
    );
    expect(ledger).toEqual([{ reason: 'return', delta: 1, note: 'Returned to origin' }]);
    const refunds = await queryRows<{ amount_paise: number }>(
      t.db,
      sql`SELECT amount_paise FROM refunds WHERE order_id = ${id}`,
    );
    expect(refunds).toEqual([{ amount_paise: 135_900 }]);
    const notes = await queryRows<{ number: string }>(
      t.db,
      sql`SELECT number FROM tax_documents WHERE order_id = ${id} AND kind = 'credit_note'`,
    );
    expect(notes).toHaveLength(1);
    expect(await eventTypes(id)).toEqual(
      expect.arrayContaining(['rto_initiated', 'rto_received', 'canceled']),
    );
    // The courier says it again: nothing more happens.
    const repeat = await t.app.inject({
      method: 'POST',
      url: '/api/parcel-updates/sandbox',
      payload: {
        event_id: 'rto-again',
        awb: shipment!.awb,
        state: 'rto_delivered',
        occurred_at: shop.clock.toISOString(),
        location: null,
        note: null,
      },
      headers: sandbox.webhookHeaders(),
    });
    expect(repeat.statusCode).toBe(200);
    expect(await stockOf(t.db, jersey, 'M')).toBe(before);
    expect(await queryRows(t.db, sql`SELECT id FROM refunds WHERE order_id = ${id}`)).toHaveLength(
      1,
    );
  });
});
