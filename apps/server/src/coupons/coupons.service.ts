// Coupons: whether a shopper may use one now (its dates, limits and uses, and wholesale
// prices), and its uses recorded. What it gives is the quote's (decision 061), always from the
// database prices of the lines (a wholesaler's own prices, on which only a coupon that says so
// applies). Checkout calls grantCoupon and redeemCoupon inside the order's transaction;
// coupons.php only previews.
import {
  paiseToRupees,
  quoteOrder,
  rupeesToPaise,
  type CouponRequest,
  type CouponResponse,
  type CouponRule,
  type QuoteLineInput,
} from '@kitroom/contract';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { checkPrints } from '../catalogue/index.js';
import type { Queryable } from '../db/index.js';
import * as wholesale from '../wholesale/index.js';
import * as q from './coupons.queries.js';

/** A coupon the shopper may use now, and the rule the quote applies (decision 061). */
export type CouponGrant =
  { ok: true; couponId: number; rule: CouponRule } | { ok: false; error: string };

export const COUPON_ERRORS = {
  unknown: 'Invalid coupon code.',
  notYet: 'This coupon is not active yet.',
  expired: 'This coupon has expired.',
  exhausted: 'This coupon has reached its usage limit.',
  usedByYou: 'You have already used this coupon.',
  unavailableProduct: 'One of the products is no longer available. Please review your cart.',
  notWithWholesale: 'This coupon cannot be used with wholesale prices.',
} as const;

/** Coupon codes are stored upper-cased; shoppers may type them in any case. */
function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * Whether the user may use the coupon now: it exists and is active, its dates, its limits
 * and the shopper's uses allow it, and it stacks with wholesale prices when those apply. What
 * it gives on the order's lines (its minimum, what it applies to, the discount and its shares)
 * is the quote's to work out.
 */
export async function grantCoupon(
  db: Queryable,
  input: {
    code: string;
    userId: number;
    now: Date;
    /** The lines are at the shopper's wholesale prices. */
    wholesale?: boolean;
  },
): Promise<CouponGrant> {
  const coupon = await q.couponByCode(db, normaliseCode(input.code));
  if (!coupon || !coupon.active) return { ok: false, error: COUPON_ERRORS.unknown };
  // Another shopper's own coupon (a cart reminder's) is, to this one, no coupon at all.
  if (coupon.for_user_id !== null && coupon.for_user_id !== input.userId) {
    return { ok: false, error: COUPON_ERRORS.unknown };
  }
  if (input.wholesale && !coupon.stacks_with_wholesale) {
    return { ok: false, error: COUPON_ERRORS.notWithWholesale };
  }
  if (new Date(coupon.starts_at) > input.now) return { ok: false, error: COUPON_ERRORS.notYet };
  if (coupon.ends_at !== null && new Date(coupon.ends_at) <= input.now) {
    return { ok: false, error: COUPON_ERRORS.expired };
  }
  if (coupon.max_uses !== null && coupon.used_count >= coupon.max_uses) {
    return { ok: false, error: COUPON_ERRORS.exhausted };
  }
  if (coupon.max_uses_per_user !== null) {
    const used = await q.userRedemptionCount(db, coupon.id, input.userId);
    if (used >= coupon.max_uses_per_user) return { ok: false, error: COUPON_ERRORS.usedByYou };
  }
  return {
    ok: true,
    couponId: coupon.id,
    rule: {
      code: coupon.code,
      terms: {
        kind: coupon.kind,
        value: coupon.value,
        maxDiscountPaise: coupon.max_discount_paise,
      },
      productIds: coupon.product_ids,
      categoryIds: coupon.category_ids,
      minOrderPaise: coupon.min_order_paise,
    },
  };
}

export type Redemption = { ok: true } | { ok: false; error: string };

/**
 * Records one use of the coupon for the order, inside the order's transaction; refuses at
 * the total or per-user limit (the caller then rolls back). With enforceLimits false — a
 * payment already taken for a discounted order — the use is recorded even at the limit,
 * without counting past it.
 */
export async function redeemCoupon(
  db: Queryable,
  r: { couponId: number; userId: number; orderId: number; discountPaise: number },
  opts: { enforceLimits: boolean } = { enforceLimits: true },
): Promise<Redemption> {
  const claimed = await q.claimUse(db, r.couponId);
  if (!claimed && opts.enforceLimits) return { ok: false, error: COUPON_ERRORS.exhausted };
  if (!claimed) await q.lockCoupon(db, r.couponId);
  const perUser = claimed?.max_uses_per_user ?? null;
  if (opts.enforceLimits && perUser !== null) {
    // The coupon row stays locked until commit, so this count sees every earlier redemption.
    const used = await q.userRedemptionCount(db, r.couponId, r.userId);
    if (used >= perUser) return { ok: false, error: COUPON_ERRORS.usedByYou };
  }
  await q.insertRedemption(db, r);
  return { ok: true };
}

/**
 * A coupon only this shopper may use, once, until `endsAt` (a cart reminder's, decision 065):
 * granted and redeemed by the same rules as any other. Returns its id and code.
 */
export async function createShopperCoupon(
  db: Queryable,
  c: { userId: number; kind: 'flat' | 'percent'; value: number; endsAt: Date; description: string },
): Promise<{ id: number; code: string }> {
  for (;;) {
    const code = `BACK${randomBytes(5).toString('hex').toUpperCase()}`;
    const id = await q.insertShopperCoupon(db, { ...c, code });
    if (id !== undefined) return { id, code };
  }
}

