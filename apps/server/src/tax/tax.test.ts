// The GST computation (decision 025) against amounts worked out by hand: the matrix,
// the rate change, the ambiguous band, pieces of one line on two rates, mixed-rate shipping,
// the coupon's allocation, refusals, and sums over many random orders.
import { describe, expect, it } from 'vitest';
import {
  allocateInProportion,
  computeOrderTax,
  GstNotComputable,
  gstOf,
  includedGstPaise,
  priceInAmbiguousBand,
} from './tax.js';
import type { TaxInput, TaxInputLine, TaxLine } from './tax.types.js';

const AFTER = new Date('2025-10-01T06:00:00Z');

function goods(over: Partial<TaxInputLine> = {}): TaxInputLine {
  return {
    orderItemId: 1,
    kind: 'goods',
    description: 'Kerala Blasters Home (M)',
    hsn: '6109',
    quantity: 1,
    unitPricePaise: 249_900,
    discountPaise: null,
    ...over,
  };
}

function order(over: Partial<TaxInput> = {}): TaxInput {
  return {
    lines: [goods()],
    discountPaise: 0,
    shippingPaise: 6000,
    sellerState: 'Kerala',
    deliveryState: 'Kerala',
    at: AFTER,
    ...over,
  };
}

/** [quantity, discount, rate, taxable, cgst, sgst, igst] of a goods line. */
type GoodsRow = [number, number, number, number, number, number, number];
/** [rate, taxable, cgst, sgst, igst] of the shipping line. */
type ShippingRow = [number, number, number, number, number];
type Case = [
  number,
  'none' | 'flat' | 'percent',
  'Kerala' | 'Karnataka',
  number,
  number,
  GoodsRow[],
  ShippingRow,
  number,
];

