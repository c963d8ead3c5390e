// The month's B2B sales as CSV (decision 046): every invoice to a registered wholesaler issued
// in the Indian calendar month — number, date, GSTIN, legal name, place of supply, taxable
// value, IGST, CGST, SGST and total in rupees with two decimals (exact paise) — streamed a
// batch at a time. The download is audit-logged before it starts: it carries buyers' details.
import type { Readable } from 'node:stream';
import { paiseToDecimalString } from '@kitroom/contract';
import { csvStream } from '../csv-writer.js';
import type { Queryable } from '../db/index.js';
import { indianDayOf } from '../indian-days.js';
import { record, type Actor } from '../staff/index.js';
import { b2bInvoices } from './b2b-sales.queries.js';
import { monthSpan } from './gstr1.service.js';

/** Invoices per query. */
export const B2B_SALES_BATCH = 500;

export const B2B_SALES_HEADER = [
  'invoice_number',
  'invoice_date',
  'gstin',
  'legal_name',
  'place_of_supply',
  'taxable_value',
  'igst',
  'cgst',
  'sgst',
  'total',
] as const;

async function* records(db: Queryable, month: string): AsyncGenerator<string[][]> {
  yield [[...B2B_SALES_HEADER]];
  const { from, to } = monthSpan(month);
  let afterId = 0;
  for (;;) {
    const rows = await b2bInvoices(db, from, to, afterId, B2B_SALES_BATCH);
    yield rows.map((r) => [
      r.number,
      indianDayOf(new Date(r.issued_at)),
      r.buyer_gstin,
      r.legal_name,
      `${r.place_of_supply_code}-${r.place_of_supply}`,
      paiseToDecimalString(r.taxable_paise),
      paiseToDecimalString(r.igst_paise),
      paiseToDecimalString(r.cgst_paise),
      paiseToDecimalString(r.sgst_paise),
      paiseToDecimalString(r.total_paise),
    ]);
    const last = rows.at(-1);
    if (!last || rows.length < B2B_SALES_BATCH) return;
    afterId = last.id;
  }
}

/** Records who downloaded the month's B2B sales, then streams them as CSV (CRLF, no BOM). */
export async function b2bSalesCsv(db: Queryable, actor: Actor, month: string): Promise<Readable> {
  await record(db, actor, {
    entity: 'tax_report',
    entityId: month,
    action: 'export_b2b_sales',
    after: { month },
  });
  return csvStream(records(db, month));
}
