// Every CSV the server writes for staff (orders, GSTR-1, B2B sales, the catalogue) goes
// through here, so that every cell is formula-safe: text a shopper typed ('=HYPERLINK(…)' in
// an address) opens in a spreadsheet as text, never as a live formula (OWASP "CSV
// Injection"). Rows are written CRLF, as Excel writes them.
import { Readable } from 'node:stream';
import { escapeCell } from '@kitroom/contract/admin';
import { stringify } from 'csv-stringify';
import { stringify as stringifyAll } from 'csv-stringify/sync';

export interface CsvOptions {
  /** A UTF-8 byte-order mark first, so Excel reads ₹ and names right; not for the GST tool. */
  bom?: boolean;
}

const escaped = (row: readonly string[]) => row.map(escapeCell);

/** Rows, read on demand, as a CSV stream; an error reading them ends the stream with it. */
export function csvStream(
  rows: AsyncIterable<readonly string[]> | Iterable<readonly string[]>,
  opts: CsvOptions = {},
): Readable {
  async function* safeRows() {
    for await (const row of rows) yield escaped(row);
  }
  const records = Readable.from(safeRows());
  const csv = stringify({ bom: opts.bom ?? false, record_delimiter: 'windows' });
  records.on('error', (err) => csv.destroy(err));
  return records.pipe(csv);
}

/** Rows as one CSV text. */
export function csvText(rows: readonly (readonly string[])[], opts: CsvOptions = {}): string {
  return stringifyAll(rows.map(escaped), { bom: opts.bom ?? false, record_delimiter: 'windows' });
}
