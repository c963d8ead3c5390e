// Checkout's sums and checks (spec sections 2, 5 and 9). Money is added up in paise; the
// amount sent is Σ discount price × quantity + shipping − discount, exactly as the server
// computes it. Prices, shipping and coupon discounts are whole rupees, so the total is shown
// without decimals; it is never rounded, so what is shown is what is charged.
import {
  DEFAULT_HSN,
  formatRupees,
  includedGstPaise,
  isIndianState,
  paiseToRupees,
  rupeesToPaise,
  shippingFeeRupees,
  type CartLineInput,
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

export interface Totals {
  subtotalPaise: number;
  /** null until a state is chosen. */
  shippingPaise: number | null;
  discountPaise: number;
  /** Cash on delivery's fee when chosen (decision 034); in the total. */
  codFeePaise?: number;
  totalPaise: number;
}

/** A piece's price: the shirt's and its print's (decision 049), in paise. */
export function unitPaise(line: CheckoutLine): number {
  return rupeesToPaise(line.price) + rupeesToPaise(line.print?.price ?? 0);
}

/** Whether any line is printed: then no cash on delivery, and a later delivery date. */
export function hasPrintedLine(lines: readonly CheckoutLine[]): boolean {
  return lines.some((l) => l.print);
}

export function checkoutTotals(
  lines: readonly CheckoutLine[],
  state: string,
  discountRupees: number,
): Totals {
  const subtotalPaise = lines.reduce((sum, l) => sum + unitPaise(l) * l.quantity, 0);
  const shippingPaise = isIndianState(state) ? rupeesToPaise(shippingFeeRupees(state)) : null;
  const discountPaise = rupeesToPaise(discountRupees);
  const totalPaise = Math.max(0, subtotalPaise + (shippingPaise ?? 0) - discountPaise);
  return { subtotalPaise, shippingPaise, discountPaise, totalPaise };
}

/**
 * The GST included in the checkout total, as the invoice will work it out (decision 025):
 * each line at the rate its price per piece after the coupon gives, shipping at the goods'
 * rate. Every product is taken as apparel (jerseys' HSN 6109; every code with a rate shares
 * its schedule). The coupon's share per line comes from coupons.php. Null when it cannot be
 * worked out, so nothing wrong is shown.
 */
export function checkoutGstPaise(
  lines: readonly CheckoutLine[],
  totals: Totals,
  lineDiscountsRupees: readonly number[] | null,
  at = new Date(),
): number | null {
  const shares =
    lineDiscountsRupees && lineDiscountsRupees.length === lines.length
      ? lineDiscountsRupees.map(rupeesToPaise)
      : null;
  try {
    return includedGstPaise({
      lines: lines.map((l, i) => ({
        orderItemId: null,
        kind: 'goods',
        description: l.name,
        hsn: DEFAULT_HSN,
        quantity: l.quantity,
        // The print is part of the piece: its rate is chosen on the whole (decision 049).
        unitPricePaise: unitPaise(l),
        discountPaise: shares ? shares[i]! : null,
      })),
      discountPaise: totals.discountPaise,
      shippingPaise: totals.shippingPaise ?? 0,
      codFeePaise: totals.codFeePaise ?? 0,
      at,
    });
  } catch {
    return null;
  }
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
 * One key per checkout attempt: the same order sent again (a retry after a lost answer)
 * reuses its key, so the server answers the same order; any change makes a new attempt.
 */
export function attemptKeeper(): (request: unknown) => string {
  let last: { body: string; key: string } | null = null;
  return (request) => {
    const body = JSON.stringify(request);
    if (last?.body !== body) last = { body, key: newIdempotencyKey() };
    return last.key;
  };
}
