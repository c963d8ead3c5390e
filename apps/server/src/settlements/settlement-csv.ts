// Reading the settlement report downloaded from Razorpay's dashboard: the columns of the
// Settlement Recon API (entity_id, type, debit, credit, amount, fee, tax, settlement_id, …) as
// CSV. Its amount unit is not reliably documented, so the owner says which it is (decision
// 076): rupees as the dashboard shows them (up to two decimals) or paise as the API gives them.
// Every value that is not what its column holds is a row error naming the row and column.
import {
  MAX_SETTLEMENT_CSV_ROWS,
  SETTLEMENT_ITEM_TYPES,
  type SettlementUnit,
} from '@kitroom/contract/admin';
import { parse } from 'csv-parse/sync';
import { IST_OFFSET_MS } from '../indian-days.js';
import { Invalid } from '../domain-errors.js';
import type { SettlementItem, SettlementItemKind } from '../payments/index.js';

export const REQUIRED_COLUMNS = [
  'entity_id',
  'type',
  'debit',
  'credit',
  'amount',
  'fee',
  'tax',
  'created_at',
  'settled_at',
  'settlement_id',
] as const;

export const NOT_UTF8 =
  'The file is not UTF-8 text: download the report from the Razorpay dashboard again and upload it as it is.';
export const NO_ROWS = 'The file has no rows under its header: it has nothing to match.';
export const TOO_MANY_ROWS = `The file has more than ${MAX_SETTLEMENT_CSV_ROWS.toLocaleString('en-IN')} rows: upload a shorter period (a day or a week at a time).`;
/** How many row errors one refusal lists. */
const ERRORS_SHOWN = 10;

const RUPEES = /^\d{1,9}(\.\d{1,2})?$/;
const PAISE = /^\d{1,11}$/;
const ENTITY_ID = /^[A-Za-z0-9_]{1,64}$/;

/** An amount in paise, or null when the text is not an amount in the unit. */
export function amountOf(text: string, unit: SettlementUnit): number | null {
  if (unit === 'paise') return PAISE.test(text) ? Number(text) : null;
  if (!RUPEES.test(text)) return null;
  const [whole, fraction = ''] = text.split('.') as [string, string?];
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * An instant from the file: unix seconds as the API gives them, or a date and time in Indian
 * time as a spreadsheet writes it (yyyy-mm-dd hh:mm[:ss] or dd/mm/yyyy hh:mm[:ss]).
 */
export function instantOf(text: string): Date | null {
  if (/^\d{9,11}$/.test(text)) return new Date(Number(text) * 1000);
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  let parts: string[] | undefined = m
    ? [m[1]!, m[2]!, m[3]!, m[4] ?? '0', m[5] ?? '0', m[6] ?? '0']
    : undefined;
  if (!parts) {
    m = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
    parts = m ? [m[3]!, m[2]!, m[1]!, m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'] : undefined;
  }
  if (!parts) return null;
  const [y, mo, d, h, mi, s] = parts.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const utc = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(utc);
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) {
    return null;
  }
  return new Date(utc - IST_OFFSET_MS);
}

/** The file's items, amounts in paise; throws Invalid naming the rows and columns at fault. */
export function readSettlementCsv(bytes: Buffer, unit: SettlementUnit): SettlementItem[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Invalid(NOT_UTF8);
  }
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      to: MAX_SETTLEMENT_CSV_ROWS + 2,
    }) as string[][];
  } catch (err) {
    throw new Invalid(`The file is not a CSV file we can read: ${(err as Error).message}`);
  }
  const [header, ...rows] = records;
  const columns = (header ?? []).map((c) => c.toLowerCase());
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length > 0) {
    throw new Invalid(
      `The first row must name the settlement report's columns; it lacks ${missing.join(', ')}. Upload the settlement report as the Razorpay dashboard gives it (Reports → Settlements).`,
    );
  }
  if (rows.length === 0) throw new Invalid(NO_ROWS);
  if (rows.length > MAX_SETTLEMENT_CSV_ROWS) throw new Invalid(TOO_MANY_ROWS);

  const at = (name: string) => columns.indexOf(name);
  const errors: string[] = [];
  const items: SettlementItem[] = [];
  const unitText =
    unit === 'rupees' ? 'an amount in rupees (up to two decimals)' : 'a whole number of paise';
  rows.forEach((cells, index) => {
    const row = index + 2; // the header is row 1
    const cell = (name: string) => (at(name) >= 0 ? (cells[at(name)] ?? '') : '');
    const fault = (column: string, why: string) => errors.push(`Row ${row}, ${column}: ${why}.`);
    const money = (column: string, required: boolean): number => {
      const value = cell(column);
      if (value === '' && !required) return 0;
      const paise = amountOf(value, unit);
      if (paise === null) fault(column, `“${value.slice(0, 40)}” is not ${unitText}`);
      return paise ?? 0;
    };
    const when = (column: string, required: boolean): Date | null => {
      const value = cell(column);
      if (value === '' && !required) return null;
      const instant = instantOf(value);
      if (!instant) {
        fault(
          column,
          `“${value.slice(0, 40)}” is not a date (unix seconds, yyyy-mm-dd hh:mm:ss or dd/mm/yyyy hh:mm:ss in Indian time)`,
        );
      }
      return instant;
    };
    const entityId = cell('entity_id');
    if (!ENTITY_ID.test(entityId)) fault('entity_id', `“${entityId.slice(0, 40)}” is not an id`);
    const typeText = cell('type').toLowerCase();
    const type = SETTLEMENT_ITEM_TYPES.find((t) => t === typeText);
    if (!type) {
      fault('type', `“${typeText.slice(0, 40)}” is not payment, refund, transfer or adjustment`);
    }
    const item: SettlementItem = {
      entityId,
      type: (type ?? 'adjustment') as SettlementItemKind,
      amountPaise: money('amount', true),
      feePaise: money('fee', false),
      taxPaise: money('tax', false),
      debitPaise: money('debit', false),
      creditPaise: money('credit', false),
      currency: cell('currency') || 'INR',
      createdAt: when('created_at', true) ?? new Date(0),
      settledAt: when('settled_at', false),
      settlementId: cell('settlement_id') || null,
      settlementUtr: cell('settlement_utr') || null,
      paymentId: cell('payment_id') || null,
      description: cell('description') || null,
    };
    items.push(item);
  });
  if (errors.length > 0) {
    const more = errors.length > ERRORS_SHOWN ? ` (and ${errors.length - ERRORS_SHOWN} more)` : '';
    throw new Invalid(
      `The file has ${errors.length === 1 ? 'a problem' : `${errors.length} problems`}${more}: ${errors.slice(0, ERRORS_SHOWN).join(' ')}`,
    );
  }
  return items;
}
