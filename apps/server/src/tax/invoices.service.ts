// Tax invoices (issue 19; decision 027): issued when the order ships, in the shipping step's
// transaction, with the next number of the year's series; one per order, immutable. Everything
// printed is snapshotted into the row: the seller from the settings, the buyer from the order's
// delivery address (and the GSTIN of an approved wholesaler), the lines from the order's GST
// computation (order-tax.service.ts). An order that cannot be taxed is not shipped: the
// refusal says why, and the back office shows the same reasons before anyone tries.
import { GST_STATE_CODES, isIndianState, isValidGstin } from '@kitroom/contract';
import { eInvoicingRequired } from '@kitroom/contract/admin';
import type { Queryable, Tx } from '../db/index.js';
import { Conflict, NotFound } from '../domain-errors.js';
import { getSettings, documentSigner } from '../settings/index.js';
import { record, type Actor } from '../staff/index.js';
import {
  renderTaxDocuments,
  type BuyerBlock,
  type InvoiceCopy,
  type PrintedDocument,
  type SellerBlock,
} from './document-pdf.js';
import { signPdf } from './document-signature.js';
import { eInvoicesOfDocuments, insertPending, type EInvoiceRow } from './e-invoices.queries.js';
import * as q from './invoices.queries.js';
import { orderTax } from './order-tax.service.js';
import { nextNumber } from './tax-series.queries.js';
import type { TaxDocumentKind } from './tax-series.js';

export const ORDER_NOT_FOUND = 'Order not found.';
export const NO_INVOICE_YET = 'This order has no invoice yet: it is issued when the order ships.';

/** 'Cannot invoice: …' with every reason, as the ship action refuses and the admin shows. */
export function cannotInvoiceText(reasons: readonly string[]): string {
  return `Cannot invoice: ${reasons.join(' ')}`;
}

