// Back in stock: "Notify me" on a sold-out size. A guest gives an email; a logged-in shopper's
// own address is used. When the size's stock goes from 0 to more, each waiting address gets
// one mail with a link to the product with the size chosen (decision 047).
import { z } from 'zod';
import { Email } from './accounts.js';
import { Id, OptionalUserId } from './common.js';

// ── POST /api/back_in_stock.php ──

/**
 * `email` is needed without a session and ignored with one (the shopper's own address is
 * mailed). 404: no such product or size; 409: the size is in stock; 429: too many sign-ups
 * from this address or IP. Signing up twice for one size is one sign-up.
 */
export const BackInStockRequest = z.object({
  product_id: Id,
  size: z.string({ error: 'size is required' }).trim().min(1, 'size is required').max(12),
  email: Email.optional(),
  user_id: OptionalUserId,
});
export type BackInStockRequest = z.input<typeof BackInStockRequest>;

export const BackInStockResponse = z.object({
  success: z.literal(true),
  /** The address that will be mailed. */
  email: z.string(),
});
export type BackInStockResponse = z.infer<typeof BackInStockResponse>;

/** What the product page says once signed up. */
export const backInStockThanks = (email: string, size: string) =>
  `We'll email ${email} when size ${size} is back in stock.`;