/** Gives back the coupon uses of orders whose stock hold ran out. */
export async function releaseCouponUses(db: Queryable, orderIds: readonly number[]): Promise<void> {
  await q.releaseRedemptions(db, orderIds);
}

type CouponInput = z.output<typeof CouponRequest>;

/** coupons.php: the discount the coupon would give on these lines, from database prices. */
export async function previewCoupon(
  db: Queryable,
  userId: number,
  input: CouponInput,
  now = new Date(),
): Promise<CouponResponse> {
  const wanted = input.items
    ? input.items.map((i) => ({
        productId: i.product_id,
        quantity: i.quantity,
        print: i.print ?? null,
      }))
    : input.product_id.map((productId) => ({ productId, quantity: 1, print: null }));
  const prices = new Map(
    (await q.activeProductPrices(db, [...new Set(wanted.map((w) => w.productId))])).map((p) => [
      p.id,
      p,
    ]),
  );
  const lines: QuoteLineInput[] = [];
  for (const w of wanted) {
    const p = prices.get(w.productId);
    if (!p) return { success: false, error: COUPON_ERRORS.unavailableProduct };
    lines.push({
      productId: p.id,
      categoryId: p.category_id,
      description: p.name,
      quantity: w.quantity,
      shirtPaise: p.discount_price_paise,
      printPaise: 0,
    });
  }
  const units = await wholesale.lineUnitPrices(
    db,
    userId,
    lines.map((l) => ({
      productId: l.productId,
      categoryId: l.categoryId!,
      retailPaise: l.shirtPaise,
      quantity: l.quantity,
    })),
  );
  // A print is part of the piece (decision 049): priced as checkout prices it.
  const prints = await checkPrints(db, wanted);
  const refused = prints.find((p) => !p.ok);
  if (refused && !refused.ok) return { success: false, error: refused.error };
  const grant = await grantCoupon(db, {
    code: input.coupon_code,
    userId,
    now,
    wholesale: units !== null,
  });
  if (!grant.ok) return { success: false, error: grant.error };
  const quote = quoteOrder({
    lines: lines.map((l, i) => ({
      ...l,
      shirtPaise: units ? units[i]! : l.shirtPaise,
      printPaise: prints[i]!.ok ? prints[i]!.paise : 0,
    })),
    state: '',
    coupon: { rule: grant.rule },
    at: now,
  });
  if (quote.coupon && !quote.coupon.ok) return { success: false, error: quote.coupon.error };
  const discountPaise = quote.discountPaise;
  const finalPaise = Math.max(0, rupeesToPaise(input.total_amount) - discountPaise);
  return {
    success: true,
    coupon_code: grant.rule.code,
    discount_amount: paiseToRupees(discountPaise),
    final_amount: paiseToRupees(finalPaise),
    line_discounts: quote.lines.map((l) => paiseToRupees(l.discountPaise)),
  };
}

/** The demo coupons of a fresh shop: code and what it gives (listed in docs/owners-guide.md). */
export const DEMO_COUPONS = [
  { code: 'WELCOME10', summary: '10% off, at most ₹200, once per shopper' },
  { code: 'FLAT150', summary: '₹150 off orders of ₹999 or more' },
  { code: 'KERALA20', summary: '20% off Club Jerseys, at most ₹500' },
  { code: 'MONSOON25', summary: '25% off — expired, to show the error' },
] as const;

/**
 * Creates the demo coupons (existing codes are left alone). KERALA20 needs the
 * 'Club Jerseys' category, so seed the catalogue first. Returns the codes created.
 */
export async function seedDemoCoupons(db: Queryable, now = new Date()): Promise<string[]> {
  const clubJerseys = await q.categoryIdByName(db, 'Club Jerseys');
  if (clubJerseys === undefined) {
    throw new Error(
      'seedDemoCoupons: the category "Club Jerseys" is missing; seed the catalogue first.',
    );
  }
  const base = {
    maxDiscountPaise: null,
    minOrderPaise: 0,
    startsAt: new Date('2024-01-01T00:00:00Z'),
    endsAt: null,
    maxUses: null,
    maxUsesPerUser: null,
    categoryIds: [],
    productIds: [],
  };
  const year = 365 * 24 * 60 * 60 * 1000;
  const coupons: q.NewCoupon[] = [
    {
      ...base,
      code: 'WELCOME10',
      description: DEMO_COUPONS[0].summary,
      kind: 'percent',
      value: 10,
      maxDiscountPaise: 20_000,
      maxUsesPerUser: 1,
    },
    {
      ...base,
      code: 'FLAT150',
      description: DEMO_COUPONS[1].summary,
      kind: 'flat',
      value: 15_000,
      minOrderPaise: 99_900,
    },
    {
      ...base,
      code: 'KERALA20',
      description: DEMO_COUPONS[2].summary,
      kind: 'percent',
      value: 20,
      maxDiscountPaise: 50_000,
      endsAt: new Date(now.getTime() + year),
      categoryIds: [clubJerseys],
    },
    {
      ...base,
      code: 'MONSOON25',
      description: DEMO_COUPONS[3].summary,
      kind: 'percent',
      value: 25,
      startsAt: new Date('2025-06-01T00:00:00Z'),
      endsAt: new Date('2025-09-30T18:30:00Z'),
    },
  ];
  const created: string[] = [];
  for (const c of coupons) if (await q.insertCoupon(db, c)) created.push(c.code);
  return created;
}
