// Credit notes (CGST Section 34, Rule 53; decision 028): when an invoiced order is canceled,
// or the pieces of a return come back, a credit note in its own series ('CN/26-27/000007')
// reverses the tax the invoice charged on them — the invoice's own amounts, line by line, so
// the notes on an invoice never add up to more than it. Issued in the caller's transaction,
// which holds the order's lock; an order without an invoice gets none.
import { CREDIT_NOTE_NOT_FOUND, type AdminCreditNote } from '@kitroom/contract/admin';
import type { Queryable, Tx } from '../db/index.js';
import { Conflict, NotFound } from '../domain-errors.js';
import {
  creditNoteLines,
  creditNoteTotalPaise,
  returnedPiecesPaise,
  reversedBy,
  type ReversalAsk,
} from './credit-notes.js';
import * as q from './credit-notes.queries.js';
import * as documents from './invoices.queries.js';
import { documentFile } from './invoices.service.js';
import { orderQuote } from './order-tax.service.js';
import { eInvoicesOfDocuments, insertPending, type EInvoiceRow } from './e-invoices.queries.js';
import { nextNumber } from './tax-series.queries.js';
import type { TaxLine } from './tax.types.js';

export interface IssuedCreditNote {
  id: number;
  number: string;
  totalPaise: number;
}

interface Issue {
  reason: string;
  staffId: number | null;
  returnId?: number;
  at: Date;
}

type Pieces = readonly { orderItemId: number; quantity: number }[];

const byLine = (pieces: Pieces) => {
  const m = new Map<number, number>();
  for (const p of pieces) m.set(p.orderItemId, (m.get(p.orderItemId) ?? 0) + p.quantity);
  return m;
};

