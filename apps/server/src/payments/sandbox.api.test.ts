// The sandbox provider end to end over HTTP: its page, the signed redirect and webhook,
// and every way a forged, replayed or mismatched message must fail to mark an order paid.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import { releaseExpiredOrders } from '../checkout/index.js';
import {
  allowManyUnpaidOrders,
  orderBody,
  outboxMails,
  shopper,
  type Shopper,
  stockOf,
} from '../test/checkout.js';
import { createProduct } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createSandboxGateway } from './sandbox.provider.js';

let t: TestApp;
let s: Shopper;
let jersey: number; // ₹1,299; with Kerala shipping an order of one is ₹1,359
let gateway: ReturnType<typeof createSandboxGateway>;

beforeAll(async () => {
  t = await startTestApp({ SESSION_SECRET: 'sandbox-test-secret' }, { orderSweep: false });
  gateway = createSandboxGateway('sandbox-test-secret');
  jersey = await createProduct(t.db, { pricePaise: 129_900, sizes: { M: 100 } });
  s = await shopper(t);
  await allowManyUnpaidOrders(t.db);
});
afterAll(() => t?.close());

async function placeOrder(who = s, productId = jersey, amount = 1359) {
  const res = await who.post(
    '/api/process_order.php',
    orderBody(who.id, [{ product_id: productId, size: 'M', quantity: 1 }], amount),
  );
  expect(res.statusCode).toBe(200);
  return res.json() as { order_id: number; payment_url: string };
}

async function orderState(orderId: number) {
  const [row] = await queryRows<{
    payment_status: string;
    order_status: string;
    paid_at: Date | null;
    reserved_until: Date | null;
  }>(
    t.db,
    sql`SELECT payment_status, order_status, paid_at, reserved_until FROM orders WHERE id = ${orderId}`,
  );
  return row!;
}

async function mailsFor(orderId: number) {
  return (await outboxMails(t)).filter((m) => m.subject.includes(`order #${orderId} `));
}

const submit = (paymentUrl: string, result: string) =>
  t.app.inject({
    method: 'POST',
    url: paymentUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `result=${result}`,
  });

const get = (url: string) => t.app.inject({ method: 'GET', url });

function webhookBody(p: { reference: string; amount: number; status?: string; id?: string }) {
  const id = p.id ?? `evt_${randomUUID()}`;
  const status = p.status ?? 'paid';
  const body = JSON.stringify({
    id,
    event: `payment.${status}`,
    created_at: 1,
    payment: {
      reference: p.reference,
      payment_id: 'sbxpay_test',
      status,
      amount: p.amount,
      currency: 'INR',
    },
  });
  return { id, body };
}

function sendWebhook(body: string, id: string, signature = gateway.signWebhook(body)) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/webhook',
    headers: {
      'content-type': 'application/json',
      'x-sandbox-signature': signature,
      'x-sandbox-event-id': id,
    },
    payload: body,
  });
}

const referenceOf = (orderId: number, attempt = 1) => `order-${orderId}-${attempt}`;

