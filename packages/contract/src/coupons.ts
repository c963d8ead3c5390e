// Coupon check at checkout: coupons.php.
import { z } from 'zod';
import { CartLineInput } from './cart.js';
import { Id, Rupees } from './common.js';

/**
 * POST /api/coupons.php — checks a coupon for the lines at checkout. Send `items` (the
 * checkout lines): the discount is computed from the database prices of those lines.
 * Without `items`, each entry of `product_id` counts as one unit. `total_amount` is the
 * total the shopper sees; `final_amount` is that total less the discount.
 */
export const CouponRequest = z
  .object({
    user_id: Id,
    coupon_code: z
      .string()
      .trim()
      .min(1, 'Please enter your coupon code')
      .max(40, 'coupon code is too long'),
    total_amount: Rupees,
    product_id: z.array(Id).max(100, 'too many products').default([]),
    items: z
      .array(CartLineInput)
      .min(1, 'add at least one item')
      .max(50, 'an order holds at most 50 lines')
      .optional(),
  })
  .refine((b) => b.items !== undefined || b.product_id.length > 0, {
    path: ['product_id'],
    message: 'add at least one product',
  });
export type CouponRequest = z.input<typeof CouponRequest>;

/** A valid coupon's effect, or why it cannot be used (a 200 response either way). */
export const CouponResponse = z.union([
  z.object({
    success: z.literal(true),
    coupon_code: z.string(),
    discount_amount: Rupees,
    final_amount: Rupees,
    /**
     * Each line's share of the discount, in the order of `items` (or `product_id`): how the
     * checkout summary works out the GST included, as the invoice will (decision 025).
     */
    line_discounts: z.array(Rupees).optional(),
  }),
  z.object({ success: z.literal(false), error: z.string() }),
]);
export type CouponResponse = z.infer<typeof CouponResponse>;

/** What a coupon gives: a percent of what it applies to, or a flat sum, with an optional cap. */
export interface CouponTerms {
  kind: 'flat' | 'percent';
  /** Percent (10 for 10%), or paise for a flat coupon. */
  value: number;
  maxDiscountPaise: number | null;
}

/**
 * A coupon's discount in paise on the part of the order it applies to: always a whole number
 * of rupees, so the total shown without decimals is the amount charged. It rounds up to the
 * next rupee in the shopper's favour (20% of ₹1,799 is ₹360, not ₹359.80), and never above
 * the cap or what it applies to (each rounded down to a whole rupee). coupons.php and
 * process_order.php both take their discount from here.
 */
export function couponDiscountPaise(terms: CouponTerms, eligiblePaise: number): number {
  const upToRupee =
    terms.kind === 'flat'
      ? Math.ceil(terms.value / 100) * 100
      : Math.ceil((eligiblePaise * terms.value) / 10_000) * 100;
  const limit = Math.min(terms.maxDiscountPaise ?? Number.POSITIVE_INFINITY, eligiblePaise);
  return Math.max(0, Math.min(upToRupee, Math.floor(limit / 100) * 100));
}
