// Checkout's sums and checks (spec sections 2, 5 and 9). The money is the order's quote, the
// one function the server places the order with (decision 061). Prices, shipping and coupon
// discounts are whole rupees, so the total is shown without decimals; it is never rounded, so
// what is shown is what is charged.
import {
  formatRupees,
  paiseToRupees,
  quoteOrder,
  rupeesToPaise,
  type CartLineInput,
  type Quote,
  type ShippingRates,
} from '@kitroom/contract';
import { isCartPrint, printOfLine, type CheckoutLine, type CheckoutState } from '@/features/cart';

export const CHECKOUT_TEXTS = {
  fillShipping: 'Please fill all shipping details before payment.',
  paymentFailed: 'Payment failed',
  enterCoupon: 'Please enter your coupon code',
  couponFailed: 'Failed to verify coupon',
  addressWillBeSaved: 'We’ll save this address to your profile.',
  addressFromProfile: 'Filled in from the address in your profile.',
  pricesIncludeGst: 'Prices include GST',
} as const;

/** 'Includes ₹X GST': the GST in the checkout total. */
export function includesGstText(paise: number): string {
  return `Includes ${formatPaise(paise)} GST`;
}

/** A valid coupon as coupons.php returned it: its discount, and its share of each line. */
export interface CheckoutCoupon {
  code: string;
  discount: number;
  lineDiscounts: number[] | null;
}

/** A piece's price: the shirt's and its print's (decision 049), in paise. */
export function unitPaise(line: CheckoutLine): number {
  return rupeesToPaise(line.price) + rupeesToPaise(line.print?.price ?? 0);
}

/** Whether any line is printed: then no cash on delivery, and a later delivery date. */
export function hasPrintedLine(lines: readonly CheckoutLine[]): boolean {
  return lines.some((l) => l.print);
}

/**
 * The checkout's money: the order's quote (decision 061) of the lines at the prices shown,
 * shipping to the chosen state at the shop's rates (shop_details.php, inlined in every page),
 * the coupon's shares as coupons.php gave them and the COD fee when chosen. The server places the order with the same function over the database's prices,
 * so the total shown is the total charged. The GST included is worked out as the invoice
 * will (decision 025): every product taken as apparel (jerseys' HSN; every code with a rate
 * shares its schedule).
 */
export function checkoutQuote(
  lines: readonly CheckoutLine[],
  state: string,
  coupon: CheckoutCoupon | null,
  codFeePaise: number,
  rates: ShippingRates | undefined,
  at = new Date(),
): Quote {
  return quoteOrder({
    lines: lines.map((l) => ({
      productId: l.product_id,
      categoryId: null,
      description: l.name,
      quantity: l.quantity,
      shirtPaise: rupeesToPaise(l.price),
      printPaise: rupeesToPaise(l.print?.price ?? 0),
    })),
    // Until the shop's rates are known no fee is shown, rather than a guess.
    state: rates ? state : '',
    rates,
    // A response without shares (an older server): the quote shares the discount by value.
    coupon: !coupon
      ? null
      : coupon.lineDiscounts?.length === lines.length
        ? { code: coupon.code, lineDiscountsPaise: coupon.lineDiscounts.map(rupeesToPaise) }
        : { code: coupon.code, discountPaise: rupeesToPaise(coupon.discount) },
    codFeePaise,
    at,
  });
}

/** '₹1,559': the order total, exactly what is charged (paise only if it has any). */
export function formatTotal(paise: number): string {
  return formatRupees(paiseToRupees(paise));
}

export function formatPaise(paise: number): string {
  return formatRupees(paiseToRupees(paise));
}

/** '₹ 150': the amount of the 'You saved ₹ {amount}' celebration after a valid coupon. */
export function savedAmount(discountRupees: number): string {
  return `₹ ${formatRupees(discountRupees).replace('₹', '')}`;
}

export function orderLines(lines: readonly CheckoutLine[]): CartLineInput[] {
  return lines.map((l) => ({
    product_id: l.product_id,
    size: l.selectedSize,
    quantity: l.quantity,
    ...printOfLine(l.print),
  }));
}

function isCheckoutLine(value: unknown): value is CheckoutLine {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    (v.print === undefined || isCartPrint(v.print)) &&
    typeof v.product_id === 'number' &&
    typeof v.price === 'number' &&
    typeof v.name === 'string' &&
    typeof v.image_url === 'string' &&
    typeof v.selectedSize === 'string' &&
    typeof v.quantity === 'number' &&
    Number.isInteger(v.quantity) &&
    v.quantity >= 1
  );
}

/** The lines handed over as navigation state, or none. */
export function checkoutLinesOf(state: unknown): CheckoutLine[] {
  if (!state || typeof state !== 'object') return [];
  const { items } = state as Partial<CheckoutState>;
  return Array.isArray(items) && items.every(isCheckoutLine) ? items : [];
}

/** A v4 UUID; crypto.randomUUID exists only on secure origins. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One key per checkout attempt: the same order sent again (a retry after a lost response)
 * reuses its key, so the server returns the same order; any change makes a new attempt.
 */
export function attemptKeeper(): (request: unknown) => string {
  let last: { body: string; key: string } | null = null;
  return (request) => {
    const body = JSON.stringify(request);
    if (last?.body !== body) last = { body, key: newIdempotencyKey() };
    return last.key;
  };
}
