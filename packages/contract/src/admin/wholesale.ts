// Wholesale in the back office: applications with every detail a shop sent and a check of
// its GSTIN, approval onto a price list or rejection with a reason, and the price lists
// (decision 045).
import { z } from 'zod';
import { Id } from '../common.js';
import { PINCODE_PATTERN } from '../rules.js';
import { INDIAN_STATES } from '../states.js';
import { WholesaleStatus } from '../wholesale.js';

export const WholesaleApplicationQuery = z.object({
  status: z
    .enum(WholesaleStatus.options, {
      error: `status must be one of ${WholesaleStatus.options.join(', ')}`,
    })
    .optional(),
  /** The cursor: applications older than this id. */
  before: Id.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type WholesaleApplicationQuery = z.input<typeof WholesaleApplicationQuery>;

const required = (message: string, max: number, label: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${label} is too long (${max} characters at most)`);

/**
 * A wholesaler's business as registered for GST (issue 36.29): the legal name and the
 * principal place of business from the GST portal's taxpayer search, entered by staff when
 * they approve the shop. A B2B invoice bills to it; the state is the one the GSTIN's first
 * two digits name, and the pincode must be in it (the server checks both).
 */
export const RegisteredBusiness = z.object({
  legal_name: required('Please enter the legal name as registered.', 120, 'The legal name'),
  street: required('Please enter the street address.', 200, 'The street address'),
  city: required('Please enter the city.', 80, 'The city'),
  pincode: z
    .string({ error: 'Please enter a 6-digit pincode.' })
    .trim()
    .regex(PINCODE_PATTERN, 'Please enter a 6-digit pincode.'),
  state: z.enum(INDIAN_STATES, { error: 'Please choose the state.' }),
});
export type RegisteredBusiness = z.infer<typeof RegisteredBusiness>;
export type RegisteredBusinessInput = z.input<typeof RegisteredBusiness>;

export const AdminWholesaleApplication = z.object({
  id: z.number().int(),
  shop_name: z.string(),
  shop_location: z.string(),
  /** The GSTIN, when the shop gave one. */
  gst: z.string().nullable(),
  requesting_person: z.string(),
  contact_number: z.string(),
  about_shop: z.string(),
  status: WholesaleStatus,
  created_at: z.string(),
  /** The shopper account that applied. */
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  /** What the server made of the GSTIN; null when none was given. */
  gstin_check: z
    .object({
      /** 15 characters in the GSTIN pattern. */
      format_ok: z.boolean(),
      /** The 15th character is the right check character. */
      checksum_ok: z.boolean(),
      /** The state its first two digits name, if any. */
      gstin_state: z.enum(INDIAN_STATES).nullable(),
      /** The state named in the shop's location, if it names one. */
      location_state: z.enum(INDIAN_STATES).nullable(),
      /** Whether the two states agree; null when the location names no state. */
      state_matches: z.boolean().nullable(),
    })
    .nullable(),
  /** The price list of an approved shop. */
  price_list: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Its registered business, once staff entered it; null before (invoices use the location). */
  registered: RegisteredBusiness.nullable(),
  reject_reason: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type AdminWholesaleApplication = z.infer<typeof AdminWholesaleApplication>;

export const WholesaleApplicationListResponse = z.object({
  applications: z.array(AdminWholesaleApplication),
  /** Pass as `before` for the next page; null on the last one. */
  next_before: z.number().int().nullable(),
});
export type WholesaleApplicationListResponse = z.infer<typeof WholesaleApplicationListResponse>;

export const WholesaleApplicationParams = z.object({ id: Id });

export const ApproveWholesaleRequest = z.object({
  price_list_id: Id,
  /** The registered business to bill; absent keeps what was entered before (if anything). */
  registered: RegisteredBusiness.optional(),
});
export type ApproveWholesaleRequest = z.input<typeof ApproveWholesaleRequest>;

export const REJECT_REASON_NEEDED = 'Please give the shop a reason.';

export const RejectWholesaleRequest = z.object({
  reason: z
    .string({ error: REJECT_REASON_NEEDED })
    .trim()
    .min(1, REJECT_REASON_NEEDED)
    .max(500, 'The reason is too long (500 characters at most)'),
});
export type RejectWholesaleRequest = z.input<typeof RejectWholesaleRequest>;

export const WholesaleApplicationResponse = z.object({ application: AdminWholesaleApplication });
export type WholesaleApplicationResponse = z.infer<typeof WholesaleApplicationResponse>;

// ── price lists ──

/**
 * A base price rule: a percentage off the retail (discount) price, or a fixed price in paise,
 * for one product, one category, or everything. The most specific rule wins: product, then
 * category, then 'all'; a product no rule reaches keeps its retail price before tiers.
 */
export const PriceRule = z
  .object({
    target: z.enum(['all', 'category', 'product'], {
      error: 'target must be all, category or product',
    }),
    /** The category's or product's id; absent for 'all'. */
    target_id: Id.nullish().transform((v) => v ?? null),
    kind: z.enum(['percent', 'fixed'], { error: 'kind must be percent or fixed' }),
    /** Whole percent off (1–90), or the price in paise. */
    value: z.number({ error: 'value must be a number' }).int('value must be a whole number'),
  })
  .superRefine((r, ctx) => {
    if ((r.target === 'all') !== (r.target_id === null)) {
      ctx.addIssue({
        code: 'custom',
        message:
          r.target === 'all'
            ? 'A rule for everything names no product or category.'
            : `Choose the ${r.target} of this rule.`,
      });
    }
    if (r.kind === 'percent' && (r.value < 1 || r.value > 90)) {
      ctx.addIssue({ code: 'custom', message: 'A percentage off is between 1 and 90.' });
    }
    if (r.kind === 'fixed' && r.value < 100) {
      ctx.addIssue({ code: 'custom', message: 'A fixed price is ₹1 or more.' });
    }
  });
export type PriceRule = z.output<typeof PriceRule>;

/** A quantity tier: from `min_pieces` pieces in the order, `percent_off` more off. */
export const PriceTier = z.object({
  min_pieces: z
    .number({ error: 'min_pieces must be a number' })
    .int()
    .min(2, 'A tier starts at 2 pieces or more.')
    .max(100_000),
  percent_off: z
    .number({ error: 'percent_off must be a number' })
    .int()
    .min(1, 'A tier takes 1% to 90% off.')
    .max(90, 'A tier takes 1% to 90% off.'),
});
export type PriceTier = z.infer<typeof PriceTier>;

export const PriceListInput = z
  .object({
    name: z
      .string({ error: 'Please name the price list.' })
      .trim()
      .min(1, 'Please name the price list.')
      .max(80, 'The name is too long (80 characters at most)'),
    rules: z.array(PriceRule).max(500),
    tiers: z.array(PriceTier).max(10),
    /** The order's value at wholesale prices, in paise, below which it is refused. */
    min_order_paise: z.number().int().min(0).max(100_000_000),
    /** The order's pieces below which it is refused. */
    min_order_pieces: z.number().int().min(0).max(100_000),
  })
  .superRefine((l, ctx) => {
    const starts = l.tiers.map((t) => t.min_pieces);
    if (new Set(starts).size !== starts.length) {
      ctx.addIssue({ code: 'custom', message: 'Two tiers start at the same number of pieces.' });
    }
    const targets = l.rules.map((r) => `${r.target}:${r.target_id ?? ''}`);
    if (new Set(targets).size !== targets.length) {
      ctx.addIssue({ code: 'custom', message: 'Two rules are for the same product or category.' });
    }
  });
export type PriceListInput = z.input<typeof PriceListInput>;

export const PriceList = z.object({
  id: z.number().int(),
  name: z.string(),
  rules: z.array(
    z.object({
      target: z.enum(['all', 'category', 'product']),
      target_id: z.number().int().nullable(),
      /** The product's or category's name, for reading. */
      target_name: z.string().nullable(),
      kind: z.enum(['percent', 'fixed']),
      value: z.number().int(),
    }),
  ),
  /** Ascending by min_pieces. */
  tiers: z.array(PriceTier),
  min_order_paise: z.number().int(),
  min_order_pieces: z.number().int(),
  /** Approved shops on this list. */
  wholesalers: z.number().int(),
  updated_at: z.string(),
});
export type PriceList = z.infer<typeof PriceList>;

export const PriceListParams = z.object({ id: Id });
export const PriceListListResponse = z.object({ price_lists: z.array(PriceList) });
export type PriceListListResponse = z.infer<typeof PriceListListResponse>;
export const PriceListResponse = z.object({ price_list: PriceList });
export type PriceListResponse = z.infer<typeof PriceListResponse>;
