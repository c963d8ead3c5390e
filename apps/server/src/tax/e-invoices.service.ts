// E-invoices (decision 068): a B2B invoice issued while the shop is under e-invoicing is
// written 'pending' in the ship step's transaction (invoices.service.ts); registering it on
// the IRP happens after that commits — the sweep sends what is due, staff may "Register
// again" — so a slow or absent portal never holds up or undoes a shipment, and no response is
// lost: the IRP's IRN, acknowledgement and signed QR code are written once on the row. A
// refusal by the IRP is kept with its code and words and not retried by itself (the same
// document would be refused again); a failure to reach it is retried with growing waits.
// Cancelling the IRN is allowed within 24 hours of its acknowledgement, as the IRP allows.
import {
  IRN_CANCEL_REASONS,
  type AdminEInvoice,
  type CancelIrnRequest,
  type PendingEInvoicesResponse,
} from '@kitroom/contract/admin';
import type { z } from 'zod';
import type { Db, Queryable } from '../db/index.js';
import { Conflict, NotFound, ProviderFailed } from '../domain-errors.js';
import { indianDateTime } from '../indian-days.js';
import { record, type Actor } from '../staff/index.js';
import * as q from './e-invoices.queries.js';
import { invoiceOfOrder, printedDocuments } from './invoices.service.js';
import { IrpRefusal, IrpUnavailable, type IrpClient } from './irp/irp.js';
import { nicInvoiceOf } from './irp/nic-invoice.js';

/** How long a try holds its row before another process may try it. */
const LEASE_MS = 2 * 60_000;
/** Waits after failures to reach the IRP, by attempts so far; then every 6 hours. */
const BACKOFF_MINUTES = [1, 5, 15, 60, 180];
const LAST_WAIT_MINUTES = 360;
/** The IRP cancels an IRN within 24 hours of its acknowledgement. */
export const CANCEL_WINDOW_MS = 24 * 60 * 60 * 1000;

export const NOT_CONFIGURED =
  "Not sent: the shop's IRP credentials are not set (IRP_* in docs/operations.md). Until the invoice has an IRN it is not a valid B2B invoice.";
export const NO_E_INVOICE = "This order's invoice needs no IRN.";

const at = (v: Date | string | null) => (v === null ? null : new Date(v));

/** A registration's time as staff read it: '2026-11-29 14:05' (India). */
const when = (v: Date) => indianDateTime(v);

function waitAfter(attempts: number): number {
  return (BACKOFF_MINUTES[attempts - 1] ?? LAST_WAIT_MINUTES) * 60_000;
}

export interface EInvoiceContext {
  db: Db;
  /** Null when the shop has no IRP credentials. */
  irp: IrpClient | null;
  now: () => Date;
}

/** One claimed row sent to the IRP: registered, or its failure written down. */
async function sendOne(ctx: EInvoiceContext, documentId: number, attempts: number) {
  const now = ctx.now();
  if (!ctx.irp) {
    await q.markFailed(
      ctx.db,
      documentId,
      NOT_CONFIGURED,
      false,
      new Date(now.getTime() + 10 * 60_000),
    );
    return;
  }
  const [doc] = await printedDocuments(ctx.db, [documentId]);
  if (!doc) return;
  const built = nicInvoiceOf(doc);
  if (!built.ok) {
    await q.markFailed(
      ctx.db,
      documentId,
      `Not sent: the invoice does not fit NIC's e-invoice schema (${built.problems.join('; ')}).`,
      true,
      now,
    );
    return;
  }
  try {
    const r = await ctx.irp.generate(doc.seller.gstin, built.invoice);
    await q.markRegistered(ctx.db, documentId, r);
  } catch (err) {
    if (err instanceof IrpRefusal) {
      await q.markFailed(ctx.db, documentId, `The IRP refused it: ${err.message}`, true, now);
    } else if (err instanceof IrpUnavailable) {
      const next = new Date(now.getTime() + waitAfter(attempts));
      await q.markFailed(
        ctx.db,
        documentId,
        `The IRP could not be reached (${err.message}); trying again at ${when(next)}.`,
        false,
        next,
      );
    } else {
      throw err;
    }
  }
}

/** Sends the pending e-invoices that are due (the sweep's step); returns how many it tried. */
export async function registerDueEInvoices(ctx: EInvoiceContext, limit = 20): Promise<number> {
  const ids = await q.claimDue(ctx.db, ctx.now(), limit, LEASE_MS);
  const rows = await q.eInvoicesOfDocuments(ctx.db, ids);
  for (const id of ids) await sendOne(ctx, id, rows.get(id)?.attempts ?? 1);
  return ids.length;
}

const WAITING = 'Waiting to be sent to the IRP (within a minute).';

/** The Tax page's list of documents whose IRN is still pending, oldest first. */
export async function pendingEInvoices(db: Queryable): Promise<PendingEInvoicesResponse> {
  const rows = await q.pendingDocuments(db, 200);
  return {
    e_invoices: rows.map((r) => ({
      order_id: r.order_id,
      kind: r.kind,
      number: r.number,
      issued_at: new Date(r.issued_at).toISOString(),
      reason: r.last_error ?? WAITING,
      attempts: r.attempts,
    })),
  };
}