// Worked by hand (the shop is in Kerala; shipping ₹60 to Kerala, ₹85 to Karnataka; the flat
// coupon is ₹200, the percent one 10% rounded up to the rupee). Columns: inclusive price
// (₹), coupon, delivery state, pieces, the coupon's discount (paise), goods lines, shipping,
// the order's total. For example ₹2,499 × 1 to Kerala: 249900 × 100/105 = 238000 taxable,
// 11900 tax, 5950 + 5950; shipping 6000 × 100/105 = 5714.29 → 5714, tax 286 = 143 + 143.
// ₹2,626 × 1 to Karnataka: 5% would leave 250095 taxable (above ₹2,500), so 18%:
// 262600 / 1.18 = 222542.37 → 222542, IGST 40058; shipping at 18%: 8500 / 1.18 → 7203, 1297.
// ₹2,950 less 10% (₹295) is ₹2,655 a piece, in the band: 18%. Within Kerala CGST and SGST
// are equal halves and the taxable value takes an odd paisa (decision 055): ₹2,500 × 1,
// 250000 / 1.05 = 238095.24 → 238095, tax 11905, so CGST = SGST = 5952 and taxable 238096;
// shipping at 18%: 6000 / 1.18 → 5085, tax 915, so 457 + 457 and taxable 5086.
// prettier-ignore
const MATRIX: Case[] = [
  [2499, 'none', 'Kerala', 1, 0, [[1, 0, 500, 238000, 5950, 5950, 0]], [500, 5714, 143, 143, 0], 255900],
  [2499, 'none', 'Kerala', 3, 0, [[3, 0, 500, 714000, 17850, 17850, 0]], [500, 5714, 143, 143, 0], 755700],
  [2499, 'none', 'Karnataka', 1, 0, [[1, 0, 500, 238000, 0, 0, 11900]], [500, 8095, 0, 0, 405], 258400],
  [2499, 'none', 'Karnataka', 3, 0, [[3, 0, 500, 714000, 0, 0, 35700]], [500, 8095, 0, 0, 405], 758200],
  [2499, 'flat', 'Kerala', 1, 20000, [[1, 20000, 500, 218952, 5474, 5474, 0]], [500, 5714, 143, 143, 0], 235900],
  [2499, 'flat', 'Kerala', 3, 20000, [[3, 20000, 500, 694952, 17374, 17374, 0]], [500, 5714, 143, 143, 0], 735700],
  [2499, 'flat', 'Karnataka', 1, 20000, [[1, 20000, 500, 218952, 0, 0, 10948]], [500, 8095, 0, 0, 405], 238400],
  [2499, 'flat', 'Karnataka', 3, 20000, [[3, 20000, 500, 694952, 0, 0, 34748]], [500, 8095, 0, 0, 405], 738200],
  [2499, 'percent', 'Kerala', 1, 25000, [[1, 25000, 500, 214190, 5355, 5355, 0]], [500, 5714, 143, 143, 0], 230900],
  [2499, 'percent', 'Kerala', 3, 75000, [[3, 75000, 500, 642572, 16064, 16064, 0]], [500, 5714, 143, 143, 0], 680700],
  [2499, 'percent', 'Karnataka', 1, 25000, [[1, 25000, 500, 214190, 0, 0, 10710]], [500, 8095, 0, 0, 405], 233400],
  [2499, 'percent', 'Karnataka', 3, 75000, [[3, 75000, 500, 642571, 0, 0, 32129]], [500, 8095, 0, 0, 405], 683200],
  [2500, 'none', 'Kerala', 1, 0, [[1, 0, 500, 238096, 5952, 5952, 0]], [500, 5714, 143, 143, 0], 256000],
  [2500, 'none', 'Kerala', 3, 0, [[3, 0, 500, 714286, 17857, 17857, 0]], [500, 5714, 143, 143, 0], 756000],
  [2500, 'none', 'Karnataka', 1, 0, [[1, 0, 500, 238095, 0, 0, 11905]], [500, 8095, 0, 0, 405], 258500],
  [2500, 'none', 'Karnataka', 3, 0, [[3, 0, 500, 714286, 0, 0, 35714]], [500, 8095, 0, 0, 405], 758500],
  [2500, 'flat', 'Kerala', 1, 20000, [[1, 20000, 500, 219048, 5476, 5476, 0]], [500, 5714, 143, 143, 0], 236000],
  [2500, 'flat', 'Kerala', 3, 20000, [[3, 20000, 500, 695238, 17381, 17381, 0]], [500, 5714, 143, 143, 0], 736000],
  [2500, 'flat', 'Karnataka', 1, 20000, [[1, 20000, 500, 219048, 0, 0, 10952]], [500, 8095, 0, 0, 405], 238500],
  [2500, 'flat', 'Karnataka', 3, 20000, [[3, 20000, 500, 695238, 0, 0, 34762]], [500, 8095, 0, 0, 405], 738500],
  [2500, 'percent', 'Kerala', 1, 25000, [[1, 25000, 500, 214286, 5357, 5357, 0]], [500, 5714, 143, 143, 0], 231000],
  [2500, 'percent', 'Kerala', 3, 75000, [[3, 75000, 500, 642858, 16071, 16071, 0]], [500, 5714, 143, 143, 0], 681000],
  [2500, 'percent', 'Karnataka', 1, 25000, [[1, 25000, 500, 214286, 0, 0, 10714]], [500, 8095, 0, 0, 405], 233500],
  [2500, 'percent', 'Karnataka', 3, 75000, [[3, 75000, 500, 642857, 0, 0, 32143]], [500, 8095, 0, 0, 405], 683500],
  [2625, 'none', 'Kerala', 1, 0, [[1, 0, 500, 250000, 6250, 6250, 0]], [500, 5714, 143, 143, 0], 268500],
  [2625, 'none', 'Kerala', 3, 0, [[3, 0, 500, 750000, 18750, 18750, 0]], [500, 5714, 143, 143, 0], 793500],
  [2625, 'none', 'Karnataka', 1, 0, [[1, 0, 500, 250000, 0, 0, 12500]], [500, 8095, 0, 0, 405], 271000],
  [2625, 'none', 'Karnataka', 3, 0, [[3, 0, 500, 750000, 0, 0, 37500]], [500, 8095, 0, 0, 405], 796000],
  [2625, 'flat', 'Kerala', 1, 20000, [[1, 20000, 500, 230952, 5774, 5774, 0]], [500, 5714, 143, 143, 0], 248500],
  [2625, 'flat', 'Kerala', 3, 20000, [[3, 20000, 500, 730952, 18274, 18274, 0]], [500, 5714, 143, 143, 0], 773500],
  [2625, 'flat', 'Karnataka', 1, 20000, [[1, 20000, 500, 230952, 0, 0, 11548]], [500, 8095, 0, 0, 405], 251000],
  [2625, 'flat', 'Karnataka', 3, 20000, [[3, 20000, 500, 730952, 0, 0, 36548]], [500, 8095, 0, 0, 405], 776000],
  [2625, 'percent', 'Kerala', 1, 26300, [[1, 26300, 500, 224952, 5624, 5624, 0]], [500, 5714, 143, 143, 0], 242200],
  [2625, 'percent', 'Kerala', 3, 78800, [[3, 78800, 500, 674952, 16874, 16874, 0]], [500, 5714, 143, 143, 0], 714700],
  [2625, 'percent', 'Karnataka', 1, 26300, [[1, 26300, 500, 224952, 0, 0, 11248]], [500, 8095, 0, 0, 405], 244700],
  [2625, 'percent', 'Karnataka', 3, 78800, [[3, 78800, 500, 674952, 0, 0, 33748]], [500, 8095, 0, 0, 405], 717200],
  [2626, 'none', 'Kerala', 1, 0, [[1, 0, 1800, 222542, 20029, 20029, 0]], [1800, 5086, 457, 457, 0], 268600],
  [2626, 'none', 'Kerala', 3, 0, [[3, 0, 1800, 667628, 60086, 60086, 0]], [1800, 5086, 457, 457, 0], 793800],
  [2626, 'none', 'Karnataka', 1, 0, [[1, 0, 1800, 222542, 0, 0, 40058]], [1800, 7203, 0, 0, 1297], 271100],
  [2626, 'none', 'Karnataka', 3, 0, [[3, 0, 1800, 667627, 0, 0, 120173]], [1800, 7203, 0, 0, 1297], 796300],
  [2626, 'flat', 'Kerala', 1, 20000, [[1, 20000, 500, 231048, 5776, 5776, 0]], [500, 5714, 143, 143, 0], 248600],
  [2626, 'flat', 'Kerala', 3, 20000, [[3, 20000, 500, 731238, 18281, 18281, 0]], [500, 5714, 143, 143, 0], 773800],
  [2626, 'flat', 'Karnataka', 1, 20000, [[1, 20000, 500, 231048, 0, 0, 11552]], [500, 8095, 0, 0, 405], 251100],
  [2626, 'flat', 'Karnataka', 3, 20000, [[3, 20000, 500, 731238, 0, 0, 36562]], [500, 8095, 0, 0, 405], 776300],
  [2626, 'percent', 'Kerala', 1, 26300, [[1, 26300, 500, 225048, 5626, 5626, 0]], [500, 5714, 143, 143, 0], 242300],
  [2626, 'percent', 'Kerala', 3, 78800, [[3, 78800, 500, 675238, 16881, 16881, 0]], [500, 5714, 143, 143, 0], 715000],
  [2626, 'percent', 'Karnataka', 1, 26300, [[1, 26300, 500, 225048, 0, 0, 11252]], [500, 8095, 0, 0, 405], 244800],
  [2626, 'percent', 'Karnataka', 3, 78800, [[3, 78800, 500, 675238, 0, 0, 33762]], [500, 8095, 0, 0, 405], 717500],
  [2950, 'none', 'Kerala', 1, 0, [[1, 0, 1800, 250000, 22500, 22500, 0]], [1800, 5086, 457, 457, 0], 301000],
  [2950, 'none', 'Kerala', 3, 0, [[3, 0, 1800, 750000, 67500, 67500, 0]], [1800, 5086, 457, 457, 0], 891000],
  [2950, 'none', 'Karnataka', 1, 0, [[1, 0, 1800, 250000, 0, 0, 45000]], [1800, 7203, 0, 0, 1297], 303500],
  [2950, 'none', 'Karnataka', 3, 0, [[3, 0, 1800, 750000, 0, 0, 135000]], [1800, 7203, 0, 0, 1297], 893500],
  [2950, 'flat', 'Kerala', 1, 20000, [[1, 20000, 1800, 233052, 20974, 20974, 0]], [1800, 5086, 457, 457, 0], 281000],
  [2950, 'flat', 'Kerala', 3, 20000, [[3, 20000, 1800, 733052, 65974, 65974, 0]], [1800, 5086, 457, 457, 0], 871000],
  [2950, 'flat', 'Karnataka', 1, 20000, [[1, 20000, 1800, 233051, 0, 0, 41949]], [1800, 7203, 0, 0, 1297], 283500],
  [2950, 'flat', 'Karnataka', 3, 20000, [[3, 20000, 1800, 733051, 0, 0, 131949]], [1800, 7203, 0, 0, 1297], 873500],
  [2950, 'percent', 'Kerala', 1, 29500, [[1, 29500, 1800, 225000, 20250, 20250, 0]], [1800, 5086, 457, 457, 0], 271500],
  [2950, 'percent', 'Kerala', 3, 88500, [[3, 88500, 1800, 675000, 60750, 60750, 0]], [1800, 5086, 457, 457, 0], 802500],
  [2950, 'percent', 'Karnataka', 1, 29500, [[1, 29500, 1800, 225000, 0, 0, 40500]], [1800, 7203, 0, 0, 1297], 274000],
  [2950, 'percent', 'Karnataka', 3, 88500, [[3, 88500, 1800, 675000, 0, 0, 121500]], [1800, 7203, 0, 0, 1297], 805000],
  [2951, 'none', 'Kerala', 1, 0, [[1, 0, 1800, 250086, 22507, 22507, 0]], [1800, 5086, 457, 457, 0], 301100],
  [2951, 'none', 'Kerala', 3, 0, [[3, 0, 1800, 750254, 67523, 67523, 0]], [1800, 5086, 457, 457, 0], 891300],
  [2951, 'none', 'Karnataka', 1, 0, [[1, 0, 1800, 250085, 0, 0, 45015]], [1800, 7203, 0, 0, 1297], 303600],
  [2951, 'none', 'Karnataka', 3, 0, [[3, 0, 1800, 750254, 0, 0, 135046]], [1800, 7203, 0, 0, 1297], 893800],
  [2951, 'flat', 'Kerala', 1, 20000, [[1, 20000, 1800, 233136, 20982, 20982, 0]], [1800, 5086, 457, 457, 0], 281100],
  [2951, 'flat', 'Kerala', 3, 20000, [[3, 20000, 1800, 733306, 65997, 65997, 0]], [1800, 5086, 457, 457, 0], 871300],
  [2951, 'flat', 'Karnataka', 1, 20000, [[1, 20000, 1800, 233136, 0, 0, 41964]], [1800, 7203, 0, 0, 1297], 283600],
  [2951, 'flat', 'Karnataka', 3, 20000, [[3, 20000, 1800, 733305, 0, 0, 131995]], [1800, 7203, 0, 0, 1297], 873800],
  [2951, 'percent', 'Kerala', 1, 29600, [[1, 29600, 1800, 225000, 20250, 20250, 0]], [1800, 5086, 457, 457, 0], 271500],
  [2951, 'percent', 'Kerala', 3, 88600, [[3, 88600, 1800, 675170, 60765, 60765, 0]], [1800, 5086, 457, 457, 0], 802700],
  [2951, 'percent', 'Karnataka', 1, 29600, [[1, 29600, 1800, 225000, 0, 0, 40500]], [1800, 7203, 0, 0, 1297], 274000],
  [2951, 'percent', 'Karnataka', 3, 88600, [[3, 88600, 1800, 675169, 0, 0, 121531]], [1800, 7203, 0, 0, 1297], 805200],
  [3499, 'none', 'Kerala', 1, 0, [[1, 0, 1800, 296526, 26687, 26687, 0]], [1800, 5086, 457, 457, 0], 355900],
  [3499, 'none', 'Kerala', 3, 0, [[3, 0, 1800, 889576, 80062, 80062, 0]], [1800, 5086, 457, 457, 0], 1055700],
  [3499, 'none', 'Karnataka', 1, 0, [[1, 0, 1800, 296525, 0, 0, 53375]], [1800, 7203, 0, 0, 1297], 358400],
  [3499, 'none', 'Karnataka', 3, 0, [[3, 0, 1800, 889576, 0, 0, 160124]], [1800, 7203, 0, 0, 1297], 1058200],
  [3499, 'flat', 'Kerala', 1, 20000, [[1, 20000, 1800, 279576, 25162, 25162, 0]], [1800, 5086, 457, 457, 0], 335900],
  [3499, 'flat', 'Kerala', 3, 20000, [[3, 20000, 1800, 872628, 78536, 78536, 0]], [1800, 5086, 457, 457, 0], 1035700],
  [3499, 'flat', 'Karnataka', 1, 20000, [[1, 20000, 1800, 279576, 0, 0, 50324]], [1800, 7203, 0, 0, 1297], 338400],
  [3499, 'flat', 'Karnataka', 3, 20000, [[3, 20000, 1800, 872627, 0, 0, 157073]], [1800, 7203, 0, 0, 1297], 1038200],
  [3499, 'percent', 'Kerala', 1, 35000, [[1, 35000, 1800, 266864, 24018, 24018, 0]], [1800, 5086, 457, 457, 0], 320900],
  [3499, 'percent', 'Kerala', 3, 105000, [[3, 105000, 1800, 800594, 72053, 72053, 0]], [1800, 5086, 457, 457, 0], 950700],
  [3499, 'percent', 'Karnataka', 1, 35000, [[1, 35000, 1800, 266864, 0, 0, 48036]], [1800, 7203, 0, 0, 1297], 323400],
  [3499, 'percent', 'Karnataka', 3, 105000, [[3, 105000, 1800, 800593, 0, 0, 144107]], [1800, 7203, 0, 0, 1297], 953200],
];

