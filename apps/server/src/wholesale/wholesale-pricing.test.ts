// Wholesale unit prices are whole rupees, rounded as coupons round: what comes off retail is
// rounded up to the rupee in the buyer's favour (issue 36.25).
import { describe, expect, it } from 'vitest';
import { unitPaise, type PriceListTerms } from './wholesale-pricing.js';

const terms = (over: Partial<PriceListTerms> = {}): PriceListTerms => ({
  id: 1,
  name: 'Clubs',
  rules: [],
  tiers: [{ min_pieces: 10, percent_off: 20 }],
  minOrderPaise: 0,
  minOrderPieces: 0,
  ...over,
});
const jersey = { productId: 7, categoryId: 3, retailPaise: 114_900 };

describe('unitPaise', () => {
  it('charges ₹919 for a ₹1,149 shirt at 20% off, not ₹919.20', () => {
    expect(unitPaise(terms(), jersey, 10)).toBe(91_900);
  });

  it('rounds the final price once, not each step (₹999 less 10% then 25% is ₹674.325)', () => {
    const list = terms({
      rules: [{ target: 'all', target_id: null, kind: 'percent', value: 10 }],
      tiers: [{ min_pieces: 10, percent_off: 25 }],
    });
    expect(unitPaise(list, { ...jersey, retailPaise: 99_900 }, 10)).toBe(67_400);
  });

  it('rounds a fixed price with paise down to the rupee', () => {
    const list = terms({
      rules: [{ target: 'product', target_id: 7, kind: 'fixed', value: 85_050 }],
      tiers: [],
    });
    expect(unitPaise(list, jersey, 1)).toBe(85_000);
  });

  it('keeps the retail price, paise and all, when nothing lowers it', () => {
    expect(unitPaise(terms(), { ...jersey, retailPaise: 99_950 }, 9)).toBe(99_950);
    const above = terms({
      rules: [{ target: 'all', target_id: null, kind: 'fixed', value: 200_000 }],
      tiers: [],
    });
    expect(unitPaise(above, jersey, 1)).toBe(114_900);
  });

  it('takes a whole rupee off a price a percent lowers by less than one', () => {
    const list = terms({ tiers: [{ min_pieces: 2, percent_off: 1 }] });
    expect(unitPaise(list, { ...jersey, retailPaise: 5_000 }, 2)).toBe(4_900);
  });
});
