import { describe, expect, it } from 'vitest';
import { quoteOrder, type QuoteLineInput } from './quote.js';

const AT = new Date('2026-11-20T06:00:00Z');

const home: QuoteLineInput = {
  productId: 1,
  categoryId: 10,
  description: 'Blasters Home (M)',
  quantity: 2,
  shirtPaise: 1_799_00,
  printPaise: 0,
};
const away: QuoteLineInput = {
  productId: 2,
  categoryId: 20,
  description: 'Blasters Away (L)',
  quantity: 1,
  shirtPaise: 1_499_00,
  printPaise: 299_00,
};

describe('quoteOrder', () => {
  it("adds up pieces, prints, the state's shipping and the COD fee", () => {
    const q = quoteOrder({ lines: [home, away], state: 'Kerala', codFeePaise: 49_00, at: AT });
    expect(q.lines.map((l) => [l.unitPricePaise, l.valuePaise])).toEqual([
      [1_799_00, 3_598_00],
      [1_798_00, 1_798_00],
    ]);
    expect(q.subtotalPaise).toBe(5_396_00);
    expect(q.shippingPaise).toBe(60_00);
    expect(q.totalPaise).toBe(5_396_00 + 60_00 + 49_00);
    expect(q.coupon).toBeNull();
  });

  it('has no shipping until a state is chosen, and then the spec fees', () => {
    expect(quoteOrder({ lines: [home], state: '', at: AT }).shippingPaise).toBeNull();
    expect(quoteOrder({ lines: [home], state: '', at: AT }).totalPaise).toBe(3_598_00);
    expect(quoteOrder({ lines: [home], state: 'Tamil Nadu', at: AT }).shippingPaise).toBe(85_00);
    expect(quoteOrder({ lines: [home], state: 'Goa', at: AT }).shippingPaise).toBe(100_00);
  });

  it('keeps the shipping a placed order was quoted', () => {
    const q = quoteOrder({ lines: [home], state: 'Goa', shippingPaise: 0, at: AT });
    expect(q.shippingPaise).toBe(0);
    expect(q.totalPaise).toBe(3_598_00);
  });

  it('shares a restricted percent coupon over the lines it applies to, by value, in whole rupees', () => {
    const q = quoteOrder({
      lines: [home, away],
      state: 'Kerala',
      coupon: {
        rule: {
          code: 'HOME20',
          terms: { kind: 'percent', value: 20, maxDiscountPaise: null },
          productIds: [1],
          categoryIds: [],
          minOrderPaise: 0,
        },
      },
      at: AT,
    });
    // 20% of ₹3,598 is ₹719.60: the shopper's favour rounds it up to ₹720, all on line 1.
    expect(q.coupon).toEqual({ ok: true, code: 'HOME20', discountPaise: 720_00 });
    expect(q.lines.map((l) => l.discountPaise)).toEqual([720_00, 0]);
    expect(q.totalPaise).toBe(5_396_00 + 60_00 - 720_00);
  });

  it('refuses a coupon below its minimum or on nothing it applies to, and quotes without it', () => {
    const rule = {
      code: 'BIG',
      terms: { kind: 'flat' as const, value: 500_00, maxDiscountPaise: null },
      productIds: [],
      categoryIds: [],
      minOrderPaise: 9_999_00,
    };
    const below = quoteOrder({ lines: [home], state: 'Kerala', coupon: { rule }, at: AT });
    expect(below.coupon).toEqual({
      ok: false,
      code: 'BIG',
      error: 'Add items worth ₹9,999 or more to use this coupon.',
    });
    expect(below.totalPaise).toBe(3_598_00 + 60_00);
    const elsewhere = quoteOrder({
      lines: [home],
      state: 'Kerala',
      coupon: { rule: { ...rule, minOrderPaise: 0, categoryIds: [99] } },
      at: AT,
    });
    expect(elsewhere.coupon).toMatchObject({
      ok: false,
      error: 'This coupon does not apply to the items in your order.',
    });
    expect(elsewhere.discountPaise).toBe(0);
  });

  it("takes a placed order's shares as they are, and refuses shares that do not fit the lines", () => {
    const kept = quoteOrder({
      lines: [home, away],
      state: 'Kerala',
      coupon: { lineDiscountsPaise: [300_00, 151_00] },
      at: AT,
    });
    expect(kept.discountPaise).toBe(451_00);
    expect(kept.totalPaise).toBe(5_396_00 + 60_00 - 451_00);
    const stale = quoteOrder({
      lines: [home],
      state: 'Kerala',
      coupon: { code: 'OLD', lineDiscountsPaise: [300_00, 151_00] },
      at: AT,
    });
    expect(stale.coupon).toMatchObject({ ok: false, code: 'OLD' });
    expect(stale.totalPaise).toBe(3_598_00 + 60_00);
  });

  it('splits the GST line by line, and its lines add up to the total to the paisa', () => {
    const q = quoteOrder({
      lines: [home, away],
      state: 'Kerala',
      sellerState: 'Kerala',
      codFeePaise: 49_00,
      coupon: { lineDiscountsPaise: [333_33, 0] },
      at: AT,
    });
    expect(q.tax).not.toBeNull();
    expect(q.tax!.supplyType).toBe('intra');
    expect(q.tax!.totalPaise).toBe(q.totalPaise);
    expect(q.tax!.lines.map((l) => l.kind)).toEqual(['goods', 'goods', 'shipping', 'cod_fee']);
    expect(q.gstPaise).toBe(q.tax!.cgstPaise + q.tax!.sgstPaise);
    const inter = quoteOrder({ lines: [home], state: 'Goa', sellerState: 'Kerala', at: AT });
    expect(inter.tax!.supplyType).toBe('inter');
  });

  it("without the shop's state, the GST included as IGST and no breakdown", () => {
    const q = quoteOrder({ lines: [home], state: 'Kerala', at: AT });
    expect(q.tax).toBeNull();
    // ₹1,799 a piece is at 5%: (3,598 + 60) × 5/105.
    expect(q.gstPaise).toBe(Math.round((3_658_00 * 5) / 105));
    expect(q.taxProblem).toBeNull();
  });

  it('says why the GST cannot be worked out, and still quotes the total', () => {
    const q = quoteOrder({ lines: [{ ...home, hsn: '9999' }], state: 'Kerala', at: AT });
    expect(q.gstPaise).toBeNull();
    expect(q.taxProblem).toContain('HSN code 9999');
    expect(q.totalPaise).toBe(3_658_00);
  });
});