function pick(l: TaxLine): GoodsRow {
  return [
    l.quantity,
    l.discountPaise,
    l.rateBp,
    l.taxablePaise,
    l.cgstPaise,
    l.sgstPaise,
    l.igstPaise,
  ];
}

describe('computeOrderTax: the worked matrix', () => {
  it.each(MATRIX)(
    '₹%i, coupon %s, to %s × %i',
    (rupees, _coupon, state, pieces, discount, goodsRows, shipping, total) => {
      const input = order({
        lines: [goods({ quantity: pieces, unitPricePaise: rupees * 100 })],
        discountPaise: discount,
        shippingPaise: state === 'Kerala' ? 6000 : 8500,
        deliveryState: state,
      });
      const b = computeOrderTax(input);
      expect(b.supplyType).toBe(state === 'Kerala' ? 'intra' : 'inter');
      expect(b.placeOfSupply).toBe(state);
      expect(b.placeOfSupplyCode).toBe(state === 'Kerala' ? '32' : '29');
      const goodsLines = b.lines.filter((l) => l.kind === 'goods');
      expect(goodsLines.map(pick)).toEqual(goodsRows);
      const ship = b.lines.find((l) => l.kind === 'shipping')!;
      expect([
        ship.rateBp,
        ship.taxablePaise,
        ship.cgstPaise,
        ship.sgstPaise,
        ship.igstPaise,
      ]).toEqual(shipping);
      expect(ship.hsn).toBe('6109');
      expect(b.totalPaise).toBe(total);
      expect(b.taxablePaise + b.cgstPaise + b.sgstPaise + b.igstPaise).toBe(total);
      // What the checkout summary shows as the GST included: the tax as IGST charges it (the
      // same order to Karnataka's rows); within Kerala the odd paisa went to the taxable value.
      const gst = [
        ...goodsRows.map((g) => g[4] + g[5] + g[6]),
        shipping[2] + shipping[3] + shipping[4],
      ].reduce((a, x) => a + x, 0);
      expect(includedGstPaise(input)).toBe(
        state === 'Karnataka'
          ? gst
          : gstOf(computeOrderTax({ ...input, deliveryState: 'Karnataka' })),
      );
      // The same order with the line's discount kept at checkout gives the same lines.
      const kept = computeOrderTax({
        ...input,
        lines: [goods({ ...input.lines[0], discountPaise: discount })],
      });
      expect(kept).toEqual(b);
    },
  );
});

