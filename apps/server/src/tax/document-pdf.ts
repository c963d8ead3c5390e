// Tax invoices and credit notes as PDF (pdfkit, as the packing slips; decision 027): a page per
// document (more when its lines need them) with every field CGST Rule 46 asks for — the
// shop's name, address and GSTIN; the number and date; the buyer's name, delivery address,
// state and code (GSTIN for a registered buyer); per line HSN, description, quantity, unit,
// value, discount, taxable value, and each tax's rate and amount; totals by tax and rate, in
// figures and in words; the place of supply; reverse charge; a signature line. An invoice's
// copy is marked as Rule 48 names it (decision 055). A credit note adds its invoice's number
// and date. With the shop's certificate (decision 069) the signatory's place holds a box saying
// who signed, when, why and where, and the file carries the signature (document-signature.ts);
// without one it says the document is computer-generated and not digitally signed.
// The text is set in Noto Sans, embedded, which has the rupee sign (U+20B9): the standard PDF
// fonts have none.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { formatRupees, stateTaxName } from '@kitroom/contract';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { indianDateText, indianDateTime } from '../indian-days.js';
import { rupeesInWords } from './amount-words.js';
import { addSignaturePlaceholder, type SignatureField } from './document-signature.js';
import { drawEInvoice, type PrintedEInvoice } from './e-invoice-pdf.js';
import type { TaxLine } from './tax.types.js';
import type { TaxDocumentKind } from './tax-series.js';

/** The shop as printed on the document (tax_documents.seller). */
export interface SellerBlock {
  legal_name: string;
  address: string;
  city: string;
  state: string;
  state_code: string;
  pincode: string;
  gstin: string;
  phone: string;
  email: string;
}

/** The buyer as printed (tax_documents.buyer): the delivery address; a GSTIN when registered. */
export interface BuyerBlock {
  name: string;
  address: string;
  city: string;
  state: string;
  state_code: string;
  pincode: string;
  phone: string;
  gstin: string | null;
  /** A registered wholesaler's shop (decision 046): billed to it, shipped to the address. */
  legal_name?: string;
  billing_address?: string;
  /** Its registered address in parts, printed as the Bill to when staff entered one. */
  billing?: {
    street: string;
    city: string;
    pincode: string;
    state: string;
    state_code: string;
  };
}

/** A stored document with its lines, as the renderer prints it. */
export interface PrintedDocument {
  kind: TaxDocumentKind;
  number: string;
  issuedAt: Date;
  orderId: number;
  seller: SellerBlock;
  buyer: BuyerBlock;
  placeOfSupply: string;
  placeOfSupplyCode: string;
  supplyType: 'intra' | 'inter';
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
  /** A credit note's reason (a cancellation, a return). */
  reason: string | null;
  /** An invoice's e-way bill number (orders above ₹50,000; decision 046). */
  ewayBill?: string | null;
  /** A credit note's original invoice. */
  original: { number: string; issuedAt: Date } | null;
  /** Which of an invoice's three copies this is (Rule 48); a credit note has none. */
  copy?: InvoiceCopy;
  lines: TaxLine[];
  /** The IRP's registration of a B2B invoice (decision 068); null or absent: none needed. */
  eInvoice?: PrintedEInvoice | null;
}

/** The copies of a tax invoice of goods and how each is marked (CGST Rule 48). */
export const INVOICE_COPIES = {
  original: 'ORIGINAL FOR RECIPIENT',
  duplicate: 'DUPLICATE FOR TRANSPORTER',
  triplicate: 'TRIPLICATE FOR SUPPLIER',
} as const;
export type InvoiceCopy = keyof typeof INVOICE_COPIES;

export const DOCUMENT_TITLES: Record<TaxDocumentKind, string> = {
  invoice: 'Tax Invoice',
  credit_note: 'Credit Note',
  delivery_challan: 'Delivery Challan',
};

