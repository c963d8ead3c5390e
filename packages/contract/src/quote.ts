// An order's money, worked out once (issue 39; decision 061): the pieces' prices (the shirt,
// retail or wholesale, and its print), the coupon's discount and its share per line, shipping
// to the state, cash on delivery's fee, the total, and the GST inside it line by line. The
// web's checkout, the server's order, the invoice and credit notes all take their figures
// from quoteOrder; nothing else adds an order up. Pure: what the database knows (prices,
// whether a coupon may be used, COD's rules) is read by the caller and handed in.
import {
  allocateInProportion,
  computeOrderTax,
  DEFAULT_HSN,
  GstNotComputable,
  includedGstPaise,
} from './gst.js';
import type { TaxBreakdown, TaxInputLine } from './gst.js';
import { couponDiscountPaise, type CouponTerms } from './coupons.js';
import { formatRupees, paiseToRupees } from './money.js';
import { DEFAULT_SHIPPING_RATES, shippingFeePaise, type ShippingRates } from './shipping-rates.js';

/** One line to quote: a shirt of one product and size, and its print if any. */
export interface QuoteLineInput {
  /** order_items.id when a placed order is quoted again (its invoice's lines name it). */
  orderItemId?: number | null;
  productId: number;
  /** The product's category: which coupons restricted to categories apply. */
  categoryId: number | null;
  /** Named on the tax lines and in a coupon's refusal. */
  description: string;
  /** The product's HSN code (products.hsn_code); the jerseys' default when unknown. */
  hsn?: string;
  quantity: number;
  /** One shirt's price, GST included: the retail discount price or the wholesaler's. */
  shirtPaise: number;
  /** One print's price on this shirt (decision 049); 0 for none. */
  printPaise: number;
}

/** A coupon the shopper may use now (the caller checked its dates, limits and uses). */
export interface CouponRule {
  code: string;
  terms: CouponTerms;
  /** The products and categories it is restricted to; both empty: the whole order. */
  productIds: readonly number[];
  categoryIds: readonly number[];
  minOrderPaise: number;
}

/**
 * The coupon part of a quote: a rule to apply; or the shares an order already keeps per line
 * (order_items.discount_paise), when a placed order or a coupon check's response is quoted
 * again; or only the discount of an order placed before its shares were kept, shared by value.
 */
export type QuoteCoupon =
  | { rule: CouponRule }
  | { code?: string; lineDiscountsPaise: readonly number[] }
  | { code?: string; discountPaise: number }
  | null;

export interface QuoteInput {
  lines: readonly QuoteLineInput[];
  /** The delivery address's state; '' while the shopper has not chosen one. */
  state: string;
  /**
   * Shipping: the fee a placed order was quoted (an order keeps what it was quoted when the
   * fees change); without it, the shop's rates for the state and the goods after the coupon.
   */
  shippingPaise?: number;
  /** The shop's shipping rates (Settings → Shipping); the spec's table when not given. */
  rates?: ShippingRates;
  coupon?: QuoteCoupon;
  /** Cash on delivery's fee when COD pays the order; 0 or absent otherwise. */
  codFeePaise?: number;
  /** The shop's state (settings.state): with it the GST is split CGST + SGST or IGST. */
  sellerState?: string;
  /** The day of supply, which picks the GST rates in force. */
  at: Date;
}

export interface QuotedLine extends QuoteLineInput {
  /** One piece: the shirt and its print. */
  unitPricePaise: number;
  /** quantity × unit price. */
  valuePaise: number;
  /** The coupon's share of this line, GST included. */
  discountPaise: number;
}

export type CouponOutcome =
  | { ok: true; code: string | null; discountPaise: number }
  | { ok: false; code: string; error: string };

export interface Quote {
  lines: QuotedLine[];
  /** Σ lines' value, before the coupon. */
  subtotalPaise: number;
  /** null until a state is chosen. */
  shippingPaise: number | null;
  discountPaise: number;
  codFeePaise: number;
  /** What the shopper pays: subtotal + shipping + COD fee − discount. */
  totalPaise: number;
  /** The coupon's outcome; null when none was given. */
  coupon: CouponOutcome | null;
  /** The tax, line by line, when the shop's and the delivery's states are known. */
  tax: TaxBreakdown | null;
  /**
   * The GST inside the total (as IGST would charge it when the shop's state is not given; the
   * invoice's CGST + SGST may be a paisa less on an odd line); null when it cannot be worked
   * out, with the reason in `taxProblem`.
   */
  gstPaise: number | null;
  taxProblem: string | null;
}

export const QUOTE_COUPON_ERRORS = {
  notApplicable: 'This coupon does not apply to the items in your order.',
} as const;

/** 'Add items worth ₹999 or more to use this coupon.' */
export function couponMinimumMessage(minOrderPaise: number): string {
  return `Add items worth ${formatRupees(paiseToRupees(minOrderPaise))} or more to use this coupon.`;
}

interface CouponPart {
  outcome: CouponOutcome | null;
  shares: number[];
}