describe('computeOrderTax: rates by date', () => {
  // The new rates start on 22 September 2025 in India: 18:30 UTC on the 21st.
  const lastOld = new Date('2025-09-21T18:29:59Z');
  const firstNew = new Date('2025-09-21T18:30:00Z');
  const rateOf = (paise: number, at: Date) =>
    computeOrderTax(order({ lines: [goods({ unitPricePaise: paise })], at })).lines[0]!.rateBp;

  it('₹1,500 a piece is 12% on 21 September 2025 and 5% on the 22nd', () => {
    expect(rateOf(150_000, lastOld)).toBe(1200);
    expect(rateOf(150_000, firstNew)).toBe(500);
    // 150000 × 100/112 = 133928.57 → 16071 tax on the 21st, odd: ₹80.35 each half, and the
    // taxable value takes the odd paisa (133930).
    const b = computeOrderTax(order({ lines: [goods({ unitPricePaise: 150_000 })], at: lastOld }));
    expect(b.lines[0]).toMatchObject({ taxablePaise: 133_930, cgstPaise: 8035, sgstPaise: 8035 });
  });

  it('before: 5% up to ₹1,050 inclusive (₹1,000 taxable), 12% a paisa above', () => {
    expect(rateOf(105_000, lastOld)).toBe(500);
    expect(rateOf(105_001, lastOld)).toBe(1200);
  });

  it('after: 5% up to ₹2,625 inclusive (₹2,500 taxable), 18% a paisa above', () => {
    expect(rateOf(262_500, firstNew)).toBe(500);
    expect(rateOf(262_501, firstNew)).toBe(1800);
  });
});

