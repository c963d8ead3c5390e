// A local stand-in for Shiprocket's API (apiv2.shiprocket.in/v1/external), following its
// published Postman collection closely enough to catch a client's mistakes (decision 033):
// a login token valid 240 hours and 401 "Unauthenticated." without one; serviceability;
// ad-hoc orders validated field by field with the 422 shape {message, errors, status_code};
// AWB assignment, pickup, one label URL for many shipments (a real PDF served there),
// manifests, cancel by Shiprocket order ids, the order list's `search` (which, like the real
// one, matches parts of a channel order id, so a client must pick the exact one), tracking
// by AWB and the NDR action. Shiprocket has no idempotency key: a second create with the
// same order_id makes a second order here, so a client that retries blindly is caught.
// Tests post tracking webhooks in its documented payload with the x-api-key token header,
// and inject faults: a slow create that still creates, a 5xx, expired tokens. Return orders
// (orders/create/return: pickup_* is the shopper, shipping_* the shop, prepaid only) refuse a
// second create with the same order_id ("The order id has already been taken.", its documented
// 422), take an AWB and a pickup as any order, and are listed by the same search.
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import PDFDocument from 'pdfkit';
import { IST_OFFSET_MS } from '../indian-days.js';

/** Shiprocket's shipment status ids and the labels its tracking and webhook carry. */
export const SHIPROCKET_STATUS_LABELS: Record<number, string> = {
  1: 'AWB ASSIGNED',
  3: 'PICKUP SCHEDULED',
  5: 'MANIFEST GENERATED',
  6: 'SHIPPED',
  7: 'DELIVERED',
  8: 'CANCELED',
  9: 'RTO INITIATED',
  10: 'RTO DELIVERED',
  17: 'OUT FOR DELIVERY',
  18: 'IN TRANSIT',
  19: 'OUT FOR PICKUP',
  21: 'UNDELIVERED',
  38: 'REACHED AT DESTINATION HUB',
  42: 'PICKED UP',
};

/** The words a return order's webhook carries for the same steps. */
export const RETURN_STATUS_LABELS: Record<number, string> = {
  3: 'RETURN PICKUP GENERATED',
  19: 'OUT FOR PICKUP',
  42: 'RETURN PICKED UP',
  18: 'RETURN IN TRANSIT',
  7: 'RETURN DELIVERED',
  8: 'RETURN CANCELLED',
};

export interface FakeShipment {
  id: number;
  awb: string | null;
  courierName: string | null;
  courierCompanyId: number | null;
  pickupTokenNumber: string | null;
  pickupScheduledDate: string | null;
  manifested: boolean;
  /** The last shipment status id: 0 before an AWB. */
  statusId: number;
  scans: { date: string; status: string; activity: string; location: string; statusId: number }[];
}

export interface FakeOrder {
  id: number;
  channelOrderId: string;
  status: 'NEW' | 'READY TO SHIP' | 'PICKUP SCHEDULED' | 'CANCELED';
  payload: Record<string, unknown>;
  /** What the courier collects at the door (0 for prepaid), in paise, as Shiprocket totals it. */
  collectPaise: number;
  /** A return order: collected from the shopper (pickup_*), delivered to the shop. */
  isReturn?: boolean;
  shipment: FakeShipment;
}