function applyCoupon(
  coupon: QuoteCoupon | undefined,
  lines: readonly { productId: number; categoryId: number | null; valuePaise: number }[],
  subtotalPaise: number,
): CouponPart {
  const none = lines.map(() => 0);
  if (!coupon) return { outcome: null, shares: none };
  if ('discountPaise' in coupon) {
    const shares = allocateInProportion(
      coupon.discountPaise,
      lines.map((l) => l.valuePaise),
    );
    return applyCoupon({ code: coupon.code, lineDiscountsPaise: shares }, lines, subtotalPaise);
  }
  if ('lineDiscountsPaise' in coupon) {
    const shares = [...coupon.lineDiscountsPaise];
    const fits =
      shares.length === lines.length &&
      shares.every((d, i) => Number.isSafeInteger(d) && d >= 0 && d <= lines[i]!.valuePaise);
    if (!fits) {
      return {
        outcome: { ok: false, code: coupon.code ?? '', error: QUOTE_COUPON_ERRORS.notApplicable },
        shares: none,
      };
    }
    const discountPaise = shares.reduce((a, d) => a + d, 0);
    return { outcome: { ok: true, code: coupon.code ?? null, discountPaise }, shares };
  }
  const { rule } = coupon;
  if (subtotalPaise < rule.minOrderPaise) {
    return {
      outcome: { ok: false, code: rule.code, error: couponMinimumMessage(rule.minOrderPaise) },
      shares: none,
    };
  }
  const restricted = rule.productIds.length > 0 || rule.categoryIds.length > 0;
  // What each line puts toward the discount: its value when the coupon applies to it, else 0.
  const eligible = lines.map((l) =>
    !restricted ||
    rule.productIds.includes(l.productId) ||
    (l.categoryId !== null && rule.categoryIds.includes(l.categoryId))
      ? l.valuePaise
      : 0,
  );
  const discountPaise = couponDiscountPaise(
    rule.terms,
    eligible.reduce((a, v) => a + v, 0),
  );
  if (discountPaise === 0) {
    return {
      outcome: { ok: false, code: rule.code, error: QUOTE_COUPON_ERRORS.notApplicable },
      shares: none,
    };
  }
  // Shared over the lines it applies to by value, as the tax invoice needs it (decision 025).
  return {
    outcome: { ok: true, code: rule.code, discountPaise },
    shares: allocateInProportion(discountPaise, eligible),
  };
}

/**
 * An order's money: prices per piece, the coupon and its shares, shipping, the COD fee, the
 * total and the GST in it. A coupon that cannot be used is reported in `coupon` and not
 * applied; the rest is quoted without it.
 */
export function quoteOrder(input: QuoteInput): Quote {
  const lines = input.lines.map((l) => {
    const unitPricePaise = l.shirtPaise + l.printPaise;
    return { ...l, unitPricePaise, valuePaise: unitPricePaise * l.quantity };
  });
  const subtotalPaise = lines.reduce((a, l) => a + l.valuePaise, 0);
  const { outcome, shares } = applyCoupon(input.coupon, lines, subtotalPaise);
  const discountPaise = shares.reduce((a, d) => a + d, 0);
  const shippingPaise =
    input.shippingPaise ??
    shippingFeePaise(
      input.rates ?? DEFAULT_SHIPPING_RATES,
      input.state,
      subtotalPaise - discountPaise,
    );
  const codFeePaise = input.codFeePaise ?? 0;
  const totalPaise = subtotalPaise + (shippingPaise ?? 0) + codFeePaise - discountPaise;
  const quoted: QuotedLine[] = lines.map((l, i) => ({ ...l, discountPaise: shares[i]! }));

  const taxInput = {
    lines: quoted.map((l): TaxInputLine => ({
      orderItemId: l.orderItemId ?? null,
      kind: 'goods',
      description: l.description,
      hsn: l.hsn ?? DEFAULT_HSN,
      quantity: l.quantity,
      unitPricePaise: l.unitPricePaise,
      discountPaise: l.discountPaise,
    })),
    discountPaise,
    shippingPaise: shippingPaise ?? 0,
    codFeePaise,
    at: input.at,
  };
  let tax: TaxBreakdown | null = null;
  let gstPaise: number | null = null;
  let taxProblem: string | null = null;
  try {
    if (input.sellerState === undefined) {
      // Without the shop's state, the tax as IGST: the GST included is the same either way.
      gstPaise = includedGstPaise(taxInput);
    } else {
      tax = computeOrderTax({
        ...taxInput,
        sellerState: input.sellerState,
        deliveryState: input.state,
      });
      gstPaise = tax.cgstPaise + tax.sgstPaise + tax.igstPaise;
    }
  } catch (e) {
    if (!(e instanceof GstNotComputable)) throw e;
    taxProblem = e.message;
  }
  return {
    lines: quoted,
    subtotalPaise,
    shippingPaise,
    discountPaise,
    codFeePaise,
    totalPaise,
    coupon: outcome,
    tax,
    gstPaise,
    taxProblem,
  };
}