export interface IssuedInvoice {
  id: number;
  number: string;
  issuedAt: Date;
  /** False when the order already had its invoice (that one is returned). */
  created: boolean;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

function buyerOf(order: q.OrderBuyerRow): BuyerBlock {
  const a = order.shipping_address;
  const state = text(a.state) || order.state;
  const w = order.wholesale_buyer;
  const gstin = text(w?.gstin).toUpperCase();
  const registered = isValidGstin(gstin);
  return {
    name: `${text(a.first_name)} ${text(a.last_name)}`.trim(),
    address: text(a.street_name),
    city: text(a.city),
    state,
    state_code: isIndianState(state) ? GST_STATE_CODES[state] : '',
    pincode: text(a.pincode),
    phone: text(a.phone) || order.mobile_number,
    gstin: registered ? gstin : null,
    // A registered wholesaler is billed as their shop, the goods go to the delivery address.
    ...(registered && w
      ? { legal_name: text(w.legal_name), billing_address: text(w.address), ...billingOf(w) }
      : {}),
  };
}

/**
 * The registered address in parts, when staff entered one at approval (issue 36.29); without
 * it the invoice prints the one-line address the shop gave, as before.
 */
function billingOf(
  w: NonNullable<q.OrderBuyerRow['wholesale_buyer']>,
): Pick<BuyerBlock, 'billing'> {
  const r = w.registered;
  if (!r) return {};
  const state = text(r.state);
  return {
    billing: {
      street: text(r.street),
      city: text(r.city),
      pincode: text(r.pincode),
      state,
      state_code: text(r.state_code) || (isIndianState(state) ? GST_STATE_CODES[state] : ''),
    },
  };
}

/**
 * Issues the order's invoice in the caller's transaction (which holds the order's lock), dated
 * `at`; returns the existing one when the order has it. Throws 409 'Cannot invoice: …' when
 * the order's GST cannot be computed — the caller's step then fails with it.
 */
export async function issueInvoice(
  tx: Tx,
  orderId: number,
  staffId: number | null,
  at: Date,
): Promise<IssuedInvoice> {
  const [existing] = await q.invoicesOfOrders(tx, [orderId]);
  if (existing) {
    return {
      id: existing.id,
      number: existing.number,
      issuedAt: new Date(existing.issued_at),
      created: false,
    };
  }
  const tax = await orderTax(tx, orderId, at);
  if (!tax.ok) throw new Conflict(cannotInvoiceText(tax.reasons));
  const order = await q.orderBuyer(tx, orderId);
  if (!order) throw new NotFound(ORDER_NOT_FOUND);
  const s = await getSettings(tx);
  const eInvoicing = eInvoicingRequired(s.highest_aato_rupees);
  const short = eInvoicing ? shortHsnProblems(tax.breakdown.lines) : [];
  if (short.length > 0) throw new Conflict(cannotInvoiceText(short));
  const seller: SellerBlock = {
    legal_name: s.legal_name,
    address: s.address,
    city: s.city,
    state: s.state,
    state_code: isIndianState(s.state) ? GST_STATE_CODES[s.state] : '',
    pincode: s.pincode,
    gstin: s.gstin.trim().toUpperCase(),
    phone: s.phone,
    email: s.email,
  };
  const buyer = buyerOf(order);
  const b = tax.breakdown;
  // The number last: the series' row stays locked only for the two inserts that follow.
  const taken = await nextNumber(tx, 'invoice', at);
  const id = await q.insertDocument(
    tx,
    {
      kind: 'invoice',
      number: taken.number,
      financialYear: taken.financialYear,
      serial: taken.serial,
      orderId,
      issuedAt: at,
      seller,
      buyer,
      buyerGstin: buyer.gstin,
      placeOfSupply: b.placeOfSupply,
      placeOfSupplyCode: b.placeOfSupplyCode,
      supplyType: b.supplyType,
      taxablePaise: b.taxablePaise,
      cgstPaise: b.cgstPaise,
      sgstPaise: b.sgstPaise,
      igstPaise: b.igstPaise,
      totalPaise: b.totalPaise,
      staffId,
    },
    b.lines,
  );
  // A B2B invoice under e-invoicing is registered on the IRP after this commits (decision 068).
  if (eInvoicing && buyer.gstin) await insertPending(tx, id, at);
  return { id, number: taken.number, issuedAt: at, created: true };
}

/** The order's invoice, if issued. */
export async function invoiceOfOrder(
  db: Queryable,
  orderId: number,
): Promise<{ id: number; number: string; issuedAt: Date; totalPaise: number } | null> {
  const [row] = await q.invoicesOfOrders(db, [orderId]);
  if (!row) return null;
  return {
    id: row.id,
    number: row.number,
    issuedAt: new Date(row.issued_at),
    totalPaise: row.total_paise,
  };
}

/** Why the order could not be invoiced if it shipped now, in staff's words; [] when it could. */
export async function invoiceProblems(db: Queryable, orderId: number): Promise<string[]> {
  const tax = await orderTax(db, orderId, new Date());
  if (!tax.ok) return tax.reasons;
  const s = await getSettings(db);
  return eInvoicingRequired(s.highest_aato_rupees) ? shortHsnProblems(tax.breakdown.lines) : [];
}

/**
 * Above ₹5 crore of turnover an invoice carries 6-digit HSN codes (Notification 78/2020-CT)
 * and the IRP refuses fewer (decision 068): the lines whose code is shorter, in staff's words.
 */
function shortHsnProblems(
  lines: readonly { kind: string; description: string; hsn: string }[],
): string[] {
  const short = new Map<string, string>();
  for (const l of lines)
    if (l.kind === 'goods' && l.hsn.length < 6) short.set(l.description, l.hsn);
  return [...short].map(
    ([description, hsn]) =>
      `${description} has HSN code ${hsn}: above ₹5 crore of turnover an invoice needs 6 digits (set them on the product).`,
  );
}

/** Stored documents with their lines (and a credit note's invoice), as the PDF prints them. */
export async function printedDocuments(
  db: Queryable,
  ids: readonly number[],
): Promise<PrintedDocument[]> {
  const rows = await q.documentsByIds(db, ids);
  const originals = new Map(
    (
      await q.documentsByIds(
        db,
        rows.flatMap((r) => (r.invoice_id === null ? [] : [r.invoice_id])),
      )
    ).map((r) => [r.id, r]),
  );
  const lines = await q.linesOfDocuments(db, ids);
  const eInvoices = await eInvoicesOfDocuments(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const original = r.invoice_id === null ? undefined : originals.get(r.invoice_id);
    return [
      {
        kind: r.kind,
        number: r.number,
        issuedAt: new Date(r.issued_at),
        orderId: r.order_id,
        seller: r.seller as unknown as SellerBlock,
        buyer: r.buyer as unknown as BuyerBlock,
        placeOfSupply: r.place_of_supply,
        placeOfSupplyCode: r.place_of_supply_code,
        supplyType: r.supply_type,
        taxablePaise: r.taxable_paise,
        cgstPaise: r.cgst_paise,
        sgstPaise: r.sgst_paise,
        igstPaise: r.igst_paise,
        totalPaise: r.total_paise,
        reason: r.reason,
        ewayBill: r.eway_bill_number,
        original: original
          ? { number: original.number, issuedAt: new Date(original.issued_at) }
          : null,
        lines: lines.get(id) ?? [],
        eInvoice: printedEInvoice(eInvoices.get(id)),
      },
    ];
  });
}

/**
 * The documents as one PDF, signed with the shop's certificate when one is set and can sign
 * (decision 069): the box on each document, one signature over the whole file.
 */
