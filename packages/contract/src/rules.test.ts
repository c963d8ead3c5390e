import { describe, expect, it } from 'vitest';
import { formatLimit, parseLimit } from './catalogue.js';
import { couponDiscountPaise } from './coupons.js';
import { formatRupees, paiseToDecimalString, paiseToRupees, rupeesToPaise } from './money.js';
import {
  categoryNameOf,
  discountPercent,
  isValidGstin,
  ratingColour,
  slugify,
  truncate,
} from './rules.js';
import { shippingFeeRupees } from './shipping-rates.js';
import { GST_STATE_CODES, INDIAN_STATES, stateTaxName } from './states.js';

describe('parseLimit', () => {
  it('reads start-end as offset and page length', () => {
    expect(parseLimit('0-50')).toEqual({ offset: 0, count: 50 });
    expect(parseLimit('50-100')).toEqual({ offset: 50, count: 50 });
  });
  it('tolerates spaces', () => {
    expect(parseLimit(' 1 - 50 ')).toEqual({ offset: 1, count: 49 });
  });
  it('never returns more than a page of 50', () => {
    expect(parseLimit('0-100000')).toEqual({ offset: 0, count: 50 });
  });
  it('refuses text that is not a range, and empty or reversed ranges', () => {
    for (const bad of ['', 'abc', '10', '-5-10', '5-5', '50-10', '1.5-20', '0-50-100']) {
      expect(() => parseLimit(bad)).toThrow(RangeError);
    }
  });
  it('formats the window of a page', () => {
    expect(formatLimit(0)).toBe('0-50');
    expect(formatLimit(100)).toBe('100-150');
  });
});

