import { describe, expect, it } from 'vitest';
import {
  expectedDateText,
  formatDate,
  isPaid,
  orderAddress,
  orderCardTitle,
  orderTotal,
  STATUS_CLASSES,
} from './order-rules';

describe('order display rules', () => {
  it('shows totals without decimals', () => {
    expect(orderTotal('1559.00')).toBe('₹1,559');
    expect(orderTotal('1559.50')).toBe('₹1,559.50');
    expect(orderTotal('123456.49')).toBe('₹1,23,456.49');
  });

  it('cuts names to 13 characters and the address to 40', () => {
    expect(orderCardTitle([{ product_name: 'Real Madrid Home Jersey' }])).toBe('Real Madrid H..');
    expect(orderCardTitle([{ product_name: 'Brazil Away' }, { product_name: 'x' }])).toBe(
      'Brazil Away + 1 more',
    );
    const address = 'Asha Menon, 12 Beach Road, Kozhikode, Kerala 673001, 9876543210';
    expect(orderAddress(address)).toBe('Asha Menon, 12 Beach Road, Kozhikode, Ke..');
  });

  it('offers Pay Now while the payment is not SUCCESS', () => {
    expect(isPaid({ payment_status: 'SUCCESS' })).toBe(true);
    expect(isPaid({ payment_status: 'UNPAID' })).toBe(false);
    expect(isPaid({ payment_status: 'FAILED' })).toBe(false);
  });

  it('colours each status as the spec does', () => {
    expect(STATUS_CLASSES.Completed).toContain('green-7');
    expect(STATUS_CLASSES.Shipped).toContain('green-2');
    expect(STATUS_CLASSES.Pending).toContain('yellow-2');
    expect(STATUS_CLASSES.Processing).toContain('yellow-4');
    expect(STATUS_CLASSES.Canceled).toContain('red');
  });

  it('shows the expected date, or the wait text', () => {
    expect(expectedDateText({ expected_date: null })).toBe(
      'You can see expected delivered data after a week.',
    );
    expect(expectedDateText({ expected_date: '2026-11-28' })).toBe('28 Nov 2026');
    expect(formatDate('2026-11-21T20:00:00Z')).toBe('22 Nov 2026');
  });
});