describe('the sandbox payment page', () => {
  it('shows the shop, the order number and the amount with Pay and Fail, and no script', async () => {
    const order = await placeOrder();
    const page = await get(order.payment_url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const html = page.body;
    expect(html).toContain('<h1>Kitroom</h1>');
    expect(html).toContain(`Order #${order.order_id}`);
    expect(html).toContain('₹1,359');
    expect(html).toContain(`<form method="post" action="${order.payment_url}">`);
    expect(html).toContain('value="paid">Pay ₹1,359</button>');
    expect(html).toContain('value="failed">Fail</button>');
    expect(html).not.toMatch(/<script|<link|https?:\/\//);
  });

  it('refuses a tampered or expired payment token', async () => {
    const order = await placeOrder();
    const token = order.payment_url.split('/').pop()!;
    const payment = gateway.read(token)!;
    const forged = createSandboxGateway('another-secret').sign({ ...payment, amount: 100 });
    expect((await get(`/api/payments/sandbox/pay/${forged}`)).statusCode).toBe(404);
    expect((await submit(`/api/payments/sandbox/pay/${forged}`, 'paid')).statusCode).toBe(404);
    const expired = gateway.sign({ ...payment, exp: Math.floor(Date.now() / 1000) - 1 });
    const page = await get(`/api/payments/sandbox/pay/${expired}`);
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('has expired');
    expect((await submit(`/api/payments/sandbox/pay/${expired}`, 'paid')).statusCode).toBe(410);
    expect((await submit(order.payment_url, 'maybe')).statusCode).toBe(400);
    expect((await orderState(order.order_id)).payment_status).toBe('UNPAID');
  });
});

describe('paying through the sandbox', () => {
  it('Pay redirects to the callback, which marks the order paid once and redirects to the order page', async () => {
    const order = await placeOrder();
    const paid = await submit(order.payment_url, 'paid');
    expect(paid.statusCode).toBe(303);
    const callback = paid.headers.location as string;
    expect(callback).toMatch(/^\/api\/payments\/sandbox\/callback\?sandbox_reference=/);

    const back = await get(callback);
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`/reviewOrdersDetails/${order.order_id}`);
    const state = await orderState(order.order_id);
    expect(state).toMatchObject({ payment_status: 'SUCCESS', order_status: 'Processing' });
    expect(state.paid_at).not.toBeNull();
    expect(state.reserved_until).toBeNull();
    const [payment] = await queryRows<{ status: string; provider_payment_id: string }>(
      t.db,
      sql`SELECT status, provider_payment_id FROM payments WHERE order_id = ${order.order_id}`,
    );
    expect(payment!.status).toBe('paid');
    expect(payment!.provider_payment_id).toMatch(/^sbxpay_/);

    // A replayed callback changes nothing and mails nothing.
    expect((await get(callback)).statusCode).toBe(302);
    expect((await orderState(order.order_id)).paid_at).toEqual(state.paid_at);
    const mails = await mailsFor(order.order_id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Kitroom order #${order.order_id} is confirmed`);
    expect(mails[0]!.to).toBe(s.email);
    // The hold became a sale: the stock does not move again, and a replay wrote nothing.
    const ledger = await queryRows<{ reason: string; delta: number }>(
      t.db,
      sql`SELECT reason, delta FROM stock_ledger WHERE order_id = ${order.order_id} ORDER BY id`,
    );
    expect(ledger.map((r) => [r.reason, r.delta])).toEqual([
      ['hold', -1],
      ['sale', 0],
    ]);

    const detail = await s.post('/api/orders.php', { user_id: s.id, order_id: order.order_id });
    expect(detail.json().order).toMatchObject({
      payment_status: 'SUCCESS',
      total_amount: '1359.00',
    });
    const again = await s.post('/api/payment_processer.php', {
      user_id: s.id,
      order_id: order.order_id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This order is already paid.');
  });

  it('Fail marks the payment failed; Pay Now then makes a new page that can be paid', async () => {
    const order = await placeOrder();
    const failed = await submit(order.payment_url, 'failed');
    const back = await get(failed.headers.location as string);
    expect(back.headers.location).toBe(`/reviewOrdersDetails/${order.order_id}`);
    expect((await orderState(order.order_id)).payment_status).toBe('FAILED');

    const retry = await s.post('/api/payment_processer.php', {
      user_id: s.id,
      order_id: order.order_id,
    });
    expect(retry.statusCode).toBe(200);
    const retryUrl = retry.json().payment_url as string;
    expect(retryUrl).not.toBe(order.payment_url);
    expect(gateway.read(retryUrl.split('/').pop()!)!.ref).toBe(referenceOf(order.order_id, 2));
    await get((await submit(retryUrl, 'paid')).headers.location as string);
    expect((await orderState(order.order_id)).payment_status).toBe('SUCCESS');
    expect(await mailsFor(order.order_id)).toHaveLength(1);
  });

  it('a page Pay Now replaced takes no money, and a payment made on it before is given back in full', async () => {
    const order = await placeOrder();
    const oldToken = order.payment_url.split('/').pop()!;
    await get((await submit(order.payment_url, 'failed')).headers.location as string);
    const retry = await s.post('/api/payment_processer.php', {
      user_id: s.id,
      order_id: order.order_id,
    });
    const retryUrl = retry.json().payment_url as string;
    await get((await submit(retryUrl, 'paid')).headers.location as string);
    expect((await orderState(order.order_id)).payment_status).toBe('SUCCESS');

    // The first page now says it was replaced, and paying it changes nothing.
    const shown = await get(order.payment_url);
    expect(shown.statusCode).toBe(410);
    expect(shown.body).toContain(`This payment page for order #${order.order_id} was replaced`);
    expect((await submit(order.payment_url, 'paid')).statusCode).toBe(410);
    // The paid page says so too.
    expect((await get(retryUrl)).body).toContain('has been paid already');

    // A shopper who paid the first page before it closed: the gateway's late news.
    const late = gateway.complete(gateway.read(oldToken)!, 'paid');
    const delivered = await sendWebhook(
      late.webhookBody,
      late.webhookHeaders['x-sandbox-event-id'],
    );
    expect(delivered.statusCode).toBe(200);
    const money = await queryRows<{ ref: string; status: string; refunded: number }>(
      t.db,
      sql`SELECT p.provider_ref AS ref, p.status,
                 coalesce((SELECT sum(r.amount_paise) FROM refunds r
                           WHERE r.payment_id = p.id AND r.status = 'processed'), 0)::int AS refunded
          FROM payments p WHERE p.order_id = ${order.order_id} ORDER BY p.id`,
    );
    expect(money).toEqual([
      { ref: referenceOf(order.order_id, 1), status: 'paid', refunded: 135_900 },
      { ref: referenceOf(order.order_id, 2), status: 'paid', refunded: 0 },
    ]);
    expect((await orderState(order.order_id)).order_status).toBe('Processing');
    // Both mails, sent in the same drain of the outbox: in either order.
    expect((await mailsFor(order.order_id)).map((m) => m.subject).sort()).toEqual(
      [
        `Kitroom order #${order.order_id} is confirmed`,
        `Kitroom order #${order.order_id} — refund of ₹1,359 processed`,
      ].sort(),
    );
  });
});

describe('forged and replayed messages', () => {
  it('refuses callbacks whose signature does not hold; a genuine one alone marks the order paid', async () => {
    const order = await placeOrder();
    const token = order.payment_url.split('/').pop()!;
    // Completed at the gateway, but only the redirect arrives (no webhook).
    const genuine = gateway.complete(gateway.read(token)!, 'paid');
    const query = new URLSearchParams(genuine.callbackUrl.split('?')[1]);
    const tampered = (change: Record<string, string>) => {
      const q = new URLSearchParams(query);
      for (const [k, v] of Object.entries(change)) q.set(k, v);
      return `/api/payments/sandbox/callback?${q.toString()}`;
    };
    for (const url of [
      tampered({ sandbox_status: 'failed' }),
      tampered({ sandbox_amount: '100' }),
      tampered({ sandbox_signature: '0'.repeat(64) }),
      tampered({ sandbox_signature: 'not-hex' }),
      '/api/payments/sandbox/callback',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toBe('The payment confirmation could not be verified.');
    }
    expect((await orderState(order.order_id)).payment_status).toBe('UNPAID');
    const back = await get(genuine.callbackUrl);
    expect(back.statusCode).toBe(302);
    expect((await orderState(order.order_id)).payment_status).toBe('SUCCESS');
    expect(await mailsFor(order.order_id)).toHaveLength(1);
  });

  it('refuses webhooks with a bad signature; ignores signed ones that do not match the order', async () => {
    const a = await placeOrder();
    const b = await placeOrder(
      s,
      await createProduct(t.db, { pricePaise: 200_000, sizes: { M: 5 } }),
      2060,
    );
    const valid = webhookBody({ reference: referenceOf(a.order_id), amount: 135_900 });
    expect((await sendWebhook(valid.body, valid.id, '0'.repeat(64))).statusCode).toBe(400);
    expect((await sendWebhook(valid.body, valid.id, 'garbage')).statusCode).toBe(400);
    expect((await sendWebhook(valid.body, 'evt_other')).statusCode).toBe(400);

    const cheap = webhookBody({ reference: referenceOf(a.order_id), amount: 100 });
    expect((await sendWebhook(cheap.body, cheap.id)).json()).toEqual({ status: 'mismatch' });
    // Order b's reference with order a's amount.
    const crossed = webhookBody({ reference: referenceOf(b.order_id), amount: 135_900 });
    expect((await sendWebhook(crossed.body, crossed.id)).json()).toEqual({ status: 'mismatch' });
    const stranger = webhookBody({ reference: 'order-999999-1', amount: 135_900 });
    expect((await sendWebhook(stranger.body, stranger.id)).json()).toEqual({ status: 'unknown' });
    expect((await orderState(a.order_id)).payment_status).toBe('UNPAID');
    expect((await orderState(b.order_id)).payment_status).toBe('UNPAID');

    expect((await sendWebhook(valid.body, valid.id)).json()).toEqual({ status: 'applied' });
    expect((await orderState(a.order_id)).payment_status).toBe('SUCCESS');
    expect((await sendWebhook(valid.body, valid.id)).json()).toEqual({ status: 'duplicate' });
    // A late failure after the payment changes nothing.
    const late = webhookBody({
      reference: referenceOf(a.order_id),
      amount: 135_900,
      status: 'failed',
    });
    expect((await sendWebhook(late.body, late.id)).json()).toEqual({ status: 'unchanged' });
    expect((await orderState(a.order_id)).payment_status).toBe('SUCCESS');
    const [payment] = await queryRows<{ status: string }>(
      t.db,
      sql`SELECT status FROM payments WHERE order_id = ${a.order_id}`,
    );
    expect(payment!.status).toBe('paid');
    expect(await mailsFor(a.order_id)).toHaveLength(1);
  });
});

describe('a payment that arrives after the stock hold ended', () => {
  async function expireAndSweep(orderId: number) {
    await t.db.execute(
      sql`UPDATE orders SET reserved_until = now() - interval '1 minute' WHERE id = ${orderId}`,
    );
    await releaseExpiredOrders(t.db);
  }

  it('takes the stock again and marks the order paid', async () => {
    const product = await createProduct(t.db, { pricePaise: 129_900, sizes: { M: 1 } });
    const order = await placeOrder(s, product);
    await expireAndSweep(order.order_id);
    expect(await stockOf(t.db, product, 'M')).toBe(1);
    const paid = webhookBody({ reference: referenceOf(order.order_id), amount: 135_900 });
    expect((await sendWebhook(paid.body, paid.id)).json()).toEqual({ status: 'applied' });
    expect(await orderState(order.order_id)).toMatchObject({
      payment_status: 'SUCCESS',
      order_status: 'Processing',
    });
    expect(await stockOf(t.db, product, 'M')).toBe(0);
    const ledger = await queryRows<{ reason: string; delta: number; stock_after: number }>(
      t.db,
      sql`SELECT reason, delta, stock_after FROM stock_ledger WHERE order_id = ${order.order_id} ORDER BY id`,
    );
    expect(ledger.map((r) => [r.reason, r.delta, r.stock_after])).toEqual([
      ['hold', -1, 0],
      ['release', 1, 1],
      ['sale', -1, 0],
    ]);
  });

  it('cancels the order and mails about the refund when the stock is gone', async () => {
    const product = await createProduct(t.db, { pricePaise: 129_900, sizes: { M: 1 } });
    const order = await placeOrder(s, product);
    await expireAndSweep(order.order_id);
    await placeOrder(await shopper(t), product);
    const paid = webhookBody({ reference: referenceOf(order.order_id), amount: 135_900 });
    expect((await sendWebhook(paid.body, paid.id)).json()).toEqual({ status: 'applied' });
    expect(await orderState(order.order_id)).toMatchObject({
      payment_status: 'SUCCESS',
      order_status: 'Canceled',
    });
    expect(await stockOf(t.db, product, 'M')).toBe(0);
    // The failed take was rolled back with its ledger rows: nothing was sold for this order.
    const reasons = await queryRows<{ reason: string }>(
      t.db,
      sql`SELECT reason FROM stock_ledger WHERE order_id = ${order.order_id} ORDER BY id`,
    );
    expect(reasons.map((r) => r.reason)).toEqual(['hold', 'release']);
    // The payment goes back by itself: the sandbox refunds at once, and says so in a second mail.
    const [refund] = await queryRows<{ amount_paise: number; status: string }>(
      t.db,
      sql`SELECT amount_paise, status FROM refunds WHERE order_id = ${order.order_id}`,
    );
    expect(refund).toEqual({ amount_paise: 135_900, status: 'processed' });
    // The outbox sends a batch several at a time, so the two files' order is not the mails'.
    const mails = await mailsFor(order.order_id);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      `Kitroom order #${order.order_id} was canceled — refund on its way`,
      `Kitroom order #${order.order_id} — refund of ₹1,359 processed`,
    ]);
    const canceled = mails.find((m) => m.subject.includes('was canceled'))!;
    expect(canceled.text).toContain('is sold out.');
    expect(canceled.text).toContain('Your refund of ₹1,359 will be processed within 7 days.');
    const refunded = mails.find((m) => m.subject.includes('refund of'))!;
    expect(refunded.text).toContain(
      `We have refunded ₹1,359 for order #${order.order_id} to the way you paid.`,
    );
  });
});