describe('quoteOrder with the shop’s shipping rates', () => {
  const rates = {
    zones: [{ label: 'South', states: ['Kerala' as const, 'Goa' as const], fee_paise: 40_00 }],
    other_fee_paise: 120_00,
    free_above_paise: 3_000_00,
  };

  it("charges the state's zone, or the fee for other states", () => {
    const small = { ...home, quantity: 1 };
    expect(quoteOrder({ lines: [small], state: 'Goa', rates, at: AT }).shippingPaise).toBe(40_00);
    expect(quoteOrder({ lines: [small], state: 'Delhi', rates, at: AT }).shippingPaise).toBe(
      120_00,
    );
  });

  it('ships free from the amount on, counted after the coupon', () => {
    expect(quoteOrder({ lines: [home], state: 'Delhi', rates, at: AT }).shippingPaise).toBe(0);
    // ₹3,598 less ₹600 is ₹2,998: below ₹3,000, so shipping is charged.
    const discounted = quoteOrder({
      lines: [home],
      state: 'Delhi',
      rates,
      coupon: { lineDiscountsPaise: [600_00] },
      at: AT,
    });
    expect(discounted.shippingPaise).toBe(120_00);
    expect(discounted.totalPaise).toBe(3_598_00 - 600_00 + 120_00);
  });
});
