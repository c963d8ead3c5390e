// SQL of credit notes (schema: tax_documents of kind 'credit_note' and their lines): what the
// credit notes on an invoice reversed so far, and an order's notes for the back office (the
// invoice itself is read, and a note written, by invoices.queries.ts). The caller holds the
// order's lock, so notes on one order are written one at a time.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows } from '../db/index.js';
import { reversedBy, type Reversed } from './credit-notes.js';
import type { TaxLine } from './tax.types.js';

/** What the credit notes on an invoice reversed so far, by the invoice line they reverse. */
export async function reversedOf(db: Queryable, invoiceId: number): Promise<Map<string, Reversed>> {
  const rows = await queryRows<TaxLine>(
    db,
    sql`SELECT l.kind, l.order_item_id AS "orderItemId", l.rate_bp AS "rateBp",
               l.quantity, l.value_paise AS "valuePaise", l.discount_paise AS "discountPaise",
               l.taxable_paise AS "taxablePaise", l.cgst_paise AS "cgstPaise",
               l.sgst_paise AS "sgstPaise", l.igst_paise AS "igstPaise",
               l.total_paise AS "totalPaise"
        FROM tax_documents d JOIN tax_document_lines l ON l.document_id = d.id
        WHERE d.kind = 'credit_note' AND d.invoice_id = ${invoiceId}`,
  );
  return reversedBy(rows);
}

export interface CreditNoteRow {
  id: number;
  number: string;
  issued_at: Date | string;
  reason: string | null;
  return_id: number | null;
  total_paise: number;
  order_id: number;
}

/** An order's credit notes, oldest first. */
export async function creditNotesOfOrder(db: Queryable, orderId: number): Promise<CreditNoteRow[]> {
  return queryRows<CreditNoteRow>(
    db,
    sql`SELECT id, number, issued_at, reason, return_id, total_paise, order_id
        FROM tax_documents WHERE kind = 'credit_note' AND order_id = ${orderId}
        ORDER BY financial_year, serial`,
  );
}

/** One credit note's order, if the id is a credit note's. */
export async function creditNoteOrder(db: Queryable, id: number): Promise<number | undefined> {
  const [row] = await queryRows<{ order_id: number }>(
    db,
    sql`SELECT order_id FROM tax_documents WHERE kind = 'credit_note' AND id = ${id}`,
  );
  return row?.order_id;
}