describe('priceInAmbiguousBand', () => {
  it('is ₹2,625.01 to ₹2,950 since 22 September 2025', () => {
    expect(priceInAmbiguousBand(262_500, AFTER)).toBe(false);
    expect(priceInAmbiguousBand(262_501, AFTER)).toBe(true);
    expect(priceInAmbiguousBand(280_000, AFTER)).toBe(true);
    expect(priceInAmbiguousBand(295_000, AFTER)).toBe(true);
    expect(priceInAmbiguousBand(295_001, AFTER)).toBe(false);
  });
  it('was ₹1,050.01 to ₹1,120 before', () => {
    const before = new Date('2025-09-01T06:00:00Z');
    expect(priceInAmbiguousBand(105_000, before)).toBe(false);
    expect(priceInAmbiguousBand(105_001, before)).toBe(true);
    expect(priceInAmbiguousBand(112_000, before)).toBe(true);
    expect(priceInAmbiguousBand(112_001, before)).toBe(false);
  });
  it('is empty for a code with no rate', () => {
    expect(priceInAmbiguousBand(280_000, AFTER, '4202')).toBe(false);
  });
});

describe('computeOrderTax: pieces, lines and shipping', () => {
  it('splits a line whose pieces land on two rates', () => {
    // 3 × ₹2,625.01 less 2 paise: two pieces at ₹2,625.00 (5%), one at ₹2,625.01 (18%).
    const b = computeOrderTax(
      order({
        lines: [goods({ quantity: 3, unitPricePaise: 262_501, discountPaise: 2 })],
        discountPaise: 2,
        deliveryState: 'Karnataka',
        shippingPaise: 8500,
      }),
    );
    expect(
      b.lines.map((l) => [
        l.kind,
        l.quantity,
        l.valuePaise,
        l.discountPaise,
        l.taxablePaise,
        l.rateBp,
        l.igstPaise,
        l.totalPaise,
      ]),
    ).toEqual([
      // 525000 × 100/105 = 500000, 25000 tax.
      ['goods', 2, 525_002, 2, 500_000, 500, 25_000, 525_000],
      // 262501 / 1.18 = 222458.47 → 222458, 40043 tax.
      ['goods', 1, 262_501, 0, 222_458, 1800, 40_043, 262_501],
      ['shipping', 1, 8500, 0, 7203, 1800, 1297, 8500],
    ]);
    expect(b.totalPaise).toBe(3 * 262_501 - 2 + 8500);
  });

  it('keeps a line whole when its pieces differ by a paisa on one rate', () => {
    const b = computeOrderTax(
      order({ lines: [goods({ quantity: 3, unitPricePaise: 99_900 })], discountPaise: 20_000 }),
    );
    // 299700 − 20000 = 279700; × 100/105 = 266380.95 → 266381, tax 13319 is odd: CGST =
    // SGST = 6659, and the taxable value takes the paisa, 279700 − 13318 = 266382.
    expect(b.lines[0]).toMatchObject({
      quantity: 3,
      discountPaise: 20_000,
      taxablePaise: 266_382,
      cgstPaise: 6659,
      sgstPaise: 6659,
    });
  });

  it('taxes shipping at the highest rate of the goods, with the HSN of the largest line at it', () => {
    const b = computeOrderTax(
      order({
        lines: [
          goods({
            orderItemId: 1,
            hsn: '6211',
            description: 'Track pants (L)',
            quantity: 3,
            unitPricePaise: 200_000,
          }),
          goods({
            orderItemId: 2,
            hsn: '6109',
            description: 'Retro jersey (M)',
            unitPricePaise: 300_000,
          }),
        ],
        shippingPaise: 10_000,
        deliveryState: 'Maharashtra',
      }),
    );
    const ship = b.lines.at(-1)!;
    // 10000 / 1.18 = 8474.58 → 8475 taxable, 1525 IGST.
    expect(ship).toMatchObject({
      kind: 'shipping',
      hsn: '6109',
      rateBp: 1800,
      taxablePaise: 8475,
      igstPaise: 1525,
    });
    expect(b.placeOfSupplyCode).toBe('27');
  });

  it('shares an order discount over lines by value, the odd paisa to the larger remainder', () => {
    expect(allocateInProportion(10_000, [100_000, 200_000])).toEqual([3333, 6667]);
    expect(allocateInProportion(10_001, [100_000, 100_000])).toEqual([5001, 5000]);
    expect(allocateInProportion(7, [0, 0])).toEqual([0, 0]);
    const b = computeOrderTax(
      order({
        lines: [
          goods({ orderItemId: 1, unitPricePaise: 100_000 }),
          goods({ orderItemId: 2, quantity: 2, unitPricePaise: 100_000 }),
        ],
        discountPaise: 30_000,
      }),
    );
    expect(b.lines.filter((l) => l.kind === 'goods').map((l) => l.discountPaise)).toEqual([
      10_000, 20_000,
    ]);
  });

  it('uses the discounts kept at checkout (a coupon for one product only)', () => {
    const b = computeOrderTax(
      order({
        lines: [
          goods({ orderItemId: 1, unitPricePaise: 300_000, discountPaise: 0 }),
          goods({ orderItemId: 2, unitPricePaise: 100_000, discountPaise: 20_000 }),
        ],
        discountPaise: 20_000,
      }),
    );
    // The ₹3,000 shirt keeps 18% (shared by value it would take ₹150 off and stay at 18%);
    // the ₹1,000 one is ₹800: 80000 × 100/105 = 76190.48 → 76190. Within Kerala an odd tax
    // gives its paisa to the taxable value: 300000 / 1.18 = 254237.29 → 254237, tax 45763, so
    // 254238; shipping 6000 / 1.18 → 5085, tax 915, so 5086.
    expect(b.lines.map((l) => [l.discountPaise, l.rateBp, l.taxablePaise])).toEqual([
      [0, 1800, 254_238],
      [20_000, 500, 76_190],
      [0, 1800, 5086],
    ]);
  });
});

