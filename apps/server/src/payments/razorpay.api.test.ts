// The razorpay provider against a local fake that follows Razorpay's documented protocol:
// link creation, the signed callback, the webhook signed over its raw body, status look-up.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { queryRows } from '../db/index.js';
import {
  allowManyUnpaidOrders,
  orderBody,
  outboxMails,
  shopper,
  type Shopper,
  stockOf,
} from '../test/checkout.js';
import { startFakeRazorpay, type FakeRazorpay } from '../test/fake-razorpay.js';
import { createProduct } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';

let fake: FakeRazorpay;
let t: TestApp;
let s: Shopper;
let jersey: number; // ₹1,299; one to Kerala is ₹1,359

beforeAll(async () => {
  fake = await startFakeRazorpay();
  t = await startTestApp(
    {
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: fake.keyId,
      RAZORPAY_KEY_SECRET: fake.keySecret,
      RAZORPAY_WEBHOOK_SECRET: fake.webhookSecret,
      RAZORPAY_API_BASE: fake.url,
      PUBLIC_URL: 'https://shop.example',
    },
    { orderSweep: false },
  );
  jersey = await createProduct(t.db, { pricePaise: 129_900, sizes: { M: 100 } });
  s = await shopper(t);
  await allowManyUnpaidOrders(t.db);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function placeOrder() {
  const res = await s.post(
    '/api/process_order.php',
    orderBody(s.id, [{ product_id: jersey, size: 'M', quantity: 1 }], 1359),
  );
  expect(res.statusCode).toBe(200);
  return res.json() as { order_id: number; payment_url: string };
}

const paymentStatus = async (orderId: number) => {
  const [row] = await queryRows<{ payment_status: string }>(
    t.db,
    sql`SELECT payment_status FROM orders WHERE id = ${orderId}`,
  );
  return row!.payment_status;
};

const callback = (query: URLSearchParams) =>
  t.app.inject({ method: 'GET', url: `/api/payments/razorpay/callback?${query.toString()}` });

const webhook = (body: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/payments/razorpay/webhook', headers, payload: body });

const mailsFor = async (orderId: number) =>
  (await outboxMails(t)).filter((m) => m.subject.includes(`order #${orderId} `));

describe('creating payment links', () => {
  it('creates one link per attempt with the order’s amount, reference and callback', async () => {
    const before = fake.creates.length;
    const order = await placeOrder();
    const link = fake.linkFor(`order-${order.order_id}-1`);
    expect(order.payment_url).toBe(link.short_url);
    expect(fake.creates.slice(before)).toEqual([
      {
        amount: 135_900,
        currency: 'INR',
        reference_id: `order-${order.order_id}-1`,
        description: `Kitroom order #${order.order_id}`,
        customer: { name: 'Asha Menon', email: s.email, contact: '9876543210' },
        notify: { sms: false, email: false },
        notes: { order_id: String(order.order_id) },
        expire_by: expect.any(Number),
        callback_url: 'https://shop.example/api/payments/razorpay/callback',
        callback_method: 'get',
      },
    ]);
    const [payment] = await queryRows<{ provider: string; provider_ref: string }>(
      t.db,
      sql`SELECT provider, provider_ref FROM payments WHERE order_id = ${order.order_id}`,
    );
    expect(payment).toEqual({ provider: 'razorpay', provider_ref: link.id });

    // Pay Now while the link is open returns it again without a new create.
    const again = await s.post('/api/payment_processer.php', {
      user_id: s.id,
      order_id: order.order_id,
    });
    expect(again.json().payment_url).toBe(link.short_url);
    expect(fake.creates.length).toBe(before + 1);
  });

  it('keeps the order when Razorpay fails, and Pay Now later creates a new attempt', async () => {
    fake.failing = true;
    const before = await stockOf(t.db, jersey, 'M');
    const res = await s.post(
      '/api/process_order.php',
      orderBody(s.id, [{ product_id: jersey, size: 'M', quantity: 1 }], 1359),
    );
    fake.failing = false;
    expect(res.statusCode).toBe(502);
    const [{ id: orderId }] = (await queryRows<{ id: number }>(
      t.db,
      sql`SELECT id FROM orders WHERE user_id = ${s.id} ORDER BY id DESC LIMIT 1`,
    )) as [{ id: number }];
    expect(res.json().error).toBe(
      `Your order #${orderId} is saved, but the payment service is not answering right now. Please use Pay Now on the order in My Orders in a few minutes.`,
    );
    expect(await paymentStatus(orderId)).toBe('UNPAID');
    expect(await stockOf(t.db, jersey, 'M')).toBe(before - 1);

    // Five Pay Now clicks at once, while Razorpay is slow, make one new link.
    fake.delayMs = 300;
    const creates = fake.creates.length;
    const clicks = await Promise.all(
      Array.from({ length: 5 }, () =>
        s.post('/api/payment_processer.php', { user_id: s.id, order_id: orderId }),
      ),
    );
    fake.delayMs = 0;
    expect(clicks.map((c) => c.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const link = fake.linkFor(`order-${orderId}-2`);
    expect(new Set(clicks.map((c) => c.json().payment_url))).toEqual(new Set([link.short_url]));
    expect(fake.creates.length).toBe(creates + 1);
  });
});

describe('learning the result', () => {
  it('believes a callback signed with the key secret, once', async () => {
    const order = await placeOrder();
    const query = fake.pay(fake.linkFor(`order-${order.order_id}-1`).id);

    const forged = new URLSearchParams(query);
    forged.set('razorpay_signature', 'ab'.repeat(32));
    expect((await callback(forged)).statusCode).toBe(400);
    const otherRef = new URLSearchParams(query);
    otherRef.set('razorpay_payment_link_reference_id', 'order-1-1');
    expect((await callback(otherRef)).statusCode).toBe(400);
    expect(await paymentStatus(order.order_id)).toBe('UNPAID');

    const back = await callback(query);
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`/reviewOrdersDetails/${order.order_id}`);
    expect(await paymentStatus(order.order_id)).toBe('SUCCESS');
    expect((await callback(query)).statusCode).toBe(302);
    expect(await mailsFor(order.order_id)).toHaveLength(1);
  });

  it('believes a webhook signed over its raw bytes, once per event id', async () => {
    const order = await placeOrder();
    const link = fake.linkFor(`order-${order.order_id}-1`);
    fake.pay(link.id);
    const delivery = fake.webhook(link.id, 'payment_link.paid');

    // A signature of another body, or the same JSON re-serialised, does not hold.
    const other = fake.webhook(link.id, 'payment_link.paid');
    const otherSignature = { 'x-razorpay-signature': other.headers['x-razorpay-signature']! };
    expect(
      (await webhook(delivery.body, { ...delivery.headers, ...otherSignature })).statusCode,
    ).toBe(400);
    const compact = JSON.stringify(JSON.parse(delivery.body));
    expect((await webhook(compact, delivery.headers)).statusCode).toBe(400);
    const withoutId = { ...delivery.headers };
    delete withoutId['x-razorpay-event-id'];
    expect((await webhook(delivery.body, withoutId)).statusCode).toBe(400);
    expect(await paymentStatus(order.order_id)).toBe('UNPAID');

    const first = await webhook(delivery.body, delivery.headers);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'applied' });
    expect(await paymentStatus(order.order_id)).toBe('SUCCESS');
    expect((await webhook(delivery.body, delivery.headers)).json()).toEqual({
      status: 'duplicate',
    });
    // Another delivery of the news (a new event id) finds the order already paid.
    expect((await webhook(other.body, other.headers)).json()).toEqual({ status: 'unchanged' });
    expect(await mailsFor(order.order_id)).toHaveLength(1);
  });

  it('ignores signed webhooks with the wrong amount or another order’s reference', async () => {
    const a = await placeOrder();
    const b = await placeOrder();
    const link = fake.linkFor(`order-${a.order_id}-1`);
    fake.pay(link.id);
    const short = fake.webhook(link.id, 'payment_link.paid', { amount_paid: 100 });
    expect((await webhook(short.body, short.headers)).json()).toEqual({ status: 'mismatch' });
    const dollars = fake.webhook(link.id, 'payment_link.paid', { currency: 'USD' });
    expect((await webhook(dollars.body, dollars.headers)).json()).toEqual({ status: 'mismatch' });
    const crossed = fake.webhook(link.id, 'payment_link.paid', {
      reference_id: `order-${b.order_id}-1`,
    });
    expect((await webhook(crossed.body, crossed.headers)).json()).toEqual({ status: 'mismatch' });
    const unknown = fake.webhook(link.id, 'payment_link.paid', { id: 'plink_unknown' });
    expect((await webhook(unknown.body, unknown.headers)).json()).toEqual({ status: 'unknown' });
    expect(await paymentStatus(a.order_id)).toBe('UNPAID');
    expect(await paymentStatus(b.order_id)).toBe('UNPAID');
  });

  it('records an expired link, and Pay Now then makes a new one', async () => {
    const order = await placeOrder();
    const link = fake.linkFor(`order-${order.order_id}-1`);
    link.status = 'expired';
    const expired = fake.webhook(link.id, 'payment_link.expired');
    expect((await webhook(expired.body, expired.headers)).json()).toEqual({ status: 'applied' });
    expect(await paymentStatus(order.order_id)).toBe('UNPAID');
    const pay = await s.post('/api/payment_processer.php', {
      user_id: s.id,
      order_id: order.order_id,
    });
    expect(pay.json().payment_url).toBe(fake.linkFor(`order-${order.order_id}-2`).short_url);
  });

  it('cancels the link a new attempt replaces, and gives back a payment that still arrives on it', async () => {
    const order = await placeOrder();
    const first = fake.linkFor(`order-${order.order_id}-1`);
    // The hold ran out while the link stayed open at Razorpay (links live at least 16 min).
    await t.db.execute(
      sql`UPDATE orders SET reserved_until = now() - interval '1 minute' WHERE id = ${order.order_id}`,
    );
    const pay = await s.post('/api/payment_processer.php', {
      user_id: s.id,
      order_id: order.order_id,
    });
    const second = fake.linkFor(`order-${order.order_id}-2`);
    expect(pay.json().payment_url).toBe(second.short_url);
    expect(first.status).toBe('cancelled');

    await callback(fake.pay(second.id));
    expect(await paymentStatus(order.order_id)).toBe('SUCCESS');
    // The shopper had paid the first link in the moment before it was cancelled.
    fake.pay(first.id);
    const late = fake.webhook(first.id, 'payment_link.paid');
    expect((await webhook(late.body, late.headers)).json()).toEqual({ status: 'applied' });
    const latePayment = first.payments![0]!.payment_id;
    expect(fake.refundsOf(latePayment).map((r) => r.amount)).toEqual([135_900]);
    expect(fake.refundsOf(second.payments![0]!.payment_id)).toEqual([]);
    expect(await paymentStatus(order.order_id)).toBe('SUCCESS');
  });

  it('asks Razorpay when neither callback nor webhook came (order detail)', async () => {
    const order = await placeOrder();
    const detail = () => s.post('/api/orders.php', { user_id: s.id, order_id: order.order_id });
    expect((await detail()).json().order.payment_status).toBe('UNPAID');
    fake.pay(fake.linkFor(`order-${order.order_id}-1`).id);
    const res = await detail();
    expect(res.json().order).toMatchObject({
      payment_status: 'SUCCESS',
      order_status: 'Processing',
    });
    expect(await mailsFor(order.order_id)).toHaveLength(1);
  });
});

describe('configuration', () => {
  it('refuses razorpay without its secrets, and production without a named provider', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'razorpay' })).toThrow(
      /RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x' })).toThrow(
      /PAYMENT_PROVIDER/,
    );
    expect(
      loadConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: 'x',
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: 'k',
        RAZORPAY_KEY_SECRET: 's',
        RAZORPAY_WEBHOOK_SECRET: 'w',
      }).paymentProvider,
    ).toBe('razorpay');
    expect(loadConfig({}).paymentProvider).toBe('sandbox');
  });
});
