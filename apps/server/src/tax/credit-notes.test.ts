// What a credit note reverses, worked from invoice lines by hand: per-piece amounts rounded
// down, the completing piece takes the remainder, an order line split over two rates gives its
// pieces from the first line first, and nothing is reversed twice.
import { describe, expect, it } from 'vitest';
import {
  creditNoteLines,
  creditNoteTotalPaise,
  lineKey,
  returnedPiecesPaise,
  type Reversed,
} from './credit-notes.js';
import type { TaxLine } from './tax.types.js';

const line = (o: Partial<TaxLine>): TaxLine => ({
  kind: 'goods',
  orderItemId: 1,
  description: 'Jersey (M)',
  hsn: '6109',
  quantity: 1,
  unit: 'PCS',
  unitPricePaise: 0,
  valuePaise: 0,
  discountPaise: 0,
  taxablePaise: 0,
  rateBp: 500,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 0,
  totalPaise: 0,
  ...o,
});

// Order line 7: 3 × ₹2,700 less ₹600 coupon, inter-state, written as the computation splits
// it: 1 piece at 18% (₹2,499.99 after ₹200.01 off: taxable 2118.64, IGST 381.35) and 2 at 5%
// (₹5,000.01 after ₹399.99 off: taxable 4761.91, IGST 238.10); shipping ₹100 at 18%.
const split = [
  line({
    orderItemId: 7,
    quantity: 1,
    unitPricePaise: 270_000,
    valuePaise: 270_000,
    discountPaise: 20_001,
    taxablePaise: 211_864,
    rateBp: 1800,
    igstPaise: 38_135,
    totalPaise: 249_999,
  }),
  line({
    orderItemId: 7,
    quantity: 2,
    unitPricePaise: 270_000,
    valuePaise: 540_000,
    discountPaise: 39_999,
    taxablePaise: 476_191,
    rateBp: 500,
    igstPaise: 23_810,
    totalPaise: 500_001,
  }),
  line({
    kind: 'shipping',
    orderItemId: null,
    unit: 'OTH',
    unitPricePaise: 10_000,
    valuePaise: 10_000,
    taxablePaise: 8_475,
    rateBp: 1800,
    igstPaise: 1_525,
    totalPaise: 10_000,
  }),
];

const none = new Map<string, Reversed>();

function after(lines: TaxLine[]): Map<string, Reversed> {
  const m = new Map<string, Reversed>();
  for (const l of lines) {
    const { quantity, valuePaise, discountPaise, taxablePaise, cgstPaise, sgstPaise } = l;
    const { igstPaise, totalPaise } = l;
    m.set(lineKey(l), {
      quantity,
      valuePaise,
      discountPaise,
      taxablePaise,
      cgstPaise,
      sgstPaise,
      igstPaise,
      totalPaise,
    });
  }
  return m;
}

describe('credit note lines', () => {
  it('take a split order line’s pieces from its first line, then per piece', () => {
    const two = creditNoteLines(split, none, { kind: 'pieces', pieces: new Map([[7, 2]]) }, false);
    // The 18% piece whole (the line's only piece), then one 5% piece: 2700.00 − 199.99
    // (39999 / 2 rounded down), taxable 2380.95, IGST the rest: 2500.01 − 2380.95 = 119.06.
    expect(two).toEqual([
      split[0],
      {
        ...split[1],
        quantity: 1,
        valuePaise: 270_000,
        discountPaise: 19_999,
        taxablePaise: 238_095,
        igstPaise: 11_906,
        totalPaise: 250_001,
      },
    ]);
    // The last piece: the remainder of the 5% line, exactly.
    const last = creditNoteLines(split, after(two), { kind: 'everything' }, false);
    expect(last).toEqual([
      {
        ...split[1],
        quantity: 1,
        valuePaise: 270_000,
        discountPaise: 20_000,
        taxablePaise: 238_096,
        igstPaise: 11_904,
        totalPaise: 250_000,
      },
      split[2],
    ]);
  });

  it('reverse everything once: a second full reversal has no lines', () => {
    const all = creditNoteLines(split, none, { kind: 'everything' }, false);
    expect(all).toEqual(split);
    expect(creditNoteLines(split, after(all), { kind: 'everything' }, false)).toEqual([]);
    expect(
      creditNoteLines(split, after(all), { kind: 'pieces', pieces: new Map([[7, 1]]) }, false),
    ).toEqual([]);
  });

  it('split a piece’s tax into equal CGST and SGST within the state, the rest taxable', () => {
    // 3 × ₹1,299 in Kerala: 389700 / 1.05 = 371142.86 → 371143, tax 18557 is odd, so CGST =
    // SGST = 9278 and the taxable value 389700 − 18556 = 371144.
    const kerala = line({
      quantity: 3,
      unitPricePaise: 129_900,
      valuePaise: 389_700,
      taxablePaise: 371_144,
      cgstPaise: 9_278,
      sgstPaise: 9_278,
      totalPaise: 389_700,
    });
    const one = creditNoteLines(
      [kerala],
      none,
      { kind: 'pieces', pieces: new Map([[1, 1]]) },
      true,
    );
    // A piece: 9278 / 3 → 3092 each, taxable 129900 − 6184 = 123716.
    expect(one[0]).toMatchObject({ taxablePaise: 123_716, cgstPaise: 3_092, sgstPaise: 3_092 });
    // The other two: the rest, 9278 − 3092 = 6186 each and 371144 − 123716 = 247428 taxable.
    expect(creditNoteLines([kerala], after(one), { kind: 'everything' }, true)).toEqual([
      {
        ...kerala,
        quantity: 2,
        valuePaise: 259_800,
        totalPaise: 259_800,
        taxablePaise: 247_428,
        cgstPaise: 6_186,
        sgstPaise: 6_186,
      },
    ]);
  });
});

