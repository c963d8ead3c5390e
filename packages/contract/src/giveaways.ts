// Giveaways (decision 050): the page /giveaway/{slug} shows one and takes entries from
// logged-in shoppers between its start and end, one each; staff draw the winner after the end.
// The spec's /link/{affiliate_code}/giveaway and /link/giveaway/{giveaway} lead to the page of
// the current giveaway (giveaway.php without a slug).
import { z } from 'zod';
import { Id } from './common.js';
import { ProductSummary } from './catalogue.js';
import { REFERRAL_CODE_PATTERN } from './referrals.js';

/** Lower-case letters and digits in words joined by '-': 'derby-day-jersey'. */
export const GIVEAWAY_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const GiveawaySlug = z
  .string({ error: 'slug is required' })
  .trim()
  .toLowerCase()
  .min(1, 'slug is required')
  .max(80, 'slug: 80 characters at most')
  .regex(GIVEAWAY_SLUG_PATTERN, "slug: lower-case letters and digits, words joined by '-'");

/** Before its start, taking entries, or ended (the server's clock decides). */
export const GiveawayState = z.enum(['upcoming', 'open', 'ended']);
export type GiveawayState = z.infer<typeof GiveawayState>;

export const GIVEAWAY_ENDED = 'This giveaway has ended; entries are closed.';
export const GIVEAWAY_NOT_STARTED = 'This giveaway has not opened yet.';
export const GIVEAWAY_NOT_FOUND = 'Giveaway not found.';

// ── POST /api/giveaway.php ──

/** A giveaway by its slug; without one, the current giveaway (the /link handlers' page). */
export const GiveawayRequest = z.object({ slug: GiveawaySlug.optional() });
export type GiveawayRequest = z.input<typeof GiveawayRequest>;

export const StorefrontGiveaway = z.object({
  slug: z.string(),
  title: z.string(),
  rules: z.string(),
  /** Relative, as a product's image_url; null: no picture. */
  picture: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  state: GiveawayState,
  /** The featured products that are still in the catalogue, in staff's order. */
  products: z.array(ProductSummary),
  /** Whether the session's shopper has entered (false for a visitor). */
  entered: z.boolean(),
  /** Whether the winner has been drawn. */
  drawn: z.boolean(),
});
export type StorefrontGiveaway = z.infer<typeof StorefrontGiveaway>;

export const GiveawayResponse = z.object({ giveaway: StorefrontGiveaway });
export type GiveawayResponse = z.infer<typeof GiveawayResponse>;

// ── POST /api/giveaway_entry.php ──

const OptionalCode = z
  .string()
  .trim()
  .max(64)
  .nullish()
  .transform((v) => (v && REFERRAL_CODE_PATTERN.test(v) ? v.toUpperCase() : undefined));

/**
 * The logged-in shopper enters once. The referral codes the browser keeps (as at checkout)
 * credit the entry when this browser or shopper clicked them (referrals' attribution).
 * 409: not open (before the start or after the end).
 */
export const GiveawayEntryRequest = z.object({
  user_id: Id,
  slug: GiveawaySlug,
  affiliate_code: OptionalCode,
  google_code: OptionalCode,
});
export type GiveawayEntryRequest = z.input<typeof GiveawayEntryRequest>;

export const GiveawayEntryResponse = z.object({
  entered: z.literal(true),
  /** True when this shopper had entered already (nothing changed). */
  already: z.boolean(),
});
export type GiveawayEntryResponse = z.infer<typeof GiveawayEntryResponse>;
