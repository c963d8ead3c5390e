// The GSTR-1 export and the monthly tax summary, on a month of seeded documents (November
// 2026, Indian time): Kerala (intra-state) and Karnataka (inter-state) sales at 5% and 18%,
// one to a registered wholesaler, one large inter-state sale to Tamil Nadu, and credit notes
// on three of them. Each CSV is compared with rows worked out by hand (in the comments).
import { parse } from 'csv-parse/sync';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createStaff } from '../test/staff.js';
import { seedCreditNote, seedInvoice } from '../test/tax-documents.js';

let t: TestApp;
let owner: string;
const WHOLESALER = '29AAACW1234K1Z3';

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  owner = (await createStaff(t.db, 'owner')).cookie;

  // 31 Oct 23:50 in India: October's, not in the November export.
  await seedInvoice(t.db, {
    number: 'KR/26-27/000100',
    issuedAt: '2026-10-31T18:20:00Z',
    state: 'Kerala',
    lines: [{ quantity: 1, unitPricePaise: 99_900, rateBp: 500 }],
  });
  // 1 Nov 00:10 in India. Kerala, 2 × ₹1,049 at 5% (taxable 1998.10, CGST 49.95, SGST 49.95)
  // and shipping ₹60 at 5% (taxable 57.14, CGST 1.43, SGST 1.43).
  const kerala = await seedInvoice(t.db, {
    number: 'KR/26-27/000101',
    issuedAt: '2026-10-31T18:40:00Z',
    state: 'Kerala',
    lines: [
      { quantity: 2, unitPricePaise: 104_900, rateBp: 500 },
      { kind: 'shipping', quantity: 1, unitPricePaise: 6_000, rateBp: 500 },
    ],
  });
  // Karnataka, 1 × ₹2,999 at 18% (taxable 2541.53, IGST 457.47) and shipping ₹85 at 18%
  // (taxable 72.03, IGST 12.97).
  const karnataka = await seedInvoice(t.db, {
    number: 'KR/26-27/000102',
    issuedAt: '2026-11-03T05:00:00Z',
    state: 'Karnataka',
    lines: [
      { quantity: 1, unitPricePaise: 299_900, rateBp: 1800 },
      { kind: 'shipping', quantity: 1, unitPricePaise: 8_500, rateBp: 1800 },
    ],
  });
  // Karnataka, 1 × ₹1,499 at 5%, free shipping (taxable 1427.62, IGST 71.38).
  await seedInvoice(t.db, {
    number: 'KR/26-27/000103',
    issuedAt: '2026-11-04T05:00:00Z',
    state: 'Karnataka',
    lines: [{ quantity: 1, unitPricePaise: 149_900, rateBp: 500 }],
  });
  // A registered wholesaler in Karnataka: 10 × ₹999 less ₹999 (value 8991.00, taxable
  // 8562.86, IGST 428.14).
  const wholesale = await seedInvoice(t.db, {
    number: 'KR/26-27/000104',
    issuedAt: '2026-11-10T05:00:00Z',
    state: 'Karnataka',
    buyerName: 'Wholesale Sports Pvt Ltd',
    buyerGstin: WHOLESALER,
    lines: [{ quantity: 10, unitPricePaise: 99_900, discountPaise: 99_900, rateBp: 500 }],
  });
  // Tamil Nadu, 40 × ₹2,999 = ₹1,19,960, above ₹1,00,000: B2C large (taxable 101661.02,
  // IGST 18298.98).
  const large = await seedInvoice(t.db, {
    number: 'KR/26-27/000105',
    issuedAt: '2026-11-12T05:00:00Z',
    state: 'Tamil Nadu',
    lines: [{ quantity: 40, unitPricePaise: 299_900, rateBp: 1800 }],
  });
  // The Karnataka jersey returned (not its shipping): nets into B2C small.
  await seedCreditNote(t.db, karnataka, {
    number: 'CN/26-27/000007',
    issuedAt: '2026-11-20T05:00:00Z',
    state: 'Karnataka',
    lines: [{ quantity: 1, unitPricePaise: 299_900, rateBp: 1800 }],
  });
  // Two pieces of the large sale returned (value 5998.00, taxable 5083.05, IGST 914.95).
  await seedCreditNote(t.db, large, {
    number: 'CN/26-27/000008',
    issuedAt: '2026-11-21T05:00:00Z',
    state: 'Tamil Nadu',
    lines: [{ quantity: 2, unitPricePaise: 299_900, rateBp: 1800 }],
  });
  // One of the wholesaler's pieces (value 899.10, taxable 856.29, IGST 42.81).
  await seedCreditNote(t.db, wholesale, {
    number: 'CN/26-27/000009',
    issuedAt: '2026-11-22T05:00:00Z',
    state: 'Karnataka',
    buyerName: 'Wholesale Sports Pvt Ltd',
    buyerGstin: WHOLESALER,
    lines: [{ quantity: 1, unitPricePaise: 99_900, discountPaise: 9_990, rateBp: 500 }],
  });
  // 1 Dec 00:00 in India: December's.
  await seedCreditNote(t.db, kerala, {
    number: 'CN/26-27/000010',
    issuedAt: '2026-11-30T18:30:00Z',
    state: 'Kerala',
    lines: [{ quantity: 1, unitPricePaise: 104_900, rateBp: 500 }],
  });
});

