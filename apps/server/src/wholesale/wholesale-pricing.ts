// Wholesale prices from a price list's terms (decision 045), pure so that checkout, the
// shopper's price call and their tests compute them one way. A unit price is the base price
// (the most specific rule: product, then category, then 'all'; else the retail price) less the
// tier the order's pieces reach, each step rounded to the nearest paisa. A wholesale price is
// never above the retail one.
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

const percentOff = (paise: number, percent: number) => Math.round((paise * (100 - percent)) / 100);

function ruleFor(terms: PriceListTerms, p: RetailProduct): PriceRule | undefined {
  return (
    terms.rules.find((r) => r.target === 'product' && r.target_id === p.productId) ??
    terms.rules.find((r) => r.target === 'category' && r.target_id === p.categoryId) ??
    terms.rules.find((r) => r.target === 'all')
  );
}

/** The unit price before tiers. */
export function basePaise(terms: PriceListTerms, p: RetailProduct): number {
  const rule = ruleFor(terms, p);
  if (!rule) return p.retailPaise;
  if (rule.kind === 'fixed') return Math.min(rule.value, p.retailPaise);
  return percentOff(p.retailPaise, rule.value);
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

/** The unit price of a product in an order of `pieces` pieces. */
export function unitPaise(terms: PriceListTerms, p: RetailProduct, pieces: number): number {
  const base = basePaise(terms, p);
  const { tier } = tiersAt(terms, pieces);
  return tier ? percentOff(base, tier.percent_off) : base;
}
