// The Shiprocket adapter against the local fake of Shiprocket's documented API (decision 033):
// bookings that survive timeouts and 5xx without a second parcel, the token's life, the
// order's fields and money, labels, manifest, cancel, the NDR answer and the webhook.
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf.js';
import { startFakeShiprocket, type FakeShiprocket } from '../../test/shiprocket-fake.js';
import { CourierError, type ParcelRequest, type PickupRequest } from './courier.js';
import { createShiprocketCourier, type ShiprocketCourier } from './shiprocket.courier.js';
import { adhocOrder } from './shiprocket.shapes.js';

let fake: FakeShiprocket;
let courier: ShiprocketCourier;

function courierFor(
  f: FakeShiprocket,
  extra: { timeoutMs?: number; now?: () => Date; password?: string } = {},
) {
  return createShiprocketCourier({
    email: f.email,
    password: extra.password ?? f.password,
    webhookToken: f.webhookToken,
    apiBase: f.url,
    timeoutMs: extra.timeoutMs ?? 2_000,
    now: extra.now,
  });
}

function parcel(overrides: Partial<ParcelRequest> = {}): ParcelRequest {
  return {
    reference: 'KR-101-1',
    orderId: 101,
    orderDate: new Date('2026-11-20T06:45:00Z'), // 12:15 in India
    pickupLocation: 'Kitroom Andheri',
    fromPincode: '400053',
    consignee: {
      name: 'Asha Rani Menon',
      phone: '+91 98450 12345',
      email: 'asha@example.in',
      address: '12, 4th Cross, Indiranagar',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560038',
    },
    items: [
      {
        name: 'India Home Jersey 2026 (M)',
        sku: 'IND-H26-M',
        units: 2,
        sellingPricePaise: 149_905,
        hsn: '6109',
      },
    ],
    codAmountPaise: 0,
    subTotalPaise: 299_810,
    weightGrams: 450,
    lengthCm: 30,
    breadthCm: 25,
    heightCm: 4,
    ...overrides,
  };
}

async function rejection(promise: Promise<unknown>): Promise<CourierError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CourierError);
  return err as CourierError;
}

beforeEach(async () => {
  fake = await startFakeShiprocket({ pickupLocations: ['Kitroom Andheri'] });
  courier = courierFor(fake);
});

afterEach(async () => {
  await fake.close();
});

