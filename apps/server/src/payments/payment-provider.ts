// The one seam between the shop and a payment provider: create a payment for an order,
// verify the signed redirect back (callback) and the signed webhook, look up a status.
// Adapters map their vendor's shapes to these types; nothing else knows the vendor.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.js';
import { createRazorpayProvider } from './razorpay.provider.js';
import { createSandboxProvider } from './sandbox.provider.js';
import { sandboxSecretSeed } from './sandbox-secret.js';

export type ProviderName = Config['paymentProvider'];
export type PaymentState = 'created' | 'paid' | 'failed' | 'expired' | 'cancelled';

export interface PaymentRequest {
  orderId: number;
  /** Ours and unique per attempt: order-<order id>-<attempt>. */
  reference: string;
  amountPaise: number;
  description: string;
  customer: { name: string; email: string; contact: string };
  /** The payment page should stop taking payments at this time. */
  expiresAt: Date;
}

export interface CreatedPayment {
  /** The provider's id for this payment; callbacks and webhooks name it. */
  providerRef: string;
  paymentUrl: string;
}

/** What a verified message (or a status look-up) says about one payment. */
export interface PaymentReport {
  providerRef: string;
  /** Our reference as the provider echoes it, when the message carries one. */
  reference: string | null;
  status: PaymentState;
  /** The amount paid, when the message carries one. */
  amountPaise: number | null;
  currency: string | null;
  providerPaymentId: string | null;
}

export interface WebhookDelivery {
  eventId: string;
  event: string;
  /** Null for events that say nothing about a payment we track. */
  report: PaymentReport | null;
  /** A refund's news (refund.processed, refund.failed); absent for other events. */
  refund?: RefundReport | null;
}

export type RefundState = 'pending' | 'processed' | 'failed';

export interface RefundRequest {
  /** The provider's id of the captured payment (Razorpay: pay_…). */
  providerPaymentId: string;
  amountPaise: number;
  /**
   * Ours, unique per refund (≥ 10 characters); sent as the provider's idempotency key, so a
   * repeat of the same request never refunds twice.
   */
  key: string;
  /** A receipt naming the order, for the provider's dashboard. */
  receipt: string;
}

/** What the provider says about one refund. */
export interface RefundReport {
  providerRefundId: string;
  status: RefundState;
  amountPaise: number;
  /** The payment it refunds, when the message carries it. */
  providerPaymentId: string | null;
  /** The receipt we sent with the refund (it names our refund), when the message carries it. */
  receipt: string | null;
}

/** The period of a settlement report: an Indian day, or a whole month when `day` is absent. */
export interface SettlementPeriod {
  year: number;
  month: number;
  day?: number;
}

export type SettlementItemKind = 'payment' | 'refund' | 'transfer' | 'adjustment';

/** One item of the provider's settlement report (Razorpay's settlement recon); paise. */
export interface SettlementItem {
  /** The provider's id: pay_…, rfnd_…, trf_…, adj_…. */
  entityId: string;
  type: SettlementItemKind;
  amountPaise: number;
  /** The fee kept, GST included, and the GST in it. */
  feePaise: number;
  taxPaise: number;
  debitPaise: number;
  creditPaise: number;
  currency: string;
  createdAt: Date;
  settledAt: Date | null;
  settlementId: string | null;
  settlementUtr: string | null;
  /** For a refund, the payment it gives back. */
  paymentId: string | null;
  description: string | null;
}