describe('computeOrderTax: refusals', () => {
  it('names the product and the HSN code that has no rate', () => {
    const input = order({ lines: [goods({ hsn: '4202', description: 'Kit bag' })] });
    expect(() => computeOrderTax(input)).toThrow(GstNotComputable);
    expect(() => computeOrderTax(input)).toThrow(
      "Kit bag has HSN code 4202, which has no GST rate in the shop's rate table.",
    );
  });
  it('refuses kept discounts that do not add up to the order discount', () => {
    expect(() =>
      computeOrderTax(order({ lines: [goods({ discountPaise: 100 })], discountPaise: 200 })),
    ).toThrow(
      "The lines' discounts (100 paise) do not add up to the order's discount (200 paise).",
    );
  });
  it('refuses a state that is not Indian, and the shop without a state', () => {
    expect(() => computeOrderTax(order({ deliveryState: 'Narnia' }))).toThrow(
      'The delivery state "Narnia" is not an Indian state.',
    );
    expect(() => computeOrderTax(order({ sellerState: '' }))).toThrow(
      "The shop's state is not set in Settings.",
    );
  });
  it('refuses a discount above the line', () => {
    expect(() =>
      computeOrderTax(order({ lines: [goods({ unitPricePaise: 100 })], discountPaise: 200 })),
    ).toThrow("Kerala Blasters Home (M): the discount is more than the line's value.");
  });
});

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('computeOrderTax: any order', () => {
  it('adds up to the order total to the paisa, each piece on the rate its price gives', () => {
    const next = random(19);
    const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
    const states = ['Kerala', 'Karnataka', 'Tamil Nadu', 'Delhi'];
    for (let n = 0; n < 1000; n++) {
      const lines = Array.from({ length: int(1, 5) }, (_, i) =>
        goods({
          orderItemId: i + 1,
          hsn: next() < 0.5 ? '6109' : '6211',
          quantity: int(1, 6),
          // Around the thresholds more often than not.
          unitPricePaise: next() < 0.6 ? int(255_000, 300_000) : int(0, 9_999) * 100,
        }),
      );
      const subtotal = lines.reduce((a, l) => a + l.quantity * l.unitPricePaise, 0);
      const discountPaise = next() < 0.3 ? 0 : int(0, subtotal);
      const shippingPaise = [0, 6000, 8500, 10_000][int(0, 3)]!;
      const at = new Date(Date.UTC(2025, 8, int(15, 28), int(0, 23)));
      const b = computeOrderTax(
        order({ lines, discountPaise, shippingPaise, deliveryState: states[int(0, 3)]!, at }),
      );
      expect(b.totalPaise).toBe(subtotal - discountPaise + shippingPaise);
      expect(b.taxablePaise + b.cgstPaise + b.sgstPaise + b.igstPaise).toBe(b.totalPaise);
      const goodsLines = b.lines.filter((l) => l.kind === 'goods');
      expect(goodsLines.reduce((a, l) => a + l.discountPaise, 0)).toBe(discountPaise);
      expect(goodsLines.reduce((a, l) => a + l.quantity, 0)).toBe(
        lines.reduce((a, l) => a + l.quantity, 0),
      );
      const newRates = at.getTime() >= Date.UTC(2025, 8, 21, 18, 30);
      for (const l of b.lines) {
        expect(l.valuePaise - l.discountPaise).toBe(l.totalPaise);
        expect(l.taxablePaise + l.cgstPaise + l.sgstPaise + l.igstPaise).toBe(l.totalPaise);
        if (b.supplyType === 'intra') {
          expect(l.igstPaise).toBe(0);
          expect(l.sgstPaise).toBe(l.cgstPaise);
        } else {
          expect(l.cgstPaise + l.sgstPaise).toBe(0);
        }
        // The tax is the rate of the taxable value, to within the rounding of half a paisa (and
        // within the state the odd paisa the taxable value took from the tax).
        const slack = b.supplyType === 'intra' ? 3 : 1;
        expect(
          Math.abs(l.taxablePaise * l.rateBp - (l.totalPaise - l.taxablePaise) * 10_000),
        ).toBeLessThanOrEqual((slack * (10_000 + l.rateBp)) / 2);
        if (l.kind === 'shipping') continue;
        // Every piece's taxable value at the line's rate is on the right side of the threshold:
        // 5% only when ₹ per piece / 1.05 ≤ the threshold; otherwise the high rate.
        const threshold = newRates ? 250_000 : 100_000;
        const high = newRates ? 1800 : 1200;
        for (const piece of [
          Math.floor(l.totalPaise / l.quantity),
          Math.ceil(l.totalPaise / l.quantity),
        ]) {
          const lowFits = piece * 100 <= threshold * 105;
          expect(l.rateBp).toBe(lowFits ? 500 : high);
        }
      }
    }
  });
});