describe('booking a parcel', () => {
  it('sends the order with the documented fields, then the AWB, pickup and label', async () => {
    const booked = await courier.book(parcel());

    const [order] = fake.ordersFor('KR-101-1');
    expect(fake.orders.size).toBe(1);
    expect(order!.payload).toMatchObject({
      order_id: 'KR-101-1',
      order_date: '2026-11-20 12:15',
      pickup_location: 'Kitroom Andheri',
      billing_customer_name: 'Asha',
      billing_last_name: 'Rani Menon',
      billing_city: 'Bengaluru',
      billing_pincode: '560038',
      billing_state: 'Karnataka',
      billing_country: 'India',
      billing_phone: '9845012345',
      shipping_is_billing: true,
      order_items: [
        {
          name: 'India Home Jersey 2026 (M)',
          sku: 'IND-H26-M',
          units: 2,
          selling_price: '1499.05',
          hsn: '6109',
        },
      ],
      payment_method: 'Prepaid',
      sub_total: 2998.1,
      length: 30,
      breadth: 25,
      height: 4,
      weight: 0.45,
    });
    expect(booked).toEqual({
      providerOrderId: String(order!.id),
      providerShipmentId: String(order!.shipment.id),
      awb: order!.shipment.awb,
      courierName: 'Delhivery Surface',
      trackingLink: `https://shiprocket.co/tracking/${order!.shipment.awb}`,
      labelUrl: expect.stringMatching(/\/files\/shipping-label-\w+\.pdf$/),
    });
    expect(order!.shipment.pickupTokenNumber).not.toBeNull();
    expect(fake.logins).toBe(1);
  });

  it('has the courier collect exactly the COD amount, to the paisa', async () => {
    await courier.book(parcel({ codAmountPaise: 304_709 }));
    const [order] = fake.ordersFor('KR-101-1');
    expect(order!.payload.payment_method).toBe('COD');
    expect(order!.collectPaise).toBe(304_709);
  });

  it('reports what Shiprocket refused, in its own words, and is not uncertain', async () => {
    const err = await rejection(
      courier.book(parcel({ consignee: { ...parcel().consignee, phone: '12345' } })),
    );
    expect(err.uncertain).toBe(false);
    expect(err.message).toBe(
      'Shiprocket refused the order: Oops! Invalid Data. The billing phone must be 10 digits.',
    );
    expect(fake.orders.size).toBe(0);

    const wrongPickup = await rejection(courier.book(parcel({ pickupLocation: 'Warehouse 9' })));
    expect(wrongPickup.message).toContain('Wrong Pickup location entered.');
  });

  it('takes a 200 that carries only an error message as a refusal', async () => {
    fake.failNext(200, '/v1/external/orders/create/adhoc', {
      message: 'Billing pincode does not belong to the billing state',
    });
    const err = await rejection(courier.book(parcel()));
    expect(err.uncertain).toBe(false);
    expect(err.message).toBe(
      'Shiprocket refused the order: Billing pincode does not belong to the billing state',
    );
  });

  it('says when no courier will carry the parcel', async () => {
    fake.unserviceable.add('560038');
    const err = await rejection(courier.book(parcel()));
    expect(err.uncertain).toBe(false);
    expect(err.message).toBe(
      'Shiprocket could not assign a waybill: Selected courier is not serviceable for 560038.',
    );
  });

  it('after a create that timed out, finds the order it made: one parcel, the same AWB', async () => {
    courier = courierFor(fake, { timeoutMs: 1_000 });
    fake.slowNextCreate(2_500);
    const first = await courier.book(parcel());
    const again = await courier.book(parcel());

    expect(fake.ordersFor('KR-101-1')).toHaveLength(1);
    expect(again.awb).toBe(first.awb);
    expect(again.providerOrderId).toBe(first.providerOrderId);
  });

  it('after a 5xx on create, looks, finds nothing and creates once', async () => {
    fake.failNext(502, '/v1/external/orders/create/adhoc');
    const booked = await courier.book(parcel());

    expect(fake.ordersFor('KR-101-1')).toHaveLength(1);
    expect(booked.awb).toBe(fake.ordersFor('KR-101-1')[0]!.shipment.awb);
    const creates = fake.calls.filter((c) => c.path === '/v1/external/orders/create/adhoc');
    expect(creates.map((c) => c.status)).toEqual([502, 200]);
  });

  it('a 5xx on the first look-up is uncertain; the retry books one parcel', async () => {
    fake.failNext(500);
    const err = await rejection(courier.book(parcel()));
    expect(err.uncertain).toBe(true);
    expect(err.message).toMatch(/^Shiprocket failed \(500\)/);

    await courier.book(parcel());
    expect(fake.ordersFor('KR-101-1')).toHaveLength(1);
  });

  it('an order created without its AWB gets the AWB on the retry, not a second order', async () => {
    fake.failNext(503, '/v1/external/courier/assign/awb');
    const err = await rejection(courier.book(parcel()));
    expect(err.uncertain).toBe(true);
    expect(fake.ordersFor('KR-101-1')[0]!.shipment.awb).toBeNull();

    const booked = await courier.book(parcel());
    expect(fake.ordersFor('KR-101-1')).toHaveLength(1);
    expect(booked.awb).toBe(fake.ordersFor('KR-101-1')[0]!.shipment.awb);
  });

  it('keeps references apart that the search matches in part (KR-1-1 and KR-1-10)', async () => {
    const tenth = await courier.book(parcel({ reference: 'KR-1-10' }));
    const first = await courier.book(parcel({ reference: 'KR-1-1' }));
    expect(first.awb).not.toBe(tenth.awb);
    expect(fake.orders.size).toBe(2);
  });
});

function pickup(overrides: Partial<PickupRequest> = {}): PickupRequest {
  const { consignee, items, subTotalPaise, weightGrams, lengthCm, breadthCm, heightCm } = parcel();
  return {
    reference: 'KR-101-2',
    orderId: 101,
    returnId: 7,
    requestedAt: new Date('2026-11-25T04:30:00Z'), // 10:00 in India
    from: consignee,
    to: {
      name: 'Kitroom Sportswear',
      phone: '0495 272 1234',
      email: 'shop@kitroom.in',
      address: '2nd Floor, Mavoor Road',
      city: 'Kozhikode',
      state: 'Kerala',
      pincode: '673004',
    },
    items,
    subTotalPaise,
    weightGrams,
    lengthCm,
    breadthCm,
    heightCm,
    ...overrides,
  };
}

