// Razorpay Payment Links (PAYMENTS.md): create a link per attempt, verify the callback's
// razorpay_signature and the webhook's X-Razorpay-Signature over the raw body, look a link
// up; refunds on a captured payment with X-Refund-Idempotency, their webhooks
// (refund.processed, refund.failed) and look-up. A plain fetch client: a handful of calls do
// not need the SDK.
import { z } from 'zod';
import {
  hmacHex,
  headerValue,
  PaymentProviderError,
  signatureMatches,
  type PaymentProvider,
  type PaymentReport,
  type PaymentState,
  type RefundReport,
  type SettlementItem,
  type SettlementPeriod,
} from './payment-provider.js';

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  apiBase: string;
  callbackUrl: string;
}

const REQUEST_TIMEOUT_MS = 10_000;
// Razorpay wants expire_by at least 15 minutes ahead.
const MIN_LINK_LIFETIME_MS = 16 * 60 * 1000;

const LinkStatus = z.enum(['created', 'partially_paid', 'expired', 'cancelled', 'paid']);

const PaymentLink = z.object({
  id: z.string(),
  short_url: z.string(),
  status: LinkStatus,
  reference_id: z.string().nullish(),
  amount: z.number().int(),
  amount_paid: z.number().int().nullish(),
  currency: z.string(),
  payments: z.array(z.object({ payment_id: z.string(), status: z.string() })).nullish(),
});
type PaymentLink = z.infer<typeof PaymentLink>;

// GET /v1/settlements/recon/combined: a collection of items, paise, unix seconds.
const RECON_PAGE = 1000;
/** 100 pages of 1,000: far beyond a month of a shop this size; a bound on a runaway loop. */
const RECON_MAX_PAGES = 100;

const ReconItem = z.object({
  entity_id: z.string().min(1).max(64),
  type: z.string(),
  debit: z.number().int().nullish(),
  credit: z.number().int().nullish(),
  amount: z.number().int(),
  fee: z.number().int().nullish(),
  tax: z.number().int().nullish(),
  currency: z.string().nullish(),
  created_at: z.number().int(),
  settled_at: z.number().int().nullish(),
  settlement_id: z.string().nullish(),
  settlement_utr: z.string().nullish(),
  payment_id: z.string().nullish(),
  description: z.string().nullish(),
});
const ReconCollection = z.object({ count: z.number().int(), items: z.array(ReconItem) });

function settlementItemOf(r: z.infer<typeof ReconItem>): SettlementItem {
  const known = ['payment', 'refund', 'transfer', 'adjustment'] as const;
  const type = known.find((k) => k === r.type) ?? 'adjustment';
  return {
    entityId: r.entity_id,
    type,
    amountPaise: r.amount,
    feePaise: r.fee ?? 0,
    taxPaise: r.tax ?? 0,
    debitPaise: r.debit ?? 0,
    creditPaise: r.credit ?? 0,
    currency: r.currency ?? 'INR',
    createdAt: new Date(r.created_at * 1000),
    settledAt: r.settled_at ? new Date(r.settled_at * 1000) : null,
    settlementId: r.settlement_id || null,
    settlementUtr: r.settlement_utr || null,
    paymentId: r.payment_id || null,
    description: r.description || null,
  };
}

const ErrorBody = z.object({ error: z.object({ description: z.string().optional() }) });

const CallbackQuery = z.object({
  razorpay_payment_id: z.string().min(1).max(64),
  razorpay_payment_link_id: z.string().min(1).max(64),
  razorpay_payment_link_reference_id: z.string().max(64),
  razorpay_payment_link_status: z.string().max(32),
  razorpay_signature: z.string().max(128),
});

const RefundEntity = z.object({
  id: z.string(),
  amount: z.number().int(),
  payment_id: z.string().nullish(),
  receipt: z.string().nullish(),
  status: z.enum(['pending', 'processed', 'failed']),
});

