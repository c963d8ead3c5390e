// Referral calls: user_affiliate.php, tracking.php, google_code.php, link_affiliates.php.
// Visitors make them too. Each records a click on an affiliate code or a campaign (Google)
// code; the server keeps its own time and ignores the client's clocks.
import { z } from 'zod';
import { Id, OptionalUserId } from './common.js';

/**
 * Repeated clicks on one code by the same browser (or user) within this window after the
 * last counted one are counted once: an affiliate's stored code is refreshed daily by the
 * web app; a stored campaign code is tracked only within 1 hour (spec section 9).
 */
export const AFFILIATE_CLICK_WINDOW_HOURS = 24;
export const CAMPAIGN_CLICK_WINDOW_HOURS = 1;
/**
 * An order is credited to the affiliate whose code it carries when that affiliate is active
 * and this browser or user has a valid counted click on it within the last 30 days (the web
 * app refreshes the stored code daily, so a returning shopper keeps it fresh).
 */
export const AFFILIATE_ATTRIBUTION_DAYS = 30;
/** A campaign code counts at checkout when clicked by this browser or user within 24 hours. */
export const CAMPAIGN_ATTRIBUTION_HOURS = 24;

export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const TRACKED_URL_MAX_LENGTH = 2048;

/** Codes are case-insensitive: 'kochi10' is KOCHI10. */
const referralCode = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .regex(REFERRAL_CODE_PATTERN, `${field} must be 1 to 64 letters, digits, '-' or '_'`)
    .transform((v) => v.toUpperCase());

/** A product id, or nothing ('' and null are nothing). An id the catalogue lacks is dropped. */
const OptionalProductId = z
  .union([Id, z.literal(''), z.null()])
  .optional()
  .transform((v) => (v === '' || v === null ? undefined : v));

/** The client's clocks: accepted and ignored (clicks carry the server's time). */
const ClientTime = z.union([z.string().max(64), z.number()]).nullish();
const ClickType = z.string().trim().max(50, 'type is too long (50 characters at most)').nullish();
const TrackedUrl = z
  .string()
  .trim()
  .max(TRACKED_URL_MAX_LENGTH, `url is too long (${TRACKED_URL_MAX_LENGTH} characters at most)`)
  .nullish();
/** A browser's random token; with the visitor cookie it identifies a browser. */
const ClientToken = z
  .string()
  .trim()
  .max(128, 'token is too long (128 characters at most)')
  .nullish();

// ── POST /api/user_affiliate.php ──

/** The stored affiliate code, reported again (with the user once logged in). */
export const UserAffiliateRequest = z.object({
  user_id: OptionalUserId,
  affiliate_code: referralCode('affiliate_code'),
  type: ClickType,
  url: TrackedUrl,
  current_time: ClientTime,
  stored_timestamp: ClientTime,
  _token: ClientToken,
});
export type UserAffiliateRequest = z.input<typeof UserAffiliateRequest>;

// ── POST /api/tracking.php ──

/** A click on an affiliate's product link. */
export const TrackingRequest = z.object({
  product_id: OptionalProductId,
  affiliate_code: referralCode('affiliate_code'),
  user_id: OptionalUserId,
  type: ClickType,
  current_time: ClientTime,
  stored_timestamp: ClientTime,
  url: TrackedUrl,
});
export type TrackingRequest = z.input<typeof TrackingRequest>;

// ── POST /api/google_code.php ──

/** A campaign (Google) code click or its stored code reported again. */
export const GoogleCodeRequest = z.object({
  google_code: referralCode('google_code'),
  product_id: OptionalProductId,
  window_token: ClientToken,
  /** Whether the code came from the address bar (true) or from storage; informational. */
  is_direct: z.union([z.boolean(), z.number(), z.string().max(10)]).nullish(),
  url: TrackedUrl,
  timestamp: ClientTime,
  stored_timestamp: ClientTime,
  user_id: OptionalUserId,
});
export type GoogleCodeRequest = z.input<typeof GoogleCodeRequest>;

// ── POST /api/link_affiliates.php ──

/** The /link/... handlers' click; `page_type` stands in for `type` when that is absent. */
export const LinkAffiliatesRequest = z.object({
  affiliate_code: referralCode('affiliate_code'),
  current_time: ClientTime,
  type: ClickType,
  url: TrackedUrl,
  product_id: OptionalProductId,
  page_type: ClickType,
});
export type LinkAffiliatesRequest = z.input<typeof LinkAffiliatesRequest>;

/**
 * Every referral call's response. An unknown or inactive code is still recorded, with
 * valid false, and responds 200 (the web app redirects either way); a malformed body is 400.
 * `counted` is false for a repeat within the window above. The response also sets the
 * visitor cookie (HttpOnly, SameSite=Lax, one year) that identifies the browser.
 */
export const ReferralClickResponse = z.object({
  success: z.literal(true),
  valid: z.boolean(),
  counted: z.boolean(),
});
export type ReferralClickResponse = z.infer<typeof ReferralClickResponse>;