export interface FakeShiprocket {
  url: string;
  email: string;
  password: string;
  webhookToken: string;
  /** The pickup locations the account has (create refuses others). */
  pickupLocations: Set<string>;
  orders: Map<number, FakeOrder>;
  /** Logins that succeeded. */
  logins: number;
  /** Every call after login, in order. */
  calls: { method: string; path: string; status: number }[];
  ndrActions: { awb: string; action: string; comments: string }[];
  /** Delivery pincodes no courier serves, and those where no courier takes cash. */
  unserviceable: Set<string>;
  noCod: Set<string>;
  ordersFor(channelOrderId: string): FakeOrder[];
  orderOfAwb(awb: string): FakeOrder;
  /** The next create makes the order, then responds only after this many ms. */
  slowNextCreate(ms: number): void;
  /**
   * The next authenticated call (to `path`, when given) does nothing and responds `status`
   * with `body` (by default Shiprocket's error shape).
   */
  failNext(status?: number, path?: string, body?: Record<string, unknown>): void;
  /** Every token issued so far stops working (as after 240 hours). */
  expireTokens(): void;
  /** The documented tracking webhook payload for a parcel's new status. */
  trackingPayload(
    awb: string,
    statusId: number,
    at?: { time?: Date; location?: string; activity?: string },
  ): Record<string, unknown>;
  /**
   * Records the status and posts the webhook to `url` as Shiprocket does: JSON with the
   * x-api-key token (another token to forge one). Refuses URLs Shiprocket's panel refuses.
   */
  postTracking(
    url: string,
    awb: string,
    statusId: number,
    options?: { token?: string; time?: Date; location?: string; activity?: string },
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

const TOKEN_LIFETIME_MS = 240 * 60 * 60 * 1000;
const COURIERS = [
  { id: 43, name: 'Delhivery Surface', cod: 1, days: 4 },
  { id: 51, name: 'Xpressbees Surface', cod: 1, days: 5 },
  { id: 33, name: 'Xpressbees Air', cod: 0, days: 2 },
];

/** Shiprocket writes times in India time without a zone: 'yyyy-mm-dd HH:MM:SS'. */
function istText(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** The webhook's current_timestamp: 'dd mm yyyy HH:MM:SS', India time. */
function istWebhookText(at: Date): string {
  const [day, time] = istText(at).split(' ') as [string, string];
  const [y, m, d] = day.split('-');
  return `${d} ${m} ${y} ${time}`;
}

const invalid = (errors: Record<string, string[]>) => ({
  message: 'Oops! Invalid Data.',
  errors,
  status_code: 422,
});

/** Money in rupees as Shiprocket takes it: a number or numeric string with at most 2 decimals. */
function rupeesToPaise(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ''] = text.split('.') as [string, string?];
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

const positive = (value: unknown, above: number) =>
  (typeof value === 'number' || (typeof value === 'string' && value.trim() !== '')) &&
  Number.isFinite(Number(value)) &&
  Number(value) > above;

const REQUIRED_ORDER_FIELDS = [
  'order_id',
  'order_date',
  'pickup_location',
  'billing_customer_name',
  'billing_address',
  'billing_city',
  'billing_pincode',
  'billing_state',
  'billing_country',
  'billing_email',
  'billing_phone',
  'shipping_is_billing',
  'order_items',
  'payment_method',
  'sub_total',
  'length',
  'breadth',
  'height',
  'weight',
];

const fieldWords = (field: string) => field.replace(/_/g, ' ');

const REQUIRED_RETURN_FIELDS = [
  'order_id',
  'order_date',
  'pickup_customer_name',
  'pickup_address',
  'pickup_city',
  'pickup_state',
  'pickup_country',
  'pickup_pincode',
  'pickup_email',
  'pickup_phone',
  'shipping_customer_name',
  'shipping_address',
  'shipping_city',
  'shipping_country',
  'shipping_pincode',
  'shipping_state',
  'shipping_phone',
  'order_items',
  'payment_method',
  'sub_total',
  'length',
  'breadth',
  'height',
  'weight',
];

/** The create return order's checks, as its parameter table states them. */
function returnOrderErrors(body: Record<string, unknown>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  for (const field of REQUIRED_RETURN_FIELDS) {
    const v = body[field];
    if (v === undefined || v === null || v === '')
      add(field, `The ${fieldWords(field)} field is required.`);
  }
  for (const who of ['pickup', 'shipping']) {
    const pin = body[`${who}_pincode`];
    if (pin && !/^[1-9]\d{5}$/.test(String(pin)))
      add(`${who}_pincode`, `The ${who} pincode must be 6 digits.`);
    const phone = body[`${who}_phone`];
    if (phone && !/^\d{10}$/.test(String(phone)))
      add(`${who}_phone`, `The ${who} phone must be 10 digits.`);
  }
  if (body.payment_method && String(body.payment_method).toUpperCase() !== 'PREPAID')
    add('payment_method', 'The payment method must be prepaid for a return order.');
  if (!Array.isArray(body.order_items) || body.order_items.length === 0)
    add('order_items', 'The order items must be an array with at least one item.');
  if (body.sub_total !== undefined && rupeesToPaise(body.sub_total) === null)
    add('sub_total', 'The sub total must be a number.');
  return errors;
}

/** The create ad-hoc order's checks, as its parameter table states them. */
function orderErrors(
  body: Record<string, unknown>,
  pickupLocations: Set<string>,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  for (const field of REQUIRED_ORDER_FIELDS) {
    const v = body[field];
    if (v === undefined || v === null || v === '')
      add(field, `The ${fieldWords(field)} field is required.`);
  }
  const text = (field: string) => (typeof body[field] === 'string' ? (body[field] as string) : '');
  if (text('order_id').length > 50)
    add('order_id', 'The order id may not be greater than 50 characters.');
  if (body.order_date && !/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?$/.test(text('order_date')))
    add('order_date', 'The order date does not match the format Y-m-d H:i.');
  if (body.pickup_location && !pickupLocations.has(text('pickup_location')))
    add('pickup_location', 'Wrong Pickup location entered.');
  if (body.billing_address && text('billing_address').length < 3)
    add('billing_address', 'The billing address must be at least 3 characters.');
  if (text('billing_city').length > 30)
    add('billing_city', 'The billing city may not be greater than 30 characters.');
  if (body.billing_pincode && !/^[1-9]\d{5}$/.test(String(body.billing_pincode)))
    add('billing_pincode', 'The billing pincode must be 6 digits.');
  if (body.billing_phone && !/^\d{10}$/.test(String(body.billing_phone)))
    add('billing_phone', 'The billing phone must be 10 digits.');
  if (body.billing_email && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(text('billing_email')))
    add('billing_email', 'The billing email must be a valid email address.');
  if (body.shipping_is_billing === false || body.shipping_is_billing === 0) {
    for (const f of [
      'shipping_customer_name',
      'shipping_address',
      'shipping_city',
      'shipping_pincode',
      'shipping_state',
      'shipping_phone',
    ])
      if (!body[f])
        add(f, `The ${fieldWords(f)} field is required when shipping is billing is false.`);
  }
  if (body.payment_method && !['COD', 'Prepaid'].includes(text('payment_method')))
    add('payment_method', 'The selected payment method is invalid.');
  if (body.order_items !== undefined) {
    if (!Array.isArray(body.order_items) || body.order_items.length === 0) {
      add('order_items', 'The order items must be an array with at least one item.');
    } else {
      body.order_items.forEach((raw: unknown, i: number) => {
        const item = (raw ?? {}) as Record<string, unknown>;
        for (const f of ['name', 'sku', 'units', 'selling_price'])
          if (item[f] === undefined || item[f] === '')
            add(`order_items.${i}.${f}`, `The order_items.${i}.${f} field is required.`);
        if (
          item.units !== undefined &&
          !(Number.isInteger(Number(item.units)) && Number(item.units) > 0)
        )
          add(`order_items.${i}.units`, `The order_items.${i}.units must be at least 1.`);
        if (item.selling_price !== undefined && rupeesToPaise(item.selling_price) === null)
          add(
            `order_items.${i}.selling_price`,
            `The order_items.${i}.selling_price must be a number.`,
          );
      });
    }
  }
  if (body.sub_total !== undefined && rupeesToPaise(body.sub_total) === null)
    add('sub_total', 'The sub total must be a number.');
  for (const f of ['length', 'breadth', 'height'])
    if (body[f] !== undefined && !positive(body[f], 0.5))
      add(f, `The ${f} must be greater than 0.5.`);
  if (body.weight !== undefined && !positive(body.weight, 0))
    add('weight', 'The weight must be greater than 0.');
  return errors;
}

/** A PDF with one page per label, naming the AWB, courier and consignee. */
function labelPdf(orders: FakeOrder[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: [288, 432], margin: 18 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    orders.forEach((o, i) => {
      if (i > 0) doc.addPage();
      doc.fontSize(14).text(o.shipment.courierName ?? '');
      doc.fontSize(12).text(`AWB ${o.shipment.awb ?? ''}`);
      doc.text(`Order ${o.channelOrderId}`);
      doc.text(
        `Ship to ${String(o.payload.billing_customer_name ?? '')} ${String(o.payload.billing_last_name ?? '')}`.trim(),
      );
      doc.text(String(o.payload.billing_pincode ?? ''));
      doc.text(
        o.payload.payment_method === 'COD'
          ? `COD Rs ${(o.collectPaise / 100).toFixed(2)}`
          : 'PREPAID',
      );
    });
    doc.end();
  });
}

export async function startFakeShiprocket(
  options: { pickupLocations?: string[] } = {},
): Promise<FakeShiprocket> {
  const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  const email = `api-${randomBytes(3).toString('hex')}@kitroom.example`;
  const password = randomBytes(9).toString('base64url');
  const webhookToken = randomBytes(16).toString('hex');
  const tokens = new Map<string, number>(); // token → expires at (ms)
  const orders = new Map<number, FakeOrder>();
  const files = new Map<string, () => Promise<Buffer>>();
  let nextOrderId = 41_000_000;
  let nextShipmentId = 39_000_000;
  let nextAwb = 1_914_240_000_000;
  let slowCreateMs = 0;
  const failures: {
    status: number;
    path: string | undefined;
    body: Record<string, unknown> | undefined;
  }[] = [];

  const fake: FakeShiprocket = {
    url: '',
    email,
    password,
    webhookToken,
    pickupLocations: new Set(options.pickupLocations ?? ['Primary']),
    orders,
    logins: 0,
    calls: [],
    ndrActions: [],
    unserviceable: new Set(),
    noCod: new Set(),
    ordersFor: (channelOrderId) =>
      [...orders.values()].filter((o) => o.channelOrderId === channelOrderId),
    orderOfAwb(awb) {
      const order = [...orders.values()].find((o) => o.shipment.awb === awb);
      if (!order) throw new Error(`The fake Shiprocket has no AWB ${awb}`);
      return order;
    },
    slowNextCreate(ms) {
      slowCreateMs = ms;
    },
    failNext(status = 500, path, body) {
      failures.push({ status, path, body });
    },
    expireTokens() {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
    trackingPayload(awb, statusId, at = {}) {
      const order = fake.orderOfAwb(awb);
      const time = at.time ?? new Date();
      // A return order's steps carry their own words (RETURN PICKED UP, ...) and is_return.
      const label =
        (order.isReturn ? RETURN_STATUS_LABELS[statusId] : undefined) ??
        SHIPROCKET_STATUS_LABELS[statusId] ??
        'NA';
      const scan = {
        date: istText(time),
        status: label.slice(0, 3),
        activity: at.activity ?? label,
        location: at.location ?? 'Bhiwandi_Hub (Maharashtra)',
        statusId,
      };
      order.shipment.scans.push(scan);
      order.shipment.statusId = statusId;
      return {
        awb,
        courier_name: order.shipment.courierName,
        current_status: label,
        current_status_id: statusId,
        shipment_status: label,
        shipment_status_id: statusId,
        current_timestamp: istWebhookText(time),
        order_id: order.channelOrderId,
        sr_order_id: order.id,
        awb_assigned_date: order.shipment.scans[0]?.date ?? scan.date,
        pickup_scheduled_date: order.shipment.pickupScheduledDate,
        etd: istText(new Date(time.getTime() + 3 * 24 * 3600_000)),
        scans: order.shipment.scans.map((s) => ({
          date: s.date,
          status: s.status,
          activity: s.activity,
          location: s.location,
          'sr-status': String(s.statusId),
          'sr-status-label': SHIPROCKET_STATUS_LABELS[s.statusId] ?? 'NA',
        })),
        is_return: order.isReturn ? 1 : 0,
        channel_id: 3_422_553,
        pod_status: 'OTP Based Delivery',
        pod: 'Not Available',
      };
    },
    async postTracking(url, awb, statusId, opts = {}) {
      // Shiprocket's panel refuses webhook URLs with these words in them.
      if (/shiprocket|kartrocket|sr|kr/i.test(url))
        throw new Error(`Shiprocket would refuse the webhook URL ${url}`);
      const payload = fake.trackingPayload(awb, statusId, opts);
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': opts.token ?? webhookToken },
        body: JSON.stringify(payload),
      });
      return { status: response.status, body: await response.text() };
    },
    close: () => app.close(),
  };

  const orderJson = (o: FakeOrder) => ({
    id: o.id,
    channel_id: 3_422_553,
    channel_name: 'CUSTOM',
    base_channel_code: 'CS',
    channel_order_id: o.channelOrderId,
    customer_name:
      `${String(o.payload.billing_customer_name ?? '')} ${String(o.payload.billing_last_name ?? '')}`.trim(),
    customer_email: o.payload.billing_email,
    customer_phone: String(o.payload.billing_phone ?? ''),
    pickup_location: o.payload.pickup_location,
    total: (o.collectPaise / 100).toFixed(2),
    status: o.status,
    status_code: o.status === 'CANCELED' ? 5 : 1,
    payment_method: o.payload.payment_method === 'COD' ? 'cod' : 'prepaid',
    products: (o.payload.order_items as Record<string, unknown>[]).map((item, i) => ({
      id: o.id * 10 + i,
      name: item.name,
      channel_sku: item.sku,
      quantity: Number(item.units),
      hsn: String(item.hsn ?? ''),
    })),
    shipments: [
      {
        id: o.shipment.id,
        courier: o.shipment.courierName ?? '',
        weight: Number(o.payload.weight),
        pickup_scheduled_date: o.shipment.pickupScheduledDate,
        pickup_token_number: o.shipment.pickupTokenNumber,
        awb: o.shipment.awb ?? '',
        etd: 'NA',
      },
    ],
  });

  const shipmentById = (id: unknown) =>
    [...orders.values()].find((o) => o.shipment.id === Number(id));

  app.post('/v1/external/auth/login', async (req, reply) => {
    const body = (req.body ?? {}) as { email?: unknown; password?: unknown };
    if (body.email !== email || body.password !== password) {
      return reply
        .code(400)
        .send({ message: 'Invalid email and password combination', status_code: 400 });
    }
    const token = `${randomBytes(18).toString('base64url')}.${randomBytes(18).toString('base64url')}`;
    tokens.set(token, Date.now() + TOKEN_LIFETIME_MS);
    fake.logins += 1;
    return {
      id: 2_804_304,
      first_name: 'API',
      last_name: 'User',
      email,
      company_id: 25_149,
      created_at: istText(new Date()),
      token,
    };
  });

  // Labels and manifests live at public (S3) URLs: no token.
  app.get('/files/:name', async (req: FastifyRequest<{ Params: { name: string } }>, reply) => {
    const make = files.get(req.params.name);
    if (!make) return reply.code(404).type('application/xml').send('<Error>NoSuchKey</Error>');
    return reply.type('application/pdf').send(await make());
  });

  app.addHook('onRequest', async (req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if (path === '/v1/external/auth/login' || path.startsWith('/files/')) return;
    const header = req.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const expires = tokens.get(token);
    if (!expires || expires <= Date.now()) {
      return reply.code(401).send({ message: 'Unauthenticated.', status_code: 401 });
    }
    const at = failures.findIndex((f) => !f.path || f.path === path);
    if (at >= 0) {
      const [failure] = failures.splice(at, 1);
      return reply
        .code(failure!.status)
        .send(failure!.body ?? { message: 'Something went wrong', status_code: failure!.status });
    }
  });
  app.addHook('onResponse', async (req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if (path === '/v1/external/auth/login' || path.startsWith('/files/')) return;
    fake.calls.push({ method: req.method, path, status: reply.statusCode });
  });

  app.get('/v1/external/courier/serviceability/', async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const errors: Record<string, string[]> = {};
    if (!q.order_id) {
      if (!q.weight) errors.weight = ['The weight field is required when order id is not present.'];
      if (q.cod === undefined)
        errors.cod = ['The cod field is required when order id is not present.'];
    }
    for (const f of ['pickup_postcode', 'delivery_postcode'])
      if (!q[f] || !/^\d{6}$/.test(q[f] ?? ''))
        errors[f] = [`The ${fieldWords(f)} must be 6 digits.`];
    if (Object.keys(errors).length)
      return reply.code(422).send({ message: 'Required field missing', errors, status_code: 422 });
    const to = q.delivery_postcode ?? '';
    if (fake.unserviceable.has(to))
      return reply.code(404).send({ status: 404, message: 'Delivery postcode not serviceable' });
    const wantsCod = q.cod === '1' || q.cod === 'true';
    const couriers = COURIERS.map((c) => ({ ...c, cod: fake.noCod.has(to) ? 0 : c.cod })).filter(
      (c) => !wantsCod || c.cod === 1,
    );
    if (couriers.length === 0)
      return reply.code(404).send({ status: 404, message: 'No courier serviceable for COD' });
    return {
      currency: 'INR',
      data: {
        available_courier_companies: couriers.map((c) => ({
          courier_company_id: c.id,
          courier_name: c.name,
          cod: c.cod,
          estimated_delivery_days: String(c.days),
          etd: 'Dec 01, 2026',
          etd_hours: c.days * 24,
          rate: 54,
          postcode: to,
        })),
        recommended_courier_company_id: couriers[0]?.id,
      },
      status: 200,
    };
  });

