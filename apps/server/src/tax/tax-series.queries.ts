// SQL of the document series (schema: tax_series). A document takes its serial inside the
// transaction that writes it: the UPDATE locks the series' row until that transaction ends,
// so concurrent documents take their numbers in turn, and a transaction that rolls back gives
// its number back (the row returns to its old value) — no gaps, no repeats.
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/index.js';
import { queryRows } from '../db/index.js';
import { documentNumber, financialYearOf, type TaxDocumentKind } from './tax-series.js';

export interface SeriesNumber {
  financialYear: string;
  serial: number;
  /** The printed number, e.g. 'KR/26-27/000123'. */
  number: string;
}

/**
 * The next number of the kind's series for the financial year `at` falls in, taken for this
 * transaction (call it last, just before writing the document, to hold the lock briefly).
 */
export async function nextNumber(tx: Tx, kind: TaxDocumentKind, at: Date): Promise<SeriesNumber> {
  const financialYear = financialYearOf(at);
  await tx.execute(
    sql`INSERT INTO tax_series (kind, financial_year) VALUES (${kind}, ${financialYear})
        ON CONFLICT DO NOTHING`,
  );
  const [row] = await queryRows<{ last_serial: number }>(
    tx,
    sql`UPDATE tax_series SET last_serial = last_serial + 1
        WHERE kind = ${kind} AND financial_year = ${financialYear}
        RETURNING last_serial`,
  );
  const serial = row!.last_serial;
  return { financialYear, serial, number: documentNumber(kind, financialYear, serial) };
}
