// Shipping with Shiprocket end to end (decisions 032, 033): the back office books through the
// adapter against the local fake of Shiprocket's API, Shiprocket's tracking webhook (its
// documented payload and x-api-key token) moves the shipment and the order, a failed
// delivery's answer reaches Shiprocket's NDR call, and a booking that timed out or met a
// 5xx leaves one Shiprocket order per reference.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { paidOrder, shopper, type Shopper } from '../test/checkout.js';
import { createProduct } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { pdfText } from '../test/pdf.js';
import { startFakeShiprocket, type FakeShiprocket } from '../test/shiprocket-fake.js';
import { createStaff } from '../test/staff.js';
import { couriersOf } from './couriers/couriers.js';
import { createShiprocketCourier, type ShiprocketCourier } from './couriers/shiprocket.courier.js';

let fake: FakeShiprocket;
let courier: ShiprocketCourier;
let t: TestApp;
let s: Shopper;
let jersey: number;
let packer: AdminClient;

beforeAll(async () => {
  fake = await startFakeShiprocket();
  t = await startTestApp(
    {},
    {
      orderSweep: false,
      couriers: () => {
        courier = createShiprocketCourier({
          email: fake.email,
          password: fake.password,
          webhookToken: fake.webhookToken,
          apiBase: fake.url,
          timeoutMs: 1_500,
        });
        return couriersOf([courier]);
      },
    },
  );
  const origin = new URL(t.config.publicUrl).origin;
  packer = adminClient(t.app, origin, (await createStaff(t.db, 'packer')).cookie);
  jersey = await createProduct(t.db, {
    name: 'Kerala Blasters Home',
    pricePaise: 149_900,
    sizes: { L: 40 },
  });
  s = await shopper(t);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const buy = () => paidOrder(t, s, [{ product_id: jersey, size: 'L', quantity: 1 }], 1559);
const ship = (id: number) =>
  packer.call('POST', `/api/admin/orders/${id}/shipments`, {
    courier: 'shiprocket',
    weight_grams: 450,
  });

/** Shiprocket's webhook, as it posts it (inject stands in for HTTP). */
async function track(awb: string, statusId: number, token = fake.webhookToken, time?: Date) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${courier.webhookPath}`,
    payload: fake.trackingPayload(awb, statusId, { time }),
    headers: { 'x-api-key': token },
  });
  return res;
}

async function shipmentsOf(id: number) {
  return queryRows<{
    id: number;
    state: string;
    awb: string | null;
    reference: string;
    provider_order_id: string | null;
  }>(
    t.db,
    sql`SELECT id, state, awb, reference, provider_order_id FROM shipments WHERE order_id = ${id} ORDER BY id`,
  );
}

async function orderStatus(id: number) {
  const [row] = await queryRows<{ order_status: string }>(
    t.db,
    sql`SELECT order_status FROM orders WHERE id = ${id}`,
  );
  return row!.order_status;
}

beforeEach(() => {
  fake.slowNextCreate(0);
});

describe('Shiprocket through the back office', () => {
  it('books the order as its reference, then tracks it to Completed by webhook', async () => {
    const id = await buy();
    const res = await ship(id);
    expect(res.statusCode, res.body).toBe(200);
    const [order] = fake.ordersFor(`KR-${id}-1`);
    expect(order!.payload).toMatchObject({
      payment_method: 'Prepaid',
      sub_total: 1499,
      weight: 0.45,
    });
    expect(res.json().order.order).toMatchObject({
      stage: 'shipped',
      courier_name: 'Delhivery Surface',
      tracking_id: order!.shipment.awb,
      tracking_link: `https://shiprocket.co/tracking/${order!.shipment.awb}`,
    });
    const awb = order!.shipment.awb!;

    for (const [status, state] of [
      [42, 'picked_up'],
      [18, 'in_transit'],
      [17, 'out_for_delivery'],
      [7, 'delivered'],
    ] as const) {
      const posted = await track(awb, status);
      expect(posted.statusCode, posted.body).toBe(200);
      expect((await shipmentsOf(id))[0]!.state).toBe(state);
    }
    expect(await orderStatus(id)).toBe('Completed');
  });

  it('refuses a forged webhook and changes nothing', async () => {
    const id = await buy();
    await ship(id);
    const [shipment] = await shipmentsOf(id);
    const res = await track(shipment!.awb!, 7, 'guessed-token');
    expect(res.statusCode).toBe(401);
    expect((await shipmentsOf(id))[0]!.state).toBe('booked');
  });

  it('a booking whose response timed out is found again: one Shiprocket order', async () => {
    const id = await buy();
    fake.slowNextCreate(3_000);
    const res = await ship(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.ordersFor(`KR-${id}-1`)).toHaveLength(1);
    expect((await shipmentsOf(id))[0]!.awb).toBe(fake.ordersFor(`KR-${id}-1`)[0]!.shipment.awb);
  });

  it('a 5xx on the waybill leaves the shipment waiting; the retry books the same order', async () => {
    const id = await buy();
    fake.failNext(503, '/v1/external/courier/assign/awb');
    const refused = await ship(id);
    expect(refused.statusCode, refused.body).toBe(502);
    expect((await shipmentsOf(id))[0]!.state).toBe('booking');

    const again = await ship(id);
    expect(again.statusCode, again.body).toBe(200);
    expect(fake.ordersFor(`KR-${id}-1`)).toHaveLength(1);
    expect(await shipmentsOf(id)).toHaveLength(1);
  });

  it('answers a failed delivery through Shiprocket’s NDR call', async () => {
    const id = await buy();
    await ship(id);
    const [shipment] = await shipmentsOf(id);
    await track(shipment!.awb!, 42);
    expect((await track(shipment!.awb!, 21)).statusCode).toBe(200);
    expect((await shipmentsOf(id))[0]!.state).toBe('delivery_failed');

    const res = await packer.call('POST', `/api/admin/shipments/${shipment!.id}/failed-delivery`, {
      action: 'reattempt',
      note: 'Shopper home after 6 pm',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.ndrActions).toContainEqual({
      awb: shipment!.awb,
      action: 're-attempt',
      comments: 'Shopper home after 6 pm',
    });
  });

  it('cancels at Shiprocket before pickup; the next booking is a new reference', async () => {
    const id = await buy();
    await ship(id);
    const [first] = await shipmentsOf(id);
    const res = await packer.call('POST', `/api/admin/shipments/${first!.id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.ordersFor(`KR-${id}-1`)[0]!.status).toBe('CANCELED');

    const again = await ship(id);
    expect(again.statusCode, again.body).toBe(200);
    expect(fake.ordersFor(`KR-${id}-2`)).toHaveLength(1);
  });

  it('prints several orders’ labels as Shiprocket’s one PDF', async () => {
    const a = await buy();
    const b = await buy();
    await ship(a);
    await ship(b);
    const res = await packer.call('GET', `/api/admin/orders/labels?ids=${a},${b}`);
    expect(res.statusCode, res.body).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(`AWB ${(await shipmentsOf(a))[0]!.awb}`);
    expect(text).toContain(`AWB ${(await shipmentsOf(b))[0]!.awb}`);
  });
});
