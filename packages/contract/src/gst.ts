// GST on an order (OPERATIONS.md, GST; decision 025): the rates in force as data, and the
// pure computation that splits an order's total, GST included, into taxable value and tax per
// line. It lives in the contract so the checkout summary shows the same GST as the invoice.
// Money is integer paise; rates are basis points (500 = 5%).
import { GST_STATE_CODES, isIndianState } from './states.js';

/**
 * A rate schedule for apparel-like goods: the low rate while the taxable value of one piece,
 * after discount, is at most the threshold; the high rate above it.
 */
export interface GstRateSchedule {
  /** HSN chapters (the first two digits of the code) the schedule covers. */
  chapters: readonly string[];
  /** The first Indian day the schedule is in force, YYYY-MM-DD. */
  from: string;
  thresholdPaise: number;
  lowRateBp: number;
  highRateBp: number;
}

/**
 * Apparel (HSN chapters 61 and 62): 5% up to ₹1,000 a piece, 12% above, since GST began on
 * 1 July 2017; 5% up to ₹2,500, 18% above, from 22 September 2025 (the GST Council's 56th
 * meeting). Newest last; a code no schedule covers has no rate, and is not invoiced.
 */
export const GST_RATE_SCHEDULES: readonly GstRateSchedule[] = [
  {
    chapters: ['61', '62'],
    from: '2017-07-01',
    thresholdPaise: 100_000,
    lowRateBp: 500,
    highRateBp: 1200,
  },
  {
    chapters: ['61', '62'],
    from: '2025-09-22',
    thresholdPaise: 250_000,
    lowRateBp: 500,
    highRateBp: 1800,
  },
];

/** The HSN the shop's jerseys carry unless staff set another (products.hsn_code). */
export const DEFAULT_HSN = '6109';

/** The computation cannot tax this order; the message says why, in staff's words. */
export class GstNotComputable extends Error {
  override name = 'GstNotComputable';
}

const IST_OFFSET_MS = 330 * 60_000;

/** The Indian calendar day of an instant, YYYY-MM-DD. */
function indianDay(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The schedule in force for an HSN code on a date, or null when the code has no rate. */
export function gstScheduleFor(hsn: string, at: Date): GstRateSchedule | null {
  const day = indianDay(at);
  const chapter = hsn.trim().slice(0, 2);
  let found: GstRateSchedule | null = null;
  for (const s of GST_RATE_SCHEDULES) {
    if (s.chapters.includes(chapter) && s.from <= day && (!found || s.from >= found.from)) {
      found = s;
    }
  }
  return found;
}

/**
 * The rate of one piece sold at `inclusivePaise`, GST included, after discount: the low rate
 * when the taxable value at that rate stays within the threshold, else the high rate. Prices
 * in the band where neither reading is consistent get the high rate (decision 025).
 */
export function pieceRateBp(s: GstRateSchedule, inclusivePaise: number): number {
  return inclusivePaise * 10_000 <= s.thresholdPaise * (10_000 + s.lowRateBp)
    ? s.lowRateBp
    : s.highRateBp;
}

/** The inclusive prices per piece where the low and the high rate contradict each other. */
export function ambiguousBand(at: Date, hsn = DEFAULT_HSN): { fromPaise: number; toPaise: number } {
  const s = gstScheduleFor(hsn, at);
  if (!s) return { fromPaise: 0, toPaise: 0 };
  // Above `low` the low rate's taxable value passes the threshold; up to `high` the high
  // rate's taxable value does not (exact in paise for the rates in force: ₹2,625–₹2,950).
  return {
    fromPaise: Math.floor((s.thresholdPaise * (10_000 + s.lowRateBp)) / 10_000) + 1,
    toPaise: Math.floor((s.thresholdPaise * (10_000 + s.highRateBp)) / 10_000),
  };
}

/**
 * Whether a selling price per piece, GST included, falls where 5% would give a taxable value
 * above the threshold and 18% one below it (₹2,625.01–₹2,950 since 22 September 2025). The
 * shop charges the high rate there, so such a price earns less than one just below the band.
 */
export function priceInAmbiguousBand(paise: number, at: Date, hsn = DEFAULT_HSN): boolean {
  const band = ambiguousBand(at, hsn);
  return band.toPaise > 0 && paise >= band.fromPaise && paise <= band.toPaise;
}

/**
 * Shares `total` among `weights` in proportion (largest remainder: each share rounded down,
 * the paise left over go to the largest remainders, the earlier weight first on a tie). The
 * shares add up to `total` exactly; all weights zero gives the whole to none.
 */
export function allocateInProportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, w) => a + BigInt(w), 0n);
  if (sum === 0n || total === 0) return weights.map(() => 0);
  const t = BigInt(total);
  const parts = weights.map((w, i) => {
    const n = t * BigInt(w);
    return { i, share: n / sum, rest: n % sum };
  });
  let left = total - parts.reduce((a, p) => a + Number(p.share), 0);
  const byRest = [...parts].sort((a, b) =>
    a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1,
  );
  const out = parts.map((p) => Number(p.share));
  for (const p of byRest) {
    if (left <= 0) break;
    out[p.i]! += 1;
    left -= 1;
  }
  return out;
}

