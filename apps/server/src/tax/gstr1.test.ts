// Table 13 (documents issued) from a month's series, as pure rows: the range and how many it
// holds, a number the range skips reported as cancelled, invoices before credit notes.
import { describe, expect, it } from 'vitest';
import { documentsIssued } from './gstr1.js';

describe('documents issued (GSTR-1 Table 13)', () => {
  it('gives each series its first and last number, and counts a skipped one as cancelled', () => {
    expect(
      documentsIssued([
        { kind: 'credit_note', financialYear: '2026-27', firstSerial: 7, lastSerial: 9, issued: 3 },
        { kind: 'invoice', financialYear: '2026-27', firstSerial: 98, lastSerial: 105, issued: 7 },
      ]),
    ).toEqual([
      ['Invoices for outward supply', 'KR/26-27/000098', 'KR/26-27/000105', '8', '1'],
      ['Credit Note', 'CN/26-27/000007', 'CN/26-27/000009', '3', '0'],
    ]);
  });

  it('has no rows for a month without documents', () => {
    expect(documentsIssued([])).toEqual([]);
  });
});