describe("a return's pickup", () => {
  it('sends the return order with the shopper as pickup and the shop as delivery, then its AWB and pickup', async () => {
    const booked = await courier.bookPickup(pickup());
    const [order] = fake.ordersFor('KR-101-2');
    expect(fake.orders.size).toBe(1);
    expect(order!.isReturn).toBe(true);
    expect(order!.payload).toMatchObject({
      order_id: 'KR-101-2',
      order_date: '2026-11-25 10:00',
      pickup_customer_name: 'Asha',
      pickup_last_name: 'Rani Menon',
      pickup_city: 'Bengaluru',
      pickup_pincode: '560038',
      pickup_phone: '9845012345',
      shipping_customer_name: 'Kitroom',
      shipping_last_name: 'Sportswear',
      shipping_city: 'Kozhikode',
      shipping_pincode: '673004',
      shipping_phone: '4952721234',
      payment_method: 'PREPAID',
      sub_total: 2998.1,
      weight: 0.45,
    });
    expect(order!.payload).not.toHaveProperty('pickup_location');
    expect(booked).toEqual({
      providerOrderId: String(order!.id),
      providerShipmentId: String(order!.shipment.id),
      awb: order!.shipment.awb,
      courierName: 'Delhivery Surface',
      trackingLink: `https://shiprocket.co/tracking/${order!.shipment.awb}`,
      labelUrl: null,
    });
    expect(order!.shipment.pickupTokenNumber).not.toBeNull();
    // No label is made: the courier brings it to the shopper.
    expect(fake.calls.some((c) => c.path.includes('generate/label'))).toBe(false);
  });

  it('booked again with the same reference finds the return order it made', async () => {
    const first = await courier.bookPickup(pickup());
    const again = await courier.bookPickup(pickup());
    expect(fake.ordersFor('KR-101-2')).toHaveLength(1);
    expect(again.awb).toBe(first.awb);
  });

  it("reads a return's webhook by its words: picked up, delivered at the shop, canceled", async () => {
    const headers = { 'x-api-key': fake.webhookToken };
    const { awb } = await courier.bookPickup(pickup());
    const expected: [number, string][] = [
      [42, 'picked_up'],
      [18, 'in_transit'],
      [7, 'delivered'],
      [8, 'canceled'],
    ];
    for (const [status, state] of expected) {
      const updates = courier.readWebhook(headers, fake.trackingPayload(awb, status));
      expect(updates, `status ${status}`).toEqual([expect.objectContaining({ awb, state })]);
    }
    // The steps before the pickup are not tracked.
    for (const untracked of [3, 19]) {
      expect(courier.readWebhook(headers, fake.trackingPayload(awb, untracked))).toEqual([]);
    }
  });

  it("reports a refused return order in Shiprocket's words", async () => {
    const err = await rejection(
      courier.bookPickup(pickup({ from: { ...pickup().from, pincode: '56003' } })),
    );
    expect(err.uncertain).toBe(false);
    expect(err.message).toContain('The pickup pincode must be 6 digits.');
  });
});

describe('the login token', () => {
  it('logs in again once after the token expires', async () => {
    await courier.book(parcel());
    fake.expireTokens();
    await courier.book(parcel({ reference: 'KR-102-1' }));

    expect(fake.logins).toBe(2);
    expect(fake.calls.filter((c) => c.status === 401)).toHaveLength(1);
  });

  it('renews the token before its 240 hours are up, without meeting a 401', async () => {
    let clock = new Date('2026-11-26T08:00:00Z');
    courier = courierFor(fake, { now: () => clock });
    await courier.book(parcel());
    clock = new Date(clock.getTime() + 100 * 3600_000);
    await courier.book(parcel({ reference: 'KR-102-1' }));
    expect(fake.logins).toBe(1);

    clock = new Date(clock.getTime() + 136 * 3600_000);
    await courier.book(parcel({ reference: 'KR-103-1' }));
    expect(fake.logins).toBe(2);
    expect(fake.calls.some((c) => c.status === 401)).toBe(false);
  });

  it('two bookings at once share one login', async () => {
    const [a, b] = await Promise.all([
      courier.book(parcel()),
      courier.book(parcel({ reference: 'KR-102-1' })),
    ]);
    expect(a.awb).not.toBe(b.awb);
    expect(fake.logins).toBe(1);
  });

  it('a wrong password is a refusal staff can act on', async () => {
    courier = courierFor(fake, { password: 'not-it' });
    const err = await rejection(courier.book(parcel()));
    expect(err.uncertain).toBe(false);
    expect(err.message).toBe(
      "Shiprocket refused our API user's login: Invalid email and password combination",
    );
  });
});

