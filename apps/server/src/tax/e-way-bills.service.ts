// E-way bills (CGST Rule 138, decision 072): an invoice above ₹50,000 travels with one. This
// service builds NIC's JSON from the stored invoice (for the portal's bulk upload, or for the
// API), keeps each bill in e_way_bills — generated through NIC's API with the JSON sent, or
// typed from the portal — and says on the order page whether one is needed and why. The
// order's steps (generate before shipping, cancel, Part B) are the orders domain's: they lock
// the order and call NIC through the seam (eway/eway.ts), then write here.
import {
  EWAY_BILL_ABOVE_PAISE,
  EWB_CANCEL_REASONS,
  needsEwayBill,
  type AdminEwayBill,
  type PendingEwayBillsResponse,
} from '@kitroom/contract/admin';
import { formatRupees, paiseToRupees } from '@kitroom/contract';
import type { Queryable } from '../db/index.js';
import { Conflict, NotFound } from '../domain-errors.js';
import * as q from './e-way-bills.queries.js';
import { invoiceOfOrder, printedDocuments } from './invoices.service.js';
import * as invoices from './invoices.queries.js';
import { bulkFileName, bulkFileOf, nicEwayBillOf, type NicEwayBill } from './eway/nic-eway-bill.js';

/** NIC lets an e-way bill be cancelled within 24 hours of its generation. */
export const EWB_CANCEL_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Who carries the goods (EWB_TRANSPORTER_ID / _NAME): Part B of every bill. */
export interface Transporter {
  id: string | null;
  name: string | null;
}

const rupees = (paise: number) => formatRupees(paiseToRupees(paise));
const iso = (v: Date | string) => new Date(v).toISOString();

function transportOf(t: Transporter) {
  return { transporterId: t.id, transporterName: t.name, vehicleNo: null };
}

/** The order's active e-way bill, or undefined. */
export async function activeEwayBill(
  db: Queryable,
  orderId: number,
): Promise<q.EwayBillRow | undefined> {
  return (await q.ewayBillsOfOrder(db, orderId)).find((b) => b.status === 'active');
}

/**
 * The order's e-way bill as NIC's API takes it: built from its stored invoice, nothing
 * computed again. 409 when it has no invoice or needs no e-way bill.
 */
export async function ewayBillRequest(
  db: Queryable,
  orderId: number,
  transporter: Transporter,
): Promise<{ documentId: number; gstin: string; bill: NicEwayBill }> {
  const invoice = await invoiceOfOrder(db, orderId);
  if (!invoice) {
    throw new Conflict(
      `Order #${orderId} has no invoice yet: the e-way bill is generated against its number.`,
    );
  }
  const [doc] = await printedDocuments(db, [invoice.id]);
  if (!doc) throw new NotFound(`Order #${orderId} not found.`);
  if (!needsEwayBill(doc.totalPaise)) {
    throw new Conflict(
      `Order #${orderId}'s invoice is ${rupees(doc.totalPaise)}: at or below ₹50,000 no e-way bill is needed (Rule 138).`,
    );
  }
  return {
    documentId: invoice.id,
    gstin: doc.seller.gstin,
    bill: nicEwayBillOf(doc, transportOf(transporter)),
  };
}

/**
 * NIC's bulk-upload JSON with the e-way bills of these orders, in the order asked: each must
 * be invoiced and above ₹50,000 (404 for an order that does not exist, 409 otherwise).
 */
export async function ewayBillsFile(
  db: Queryable,
  transporter: Transporter,
  orderIds: readonly number[],
): Promise<{ fileName: string; json: string }> {
  const rows = new Map((await invoices.invoicesOfOrders(db, orderIds)).map((r) => [r.order_id, r]));
  for (const id of orderIds) {
    const row = rows.get(id);
    if (!row) {
      if ((await invoices.orderOwner(db, id)) === undefined) {
        throw new NotFound(`Order #${id} not found.`);
      }
      throw new Conflict(
        `Order #${id} has no invoice yet: issue it first, the e-way bill is generated against its number.`,
      );
    }
    if (!needsEwayBill(row.total_paise)) {
      throw new Conflict(
        `Order #${id}'s invoice ${row.number} is ${rupees(row.total_paise)}: at or below ₹50,000 no e-way bill is needed (Rule 138).`,
      );
    }
  }
  const docs = await printedDocuments(
    db,
    orderIds.map((id) => rows.get(id)!.id),
  );
  const bills = docs.map((d) => nicEwayBillOf(d, transportOf(transporter)));
  return { fileName: bulkFileName(bills), json: JSON.stringify(bulkFileOf(bills), null, 2) };
}

/** The Tax page's list: invoices above ₹50,000, ready or shipped, with no e-way bill. */
export async function pendingEwayBills(db: Queryable): Promise<PendingEwayBillsResponse> {
  const rows = await q.invoicesWithoutEwayBill(db, EWAY_BILL_ABOVE_PAISE, 200);
  return {
    invoices: rows.map((r) => ({
      order_id: r.order_id,
      number: r.number,
      issued_at: iso(r.issued_at),
      total_paise: r.total_paise,
      order_status: r.order_status,
      b2b: Boolean(r.buyer_gstin),
    })),
  };
}

