// Wholesale call: wholesale_agent.php — a user's application status, or a new application.
import { z } from 'zod';
import { Id } from './common.js';
import { INDIAN_MOBILE_PATTERN, isValidGstin } from './rules.js';

/** The spec's texts (section 5); the server returns them as its errors too. */
export const WHOLESALE_MESSAGES = {
  name: 'Please enter your name.',
  mobile: 'Please enter a valid 10-digit mobile number.',
  gst: 'Please enter a valid GST number.',
  shopName: 'Please enter your shop name.',
  shopLocation: 'Please enter your shop location.',
} as const;

const bounded = (required: string, max: number, label: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `${label} is too long (${max} characters at most)`);

/**
 * The application form's rules, shared by the web form and the server. The requesting
 * person's name, the shop's name and location and a mobile of 10 digits starting 6–9 are
 * required; GST is optional, but when given it must be a valid GSTIN (pattern and check
 * character). A blank GST becomes null.
 */
export const WholesaleApplication = z.object({
  shop_name: bounded(WHOLESALE_MESSAGES.shopName, 120, 'Shop name'),
  shop_location: bounded(WHOLESALE_MESSAGES.shopLocation, 200, 'Shop location'),
  gst: z
    .string({ error: WHOLESALE_MESSAGES.gst })
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || isValidGstin(v), WHOLESALE_MESSAGES.gst)
    .nullish()
    .transform((v) => (v ? v : null)),
  requesting_person: bounded(WHOLESALE_MESSAGES.name, 100, 'Name'),
  contact_number: z
    .string({ error: WHOLESALE_MESSAGES.mobile })
    .trim()
    .regex(INDIAN_MOBILE_PATTERN, WHOLESALE_MESSAGES.mobile),
  about_shop: z
    .string()
    .trim()
    .max(1000, 'About your shop is too long (1000 characters at most)')
    .nullish()
    .transform((v) => v ?? ''),
});
export type WholesaleApplication = z.output<typeof WholesaleApplication>;
export type WholesaleApplicationInput = z.input<typeof WholesaleApplication>;

// ── POST /api/wholesale_agent.php ──

/** `{user_id, status: ''}` asks for the status of the user's application. */
export const WholesaleStatusRequest = z.object({ user_id: Id, status: z.string().max(20) });
export type WholesaleStatusRequest = z.input<typeof WholesaleStatusRequest>;

/** The application; the server applies WholesaleApplication and returns its exact texts. */
export type WholesaleApplicationRequest = { user_id: number | string } & WholesaleApplicationInput;

const loose = z.unknown().optional();

/**
 * One body for both forms: with `status` it is a status query; without it, an application
 * whose fields the server checks with WholesaleApplication, responding 400 with the spec's
 * text (e.g. {error: 'Please enter a valid GST number.'}). One application per user: applying
 * again changes nothing and returns the current status.
 */
export const WholesaleRequest = z.object({
  user_id: Id,
  status: z.string().max(20).optional(),
  shop_name: loose,
  shop_location: loose,
  gst: loose,
  requesting_person: loose,
  contact_number: loose,
  about_shop: loose,
});

export const WholesaleStatus = z.enum(['pending', 'approved', 'rejected']);
export type WholesaleStatus = z.infer<typeof WholesaleStatus>;

/** The message code 100 carries for each status. */
export const WHOLESALE_STATUS_MESSAGES: Record<WholesaleStatus, string> = {
  pending:
    'Your wholesale application has been received and is under review. We will contact you soon.',
  approved: 'Your wholesale application has been approved. Welcome to Kitroom wholesale!',
  rejected:
    'Your wholesale application was not approved. Please contact us if you would like to know more.',
};

/** code 0's message: the user has no application yet. */
export const WHOLESALE_NOT_APPLIED_MESSAGE = 'You have not applied yet.';

/** code 0's message after a rejection: the form shows again, with the shop's reason. */
export function wholesaleRejectedMessage(reason: string): string {
  return `Your last wholesale application was not approved: ${reason} You may apply again.`;
}

/**
 * code 0: no application yet, or a rejected one (the web app shows the form, and the message
 * says why the last one was rejected); code 100: pending or approved, show the message. Both
 * carry a message, as the spec's status response reads code and message.
 */
export const WholesaleResponse = z.union([
  z.object({ code: z.literal(0), status: z.literal('rejected').optional(), message: z.string() }),
  z.object({ code: z.literal(100), status: WholesaleStatus, message: z.string() }),
]);
export type WholesaleResponse = z.infer<typeof WholesaleResponse>;

// ── POST /api/wholesale_prices.php (decision 045) ──

/**
 * The logged-in shopper's own prices for the products on screen, asked after the page shows
 * (pages and catalogue responses are shared and stay retail). `pieces` is the order the tier is
 * for: the cart's pieces on listings and product pages, the selected lines' at checkout.
 */
export const WholesalePricesRequest = z.object({
  user_id: Id,
  product_ids: z
    .array(Id)
    .min(1, 'Name at least one product.')
    .max(100, 'Ask for 100 products at most.'),
  pieces: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type WholesalePricesRequest = z.input<typeof WholesalePricesRequest>;

export const WholesaleTier = z.object({ min_pieces: z.number().int(), percent_off: z.number() });
export type WholesaleTier = z.infer<typeof WholesaleTier>;

/** Retail shoppers (and pending or rejected applicants) get `{wholesale: false}`. */
export const WholesalePricesResponse = z.union([
  z.object({ wholesale: z.literal(false) }),
  z.object({
    wholesale: z.literal(true),
    pieces: z.number().int(),
    /** The tier `pieces` reach, if any. */
    tier: WholesaleTier.nullable(),
    /** The next tier and how many more pieces reach it. */
    next_tier: WholesaleTier.extend({ pieces_needed: z.number().int() }).nullable(),
    /** The order minimum (rupees and pieces; 0 when none). */
    min_order: z.number(),
    min_pieces: z.number().int(),
    /** Unit prices in rupees at `pieces`, for the products that exist. */
    prices: z.array(z.object({ product_id: z.number().int(), price: z.number() })),
  }),
]);
export type WholesalePricesResponse = z.infer<typeof WholesalePricesResponse>;