describe('serviceability', () => {
  it('returns serviceable, COD and the recommended courier’s days', async () => {
    expect(await courier.serviceability('400053', '560038', 450, true)).toEqual({
      serviceable: true,
      cod: true,
      etdDays: 4,
    });
  });

  it('says no for a pincode no courier serves, and no COD where none takes cash', async () => {
    fake.unserviceable.add('744101');
    fake.noCod.add('194101');
    expect(await courier.serviceability('400053', '744101', 450, false)).toEqual({
      serviceable: false,
      cod: false,
      etdDays: null,
    });
    expect(await courier.serviceability('400053', '194101', 450, false)).toMatchObject({
      serviceable: true,
      cod: false,
    });
    expect((await courier.serviceability('400053', '194101', 450, true)).serviceable).toBe(false);
  });
});

describe('labels, manifest, cancel and failed deliveries', () => {
  it('prints the labels of several parcels as one PDF', async () => {
    const a = await courier.book(parcel());
    const b = await courier.book(parcel({ reference: 'KR-102-1' }));
    const pdf = await courier.labels([
      { awb: a.awb, providerShipmentId: a.providerShipmentId },
      { awb: b.awb, providerShipmentId: null },
    ]);
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(Buffer.from(pdf));
    expect(text).toContain(`AWB ${a.awb}`);
    expect(text).toContain(`AWB ${b.awb}`);
  });

  it('prints the pickup manifest', async () => {
    const a = await courier.book(parcel());
    const pdf = await courier.manifest([
      { providerOrderId: a.providerOrderId!, providerShipmentId: a.providerShipmentId! },
    ]);
    expect(await pdfText(Buffer.from(pdf))).toContain(`AWB ${a.awb}`);
  });

  it('cancels by Shiprocket order id, or finds the order by AWB', async () => {
    const a = await courier.book(parcel());
    const b = await courier.book(parcel({ reference: 'KR-102-1' }));
    await courier.cancel({ awb: a.awb, providerOrderId: a.providerOrderId });
    await courier.cancel({ awb: b.awb, providerOrderId: null });
    expect(fake.ordersFor('KR-101-1')[0]!.status).toBe('CANCELED');
    expect(fake.ordersFor('KR-102-1')[0]!.status).toBe('CANCELED');
  });

  it('refuses to cancel a parcel the courier has picked up', async () => {
    const a = await courier.book(parcel());
    fake.trackingPayload(a.awb, 42);
    const err = await rejection(courier.cancel({ awb: a.awb, providerOrderId: a.providerOrderId }));
    expect(err.message).toBe(
      'Shiprocket refused the cancellation of AWB ' +
        `${a.awb}: Order KR-101-1 cannot be cancelled as it is already picked up.`,
    );
  });

  it('answers a failed delivery with a re-attempt or a return', async () => {
    const a = await courier.book(parcel());
    const early = await rejection(courier.answerFailedDelivery({ awb: a.awb }, 'reattempt', 'x'));
    expect(early.message).toContain('No NDR found for this AWB.');

    fake.trackingPayload(a.awb, 21, { activity: 'Customer not available' });
    await courier.answerFailedDelivery({ awb: a.awb }, 'reattempt', 'Shopper asks for Saturday');
    await courier.answerFailedDelivery({ awb: a.awb }, 'return', '');
    expect(fake.ndrActions).toEqual([
      { awb: a.awb, action: 're-attempt', comments: 'Shopper asks for Saturday' },
      { awb: a.awb, action: 'return', comments: 'Please return to origin.' },
    ]);
  });
});