/** The provider keeps no settlements (the sandbox takes no real money); the message says so. */
export class NoSettlements extends Error {
  override name = 'NoSettlements';
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createPayment(request: PaymentRequest): Promise<CreatedPayment>;
  /** The redirect's query, verified; null when it is not authentic or not complete. */
  verifyCallback(query: Record<string, unknown>): PaymentReport | null;
  /** Whether the webhook carries the provider's valid signature over its raw bytes. */
  webhookSigned(rawBody: Buffer, headers: Record<string, unknown>): boolean;
  /** The webhook, verified over its raw bytes; null when it is not authentic or malformed. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, unknown>): WebhookDelivery | null;
  /**
   * The provider's current word on a payment, for orders whose callback and webhook never
   * came. Absent where the provider delivers both from inside this server (sandbox).
   */
  lookup?(providerRef: string): Promise<PaymentReport>;
  /**
   * Stops a payment page taking money (a newer attempt replaced it). Absent where the page
   * reads its state from the shop's payments row (sandbox). Throws PaymentProviderError.
   */
  cancelPayment?(providerRef: string): Promise<void>;
  /**
   * Gives money back on a captured payment. Throws PaymentProviderError when the provider
   * cannot be reached or refuses; the same key may then be sent again safely.
   */
  refund(request: RefundRequest): Promise<RefundReport>;
  /**
   * The provider's current word on a refund it took, for refunds whose webhook never came.
   * Absent where refunds are final at once (sandbox).
   */
  lookupRefund?(providerRefundId: string): Promise<RefundReport>;
  /**
   * Every item the provider settled in the period (all pages), for matching against the
   * orders' ledger. Throws NoSettlements where there are none to have (sandbox), and
   * PaymentProviderError when the provider cannot be reached or refuses.
   */
  settlementItems(period: SettlementPeriod): Promise<SettlementItem[]>;
}

/**
 * The provider could not be reached, or said no; the message is for the log. `refused`:
 * it responded and said no to this very request (a 4xx such as Razorpay's BAD_REQUEST_ERROR),
 * so sending it again will not change the response. Otherwise (no response, 5xx, 409 "still
 * processing", 429, bad keys) the same request may be sent again later.
 */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
  constructor(
    message: string,
    readonly refused = false,
  ) {
    super(message);
  }
}

/** The receipt a refund is sent with: it names the order and our refund row. */
export function refundReceipt(orderId: number, refundId: number): string {
  return `order-${orderId}-refund-${refundId}`;
}

/** The refund a receipt names, or null for anything that is not one of ours. */
export function refundOfReceipt(receipt: string | null): number | null {
  const match = receipt === null ? null : /^order-\d{1,10}-refund-(\d{1,10})$/.exec(receipt);
  return match ? Number(match[1]) : null;
}

export const PAYMENT_PATHS = {
  callback: (provider: ProviderName) => `/api/payments/${provider}/callback`,
  webhook: (provider: ProviderName) => `/api/payments/${provider}/webhook`,
};

export function paymentReference(orderId: number, attempt: number): string {
  return `order-${orderId}-${attempt}`;
}

/** The order a reference names, or null for anything that is not one of ours. */
export function orderOfReference(reference: string): number | null {
  const match = /^order-(\d{1,10})-(\d{1,6})$/.exec(reference);
  return match ? Number(match[1]) : null;
}

export function hmacHex(secret: string | Buffer, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Constant-time equality of two byte strings. */
export function bytesEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Constant-time comparison of a received hex signature with the expected one. */
export function signatureMatches(received: unknown, expected: string): boolean {
  if (typeof received !== 'string' || !/^[0-9a-f]+$/i.test(received)) return false;
  return bytesEqual(Buffer.from(received.toLowerCase(), 'hex'), Buffer.from(expected, 'hex'));
}

/** A header's single value. */
export function headerValue(headers: Record<string, unknown>, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** The provider PAYMENT_PROVIDER names, with its secrets from the configuration. */
export function createPaymentProvider(config: Config): PaymentProvider {
  if (config.paymentProvider === 'razorpay') {
    const { keyId, keySecret, webhookSecret, apiBase } = config.razorpay;
    if (!keyId || !keySecret || !webhookSecret) {
      throw new Error(
        'The razorpay provider needs RAZORPAY_KEY_ID, _KEY_SECRET and _WEBHOOK_SECRET.',
      );
    }
    return createRazorpayProvider({
      keyId,
      keySecret,
      webhookSecret,
      apiBase,
      callbackUrl: `${config.publicUrl}${PAYMENT_PATHS.callback('razorpay')}`,
    });
  }
  return createSandboxProvider({ secretSeed: sandboxSecretSeed(config) });
}
