// Checkout's one call on open (decision 071): everything the page shows before the shopper
// does anything, in one response, so it renders once with it instead of once per response.
import { z } from 'zod';
import { ShippingAddress, UserProfile } from './accounts.js';
import { Id, Rupees } from './common.js';
import { DeliveryEstimateResponse } from './shipping.js';
import { WhatsAppUpdatesResponse } from './whatsapp.js';
import { WholesalePricesResponse } from './wholesale.js';

// ── POST /api/checkout_start.php ──

/** A line as checkout shows it: the shirt's unit price, and its print's when printed. */
export const CheckoutStartLine = z.object({
  product_id: Id,
  quantity: z
    .number({ error: 'quantity must be a whole number' })
    .int('quantity must be a whole number')
    .min(1, 'quantity must be at least 1')
    .max(1000, 'quantity is too large'),
  price: Rupees,
  /** Present when the line is printed (decision 049): no COD, and a later date. */
  print_price: Rupees.optional(),
});

/**
 * The shopper opening checkout with these lines, at the prices the page shows them (a
 * wholesaler's own prices replace them). The prices only choose the amount cash on delivery is
 * judged for, as delivery_estimate.php's `amount` does; the order is priced from the database.
 */
export const CheckoutStartRequest = z.object({
  user_id: Id,
  lines: z
    .array(CheckoutStartLine)
    .min(1, 'Name at least one line.')
    .max(100, 'Checkout takes 100 lines at most.'),
});
export type CheckoutStartRequest = z.input<typeof CheckoutStartRequest>;

export const CheckoutStartResponse = z.object({
  /** The saved shipping address; null before the first order. */
  address: ShippingAddress.nullable(),
  /** The account's name and phone, which fill a first checkout's fields. */
  account: UserProfile.pick({ name: true, phone_number: true }),
  /**
   * delivery_estimate.php's response for the saved pincode, with cash on delivery judged for
   * `amount`; null when no address is saved or its pincode cannot be promised a date.
   */
  estimate: DeliveryEstimateResponse.nullable(),
  /** The order's amount in rupees before a COD fee that `estimate.cod` was judged for. */
  amount: z.number().nullable(),
  /** wholesale_prices.php's response for the lines' products at their pieces. */
  wholesale: WholesalePricesResponse,
  /** whatsapp_updates.php's response: whether to offer the opt-in. */
  whatsapp: WhatsAppUpdatesResponse,
  /**
   * The words to ask the cart-reminder consent with, when checkout asks (decision 065); the
   * call has recorded the visit a reminder counts from.
   */
  ask_consent: z.string().nullable(),
});
export type CheckoutStartResponse = z.infer<typeof CheckoutStartResponse>;