/** A bill NIC generated, with the JSON sent. */
export async function recordGenerated(
  tx: Queryable,
  orderId: number,
  documentId: number,
  bill: NicEwayBill,
  generated: { ewayBillNo: string; ewayBillDate: Date; validUpto: Date | null },
): Promise<void> {
  await q.insertEwayBill(tx, {
    orderId,
    documentId,
    number: generated.ewayBillNo,
    source: 'api',
    generatedAt: generated.ewayBillDate,
    validUntil: generated.validUpto,
    request: bill,
    vehicleNo: bill.vehicleNo || null,
  });
}

/**
 * A number staff typed from the portal: a new bill, or the typed one corrected. Refused while
 * a bill generated through NIC's API is active: that one is cancelled first.
 */
export async function recordTyped(
  tx: Queryable,
  orderId: number,
  number: string,
  at: Date,
): Promise<void> {
  const invoice = await invoiceOfOrder(tx, orderId);
  if (!invoice) return;
  const active = await activeEwayBill(tx, orderId);
  if (active?.source === 'api' && active.number !== number) {
    throw new Conflict(
      `Order #${orderId} has e-way bill ${active.number}, generated through NIC's API: cancel it before entering another number.`,
    );
  }
  if (active?.source === 'typed') {
    await q.retypeEwayBill(tx, active.id, number, at);
    return;
  }
  if (active) return;
  await q.insertEwayBill(tx, {
    orderId,
    documentId: invoice.id,
    number,
    source: 'typed',
    generatedAt: at,
    validUntil: null,
    request: null,
    vehicleNo: null,
  });
}

/**
 * The active bill NIC may still cancel: generated through the API within 24 hours. Refused
 * before NIC is asked otherwise, in staff's words.
 */
export function cancellable(
  orderId: number,
  active: q.EwayBillRow | undefined,
  now: Date,
): q.EwayBillRow {
  if (!active) throw new Conflict(`Order #${orderId} has no active e-way bill.`);
  if (active.source !== 'api') {
    throw new Conflict(
      `E-way bill ${active.number} was typed from the portal: cancel it on ewaybillgst.gov.in.`,
    );
  }
  if (now.getTime() - new Date(active.generated_at).getTime() > EWB_CANCEL_WINDOW_MS) {
    throw new Conflict(
      `E-way bill ${active.number} was generated more than 24 hours ago: NIC no longer cancels it.`,
    );
  }
  return active;
}

export async function recordCancelled(
  tx: Queryable,
  id: number,
  reason: string,
  remark: string,
  at: Date,
): Promise<void> {
  await q.markCancelled(tx, id, reason, remark, at);
}

/** The active bill whose Part B NIC may update: generated through the API. */
export function updatable(orderId: number, active: q.EwayBillRow | undefined): q.EwayBillRow {
  if (!active) throw new Conflict(`Order #${orderId} has no active e-way bill.`);
  if (active.source !== 'api') {
    throw new Conflict(
      `E-way bill ${active.number} was typed from the portal: update its Part B on ewaybillgst.gov.in.`,
    );
  }
  return active;
}

export async function recordPartB(
  tx: Queryable,
  id: number,
  vehicleNo: string,
  at: Date,
  validUntil: Date | null,
): Promise<void> {
  await q.setPartB(tx, id, vehicleNo, at, validUntil);
}

/**
 * The order page's panel: for a B2B order or one above ₹50,000 (null otherwise) — needed or
 * not and why, the invoice, the active bill and those cancelled before.
 */
export async function ewayBillPanel(
  db: Queryable,
  order: { id: number; total_paise: number; b2b: boolean },
  api: boolean,
  now: Date,
): Promise<AdminEwayBill | null> {
  const invoice = await invoiceOfOrder(db, order.id);
  const value = invoice?.totalPaise ?? order.total_paise;
  const required = needsEwayBill(value);
  if (!required && !order.b2b) return null;
  const bills = await q.ewayBillsOfOrder(db, order.id);
  const active = bills.find((b) => b.status === 'active');
  const until = active
    ? new Date(new Date(active.generated_at).getTime() + EWB_CANCEL_WINDOW_MS)
    : null;
  return {
    required,
    reason: required
      ? `Required: the ${invoice ? 'invoice' : 'order'} is ${rupees(value)}, above ₹50,000 (Rule 138).`
      : `Not required: the ${invoice ? 'invoice' : 'order'} is ${rupees(value)}, not above ₹50,000 (Rule 138).`,
    invoice_number: invoice?.number ?? null,
    api,
    active: active
      ? {
          number: active.number,
          source: active.source,
          generated_at: iso(active.generated_at),
          valid_until: active.valid_until === null ? null : iso(active.valid_until),
          vehicle_no: active.vehicle_no,
          cancellable_until:
            active.source === 'api' && until && until.getTime() > now.getTime()
              ? until.toISOString()
              : null,
        }
      : null,
    cancelled: bills
      .filter((b) => b.status === 'cancelled')
      .map((b) => ({
        number: b.number,
        cancelled_at: iso(b.cancelled_at ?? b.generated_at),
        reason:
          EWB_CANCEL_REASONS[(b.cancel_reason ?? '4') as keyof typeof EWB_CANCEL_REASONS] ??
          'Others',
      })),
  };
}
