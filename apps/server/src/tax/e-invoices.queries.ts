// SQL of e-invoices (schema: e_invoices, decision 068): the pending row written with the
// invoice, the sweep's claim of due rows (a lease, as the outbox's), the IRP's response filled
// once, a cancel, and reads for the order page and the PDF.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows, sqlList } from '../db/index.js';

export interface EInvoiceRow {
  document_id: number;
  status: 'pending' | 'registered' | 'canceled';
  irn: string | null;
  ack_no: string | null;
  ack_at: Date | string | null;
  signed_invoice: string | null;
  signed_qr_code: string | null;
  attempts: number;
  next_attempt_at: Date | string;
  last_error: string | null;
  refused: boolean;
  cancel_reason: string | null;
  cancel_remark: string | null;
  canceled_at: Date | string | null;
}

/** The invoice must be registered: pending from now. */
export async function insertPending(db: Queryable, documentId: number, at: Date): Promise<void> {
  await db.execute(
    sql`INSERT INTO e_invoices (document_id, next_attempt_at, created_at)
        VALUES (${documentId}, ${at}, ${at})`,
  );
}

export async function eInvoicesOfDocuments(
  db: Queryable,
  ids: readonly number[],
): Promise<Map<number, EInvoiceRow>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<EInvoiceRow>(
    db,
    sql`SELECT document_id, status, irn, ack_no, ack_at, signed_invoice, signed_qr_code,
               attempts, next_attempt_at, last_error, refused, cancel_reason, cancel_remark,
               canceled_at
        FROM e_invoices WHERE document_id IN (${sqlList(ids)})`,
  );
  return new Map(rows.map((r) => [r.document_id, r]));
}

/**
 * Leases up to `limit` pending rows due by `now` that the IRP has not refused: their next
 * attempt moves `leaseMs` ahead (another process skips them) and their attempts count one
 * more. Returns the document ids.
 */
export async function claimDue(
  db: Queryable,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<number[]> {
  const rows = await queryRows<{ document_id: number }>(
    db,
    sql`UPDATE e_invoices SET attempts = attempts + 1,
               next_attempt_at = ${new Date(now.getTime() + leaseMs)}
        WHERE document_id IN (
          SELECT document_id FROM e_invoices
          WHERE status = 'pending' AND NOT refused AND next_attempt_at <= ${now}
          ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING document_id`,
  );
  return rows.map((r) => r.document_id);
}

/**
 * Leases one pending row for staff's "Register again", refused or not, unless a sweep holds
 * it now (its lease not yet over). False when it is not pending or is being sent.
 */
export async function claimOne(
  db: Queryable,
  documentId: number,
  now: Date,
  leaseMs: number,
): Promise<boolean> {
  const rows = await queryRows<{ document_id: number }>(
    db,
    sql`UPDATE e_invoices SET attempts = attempts + 1, refused = false,
               next_attempt_at = ${new Date(now.getTime() + leaseMs)}
        WHERE document_id = ${documentId} AND status = 'pending'
          AND (refused OR next_attempt_at <= ${now})
        RETURNING document_id`,
  );
  return rows.length === 1;
}

export interface Registered {
  irn: string;
  ackNo: string;
  ackAt: Date;
  signedInvoice: string | null;
  signedQrCode: string;
}

/** The IRP's response, written once (the row is pending; a trigger refuses a second). */
export async function markRegistered(
  db: Queryable,
  documentId: number,
  r: Registered,
): Promise<boolean> {
  const rows = await queryRows<{ document_id: number }>(
    db,
    sql`UPDATE e_invoices SET status = 'registered', irn = ${r.irn}, ack_no = ${r.ackNo},
               ack_at = ${r.ackAt}, signed_invoice = ${r.signedInvoice},
               signed_qr_code = ${r.signedQrCode}, last_error = NULL, refused = false
        WHERE document_id = ${documentId} AND status = 'pending'
        RETURNING document_id`,
  );
  return rows.length === 1;
}

/** A failed try: why, whether the IRP refused it (no automatic retry), and when to try next. */
export async function markFailed(
  db: Queryable,
  documentId: number,
  error: string,
  refused: boolean,
  nextAttemptAt: Date,
): Promise<void> {
  await db.execute(
    sql`UPDATE e_invoices SET last_error = ${error}, refused = ${refused},
               next_attempt_at = ${nextAttemptAt}
        WHERE document_id = ${documentId} AND status = 'pending'`,
  );
}

export async function markCanceled(
  db: Queryable,
  documentId: number,
  reason: string,
  remark: string,
  at: Date,
): Promise<void> {
  await db.execute(
    sql`UPDATE e_invoices SET status = 'canceled', cancel_reason = ${reason},
               cancel_remark = ${remark}, canceled_at = ${at}
        WHERE document_id = ${documentId} AND status = 'registered'`,
  );
}

export interface PendingRow {
  order_id: number;
  kind: 'invoice' | 'credit_note';
  number: string;
  issued_at: Date | string;
  attempts: number;
  last_error: string | null;
}

/** Documents whose e-invoice is pending, oldest first. */
export async function pendingDocuments(db: Queryable, limit: number): Promise<PendingRow[]> {
  return queryRows<PendingRow>(
    db,
    sql`SELECT d.order_id, d.kind, d.number, d.issued_at, e.attempts, e.last_error
        FROM e_invoices e JOIN tax_documents d ON d.id = e.document_id
        WHERE e.status = 'pending'
        ORDER BY d.issued_at, d.id LIMIT ${limit}`,
  );
}
