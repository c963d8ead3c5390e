// A local stand-in for Razorpay's Payment Links API, following PAYMENTS.md: Basic auth,
// create (reference_id unique, expire_by at least 15 minutes ahead, callback_url with
// callback_method), fetch, cancel; and, as Razorpay would, signed callbacks and webhooks.
// Refunds as Razorpay documents them (OPERATIONS.md, Refunds): POST /v1/payments/:id/refund
// with X-Refund-Idempotency (the same key and body return the same refund, another body is a
// BAD_REQUEST_ERROR), never above what was captured less what was refunded, GET
// /v1/refunds/:id, and the refund.processed / refund.failed webhooks a test triggers.
// Settlement recon (GET /v1/settlements/recon/combined, decision 076) from the payments and
// refunds it has seen: Razorpay's standard pricing, a fee of 2% plus 18% GST on the fee (the
// fee field includes the GST, tax is the GST), nothing on a refund; everything of one Indian
// day settled together on the next day at 10:00 IST (T+1), once the fake's clock has passed it.
import { createHmac, randomBytes } from 'node:crypto';
import Fastify, { type FastifyReply } from 'fastify';

export interface FakeLink {
  id: string;
  short_url: string;
  status: 'created' | 'partially_paid' | 'expired' | 'cancelled' | 'paid';
  reference_id: string;
  amount: number;
  amount_paid: number;
  currency: string;
  description: string;
  expire_by: number;
  payments:
    | {
        payment_id: string;
        status: string;
        amount: number;
        method: string;
        created_at?: number;
      }[]
    | null;
}

/** One settlement recon item, as GET /v1/settlements/recon/combined lists it. */
export interface FakeReconItem {
  entity_id: string;
  type: 'payment' | 'refund' | 'transfer' | 'adjustment';
  debit: number;
  credit: number;
  amount: number;
  currency: 'INR';
  fee: number;
  tax: number;
  on_hold: boolean;
  settled: boolean;
  created_at: number;
  settled_at: number;
  settlement_id: string;
  settlement_utr: string;
  order_id: string | null;
  order_receipt: string | null;
  payment_id: string | null;
  method: string | null;
  description: string | null;
  notes: Record<string, string> | [];
  dispute_id: string | null;
}

export interface FakeRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string>;
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: 'normal';
  speed_requested: 'normal';
}

/**
 * How the refunds API misbehaves while a test wants it to: respond 500, or take the refund and
 * never respond.
 */
export type RefundOutage = 'error' | 'no-response' | null;

export interface FakeRazorpay {
  url: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  links: Map<string, FakeLink>;
  /** Every create request body, in order. */
  creates: Record<string, unknown>[];
  /** While true, create calls respond 500. */
  failing: boolean;
  /** Milliseconds each create takes. */
  delayMs: number;
  /** Every refund made, by id. */
  refunds: Map<string, FakeRefund>;
  /** Every refund request that reached the API: its payment, idempotency key and body. */
  refundRequests: { paymentId: string; key: string | undefined; body: Record<string, unknown> }[];
  refundOutage: RefundOutage;
  /**
   * When payments and refunds are made (ms; default now): a test backdates them to have them
   * settled. The recon lists what was settled by the real now.
   */
  clock: () => number;
  /** Items a test adds to the recon beyond the payments and refunds (adjustments, transfers). */
  extraReconItems: FakeReconItem[];
  /** Every recon request's query, in order. */
  reconRequests: Record<string, string>[];
  /** While true, recon requests respond 500. */
  reconFailing: boolean;
  /** Every item the recon would list now, of every day. */
  reconItems(): FakeReconItem[];
  linkFor(reference: string): FakeLink;
  /** The refunds made on a payment, oldest first. */
  refundsOf(paymentId: string): FakeRefund[];
  /**
   * The bank's response to a pending refund: it becomes processed or failed, and the webhook
   * Razorpay sends about it (refund.processed / refund.failed).
   */
  settleRefund(
    refundId: string,
    status: 'processed' | 'failed',
  ): { body: string; headers: Record<string, string> };
  /** The shopper pays: the link is paid and the redirect query Razorpay would send. */
  pay(linkId: string): URLSearchParams;
  /** A webhook delivery as Razorpay sends it: pretty-printed body and its headers. */
  webhook(
    linkId: string,
    event: string,
    change?: Partial<FakeLink>,
  ): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;
const hmac = (secret: string, data: string) =>
  createHmac('sha256', secret).update(data).digest('hex');
const badRequest = (description: string) => ({
  error: {
    code: 'BAD_REQUEST_ERROR',
    description,
    source: 'business',
    reason: 'input_validation_failed',
  },
});

/** A webhook delivery as Razorpay sends it: a pretty-printed body, signed, with its event id. */
function signed(event: object, webhookSecret: string) {
  const body = JSON.stringify(event, null, 2);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': hmac(webhookSecret, body),
      'x-razorpay-event-id': id('evt'),
    },
  };
}