// ───────────────────────────── the computation's shapes ─────────────────────────────

/** A line of the order as the invoice sees it: goods at their selling price, GST included. */
export interface TaxInputLine {
  /** order_items.id; null for shipping. */
  orderItemId: number | null;
  kind: 'goods' | 'shipping';
  description: string;
  hsn: string;
  quantity: number;
  /** The selling price of one piece, GST included, before the coupon. */
  unitPricePaise: number;
  /**
   * The coupon's discount on the whole line (order_items.discount_paise), GST included;
   * null when the order did not keep it (then the computation allocates the order's discount).
   */
  discountPaise: number | null;
}

export interface TaxInput {
  /** The goods lines; shipping comes as shippingPaise. */
  lines: TaxInputLine[];
  /** The order's coupon discount, GST included (orders.discount_paise). */
  discountPaise: number;
  /** The shipping charged, GST included (orders.shipping_paise). */
  shippingPaise: number;
  /** Cash on delivery's fee, GST included (orders.cod_fee_paise); taxed like shipping. */
  codFeePaise?: number;
  /** The shop's state (its GSTIN's state): settings.state. */
  sellerState: string;
  /** The place of supply: the delivery address's state. */
  deliveryState: string;
  /** The date of supply, which picks the rates in force. */
  at: Date;
}

/** One line of a tax document: the columns of tax_document_lines but its keys. */
export interface TaxLine {
  kind: 'goods' | 'shipping' | 'cod_fee';
  orderItemId: number | null;
  description: string;
  hsn: string;
  quantity: number;
  unit: string;
  unitPricePaise: number;
  /** quantity × unit price. */
  valuePaise: number;
  discountPaise: number;
  taxablePaise: number;
  rateBp: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** value − discount = taxable + taxes. */
  totalPaise: number;
}

export interface TaxBreakdown {
  supplyType: 'intra' | 'inter';
  placeOfSupply: string;
  /** The GST state code of the place of supply ('32' for Kerala). */
  placeOfSupplyCode: string;
  lines: TaxLine[];
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** Equals the order's total exactly. */
  totalPaise: number;
}

// ───────────────────────────── the computation ─────────────────────────────

/** round(inclusive × 10000 / (10000 + rate)), halves up, in integers. */
function taxableOf(inclusivePaise: number, rateBp: number): number {
  const d = 10_000 + rateBp;
  return Math.floor((2 * inclusivePaise * 10_000 + d) / (2 * d));
}

function isWholePaise(n: number): boolean {
  return Number.isSafeInteger(n) && n >= 0;
}

