// Cash on delivery (OPERATIONS.md, Shipping and cash on delivery; decision 034): the way a
// checkout pays, what the response for a pincode says of COD, and the shopper's confirmation calls.
import { z } from 'zod';
import { Id, Rupees } from './common.js';
import { ORDER_STATUSES } from './rules.js';

export const PAYMENT_METHODS = ['Online', 'COD'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** process_order.php's payment_method (ours): 'Online' when absent. */
export const PaymentMethodField = z
  .enum(PAYMENT_METHODS, { error: "payment_method must be 'Online' or 'COD'" })
  .optional()
  .default('Online');

/** Whether cash on delivery may pay an order, its fee, and why not when it may not. */
export const CodOption = z.object({
  available: z.boolean(),
  /** The fee in rupees, added to the total when the shopper chooses it. */
  fee: Rupees,
  /** The shopper-facing reason it is not available; null when it is. */
  reason: z.string().nullable(),
});
export type CodOption = z.infer<typeof CodOption>;

/**
 * What a shopper whose cash on delivery staff blocked is told, at the pincode box and when they
 * place a COD order (staff's reason stays in the back office).
 */
export const COD_BLOCKED_MESSAGE =
  'Cash on delivery is not available for your account. Please pay online.';

// ── POST /api/cod_confirm.php ──

/**
 * The shopper confirms a cash-on-delivery order from the mailed link (no session needed: the
 * token is the credential; single use, valid for the shop's confirmation hours).
 */
export const CodConfirmRequest = z.object({
  order_id: Id,
  token: z
    .string({ error: 'token is required' })
    .trim()
    .min(1, 'token is required')
    .max(200, 'token is not valid'),
});
export type CodConfirmRequest = z.input<typeof CodConfirmRequest>;

export const CodConfirmResponse = z.object({
  order_id: z.number().int(),
  order_status: z.enum(ORDER_STATUSES),
  /** What the page says: 'Thank you: order #12 is confirmed. …' */
  message: z.string(),
});
export type CodConfirmResponse = z.infer<typeof CodConfirmResponse>;

// ── POST /api/order_confirm.php ──

/** The logged-in shopper confirms their own cash-on-delivery order from its page. */
export const OrderConfirmRequest = z.object({ user_id: Id, order_id: Id });
export type OrderConfirmRequest = z.input<typeof OrderConfirmRequest>;

/** The storefront page the confirmation mail links to. */
export function codConfirmPath(orderId: number, token: string): string {
  return `/confirmOrder/${orderId}?token=${encodeURIComponent(token)}`;
}