/** The invoice's registration as the order page shows it. */
function viewOf(row: q.EInvoiceRow): AdminEInvoice {
  const ackAt = at(row.ack_at);
  return {
    status: row.status,
    irn: row.irn,
    ack_no: row.ack_no,
    ack_at: ackAt?.toISOString() ?? null,
    pending_reason: row.status !== 'pending' ? null : (row.last_error ?? WAITING),
    attempts: row.attempts,
    cancelable_until:
      row.status === 'registered' && ackAt
        ? new Date(ackAt.getTime() + CANCEL_WINDOW_MS).toISOString()
        : null,
    canceled_at: at(row.canceled_at)?.toISOString() ?? null,
    cancel_reason: row.cancel_reason
      ? `${IRN_CANCEL_REASONS[row.cancel_reason as keyof typeof IRN_CANCEL_REASONS]}: ${row.cancel_remark ?? ''}`
      : null,
  };
}

/** The order's invoice's e-invoice, or null when it needs none (B2C, below the threshold). */
export async function eInvoiceOfOrder(
  db: Queryable,
  orderId: number,
): Promise<AdminEInvoice | null> {
  const invoice = await invoiceOfOrder(db, orderId);
  if (!invoice) return null;
  const row = (await q.eInvoicesOfDocuments(db, [invoice.id])).get(invoice.id);
  return row ? viewOf(row) : null;
}

async function rowOfOrder(db: Queryable, orderId: number) {
  const invoice = await invoiceOfOrder(db, orderId);
  if (!invoice) throw new NotFound(NO_E_INVOICE);
  const row = (await q.eInvoicesOfDocuments(db, [invoice.id])).get(invoice.id);
  if (!row) throw new NotFound(NO_E_INVOICE);
  return { invoice, row };
}

/** Staff's "Register again": sends the order's pending e-invoice now, audited. */
export async function registerAgain(
  ctx: EInvoiceContext,
  actor: Actor,
  orderId: number,
): Promise<AdminEInvoice> {
  const { invoice, row } = await rowOfOrder(ctx.db, orderId);
  if (row.status !== 'pending') {
    throw new Conflict(`Invoice ${invoice.number} is already ${row.status} on the IRP.`);
  }
  const now = ctx.now();
  if (!(await q.claimOne(ctx.db, invoice.id, now, LEASE_MS))) {
    throw new Conflict(
      `Invoice ${invoice.number} is being sent to the IRP now; look again in a minute.`,
    );
  }
  await sendOne(ctx, invoice.id, row.attempts + 1);
  const after = (await q.eInvoicesOfDocuments(ctx.db, [invoice.id])).get(invoice.id)!;
  await record(ctx.db, actor, {
    entity: 'order',
    entityId: orderId,
    action: 'register_e_invoice',
    before: { status: row.status, last_error: row.last_error },
    after: {
      invoice: invoice.number,
      status: after.status,
      irn: after.irn,
      last_error: after.last_error,
    },
  });
  return viewOf(after);
}

/** Cancels the order's IRN on the IRP within 24 hours of its acknowledgement, audited. */
export async function cancelIrn(
  ctx: EInvoiceContext,
  actor: Actor,
  orderId: number,
  input: z.output<typeof CancelIrnRequest>,
): Promise<AdminEInvoice> {
  const { invoice, row } = await rowOfOrder(ctx.db, orderId);
  if (row.status !== 'registered' || !row.irn || !row.ack_at) {
    throw new Conflict(`Invoice ${invoice.number} has no IRN to cancel (it is ${row.status}).`);
  }
  const ackAt = new Date(row.ack_at);
  if (ctx.now().getTime() - ackAt.getTime() > CANCEL_WINDOW_MS) {
    throw new Conflict(
      `The IRN of invoice ${invoice.number} was acknowledged on ${when(ackAt)}, more than 24 hours ago: the IRP no longer cancels it. Issue a credit note instead.`,
    );
  }
  if (!ctx.irp) throw new Conflict(NOT_CONFIGURED);
  const [doc] = await printedDocuments(ctx.db, [invoice.id]);
  let canceledAt: Date;
  try {
    ({ canceledAt } = await ctx.irp.cancel(doc!.seller.gstin, row.irn, input.reason, input.remark));
  } catch (err) {
    if (err instanceof IrpRefusal)
      throw new Conflict(`The IRP refused to cancel it: ${err.message}`);
    if (err instanceof IrpUnavailable)
      throw new ProviderFailed(`The IRP could not be reached: ${err.message}`);
    throw err;
  }
  await q.markCanceled(ctx.db, invoice.id, input.reason, input.remark, canceledAt);
  await record(ctx.db, actor, {
    entity: 'order',
    entityId: orderId,
    action: 'cancel_irn',
    before: { invoice: invoice.number, irn: row.irn, status: 'registered' },
    after: { status: 'canceled', reason: input.reason, remark: input.remark },
  });
  return viewOf((await q.eInvoicesOfDocuments(ctx.db, [invoice.id])).get(invoice.id)!);
}

export interface EInvoiceSweep {
  stop(): Promise<void>;
}

/** Sends due e-invoices every `intervalMs`; a failed round is logged and the next one runs. */
export function startEInvoiceSweep(
  ctx: EInvoiceContext,
  log: { error(obj: unknown, msg: string): void },
  intervalMs: number,
): EInvoiceSweep {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(() => registerDueEInvoices(ctx))
      .catch((err: unknown) => log.error({ err }, 'e-invoice sweep failed'));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
