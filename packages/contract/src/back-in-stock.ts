// Back in stock: "Notify me" on a sold-out size. A guest gives an email and confirms it by a
// mailed link; a logged-in shopper's own address is used, confirmed at once. When the size's
// stock goes from 0 to more, each confirmed waiting address gets one mail with a link to the
// product with the size chosen (decision 047).
import { z } from 'zod';
import { Email } from './accounts.js';
import { Id, OptionalUserId } from './common.js';

// ── POST /api/back_in_stock.php ──

/**
 * `email` is needed without a session and ignored with one (the shopper's own address is
 * mailed). 404: no such product or size; 409: the size is in stock; 429: too many sign-ups
 * from this address (plus-tags and Gmail's dots aside, see emailKey) or IP. Signing up twice
 * for one size is one sign-up; a guest's unconfirmed second sign-up mails a fresh link.
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
  /** A guest's address not yet confirmed: a mail with a link to confirm it was sent. */
  needs_confirmation: z.boolean(),
});
export type BackInStockResponse = z.infer<typeof BackInStockResponse>;

/** What the product page says once signed up. */
export const backInStockThanks = (email: string, size: string) =>
  `We'll email ${email} when size ${size} is back in stock.`;

/** What the product page tells a guest, whose address must be confirmed first. */
export const backInStockCheckInbox = (email: string, size: string) =>
  `Check your inbox to confirm: we sent a link to ${email}. Once you confirm, we'll email you when size ${size} is back in stock.`;

// ── POST /api/back_in_stock_confirm.php ──

/**
 * The guest confirms their sign-up from the mailed link (no session needed: the token is the
 * credential; valid for BACK_IN_STOCK_CONFIRM_HOURS). 404: not a link of ours; 400: expired.
 */
export const BackInStockConfirmRequest = z.object({
  request_id: Id,
  token: z
    .string({ error: 'token is required' })
    .trim()
    .min(1, 'token is required')
    .max(200, 'token is not valid'),
});
export type BackInStockConfirmRequest = z.input<typeof BackInStockConfirmRequest>;

export const BackInStockConfirmResponse = z.object({
  product_id: z.number().int(),
  size: z.string(),
  /** The size came back before the confirmation: nothing more will be mailed. */
  in_stock: z.boolean(),
  /** What the page says. */
  message: z.string(),
});
export type BackInStockConfirmResponse = z.infer<typeof BackInStockConfirmResponse>;

/** How long a guest's confirmation link works. */
export const BACK_IN_STOCK_CONFIRM_HOURS = 48;

/** The storefront page the confirmation mail links to. */
export function backInStockConfirmPath(requestId: number, token: string): string {
  return `/confirmNotify/${requestId}?token=${encodeURIComponent(token)}`;
}

/**
 * The key an address's sign-up allowance counts: lower-cased, the local part's `+tag`
 * dropped, and for gmail.com and googlemail.com its dots too (they deliver to one inbox).
 */
export function emailKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (domain === 'gmail.com' || domain === 'googlemail.com') {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}