/** What a document's number and total are called on it. */
const NUMBER_LABELS: Record<TaxDocumentKind, string> = {
  invoice: 'Invoice No.',
  credit_note: 'Credit note No.',
  delivery_challan: 'Challan No.',
};
const TOTAL_LABELS: Record<TaxDocumentKind, string> = {
  invoice: 'Invoice total',
  credit_note: 'Credit note total',
  delivery_challan: 'Value of goods',
};

const require = createRequire(import.meta.url);

function openFont(file: string): fontkit.Font {
  const font = fontkit.create(readFileSync(require.resolve(file)));
  if (!('layout' in font)) throw new Error(`${file} is a font collection, not a font`);
  return font;
}

let fonts: { regular: fontkit.Font; bold: fontkit.Font } | undefined;
/**
 * Noto Sans, opened once per process and shared by every document: fontkit keeps what it has
 * worked out of the font's layout tables, and that, not the 630 kB file, is the cost of a PDF
 * (an invoice took ≈ 10 times longer with the font opened afresh for each document).
 */
function notoSans() {
  fonts ??= {
    regular: openFont('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
    bold: openFont('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
  };
  return fonts;
}

/**
 * Noto Sans writes Latin (with its accents), Greek, Cyrillic, punctuation and currency signs;
 * a letter outside them (an Indian script) would print as an empty box, so it is shown as '?'.
 */
export function printable(text: string): string {
  return text
    .normalize('NFC')
    .replace(
      /[^\x20-\x7e\xa0-\u024f\u0370-\u03ff\u0400-\u04ff\u1e00-\u1eff\u2010-\u2044\u20a0-\u20c0]/g,
      '?',
    );
}

/** '₹1,23,456.00': Indian grouping, always with paise, as on a tax document. */
export function documentRupees(paise: number): string {
  return `${formatRupees(Math.floor(paise / 100))}.${String(paise % 100).padStart(2, '0')}`;
}
/** '1,23,456.00': the same without the sign, for the table (its headings say ₹). */
const figure = (paise: number) => documentRupees(paise).slice(1);
/** 500 → '5%', 250 → '2.5%'. */
const percent = (bp: number) => `${Number((bp / 100).toFixed(2))}%`;
/** Within the state the rate is split evenly: CGST and SGST (or UTGST) each charge half. */
const halfRate = (l: Pick<TaxLine, 'rateBp'>) => percent(l.rateBp / 2);

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const RIGHT = A4.width - MARGIN;
const WIDTH = RIGHT - MARGIN;
const INK = '#111111';
const MUTED = '#555555';
const RULE = '#bbbbbb';
// Where the table stops on a page: below it the totals and the signature need ≈ 170 pt.
const PAGE_BOTTOM = A4.height - MARGIN - 175;

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right' | 'center';
  cell: (line: TaxLine, no: number) => string;
}

/**
 * The table's columns: each tax with its own rate just before it (Rule 46) — CGST and SGST
 * at half the line's rate within the state (UTGST instead of SGST inside a Union Territory
 * without a legislature), IGST at the whole rate across states. The description takes the
 * width the others leave.
 */
function columnsOf(d: PrintedDocument): Column[] {
  const second = stateTaxName(d.placeOfSupply);
  // A delivery challan moves goods without a sale (CGST Rule 55): their value, no tax.
  const taxes: Column[] =
    d.kind === 'delivery_challan'
      ? []
      : d.supplyType === 'intra'
        ? [
            { title: 'Rate', width: 24, align: 'right', cell: halfRate },
            { title: 'CGST (₹)', width: 44, align: 'right', cell: (l) => figure(l.cgstPaise) },
            { title: 'Rate', width: 24, align: 'right', cell: halfRate },
            { title: `${second} (₹)`, width: 44, align: 'right', cell: (l) => figure(l.sgstPaise) },
          ]
        : [
            { title: 'Rate', width: 24, align: 'right', cell: (l) => percent(l.rateBp) },
            { title: 'IGST (₹)', width: 88, align: 'right', cell: (l) => figure(l.igstPaise) },
          ];
  const before: Column[] = [{ title: '#', width: 14, align: 'left', cell: (_l, no) => String(no) }];
  const after: Column[] = [
    { title: 'HSN', width: 28, align: 'left', cell: (l) => l.hsn },
    { title: 'Qty', width: 20, align: 'right', cell: (l) => String(l.quantity) },
    { title: 'Unit', width: 22, align: 'center', cell: (l) => l.unit },
    ...(d.kind === 'delivery_challan'
      ? []
      : [
          {
            title: 'Value (₹)',
            width: 50,
            align: 'right' as const,
            cell: (l: TaxLine) => figure(l.valuePaise),
          },
          {
            title: 'Discount (₹)',
            width: 44,
            align: 'right' as const,
            cell: (l: TaxLine) => figure(l.discountPaise),
          },
          {
            title: 'Taxable (₹)',
            width: 50,
            align: 'right' as const,
            cell: (l: TaxLine) => figure(l.taxablePaise),
          },
        ]),
    ...taxes,
    {
      title: d.kind === 'delivery_challan' ? 'Value (₹)' : 'Total (₹)',
      width: 52,
      align: 'right',
      cell: (l) => figure(l.totalPaise),
    },
  ];
  const used = [...before, ...after].reduce((sum, c) => sum + c.width, 0);
  const description: Column = {
    title: 'Description',
    width: WIDTH - used,
    align: 'left',
    cell: (l) => printable(l.description),
  };
  return [...before, description, ...after];
}

function header(doc: PDFKit.PDFDocument, d: PrintedDocument, continued: boolean): number {
  const s = d.seller;
  const half = WIDTH * 0.55;
  doc
    .fillColor(INK)
    .font('Bold')
    .fontSize(14)
    .text(printable(s.legal_name), MARGIN, MARGIN, { width: half });
  doc
    .font('Body')
    .fontSize(8.5)
    .fillColor(INK)
    .text(printable(s.address), { width: half })
    .text(printable(`${s.city}, ${s.state} ${s.pincode}`), { width: half })
    .text(`State code: ${s.state_code}`, { width: half })
    .text(printable(`Phone ${s.phone} · ${s.email}`), { width: half })
    .font('Bold')
    .text(`GSTIN: ${s.gstin}`, { width: half });
  const leftBottom = doc.y;

  const x = MARGIN + half;
  const w = WIDTH - half;
  const title = DOCUMENT_TITLES[d.kind].toUpperCase();
  doc
    .font('Bold')
    .fontSize(16)
    .text(continued ? `${title} (continued)` : title, x, MARGIN, { width: w, align: 'right' })
    .fontSize(10)
    .text(`${NUMBER_LABELS[d.kind]} ${d.number}`, {
      width: w,
      align: 'right',
    })
    .font('Body')
    .fontSize(8.5)
    .text(`Date: ${indianDateText(d.issuedAt)}`, { width: w, align: 'right' })
    .text(`Order #${d.orderId}`, { width: w, align: 'right' });
  if (d.copy) doc.font('Bold').text(INVOICE_COPIES[d.copy], { width: w, align: 'right' });
  doc.font('Body');
  if (d.original) {
    doc.text(`Against invoice ${d.original.number} dated ${indianDateText(d.original.issuedAt)}`, {
      width: w,
      align: 'right',
    });
  }
  if (d.reason) doc.text(printable(`Reason: ${d.reason}`), { width: w, align: 'right' });
  const y = Math.max(leftBottom, doc.y) + 8;
  doc.moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(1).strokeColor(INK).stroke();
  return d.eInvoice && !continued ? drawEInvoice(doc, d.eInvoice, MARGIN, y + 10, WIDTH) : y + 10;
}

function parties(doc: PDFKit.PDFDocument, d: PrintedDocument, top: number): number {
  const b = d.buyer;
  const half = WIDTH / 2;
  doc.y = top;
  if (b.legal_name !== undefined && b.gstin) {
    doc
      .fillColor(MUTED)
      .font('Bold')
      .fontSize(7.5)
      .text('BILL TO', MARGIN, top)
      .fillColor(INK)
      .fontSize(10)
      .text(printable(b.legal_name), { width: half - 10 })
      .font('Body')
      .fontSize(8.5);
    if (b.billing) {
      doc
        .text(printable(b.billing.street), { width: half - 10 })
        .text(printable(`${b.billing.city}, ${b.billing.state} ${b.billing.pincode}`), {
          width: half - 10,
        })
        .text(printable(`State: ${b.billing.state}, code ${b.billing.state_code}`), {
          width: half - 10,
        });
    } else {
      doc.text(printable(b.billing_address ?? ''), { width: half - 10 });
    }
    doc
      .font('Bold')
      .text(`GSTIN: ${b.gstin}`, { width: half - 10 })
      .moveDown(0.5);
  }
  doc
    .fillColor(MUTED)
    .font('Bold')
    .fontSize(7.5)
    .text(b.legal_name !== undefined && b.gstin ? 'SHIP TO' : 'BILL TO / SHIP TO', MARGIN, doc.y)
    .fillColor(INK)
    .fontSize(10)
    .text(printable(b.name), { width: half - 10 })
    .font('Body')
    .fontSize(8.5)
    .text(printable(b.address), { width: half - 10 })
    .text(printable(`${b.city}, ${b.state} ${b.pincode}`), { width: half - 10 })
    .text(printable(`State: ${b.state}, code ${b.state_code}`), { width: half - 10 })
    .text(`Phone ${b.phone}`, { width: half - 10 });
  if (b.gstin && b.legal_name === undefined) {
    doc.font('Bold').text(`GSTIN: ${b.gstin}`, { width: half - 10 });
  }
  const leftBottom = doc.y;

  const x = MARGIN + half;
  doc
    .fillColor(MUTED)
    .font('Bold')
    .fontSize(7.5)
    .text('SUPPLY', x, top)
    .fillColor(INK)
    .font('Body')
    .fontSize(8.5)
    .text(printable(`Place of supply: ${d.placeOfSupply} (${d.placeOfSupplyCode})`), {
      width: half,
    })
    .text(
      d.kind === 'delivery_challan'
        ? 'Not a supply: goods sent in exchange, no tax charged'
        : d.supplyType === 'intra'
          ? `Intra-state supply: CGST + ${stateTaxName(d.placeOfSupply)}`
          : 'Inter-state supply: IGST',
      { width: half },
    );
  if (d.kind !== 'delivery_challan') doc.text('Reverse charge: No', { width: half });
  if (d.ewayBill) doc.font('Bold').text(`E-way bill No. ${d.ewayBill}`, { width: half });
  return Math.max(leftBottom, doc.y) + 12;
}

function tableHead(doc: PDFKit.PDFDocument, columns: Column[], top: number): number {
  doc.fillColor(MUTED).font('Bold').fontSize(7);
  let x = MARGIN;
  let bottom = top;
  for (const c of columns) {
    doc.text(c.title, x + 1, top, { width: c.width - 2, align: c.align });
    bottom = Math.max(bottom, doc.y);
    x += c.width;
  }
  const y = bottom + 3;
  doc.moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(0.75).strokeColor(INK).stroke();
  return y + 5;
}

function tableRows(doc: PDFKit.PDFDocument, d: PrintedDocument): number {
  const columns = columnsOf(d);
  let y = tableHead(doc, columns, parties(doc, d, header(doc, d, false)));
  d.lines.forEach((line, i) => {
    doc.font('Body').fontSize(7.5);
    const cells = columns.map((c) => c.cell(line, i + 1));
    const height = Math.max(
      ...columns.map((c, k) => doc.heightOfString(cells[k]!, { width: c.width - 2 })),
    );
    if (y + height > PAGE_BOTTOM) {
      doc.addPage();
      y = tableHead(doc, columns, header(doc, d, true));
      doc.font('Body').fontSize(7.5);
    }
    let x = MARGIN;
    doc.fillColor(INK);
    columns.forEach((c, k) => {
      doc.text(cells[k]!, x + 1, y, { width: c.width - 2, align: c.align });
      x += c.width;
    });
    y += height + 4;
    doc
      .moveTo(MARGIN, y - 2)
      .lineTo(RIGHT, y - 2)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke();
  });
  return y + 4;
}

/** Each tax at each rate the lines charge, lowest rate first: 'CGST 2.5%', 'SGST 2.5%'. */
function taxRows(d: PrintedDocument): [string, number][] {
  const rates = [...new Set(d.lines.map((l) => l.rateBp))].sort((a, b) => a - b);
  const sum = (rate: number, k: 'cgstPaise' | 'sgstPaise' | 'igstPaise') =>
    d.lines.filter((l) => l.rateBp === rate).reduce((a, l) => a + l[k], 0);
  return rates.flatMap((rate): [string, number][] =>
    d.supplyType === 'intra'
      ? [
          [`CGST ${halfRate({ rateBp: rate })}`, sum(rate, 'cgstPaise')],
          [
            `${stateTaxName(d.placeOfSupply)} ${halfRate({ rateBp: rate })}`,
            sum(rate, 'sgstPaise'),
          ],
        ]
      : [[`IGST ${percent(rate)}`, sum(rate, 'igstPaise')]],
  );
}

function totals(doc: PDFKit.PDFDocument, d: PrintedDocument, top: number): number {
  const rows: [string, number][] =
    d.kind === 'delivery_challan' ? [] : [['Taxable value', d.taxablePaise], ...taxRows(d)];
  const labelX = RIGHT - 230;
  let y = top;
  doc.font('Body').fontSize(9).fillColor(INK);
  for (const [label, paise] of rows) {
    doc.text(label, labelX, y, { width: 120 });
    doc.text(documentRupees(paise), RIGHT - 110, y, { width: 110, align: 'right' });
    y = doc.y + 2;
  }
  doc.moveTo(labelX, y).lineTo(RIGHT, y).lineWidth(0.75).strokeColor(INK).stroke();
  y += 4;
  const totalLabel = TOTAL_LABELS[d.kind];
  doc.font('Bold').fontSize(11).text(totalLabel, labelX, y, { width: 120 });
  doc.text(documentRupees(d.totalPaise), RIGHT - 110, y, { width: 110, align: 'right' });
  y = doc.y + 8;
  doc
    .font('Body')
    .fontSize(8.5)
    .text('Amount in words: ', MARGIN, y, { continued: true })
    .font('Bold')
    .text(rupeesInWords(d.totalPaise), { width: WIDTH });
  return doc.y;
}

/** Why a document of this kind is signed, as its signature says (decision 069). */
export const SIGNATURE_REASONS: Record<TaxDocumentKind, string> = {
  invoice: 'GST invoice (Rule 46(q))',
  credit_note: 'GST credit note (Rule 53)',
  delivery_challan: 'Delivery challan (Rule 55)',
};

/** What an unsigned document says in the signatory's place. */
export const UNSIGNED_NOTES: Record<TaxDocumentKind, string> = {
  invoice: 'Computer-generated invoice; not digitally signed.',
  credit_note: 'Computer-generated credit note; not digitally signed.',
  delivery_challan: 'Computer-generated delivery challan; not digitally signed.',
};

/** Who signs the documents, where and when (the certificate's name, the shop's city). */
export interface VisibleSignature {
  name: string;
  location: string;
  signedAt: Date;
}

/** '29 Nov 2026, 19:05 IST'. */
const signedAtText = (at: Date) => `${indianDateText(at)}, ${indianDateTime(at).slice(11)} IST`;

/**
 * The signatory's place: "For <shop>", then the signature box (signed) or a note and a line
 * to sign on (unsigned), then "Authorised Signatory". Returns where the box is, if drawn.
 */
function signature(
  doc: PDFKit.PDFDocument,
  d: PrintedDocument,
  top: number,
  signed: VisibleSignature | undefined,
): SignatureField['box'] | null {
  const y = Math.max(top + 24, A4.height - MARGIN - 80);
  const w = 220;
  doc
    .font('Bold')
    .fontSize(9)
    .fillColor(INK)
    .text(printable(`For ${d.seller.legal_name}`), RIGHT - w, y, { width: w, align: 'right' });
  const line = y + 44;
  let box: SignatureField['box'] | null = null;
  if (signed) {
    box = { x: RIGHT - w, y: y + 13, width: w, height: 47 };
    doc
      .roundedRect(box.x, box.y, box.width, box.height, 3)
      .lineWidth(0.75)
      .strokeColor(INK)
      .stroke();
    doc
      .font('Bold')
      .fontSize(7.5)
      .text(printable(`Digitally signed by ${signed.name}`), box.x + 6, box.y + 4, {
        width: w - 12,
        lineBreak: false,
        ellipsis: true,
      })
      .font('Body')
      .fontSize(7)
      .text(`Date: ${signedAtText(signed.signedAt)}`, { width: w - 12 })
      .text(`Reason: ${SIGNATURE_REASONS[d.kind]}`, { width: w - 12 })
      .text(printable(`Location: ${signed.location}`), { width: w - 12 });
  } else {
    doc
      .font('Body')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(UNSIGNED_NOTES[d.kind], RIGHT - w, y + 14, { width: w, align: 'right' })
      .fillColor(INK);
    doc
      .moveTo(RIGHT - 160, line)
      .lineTo(RIGHT, line)
      .lineWidth(0.75)
      .strokeColor(INK)
      .stroke();
  }
  doc
    .font('Body')
    .fontSize(8.5)
    .fillColor(INK)
    .text('Authorised Signatory', RIGHT - w, box ? box.y + box.height + 3 : line + 4, {
      width: w,
      align: 'right',
    });
  doc
    .fillColor(MUTED)
    .fontSize(7.5)
    .text(
      d.kind === 'delivery_challan'
        ? 'Values as invoiced, GST excluded. Amounts in Indian rupees (₹).'
        : 'Prices include GST. Amounts in Indian rupees (₹).',
      MARGIN,
      line + 4,
      {
        width: WIDTH - w,
        lineBreak: false,
      },
    );
  return box;
}

/**
 * Renders the documents, one after another (a page each, more when needed), as PDF bytes. With
 * `signed`, each shows the signature box and the file has room for one signature of the
 * whole, its field on the last box (document-signature.ts's `signPdf` fills it).
 */
export function renderTaxDocuments(
  documents: readonly PrintedDocument[],
  signed?: VisibleSignature,
): Promise<Buffer> {
  const first = documents[0];
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: false,
    info: {
      Title:
        documents.length === 1 && first
          ? `${DOCUMENT_TITLES[first.kind]} ${first.number}`
          : `${documents.length} tax documents`,
      Author: first ? printable(first.seller.legal_name) : '',
    },
  });
  const { regular, bold } = notoSans();
  doc.registerFont('Body', regular);
  doc.registerFont('Bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const d of documents) {
    doc.addPage();
    let y = tableRows(doc, d);
    if (y > PAGE_BOTTOM) {
      doc.addPage();
      y = header(doc, d, true);
    }
    const end = totals(doc, d, y);
    const box = signature(doc, d, end, signed);
    if (signed && box && d === documents.at(-1)) {
      addSignaturePlaceholder(doc, {
        ...signed,
        reason: SIGNATURE_REASONS[d.kind],
        box,
      });
    }
  }
  doc.end();
  return done;
}
