// The numbers on tax documents (CGST Rule 46(b)): a consecutive serial per series — a kind of
// document in a financial year (April to March, Indian time) — printed with a prefix per kind
// and the year, e.g. 'KR/26-27/000123'. At most 16 characters of letters, digits, '/' and '-'
// (decision 027).
import { indianDayOf } from '../indian-days.js';

export type TaxDocumentKind = 'invoice' | 'credit_note' | 'delivery_challan';

/**
 * The prefix of each series: KR for the shop's invoices, CN for its credit notes, DC for its
 * delivery challans.
 */
export const NUMBER_PREFIX: Record<TaxDocumentKind, string> = {
  invoice: 'KR',
  credit_note: 'CN',
  delivery_challan: 'DC',
};

/** The financial year ('2026-27') an instant falls in: April to March, by the Indian day. */
export function financialYearOf(at: Date): string {
  const [year, month] = indianDayOf(at).split('-').map(Number) as [number, number];
  const first = month >= 4 ? year : year - 1;
  return `${first}-${String((first + 1) % 100).padStart(2, '0')}`;
}

/**
 * The printed number: 'KR/26-27/000123'. Six digits keep the numbers the same width and
 * sorted as text; a year past 999,999 documents grows to seven (16 characters).
 */
export function documentNumber(kind: TaxDocumentKind, financialYear: string, serial: number) {
  const years = `${financialYear.slice(2, 4)}-${financialYear.slice(5, 7)}`;
  const number = `${NUMBER_PREFIX[kind]}/${years}/${String(serial).padStart(6, '0')}`;
  if (number.length > 16) throw new Error(`The ${kind} series for ${financialYear} is full.`);
  return number;
}
