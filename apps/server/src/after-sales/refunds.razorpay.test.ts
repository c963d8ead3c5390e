// Refunds end to end through Razorpay's documented refunds API (the local fake): staff ask in
// the back office, the refund goes out with its idempotency key and waits 'pending', and the
// signed refund.processed / refund.failed webhook finishes it — once, whatever is replayed or
// forged. Razorpay down or its response lost: the sweep sends the same key again and Razorpay
// makes one refund. Runs on PGlite, and on PostgreSQL with TEST_DATABASE=postgres.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { orderBody, shopper, type Shopper } from '../test/checkout.js';
import { startFakeRazorpay, type FakeRazorpay } from '../test/fake-razorpay.js';
import { createProduct } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createStaff, type TestStaff } from '../test/staff.js';
import { createPaymentProvider, hmacHex } from '../payments/index.js';
import { sweepRefunds } from './refund-sweep.js';
import type { RefundContext } from '../orders/index.js';

let fake: FakeRazorpay;
let t: TestApp;
let s: Shopper;
let jersey: number; // ₹1,299; one to Kerala is ₹1,359
let managerStaff: TestStaff;
let manager: AdminClient;
let ctx: RefundContext;

beforeAll(async () => {
  fake = await startFakeRazorpay();
  t = await startTestApp(
    {
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: fake.keyId,
      RAZORPAY_KEY_SECRET: fake.keySecret,
      RAZORPAY_WEBHOOK_SECRET: fake.webhookSecret,
      RAZORPAY_API_BASE: fake.url,
    },
    { orderSweep: false },
  );
  jersey = await createProduct(t.db, { pricePaise: 129_900, sizes: { M: 100 } });
  s = await shopper(t);
  managerStaff = await createStaff(t.db, 'manager');
  manager = adminClient(t.app, new URL(t.config.publicUrl).origin, managerStaff.cookie);
  ctx = { db: t.db, config: t.config, provider: createPaymentProvider(t.config), log: t.app.log };
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.refundOutage = null;
});

/** An order of one jersey (₹1,359), paid on Razorpay; its id and Razorpay's payment id. */
async function paidOrder(): Promise<{ orderId: number; paymentId: string }> {
  const placed = await s.post(
    '/api/process_order.php',
    orderBody(s.id, [{ product_id: jersey, size: 'M', quantity: 1 }], 1359),
  );
  expect(placed.statusCode, placed.body).toBe(200);
  const orderId = placed.json().order_id as number;
  const query = fake.pay(fake.linkFor(`order-${orderId}-1`).id);
  const back = await t.app.inject({
    method: 'GET',
    url: `/api/payments/razorpay/callback?${query.toString()}`,
  });
  expect(back.statusCode).toBe(302);
  return { orderId, paymentId: query.get('razorpay_payment_id')! };
}

const refund = (orderId: number, amount: string, key = randomUUID(), as = manager) =>
  as.call('POST', `/api/admin/orders/${orderId}/refunds`, {
    amount,
    reason: 'Late delivery',
    idempotency_key: key,
  });

const webhook = (delivery: { body: string; headers: Record<string, string> }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/webhook',
    headers: delivery.headers,
    payload: delivery.body,
  });

const refundsOf = (orderId: number) =>
  queryRows<{
    id: number;
    amount_paise: number;
    status: string;
    provider_refund_id: string | null;
    idempotency_key: string;
    attempts: number;
    last_error: string | null;
  }>(
    t.db,
    sql`SELECT id, amount_paise, status, provider_refund_id, idempotency_key, attempts, last_error
        FROM refunds WHERE order_id = ${orderId} ORDER BY id`,
  );

const events = async (orderId: number) =>
  (
    await queryRows<{ type: string }>(
      t.db,
      sql`SELECT type FROM order_events WHERE order_id = ${orderId} ORDER BY id`,
    )
  ).map((e) => e.type);

const refundMails = async (orderId: number) =>
  queryRows<{ data: { extra: { refund_paise: number; refunded_total_paise: number } } }>(
    t.db,
    sql`SELECT data FROM outbox WHERE order_id = ${orderId} AND template = 'order-refunded'
        ORDER BY id`,
  );

