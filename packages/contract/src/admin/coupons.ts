// Coupons in the back office: every rule the checkout applies (coupons/coupons.service.ts),
// the uses counted against the limit and what paid orders got. Money is whole rupees here, as
// staff type it; the server stores paise.
import { z } from 'zod';
import { Id } from '../common.js';

/** One instant as ISO 8601 with its offset; the form sends Indian time (+05:30). */
const Instant = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be a date and time` });

const WholeRupees = (label: string) =>
  z
    .number({ error: `${label} must be an amount in rupees, like 500` })
    .int(`${label} must be whole rupees, like 500`)
    .min(0, `${label} cannot be negative`)
    .max(10_000_000, `${label} must be at most ₹1,00,00,000`);

const Limit = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(10_000_000, `${label} must be at most 1,00,00,000`);

const IdList = (label: string) =>
  z.array(Id, { error: `${label} must be a list of ids` }).max(500, `${label}: 500 at most`);

export const COUPON_CODE_PATTERN = /^[A-Z0-9_-]{3,40}$/;

/** What staff set on a coupon. Codes are stored upper-cased (shoppers type any case). */
const CouponFields = z.object({
  code: z
    .string({ error: 'The code is required' })
    .trim()
    .toUpperCase()
    .regex(COUPON_CODE_PATTERN, "The code must be 3 to 40 letters, digits, '-' or '_'"),
  description: z.string().trim().max(200, 'The description must be 200 characters at most'),
  kind: z.enum(['percent', 'flat'], { error: 'The kind must be Percent off or Rupees off' }),
  /** Percent (10 for 10%) or rupees off, by kind. */
  value: z
    .number({ error: 'How much it takes off is required' })
    .int('How much it takes off must be a whole number')
    .min(1, 'How much it takes off must be at least 1')
    .max(10_000_000, 'Rupees off must be at most ₹1,00,00,000'),
  /** The most a percent coupon takes off, in rupees; null: no cap. */
  max_discount: WholeRupees('At most (₹)').nullable(),
  /** The order (before shipping) must be worth at least this many rupees. */
  min_order: WholeRupees('The minimum order'),
  starts_at: Instant('The start'),
  /** null: never ends. */
  ends_at: Instant('The end').nullable(),
  /** Uses in all (an unpaid order holds its use until its hold ends); null: no limit. */
  max_uses: Limit('Uses in all').nullable(),
  /** Uses per shopper; null: no limit. */
  max_uses_per_user: Limit('Uses per shopper').nullable(),
  active: z.boolean({ error: 'Active must be on or off' }),
  /** Also applies on top of a wholesaler's prices (decision 045); left out: it does not. */
  stacks_with_wholesale: z
    .boolean({ error: 'Stacks with wholesale prices must be on or off' })
    .optional(),
  /** Limits the discount to these products and categories (either); both empty: everything. */
  product_ids: IdList('Product ids'),
  category_ids: IdList('Categories'),
});

type Fields = z.output<typeof CouponFields>;

/** The rules between fields, for a new coupon and for an edited one once merged. */
function checkRules(c: Fields, ctx: z.RefinementCtx) {
  if (c.kind === 'percent' && c.value > 100) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'Percent off must be 1 to 100' });
  }
  if (c.kind === 'flat' && c.max_discount !== null) {
    ctx.addIssue({
      code: 'custom',
      path: ['max_discount'],
      message: 'A rupees-off coupon takes off its amount: leave At most (₹) empty',
    });
  }
  if (c.ends_at !== null && Date.parse(c.ends_at) <= Date.parse(c.starts_at)) {
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'The end must be after the start' });
  }
  if (c.max_uses !== null && c.max_uses_per_user !== null && c.max_uses_per_user > c.max_uses) {
    ctx.addIssue({
      code: 'custom',
      path: ['max_uses_per_user'],
      message: 'Uses per shopper cannot be more than uses in all',
    });
  }
}

export const CouponInput = CouponFields.superRefine(checkRules);
export type CouponInput = z.input<typeof CouponInput>;

/** An edit: the fields that change (the rules are checked on the coupon as it will be). */
export const CouponPatch = CouponFields.partial().refine(
  (v) => Object.keys(v).length > 0,
  'nothing to change',
);
export type CouponPatch = z.input<typeof CouponPatch>;

export const COUPON_STATUSES = ['active', 'scheduled', 'expired', 'used-up', 'inactive'] as const;
/** inactive: switched off by staff; used-up: max_uses reached; scheduled: not started yet. */
export const CouponStatus = z.enum(COUPON_STATUSES, {
  error: `status must be one of ${COUPON_STATUSES.join(', ')}`,
});
export type CouponStatus = z.infer<typeof CouponStatus>;

export const AdminCoupon = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(['percent', 'flat']),
  value: z.number(),
  max_discount: z.number().nullable(),
  min_order: z.number(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  max_uses_per_user: z.number().int().nullable(),
  active: z.boolean(),
  stacks_with_wholesale: z.boolean(),
  product_ids: z.array(z.number().int()),
  category_ids: z.array(z.number().int()),
  status: CouponStatus,
  /** Uses counted against max_uses: paid orders and unpaid ones still holding theirs. */
  used_count: z.number().int(),
  /** Paid orders that used it, and the rupees they took off. */
  paid_orders: z.number().int(),
  paid_discount: z.number(),
});
export type AdminCoupon = z.infer<typeof AdminCoupon>;

export const CouponQuery = z.object({
  status: CouponStatus.optional(),
  /** The start of a code. */
  code: z.string().trim().toUpperCase().max(40, 'code is too long').optional(),
  /** The cursor: coupons older than this id. */
  before: Id.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type CouponQuery = z.input<typeof CouponQuery>;

export const CouponListResponse = z.object({
  coupons: z.array(AdminCoupon),
  /** Pass as `before` for the next page; null on the last one. */
  next_before: z.number().int().nullable(),
});
export type CouponListResponse = z.infer<typeof CouponListResponse>;

export const CouponIdParams = z.object({ id: Id });
export type CouponIdParams = z.input<typeof CouponIdParams>;

export const AdminCouponResponse = z.object({ coupon: AdminCoupon });
export type AdminCouponResponse = z.infer<typeof AdminCouponResponse>;

/** What a coupon can be limited to: the categories, and the products it already names. */
export const CouponOptionsResponse = z.object({
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type CouponOptionsResponse = z.infer<typeof CouponOptionsResponse>;

export const COUPON_CODE_TAKEN = 'A coupon with this code exists already.';