describe('money', () => {
  it('formats rupees the Indian way', () => {
    expect(formatRupees(123456)).toBe('₹1,23,456');
    expect(formatRupees(999)).toBe('₹999');
    expect(formatRupees(1299.5)).toBe('₹1,299.50');
    expect(formatRupees(12345678.05)).toBe('₹1,23,45,678.05');
    expect(formatRupees(-1500)).toBe('₹-1,500');
    expect(formatRupees(0)).toBe('₹0');
  });
  it('formats rupees exactly as Intl.NumberFormat en-IN does', () => {
    const whole = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
    const withPaise = new Intl.NumberFormat('en-IN', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (let i = 0; i < 5000; i++) {
      const paise = next() % 10 ** (1 + (i % 11));
      const rupees = i % 2 === 0 ? Math.round(paise / 100) : paise / 100;
      const sign = i % 7 === 0 ? -1 : 1;
      const value = sign * rupees + 0; // no -0: Intl prints "-0", we print ₹0
      const fmt = Number.isInteger(value) ? whole : withPaise;
      expect(formatRupees(value), String(value)).toBe(`₹${fmt.format(value)}`);
    }
  });
  it('converts between paise and rupees without float drift', () => {
    expect(rupeesToPaise(19.99)).toBe(1999);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(paiseToRupees(149900)).toBe(1499);
    expect(paiseToDecimalString(149905)).toBe('1499.05');
    expect(paiseToDecimalString(6000)).toBe('60.00');
  });
});

describe('couponDiscountPaise', () => {
  const percent = (value: number, cap: number | null = null) => ({
    kind: 'percent' as const,
    value,
    maxDiscountPaise: cap,
  });
  it('rounds a percent discount up to the next whole rupee', () => {
    // KERALA20 on a ₹1,799 jersey: 20% is ₹359.80, the shopper saves ₹360.
    expect(couponDiscountPaise(percent(20, 50_000), 179_900)).toBe(36_000);
    expect(couponDiscountPaise(percent(10), 129_900)).toBe(13_000);
    expect(couponDiscountPaise(percent(10), 130_000)).toBe(13_000);
    expect(couponDiscountPaise(percent(10), 129_901)).toBe(13_000);
  });
  it('never goes above the cap or what the coupon applies to', () => {
    expect(couponDiscountPaise(percent(20, 50_000), 1_000_000)).toBe(50_000);
    expect(couponDiscountPaise(percent(10, 20_050), 300_000)).toBe(20_000);
    expect(couponDiscountPaise(percent(100), 129_950)).toBe(129_900);
    expect(
      couponDiscountPaise({ kind: 'flat', value: 100_000, maxDiscountPaise: null }, 80_000),
    ).toBe(80_000);
    expect(couponDiscountPaise(percent(50), 50)).toBe(0);
  });
  it('rounds a flat discount of part of a rupee up too', () => {
    expect(
      couponDiscountPaise({ kind: 'flat', value: 15_000, maxDiscountPaise: null }, 99_900),
    ).toBe(15_000);
    expect(
      couponDiscountPaise({ kind: 'flat', value: 15_050, maxDiscountPaise: null }, 99_900),
    ).toBe(15_100);
  });
  it('is a whole number of rupees for every percent and amount', () => {
    for (let value = 1; value <= 100; value += 7) {
      for (let eligible = 1; eligible < 500_000; eligible += 9_973) {
        const d = couponDiscountPaise(percent(value, 50_000), eligible);
        expect(d % 100, `${value}% of ${eligible}`).toBe(0);
        expect(d).toBeLessThanOrEqual(Math.min(50_000, eligible));
        expect(d).toBeGreaterThanOrEqual(
          Math.min(
            Math.floor((eligible * value) / 100),
            Math.floor(Math.min(50_000, eligible) / 100) * 100,
          ),
        );
      }
    }
  });
});

describe('shipping', () => {
  it('charges by state', () => {
    expect(shippingFeeRupees('Kerala')).toBe(60);
    expect(shippingFeeRupees('Tamil Nadu')).toBe(85);
    expect(shippingFeeRupees('Karnataka')).toBe(85);
    expect(shippingFeeRupees('Delhi')).toBe(100);
  });
  it("offers all 36 states and territories, the spec's 32 first in its order", () => {
    expect(INDIAN_STATES).toHaveLength(36);
    expect(new Set(INDIAN_STATES).size).toBe(36);
    expect(INDIAN_STATES.slice(0, 3)).toEqual(['Andhra Pradesh', 'Arunachal Pradesh', 'Assam']);
    expect(INDIAN_STATES[31]).toBe('Puducherry');
    expect(shippingFeeRupees('Chandigarh')).toBe(100);
    expect(shippingFeeRupees('Lakshadweep')).toBe(100);
  });
  it('taxes a supply inside a territory without a legislature with UTGST', () => {
    expect(stateTaxName('Chandigarh')).toBe('UTGST');
    expect(stateTaxName('Ladakh')).toBe('UTGST');
    expect(stateTaxName('Andaman and Nicobar Islands')).toBe('UTGST');
    expect(stateTaxName('Delhi')).toBe('SGST');
    expect(stateTaxName('Puducherry')).toBe('SGST');
    expect(stateTaxName('Kerala')).toBe('SGST');
  });
});

describe('display helpers', () => {
  it('truncates with two dots only when longer', () => {
    expect(truncate('Real Madrid Home Jersey', 15)).toBe('Real Madrid Hom..');
    expect(truncate('Short', 15)).toBe('Short');
    expect(truncate('Exactly12chr', 12)).toBe('Exactly12chr');
  });
  it('rounds the percent off and hides it without a discount', () => {
    expect(discountPercent(1999, 1499)).toBe(25);
    expect(discountPercent(1000, 1000)).toBe(0);
    expect(discountPercent(1000, 1200)).toBe(0);
    expect(discountPercent(0, 0)).toBe(0);
  });
  it('colours ratings', () => {
    expect(ratingColour(2)).toBe('red');
    expect(ratingColour(2.5)).toBe('amber');
    expect(ratingColour(3)).toBe('amber');
    expect(ratingColour(3.1)).toBe('green');
  });
  it("reads a category from 'name = something'", () => {
    expect(categoryNameOf('Club Jerseys = Premier League')).toBe('Club Jerseys');
    expect(categoryNameOf('Retro Jerseys')).toBe('Retro Jerseys');
  });
  it('slugs names', () => {
    expect(slugify('Paris Saint-Germain')).toBe('paris-saint-germain');
    expect(slugify('Lionel  Messi')).toBe('lionel-messi');
  });
});

describe('isValidGstin', () => {
  it('accepts real GSTINs', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('29AAGCB7383J1Z4')).toBe(true);
    expect(isValidGstin(' 27aapfu0939f1zv ')).toBe(true);
  });
  it('refuses a wrong check character or pattern', () => {
    expect(isValidGstin('27AAPFU0939F1ZA')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1Z')).toBe(false);
    expect(isValidGstin('ABCDEFGHIJKLMNO')).toBe(false);
    expect(isValidGstin('')).toBe(false);
  });
});

describe('GST_STATE_CODES', () => {
  it('gives every selectable state its own code, as GSTINs begin', () => {
    expect(Object.keys(GST_STATE_CODES).sort()).toEqual([...INDIAN_STATES].sort());
    expect(new Set(Object.values(GST_STATE_CODES)).size).toBe(INDIAN_STATES.length);
    expect(GST_STATE_CODES.Kerala).toBe('32');
    expect(GST_STATE_CODES.Chandigarh).toBe('04');
    expect(GST_STATE_CODES['Dadra and Nagar Haveli and Daman and Diu']).toBe('26');
    expect(GST_STATE_CODES.Lakshadweep).toBe('31');
    expect(GST_STATE_CODES['Andaman and Nicobar Islands']).toBe('35');
    expect(GST_STATE_CODES.Karnataka).toBe('29');
    expect(GST_STATE_CODES.Maharashtra).toBe('27AAPFU0939F1ZV'.slice(0, 2));
  });
});
