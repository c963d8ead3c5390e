// The built-in `sandbox` provider: a payment page served by this server that behaves like a
// hosted gateway. Creating a payment signs a token naming the reference and amount; the page
// (sandbox-gateway.routes.ts) shows it with Pay and Fail, then sends the browser back to our
// callback with a signed result and posts a signed webhook. Secrets are derived from one seed
// (SESSION_SECRET, or the secret kept in DATA_DIR: sandbox-secret.ts), so every server
// process signs and verifies alike.
import { createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  bytesEqual,
  hmacHex,
  headerValue,
  NoSettlements,
  orderOfReference,
  PAYMENT_PATHS,
  signatureMatches,
  type PaymentProvider,
  type PaymentReport,
} from './payment-provider.js';

export const SANDBOX_HAS_NO_SETTLEMENTS =
  'The sandbox takes no real money, so it has no settlements to fetch. With Razorpay set up (PAYMENT_PROVIDER=razorpay) the report is fetched from Razorpay; you can also upload the report downloaded from the Razorpay dashboard.';

export const SANDBOX_PAY_PATH = '/api/payments/sandbox/pay';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
export const SANDBOX_EVENT_HEADER = 'x-sandbox-event-id';

function sandboxSecret(seed: string): Buffer {
  return createHmac('sha256', seed).update('kitroom sandbox payments').digest();
}

/** What a sandbox payment page is for; signed into the page's address. */
export interface SandboxPayment {
  ref: string;
  order: number;
  amount: number;
  cur: 'INR';
  /** Unix seconds after which the page takes no payment. */
  exp: number;
}

// <reference>.<amount paise>.<expiry>.<mac>: short enough for a path segment (≤ 100 chars).
const TOKEN_PATTERN = /^(order-\d{1,10}-\d{1,6})\.(\d{1,10})\.(\d{1,12})\.([\w-]{43})$/;

export type SandboxResult = 'paid' | 'failed';

const CallbackQuery = z.object({
  sandbox_reference: z.string().max(64),
  sandbox_payment_id: z.string().max(64),
  sandbox_status: z.enum(['paid', 'failed']),
  sandbox_amount: z.string().regex(/^\d{1,10}$/),
  sandbox_currency: z.string().max(8),
  sandbox_signature: z.string().max(128),
});

const WebhookBody = z.object({
  id: z.string().min(1).max(64),
  event: z.enum(['payment.paid', 'payment.failed']),
  created_at: z.number().int(),
  payment: z.object({
    reference: z.string().max(64),
    payment_id: z.string().max(64),
    status: z.enum(['paid', 'failed']),
    amount: z.number().int(),
    currency: z.string().max(8),
  }),
});

function callbackSignedText(q: {
  reference: string;
  paymentId: string;
  status: string;
  amount: string;
  currency: string;
}): string {
  return `${q.reference}|${q.paymentId}|${q.status}|${q.amount}|${q.currency}`;
}

/** The sandbox's own side: reading its payment tokens and producing signed results. */
export function createSandboxGateway(secretSeed: string) {
  const secret = sandboxSecret(secretSeed);
  return {
    sign(payment: SandboxPayment): string {
      const body = `${payment.ref}.${payment.amount}.${payment.exp}`;
      return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
    },

    /** The payment a token names, or null when the token was not made by us. */
    read(token: string): SandboxPayment | null {
      const match = TOKEN_PATTERN.exec(token);
      if (!match) return null;
      const [, ref, amount, exp, mac] = match as unknown as [
        string,
        string,
        string,
        string,
        string,
      ];
      const expected = createHmac('sha256', secret).update(`${ref}.${amount}.${exp}`).digest();
      const order = orderOfReference(ref);
      if (!bytesEqual(Buffer.from(mac, 'base64url'), expected) || order === null) return null;
      return { ref, order, amount: Number(amount), cur: 'INR', exp: Number(exp) };
    },

    /** The signed redirect query and webhook a gateway sends for a finished payment. */
    complete(payment: SandboxPayment, result: SandboxResult, now = new Date()) {
      const paymentId = `sbxpay_${randomBytes(9).toString('base64url')}`;
      const fields = {
        reference: payment.ref,
        paymentId,
        status: result,
        amount: String(payment.amount),
        currency: payment.cur,
      };
      const callbackQuery = new URLSearchParams({
        sandbox_reference: fields.reference,
        sandbox_payment_id: fields.paymentId,
        sandbox_status: fields.status,
        sandbox_amount: fields.amount,
        sandbox_currency: fields.currency,
        sandbox_signature: hmacHex(secret, callbackSignedText(fields)),
      });
      const eventId = `evt_${randomBytes(9).toString('base64url')}`;
      const webhookBody = JSON.stringify({
        id: eventId,
        event: `payment.${result}`,
        created_at: Math.floor(now.getTime() / 1000),
        payment: {
          reference: payment.ref,
          payment_id: paymentId,
          status: result,
          amount: payment.amount,
          currency: payment.cur,
        },
      });
      return {
        callbackUrl: `${PAYMENT_PATHS.callback('sandbox')}?${callbackQuery.toString()}`,
        webhookBody,
        webhookHeaders: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: hmacHex(secret, webhookBody),
          [SANDBOX_EVENT_HEADER]: eventId,
        },
      };
    },

    /** Signs a webhook body as the sandbox does (tests forge and replay with it). */
    signWebhook(rawBody: string): string {
      return hmacHex(secret, rawBody);
    },
  };
}

