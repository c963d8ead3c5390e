// Every CSV the server writes for staff (orders, GSTR-1, B2B sales, the catalogue) goes
// through here, so that every cell is formula-safe: text a shopper typed ('=HYPERLINK(…)' in
// an address) opens in a spreadsheet as text, never as a live formula (OWASP "CSV
// Injection"). Rows are written CRLF, as Excel writes them.
import { Readable } from 'node:stream';
import { escapeCell } from '@kitroom/contract/admin';
import { stringify as stringifyAll } from 'csv-stringify/sync';

export interface CsvOptions {
  /** A UTF-8 byte-order mark first, so Excel reads ₹ and names right; not for the GST tool. */
  bom?: boolean;
}

const escaped = (row: readonly string[]) => row.map(escapeCell);

/** Rows a chunk of the stream holds: a hundred rows of a few hundred bytes each. */
const ROWS_PER_CHUNK = 100;

/**
 * Batches of rows, read on demand, as a CSV stream; an error reading them ends the stream with
 * it. Each batch is written as text a hundred rows at a time rather than a stream step per
 * row: the catalogue's export of 100,000 products took half the time (bench/README).
 */
export function csvStream(
  batches: AsyncIterable<readonly (readonly string[])[]>,
  opts: CsvOptions = {},
): Readable {
  async function* chunks() {
    let first = opts.bom ?? false;
    for await (const rows of batches) {
      for (let i = 0; i < rows.length; i += ROWS_PER_CHUNK) {
        yield csvText(rows.slice(i, i + ROWS_PER_CHUNK), { bom: first });
        first = false;
      }
    }
  }
  return Readable.from(chunks(), { objectMode: false, highWaterMark: 64 * 1024 });
}

/** Rows as one CSV text. */
export function csvText(rows: readonly (readonly string[])[], opts: CsvOptions = {}): string {
  return stringifyAll(rows.map(escaped), { bom: opts.bom ?? false, record_delimiter: 'windows' });
}
