// Cart reminders (abandoned checkout recovery, decision 065): a logged-in shopper who reached
// checkout and did not order within the owner's wait gets one mail with their cart, once per
// cart, only with their consent (DPDP Act), which they give at checkout or in My Account and
// withdraw in My Account; the mail's link withdraws it without a login.
import { z } from 'zod';
import { Id } from './common.js';

/** The words the shopper agrees to; stored with the time they agreed. */
export const CART_REMINDER_CONSENT =
  'Email me once if I leave jerseys in my cart at checkout, with a link back to my cart.';

// ── POST /api/cart_reminders.php ──

/** Reads the shopper's choice, or (with `consent`) gives or withdraws it. */
export const CartRemindersRequest = z.object({
  user_id: Id,
  consent: z.boolean({ error: 'consent must be true or false' }).optional(),
});
export type CartRemindersRequest = z.input<typeof CartRemindersRequest>;

export const CartRemindersResponse = z.object({
  consent: z.boolean(),
  /** The words agreed to (CART_REMINDER_CONSENT when not agreed yet). */
  wording: z.string(),
  /** When they agreed; null when they have not, or withdrew. */
  given_at: z.string().nullable(),
});
export type CartRemindersResponse = z.infer<typeof CartRemindersResponse>;

// ── POST /api/cart_reminders_unsubscribe.php ──

/** The mail's link: no login, the token is the credential. 404: not a link of ours. */
export const CartRemindersUnsubscribeRequest = z.object({
  token: z
    .string({ error: 'token is required' })
    .trim()
    .min(1, 'token is required')
    .max(200, 'token is not valid'),
});
export type CartRemindersUnsubscribeRequest = z.input<typeof CartRemindersUnsubscribeRequest>;

export const CartRemindersUnsubscribeResponse = z.object({ message: z.string() });
export type CartRemindersUnsubscribeResponse = z.infer<typeof CartRemindersUnsubscribeResponse>;

/** What the unsubscribe page says once done. */
export const CART_REMINDERS_STOPPED =
  'You are unsubscribed: we will not email you about carts left at checkout again. Mails about your orders still come.';

/** The storefront page the mail's unsubscribe link opens (one-click: RFC 8058 POSTs to it). */
export const cartRemindersUnsubscribePath = (token: string) =>
  `/unsubscribe/${encodeURIComponent(token)}`;
