import { describe, expect, it } from 'vitest';
import {
  hsnRateWarning,
  inGstAmbiguousBand,
  paiseToRupeesText,
  parseRupeesText,
  ProductSizes,
} from './product-fields.js';

describe('product fields', () => {
  it('reads rupees as people and spreadsheets write them', () => {
    expect(parseRupeesText('1499')).toBe(149_900);
    expect(parseRupeesText('1,499.00')).toBe(149_900);
    expect(parseRupeesText('₹1,499.5')).toBe(149_950);
    expect(parseRupeesText(' 1,00,000 ')).toBe(10_000_000);
    for (const bad of ['', '12.345', '1.2.3', '-5', 'abc', '1,4,99', '1e3']) {
      expect(parseRupeesText(bad), bad).toBeUndefined();
    }
  });

  it('writes paise back as the same rupees', () => {
    for (const paise of [1, 99, 100, 149_900, 149_950, 10_000_000]) {
      expect(parseRupeesText(paiseToRupeesText(paise))).toBe(paise);
    }
    expect(paiseToRupeesText(149_905)).toBe('1499.05');
  });

  it('warns above ₹2,625 (5% then leaves ₹2,500 taxable exactly) up to ₹2,950 inclusive', () => {
    const now = new Date('2026-01-15T06:00:00Z');
    expect(inGstAmbiguousBand(262_500, now)).toBe(false);
    expect(inGstAmbiguousBand(262_501, now)).toBe(true);
    expect(inGstAmbiguousBand(295_000, now)).toBe(true);
    expect(inGstAmbiguousBand(295_001, now)).toBe(false);
  });

  it('warns of an HSN code without a GST rate', () => {
    expect(hsnRateWarning('6109')).toBeNull();
    expect(hsnRateWarning('62114290')).toBeNull();
    expect(hsnRateWarning('4202')).toBe(
      "HSN 4202 has no GST rate in the shop's rate table: orders of this product cannot be invoiced until it has one.",
    );
  });

  it('refuses a size twice, whatever its case', () => {
    const result = ProductSizes.safeParse([
      { size: 'M', stock: 1 },
      { size: 'm', stock: 2 },
    ]);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('each size may appear only once');
  });
});
