// How a refund is drawn on an order's captured payments: never more than each has left.
import { describe, expect, it } from 'vitest';
import { drawOnPayments } from './refunds.service.js';

const payment = (id: number, left: number) => ({
  id,
  provider: 'sandbox',
  amount_paise: 135_900,
  left_paise: left,
});

describe('drawOnPayments', () => {
  it('takes the whole refund from the newest payment that can take it', () => {
    const parts = drawOnPayments([payment(2, 135_900), payment(1, 135_900)], 50_000);
    expect(parts.map((p) => [p.payment.id, p.amountPaise])).toEqual([[2, 50_000]]);
  });

  it('skips a payment with too little left when an older one can take it all', () => {
    const parts = drawOnPayments([payment(2, 10_000), payment(1, 135_900)], 50_000);
    expect(parts.map((p) => [p.payment.id, p.amountPaise])).toEqual([[1, 50_000]]);
  });

  it('splits over several payments when none can take it alone, each to what it has left', () => {
    const parts = drawOnPayments(
      [payment(3, 0), payment(2, 100_000), payment(1, 135_900)],
      235_900,
    );
    expect(parts.map((p) => [p.payment.id, p.amountPaise])).toEqual([
      [2, 100_000],
      [1, 135_900],
    ]);
  });
});
