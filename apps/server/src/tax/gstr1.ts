// GSTR-1 as the GST portal's offline tool imports it (decision 028): a month's documents,
// sorted into the tool's sections and written in the columns of its CSV templates. Pure: the
// rows come from gstr1.queries.ts. Amounts are rupees with two decimals ('1234.50'), rates
// percent ('18'), dates '05-Nov-2026', places of supply '32-Kerala'.
import { GST_STATE_CODES, paiseToDecimalString } from '@kitroom/contract';
import type { Gstr1Section } from '@kitroom/contract/admin';
import { indianDayOf } from '../indian-days.js';
import type { DocumentRate, HsnLine, SeriesIssued } from './gstr1.queries.js';
import { documentNumber, type TaxDocumentKind } from './tax-series.js';

/**
 * Inter-state invoices to unregistered buyers above this value are reported one by one
 * (B2C large, Table 5; CGST Rule 59(4)): ₹2,50,000 until 31 July 2024, ₹1,00,000 from
 * 1 August 2024 (Notification 12/2024-Central Tax). Newest last; a change is a row here.
 */
export const B2CL_LIMITS: readonly { from: string; abovePaise: number }[] = [
  { from: '2017-07-01', abovePaise: 2_50_000_00 },
  { from: '2024-08-01', abovePaise: 1_00_000_00 },
];

/** The B2C large limit in force on an Indian day. */
export function b2clLimitOn(day: string): number {
  let limit = B2CL_LIMITS[0]!.abovePaise;
  for (const l of B2CL_LIMITS) if (l.from <= day) limit = l.abovePaise;
  return limit;
}

/** The HSN summary's columns (Table 12 has one table for B2B and one for B2C since 2025). */
const HSN_HEADER = [
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
] as const;