export function createSandboxProvider(opts: { secretSeed: string }): PaymentProvider {
  const gateway = createSandboxGateway(opts.secretSeed);
  const secret = sandboxSecret(opts.secretSeed);
  return {
    name: 'sandbox',

    async createPayment(request) {
      const token = gateway.sign({
        ref: request.reference,
        order: request.orderId,
        amount: request.amountPaise,
        cur: 'INR',
        exp: Math.floor(request.expiresAt.getTime() / 1000),
      });
      // Same origin as the storefront, so the page works behind the dev proxy too.
      return { providerRef: request.reference, paymentUrl: `${SANDBOX_PAY_PATH}/${token}` };
    },

    // The sandbox refunds at once; the same key always names the same refund.
    async refund(request) {
      const id = createHmac('sha256', secret).update(`refund|${request.key}`).digest('base64url');
      return {
        providerRefundId: `sbxrfnd_${id.slice(0, 14)}`,
        status: 'processed',
        amountPaise: request.amountPaise,
        providerPaymentId: request.providerPaymentId,
        receipt: request.receipt,
      };
    },

    // No money moves, so nothing is ever settled: said plainly rather than an empty report.
    async settlementItems() {
      throw new NoSettlements(SANDBOX_HAS_NO_SETTLEMENTS);
    },

    verifyCallback(query): PaymentReport | null {
      const parsed = CallbackQuery.safeParse(query);
      if (!parsed.success) return null;
      const q = parsed.data;
      const expected = hmacHex(
        secret,
        callbackSignedText({
          reference: q.sandbox_reference,
          paymentId: q.sandbox_payment_id,
          status: q.sandbox_status,
          amount: q.sandbox_amount,
          currency: q.sandbox_currency,
        }),
      );
      if (!signatureMatches(q.sandbox_signature, expected)) return null;
      return {
        providerRef: q.sandbox_reference,
        reference: q.sandbox_reference,
        status: q.sandbox_status,
        amountPaise: Number(q.sandbox_amount),
        currency: q.sandbox_currency,
        providerPaymentId: q.sandbox_payment_id,
      };
    },

    webhookSigned(rawBody, headers) {
      return signatureMatches(
        headerValue(headers, SANDBOX_SIGNATURE_HEADER),
        hmacHex(secret, rawBody),
      );
    },

    verifyWebhook(rawBody, headers) {
      if (!this.webhookSigned(rawBody, headers)) return null;
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return null;
      }
      const parsed = WebhookBody.safeParse(json);
      if (!parsed.success || headerValue(headers, SANDBOX_EVENT_HEADER) !== parsed.data.id) {
        return null;
      }
      const p = parsed.data.payment;
      return {
        eventId: parsed.data.id,
        event: parsed.data.event,
        report: {
          providerRef: p.reference,
          reference: p.reference,
          status: p.status,
          amountPaise: p.amount,
          currency: p.currency,
          providerPaymentId: p.payment_id,
        },
      };
    },
  };
}
