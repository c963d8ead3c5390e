// An order's e-way bill through NIC's API (decision 072): generated before the order ships
// (by the ship step when the order is above ₹50,000 and has none, or by staff from the order
// page), cancelled within 24 hours, its Part B updated. NIC is asked outside any transaction;
// its response is then written with the order locked, audited. Whatever NIC refuses or fails
// to respond leaves the order as it was, with a 409 in NIC's words: staff may try again, or
// generate the bill on the portal and type its number (fulfilment.recordEwayBill).
import type { CancelEwayBillRequest, PartBRequest } from '@kitroom/contract/admin';
import { needsEwayBill } from '@kitroom/contract/admin';
import type { z } from 'zod';
import { Conflict, NotFound } from '../domain-errors.js';
import { record, type Actor } from '../staff/index.js';
import * as ewayBills from '../tax/index.js';
import { EwbRefusal, EwbUnavailable } from '../tax/index.js';
import { issueInvoiceBeforeShipping, ORDER_NOT_FOUND } from './fulfilment.service.js';
import { stageOf, transition } from '../orders/index.js';
import type { OrderContext } from '../orders/index.js';
import * as q from '../orders/orders.queries.js';

export const EWB_NOT_CONFIGURED =
  "NIC's e-way bill API is not configured (EWB_* in docs/operations.md): download the JSON for ewaybillgst.gov.in's bulk upload, then enter the number it gives.";

/** Asks NIC; its refusal or failure becomes a 409 in staff's words (`said` is NIC's part). */
async function askNic<T>(ask: () => Promise<T>, failed: (said: string) => string): Promise<T> {
  try {
    return await ask();
  } catch (err) {
    if (err instanceof EwbRefusal) throw new Conflict(failed(`NIC refused it (${err.message})`));
    if (err instanceof EwbUnavailable) {
      throw new Conflict(failed(`NIC could not be reached (${err.message})`));
    }
    throw err;
  }
}

function apiOf(ctx: OrderContext) {
  if (!ctx.ewb) throw new Conflict(EWB_NOT_CONFIGURED);
  return ctx.ewb;
}

const mayShip = (order: q.OrderRow) => transition(stageOf(order), 'ship', order.id).ok;

/**
 * Generates the order's e-way bill through NIC's API, issuing its invoice first if needed
 * (the bill is generated against the invoice's number and date). Nothing to do when the order
 * already has an e-way bill number.
 */
export async function generateEwayBill(
  ctx: OrderContext,
  actor: Actor,
  orderId: number,
): Promise<void> {
  const ewb = apiOf(ctx);
  // Refuses an order that needs none or may not ship, as the invoice-before-shipping step does.
  await issueInvoiceBeforeShipping(ctx.db, actor, orderId);
  const before = await q.orderById(ctx.db, orderId);
  if (!before) throw new NotFound(ORDER_NOT_FOUND);
  if (before.eway_bill_number) return;
  const request = await ewayBills.ewayBillRequest(ctx.db, orderId, ctx.config.ewbTransporter);
  const generated = await askNic(
    () => ewb.generate(request.gstin, request.bill),
    (said) =>
      `The e-way bill of order #${orderId} was not generated: ${said}. The order is not shipped; try again, or generate it on ewaybillgst.gov.in and enter its number.`,
  );
  await ctx.db.transaction(async (tx) => {
    const order = await q.lockOrder(tx, orderId);
    if (!order) throw new NotFound(ORDER_NOT_FOUND);
    await ewayBills.recordGenerated(tx, orderId, request.documentId, request.bill, generated);
    await q.setEwayBill(tx, orderId, generated.ewayBillNo, generated.ewayBillDate);
    await record(tx, actor, {
      entity: 'order',
      entityId: orderId,
      action: 'eway_bill_generate',
      before: { eway_bill_number: order.eway_bill_number },
      after: {
        eway_bill_number: generated.ewayBillNo,
        valid_until: generated.validUpto?.toISOString() ?? null,
      },
    });
  });
}

/**
 * The ship step's first move with NIC's API configured (decision 072): an order above ₹50,000
 * that may ship and has no e-way bill gets one before it is booked or marked shipped. Without
 * the API, or for an order that needs none, nothing happens (the ship step asks as before).
 */
export async function ewayBillBeforeShipping(
  ctx: OrderContext,
  actor: Actor,
  orderId: number,
): Promise<void> {
  if (!ctx.ewb) return;
  const order = await q.orderById(ctx.db, orderId);
  if (!order || order.eway_bill_number || !needsEwayBill(order.total_paise)) return;
  if (!mayShip(order)) return;
  await generateEwayBill(ctx, actor, orderId);
}

/** Cancels the order's e-way bill on NIC's API, within 24 hours of its generation. */
export async function cancelEwayBill(
  ctx: OrderContext,
  actor: Actor,
  orderId: number,
  ask: z.output<typeof CancelEwayBillRequest>,
): Promise<void> {
  const ewb = apiOf(ctx);
  const now = new Date();
  const active = ewayBills.cancellable(
    orderId,
    await ewayBills.activeEwayBill(ctx.db, orderId),
    now,
  );
  const cancelled = await askNic(
    () => ewb.cancel(active.user_gstin ?? '', active.number, ask.reason, ask.remark),
    (said) => `E-way bill ${active.number} was not cancelled: ${said}.`,
  );
  await ctx.db.transaction(async (tx) => {
    const order = await q.lockOrder(tx, orderId);
    if (!order) throw new NotFound(ORDER_NOT_FOUND);
    await ewayBills.recordCancelled(tx, active.id, ask.reason, ask.remark, cancelled.cancelledAt);
    // Before shipping the order needs another; once shipped its invoice keeps the number it
    // printed, and the cancel is on record here.
    if (mayShip(order) && order.eway_bill_number === active.number) {
      await q.clearEwayBill(tx, orderId);
    }
    await record(tx, actor, {
      entity: 'order',
      entityId: orderId,
      action: 'eway_bill_cancel',
      before: { eway_bill_number: active.number },
      after: { cancelled: true, reason: ask.reason, remark: ask.remark },
    });
  });
}

/** Updates Part B (the vehicle) of the order's e-way bill on NIC's API. */
export async function updatePartB(
  ctx: OrderContext,
  actor: Actor,
  orderId: number,
  ask: z.output<typeof PartBRequest>,
): Promise<void> {
  const ewb = apiOf(ctx);
  const active = ewayBills.updatable(orderId, await ewayBills.activeEwayBill(ctx.db, orderId));
  const updated = await askNic(
    () =>
      ewb.updatePartB(active.user_gstin ?? '', active.number, {
        vehicleNo: ask.vehicle_no,
        fromPlace: active.from_place ?? '',
        fromState: active.from_state_code ?? 0,
        reason: ask.reason,
        remark: ask.remark,
      }),
    (said) => `Part B of e-way bill ${active.number} was not updated: ${said}.`,
  );
  await ctx.db.transaction(async (tx) => {
    await ewayBills.recordPartB(
      tx,
      active.id,
      ask.vehicle_no,
      updated.updatedAt,
      updated.validUpto,
    );
    await record(tx, actor, {
      entity: 'order',
      entityId: orderId,
      action: 'eway_bill_part_b',
      before: { vehicle_no: active.vehicle_no },
      after: {
        vehicle_no: ask.vehicle_no,
        valid_until: updated.validUpto?.toISOString() ?? null,
      },
    });
  });
}
