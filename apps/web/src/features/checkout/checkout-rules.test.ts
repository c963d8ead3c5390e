import { DEFAULT_SHIPPING_RATES } from '@kitroom/contract';
import { describe, expect, it } from 'vitest';
import {
  attemptKeeper,
  checkoutLinesOf,
  checkoutQuote,
  formatTotal,
  newIdempotencyKey,
  savedAmount,
} from './checkout-rules';

const line = (price: number, quantity: number) => ({
  product_id: 1,
  price,
  image_url: 'a.webp',
  name: 'Jersey',
  quantity,
  selectedSize: 'M',
});

describe('checkout totals', () => {
  it('adds the state’s shipping once a state is chosen', () => {
    const lines = [line(899, 2), line(1299.5, 1)];
    const none = checkoutQuote(lines, '', null, 0, DEFAULT_SHIPPING_RATES);
    expect([none.subtotalPaise, none.shippingPaise, none.discountPaise, none.totalPaise]).toEqual([
      309750,
      null,
      0,
      309750,
    ]);
    expect(checkoutQuote(lines, 'Kerala', null, 0, DEFAULT_SHIPPING_RATES).shippingPaise).toBe(
      6000,
    );
    expect(checkoutQuote(lines, 'Tamil Nadu', null, 0, DEFAULT_SHIPPING_RATES).shippingPaise).toBe(
      8500,
    );
    expect(checkoutQuote(lines, 'Karnataka', null, 0, DEFAULT_SHIPPING_RATES).shippingPaise).toBe(
      8500,
    );
    expect(checkoutQuote(lines, 'Delhi', null, 0, DEFAULT_SHIPPING_RATES).shippingPaise).toBe(
      10000,
    );
    const coupon = { code: 'SAVE200', discount: 200, lineDiscounts: [116, 84] };
    expect(checkoutQuote(lines, 'Delhi', coupon, 4900, DEFAULT_SHIPPING_RATES).totalPaise).toBe(
      309750 + 10000 - 20000 + 4900,
    );
  });

  it("charges the shop's own rates, free above their amount, and no fee before they are known", () => {
    const lines = [line(900, 2)];
    const rates = {
      zones: [{ label: 'Kerala', states: ['Kerala' as const], fee_paise: 4000 }],
      other_fee_paise: 9000,
      free_above_paise: 150000,
    };
    expect(checkoutQuote([line(900, 1)], 'Kerala', null, 0, rates).shippingPaise).toBe(4000);
    expect(checkoutQuote([line(900, 1)], 'Goa', null, 0, rates).shippingPaise).toBe(9000);
    expect(checkoutQuote(lines, 'Goa', null, 0, rates).shippingPaise).toBe(0);
    expect(checkoutQuote(lines, 'Goa', null, 0, undefined).shippingPaise).toBeNull();
  });

  it('shares a coupon given without shares by value, as the server would', () => {
    const lines = [line(900, 1), line(300, 1)];
    const q = checkoutQuote(
      lines,
      'Kerala',
      { code: 'X', discount: 120, lineDiscounts: null },
      0,
      DEFAULT_SHIPPING_RATES,
    );
    expect(q.lines.map((l) => l.discountPaise)).toEqual([9000, 3000]);
    expect(q.totalPaise).toBe(120000 + 6000 - 12000);
  });

  it('shows the total without decimals and the saving as the spec writes it', () => {
    expect(formatTotal(309700)).toBe('₹3,097');
    // Never rounded: a total with paise is shown as it is charged.
    expect(formatTotal(152420)).toBe('₹1,524.20');
    expect(savedAmount(150)).toBe('₹ 150');
    expect(savedAmount(1250)).toBe('₹ 1,250');
  });

  it('takes only well-formed lines from the navigation state', () => {
    expect(checkoutLinesOf(null)).toEqual([]);
    expect(checkoutLinesOf({ items: [{ product_id: 1 }] })).toEqual([]);
    expect(checkoutLinesOf({ items: [line(899, 1)] })).toEqual([line(899, 1)]);
  });

  it('keeps one idempotency key per attempt', () => {
    expect(newIdempotencyKey()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const keyFor = attemptKeeper();
    const first = keyFor({ amount: 100 });
    expect(keyFor({ amount: 100 })).toBe(first);
    expect(keyFor({ amount: 160 })).not.toBe(first);
  });
});