const WebhookEnvelope = z.object({
  entity: z.literal('event'),
  event: z.string().max(64),
  payload: z.object({
    payment_link: z.object({ entity: PaymentLink.partial({ short_url: true }) }).optional(),
    payment: z.object({ entity: z.object({ id: z.string() }) }).optional(),
    refund: z.object({ entity: RefundEntity }).optional(),
  }),
});

/** The webhook events that carry a refund's final word. */
const REFUND_EVENTS = ['refund.processed', 'refund.failed'];

function refundReportOf(r: z.infer<typeof RefundEntity>): RefundReport {
  return {
    providerRefundId: r.id,
    status: r.status,
    amountPaise: r.amount,
    providerPaymentId: r.payment_id ?? null,
    receipt: r.receipt ?? null,
  };
}

/** A link status as our payment state; partly paid and open links are still 'created'. */
function stateOf(status: z.infer<typeof LinkStatus>): PaymentState {
  return status === 'paid' || status === 'expired' || status === 'cancelled' ? status : 'created';
}

function reportOf(link: Omit<PaymentLink, 'short_url'>, paymentId: string | null): PaymentReport {
  return {
    providerRef: link.id,
    reference: link.reference_id ?? null,
    status: stateOf(link.status),
    amountPaise: link.amount_paid ?? null,
    currency: link.currency,
    providerPaymentId:
      paymentId ?? link.payments?.find((p) => p.status === 'captured')?.payment_id ?? null,
  };
}

