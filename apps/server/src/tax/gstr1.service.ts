// The GSTR-1 export and the monthly tax summary (decision 028): a month's tax documents as
// issued — Indian calendar month of issue — read once and written as the offline tool's CSV
// sections (one, or all in a ZIP) or summed for the back office's Tax page, with the figures
// GSTR-3B asks (Table 3.1(a) is the net; Table 3.2 the inter-state sales to unregistered
// buyers by place of supply).
import {
  GSTR1_SECTIONS,
  gstr1FileName,
  type Gstr1Section,
  type TaxAmounts,
  type TaxSummaryResponse,
} from '@kitroom/contract/admin';
import { strToU8, zipSync } from 'fflate';
import { csvText } from '../csv-writer.js';
import type { Queryable } from '../db/index.js';
import { indianMidnight } from '../indian-days.js';
import { record, type Actor } from '../staff/index.js';
import { GSTR1_HEADERS, gstr1Rows, type Gstr1Rows } from './gstr1.js';
import { documentRates, hsnLines, seriesIssued, type DocumentRate } from './gstr1.queries.js';

/** The instants a month ('2026-11') starts and ends in India. */
export function monthSpan(month: string): { from: Date; to: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: indianMidnight(`${month}-01`), to: indianMidnight(`${next}-01`) };
}

async function monthRows(db: Queryable, month: string): Promise<Gstr1Rows> {
  const { from, to } = monthSpan(month);
  const [documents, hsn, series] = await Promise.all([
    documentRates(db, from, to),
    hsnLines(db, from, to),
    seriesIssued(db, from, to),
  ]);
  return gstr1Rows(documents, hsn, series);
}

// No byte-order mark: the offline tool matches its header row as written. CRLF, as Excel.
function csvOf(section: Gstr1Section, rows: string[][]): string {
  return csvText([[...GSTR1_HEADERS[section]], ...rows]);
}

/** Records a download of the month's GSTR-1 (it carries buyers' GSTINs and names). */
async function recordExport(db: Queryable, actor: Actor, month: string, section: string) {
  await record(db, actor, {
    entity: 'tax_report',
    entityId: month,
    action: 'export_gstr1',
    after: { month, section },
  });
}

/** One section of a month's GSTR-1 as CSV, audited. */
export async function gstr1Csv(
  db: Queryable,
  actor: Actor,
  month: string,
  section: Gstr1Section,
): Promise<string> {
  await recordExport(db, actor, month, section);
  const rows = await monthRows(db, month);
  return csvOf(section, rows[section]);
}

/** Every section of a month's GSTR-1, one CSV each ('gstr1-2026-11-b2cs.csv'), in a ZIP; audited. */
export async function gstr1Zip(db: Queryable, actor: Actor, month: string): Promise<Uint8Array> {
  await recordExport(db, actor, month, 'all');
  const rows = await monthRows(db, month);
  const files = Object.fromEntries(
    GSTR1_SECTIONS.map((s) => [gstr1FileName(month, s), strToU8(csvOf(s, rows[s]))]),
  );
  return zipSync(files, { level: 6 });
}

const zero = (): TaxAmounts => ({
  taxable_paise: 0,
  cgst_paise: 0,
  sgst_paise: 0,
  igst_paise: 0,
  total_paise: 0,
});

function add(sum: TaxAmounts, d: DocumentRate, sign: 1 | -1): void {
  sum.taxable_paise += sign * d.taxablePaise;
  sum.cgst_paise += sign * d.cgstPaise;
  sum.sgst_paise += sign * d.sgstPaise;
  sum.igst_paise += sign * d.igstPaise;
  sum.total_paise += sign * d.totalPaise;
}

/** A month's invoices, credit notes and the net: by rate, by state, and the sections' sizes. */
export async function taxSummary(db: Queryable, month: string): Promise<TaxSummaryResponse> {
  const { from, to } = monthSpan(month);
  const [documents, hsn, series] = await Promise.all([
    documentRates(db, from, to),
    hsnLines(db, from, to),
    seriesIssued(db, from, to),
  ]);
  const invoices = { count: 0, ...zero() };
  const notes = { count: 0, ...zero() };
  const net = zero();
  const byRate = new Map<number, TaxAmounts>();
  const byState = new Map<string, TaxAmounts & { state: string; state_code: string }>();
  const counted = new Set<number>();
  const unregistered = new Map<
    string,
    { state: string; state_code: string; taxable_paise: number; igst_paise: number }
  >();
  for (const d of documents) {
    const isInvoice = d.kind === 'invoice';
    const totals = isInvoice ? invoices : notes;
    if (!counted.has(d.documentId)) {
      counted.add(d.documentId);
      totals.count += 1;
    }
    add(totals, d, 1);
    const sign = isInvoice ? 1 : -1;
    add(net, d, sign);
    const rate = byRate.get(d.rateBp) ?? zero();
    add(rate, d, sign);
    byRate.set(d.rateBp, rate);
    const state = byState.get(d.placeOfSupplyCode) ?? {
      state: d.placeOfSupply,
      state_code: d.placeOfSupplyCode,
      ...zero(),
    };
    add(state, d, sign);
    byState.set(d.placeOfSupplyCode, state);
    if (d.supplyType === 'inter' && d.buyerGstin === null) {
      const u = unregistered.get(d.placeOfSupplyCode) ?? {
        state: d.placeOfSupply,
        state_code: d.placeOfSupplyCode,
        taxable_paise: 0,
        igst_paise: 0,
      };
      u.taxable_paise += sign * d.taxablePaise;
      u.igst_paise += sign * d.igstPaise;
      unregistered.set(d.placeOfSupplyCode, u);
    }
  }
  const rows = gstr1Rows(documents, hsn, series);
  return {
    month,
    invoices,
    credit_notes: notes,
    net,
    by_rate: [...byRate.entries()]
      .sort(([a], [b]) => b - a)
      .map(([rateBp, amounts]) => ({ rate_bp: rateBp, ...amounts })),
    by_state: [...byState.values()].sort(
      (a, b) => b.total_paise - a.total_paise || a.state_code.localeCompare(b.state_code),
    ),
    sections: GSTR1_SECTIONS.map((section) => ({ section, rows: rows[section].length })),
    unregistered_inter_state: [...unregistered.values()]
      .filter((u) => u.taxable_paise !== 0 || u.igst_paise !== 0)
      .sort(
        (a, b) => b.taxable_paise - a.taxable_paise || a.state_code.localeCompare(b.state_code),
      ),
  };
}
