// Refunds in the back office (OPERATIONS.md, Refunds): staff with orders.refund give money
// back on a paid order — the amount as they type it in rupees, a reason, and a key the dialog
// makes once per opening, so a double click or a retry refunds once — and see the refunds
// still on their way, those older than the 7 days the refund policy promises first.
import { z } from 'zod';
import { Id } from '../common.js';
import { PayoutDetails, UTR_PATTERN } from '../returns.js';
import { parseRupeesText } from './product-fields.js';

export const REFUND_STATUSES = ['requested', 'pending', 'processed', 'failed'] as const;
export const RefundStatus = z.enum(REFUND_STATUSES, {
  error: `status must be one of ${REFUND_STATUSES.join(', ')}`,
});
export type RefundStatus = z.infer<typeof RefundStatus>;

/** The refund policy's promise: money back within 7 days. Older open refunds are overdue. */
export const REFUND_PROMISE_DAYS = 7;

export const REFUND_REASON_MIN = 3;
export const REFUND_REASON_MAX = 300;

/** A refund in rupees as staff type it ("500", "499.50", "₹1,359"): returns paise. */
export const RefundAmountText = z
  .string({ error: 'amount must be rupees, like 499.50' })
  .transform((text, ctx) => {
    const paise = parseRupeesText(text);
    if (paise === undefined) {
      ctx.addIssue({ code: 'custom', message: 'amount must be rupees, like 499.50' });
      return z.NEVER;
    }
    if (paise <= 0) {
      ctx.addIssue({ code: 'custom', message: 'amount must be more than ₹0' });
      return z.NEVER;
    }
    return paise;
  });

/**
 * The client's key for one refund (a UUID made when the dialog opens); the server files it
 * under its own prefix, so it can never collide with the shop's own refunds' keys.
 */
export const RefundIdempotencyKey = z
  .string({ error: 'idempotency_key is required' })
  .regex(
    /^[A-Za-z0-9_-]{10,58}$/,
    'idempotency_key must be 10 to 58 letters, digits, - or _ (a UUID will do)',
  );

export const RefundOrderRequest = z.object({
  amount: RefundAmountText,
  reason: z
    .string({ error: 'reason is required' })
    .trim()
    .min(REFUND_REASON_MIN, `reason must be at least ${REFUND_REASON_MIN} characters`)
    .max(REFUND_REASON_MAX, `reason must be at most ${REFUND_REASON_MAX} characters`),
  idempotency_key: RefundIdempotencyKey,
  /**
   * Where to transfer it, for an order paid in cash on delivery (no payment to refund to): a
   * payout staff make and record with its UTR (decision 056). Required for such an order.
   */
  payout: PayoutDetails.optional(),
});
export type RefundOrderRequest = z.input<typeof RefundOrderRequest>;

export const RefundOrderParams = z.object({ id: Id });
export type RefundOrderParams = z.input<typeof RefundOrderParams>;

export const AdminRefund = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  amount_paise: z.number().int(),
  /**
   * requested: written, not yet taken by the provider (it was down; sent again every few
   * minutes); pending: taken, the bank has not finished; processed: money sent back; failed:
   * the provider or the bank refused, the amount can be refunded again.
   */
  status: RefundStatus,
  /**
   * provider: through the payment provider; payout: a cash-on-delivery order's refund, which
   * staff transfer to the shopper's UPI id or bank account and record with its UTR (pending
   * until then).
   */
  method: z.enum(['provider', 'payout']),
  provider: z.string(),
  /** The provider's id (Razorpay rfnd_…), once it took the refund. */
  provider_refund_id: z.string().nullable(),
  reason: z.string(),
  /** Who asked; null when the shop did by itself (a canceled paid order, a late payment). */
  requested_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  processed_at: z.string().nullable(),
  /** Times the provider was asked (sent or looked up). */
  attempts: z.number().int(),
  /** The provider's last refusal or why it could not be reached. */
  last_error: z.string().nullable(),
  /** A payout's destination in full, as the shopper gave it (staff make the transfer to it). */
  payout_to: PayoutDetails.nullable(),
  /** A payout's transfer reference, once recorded. */
  utr: z.string().nullable(),
});
export type AdminRefund = z.infer<typeof AdminRefund>;

/** Staff made a payout's transfer: its UTR (the bank's reference) closes the refund. */
export const RecordPayoutRequest = z.object({
  utr: z
    .string({ error: 'utr is required' })
    .trim()
    .toUpperCase()
    .regex(UTR_PATTERN, 'The UTR is the transfer’s reference: 12 to 22 letters and digits.'),
});
export type RecordPayoutRequest = z.input<typeof RecordPayoutRequest>;

export const RefundIdParams = z.object({ id: Id });
export type RefundIdParams = z.input<typeof RefundIdParams>;

export const RefundOrderResponse = z.object({
  refund: AdminRefund,
  /** What can still be refunded on the order after this refund. */
  refundable_paise: z.number().int(),
});
export type RefundOrderResponse = z.infer<typeof RefundOrderResponse>;

export const RefundListQuery = z.object({
  status: RefundStatus.optional(),
  /** payout: only cash-on-delivery refunds paid by bank transfer; provider: only the others. */
  method: z
    .enum(['provider', 'payout'], { error: "method must be 'provider' or 'payout'" })
    .optional(),
  /**
   * true: only refunds still requested or pending more than REFUND_PROMISE_DAYS after they
   * were asked, oldest first. Otherwise every refund, newest first.
   */
  overdue: z
    .enum(['true', 'false'], { error: 'overdue must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  /** The cursor: the last refund id of the previous page (next_after). */
  after: Id.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type RefundListQuery = z.input<typeof RefundListQuery>;

export const AdminRefundListItem = AdminRefund.extend({
  shopper_name: z.string(),
  /** Whole days since the refund was asked. */
  age_days: z.number().int(),
  /** Still requested or pending after REFUND_PROMISE_DAYS. */
  overdue: z.boolean(),
});
export type AdminRefundListItem = z.infer<typeof AdminRefundListItem>;

export const RefundListResponse = z.object({
  refunds: z.array(AdminRefundListItem),
  /** Overdue refunds in all, whatever the filter (for the page's warning). */
  overdue_count: z.number().int(),
  /** Pass as `after` for the next page; null on the last one. */
  next_after: z.number().int().nullable(),
});
export type RefundListResponse = z.infer<typeof RefundListResponse>;