const IST_MS = 330 * 60_000;
const DAY_MS = 86_400_000;
const indianDay = (ms: number) => new Date(ms + IST_MS).toISOString().slice(0, 10);

/** Settled the Indian day after it was made (T+1), at 10:00 IST; one settlement per day. */
function reconItem(
  createdAt: number,
  item: Pick<
    FakeReconItem,
    | 'entity_id'
    | 'type'
    | 'amount'
    | 'fee'
    | 'tax'
    | 'credit'
    | 'debit'
    | 'payment_id'
    | 'order_receipt'
    | 'method'
    | 'description'
  >,
): FakeReconItem {
  const settledDay = indianDay(createdAt * 1000 + DAY_MS);
  const settledAt = Math.floor((Date.parse(`${settledDay}T10:00:00+05:30`) as number) / 1000);
  return {
    ...item,
    currency: 'INR',
    on_hold: false,
    settled: true,
    created_at: createdAt,
    settled_at: settledAt,
    settlement_id: `setl_${settledDay.replaceAll('-', '')}fake`,
    settlement_utr: `UTR${settledDay.replaceAll('-', '')}0001`,
    order_id: null,
    notes: [],
    dispute_id: null,
  };
}

// Razorpay: at least 10 characters of letters, digits, hyphens and underscores.
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{10,}$/;

