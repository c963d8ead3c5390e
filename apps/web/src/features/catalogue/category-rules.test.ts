import type { ProductSummary } from '@kitroom/contract';
import { describe, expect, it } from 'vitest';
import { inPriceRange, priceSteps } from './category-rules';

describe('category price dropdowns', () => {
  it('offers steps of 50 that cover every price', () => {
    expect(priceSteps(499, 1299)).toEqual([
      450, 500, 550, 600, 650, 700, 750, 800, 850, 900, 950, 1000, 1050, 1100, 1150, 1200, 1250,
      1300,
    ]);
    expect(priceSteps(100, 100)).toEqual([100, 150]);
  });

  it('keeps products whose discount price is within the range, ends included', () => {
    const p = (id: number, discount_price: number) => ({ id, discount_price }) as ProductSummary;
    const list = [p(1, 450), p(2, 700), p(3, 1000)];
    expect(inPriceRange(list, 450, 700).map((x) => x.id)).toEqual([1, 2]);
    expect(inPriceRange(list, 750, 950)).toEqual([]);
  });
});
