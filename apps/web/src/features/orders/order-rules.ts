// The order screens' display rules (spec sections 2, 4 and 9): status colours, name and
// address cuts, the total without decimals, and the expected-date text.
import {
  formatRupees,
  truncate,
  TRUNCATE,
  type Order,
  type OrderItem,
  type OrderStatus,
} from '@kitroom/contract';
import { formatIndianDay } from '@/ui/date-text';

export const ORDER_TEXTS = {
  noOrders: "Currently you don't have any order.",
  noExpectedDate: 'You can see expected delivered data after a week.',
  detailsMissing: 'please try again',
  loadFailed: 'Please try again.',
  paymentFailed: 'An error occurred during payment processing',
  paymentNotTaken: 'Payment failed',
  paymentNotTakenHint: 'Your order is saved. Pay again to confirm it.',
} as const;

/** Completed green, Shipped light green, Pending yellow, Processing darker yellow, Canceled red. */
export const STATUS_CLASSES: Record<OrderStatus, string> = {
  Completed: 'bg-green-700 text-white',
  Shipped: 'bg-green-200 text-green-950',
  Pending: 'bg-yellow-200 text-yellow-950',
  Processing: 'bg-yellow-400 text-yellow-950',
  Canceled: 'bg-red-700 text-white',
};

/** Pay Now is offered while the payment is not SUCCESS. */
export function isPaid(order: Pick<Order, 'payment_status'>): boolean {
  return order.payment_status === 'SUCCESS';
}

export const PAYMENT_LABELS: Record<Order['payment_status'], string> = {
  SUCCESS: 'Paid',
  UNPAID: 'Unpaid',
  FAILED: 'Failed',
};

/**
 * '1559.00' → '₹1,559': totals are whole rupees, shown without decimals; an older order
 * charged with paise shows them ('1524.20' → '₹1,524.20'), never a rounded figure.
 */
export function orderTotal(totalAmount: string): string {
  return formatRupees(Number(totalAmount));
}

/** A name on an order card: 13 characters plus '..'. */
export function orderItemName(name: string): string {
  return truncate(name, TRUNCATE.orderName);
}

/** The first 40 characters of the shipping address. */
export function orderAddress(address: string): string {
  return truncate(address, TRUNCATE.orderAddress);
}

/** An ISO timestamp or a YYYY-MM-DD date as '28 Nov 2026'. */
export function formatDate(value: string): string {
  // A bare date is a calendar day: read it at noon IST so that no time zone moves it.
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? new Date(`${value}T12:00:00+05:30`)
    : new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatIndianDay(date);
}

export function expectedDateText(order: Pick<Order, 'expected_date'>): string {
  return order.expected_date ? formatDate(order.expected_date) : ORDER_TEXTS.noExpectedDate;
}

/** A card's line of names: the first item's, and how many more there are. */
export function orderCardTitle(items: readonly Pick<OrderItem, 'product_name'>[]): string {
  const [first, ...rest] = items;
  if (!first) return 'Order';
  return rest.length > 0
    ? `${orderItemName(first.product_name)} + ${rest.length} more`
    : orderItemName(first.product_name);
}
