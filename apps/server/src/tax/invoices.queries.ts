// SQL of tax documents (schema: tax_documents, tax_document_lines): writing a document with its
// lines, reading documents back with their lines (for the PDF, the mail, the admin), and what
// an invoice needs of the order: its delivery address and the buyer's approved wholesale GSTIN.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { taxDocumentLines, taxDocuments, queryRows, sqlList } from '../db/index.js';
import type { TaxLine } from './tax.types.js';
import type { TaxDocumentKind } from './tax-series.js';

export interface DocumentRow {
  id: number;
  kind: TaxDocumentKind;
  number: string;
  financial_year: string;
  serial: number;
  order_id: number;
  invoice_id: number | null;
  return_id: number | null;
  issued_at: Date | string;
  reason: string | null;
  seller: Record<string, unknown>;
  buyer: Record<string, unknown>;
  buyer_gstin: string | null;
  place_of_supply: string;
  place_of_supply_code: string;
  supply_type: 'intra' | 'inter';
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  total_paise: number;
  staff_id: number | null;
  /** The order's e-way bill number (invoices only; decision 046). */
  eway_bill_number: string | null;
}

export type NewDocument = typeof taxDocuments.$inferInsert;

/** Writes the document and its lines (numbered from 1 in the order given); returns its id. */
export async function insertDocument(
  db: Queryable,
  doc: NewDocument,
  lines: readonly TaxLine[],
): Promise<number> {
  const [row] = await db.insert(taxDocuments).values(doc).returning({ id: taxDocuments.id });
  const id = row!.id;
  await db.insert(taxDocumentLines).values(
    lines.map((l, i) => ({
      documentId: id,
      lineNo: i + 1,
      kind: l.kind,
      orderItemId: l.orderItemId,
      description: l.description,
      hsn: l.hsn,
      quantity: l.quantity,
      unit: l.unit,
      unitPricePaise: l.unitPricePaise,
      valuePaise: l.valuePaise,
      discountPaise: l.discountPaise,
      taxablePaise: l.taxablePaise,
      rateBp: l.rateBp,
      cgstPaise: l.cgstPaise,
      sgstPaise: l.sgstPaise,
      igstPaise: l.igstPaise,
      totalPaise: l.totalPaise,
    })),
  );
  return id;
}

/** The invoices of these orders (at most one each). */
export async function invoicesOfOrders(
  db: Queryable,
  orderIds: readonly number[],
): Promise<DocumentRow[]> {
  if (orderIds.length === 0) return [];
  return queryRows<DocumentRow>(
    db,
    sql`SELECT d.*, o.eway_bill_number FROM tax_documents d JOIN orders o ON o.id = d.order_id
        WHERE d.kind = 'invoice' AND d.order_id IN (${sqlList(orderIds)})`,
  );
}

export async function documentsByIds(
  db: Queryable,
  ids: readonly number[],
): Promise<DocumentRow[]> {
  if (ids.length === 0) return [];
  return queryRows<DocumentRow>(
    db,
    sql`SELECT d.*, CASE WHEN d.kind = 'invoice' THEN o.eway_bill_number END AS eway_bill_number
        FROM tax_documents d JOIN orders o ON o.id = d.order_id
        WHERE d.id IN (${sqlList(ids)})`,
  );
}

interface LineRow {
  document_id: number;
  kind: 'goods' | 'shipping' | 'cod_fee';
  order_item_id: number | null;
  description: string;
  hsn: string;
  quantity: number;
  unit: string;
  unit_price_paise: number;
  value_paise: number;
  discount_paise: number;
  taxable_paise: number;
  rate_bp: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  total_paise: number;
}

/** The documents' lines in their order, by document id. */
export async function linesOfDocuments(
  db: Queryable,
  ids: readonly number[],
): Promise<Map<number, TaxLine[]>> {
  const byDocument = new Map<number, TaxLine[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byDocument;
  const rows = await queryRows<LineRow>(
    db,
    sql`SELECT document_id, kind, order_item_id, description, hsn, quantity, unit,
               unit_price_paise, value_paise, discount_paise, taxable_paise, rate_bp,
               cgst_paise, sgst_paise, igst_paise, total_paise
        FROM tax_document_lines WHERE document_id IN (${sqlList(ids)})
        ORDER BY document_id, line_no`,
  );
  for (const r of rows) {
    byDocument.get(r.document_id)!.push({
      kind: r.kind,
      orderItemId: r.order_item_id,
      description: r.description,
      hsn: r.hsn,
      quantity: r.quantity,
      unit: r.unit,
      unitPricePaise: r.unit_price_paise,
      valuePaise: r.value_paise,
      discountPaise: r.discount_paise,
      taxablePaise: r.taxable_paise,
      rateBp: r.rate_bp,
      cgstPaise: r.cgst_paise,
      sgstPaise: r.sgst_paise,
      igstPaise: r.igst_paise,
      totalPaise: r.total_paise,
    });
  }
  return byDocument;
}

export interface OrderBuyerRow {
  id: number;
  user_id: number;
  state: string;
  mobile_number: string;
  shipping_address: Record<string, unknown>;
  /** An approved wholesaler's shop as it was when the order was placed (decision 046). */
  wholesale_buyer: {
    legal_name?: unknown;
    address?: unknown;
    gstin?: unknown;
    /** The registered address in parts (issue 36.29): street, city, pincode, state, state_code. */
    registered?: Record<string, unknown>;
  } | null;
}

/** The order's delivery address and its wholesale buyer, frozen when it was placed. */
export async function orderBuyer(
  db: Queryable,
  orderId: number,
): Promise<OrderBuyerRow | undefined> {
  const [row] = await queryRows<OrderBuyerRow>(
    db,
    sql`SELECT o.id, o.user_id, o.state, o.mobile_number, o.shipping_address, o.wholesale_buyer
        FROM orders o WHERE o.id = ${orderId}`,
  );
  return row;
}

/** The order's owner, or undefined when there is no such order. */
export async function orderOwner(db: Queryable, orderId: number): Promise<number | undefined> {
  const [row] = await queryRows<{ user_id: number }>(
    db,
    sql`SELECT user_id FROM orders WHERE id = ${orderId}`,
  );
  return row?.user_id;
}
