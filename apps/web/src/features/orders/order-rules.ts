// The order screens' display rules (spec sections 2, 4 and 9): status colours, name and
// address cuts, the total without decimals, the expected-date text; ours: what was refunded,
// and the price breakdown the order mail shows.
import {
  formatRupees,
  paiseToRupees,
  rupeesToPaise,
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
  refundOnItsWay: 'Canceled: your refund is on its way.',
  canceled: 'This order was canceled.',
  pricesIncludeGst: 'Prices include GST',
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

/** '1559.20' → 155920: an amount of the order calls in paise, exactly. */
export function amountPaise(amount: string): number {
  return rupeesToPaise(Number(amount));
}

/** 155920 → '₹1,559.20', 155900 → '₹1,559'. */
export function paiseText(paise: number): string {
  return formatRupees(paiseToRupees(paise));
}

type RefundedOrder = Pick<
  Order,
  'order_status' | 'payment_status' | 'total_amount' | 'refunded_amount' | 'refunded_at'
>;

/** Whether all the order's money has come back to the shopper. */
export function isRefundedInFull(order: RefundedOrder): boolean {
  const refunded = amountPaise(order.refunded_amount);
  return refunded > 0 && refunded >= amountPaise(order.total_amount);
}

/**
 * 'Refunded ₹1,359 on 28 Nov 2026', or 'Partly refunded ₹500 on 27 Nov 2026' while the rest
 * of the order was kept; null when nothing was refunded.
 */
export function refundText(order: RefundedOrder): string | null {
  const refunded = amountPaise(order.refunded_amount);
  if (refunded <= 0 || order.refunded_at === null) return null;
  const what = isRefundedInFull(order) ? 'Refunded' : 'Partly refunded';
  return `${what} ${paiseText(refunded)} on ${formatDate(order.refunded_at)}`;
}

/**
 * The payment's word in the list and on the page: what was refunded when anything was, a
 * canceled paid order's refund on its way, or else Paid, Unpaid or Failed.
 */
export function paymentStatusText(order: RefundedOrder): string {
  const refund = refundText(order);
  if (refund !== null) return refund;
  if (order.order_status === 'Canceled' && isPaid(order)) return ORDER_TEXTS.refundOnItsWay;
  return PAYMENT_LABELS[order.payment_status];
}

/** The payment's colour: refunds plain, paid green, anything else red. */
export function paymentStatusClass(order: RefundedOrder): string {
  if (refundText(order) !== null || order.order_status === 'Canceled') return 'text-ink';
  return isPaid(order) ? 'text-green-800' : 'text-sale';
}

/**
 * What an order no longer on its way says instead of its expected delivery (a canceled one,
 * or one refunded in full); null while it is on its way or delivered.
 */
export function noDeliveryText(order: RefundedOrder): string | null {
  if (order.order_status !== 'Canceled' && !isRefundedInFull(order)) return null;
  return refundText(order) ?? (isPaid(order) ? ORDER_TEXTS.refundOnItsWay : ORDER_TEXTS.canceled);
}

export interface PriceLine {
  label: string;
  text: string;
}

/**
 * The order's price as its mail breaks it down, to the paisa: the goods, the printing on
 * them, the coupon, shipping and the cash-on-delivery fee (each only when there is one); the
 * total follows them.
 */
export function priceLines(
  order: Pick<
    Order,
    'subtotal_amount' | 'discount_amount' | 'coupon_code' | 'shipping_amount' | 'cod_fee_amount'
  >,
  items: readonly Pick<OrderItem, 'quantity' | 'print'>[],
): PriceLine[] {
  const printing = items.reduce(
    (sum, i) => sum + (i.print ? rupeesToPaise(i.print.price) * i.quantity : 0),
    0,
  );
  const discount = amountPaise(order.discount_amount);
  const codFee = amountPaise(order.cod_fee_amount);
  return [
    { label: 'Items', text: paiseText(amountPaise(order.subtotal_amount) - printing) },
    ...(printing > 0 ? [{ label: 'Printing', text: paiseText(printing) }] : []),
    ...(discount > 0
      ? [
          {
            label: order.coupon_code ? `Coupon ${order.coupon_code}` : 'Discount',
            text: `−${paiseText(discount)}`,
          },
        ]
      : []),
    { label: 'Shipping', text: paiseText(amountPaise(order.shipping_amount)) },
    ...(codFee > 0 ? [{ label: 'Cash on delivery fee', text: paiseText(codFee) }] : []),
  ];
}

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