  app.post('/v1/external/orders/create/adhoc', async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const errors = orderErrors(body, fake.pickupLocations);
    if (Object.keys(errors).length) return reply.code(422).send(invalid(errors));
    const channelOrderId = String(body.order_id);
    // The docs: a cancelled order's id cannot be used again.
    if (fake.ordersFor(channelOrderId).some((o) => o.status === 'CANCELED'))
      return reply.code(422).send(invalid({ order_id: ['Order Id already exists.'] }));
    const charges = ['shipping_charges', 'giftwrap_charges', 'transaction_charges'].reduce(
      (sum, f) => sum + (rupeesToPaise(body[f] ?? 0) ?? 0),
      0,
    );
    const total =
      (rupeesToPaise(body.sub_total) ?? 0) +
      charges -
      (rupeesToPaise(body.total_discount ?? 0) ?? 0);
    const order: FakeOrder = {
      id: (nextOrderId += 1),
      channelOrderId,
      status: 'NEW',
      payload: body,
      collectPaise: body.payment_method === 'COD' ? total : 0,
      shipment: {
        id: (nextShipmentId += 1),
        awb: null,
        courierName: null,
        courierCompanyId: null,
        pickupTokenNumber: null,
        pickupScheduledDate: null,
        manifested: false,
        statusId: 0,
        scans: [],
      },
    };
    orders.set(order.id, order);
    if (slowCreateMs) {
      const ms = slowCreateMs;
      slowCreateMs = 0;
      await new Promise((resolve) => setTimeout(resolve, ms));
    }
    return {
      order_id: order.id,
      shipment_id: order.shipment.id,
      status: 'NEW',
      status_code: 1,
      onboarding_completed_now: 0,
      awb_code: null,
      courier_company_id: null,
      courier_name: null,
    };
  });

  app.post('/v1/external/orders/create/return', async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const errors = returnOrderErrors(body);
    if (Object.keys(errors).length) return reply.code(422).send(invalid(errors));
    const channelOrderId = String(body.order_id);
    if (fake.ordersFor(channelOrderId).length > 0)
      return reply.code(422).send(invalid({ order_id: ['The order id has already been taken.'] }));
    const order: FakeOrder = {
      id: (nextOrderId += 1),
      channelOrderId,
      status: 'NEW',
      payload: body,
      collectPaise: 0,
      isReturn: true,
      shipment: {
        id: (nextShipmentId += 1),
        awb: null,
        courierName: null,
        courierCompanyId: null,
        pickupTokenNumber: null,
        pickupScheduledDate: null,
        manifested: false,
        statusId: 0,
        scans: [],
      },
    };
    orders.set(order.id, order);
    return {
      order_id: order.id,
      shipment_id: order.shipment.id,
      status: 'RETURN PENDING',
      status_code: 21,
      company_name: 'Kitroom',
    };
  });

  app.get('/v1/external/orders', async (req) => {
    const q = req.query as Record<string, string | undefined>;
    const search = (q.search ?? '').trim();
    // Like the real search: part of a channel order id, or the AWB; newest first.
    const found = [...orders.values()]
      .filter((o) => !search || o.channelOrderId.includes(search) || o.shipment.awb === search)
      .sort((a, b) => b.id - a.id);
    const perPage = Number(q.per_page ?? 15) || 15;
    return {
      data: found.slice(0, perPage).map(orderJson),
      meta: {
        pagination: {
          total: found.length,
          count: Math.min(found.length, perPage),
          per_page: perPage,
          current_page: 1,
          total_pages: Math.max(1, Math.ceil(found.length / perPage)),
          links: {},
        },
      },
    };
  });

  app.post('/v1/external/courier/assign/awb', async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (!body.shipment_id)
      return reply.code(422).send({
        message: 'Required field missing',
        errors: { shipment_id: ['The shipment id field is required.'] },
        status_code: 422,
      });
    const order = shipmentById(body.shipment_id);
    if (!order || order.status === 'CANCELED')
      return reply.code(400).send({ message: 'Invalid shipment id', status_code: 400 });
    if (order.shipment.awb)
      return reply
        .code(400)
        .send({ message: 'Oops! Cannot reassign courier for this shipment.', status_code: 400 });
    const to = String(
      order.isReturn ? order.payload.pickup_pincode : order.payload.billing_pincode,
    );
    const cod = order.payload.payment_method === 'COD';
    const courier = COURIERS.find((c) => !cod || c.cod === 1);
    if (fake.unserviceable.has(to) || (cod && fake.noCod.has(to)) || !courier) {
      return {
        awb_assign_status: 0,
        response: { data: { awb_assign_error: `Selected courier is not serviceable for ${to}.` } },
      };
    }
    order.shipment.awb = String((nextAwb += 7));
    order.shipment.courierName = courier.name;
    order.shipment.courierCompanyId = courier.id;
    order.shipment.statusId = 1;
    order.status = 'READY TO SHIP';
    return {
      awb_assign_status: 1,
      response: {
        data: {
          courier_company_id: courier.id,
          awb_code: order.shipment.awb,
          cod: cod ? 1 : 0,
          order_id: order.id,
          shipment_id: order.shipment.id,
          awb_code_status: 1,
          assigned_date_time: {
            date: `${istText(new Date())}.000000`,
            timezone_type: 3,
            timezone: 'Asia/Kolkata',
          },
          applied_weight: Number(order.payload.weight),
          courier_name: courier.name,
          child_courier_name: null,
          pickup_scheduled_date: null,
        },
      },
    };
  });

  app.post('/v1/external/courier/generate/pickup', async (req, reply) => {
    const ids = ((req.body ?? {}) as { shipment_id?: unknown }).shipment_id;
    const order = Array.isArray(ids) && ids.length === 1 ? shipmentById(ids[0]) : undefined;
    if (!order || !order.shipment.awb || order.status === 'CANCELED')
      return reply.code(400).send({ message: 'Invalid shipment id', status_code: 400 });
    if (order.shipment.pickupTokenNumber)
      return reply.code(400).send({ message: 'Already in Pickup Queue.', status_code: 400 });
    const when = istText(new Date(Date.now() + 4 * 3600_000));
    order.shipment.pickupTokenNumber = `Reference No: ${randomBytes(4).toString('hex')}`;
    order.shipment.pickupScheduledDate = when;
    order.shipment.statusId = 3;
    order.status = 'PICKUP SCHEDULED';
    return {
      pickup_status: 1,
      response: {
        pickup_scheduled_date: when,
        pickup_token_number: order.shipment.pickupTokenNumber,
        status: 3,
        data: `Pickup is confirmed by ${order.shipment.courierName} For AWB :- ${order.shipment.awb}`,
      },
    };
  });

  app.post('/v1/external/courier/generate/label', async (req, reply) => {
    const ids = ((req.body ?? {}) as { shipment_id?: unknown }).shipment_id;
    if (!Array.isArray(ids))
      return reply.code(422).send({
        message: 'Oops! Invalid Data.',
        errors: { shipment_id: ['The shipment id must be an array.'] },
        status_code: 422,
      });
    const ready = ids.map(shipmentById).filter((o): o is FakeOrder => !!o?.shipment.awb);
    const notCreated = ids.filter((id) => !ready.some((o) => o.shipment.id === Number(id)));
    if (ready.length === 0)
      return {
        label_created: 0,
        not_created: notCreated,
        response: 'No valid shipment ids to print label',
      };
    const name = `shipping-label-${randomBytes(6).toString('hex')}.pdf`;
    files.set(name, () => labelPdf(ready));
    return {
      label_created: 1,
      label_url: `${fake.url}/files/${name}`,
      response: 'Label has been created and uploaded successfully!',
      not_created: notCreated,
    };
  });

  app.post('/v1/external/manifests/generate', async (req, reply) => {
    const ids = ((req.body ?? {}) as { shipment_id?: unknown }).shipment_id;
    const list = Array.isArray(ids) ? ids.map(shipmentById) : [];
    if (list.length === 0 || list.some((o) => !o?.shipment.pickupTokenNumber))
      return { status: 1, manifest_url: '' };
    const already = list.filter((o) => o!.shipment.manifested).map((o) => o!.shipment.id);
    if (already.length)
      return reply.code(400).send({
        message:
          'Manifest already generated for some shipment_ids, Please try again after removin them',
        status_code: 400,
        already_manifested_shipment_ids: already,
      });
    for (const o of list) {
      o!.shipment.manifested = true;
      o!.shipment.statusId = 5;
    }
    const name = `MANIFEST-${randomBytes(4).toString('hex')}.pdf`;
    files.set(name, () => labelPdf(list as FakeOrder[]));
    return { status: 1, manifest_url: `${fake.url}/files/${name}` };
  });

  app.post('/v1/external/manifests/print', async (req, reply) => {
    const ids = ((req.body ?? {}) as { order_ids?: unknown }).order_ids;
    if (!Array.isArray(ids))
      return reply
        .code(500)
        .send({ message: 'Invalid argument supplied for foreach()', status_code: 500 });
    const list = ids.map((id) => orders.get(Number(id)));
    if (list.length === 0 || list.some((o) => !o?.shipment.manifested)) return { manifest_url: '' };
    const name = `print-manifest-${randomBytes(4).toString('hex')}.pdf`;
    files.set(name, () => labelPdf(list as FakeOrder[]));
    return { manifest_url: `${fake.url}/files/${name}` };
  });

  app.post('/v1/external/orders/cancel', async (req, reply) => {
    const ids = ((req.body ?? {}) as { ids?: unknown }).ids;
    if (!Array.isArray(ids) || ids.length === 0)
      return reply.code(422).send({
        message: 'Required field missing',
        errors: { ids: ['The ids field is required.'] },
        status_code: 422,
      });
    const list = ids.map((id) => orders.get(Number(id)));
    if (list.some((o) => !o))
      return reply
        .code(500)
        .send({ message: 'Trying to get property of non-object', status_code: 500 });
    // Once the courier has the parcel, Shiprocket cancels nothing (its panel offers RTO instead).
    const moving = list.find((o) => [6, 7, 17, 18, 21, 38, 42].includes(o!.shipment.statusId));
    if (moving)
      return reply.code(400).send({
        message: `Order ${moving.channelOrderId} cannot be cancelled as it is already picked up.`,
        status_code: 400,
      });
    for (const o of list) {
      o!.status = 'CANCELED';
      o!.shipment.statusId = 8;
    }
    return reply.code(204).send();
  });

  app.get(
    '/v1/external/courier/track/awb/:awb',
    async (req: FastifyRequest<{ Params: { awb: string } }>, reply: FastifyReply) => {
      const order = [...orders.values()].find((o) => o.shipment.awb === req.params.awb);
      if (!order) return reply.code(404).send({ message: '404 Not Found', status_code: 404 });
      const scans = [...order.shipment.scans].reverse();
      if (scans.length === 0)
        return {
          tracking_data: {
            track_status: 0,
            error:
              'Aahh! There is no activities found in our DB. Please have some patience it will be updated soon.',
          },
        };
      return {
        tracking_data: {
          track_status: 1,
          shipment_status: order.shipment.statusId,
          shipment_track: [
            {
              id: order.shipment.id,
              awb_code: order.shipment.awb,
              courier_company_id: order.shipment.courierCompanyId,
              shipment_id: order.shipment.id,
              order_id: order.id,
              current_status: SHIPROCKET_STATUS_LABELS[order.shipment.statusId] ?? 'NA',
              courier_name: order.shipment.courierName,
            },
          ],
          shipment_track_activities: scans.map((s) => ({
            date: s.date,
            status: s.status,
            activity: s.activity,
            location: s.location,
            'sr-status': String(s.statusId),
            'sr-status-label': SHIPROCKET_STATUS_LABELS[s.statusId] ?? 'NA',
          })),
          track_url: `https://shiprocket.co/tracking/${order.shipment.awb}`,
        },
      };
    },
  );

  app.post(
    '/v1/external/ndr/:awb/action',
    async (req: FastifyRequest<{ Params: { awb: string } }>, reply: FastifyReply) => {
      const body = (req.body ?? {}) as { action?: unknown; comments?: unknown };
      const errors: Record<string, string[]> = {};
      if (body.action !== 're-attempt' && body.action !== 'return')
        errors.action = ['The selected action is invalid.'];
      if (typeof body.comments !== 'string' || body.comments === '')
        errors.comments = ['The comments field is required.'];
      if (Object.keys(errors).length) return reply.code(422).send(invalid(errors));
      const order = [...orders.values()].find((o) => o.shipment.awb === req.params.awb);
      if (!order || order.shipment.statusId !== 21)
        return reply.code(400).send({ message: 'No NDR found for this AWB.', status_code: 400 });
      fake.ndrActions.push({
        awb: req.params.awb,
        action: body.action as string,
        comments: body.comments as string,
      });
      return reply.code(202).send({ status: 'Data Updated Sucessfully' });
    },
  );

  fake.url = await app.listen({ port: 0, host: '127.0.0.1' });
  return fake;
}