/** A time after the sweep's first waits: refunds tried once are due again. */
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe('a refund through Razorpay', () => {
  it('goes out with its key, waits pending, and refund.processed finishes it once', async () => {
    const { orderId, paymentId } = await paidOrder();
    const key = randomUUID();
    const res = await refund(orderId, '500', key);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      refund: {
        id: expect.any(Number),
        order_id: orderId,
        amount_paise: 50_000,
        status: 'pending',
        provider: 'razorpay',
        provider_refund_id: expect.stringMatching(/^rfnd_/),
        reason: 'Late delivery',
        requested_by: { id: managerStaff.id, name: expect.stringContaining('manager') },
        created_at: expect.any(String),
        updated_at: expect.any(String),
        processed_at: null,
        attempts: 1,
        last_error: null,
        method: 'provider',
        payout_to: null,
        utr: null,
      },
      refundable_paise: 85_900,
    });
    const refundId = body.refund.id as number;
    expect(fake.refundRequests.at(-1)).toEqual({
      paymentId,
      key: `admin-${key}`,
      body: { amount: 50_000, speed: 'normal', receipt: `order-${orderId}-refund-${refundId}` },
    });
    expect(await events(orderId)).toEqual(['placed', 'paid', 'refund_requested']);
    expect(await refundMails(orderId)).toEqual([]);

    const processed = fake.settleRefund(body.refund.provider_refund_id, 'processed');
    // A forged delivery (another body's signature) is refused and changes nothing.
    const forged = { ...processed, body: processed.body.replace('"amount": 50000', '"amount": 1') };
    const refused = await webhook(forged);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'The webhook signature is not valid.' });
    expect((await refundsOf(orderId))[0]!.status).toBe('pending');

    const applied = await webhook(processed);
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toEqual({ status: 'applied' });
    expect(await refundsOf(orderId)).toMatchObject([{ status: 'processed' }]);
    expect(await events(orderId)).toEqual(['placed', 'paid', 'refund_requested', 'refunded']);
    expect(await refundMails(orderId)).toEqual([
      {
        data: expect.objectContaining({
          order_id: orderId,
          extra: { refund_paise: 50_000, refunded_total_paise: 50_000 },
        }),
      },
    ]);

    // Replayed (same event id), then told again (a new event id): nothing changes.
    expect((await webhook(processed)).json()).toEqual({ status: 'duplicate' });
    const again = fake.settleRefund(body.refund.provider_refund_id, 'processed');
    expect((await webhook(again)).json()).toEqual({ status: 'unchanged' });
    expect(await events(orderId)).toEqual(['placed', 'paid', 'refund_requested', 'refunded']);
    expect(await refundMails(orderId)).toHaveLength(1);
    expect(fake.refundsOf(paymentId)).toHaveLength(1);
  });

  it('refund.failed fails it, and the amount can be refunded again', async () => {
    const { orderId, paymentId } = await paidOrder();
    const first = (await refund(orderId, '1,359')).json();
    expect(first).toMatchObject({ refund: { status: 'pending' }, refundable_paise: 0 });
    const more = await refund(orderId, '1');
    expect(more.statusCode).toBe(409);
    expect(more.json()).toEqual({ error: `Order #${orderId} is already refunded in full.` });

    const failed = await webhook(fake.settleRefund(first.refund.provider_refund_id, 'failed'));
    expect(failed.json()).toEqual({ status: 'applied' });
    expect(await refundsOf(orderId)).toMatchObject([{ status: 'failed' }]);
    expect(await events(orderId)).toEqual(['placed', 'paid', 'refund_requested', 'refund_failed']);
    expect(await refundMails(orderId)).toEqual([]);

    const retry = await refund(orderId, '1359');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ refund: { status: 'pending' }, refundable_paise: 0 });
    expect(fake.refundsOf(paymentId).map((r) => r.status)).toEqual(['failed', 'pending']);
  });

  it('ignores signed news that does not match the refund', async () => {
    const { orderId } = await paidOrder();
    const made = (await refund(orderId, '200')).json();
    const news = fake.settleRefund(made.refund.provider_refund_id, 'processed');
    const other = JSON.parse(news.body);
    other.payload.refund.entity.amount = 135_900;
    expect((await webhook(resign(other))).json()).toEqual({ status: 'mismatch' });
    other.payload.refund.entity.id = 'rfnd_made_elsewhere';
    other.payload.refund.entity.receipt = null;
    expect((await webhook(resign(other))).json()).toEqual({ status: 'unknown' });
    expect(await refundsOf(orderId)).toMatchObject([{ status: 'pending' }]);
  });
});

