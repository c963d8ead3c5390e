// SQL of the GSTR-1 export and the monthly tax summary: tax documents as issued, read for a
// span of time (an Indian calendar month). Nothing here computes tax; it only adds up what
// the documents say.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows } from '../db/index.js';

/** A document's lines of one rate, summed, with what GSTR-1 needs of the document. */
export interface DocumentRate {
  documentId: number;
  kind: 'invoice' | 'credit_note';
  number: string;
  issuedAt: Date;
  buyerName: string;
  buyerGstin: string | null;
  placeOfSupply: string;
  placeOfSupplyCode: string;
  supplyType: 'intra' | 'inter';
  /** The whole document's value (all its rates). */
  documentTotalPaise: number;
  /** A credit note's original invoice: its value and when it was issued. */
  invoiceTotalPaise: number | null;
  invoiceIssuedAt: Date | null;
  rateBp: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

type Paise = string | number;

/** Every document issued in [from, to), one row per document and rate, in series order. */
export async function documentRates(db: Queryable, from: Date, to: Date): Promise<DocumentRate[]> {
  const rows = await queryRows<{
    document_id: number;
    kind: 'invoice' | 'credit_note';
    number: string;
    issued_at: Date | string;
    buyer_name: string | null;
    buyer_gstin: string | null;
    place_of_supply: string;
    place_of_supply_code: string;
    supply_type: 'intra' | 'inter';
    document_total: Paise;
    invoice_total: Paise | null;
    invoice_issued_at: Date | string | null;
    rate_bp: number;
    taxable: Paise;
    cgst: Paise;
    sgst: Paise;
    igst: Paise;
    total: Paise;
  }>(
    db,
    sql`SELECT d.id AS document_id, d.kind, d.number, d.issued_at,
               coalesce(d.buyer->>'legal_name', d.buyer->>'name') AS buyer_name, d.buyer_gstin,
               d.place_of_supply, d.place_of_supply_code, d.supply_type,
               d.total_paise AS document_total,
               i.total_paise AS invoice_total, i.issued_at AS invoice_issued_at,
               l.rate_bp,
               sum(l.taxable_paise)::bigint AS taxable, sum(l.cgst_paise)::bigint AS cgst,
               sum(l.sgst_paise)::bigint AS sgst, sum(l.igst_paise)::bigint AS igst,
               sum(l.total_paise)::bigint AS total
        FROM tax_documents d
        JOIN tax_document_lines l ON l.document_id = d.id
        LEFT JOIN tax_documents i ON i.id = d.invoice_id
        WHERE d.kind IN ('invoice', 'credit_note')
          AND d.issued_at >= ${from.toISOString()}::timestamptz
          AND d.issued_at < ${to.toISOString()}::timestamptz
        GROUP BY d.id, i.id, l.rate_bp
        ORDER BY d.kind DESC, d.financial_year, d.serial, l.rate_bp`,
  );
  return rows.map((r) => ({
    documentId: r.document_id,
    kind: r.kind,
    number: r.number,
    issuedAt: new Date(r.issued_at),
    buyerName: r.buyer_name ?? '',
    buyerGstin: r.buyer_gstin,
    placeOfSupply: r.place_of_supply,
    placeOfSupplyCode: r.place_of_supply_code,
    supplyType: r.supply_type,
    documentTotalPaise: Number(r.document_total),
    invoiceTotalPaise: r.invoice_total === null ? null : Number(r.invoice_total),
    invoiceIssuedAt: r.invoice_issued_at === null ? null : new Date(r.invoice_issued_at),
    rateBp: r.rate_bp,
    taxablePaise: Number(r.taxable),
    cgstPaise: Number(r.cgst),
    sgstPaise: Number(r.sgst),
    igstPaise: Number(r.igst),
    totalPaise: Number(r.total),
  }));
}

/** One HSN and rate of the month, net of credit notes (they count negative). */
export interface HsnLine {
  /** Supplies to registered buyers (a GSTIN on the document) or to unregistered ones. */
  registered: boolean;
  hsn: string;
  rateBp: number;
  /** Pieces of goods; shipping lines add value, not pieces. */
  quantity: number;
  totalPaise: number;
  taxablePaise: number;
  igstPaise: number;
  cgstPaise: number;
  sgstPaise: number;
}

/** The lines of documents issued in [from, to) by buyer kind, HSN and rate. */
export async function hsnLines(db: Queryable, from: Date, to: Date): Promise<HsnLine[]> {
  const sign = sql`CASE d.kind WHEN 'invoice' THEN 1 ELSE -1 END`;
  const rows = await queryRows<{
    registered: boolean;
    hsn: string;
    rate_bp: number;
    quantity: Paise;
    total: Paise;
    taxable: Paise;
    igst: Paise;
    cgst: Paise;
    sgst: Paise;
  }>(
    db,
    sql`SELECT d.buyer_gstin IS NOT NULL AS registered, l.hsn, l.rate_bp,
               sum(CASE l.kind WHEN 'goods' THEN l.quantity ELSE 0 END * ${sign})::bigint AS quantity,
               sum(l.total_paise * ${sign})::bigint AS total,
               sum(l.taxable_paise * ${sign})::bigint AS taxable,
               sum(l.igst_paise * ${sign})::bigint AS igst,
               sum(l.cgst_paise * ${sign})::bigint AS cgst,
               sum(l.sgst_paise * ${sign})::bigint AS sgst
        FROM tax_documents d
        JOIN tax_document_lines l ON l.document_id = d.id
        WHERE d.kind IN ('invoice', 'credit_note')
          AND d.issued_at >= ${from.toISOString()}::timestamptz
          AND d.issued_at < ${to.toISOString()}::timestamptz
        GROUP BY 1, 2, 3
        ORDER BY 2, 3`,
  );
  return rows.map((r) => ({
    registered: r.registered,
    hsn: r.hsn,
    rateBp: r.rate_bp,
    quantity: Number(r.quantity),
    totalPaise: Number(r.total),
    taxablePaise: Number(r.taxable),
    igstPaise: Number(r.igst),
    cgstPaise: Number(r.cgst),
    sgstPaise: Number(r.sgst),
  }));
}

/** A series' documents issued in a span: its first and last serial and how many. */
export interface SeriesIssued {
  kind: 'invoice' | 'credit_note' | 'delivery_challan';
  financialYear: string;
  firstSerial: number;
  lastSerial: number;
  issued: number;
}

export async function seriesIssued(db: Queryable, from: Date, to: Date): Promise<SeriesIssued[]> {
  const rows = await queryRows<{
    kind: 'invoice' | 'credit_note' | 'delivery_challan';
    financial_year: string;
    first_serial: number;
    last_serial: number;
    issued: number;
  }>(
    db,
    sql`SELECT kind, financial_year, min(serial) AS first_serial, max(serial) AS last_serial,
               count(*)::int AS issued
        FROM tax_documents
        WHERE issued_at >= ${from.toISOString()}::timestamptz
          AND issued_at < ${to.toISOString()}::timestamptz
        GROUP BY kind, financial_year
        ORDER BY kind, financial_year`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    financialYear: r.financial_year,
    firstSerial: Number(r.first_serial),
    lastSerial: Number(r.last_serial),
    issued: Number(r.issued),
  }));
}
