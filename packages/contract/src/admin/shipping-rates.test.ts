import { describe, expect, it } from 'vitest';
import { DEFAULT_SHIPPING_RATES, freeShippingText } from '../shipping-rates.js';
import { ShippingRates } from './shipping-rates.js';

describe('shipping rates', () => {
  it("are the spec's table by default", () => {
    expect(ShippingRates.parse(DEFAULT_SHIPPING_RATES)).toEqual(DEFAULT_SHIPPING_RATES);
    expect(freeShippingText(DEFAULT_SHIPPING_RATES)).toBeNull();
  });

  it('refuse a state in two zones, an unknown state and a negative fee, saying which', () => {
    const twice = ShippingRates.safeParse({
      zones: [
        { label: 'Kerala', states: ['Kerala'], fee_paise: 6000 },
        { label: 'South', states: ['Tamil Nadu', 'Kerala'], fee_paise: 8500 },
      ],
      other_fee_paise: 10000,
      free_above_paise: null,
    });
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0]).toMatchObject({
      path: ['zones', 1, 'states'],
      message: 'Kerala is already in the zone Kerala',
    });
    const bad = ShippingRates.safeParse({
      zones: [{ label: 'X', states: ['Atlantis'], fee_paise: -1 }],
      other_fee_paise: 10000,
      free_above_paise: null,
    });
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      'not an Indian state or Union Territory',
      'zone fee cannot be negative',
    ]);
  });

  it('say when shipping is free', () => {
    expect(freeShippingText({ ...DEFAULT_SHIPPING_RATES, free_above_paise: 199_900 })).toBe(
      'Free shipping on orders of ₹1,999 or more.',
    );
  });
});