/** The columns of each section's template, in the tool's spelling. */
export const GSTR1_HEADERS: Record<Gstr1Section, readonly string[]> = {
  b2b: [
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
  ],
  b2cl: [
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
  b2cs: [
    'Type',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  cdnr: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Reverse Charge',
    'Note Supply Type',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  cdnur: [
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
  'hsn-b2b': HSN_HEADER,
  'hsn-b2c': HSN_HEADER,
  docs: ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
};

/** Table 13's nature of each kind of document, in the offline tool's words. */
const DOCUMENT_NATURE: Record<TaxDocumentKind, string> = {
  invoice: 'Invoices for outward supply',
  credit_note: 'Credit Note',
  delivery_challan:
    'Delivery Challan in cases other than by way of supply (excluding at S no. 9 to 11)',
};

/** The portal's own state names where ours differ (its list writes '&'). */
const PORTAL_STATE_NAMES: Record<string, string> = {
  '01': 'Jammu & Kashmir',
  '26': 'Dadra & Nagar Haveli & Daman & Diu',
  '35': 'Andaman & Nicobar Islands',
};
const STATE_BY_CODE = new Map(Object.entries(GST_STATE_CODES).map(([name, code]) => [code, name]));

/** '32-Kerala': the place of supply as the tool's list writes it. */
export function placeOfSupplyText(code: string, name: string): string {
  return `${code}-${PORTAL_STATE_NAMES[code] ?? STATE_BY_CODE.get(code) ?? name}`;
}

/** '18', '5', '2.5': basis points as percent. */
export function rateText(rateBp: number): string {
  return String(rateBp / 100);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '05-Nov-2026': the Indian day of an instant, as the tool's templates write dates. */
export function gstDateText(at: Date): string {
  const [y, m, d] = indianDayOf(at).split('-') as [string, string, string];
  return `${d}-${MONTHS[Number(m) - 1]}-${y}`;
}

/** Whether an invoice to an unregistered buyer is a B2C large one. */
function isLarge(supplyType: 'intra' | 'inter', totalPaise: number, issuedAt: Date): boolean {
  return supplyType === 'inter' && totalPaise > b2clLimitOn(indianDayOf(issuedAt));
}

/** Which section a document's rows go to (credit notes follow their invoice). */
export function sectionOf(d: DocumentRate): 'b2b' | 'b2cl' | 'b2cs' | 'cdnr' | 'cdnur' {
  if (d.kind === 'invoice') {
    if (d.buyerGstin) return 'b2b';
    return isLarge(d.supplyType, d.documentTotalPaise, d.issuedAt) ? 'b2cl' : 'b2cs';
  }
  if (d.buyerGstin) return 'cdnr';
  const large = isLarge(d.supplyType, d.invoiceTotalPaise ?? 0, d.invoiceIssuedAt ?? d.issuedAt);
  // A note on a small B2C invoice is netted into B2C small, as the tool expects.
  return large ? 'cdnur' : 'b2cs';
}

export type Gstr1Rows = Record<Gstr1Section, string[][]>;

/** The month's sections, rows only (no header), from its documents and HSN lines. */
export function gstr1Rows(
  documents: readonly DocumentRate[],
  hsn: readonly HsnLine[],
  series: readonly SeriesIssued[] = [],
): Gstr1Rows {
  const rows: Gstr1Rows = {
    b2b: [],
    b2cl: [],
    b2cs: [],
    cdnr: [],
    cdnur: [],
    'hsn-b2b': [],
    'hsn-b2c': [],
    docs: documentsIssued(series),
  };
  const small = new Map<string, { code: string; pos: string; rateBp: number; taxable: number }>();
  for (const d of documents) {
    const pos = placeOfSupplyText(d.placeOfSupplyCode, d.placeOfSupply);
    const date = gstDateText(d.issuedAt);
    const value = paiseToDecimalString(d.documentTotalPaise);
    const rate = rateText(d.rateBp);
    const taxable = paiseToDecimalString(d.taxablePaise);
    const section = sectionOf(d);
    if (section === 'b2b') {
      const gstin = d.buyerGstin ?? '';
      rows.b2b.push([
        gstin,
        d.buyerName,
        d.number,
        date,
        value,
        pos,
        'N',
        '',
        'Regular B2B',
        '',
        rate,
        taxable,
        '',
      ]);
    } else if (section === 'b2cl') {
      rows.b2cl.push([d.number, date, value, pos, '', rate, taxable, '', '']);
    } else if (section === 'cdnr') {
      const gstin = d.buyerGstin ?? '';
      rows.cdnr.push([
        gstin,
        d.buyerName,
        d.number,
        date,
        'C',
        pos,
        'N',
        'Regular B2B',
        value,
        '',
        rate,
        taxable,
        '',
      ]);
    } else if (section === 'cdnur') {
      rows.cdnur.push(['B2CL', d.number, date, 'C', pos, value, '', rate, taxable, '']);
    } else {
      const key = `${d.placeOfSupplyCode}/${d.rateBp}`;
      const sum = small.get(key) ?? {
        code: d.placeOfSupplyCode,
        pos,
        rateBp: d.rateBp,
        taxable: 0,
      };
      sum.taxable += d.kind === 'invoice' ? d.taxablePaise : -d.taxablePaise;
      small.set(key, sum);
    }
  }
  rows.b2cs = [...small.values()]
    .filter((s) => s.taxable !== 0)
    .sort((a, b) => a.code.localeCompare(b.code) || a.rateBp - b.rateBp)
    .map((s) => ['OE', s.pos, '', rateText(s.rateBp), paiseToDecimalString(s.taxable), '', '']);
  for (const h of hsn) {
    if (h.quantity === 0 && h.totalPaise === 0 && h.taxablePaise === 0) continue;
    rows[h.registered ? 'hsn-b2b' : 'hsn-b2c'].push([
      h.hsn,
      '',
      'PCS-PIECES',
      String(h.quantity),
      paiseToDecimalString(h.totalPaise),
      rateText(h.rateBp),
      paiseToDecimalString(h.taxablePaise),
      paiseToDecimalString(h.igstPaise),
      paiseToDecimalString(h.cgstPaise),
      paiseToDecimalString(h.sgstPaise),
      '',
    ]);
  }
  return rows;
}

/**
 * Table 13, documents issued (mandatory since May 2025): per series the month's first and
 * last number and how many the range holds; a number in the range that no document carries
 * (none should: a series gives a rolled-back number back) is reported as cancelled, so the
 * range and the count still agree. Kitroom never voids a document: a credit note corrects one.
 */
export function documentsIssued(series: readonly SeriesIssued[]): string[][] {
  const order: TaxDocumentKind[] = ['invoice', 'credit_note', 'delivery_challan'];
  return [...series]
    .sort(
      (a, b) =>
        order.indexOf(a.kind) - order.indexOf(b.kind) ||
        a.financialYear.localeCompare(b.financialYear),
    )
    .map((s) => {
      const inRange = s.lastSerial - s.firstSerial + 1;
      return [
        DOCUMENT_NATURE[s.kind],
        documentNumber(s.kind, s.financialYear, s.firstSerial),
        documentNumber(s.kind, s.financialYear, s.lastSerial),
        String(inRange),
        String(inRange - s.issued),
      ];
    });
}