export function createRazorpayProvider(opts: RazorpayOptions): PaymentProvider {
  const auth = `Basic ${Buffer.from(`${opts.keyId}:${opts.keySecret}`).toString('base64')}`;

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: object,
    headers: Record<string, string> = {},
  ): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${opts.apiBase}${path}`, {
        method,
        headers: {
          authorization: auth,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (err) {
      throw new PaymentProviderError(`Razorpay ${method} ${path} failed: ${String(err)}`);
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new PaymentProviderError(`Razorpay ${method} ${path}: ${response.status}, not JSON`);
    }
    if (!response.ok) {
      const error = ErrorBody.safeParse(json);
      const why = error.success ? error.data.error.description : text.slice(0, 200);
      // 400 is Razorpay's final no to this request; 401 (keys), 409 (the same key still being
      // processed), 429 and 5xx may respond otherwise later.
      throw new PaymentProviderError(
        `Razorpay ${method} ${path}: ${response.status} ${why}`,
        response.status === 400,
      );
    }
    return json;
  }

  function parseLink(json: unknown): PaymentLink {
    const link = PaymentLink.safeParse(json);
    if (!link.success) throw new PaymentProviderError('Razorpay returned a link we cannot read');
    return link.data;
  }

  return {
    name: 'razorpay',

    async createPayment(request) {
      const expireBy = Math.max(request.expiresAt.getTime(), Date.now() + MIN_LINK_LIFETIME_MS);
      const link = parseLink(
        await call('POST', '/v1/payment_links', {
          amount: request.amountPaise,
          currency: 'INR',
          reference_id: request.reference,
          description: request.description,
          customer: request.customer,
          // The shop sends its own confirmation mail.
          notify: { sms: false, email: false },
          notes: { order_id: String(request.orderId) },
          expire_by: Math.ceil(expireBy / 1000),
          callback_url: opts.callbackUrl,
          callback_method: 'get',
        }),
      );
      return { providerRef: link.id, paymentUrl: link.short_url };
    },

    // POST /v1/payment_links/:id/cancel; a link already paid, expired or cancelled gets
    // 400, which leaves nothing to cancel.
    async cancelPayment(providerRef) {
      try {
        await call('POST', `/v1/payment_links/${encodeURIComponent(providerRef)}/cancel`, {});
      } catch (err) {
        if (!(err instanceof PaymentProviderError && err.refused)) throw err;
      }
    },

    verifyCallback(query) {
      const parsed = CallbackQuery.safeParse(query);
      if (!parsed.success) return null;
      const q = parsed.data;
      const expected = hmacHex(
        opts.keySecret,
        `${q.razorpay_payment_link_id}|${q.razorpay_payment_link_reference_id}|${q.razorpay_payment_link_status}|${q.razorpay_payment_id}`,
      );
      if (!signatureMatches(q.razorpay_signature, expected)) return null;
      const status = LinkStatus.safeParse(q.razorpay_payment_link_status);
      return {
        providerRef: q.razorpay_payment_link_id,
        reference: q.razorpay_payment_link_reference_id,
        status: status.success ? stateOf(status.data) : 'created',
        // The redirect carries no amount; the link was created for the order's amount.
        amountPaise: null,
        currency: null,
        providerPaymentId: q.razorpay_payment_id,
      };
    },

    webhookSigned(rawBody, headers) {
      const signature = headerValue(headers, 'x-razorpay-signature');
      return signatureMatches(signature, hmacHex(opts.webhookSecret, rawBody));
    },

    verifyWebhook(rawBody, headers) {
      if (!this.webhookSigned(rawBody, headers)) return null;
      const eventId = headerValue(headers, 'x-razorpay-event-id');
      if (!eventId || eventId.length > 100) return null;
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return null;
      }
      const parsed = WebhookEnvelope.safeParse(json);
      if (!parsed.success) return null;
      const { event, payload } = parsed.data;
      if (REFUND_EVENTS.includes(event)) {
        const refund = payload.refund?.entity;
        if (!refund) return null;
        return { eventId, event, report: null, refund: refundReportOf(refund) };
      }
      const link = payload.payment_link?.entity;
      // payment.failed leaves the link open for another try, so it changes nothing here.
      const tracked = ['payment_link.paid', 'payment_link.expired', 'payment_link.cancelled'];
      if (!tracked.includes(event) || !link) return { eventId, event, report: null };
      return { eventId, event, report: reportOf(link, payload.payment?.entity.id ?? null) };
    },

    // POST /v1/payments/:id/refund (PAYMENTS.md, OPERATIONS.md Refunds): amount in paise,
    // speed normal, a receipt, and X-Refund-Idempotency so a repeat never refunds twice.
    async refund(request) {
      const refund = RefundEntity.safeParse(
        await call(
          'POST',
          `/v1/payments/${encodeURIComponent(request.providerPaymentId)}/refund`,
          { amount: request.amountPaise, speed: 'normal', receipt: request.receipt },
          { 'x-refund-idempotency': request.key },
        ),
      );
      if (!refund.success)
        throw new PaymentProviderError('Razorpay returned a refund we cannot read');
      return refundReportOf(refund.data);
    },

    async lookupRefund(providerRefundId) {
      const refund = RefundEntity.safeParse(
        await call('GET', `/v1/refunds/${encodeURIComponent(providerRefundId)}`),
      );
      if (!refund.success)
        throw new PaymentProviderError('Razorpay returned a refund we cannot read');
      return refundReportOf(refund.data);
    },

    // Every page of the period's recon items: count 1,000 at a time, skip on until a short page.
    async settlementItems(period: SettlementPeriod) {
      const items: SettlementItem[] = [];
      for (let page = 0; page < RECON_MAX_PAGES; page++) {
        const query = new URLSearchParams({
          year: String(period.year),
          month: String(period.month).padStart(2, '0'),
          ...(period.day === undefined ? {} : { day: String(period.day).padStart(2, '0') }),
          count: String(RECON_PAGE),
          skip: String(page * RECON_PAGE),
        });
        const parsed = ReconCollection.safeParse(
          await call('GET', `/v1/settlements/recon/combined?${query.toString()}`),
        );
        if (!parsed.success) {
          throw new PaymentProviderError('Razorpay returned a settlement report we cannot read');
        }
        items.push(...parsed.data.items.map(settlementItemOf));
        if (parsed.data.items.length < RECON_PAGE) return items;
      }
      throw new PaymentProviderError(
        `Razorpay's settlement report has more than ${RECON_MAX_PAGES * RECON_PAGE} items`,
      );
    },

    async lookup(providerRef) {
      const link = parseLink(
        await call('GET', `/v1/payment_links/${encodeURIComponent(providerRef)}`),
      );
      return reportOf(link, null);
    },
  };
}