async function issue(
  tx: Tx,
  orderId: number,
  ask: ReversalAsk,
  how: Issue,
): Promise<IssuedCreditNote | null> {
  const [invoice] = await documents.invoicesOfOrders(tx, [orderId]);
  if (!invoice) return null;
  const intra = invoice.supply_type === 'intra';
  const lines = creditNoteLines(
    (await documents.linesOfDocuments(tx, [invoice.id])).get(invoice.id)!,
    await q.reversedOf(tx, invoice.id),
    ask,
    intra,
  );
  if (lines.length === 0) return null;
  const sum = (k: keyof Pick<TaxLine, 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise'>) =>
    lines.reduce((s, l) => s + l[k], 0);
  const totalPaise = creditNoteTotalPaise(lines);
  // The number last: the series' row stays locked only for the inserts that follow.
  const taken = await nextNumber(tx, 'credit_note', how.at);
  const id = await documents.insertDocument(
    tx,
    {
      kind: 'credit_note',
      number: taken.number,
      financialYear: taken.financialYear,
      serial: taken.serial,
      orderId,
      invoiceId: invoice.id,
      returnId: how.returnId ?? null,
      issuedAt: how.at,
      reason: how.reason,
      // The supply being reversed is the invoice's: the same parties and place of supply.
      seller: invoice.seller,
      buyer: invoice.buyer,
      buyerGstin: invoice.buyer_gstin,
      placeOfSupply: invoice.place_of_supply,
      placeOfSupplyCode: invoice.place_of_supply_code,
      supplyType: invoice.supply_type,
      taxablePaise: sum('taxablePaise'),
      cgstPaise: sum('cgstPaise'),
      sgstPaise: sum('sgstPaise'),
      igstPaise: sum('igstPaise'),
      totalPaise,
      staffId: how.staffId,
    },
    lines,
  );
  // A note on an e-invoice is an e-invoice document too (Typ CRN, decision 068), registered
  // after this commits, as its invoice was; none when the invoice's IRN was canceled (void).
  const eInvoice = (await eInvoicesOfDocuments(tx, [invoice.id])).get(invoice.id);
  if (eInvoice && eInvoice.status !== 'canceled') await insertPending(tx, id, how.at);
  return { id, number: taken.number, totalPaise };
}

/**
 * A canceled order's credit note: everything of its invoice that no note reversed yet, the
 * shipping too (a cancellation refunds it). None without an invoice or with nothing left.
 */
export function creditNoteForCancellation(
  tx: Tx,
  orderId: number,
  how: { reason: string; staffId: number | null; at: Date },
): Promise<IssuedCreditNote | null> {
  return issue(tx, orderId, { kind: 'everything' }, how);
}

/**
 * A received return's credit note: its pieces (order line and quantity), at the invoice's
 * per-piece amounts. Shipping stays: a return does not refund it.
 */
export function creditNoteForReturn(
  tx: Tx,
  orderId: number,
  returnId: number,
  pieces: Pieces,
  how: { staffId: number | null; at: Date },
): Promise<IssuedCreditNote | null> {
  return issue(
    tx,
    orderId,
    { kind: 'pieces', pieces: byLine(pieces) },
    { ...how, returnId, reason: `Return #${returnId} received` },
  );
}

/**
 * What a return of these pieces gives back, GST included: the total of the credit note its
 * receipt issues (the same function over the invoice's lines and what earlier notes reversed),
 * so the refund and the note are one figure. An order shipped before invoices were issued
 * (decision 027) has none: the lines its invoice would have had are used, less the pieces of
 * the returns received before (`receivedBefore`).
 */
export async function returnCreditPaise(
  db: Queryable,
  orderId: number,
  pieces: Pieces,
  receivedBefore: Pieces,
): Promise<number> {
  const [invoice] = await documents.invoicesOfOrders(db, [orderId]);
  if (invoice) {
    const lines = (await documents.linesOfDocuments(db, [invoice.id])).get(invoice.id)!;
    const reversed = await q.reversedOf(db, invoice.id);
    return returnedPiecesPaise(lines, reversed, byLine(pieces), invoice.supply_type === 'intra');
  }
  const quote = await orderQuote(db, orderId, new Date());
  if (!quote) throw new NotFound(`Order #${orderId} does not exist.`);
  if (!quote.tax) {
    throw new Conflict(
      `The refund for order #${orderId} cannot be worked out: ${quote.taxProblem ?? "the shop's state is not set in Settings."}`,
    );
  }
  const intra = quote.tax.supplyType === 'intra';
  const before = creditNoteLines(
    quote.tax.lines,
    new Map(),
    { kind: 'pieces', pieces: byLine(receivedBefore) },
    intra,
  );
  return returnedPiecesPaise(quote.tax.lines, reversedBy(before), byLine(pieces), intra);
}

/** An order's credit notes for the back office, oldest first (none for an unknown order). */
export async function orderCreditNotes(db: Queryable, orderId: number): Promise<AdminCreditNote[]> {
  const rows = await q.creditNotesOfOrder(db, orderId);
  const eInvoices = await eInvoicesOfDocuments(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    issued_at: new Date(r.issued_at).toISOString(),
    reason: r.reason,
    return_id: r.return_id,
    total_paise: r.total_paise,
    irn_status: irnStatus(eInvoices.get(r.id)),
  }));
}

/** A credit note's e-invoice in a line of staff's words; null when it needs none. */
function irnStatus(row: EInvoiceRow | undefined): string | null {
  if (!row) return null;
  if (row.status === 'registered') return `IRN ${row.irn}`;
  if (row.status === 'canceled') return 'IRN canceled';
  return `IRN pending: ${row.last_error ?? 'waiting to be sent to the IRP (within a minute).'}`;
}

/** One credit note as a PDF; 404 when the id is not a credit note's. */
export async function creditNotePdf(
  db: Queryable,
  signingKey: Buffer | null,
  id: number,
): Promise<{ fileName: string; pdf: Buffer }> {
  const file =
    (await q.creditNoteOrder(db, id)) === undefined ? null : await documentFile(db, signingKey, id);
  if (!file) throw new NotFound(CREDIT_NOTE_NOT_FOUND);
  return file;
}
