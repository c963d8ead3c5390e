// Wholesale prices from a price list's terms (decision 045), pure so that checkout, the
// shopper's price call and their tests compute them one way. A unit price is the base price
// (the most specific rule: product, then category, then 'all'; else the retail price) less the
// tier the order's pieces reach, worked exactly and then rounded down to a whole rupee: what
// comes off the retail price is rounded up to the rupee in the buyer's favour, as a coupon's
// discount is (couponDiscountPaise), so ₹1,149 less 20% is ₹919, not ₹919.20. A wholesale
// price is never above the retail one; a product no rule or tier reaches keeps its retail price.
import type { PriceRule, PriceTier } from '@kitroom/contract/admin';

export interface PriceListTerms {
  id: number;
  name: string;
  rules: readonly PriceRule[];
  /** Any order; read ascending by min_pieces. */
  tiers: readonly PriceTier[];
  minOrderPaise: number;
  minOrderPieces: number;
}

export interface RetailProduct {
  productId: number;
  categoryId: number | null;
  /** The retail (discount) price a shopper pays. */
  retailPaise: number;
}

function ruleFor(terms: PriceListTerms, p: RetailProduct): PriceRule | undefined {
  return (
    terms.rules.find((r) => r.target === 'product' && r.target_id === p.productId) ??
    terms.rules.find((r) => r.target === 'category' && r.target_id === p.categoryId) ??
    terms.rules.find((r) => r.target === 'all')
  );
}

/**
 * The exact unit price before tiers, as a fraction (paise × `per`): a percentage off is kept
 * whole until the end, so only the final price is rounded.
 */
function base(terms: PriceListTerms, p: RetailProduct): { paise: number; per: number } {
  const rule = ruleFor(terms, p);
  if (!rule) return { paise: p.retailPaise, per: 1 };
  if (rule.kind === 'fixed') return { paise: Math.min(rule.value, p.retailPaise), per: 1 };
  return { paise: p.retailPaise * (100 - rule.value), per: 100 };
}

/** The tier `pieces` reach and the next one up, with how many more pieces it needs. */
export function tiersAt(
  terms: PriceListTerms,
  pieces: number,
): { tier: PriceTier | null; next: (PriceTier & { pieces_needed: number }) | null } {
  const sorted = [...terms.tiers].sort((a, b) => a.min_pieces - b.min_pieces);
  const reached = sorted.filter((t) => t.min_pieces <= pieces);
  const next = sorted.find((t) => t.min_pieces > pieces);
  return {
    tier: reached.at(-1) ?? null,
    next: next ? { ...next, pieces_needed: next.min_pieces - pieces } : null,
  };
}

/**
 * The unit price of a product in an order of `pieces` pieces, in paise: whole rupees whenever
 * the list lowers the retail price. The shopper's prices call, the cart, coupons and checkout
 * all price through here, so the price shown is the price charged.
 */
export function unitPaise(terms: PriceListTerms, p: RetailProduct, pieces: number): number {
  const { tier } = tiersAt(terms, pieces);
  const b = base(terms, p);
  const exact = tier ? { paise: b.paise * (100 - tier.percent_off), per: b.per * 100 } : b;
  if (exact.paise >= p.retailPaise * exact.per) return p.retailPaise;
  return Math.floor(exact.paise / (exact.per * 100)) * 100;
}
