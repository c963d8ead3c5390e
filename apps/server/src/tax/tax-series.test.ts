// Document numbers on a real database (PGlite, and PostgreSQL with TEST_DATABASE=postgres):
// concurrent documents take consecutive numbers, a rolled-back one gives its number back, and
// each financial year (April–March, Indian time) starts its series at 1.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { documentNumber, financialYearOf } from './tax-series.js';
import { nextNumber } from './tax-series.queries.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const lastSerial = async (kind: string, year: string) =>
  (
    await queryRows<{ last_serial: number }>(
      database.db,
      sql`SELECT last_serial FROM tax_series WHERE kind = ${kind} AND financial_year = ${year}`,
    )
  )[0]?.last_serial;

describe('the financial year and the printed number', () => {
  it('turns on 1 April in Indian time', () => {
    // 18:29 UTC on 31 March is 23:59 in India; a minute later it is 1 April.
    expect(financialYearOf(new Date('2027-03-31T18:29:00Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28');
    expect(financialYearOf(new Date('2026-11-26T10:00:00Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2099-06-01T10:00:00Z'))).toBe('2099-00');
  });

  it('prints at most 16 characters the rule allows', () => {
    expect(documentNumber('invoice', '2026-27', 123)).toBe('KR/26-27/000123');
    expect(documentNumber('credit_note', '2026-27', 7)).toBe('CN/26-27/000007');
    expect(documentNumber('invoice', '2026-27', 9_999_999)).toBe('KR/26-27/9999999');
    expect(() => documentNumber('invoice', '2026-27', 10_000_000)).toThrow(/full/);
  });
});

describe('nextNumber', () => {
  const at = new Date('2026-11-26T10:00:00Z');

  it('hands 50 concurrent transactions the numbers 1 to 50, once each', async () => {
    const numbers = await Promise.all(
      Array.from({ length: 50 }, () =>
        database.db.transaction(async (tx) => {
          const taken = await nextNumber(tx, 'invoice', at);
          // Work after the number is taken, as a document's rows are, while others wait.
          await tx.execute(sql`SELECT pg_sleep(0.002)`);
          return taken;
        }),
      ),
    );
    const serials = numbers.map((n) => n.serial).sort((a, b) => a - b);
    expect(serials).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(numbers.map((n) => n.number)).size).toBe(50);
    expect(numbers.map((n) => n.number)).toContain('KR/26-27/000050');
    expect(await lastSerial('invoice', '2026-27')).toBe(50);
  });

  it('gives the number back when the transaction fails after taking it', async () => {
    const before = await lastSerial('invoice', '2026-27');
    await expect(
      database.db.transaction(async (tx) => {
        await nextNumber(tx, 'invoice', at);
        throw new Error('the document could not be written');
      }),
    ).rejects.toThrow('the document could not be written');
    expect(await lastSerial('invoice', '2026-27')).toBe(before);
    const next = await database.db.transaction((tx) => nextNumber(tx, 'invoice', at));
    expect(next.serial).toBe(before! + 1);
  });

  it('starts each financial year, and each kind, at 1', async () => {
    const april = new Date('2027-03-31T18:30:00Z');
    const first = await database.db.transaction((tx) => nextNumber(tx, 'invoice', april));
    expect(first).toEqual({ financialYear: '2027-28', serial: 1, number: 'KR/27-28/000001' });
    const note = await database.db.transaction((tx) => nextNumber(tx, 'credit_note', at));
    expect(note).toEqual({ financialYear: '2026-27', serial: 1, number: 'CN/26-27/000001' });
  });
});
