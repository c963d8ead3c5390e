// SQL of the month's B2B sales: invoices to registered buyers (a GSTIN on the document) issued
// in a span, read in batches by id.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows } from '../db/index.js';

export interface B2bInvoiceRow {
  id: number;
  number: string;
  issued_at: Date | string;
  buyer_gstin: string;
  legal_name: string;
  place_of_supply: string;
  place_of_supply_code: string;
  taxable_paise: number;
  igst_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  total_paise: number;
}

/** Up to `limit` B2B invoices issued in [from, to) with an id above `afterId`, by id. */
export async function b2bInvoices(
  db: Queryable,
  from: Date,
  to: Date,
  afterId: number,
  limit: number,
): Promise<B2bInvoiceRow[]> {
  return queryRows<B2bInvoiceRow>(
    db,
    sql`SELECT id, number, issued_at, buyer_gstin,
               coalesce(buyer->>'legal_name', buyer->>'name', '') AS legal_name,
               place_of_supply, place_of_supply_code, taxable_paise, igst_paise, cgst_paise,
               sgst_paise, total_paise
          FROM tax_documents
         WHERE kind = 'invoice' AND buyer_gstin IS NOT NULL
           AND issued_at >= ${from.toISOString()}::timestamptz
           AND issued_at < ${to.toISOString()}::timestamptz
           AND id > ${afterId}
         ORDER BY id
         LIMIT ${limit}`,
  );
}