describe('the tracking webhook', () => {
  const headers = () => ({ 'x-api-key': fake.webhookToken, 'content-type': 'application/json' });

  it('maps each tracked Shiprocket status to our state', async () => {
    const a = await courier.book(parcel());
    const expected: [number, string][] = [
      [42, 'picked_up'],
      [6, 'in_transit'],
      [18, 'in_transit'],
      [38, 'in_transit'],
      [17, 'out_for_delivery'],
      [21, 'delivery_failed'],
      [7, 'delivered'],
      [9, 'rto_initiated'],
      [10, 'rto_delivered'],
      [8, 'canceled'],
    ];
    for (const [status, state] of expected) {
      const updates = courier.readWebhook(headers(), fake.trackingPayload(a.awb, status));
      expect(updates, `status ${status}`).toHaveLength(1);
      expect(updates![0]!.state, `status ${status}`).toBe(state);
    }
    for (const untracked of [19, 3, 5, 99]) {
      expect(courier.readWebhook(headers(), fake.trackingPayload(a.awb, untracked))).toEqual([]);
    }
  });

  it('reads the time, place and note, and names the event by AWB, status and time', async () => {
    const a = await courier.book(parcel());
    const time = new Date('2026-11-27T05:12:40Z');
    const payload = fake.trackingPayload(a.awb, 21, {
      time,
      location: 'Bengaluru_Indiranagar_DC (Karnataka)',
      activity: 'Consignee unavailable - door locked',
    });
    const [update] = courier.readWebhook(headers(), payload)!;
    expect(update).toEqual({
      awb: a.awb,
      state: 'delivery_failed',
      eventKey: `${a.awb}:21:2026-11-27T05:12:40.000Z`,
      occurredAt: time,
      location: 'Bengaluru_Indiranagar_DC (Karnataka)',
      note: 'Consignee unavailable - door locked',
    });
    const later = fake.trackingPayload(a.awb, 21, { time: new Date(time.getTime() + 86_400_000) });
    expect(courier.readWebhook(headers(), later)![0]!.eventKey).not.toBe(update!.eventKey);
  });

  it('refuses a forged or missing token', async () => {
    const a = await courier.book(parcel());
    const payload = fake.trackingPayload(a.awb, 7);
    expect(courier.readWebhook({ 'x-api-key': 'guessed' }, payload)).toBeNull();
    expect(courier.readWebhook({ 'x-api-key': `${fake.webhookToken}x` }, payload)).toBeNull();
    expect(courier.readWebhook({}, payload)).toBeNull();
    expect(courier.readWebhook({ 'x-api-key': [fake.webhookToken] }, payload)).toBeNull();
  });

  it('arrives over HTTP at a path Shiprocket accepts', async () => {
    const path = `/api${courier.webhookPath}`;
    expect(path).not.toMatch(/shiprocket|kartrocket|sr|kr/i);
    const receiver = Fastify({ logger: false });
    const received: unknown[] = [];
    receiver.post(path, async (req, reply) => {
      const updates = courier.readWebhook(req.headers, req.body);
      if (updates === null) return reply.code(401).send({ error: 'Not authentic' });
      received.push(...updates);
      return { ok: true };
    });
    const url = await receiver.listen({ port: 0, host: '127.0.0.1' });
    try {
      const a = await courier.book(parcel());
      expect((await fake.postTracking(`${url}${path}`, a.awb, 7)).status).toBe(200);
      expect((await fake.postTracking(`${url}${path}`, a.awb, 7, { token: 'forged' })).status).toBe(
        401,
      );
      expect(received).toMatchObject([{ awb: a.awb, state: 'delivered' }]);
    } finally {
      await receiver.close();
    }
  });
});

describe('the fake holds to the documented protocol', () => {
  async function token() {
    const login = await fetch(`${fake.url}/v1/external/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: fake.email, password: fake.password }),
    });
    return ((await login.json()) as { token: string }).token;
  }

  it('tracks by AWB in the documented shape, newest activity first', async () => {
    const a = await courier.book(parcel());
    fake.trackingPayload(a.awb, 42);
    fake.trackingPayload(a.awb, 18);
    const auth = { authorization: `Bearer ${await token()}` };
    const res = await fetch(`${fake.url}/v1/external/courier/track/awb/${a.awb}`, {
      headers: auth,
    });
    const { tracking_data: data } = (await res.json()) as {
      tracking_data: {
        shipment_status: number;
        shipment_track_activities: Record<string, string>[];
      };
    };
    expect(data.shipment_status).toBe(18);
    expect(data.shipment_track_activities.map((x) => x['sr-status'])).toEqual(['18', '42']);
    const unknown = await fetch(`${fake.url}/v1/external/courier/track/awb/000`, { headers: auth });
    expect(unknown.status).toBe(404);
  });

  it('refuses an order missing any required field with the 422 shape', async () => {
    const bearer = await token();
    const full = adhocOrder(parcel());
    for (const field of [
      'order_id',
      'pickup_location',
      'billing_pincode',
      'order_items',
      'weight',
    ]) {
      const body: Record<string, unknown> = { ...full };
      delete body[field];
      const res = await fetch(`${fake.url}/v1/external/orders/create/adhoc`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({
        message: 'Oops! Invalid Data.',
        errors: { [field]: [`The ${field.replace(/_/g, ' ')} field is required.`] },
        status_code: 422,
      });
    }
    const unauthenticated = await fetch(`${fake.url}/v1/external/orders`, {
      headers: { authorization: 'Bearer nope' },
    });
    expect(unauthenticated.status).toBe(401);
    expect(await unauthenticated.json()).toEqual({ message: 'Unauthenticated.', status_code: 401 });
  });
});
