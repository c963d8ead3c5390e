// Delivery challans (CGST Rule 55; issue 40, item 6): an exchange's replacement leaves the shop
// without a new sale — the shopper paid once, on the original invoice — so it travels under a
// challan in its own series ('DC/26-27/000001'): the replacement's lines at the value the
// invoice gave each piece, no tax charged, against that invoice. Issued in the transaction
// that ships the replacement (each parcel its own challan, a replacement shipped again too);
// an order shipped before invoices were issued (decision 027) has none. Challans are no
// supply: GSTR-1 counts them in Table 13 only.
import type { Queryable, Tx } from '../db/index.js';
import { NotFound } from '../domain-errors.js';
import * as documents from './invoices.queries.js';
import { documentFile } from './invoices.service.js';
import { nextNumber } from './tax-series.queries.js';
import * as q from './delivery-challans.queries.js';
import type { TaxLine } from './tax.types.js';

/** A replacement's line: which order line it replaces, how many, and what goes out. */
export interface ReplacementLine {
  orderItemId: number;
  quantity: number;
  /** 'Kerala Blasters Home 2026 (L)', with its print when it has one. */
  description: string;
}

export interface IssuedChallan {
  id: number;
  number: string;
}

/**
 * The challan of an exchange's replacement parcel, or null when the order has no invoice. Each
 * line is valued at the invoice's taxable value per piece of the line it replaces (the goods'
 * value, GST excluded), at its HSN.
 */
export async function challanForReplacement(
  tx: Tx,
  orderId: number,
  returnId: number,
  lines: readonly ReplacementLine[],
  how: { staffId: number | null; at: Date },
): Promise<IssuedChallan | null> {
  const [invoice] = await documents.invoicesOfOrders(tx, [orderId]);
  if (!invoice) return null;
  const sold = (await documents.linesOfDocuments(tx, [invoice.id])).get(invoice.id)!;
  const challanLines: TaxLine[] = lines.map((l) => {
    // A line whose pieces fell on two rates is two invoice lines: its value per piece is theirs
    // together.
    const of = sold.filter((s) => s.kind === 'goods' && s.orderItemId === l.orderItemId);
    if (of.length === 0) {
      throw new Error(`Invoice ${invoice.number} has no line for order line ${l.orderItemId}.`);
    }
    const pieces = of.reduce((n, s) => n + s.quantity, 0);
    const taxable = of.reduce((n, s) => n + s.taxablePaise, 0);
    const perPiece = Math.round(taxable / pieces);
    const value = perPiece * l.quantity;
    return {
      kind: 'goods',
      orderItemId: l.orderItemId,
      description: l.description,
      hsn: of[0]!.hsn,
      quantity: l.quantity,
      unit: of[0]!.unit,
      unitPricePaise: perPiece,
      valuePaise: value,
      discountPaise: 0,
      taxablePaise: value,
      rateBp: of[0]!.rateBp,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
      totalPaise: value,
    };
  });
  const value = challanLines.reduce((n, l) => n + l.totalPaise, 0);
  // The number last: the series' row stays locked only for the inserts that follow.
  const taken = await nextNumber(tx, 'delivery_challan', how.at);
  const id = await documents.insertDocument(
    tx,
    {
      kind: 'delivery_challan',
      number: taken.number,
      financialYear: taken.financialYear,
      serial: taken.serial,
      orderId,
      invoiceId: invoice.id,
      returnId,
      issuedAt: how.at,
      reason: `Replacement in exchange #${returnId}: goods sent without consideration`,
      // The goods go to the invoice's buyer and address.
      seller: invoice.seller,
      buyer: invoice.buyer,
      buyerGstin: invoice.buyer_gstin,
      placeOfSupply: invoice.place_of_supply,
      placeOfSupplyCode: invoice.place_of_supply_code,
      supplyType: invoice.supply_type,
      taxablePaise: value,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
      totalPaise: value,
      staffId: how.staffId,
    },
    challanLines,
  );
  return { id, number: taken.number };
}

/** An exchange's challans, oldest first. */
export async function challansOfReturn(
  db: Queryable,
  returnId: number,
): Promise<{ id: number; number: string; issued_at: string }[]> {
  return (await q.challansOfReturn(db, returnId)).map((r) => ({
    id: r.id,
    number: r.number,
    issued_at: new Date(r.issued_at).toISOString(),
  }));
}

export const CHALLAN_NOT_FOUND = 'Delivery challan not found.';

/** One challan as a PDF; 404 when the id is not a challan's. */
export async function challanPdf(
  db: Queryable,
  signingKey: Buffer | null,
  id: number,
): Promise<{ fileName: string; pdf: Buffer }> {
  const file = (await q.isChallan(db, id)) ? await documentFile(db, signingKey, id) : null;
  if (!file) throw new NotFound(CHALLAN_NOT_FOUND);
  return file;
}