afterAll(async () => {
  await t?.close();
});

async function download(url: string) {
  return t.app.inject({ method: 'GET', url, headers: { cookie: owner } });
}

async function section(name: string, month = '2026-11'): Promise<string[][]> {
  const res = await download(`/api/admin/tax/gstr1?month=${month}&section=${name}`);
  expect(res.statusCode, res.body).toBe(200);
  return parse(res.body) as string[][];
}

describe('the GSTR-1 export', () => {
  it('returns a section as a CSV file named for the month', async () => {
    const res = await download('/api/admin/tax/gstr1?month=2026-11&section=b2cs');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="gstr1-2026-11-b2cs.csv"',
    );
    expect(res.body.startsWith('Type,Place Of Supply,')).toBe(true);
    expect(res.body).toContain('\r\n');
  });

  it('writes B2C small by place of supply and rate, net of the credit notes on them', async () => {
    expect(await section('b2cs')).toEqual([
      [
        'Type',
        'Place Of Supply',
        'Applicable % of Tax Rate',
        'Rate',
        'Taxable Value',
        'Cess Amount',
        'E-Commerce GSTIN',
      ],
      // 1427.62
      ['OE', '29-Karnataka', '', '5', '1427.62', '', ''],
      // 2541.53 + 72.03 − 2541.53 (the returned jersey)
      ['OE', '29-Karnataka', '', '18', '72.03', '', ''],
      // 1998.10 + 57.14
      ['OE', '32-Kerala', '', '5', '2055.24', '', ''],
    ]);
  });

  it('writes the large inter-state sale invoice by invoice (B2C large)', async () => {
    expect(await section('b2cl')).toEqual([
      [
        'Invoice Number',
        'Invoice date',
        'Invoice Value',
        'Place Of Supply',
        'Applicable % of Tax Rate',
        'Rate',
        'Taxable Value',
        'Cess Amount',
        'E-Commerce GSTIN',
      ],
      [
        'KR/26-27/000105',
        '12-Nov-2026',
        '119960.00',
        '33-Tamil Nadu',
        '',
        '18',
        '101661.02',
        '',
        '',
      ],
    ]);
  });

  it('writes the wholesaler’s invoice with its GSTIN (B2B)', async () => {
    const rows = await section('b2b');
    expect(rows[0]).toEqual([
      'GSTIN/UIN of Recipient',
      'Receiver Name',
      'Invoice Number',
      'Invoice date',
      'Invoice Value',
      'Place Of Supply',
      'Reverse Charge',
      'Applicable % of Tax Rate',
      'Invoice Type',
      'E-Commerce GSTIN',
      'Rate',
      'Taxable Value',
      'Cess Amount',
    ]);
    expect(rows.slice(1)).toEqual([
      [
        WHOLESALER,
        'Wholesale Sports Pvt Ltd',
        'KR/26-27/000104',
        '10-Nov-2026',
        '8991.00',
        '29-Karnataka',
        'N',
        '',
        'Regular B2B',
        '',
        '5',
        '8562.86',
        '',
      ],
    ]);
  });

  it('writes credit notes to registered buyers (cdnr) and on large sales (cdnur)', async () => {
    const cdnr = await section('cdnr');
    expect(cdnr[0]?.slice(2, 9)).toEqual([
      'Note Number',
      'Note Date',
      'Note Type',
      'Place Of Supply',
      'Reverse Charge',
      'Note Supply Type',
      'Note Value',
    ]);
    expect(cdnr.slice(1)).toEqual([
      [
        WHOLESALER,
        'Wholesale Sports Pvt Ltd',
        'CN/26-27/000009',
        '22-Nov-2026',
        'C',
        '29-Karnataka',
        'N',
        'Regular B2B',
        '899.10',
        '',
        '5',
        '856.29',
        '',
      ],
    ]);
    expect(await section('cdnur')).toEqual([
      [
        'UR Type',
        'Note Number',
        'Note Date',
        'Note Type',
        'Place Of Supply',
        'Note Value',
        'Applicable % of Tax Rate',
        'Rate',
        'Taxable Value',
        'Cess Amount',
      ],
      [
        'B2CL',
        'CN/26-27/000008',
        '21-Nov-2026',
        'C',
        '33-Tamil Nadu',
        '5998.00',
        '',
        '18',
        '5083.05',
        '',
      ],
    ]);
  });

  it('sums the HSN summary by rate, net of credit notes, for B2B and B2C apart', async () => {
    const header = [
      'HSN',
      'Description',
      'UQC',
      'Total Quantity',
      'Total Value',
      'Rate',
      'Taxable Value',
      'Integrated Tax Amount',
      'Central Tax Amount',
      'State/UT Tax Amount',
      'Cess Amount',
    ];
    // 10 − 1 pieces; 8991.00 − 899.10; 8562.86 − 856.29; 428.14 − 42.81.
    expect(await section('hsn-b2b')).toEqual([
      header,
      ['6109', '', 'PCS-PIECES', '9', '8091.90', '5', '7706.57', '385.33', '0.00', '0.00', ''],
    ]);
    expect(await section('hsn-b2c')).toEqual([
      header,
      // 2 + 1 pieces (shipping adds value, not pieces); 2098.00 + 60.00 + 1499.00;
      // 1998.10 + 57.14 + 1427.62; IGST 71.38; CGST and SGST 49.95 + 1.43.
      ['6109', '', 'PCS-PIECES', '3', '3657.00', '5', '3482.86', '71.38', '51.38', '51.38', ''],
      // 1 + 40 − 1 − 2 pieces; 2999 + 85 + 119960 − 2999 − 5998;
      // 2541.53 + 72.03 + 101661.02 − 2541.53 − 5083.05; 457.47 + 12.97 + 18298.98 − 457.47 − 914.95.
      [
        '6109',
        '',
        'PCS-PIECES',
        '38',
        '114047.00',
        '18',
        '96650.00',
        '17397.00',
        '0.00',
        '0.00',
        '',
      ],
    ]);
  });

  it('lists the documents issued in each series (Table 13)', async () => {
    // November's invoices are 101 to 105 (100 was October's); its credit notes 7 to 9 (10 was
    // issued on 1 December, Indian time).
    expect(await section('docs')).toEqual([
      ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
      ['Invoices for outward supply', 'KR/26-27/000101', 'KR/26-27/000105', '5', '0'],
      ['Credit Note', 'CN/26-27/000007', 'CN/26-27/000009', '3', '0'],
    ]);
  });

  it('puts every section in one ZIP, the same files as one by one', async () => {
    const res = await download('/api/admin/tax/gstr1/zip?month=2026-11');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="gstr1-2026-11.zip"');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual(
      ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'docs', 'hsn-b2b', 'hsn-b2c'].map(
        (s) => `gstr1-2026-11-${s}.csv`,
      ),
    );
    const one = await download('/api/admin/tax/gstr1?month=2026-11&section=hsn-b2c');
    expect(strFromU8(files['gstr1-2026-11-hsn-b2c.csv']!)).toBe(one.body);
  });

  it('returns a month without documents with the headers alone', async () => {
    expect(await section('b2cs', '2026-06')).toHaveLength(1);
  });

  it('refuses a month or section it does not know with 400 and a reason', async () => {
    for (const query of [
      'month=2026-13&section=b2cs',
      'month=Nov&section=b2cs',
      'month=2026-11&section=b2x',
      'section=b2cs',
    ]) {
      const res = await download(`/api/admin/tax/gstr1?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ error: expect.stringMatching(/month|section/) });
    }
  });
});

describe('the monthly tax summary', () => {
  it('adds up the month’s invoices and credit notes, by rate and by state', async () => {
    const res = await download('/api/admin/tax/summary?month=2026-11');
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json();
    // 2158.00 + 3084.00 + 1499.00 + 8991.00 + 119960.00
    expect(summary.invoices).toEqual({
      count: 5,
      taxable_paise: 11_632_030,
      cgst_paise: 5_138,
      sgst_paise: 5_138,
      igst_paise: 1_926_894,
      total_paise: 13_569_200,
    });
    // 2999.00 + 5998.00 + 899.10
    expect(summary.credit_notes).toEqual({
      count: 3,
      taxable_paise: 848_087,
      cgst_paise: 0,
      sgst_paise: 0,
      igst_paise: 141_523,
      total_paise: 989_610,
    });
    expect(summary.net).toEqual({
      taxable_paise: 10_783_943,
      cgst_paise: 5_138,
      sgst_paise: 5_138,
      igst_paise: 1_785_371,
      total_paise: 12_579_590,
    });
    expect(
      summary.by_rate.map((r: { rate_bp: number; taxable_paise: number }) => [
        r.rate_bp,
        r.taxable_paise,
      ]),
    ).toEqual([
      [1800, 9_665_000],
      [500, 1_118_943],
    ]);
    expect(
      summary.by_state.map((s: { state: string; total_paise: number }) => [s.state, s.total_paise]),
    ).toEqual([
      ['Tamil Nadu', 11_396_200],
      ['Karnataka', 967_590],
      ['Kerala', 215_800],
    ]);
    // GSTR-3B Table 3.2, inter-state sales to unregistered buyers net of their credit notes
    // (the wholesaler, registered, is not one). Tamil Nadu: 101661.02 − 5083.05 taxable,
    // 18298.98 − 914.95 IGST. Karnataka: 2613.56 + 1427.62 − 2541.53 taxable, 470.44 + 71.38
    // − 457.47 IGST.
    expect(summary.unregistered_inter_state).toEqual([
      { state: 'Tamil Nadu', state_code: '33', taxable_paise: 9_657_797, igst_paise: 1_738_403 },
      { state: 'Karnataka', state_code: '29', taxable_paise: 149_965, igst_paise: 8_435 },
    ]);
    expect(summary.sections).toEqual([
      { section: 'b2b', rows: 1 },
      { section: 'b2cl', rows: 1 },
      { section: 'b2cs', rows: 3 },
      { section: 'cdnr', rows: 1 },
      { section: 'cdnur', rows: 1 },
      { section: 'hsn-b2b', rows: 1 },
      { section: 'hsn-b2c', rows: 2 },
      { section: 'docs', rows: 2 },
    ]);
  });

  it('counts a document in the Indian month it was issued', async () => {
    const october = (await download('/api/admin/tax/summary?month=2026-10')).json();
    expect(october.invoices.count).toBe(1);
    expect(october.invoices.total_paise).toBe(99_900);
    const december = (await download('/api/admin/tax/summary?month=2026-12')).json();
    expect(december.credit_notes.count).toBe(1);
    expect(december.net.total_paise).toBe(-104_900);
  });
});
