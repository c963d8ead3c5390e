// What a credit note reverses (decision 028), worked out from the invoice's stored lines and
// what earlier credit notes on it reversed already. Pure. A returned piece is reversed at the
// invoice line's per-piece amounts (each amount divided by the line's pieces, rounded down);
// the line's last piece takes the remainder, so notes that reverse every piece reverse the
// invoice line to the paisa, and nothing is ever reversed twice. Within the state a piece's
// CGST and SGST are equal, as on the invoice, and its taxable value takes the odd paisa.
import type { TaxLine } from './tax.types.js';

type Amount =
  | 'valuePaise'
  | 'discountPaise'
  | 'taxablePaise'
  | 'cgstPaise'
  | 'sgstPaise'
  | 'igstPaise'
  | 'totalPaise';

export const AMOUNTS: readonly Amount[] = [
  'valuePaise',
  'discountPaise',
  'taxablePaise',
  'cgstPaise',
  'sgstPaise',
  'igstPaise',
  'totalPaise',
];

/** What earlier credit notes reversed of one invoice line: pieces and amounts. */
export type Reversed = { quantity: number } & Record<Amount, number>;

export const NOTHING_REVERSED: Reversed = {
  quantity: 0,
  valuePaise: 0,
  discountPaise: 0,
  taxablePaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 0,
  totalPaise: 0,
};

/**
 * Which invoice line a credit-note line reverses: an order line's pieces on one rate (the
 * computation splits a line only where its pieces fall on different rates), or the shipping.
 */
export function lineKey(l: Pick<TaxLine, 'kind' | 'orderItemId' | 'rateBp'>): string {
  return `${l.kind}:${l.orderItemId ?? '-'}:${l.rateBp}`;
}

/** The reversal of `pieces` more pieces of an invoice line; null when none are left. */
export function reversalOf(
  line: TaxLine,
  before: Reversed,
  pieces: number,
  intra: boolean,
): TaxLine | null {
  const left = line.quantity - before.quantity;
  const n = Math.min(pieces, left);
  if (n <= 0) return null;
  if (n === left) {
    const rest = Object.fromEntries(AMOUNTS.map((k) => [k, line[k] - before[k]])) as Record<
      Amount,
      number
    >;
    return { ...line, quantity: n, ...rest };
  }
  const perPiece = (k: Amount) => n * Math.floor(line[k] / line.quantity);
  const valuePaise = n * line.unitPricePaise;
  const discountPaise = perPiece('discountPaise');
  const totalPaise = valuePaise - discountPaise;
  if (intra) {
    // CGST and SGST stay equal halves; the taxable value takes what is left (issue 36).
    const half = perPiece('cgstPaise');
    return {
      ...line,
      quantity: n,
      valuePaise,
      discountPaise,
      totalPaise,
      taxablePaise: totalPaise - 2 * half,
      cgstPaise: half,
      sgstPaise: half,
      igstPaise: 0,
    };
  }
  const taxablePaise = perPiece('taxablePaise');
  return {
    ...line,
    quantity: n,
    valuePaise,
    discountPaise,
    totalPaise,
    taxablePaise,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: totalPaise - taxablePaise,
  };
}

/** What credit-note lines reversed, summed by the invoice line they reverse. */
export function reversedBy(lines: readonly TaxLine[]): Map<string, Reversed> {
  const reversed = new Map<string, Reversed>();
  for (const l of lines) {
    const sum = reversed.get(lineKey(l)) ?? NOTHING_REVERSED;
    reversed.set(lineKey(l), {
      quantity: sum.quantity + l.quantity,
      ...(Object.fromEntries(AMOUNTS.map((k) => [k, sum[k] + l[k]])) as Record<Amount, number>),
    });
  }
  return reversed;
}

/** What to reverse: some pieces of order lines (by order_items.id), or all that is left. */
export type ReversalAsk = { kind: 'everything' } | { kind: 'pieces'; pieces: Map<number, number> };

/** The credit note's lines for an ask, in the invoice's line order. */
export function creditNoteLines(
  invoiceLines: readonly TaxLine[],
  reversed: ReadonlyMap<string, Reversed>,
  ask: ReversalAsk,
  intra: boolean,
): TaxLine[] {
  const wanted = ask.kind === 'pieces' ? new Map(ask.pieces) : null;
  const lines: TaxLine[] = [];
  for (const line of invoiceLines) {
    const before = reversed.get(lineKey(line)) ?? NOTHING_REVERSED;
    let pieces = line.quantity;
    if (wanted) {
      if (line.kind !== 'goods' || line.orderItemId === null) continue;
      pieces = wanted.get(line.orderItemId) ?? 0;
    }
    const reversal = reversalOf(line, before, pieces, intra);
    if (!reversal) continue;
    // An order line split over two rates gives its pieces from the first line first.
    if (wanted) wanted.set(line.orderItemId!, pieces - reversal.quantity);
    lines.push(reversal);
  }
  return lines;
}

/**
 * What a credit note's lines give back, GST included: their taxable value and taxes. A
 * return's refund is this same figure (issue 36), so the money and the note never differ.
 */
export function creditNoteTotalPaise(lines: readonly TaxLine[]): number {
  return lines.reduce((s, l) => s + l.taxablePaise + l.cgstPaise + l.sgstPaise + l.igstPaise, 0);
}

/**
 * What returning some pieces (order line → pieces) gives back: the total of the credit note
 * that reverses them, at the invoice line's per-piece amounts (printing included, as it is in
 * the piece's price; shipping kept).
 */
export function returnedPiecesPaise(
  invoiceLines: readonly TaxLine[],
  reversed: ReadonlyMap<string, Reversed>,
  pieces: ReadonlyMap<number, number>,
  intra: boolean,
): number {
  return creditNoteTotalPaise(
    creditNoteLines(invoiceLines, reversed, { kind: 'pieces', pieces: new Map(pieces) }, intra),
  );
}