export async function startFakeRazorpay(): Promise<FakeRazorpay> {
  const app = Fastify({ logger: false });
  const keyId = `rzp_test_${randomBytes(7).toString('hex')}`;
  const keySecret = randomBytes(12).toString('hex');
  const webhookSecret = randomBytes(12).toString('hex');
  const links = new Map<string, FakeLink>();
  const references = new Set<string>();
  // Idempotency keys seen: the body they came with and the refund they made.
  const refundKeys = new Map<string, { body: string; refundId: string }>();
  const refundsById = new Map<string, FakeRefund>();
  const paymentOf = (paymentId: string) =>
    [...links.values()].flatMap((l) => l.payments ?? []).find((p) => p.payment_id === paymentId);
  // What is refunded or on its way back on a payment; a failed refund gave nothing back.
  const refunded = (paymentId: string) =>
    [...refundsById.values()]
      .filter((r) => r.payment_id === paymentId && r.status !== 'failed')
      .reduce((sum, r) => sum + r.amount, 0);
  const expected = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  const fake: FakeRazorpay = {
    url: '',
    keyId,
    keySecret,
    webhookSecret,
    links,
    creates: [],
    failing: false,
    delayMs: 0,
    refunds: refundsById,
    refundRequests: [],
    refundOutage: null,
    clock: () => Date.now(),
    extraReconItems: [],
    reconRequests: [],
    reconFailing: false,
    reconItems() {
      const now = Date.now();
      const items: FakeReconItem[] = [];
      for (const link of links.values()) {
        for (const p of link.payments ?? []) {
          if (p.status !== 'captured' || p.created_at === undefined) continue;
          const base = Math.round(p.amount * 0.02);
          const tax = Math.round(base * 0.18);
          items.push(
            reconItem(p.created_at, {
              entity_id: p.payment_id,
              type: 'payment',
              amount: p.amount,
              fee: base + tax,
              tax,
              credit: p.amount - base - tax,
              debit: 0,
              payment_id: p.payment_id,
              order_receipt: link.reference_id,
              method: p.method,
              description: link.description,
            }),
          );
        }
      }
      for (const r of refundsById.values()) {
        if (r.status === 'failed') continue;
        items.push(
          reconItem(r.created_at, {
            entity_id: r.id,
            type: 'refund',
            amount: r.amount,
            fee: 0,
            tax: 0,
            credit: 0,
            debit: r.amount,
            payment_id: r.payment_id,
            order_receipt: r.receipt,
            method: null,
            description: null,
          }),
        );
      }
      return [...items, ...fake.extraReconItems]
        .filter((i) => i.settled_at * 1000 <= now)
        .sort((a, b) => a.created_at - b.created_at || a.entity_id.localeCompare(b.entity_id));
    },
    refundsOf(paymentId) {
      return [...fake.refunds.values()].filter((r) => r.payment_id === paymentId);
    },
    settleRefund(refundId, status) {
      const refund = fake.refunds.get(refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      refund.status = status;
      if (status === 'processed') refund.acquirer_data = { arn: String(Date.now()) };
      const payment = paymentOf(refund.payment_id);
      return signed(
        {
          entity: 'event',
          account_id: 'acc_test',
          event: `refund.${status}`,
          contains: ['refund', 'payment'],
          payload: {
            refund: { entity: refund },
            payment: {
              entity: {
                id: refund.payment_id,
                entity: 'payment',
                amount: payment?.amount ?? 0,
                currency: 'INR',
                status: payment?.status ?? 'captured',
                captured: true,
                amount_refunded: refunded(refund.payment_id),
              },
            },
          },
          created_at: Math.floor(Date.now() / 1000),
        },
        webhookSecret,
      );
    },
    linkFor(reference) {
      const link = [...links.values()].find((l) => l.reference_id === reference);
      if (!link) throw new Error(`no link for ${reference}`);
      return link;
    },
    pay(linkId) {
      const link = links.get(linkId)!;
      const paymentId = id('pay');
      link.status = 'paid';
      link.amount_paid = link.amount;
      link.payments = [
        {
          payment_id: paymentId,
          status: 'captured',
          amount: link.amount,
          method: 'upi',
          created_at: Math.floor(fake.clock() / 1000),
        },
      ];
      return new URLSearchParams({
        razorpay_payment_id: paymentId,
        razorpay_payment_link_id: link.id,
        razorpay_payment_link_reference_id: link.reference_id,
        razorpay_payment_link_status: 'paid',
        razorpay_signature: hmac(keySecret, `${link.id}|${link.reference_id}|paid|${paymentId}`),
      });
    },
    webhook(linkId, event, change = {}) {
      const link = { ...links.get(linkId)!, ...change };
      const payment = link.payments?.[0];
      return signed(
        {
          entity: 'event',
          account_id: 'acc_test',
          event,
          contains: ['payment_link', 'order', 'payment'],
          payload: {
            payment_link: { entity: link },
            ...(payment
              ? {
                  payment: {
                    entity: {
                      id: payment.payment_id,
                      entity: 'payment',
                      amount: payment.amount,
                      currency: link.currency,
                      status: payment.status,
                      method: payment.method,
                    },
                  },
                  order: { entity: { id: id('order'), amount: link.amount, status: 'paid' } },
                }
              : {}),
          },
          created_at: Math.floor(Date.now() / 1000),
        },
        webhookSecret,
      );
    },
    close: () => app.close(),
  };

  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.authorization !== expected) {
      return reply.status(401).send(badRequest('Authentication failed'));
    }
  });

  app.post('/v1/payment_links', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    fake.creates.push(body);
    if (fake.delayMs > 0) await new Promise((r) => setTimeout(r, fake.delayMs));
    if (fake.failing) return reply.status(500).send(badRequest('Internal server error'));
    const { amount, currency, reference_id, callback_url, callback_method, expire_by } = body;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
      return reply.status(400).send(badRequest('The amount must be atleast INR 1.00'));
    }
    if (currency !== 'INR') return reply.status(400).send(badRequest('The currency is invalid'));
    if (typeof reference_id !== 'string' || reference_id.length > 40) {
      return reply.status(400).send(badRequest('reference_id must be at most 40 characters'));
    }
    if (references.has(reference_id)) {
      return reply
        .status(400)
        .send(badRequest('payment link creation with reference ID already attempted'));
    }
    if ((callback_url === undefined) !== (callback_method === undefined)) {
      return reply.status(400).send(badRequest('callback_url and callback_method go together'));
    }
    if (typeof expire_by !== 'number' || expire_by < Date.now() / 1000 + 15 * 60) {
      return reply.status(400).send(badRequest('expire_by must be at least 15 minutes ahead'));
    }
    references.add(reference_id);
    const link: FakeLink = {
      id: id('plink'),
      short_url: `https://rzp.io/rzp/${randomBytes(4).toString('hex')}`,
      status: 'created',
      reference_id,
      amount,
      amount_paid: 0,
      currency,
      description: String(body.description ?? ''),
      expire_by,
      payments: null,
    };
    links.set(link.id, link);
    return link;
  });

  app.get<{ Params: { id: string } }>('/v1/payment_links/:id', async (request, reply) => {
    const link = links.get(request.params.id);
    if (!link) return reply.status(400).send(badRequest('The id provided does not exist'));
    return link;
  });

  app.post<{ Params: { id: string } }>('/v1/payment_links/:id/cancel', async (request, reply) => {
    const link = links.get(request.params.id);
    if (!link) return reply.status(400).send(badRequest('The id provided does not exist'));
    if (link.status !== 'created' && link.status !== 'partially_paid') {
      return reply.status(400).send(badRequest(`Payment link cannot be cancelled: ${link.status}`));
    }
    link.status = 'cancelled';
    return link;
  });

  app.post<{ Params: { id: string } }>('/v1/payments/:id/refund', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const key = request.headers['x-refund-idempotency'];
    const paymentId = request.params.id;
    fake.refundRequests.push({ paymentId, key: typeof key === 'string' ? key : undefined, body });
    if (fake.refundOutage === 'error') {
      return reply.status(500).send({
        error: {
          code: 'SERVER_ERROR',
          description:
            'We are facing some trouble completing your request at the moment. Please try again shortly.',
        },
      });
    }
    if (key !== undefined && (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key))) {
      return reply
        .status(400)
        .send(
          badRequest(
            'The idempotency key must be at least 10 characters of letters, digits, - and _',
          ),
        );
    }
    const bodyText = JSON.stringify(body);
    const earlier = typeof key === 'string' ? refundKeys.get(key) : undefined;
    if (earlier) {
      if (earlier.body !== bodyText) {
        return reply
          .status(400)
          .send(
            badRequest(
              'Different request with the same idempotency key has already been processed.',
            ),
          );
      }
      return sendRefund(reply, refundsById.get(earlier.refundId)!);
    }
    const payment = paymentOf(paymentId);
    if (!payment) return reply.status(400).send(badRequest('The id provided does not exist'));
    if (payment.status !== 'captured') {
      return reply.status(400).send(badRequest('Only captured payments can be refunded'));
    }
    const amount = body.amount ?? payment.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
      return reply.status(400).send(badRequest('The amount must be atleast INR 1.00'));
    }
    if (amount > payment.amount - refunded(paymentId)) {
      return reply
        .status(400)
        .send(badRequest('The refund amount provided is greater than amount captured'));
    }
    if (body.speed !== undefined && body.speed !== 'normal' && body.speed !== 'optimum') {
      return reply.status(400).send(badRequest('The speed field is invalid'));
    }
    const refund: FakeRefund = {
      id: id('rfnd'),
      entity: 'refund',
      amount,
      currency: 'INR',
      payment_id: paymentId,
      notes: (body.notes as Record<string, string> | undefined) ?? {},
      receipt: typeof body.receipt === 'string' ? body.receipt : null,
      acquirer_data: { arn: null },
      created_at: Math.floor(fake.clock() / 1000),
      batch_id: null,
      // A normal-speed refund waits for the bank: processed or failed later, by webhook.
      status: 'pending',
      speed_processed: 'normal',
      speed_requested: 'normal',
    };
    refundsById.set(refund.id, refund);
    if (typeof key === 'string') refundKeys.set(key, { body: bodyText, refundId: refund.id });
    return sendRefund(reply, refund);
  });

  app.get<{ Params: { id: string } }>('/v1/refunds/:id', async (request, reply) => {
    if (fake.refundOutage === 'error') return reply.status(500).send(badRequest('Server error'));
    const refund = refundsById.get(request.params.id);
    if (!refund) return reply.status(400).send(badRequest('The id provided does not exist'));
    return refund;
  });

  /** The refund, or — while the response is lost — the connection dropped after making it. */
  async function sendRefund(reply: FastifyReply, refund: FakeRefund) {
    if (fake.refundOutage === 'no-response') {
      reply.raw.destroy();
      return reply;
    }
    return refund;
  }

  // Razorpay: year and month required, day optional; count at most 1000, skip to page.
  app.get('/v1/settlements/recon/combined', async (request, reply) => {
    const query = request.query as Record<string, string>;
    fake.reconRequests.push({ ...query });
    if (fake.reconFailing) return reply.status(500).send(badRequest('Internal server error'));
    const year = Number(query.year);
    const month = Number(query.month);
    const day = query.day === undefined ? undefined : Number(query.day);
    const count = query.count === undefined ? 10 : Number(query.count);
    const skip = query.skip === undefined ? 0 : Number(query.skip);
    if (!Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12) {
      return reply.status(400).send(badRequest('The year and month fields are required'));
    }
    if (day !== undefined && (!Number.isInteger(day) || day < 1 || day > 31)) {
      return reply.status(400).send(badRequest('The day field is invalid'));
    }
    if (!Number.isInteger(count) || count < 1 || count > 1000) {
      return reply.status(400).send(badRequest('The count may not be greater than 1000.'));
    }
    if (!Number.isInteger(skip) || skip < 0) {
      return reply.status(400).send(badRequest('The skip field is invalid'));
    }
    const prefix =
      `${year}-${String(month).padStart(2, '0')}` +
      (day === undefined ? '' : `-${String(day).padStart(2, '0')}`);
    const inPeriod = fake
      .reconItems()
      .filter((i) => indianDay(i.settled_at * 1000).startsWith(prefix));
    const items = inPeriod.slice(skip, skip + count);
    return { entity: 'collection', count: items.length, items };
  });

  fake.url = await app.listen({ host: '127.0.0.1', port: 0 });
  return fake;
}
