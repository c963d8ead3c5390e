// An order's GST as an invoice or a credit note needs it: the computation's input read from
// the order, its lines (with each product's HSN code) and the shop's settings, and, before a
// document is issued, the reasons in staff's words why it cannot be.
import {
  GST_STATE_CODES,
  isIndianState,
  isValidGstin,
  printedText,
  quoteOrder,
  type Quote,
} from '@kitroom/contract';
import type { Queryable } from '../db/index.js';
import { getSettings } from '../settings/index.js';
import * as q from './tax.queries.js';
import type { TaxBreakdown } from './tax.types.js';

interface Loaded {
  quote: Quote;
  totalPaise: number;
  seller: { gstin: string; state: string };
}

/** 'Blasters Home (M)', and a printed line's print with its price per piece (decision 049). */
function describedLine(l: q.TaxLineRow): string {
  const printed = printedText(
    { name: l.print_name, number: l.print_number, patch: l.print_patch },
    l.print_price_paise,
  );
  return `${l.product_name} (${l.size})${printed ? ` — ${printed}` : ''}`;
}

/**
 * The placed order quoted again from what it keeps (decision 061): its lines' prices and
 * coupon shares, the shipping and COD fee it was quoted, the shop's state and the rates of
 * `at`. Null when no such order.
 */
async function load(db: Queryable, orderId: number, at: Date): Promise<Loaded | null> {
  const order = await q.orderForTax(db, orderId);
  if (!order) return null;
  const lines = await q.orderLinesForTax(db, orderId);
  const settings = await getSettings(db);
  const shares = lines.map((l) => l.discount_paise);
  const quote = quoteOrder({
    lines: lines.map((l) => ({
      orderItemId: l.id,
      productId: l.product_id,
      categoryId: null,
      description: describedLine(l),
      hsn: l.hsn_code,
      quantity: l.quantity,
      shirtPaise: l.unit_price_paise - l.print_price_paise,
      printPaise: l.print_price_paise,
    })),
    state: order.state,
    shippingPaise: order.shipping_paise,
    // Orders placed before their lines kept the coupon's shares: the discount shared by value.
    coupon: shares.every((d): d is number => d !== null)
      ? { lineDiscountsPaise: shares }
      : { discountPaise: order.discount_paise },
    codFeePaise: order.cod_fee_paise,
    sellerState: settings.state,
    at,
  });
  return { quote, totalPaise: order.total_paise, seller: settings };
}

/** The placed order's quote with the rates of `at`; null when no such order. */
export async function orderQuote(db: Queryable, orderId: number, at: Date): Promise<Quote | null> {
  return (await load(db, orderId, at))?.quote ?? null;
}

/** Why the shop's own settings keep it from issuing tax documents; none when they are fine. */
export function sellerProblems(settings: { gstin: string; state: string }): string[] {
  const gstin = settings.gstin.trim();
  if (gstin === '') return ["The shop's GSTIN is not set in Settings."];
  if (!isValidGstin(gstin)) return [`The shop's GSTIN ${gstin} is not a valid GSTIN.`];
  if (!isIndianState(settings.state)) {
    return [`The shop's state "${settings.state}" is not an Indian state.`];
  }
  const code = GST_STATE_CODES[settings.state];
  if (gstin.slice(0, 2) !== code) {
    return [
      `The shop's GSTIN ${gstin} is not registered in ${settings.state} (state code ${code}), the shop's state in Settings.`,
    ];
  }
  return [];
}

export type OrderTax = { ok: true; breakdown: TaxBreakdown } | { ok: false; reasons: string[] };

/**
 * The order's GST with the rates of `at`, or every reason it cannot be invoiced in staff's
 * words: no such order, the shop's GSTIN or state missing or wrong, an HSN code without a
 * rate, amounts that do not add up to the order's total.
 */
export async function orderTax(db: Queryable, orderId: number, at: Date): Promise<OrderTax> {
  const loaded = await load(db, orderId, at);
  if (!loaded) return { ok: false, reasons: [`Order #${orderId} does not exist.`] };
  const { quote } = loaded;
  const reasons = sellerProblems(loaded.seller);
  if (quote.taxProblem !== null) reasons.push(quote.taxProblem);
  else if (quote.coupon?.ok === false || quote.totalPaise !== loaded.totalPaise) {
    reasons.push(`Order #${orderId}'s lines, discount and shipping do not add up to its total.`);
  }
  return reasons.length === 0 && quote.tax
    ? { ok: true, breakdown: quote.tax }
    : { ok: false, reasons: [...new Set(reasons)] };
}

/** Why the order cannot be invoiced, in staff's words; empty when it can. */
export async function whyNotTaxable(db: Queryable, orderId: number, at: Date): Promise<string[]> {
  const tax = await orderTax(db, orderId, at);
  return tax.ok ? [] : tax.reasons;
}