/** Each goods line's share of the order's coupon discount (decision 025). */
function lineDiscounts(input: Pick<TaxInput, 'lines' | 'discountPaise'>): number[] {
  const kept = input.lines.map((l) => l.discountPaise);
  if (kept.every((d): d is number => d !== null)) {
    const sum = kept.reduce((a, d) => a + d, 0);
    if (sum !== input.discountPaise) {
      throw new GstNotComputable(
        `The lines' discounts (${sum} paise) do not add up to the order's discount (${input.discountPaise} paise).`,
      );
    }
    return kept;
  }
  return allocateInProportion(
    input.discountPaise,
    input.lines.map((l) => l.quantity * l.unitPricePaise),
  );
}

interface Split {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

/**
 * Taxable value and tax of an inclusive amount. Within the state CGST and SGST are equal
 * halves of the tax rounded down, and the taxable value takes the odd paisa, so the two
 * never drift apart over a month (issue 36).
 */
function split(inclusivePaise: number, rateBp: number, intra: boolean): Split {
  const taxable = taxableOf(inclusivePaise, rateBp);
  const tax = inclusivePaise - taxable;
  if (!intra) return { taxable, cgst: 0, sgst: 0, igst: tax };
  const half = Math.floor(tax / 2);
  return { taxable: inclusivePaise - 2 * half, cgst: half, sgst: half, igst: 0 };
}

/**
 * An order's GST, line by line: the coupon's discount shared over lines and pieces, each
 * piece's rate from its taxable value after discount, shipping at the rate of the goods
 * (composite supply), CGST + SGST within the seller's state and IGST outside it. Pure; the
 * lines' totals add up to the order's total to the paisa. Throws GstNotComputable with the
 * reason when a state or an HSN code has no rate, or the amounts do not make sense.
 */
export function computeOrderTax(input: TaxInput): TaxBreakdown {
  if (!isIndianState(input.sellerState)) {
    throw new GstNotComputable(
      input.sellerState.trim() === ''
        ? "The shop's state is not set in Settings."
        : `The shop's state "${input.sellerState}" is not an Indian state.`,
    );
  }
  if (!isIndianState(input.deliveryState)) {
    throw new GstNotComputable(
      `The delivery state "${input.deliveryState}" is not an Indian state.`,
    );
  }
  const intra = input.sellerState === input.deliveryState;
  const lines = taxLines(input, intra);
  const sum = (k: 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'totalPaise') =>
    lines.reduce((a, l) => a + l[k], 0);
  return {
    supplyType: intra ? 'intra' : 'inter',
    placeOfSupply: input.deliveryState,
    placeOfSupplyCode: GST_STATE_CODES[input.deliveryState],
    lines,
    taxablePaise: sum('taxablePaise'),
    cgstPaise: sum('cgstPaise'),
    sgstPaise: sum('sgstPaise'),
    igstPaise: sum('igstPaise'),
    totalPaise: sum('totalPaise'),
  };
}

/**
 * The GST included in an order's total as IGST would charge it: what the checkout summary
 * shows. Within the shop's state the invoice's CGST + SGST can be a paisa less on a line whose
 * tax is odd (equal halves rounded down; the taxable value takes the paisa). Throws like
 * computeOrderTax.
 */
export function includedGstPaise(input: Omit<TaxInput, 'sellerState' | 'deliveryState'>): number {
  return taxLines(input, false).reduce((a, l) => a + l.igstPaise, 0);
}

/** The document's lines: the goods, then shipping; the states are already checked. */
function taxLines(
  input: Omit<TaxInput, 'sellerState' | 'deliveryState'>,
  intra: boolean,
): TaxLine[] {
  if (input.lines.length === 0) throw new GstNotComputable('The order has no goods.');
  const codFeePaise = input.codFeePaise ?? 0;
  if (
    !isWholePaise(input.discountPaise) ||
    !isWholePaise(input.shippingPaise) ||
    !isWholePaise(codFeePaise)
  ) {
    throw new GstNotComputable(
      'The discount, shipping and COD fee must be whole paise, not negative.',
    );
  }
  for (const l of input.lines) {
    if (l.kind !== 'goods') {
      throw new GstNotComputable(
        'Shipping is charged as the order’s shippingPaise, not as a line.',
      );
    }
    if (!Number.isSafeInteger(l.quantity) || l.quantity < 1 || !isWholePaise(l.unitPricePaise)) {
      throw new GstNotComputable(`${l.description}: the quantity or the price is not valid.`);
    }
  }
  const discounts = lineDiscounts(input);

  const lines: TaxLine[] = [];
  input.lines.forEach((l, i) => {
    const schedule = gstScheduleFor(l.hsn, input.at);
    if (!schedule) {
      throw new GstNotComputable(
        `${l.description} has HSN code ${l.hsn.trim() || '(none)'}, which has no GST rate in the shop's rate table.`,
      );
    }
    const discount = discounts[i]!;
    if (discount > l.quantity * l.unitPricePaise) {
      throw new GstNotComputable(`${l.description}: the discount is more than the line's value.`);
    }
    // The line's discount over its pieces: the remainder paise to the first pieces.
    const base = Math.floor(discount / l.quantity);
    const extra = discount % l.quantity;
    const groups = [
      { quantity: extra, discount: extra * (base + 1), piece: l.unitPricePaise - base - 1 },
      {
        quantity: l.quantity - extra,
        discount: (l.quantity - extra) * base,
        piece: l.unitPricePaise - base,
      },
    ]
      .filter((g) => g.quantity > 0)
      .map((g) => ({ ...g, rateBp: pieceRateBp(schedule, g.piece) }));
    // Pieces a paisa apart share a line unless they land on different rates.
    const merged =
      groups.length === 2 && groups[0]!.rateBp === groups[1]!.rateBp
        ? [{ quantity: l.quantity, discount, rateBp: groups[0]!.rateBp }]
        : groups;
    for (const g of merged) {
      const value = g.quantity * l.unitPricePaise;
      const total = value - g.discount;
      const s = split(total, g.rateBp, intra);
      lines.push({
        kind: 'goods',
        orderItemId: l.orderItemId,
        description: l.description,
        hsn: l.hsn.trim(),
        quantity: g.quantity,
        unit: 'PCS',
        unitPricePaise: l.unitPricePaise,
        valuePaise: value,
        discountPaise: g.discount,
        taxablePaise: s.taxable,
        rateBp: g.rateBp,
        cgstPaise: s.cgst,
        sgstPaise: s.sgst,
        igstPaise: s.igst,
        totalPaise: total,
      });
    }
  });

  // Composite supply: shipping and the COD fee take the highest rate among the goods, and the
  // HSN of the goods of highest taxable value at that rate (decision 025; 034 for the fee).
  const principal = lines.reduce((best, l) =>
    l.rateBp > best.rateBp || (l.rateBp === best.rateBp && l.taxablePaise > best.taxablePaise)
      ? l
      : best,
  );
  const charge = (kind: 'shipping' | 'cod_fee', description: string, paise: number): TaxLine => {
    const s = split(paise, principal.rateBp, intra);
    return {
      kind,
      orderItemId: null,
      description,
      hsn: principal.hsn,
      quantity: 1,
      unit: 'OTH',
      unitPricePaise: paise,
      valuePaise: paise,
      discountPaise: 0,
      taxablePaise: s.taxable,
      rateBp: principal.rateBp,
      cgstPaise: s.cgst,
      sgstPaise: s.sgst,
      igstPaise: s.igst,
      totalPaise: paise,
    };
  };
  if (input.shippingPaise > 0) lines.push(charge('shipping', 'Shipping', input.shippingPaise));
  if (codFeePaise > 0) lines.push(charge('cod_fee', 'Cash on delivery fee', codFeePaise));

  return lines;
}

/** The GST included in a breakdown's total (CGST + SGST + IGST). */
export function gstOf(b: TaxBreakdown): number {
  return b.cgstPaise + b.sgstPaise + b.igstPaise;
}