async function signedDocumentsPdf(
  db: Queryable,
  signingKey: Buffer | null,
  documents: readonly PrintedDocument[],
): Promise<Buffer> {
  const signer = await documentSigner(db, signingKey);
  const first = documents[0];
  if (!signer || !first) return renderTaxDocuments(documents);
  const signedAt = new Date();
  const pdf = await renderTaxDocuments(documents, {
    name: signer.name,
    location: first.seller.city,
    signedAt,
  });
  return signPdf(pdf, signer.p12, signer.password, signedAt);
}

/** What the PDF prints of a document's e-invoice (decision 068); null: it needs none. */
function printedEInvoice(row: EInvoiceRow | undefined): PrintedDocument['eInvoice'] {
  if (!row) return null;
  return {
    status: row.status,
    irn: row.irn,
    ackNo: row.ack_no,
    ackAt: row.ack_at === null ? null : new Date(row.ack_at),
    signedQrCode: row.signed_qr_code,
    canceledAt: row.canceled_at === null ? null : new Date(row.canceled_at),
  };
}

/** 'KR/26-27/000123' → 'invoice-KR-26-27-000123.pdf'. */
export function documentFileName(kind: TaxDocumentKind, number: string): string {
  return `${FILE_PREFIX[kind]}-${number.replace(/\//g, '-')}.pdf`;
}

const FILE_PREFIX: Record<TaxDocumentKind, string> = {
  invoice: 'invoice',
  credit_note: 'credit-note',
  delivery_challan: 'delivery-challan',
};

/**
 * One stored document as a PDF file (the shopper's download, the mail's attachment, a credit
 * note); an invoice is its ORIGINAL FOR RECIPIENT (decision 055). Null when there is none.
 */
export async function documentFile(
  db: Queryable,
  signingKey: Buffer | null,
  documentId: number,
): Promise<{ fileName: string; pdf: Buffer } | null> {
  const [doc] = await printedDocuments(db, [documentId]);
  if (!doc) return null;
  const printed: PrintedDocument = doc.kind === 'invoice' ? { ...doc, copy: 'original' } : doc;
  return {
    fileName: documentFileName(doc.kind, doc.number),
    pdf: await signedDocumentsPdf(db, signingKey, [printed]),
  };
}

const STAFF_COPIES: readonly InvoiceCopy[] = ['original', 'duplicate', 'triplicate'];

/**
 * The invoices of these orders as one PDF, in the order asked (staff: one or a selection),
 * each in its three copies of Rule 48 — original, duplicate, triplicate — one after another
 * (decision 055). 404 for an order that does not exist, 409 for one not invoiced yet.
 */
export async function invoicesPdf(
  db: Queryable,
  signingKey: Buffer | null,
  orderIds: readonly number[],
): Promise<{ fileName: string; pdf: Buffer }> {
  const invoices = new Map((await q.invoicesOfOrders(db, orderIds)).map((r) => [r.order_id, r]));
  for (const id of orderIds) {
    if (invoices.has(id)) continue;
    if ((await q.orderOwner(db, id)) === undefined) throw new NotFound(`Order #${id} not found.`);
    throw new Conflict(`Order #${id} has no invoice yet: it is issued when the order ships.`);
  }
  const docs = await printedDocuments(
    db,
    orderIds.map((id) => invoices.get(id)!.id),
  );
  const fileName =
    docs.length === 1 ? documentFileName('invoice', docs[0]!.number) : 'invoices.pdf';
  return {
    fileName,
    pdf: await signedDocumentsPdf(
      db,
      signingKey,
      docs.flatMap((d) => STAFF_COPIES.map((copy) => ({ ...d, copy }))),
    ),
  };
}

/** The invoices of these orders as one PDF for staff, audited: they carry buyers' details. */
export async function staffInvoicesPdf(
  db: Queryable,
  signingKey: Buffer | null,
  actor: Actor,
  orderIds: readonly number[],
): Promise<{ fileName: string; pdf: Buffer }> {
  const file = await invoicesPdf(db, signingKey, orderIds);
  await record(db, actor, {
    entity: 'order',
    entityId: orderIds.join(','),
    action: 'download_invoices',
    after: { order_ids: [...orderIds] },
  });
  return file;
}

/** The shopper's own order's invoice as a PDF; 404 for an order not theirs or not invoiced. */
export async function shopperInvoicePdf(
  db: Queryable,
  signingKey: Buffer | null,
  userId: number,
  orderId: number,
): Promise<{ fileName: string; pdf: Buffer }> {
  if ((await q.orderOwner(db, orderId)) !== userId) throw new NotFound(ORDER_NOT_FOUND);
  const invoice = await invoiceOfOrder(db, orderId);
  if (!invoice) throw new NotFound(NO_INVOICE_YET);
  const file = await documentFile(db, signingKey, invoice.id);
  return file!;
}