/** A webhook body of our own, signed with the webhook secret as Razorpay would. */
function resign(event: object) {
  const body = JSON.stringify(event);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': hmacHex(fake.webhookSecret, body),
      'x-razorpay-event-id': `evt_${randomUUID()}`,
    },
  };
}

describe('when Razorpay is down or its response is lost', () => {
  it('keeps the refund requested; the sweep sends the same key again, once, and Razorpay makes one refund', async () => {
    const { orderId, paymentId } = await paidOrder();
    fake.refundOutage = 'error';
    const res = await refund(orderId, '200');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refund).toMatchObject({
      status: 'requested',
      provider_refund_id: null,
      attempts: 1,
      last_error: expect.stringContaining('500'),
    });
    expect(fake.refundsOf(paymentId)).toEqual([]);

    // Not due yet: the first wait has not passed.
    expect(await sweepRefunds(ctx)).toEqual({ sent: 0, lookedUp: 0 });
    // Still down at the next try: still requested, tried twice.
    await sweepRefunds(ctx, inMinutes(3));
    expect(await refundsOf(orderId)).toMatchObject([{ status: 'requested', attempts: 2 }]);

    fake.refundOutage = null;
    // Two processes sweep at once: the refund is claimed by one of them.
    const [a, b] = await Promise.all([
      sweepRefunds(ctx, inMinutes(10)),
      sweepRefunds(ctx, inMinutes(10)),
    ]);
    expect(a.sent + b.sent).toBe(1);
    // A process sweeping at that time after the response came finds nothing due: the response
    // was stored at the sweep's time, and a pending refund's look-up waits its turn.
    expect(await sweepRefunds(ctx, inMinutes(10))).toEqual({ sent: 0, lookedUp: 0 });
    const [row] = await refundsOf(orderId);
    expect(row).toMatchObject({ status: 'pending', attempts: 3, last_error: null });
    const sent = fake.refundRequests.filter((r) => r.paymentId === paymentId);
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((r) => r.key))).toEqual(new Set([row!.idempotency_key]));
    expect(fake.refundsOf(paymentId)).toHaveLength(1);
    expect(fake.refundsOf(paymentId)[0]!.id).toBe(row!.provider_refund_id);
  });

  it('a refund made but its response lost: the retry gets the same refund, not a second', async () => {
    const { orderId, paymentId } = await paidOrder();
    fake.refundOutage = 'no-response';
    const res = await refund(orderId, '300');
    expect(res.json().refund).toMatchObject({ status: 'requested', provider_refund_id: null });
    expect(fake.refundsOf(paymentId)).toHaveLength(1);

    fake.refundOutage = null;
    expect((await sweepRefunds(ctx, inMinutes(3))).sent).toBeGreaterThanOrEqual(1);
    expect(await refundsOf(orderId)).toMatchObject([
      { status: 'pending', provider_refund_id: fake.refundsOf(paymentId)[0]!.id },
    ]);
    expect(fake.refundsOf(paymentId)).toHaveLength(1);
  });

  it('a webhook that comes before the response was stored is not lost', async () => {
    const { orderId, paymentId } = await paidOrder();
    fake.refundOutage = 'no-response';
    await refund(orderId, '400');
    fake.refundOutage = null;
    const [made] = fake.refundsOf(paymentId);
    const news = await webhook(fake.settleRefund(made!.id, 'processed'));
    expect(news.json()).toEqual({ status: 'applied' });
    expect(await refundsOf(orderId)).toMatchObject([
      { status: 'processed', provider_refund_id: made!.id },
    ]);
    expect(await events(orderId)).toEqual(['placed', 'paid', 'refund_requested', 'refunded']);
    expect(await refundMails(orderId)).toHaveLength(1);
    // The sweep finds nothing left to send.
    await sweepRefunds(ctx, inMinutes(3));
    expect(fake.refundsOf(paymentId)).toHaveLength(1);
    expect(await refundsOf(orderId)).toMatchObject([{ status: 'processed' }]);
  });

  it('a webhook racing the response being stored is applied, not lost', async () => {
    const { orderId, paymentId } = await paidOrder();
    fake.refundOutage = 'no-response';
    await refund(orderId, '450');
    fake.refundOutage = null;
    const [made] = fake.refundsOf(paymentId);
    const [row] = await refundsOf(orderId);
    // The response is being stored (the refund locked, its id written) when the webhook comes.
    let news: Promise<{ json(): unknown }> | undefined;
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM refunds WHERE id = ${row!.id} FOR UPDATE`);
      await tx.execute(
        sql`UPDATE refunds SET provider_refund_id = ${made!.id}, status = 'pending'
            WHERE id = ${row!.id}`,
      );
      // then() sends it now (inject waits for it), while the refund is still locked.
      news = webhook(fake.settleRefund(made!.id, 'processed')).then((res) => res);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect((await news!).json()).toEqual({ status: 'applied' });
    expect(await refundsOf(orderId)).toMatchObject([
      { status: 'processed', provider_refund_id: made!.id },
    ]);
    expect(await refundMails(orderId)).toHaveLength(1);
  });

  it('Razorpay refusing a refund fails it with its reason', async () => {
    const { orderId, paymentId } = await paidOrder();
    // ₹1,000 refunded from Razorpay's dashboard: Razorpay now refuses more than ₹359.
    const dashboard = await fetch(`${fake.url}/v1/payments/${paymentId}/refund`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${fake.keyId}:${fake.keySecret}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ amount: 100_000 }),
    });
    expect(dashboard.status).toBe(200);
    const res = await refund(orderId, '500');
    expect(res.json()).toMatchObject({
      refund: {
        status: 'failed',
        last_error: expect.stringContaining('greater than amount captured'),
      },
      refundable_paise: 135_900,
    });
    expect(await events(orderId)).toEqual(['placed', 'paid', 'refund_requested', 'refund_failed']);
    // A failed refund is never sent again.
    await sweepRefunds(ctx, inMinutes(10));
    expect(fake.refundRequests.filter((r) => r.paymentId === paymentId)).toHaveLength(2);
  });

  it('looks up a pending refund whose webhook never came', async () => {
    const { orderId } = await paidOrder();
    const made = (await refund(orderId, '100')).json();
    // Razorpay cannot be asked at the first look: the refund stays pending, tried again later.
    fake.refundOutage = 'error';
    await sweepRefunds(ctx, inMinutes(3));
    expect(await refundsOf(orderId)).toMatchObject([
      { status: 'pending', attempts: 2, last_error: expect.stringContaining('500') },
    ]);
    fake.refundOutage = null;
    fake.settleRefund(made.refund.provider_refund_id, 'processed');
    expect((await sweepRefunds(ctx, inMinutes(10))).lookedUp).toBeGreaterThanOrEqual(1);
    expect(await refundsOf(orderId)).toMatchObject([{ status: 'processed' }]);
    expect(await events(orderId)).toEqual(['placed', 'paid', 'refund_requested', 'refunded']);
    expect(await refundMails(orderId)).toHaveLength(1);
  });
});

describe('refunds asked at once', () => {
  it('a double click (one key) is one refund at Razorpay', async () => {
    const { orderId, paymentId } = await paidOrder();
    const key = randomUUID();
    const responses = await Promise.all([refund(orderId, '250', key), refund(orderId, '250', key)]);
    expect(responses.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(new Set(responses.map((a) => a.json().refund.id)).size).toBe(1);
    expect(await refundsOf(orderId)).toHaveLength(1);
    expect(fake.refundsOf(paymentId)).toHaveLength(1);
  });

  it('two staff refunding in full at once make one refund; the other is told why', async () => {
    const { orderId, paymentId } = await paidOrder();
    const other = adminClient(
      t.app,
      new URL(t.config.publicUrl).origin,
      (await createStaff(t.db, 'owner')).cookie,
    );
    const responses = await Promise.all([
      refund(orderId, '1359'),
      refund(orderId, '1359', randomUUID(), other),
    ]);
    expect(responses.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((a) => a.statusCode === 409)!.json()).toEqual({
      error: `Order #${orderId} is already refunded in full.`,
    });
    expect(fake.refundsOf(paymentId)).toHaveLength(1);
  });
});
