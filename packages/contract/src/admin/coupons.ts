// Coupons in the back office: every rule the checkout applies (coupons/coupons.service.ts),
// the uses counted against the limit and what paid orders got. Money is whole rupees here, as
// staff type it; the server stores paise.
import { z } from 'zod';
import { Id } from '../common.js';

/** One instant as ISO 8601 with its offset; the form sends Indian time (+05:30). */
const Instant = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be a date and time` });

const WholeRupees = (field: string) =>
  z
    .number({ error: `${field} must be a number of rupees` })
    .int(`${field} must be whole rupees`)
    .min(0, `${field} cannot be negative`)
    .max(10_000_000, `${field} is too large`);

const Limit = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(1, `${field} must be at least 1`)
    .max(10_000_000, `${field} is too large`);

const IdList = (field: string) =>
  z.array(Id, { error: `${field} must be a list of ids` }).max(500, `${field} has too many ids`);

export const COUPON_CODE_PATTERN = /^[A-Z0-9_-]{3,40}$/;

/** What staff set on a coupon. Codes are stored upper-cased (shoppers type any case). */
const CouponFields = z.object({
  code: z
    .string({ error: 'code is required' })
    .trim()
    .toUpperCase()
    .regex(COUPON_CODE_PATTERN, "code must be 3 to 40 letters, digits, '-' or '_'"),
  description: z.string().trim().max(200, 'description is too long (200 characters at most)'),
  kind: z.enum(['percent', 'flat'], { error: 'kind must be percent or flat' }),
  /** Percent (10 for 10%) or rupees off, by kind. */
  value: z
    .number({ error: 'value is required' })
    .int('value must be a whole number')
    .min(1, 'value must be at least 1')
    .max(10_000_000, 'value is too large'),
  /** The most a percent coupon takes off, in rupees; null: no cap. */
  max_discount: WholeRupees('max_discount').nullable(),
  /** The order (before shipping) must be worth at least this many rupees. */
  min_order: WholeRupees('min_order'),
  starts_at: Instant('starts_at'),
  /** null: never ends. */
  ends_at: Instant('ends_at').nullable(),
  /** Uses in all (an unpaid order holds its use until its hold ends); null: no limit. */
  max_uses: Limit('max_uses').nullable(),
  /** Uses per shopper; null: no limit. */
  max_uses_per_user: Limit('max_uses_per_user').nullable(),
  active: z.boolean({ error: 'active must be true or false' }),
  /** Also applies on top of a wholesaler's prices (decision 045); left out: it does not. */
  stacks_with_wholesale: z
    .boolean({ error: 'stacks_with_wholesale must be true or false' })
    .optional(),
  /** Limits the discount to these products and categories (either); both empty: everything. */
  product_ids: IdList('product_ids'),
  category_ids: IdList('category_ids'),
});

type Fields = z.output<typeof CouponFields>;

/** The rules between fields, for a new coupon and for an edited one once merged. */
function checkRules(c: Fields, ctx: z.RefinementCtx) {
  if (c.kind === 'percent' && c.value > 100) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'a percent must be 1 to 100' });
  }
  if (c.kind === 'flat' && c.max_discount !== null) {
    ctx.addIssue({
      code: 'custom',
      path: ['max_discount'],
      message: 'a flat coupon takes off its value: leave max_discount empty',
    });
  }
  if (c.ends_at !== null && Date.parse(c.ends_at) <= Date.parse(c.starts_at)) {
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'ends_at must be after starts_at' });
  }
  if (c.max_uses !== null && c.max_uses_per_user !== null && c.max_uses_per_user > c.max_uses) {
    ctx.addIssue({
      code: 'custom',
      path: ['max_uses_per_user'],
      message: 'max_uses_per_user cannot be more than max_uses',
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
