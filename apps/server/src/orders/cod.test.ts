// Cash on delivery's rules (decision 034) as a shopper meets them, and its fee in the GST
// computation: taxed like shipping, at the rate of the goods, the lines adding up to the total.
import { computeOrderTax, includedGstPaise, type TaxInput } from '@kitroom/contract';
import { describe, expect, it } from 'vitest';
import { codAvailability, unconfirmedCodProblem, type CodAsk, type CodRules } from './cod.js';

const rules: CodRules = {
  cod_enabled: true,
  cod_fee_paise: 4900,
  cod_max_order_paise: 500_000,
  cod_max_open_orders: 2,
  cod_excluded_pincodes: ['194', '7441'],
};
const ask: CodAsk = {
  pincode: '673001',
  totalPaise: 135_900,
  openCodOrders: 0,
  personalised: false,
  blocked: false,
};

describe('codAvailability', () => {
  const cases: [string, Partial<CodRules>, Partial<CodAsk>, string | null][] = [
    ['a plain order', {}, {}, null],
    ['COD off', { cod_enabled: false }, {}, 'Cash on delivery is not available at the moment.'],
    [
      'COD off, for a blocked shopper too',
      { cod_enabled: false },
      { blocked: true },
      'Cash on delivery is not available at the moment.',
    ],
    [
      'a shopper staff blocked, whatever else holds',
      {},
      { blocked: true, totalPaise: 495_101, openCodOrders: 2 },
      'Cash on delivery is not available for your account. Please pay online.',
    ],
    [
      'a printed shirt',
      {},
      { personalised: true },
      'Cash on delivery is not available for printed shirts. Please pay online.',
    ],
    [
      'an excluded prefix',
      {},
      { pincode: '744101' },
      'Cash on delivery is not available for pincode 744101.',
    ],
    ['a prefix that only looks alike', {}, { pincode: '744201' }, null],
    ['exactly the cap with the fee', {}, { totalPaise: 495_100 }, null],
    [
      'a paisa over the cap with the fee',
      {},
      { totalPaise: 495_101 },
      'Cash on delivery is not available for orders above ₹5,000.',
    ],
    [
      'the open-orders limit reached',
      {},
      { openCodOrders: 2 },
      'You already have 2 cash-on-delivery orders on their way; pay online for this one.',
    ],
    ['one under the limit', {}, { openCodOrders: 1 }, null],
    [
      'the product page (no total, no shopper)',
      {},
      { totalPaise: null, openCodOrders: null },
      null,
    ],
  ];
  for (const [name, r, a, reason] of cases) {
    it(`${name}: ${reason ?? 'available'}`, () => {
      expect(codAvailability({ ...rules, ...r }, { ...ask, ...a })).toEqual({
        available: reason === null,
        fee_paise: 4900,
        reason,
      });
    });
  }

  it('names staff’s refusal to pack an unconfirmed order, and none once confirmed', () => {
    const o = {
      id: 7,
      payment_method: 'COD',
      payment_status: 'UNPAID',
      order_status: 'Pending',
      cod_confirmed_at: null,
    };
    expect(unconfirmedCodProblem(o, 'packed')).toBe(
      'Order #7 is cash on delivery and the shopper has not confirmed it yet, so it cannot be packed.',
    );
    expect(unconfirmedCodProblem({ ...o, payment_method: 'Online' }, 'packed')).toBeNull();
    expect(
      unconfirmedCodProblem(
        { ...o, order_status: 'Processing', cod_confirmed_at: new Date() },
        'shipped',
      ),
    ).toBeNull();
  });
});

describe('the COD fee in the GST computation', () => {
  const input = (over: Partial<TaxInput> = {}): TaxInput => ({
    lines: [
      {
        orderItemId: 1,
        kind: 'goods',
        description: 'Kerala Blasters Home (M)',
        hsn: '6109',
        quantity: 1,
        unitPricePaise: 129_900,
        discountPaise: null,
      },
    ],
    discountPaise: 0,
    shippingPaise: 6000,
    codFeePaise: 4900,
    sellerState: 'Kerala',
    deliveryState: 'Karnataka',
    at: new Date('2026-11-20T06:00:00Z'),
    ...over,
  });

  it('is a line of its own at the goods’ rate, after shipping, and the total holds', () => {
    const b = computeOrderTax(input());
    expect(b.lines.map((l) => [l.kind, l.rateBp, l.totalPaise])).toEqual([
      ['goods', 500, 129_900],
      ['shipping', 500, 6000],
      ['cod_fee', 500, 4900],
    ]);
    // ₹49 at 5% IGST: ₹46.67 + ₹2.33.
    expect(b.lines[2]).toMatchObject({
      description: 'Cash on delivery fee',
      unit: 'OTH',
      hsn: '6109',
      taxablePaise: 4667,
      igstPaise: 233,
    });
    expect(b.totalPaise).toBe(140_800);
    expect(b.taxablePaise + b.igstPaise).toBe(140_800);
  });

  it('takes the highest rate of mixed-rate goods, like shipping (decision 025)', () => {
    const b = computeOrderTax(
      input({
        lines: [
          ...input().lines,
          {
            orderItemId: 2,
            kind: 'goods',
            description: 'Match Jersey (L)',
            hsn: '6109',
            quantity: 1,
            unitPricePaise: 349_900,
            discountPaise: null,
          },
        ],
      }),
    );
    const fee = b.lines.find((l) => l.kind === 'cod_fee')!;
    expect(fee.rateBp).toBe(1800);
    expect(b.totalPaise).toBe(129_900 + 349_900 + 6000 + 4900);
  });

  it('adds nothing without a fee, and counts in the GST the checkout shows', () => {
    const without = computeOrderTax(input({ codFeePaise: 0 }));
    expect(without.lines.some((l) => l.kind === 'cod_fee')).toBe(false);
    const { sellerState: _s, deliveryState: _d, ...rest } = input();
    expect(includedGstPaise(rest) - includedGstPaise({ ...rest, codFeePaise: 0 })).toBe(233);
  });
});
