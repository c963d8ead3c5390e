// The category page's price dropdowns: steps of 50 around the category's prices.
import { CATEGORY_PRICE_STEP, type ProductSummary } from '@kitroom/contract';

/** 0, 50, 100, ... from below the cheapest to above the dearest discount price. */
export function priceSteps(min: number, max: number, step = CATEGORY_PRICE_STEP): number[] {
  const low = Math.floor(Math.max(0, min) / step) * step;
  const high = Math.max(low + step, Math.ceil(max / step) * step);
  const steps: number[] = [];
  for (let v = low; v <= high; v += step) steps.push(v);
  return steps;
}

export function inPriceRange(
  products: readonly ProductSummary[],
  from: number,
  to: number,
): ProductSummary[] {
  return products.filter((p) => p.discount_price >= from && p.discount_price <= to);
}
