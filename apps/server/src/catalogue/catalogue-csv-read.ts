// Reading an uploaded CSV file as a stream: UTF-8 checked strictly (a file saved in another
// encoding is refused, not silently mangled), csv-parse record by record, the header checked,
// and every data row checked by the contract's field rules. Returns the products and every
// problem by row and column.
import { Transform, type Readable } from 'node:stream';
import {
  checkCsvHeader,
  csvRowProduct,
  parseCsvProduct,
  unescapeCell,
  type CsvColumn,
  type CsvProduct,
  type CsvRowError,
} from '@kitroom/contract/admin';
import { parse } from 'csv-parse';

/** A file larger than this is refused (100,000 demo products with their details are 69 MB). */
export const MAX_CSV_BYTES = 192 * 1024 * 1024;
export const MAX_CSV_ROWS = 100_000;

export const NOT_UTF8 =
  'the file is not UTF-8 text: save it from your spreadsheet as "CSV UTF-8" and try again';
export const EMPTY_FILE = 'the file is empty: it needs the header row and at least one product';
export const NOT_TEXT = 'contains a character that is not text';

export interface ReadRow {
  row: number;
  product: CsvProduct;
}

export interface ReadResult {
  rows: ReadRow[];
  /** Data rows in the file (blank lines not counted). */
  count: number;
  errors: CsvRowError[];
}

/** Strict UTF-8 to text, counting bytes and failing on the first byte that is not UTF-8. */
function utf8Text(onBytes: (bytes: number) => void): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > MAX_CSV_BYTES) {
        done(new FileProblem(`the file is larger than ${MAX_CSV_BYTES / 1024 / 1024} MB`));
        return;
      }
      onBytes(bytes);
      try {
        done(null, decoder.decode(chunk, { stream: true }));
      } catch {
        done(new FileProblem(NOT_UTF8));
      }
    },
    flush(done) {
      try {
        done(null, decoder.decode());
      } catch {
        done(new FileProblem(NOT_UTF8));
      }
    },
  });
}

class FileProblem extends Error {}

/** Reads and checks a CSV upload; `onRow` is told every data row read, with the bytes so far. */
export async function readCatalogueCsv(
  input: Readable,
  onRow: (rows: number, bytes: number) => void,
): Promise<ReadResult> {
  const rows: ReadRow[] = [];
  const errors: CsvRowError[] = [];
  let bytes = 0;
  let record = 0;
  let count = 0;
  let columns: string[] | undefined;
  const parser = parse({ relax_column_count: true, bom: true });
  const text = utf8Text((b) => {
    bytes = b;
  });
  input.on('error', (err) => text.destroy(err));
  text.on('error', (err) => parser.destroy(err));
  input.pipe(text).pipe(parser);
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      record += 1;
      if (!columns) {
        const header = cells.map((c) => c.trim());
        const problems = checkCsvHeader(header);
        if (problems.length > 0) {
          errors.push(...problems.map((p) => ({ row: 1, product: '', ...p })));
          break;
        }
        columns = header;
        continue;
      }
      if (cells.every((c) => c.trim() === '')) continue;
      count += 1;
      if (count > MAX_CSV_ROWS) {
        errors.push({
          row: record,
          product: '',
          column: '',
          message: `a file may hold at most ${MAX_CSV_ROWS} products`,
        });
        break;
      }
      onRow(count, bytes);
      if (cells.length !== columns.length) {
        errors.push({
          row: record,
          product: '',
          column: '',
          message: `the row has ${cells.length} cells where the header has ${columns.length}`,
        });
        continue;
      }
      const byColumn = {} as Record<CsvColumn, string>;
      const bad: CsvRowError[] = [];
      columns.forEach((column, i) => {
        const value = cells[i] ?? '';
        if (value.includes('\u0000'))
          bad.push({ row: record, product: '', column, message: `${column} ${NOT_TEXT}` });
        byColumn[column as CsvColumn] = unescapeCell(value);
      });
      if (bad.length > 0) {
        errors.push(...bad);
        continue;
      }
      const parsed = parseCsvProduct(byColumn);
      if (parsed.ok) rows.push({ row: record, product: parsed.product });
      else {
        const product = csvRowProduct(byColumn);
        errors.push(...parsed.errors.map((e) => ({ row: record, product, ...e })));
      }
    }
  } catch (err) {
    const row = record + 1;
    if (err instanceof FileProblem) {
      errors.push({ row, product: '', column: '', message: err.message });
    } else if (err instanceof Error && 'code' in err && String(err.code).startsWith('CSV_')) {
      errors.push({
        row,
        product: '',
        column: '',
        message: `the file is not valid CSV: ${err.message}`,
      });
    } else throw err;
  } finally {
    input.unpipe();
    input.resume();
  }
  if (!columns && errors.length === 0) {
    errors.push({ row: 1, product: '', column: '', message: EMPTY_FILE });
  } else if (columns && count === 0 && errors.length === 0) {
    errors.push({ row: 2, product: '', column: '', message: EMPTY_FILE });
  }
  return { rows, count, errors };
}