describe('what a return gives back (returnedPiecesPaise)', () => {
  // A coupon limited to line 1: ₹200 off a printed ₹1,299 shirt with a ₹500 name (₹1,799 a
  // piece; ₹1,599 after the coupon, 5%: taxable round(159900 / 1.05) = 152286, IGST 7614).
  // Line 2: 2 × ₹2,950.01, no coupon, 18% (the band): 5900.02, taxable
  // round(590002 / 1.18) = 500002, IGST 90000. Shipping ₹100 at 18%.
  const restricted = [
    line({
      orderItemId: 1,
      quantity: 1,
      unitPricePaise: 179_900,
      valuePaise: 179_900,
      discountPaise: 20_000,
      taxablePaise: 152_286,
      igstPaise: 7_614,
      totalPaise: 159_900,
    }),
    line({
      orderItemId: 2,
      quantity: 2,
      unitPricePaise: 295_001,
      valuePaise: 590_002,
      taxablePaise: 500_002,
      rateBp: 1800,
      igstPaise: 90_000,
      totalPaise: 590_002,
    }),
    split[2]!,
  ];

  it('an undiscounted shirt gives back its whole price, none of another line’s coupon', () => {
    // One of line 2: taxable 500002 / 2 = 250001, IGST 295001 − 250001 = 45000.
    expect(returnedPiecesPaise(restricted, none, new Map([[2, 1]]), false)).toBe(295_001);
    // The printed shirt: its price with the print, less its own coupon: 1799 − 200 = 1599.00.
    expect(returnedPiecesPaise(restricted, none, new Map([[1, 1]]), false)).toBe(159_900);
  });

  it('is the total of the credit note that reverses the same pieces, parts adding to the line', () => {
    // 3 × ₹1,299 with ₹50.01 of an unrestricted coupon, in Kerala: 384699 / 1.05 = 366380,
    // tax 18319, CGST = SGST = 9159, taxable 366381. A piece gives back 1299.00 − 16.67
    // (5001 / 3 rounded down) = 1282.33; the two left 3846.99 − 1282.33 = 2564.66.
    const kerala = line({
      orderItemId: 4,
      quantity: 3,
      unitPricePaise: 129_900,
      valuePaise: 389_700,
      discountPaise: 5_001,
      taxablePaise: 366_381,
      cgstPaise: 9_159,
      sgstPaise: 9_159,
      totalPaise: 384_699,
    });
    const one = new Map([[4, 1]]);
    expect(returnedPiecesPaise([kerala], none, one, true)).toBe(128_233);
    const note = creditNoteLines([kerala], none, { kind: 'pieces', pieces: one }, true);
    expect(creditNoteTotalPaise(note)).toBe(128_233);
    expect(returnedPiecesPaise([kerala], after(note), new Map([[4, 2]]), true)).toBe(256_466);
    expect(128_233 + 256_466).toBe(kerala.totalPaise);
  });
});
