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

/** A valid coupon's effect, or why it cannot be used (a 200 answer either way). */
export const CouponResponse = z.union([
  z.object({
    success: z.literal(true),
    coupon_code: z.string(),
    discount_amount: Rupees,
    final_amount: Rupees,
  }),
  z.object({ success: z.literal(false), error: z.string() }),
]);
export type CouponResponse = z.infer<typeof CouponResponse>;
