// A local stand-in for Razorpay's Payment Links API, following PAYMENTS.md: Basic auth,
// create (reference_id unique, expire_by at least 15 minutes ahead, callback_url with
// callback_method), fetch, cancel; and, as Razorpay would, signed callbacks and webhooks.
import { createHmac, randomBytes } from 'node:crypto';
import Fastify from 'fastify';

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
  payments: { payment_id: string; status: string; amount: number; method: string }[] | null;
}

export interface FakeRazorpay {
  url: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  links: Map<string, FakeLink>;
  /** Every create request body, in order. */
  creates: Record<string, unknown>[];
  /** While true, creates answer 500. */
  failing: boolean;
  /** Milliseconds each create takes. */
  delayMs: number;
  linkFor(reference: string): FakeLink;
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

export async function startFakeRazorpay(): Promise<FakeRazorpay> {
  const app = Fastify({ logger: false });
  const keyId = `rzp_test_${randomBytes(7).toString('hex')}`;
  const keySecret = randomBytes(12).toString('hex');
  const webhookSecret = randomBytes(12).toString('hex');
  const links = new Map<string, FakeLink>();
  const references = new Set<string>();
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
        { payment_id: paymentId, status: 'captured', amount: link.amount, method: 'upi' },
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
      const body = JSON.stringify(
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
        null,
        2,
      );
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmac(webhookSecret, body),
          'x-razorpay-event-id': id('evt'),
        },
      };
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
    link.status = 'cancelled';
    return link;
  });

  fake.url = await app.listen({ host: '127.0.0.1', port: 0 });
  return fake;
}
