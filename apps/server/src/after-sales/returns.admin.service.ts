// Returns and size exchanges as staff work through them (decision 023): approve (an exchange
// holds its replacement sizes' stock from then on, through the ledger), reject with a note
// (an approved exchange's hold goes back), receive (the shirts go back to stock; a return
// is refunded by the rule, sent to the provider after commit; printed shirts carry a shopper's
// name and are not put back, decision 051, nor are faulty ones unless staff say they can be
// sold, decision 053) and ship an exchange's replacement (by hand here, booked with a courier in
// shipping/; either way a parcel of its own, whose courier later says delivered or back). Each
// step locks the order then the request, and writes its columns, order event, ledger rows,
// audit entry and mail in one transaction, or refuses and changes nothing.
import { describePayout } from '@kitroom/contract';
import {
  roleMay,
  type AdminReturn,
  type AdminReturnSummary,
  type ReturnsListResponse,
  type ReturnsQuery,
  type ShipReplacementRequest,
  type StaffRole,
} from '@kitroom/contract/admin';
import type { z } from 'zod';
import type { Queryable, Tx } from '../db/index.js';
import { Conflict, Forbidden, NotFound, ProviderFailed } from '../domain-errors.js';
import { enqueueOrderMail, addressLine } from '../notifications/index.js';
import * as refunds from '../orders/index.js';
import { getSettings } from '../settings/index.js';
import {
  courierOf,
  lockLivePickup,
  recordManualShipment,
  shipmentsOfReturn,
} from '../shipping/index.js';
import { record, type Actor } from '../staff/index.js';
import * as stock from '../stock/index.js';
import { creditNoteForReturn, challansOfReturn } from '../tax/index.js';
import {
  recordEvent,
  linePrintOf,
  KIND_WORDS,
  lockBoth,
  refusal,
  RETURN_NOT_FOUND,
  staffActor,
} from '../orders/index.js';
import * as oq from '../orders/orders.queries.js';
import type { OrderContext } from '../orders/index.js';
import * as q from '../orders/returns.queries.js';
import {
  bookReturnPickup,
  type ShippingContext,
  lockReplacementToShip,
  markReplacementShipped,
  type ReplacementParcel,
} from '../fulfilment/index.js';
import { isPrintedLine, paidInCash, returnRefundPaise } from './returns.service.js';

const iso = (v: Date | string) => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

/**
 * The refund key of a return's receipt: `return-<id>`, the id padded to three digits since
 * a provider key is at least 10 characters (Razorpay's X-Refund-Idempotency).
 */
export function returnRefundKey(returnId: number): string {
  return `return-${String(returnId).padStart(3, '0')}`;
}

// ───────────────────────────── reading ─────────────────────────────

function summaryOf(r: q.ReturnSummaryRow): AdminReturnSummary {
  const a = r.shipping_address;
  return {
    id: r.id,
    order_id: r.order_id,
    kind: r.kind,
    status: r.status,
    reason: r.reason,
    defect: r.defect,
    created_at: iso(r.created_at),
    customer_name: `${a.first_name ?? ''} ${a.last_name ?? ''}`.trim(),
    pieces: r.pieces,
  };
}

const cursorOf = (r: q.ReturnSummaryRow) => `${r.status === 'requested' ? 'w' : 'o'}${r.id}`;

/**
 * A page of requests: waiting ones newest first, then (unless one status is asked for) the
 * others newest first. The cursor says which of the two it stopped in.
 */
export async function listReturns(
  db: Queryable,
  query: z.output<typeof ReturnsQuery>,
): Promise<ReturnsListResponse> {
  const inOthers = query.after?.startsWith('o') ?? false;
  const afterId = query.after === undefined ? undefined : Number(query.after.slice(1));
  const rows: q.ReturnSummaryRow[] = [];
  const waitingToo = query.status === undefined || query.status === 'requested';
  if (waitingToo && !inOthers) {
    rows.push(
      ...(await q.listReturns(db, { waiting: true, beforeId: afterId, limit: query.limit })),
    );
  }
  if (query.status !== 'requested' && rows.length < query.limit) {
    rows.push(
      ...(await q.listReturns(db, {
        waiting: false,
        status: query.status,
        beforeId: inOthers ? afterId : undefined,
        limit: query.limit - rows.length,
      })),
    );
  }
  const last = rows.at(-1);
  return {
    returns: rows.map(summaryOf),
    waiting: await q.waitingCount(db),
    next_after: rows.length === query.limit && last ? cursorOf(last) : null,
  };
}

/** A request as a role sees it: one without orders.money (packers) sees no refund. */
export function returnAsSeenBy(role: StaffRole, r: AdminReturn): AdminReturn {
  return roleMay(role, 'orders.money') ? r : { ...r, refund_due_paise: null, refund: null };
}

/** A request's parcels: its pickups from the shopper, and an exchange's replacements. */
async function parcelsOfReturn(db: Queryable, id: number) {
  const all = await shipmentsOfReturn(db, id);
  return {
    pickups: all.filter((s) => s.direction === 'reverse'),
    shipments: all.filter((s) => s.direction === 'forward'),
  };
}

/** One request in full: its order, lines, sizes asked, decision, parcel and refund. */
export async function getReturn(db: Queryable, id: number): Promise<AdminReturn> {
  const r = await q.returnById(db, id);
  if (!r) throw new NotFound(RETURN_NOT_FOUND);
  const order = (await oq.orderById(db, r.order_id))!;
  const lines = await q.linesOfReturns(db, [id]);
  const refundDue =
    r.kind === 'return' && (r.status === 'requested' || r.status === 'approved')
      ? await returnRefundPaise(db, order.id, lines)
      : null;
  const refund = await q.refundOfReturn(db, id);
  const a = order.shipping_address;
  return {
    id: r.id,
    order_id: r.order_id,
    kind: r.kind,
    status: r.status,
    reason: r.reason,
    defect: r.defect,
    created_at: iso(r.created_at),
    customer_name: `${a.first_name ?? ''} ${a.last_name ?? ''}`.trim(),
    pieces: lines.reduce((sum, l) => sum + l.quantity, 0),
    order: {
      id: order.id,
      order_status: order.order_status,
      placed_at: iso(order.created_at),
      delivered_at: isoOrNull(order.delivered_at),
      shipping_address: addressLine(order.shipping_address),
      total_paise: order.total_paise,
      discount_paise: order.discount_paise,
      shipping_paise: order.shipping_paise,
    },
    lines: lines.map((l) => {
      const print = linePrintOf(l);
      return {
        order_item_id: l.order_item_id,
        product_id: l.product_id,
        product_name: l.product_name,
        product_image_url: l.product_image_url,
        size: l.size,
        quantity: l.quantity,
        exchange_size: l.exchange_size,
        exchange_stock: l.exchange_size === null ? null : (l.exchange_stock ?? 0),
        unit_price_paise: l.unit_price_paise,
        ...(print ? { print } : {}),
      };
    }),
    decision_note: r.decision_note,
    decided_by: r.decided_by === null ? null : { id: r.decided_by, name: r.decided_by_name ?? '' },
    decided_at: isoOrNull(r.decided_at),
    received_at: isoOrNull(r.received_at),
    shipped_at: isoOrNull(r.shipped_at),
    delivered_at: isoOrNull(r.delivered_at),
    courier_name: r.courier_name,
    tracking_id: r.tracking_id,
    tracking_link: r.tracking_link,
    refund_due_paise: refundDue,
    payout_to: r.payout ? describePayout(r.payout) : null,
    ...(await parcelsOfReturn(db, id)),
    challans: r.kind === 'exchange' ? await challansOfReturn(db, id) : [],
    refund: refund ?? null,
  };
}

// ───────────────────────────── steps ─────────────────────────────

/** The 'return-decided' mail's extra: the decision, the shop's note and the shirts asked for. */
function decidedMail(
  r: q.ReturnRow,
  lines: readonly q.ReturnLineRow[],
  approved: boolean,
  note: string,
) {
  return {
    kind: r.kind,
    approved,
    note: note || null,
    items: lines.map((l) => ({
      name: l.product_name,
      size: l.size,
      quantity: l.quantity,
      ...(l.exchange_size === null ? {} : { new_size: l.exchange_size }),
    })),
  };
}

/** Moves the lines' stock with its ledger rows, or refuses with the size that is short. */
async function moveWithLedger(
  tx: Tx,
  moves: (q.StockMove & { name: string })[],
  ledger: { reason: 'exchange' | 'return'; orderId: number; staffId: number | null; note: string },
): Promise<void> {
  const result = await q.moveStock(tx, moves);
  if (!result.ok) {
    const { short } = result;
    const name = moves.find((m) => m.productId === short.productId)?.name ?? '';
    throw new Conflict(
      short.delta > 0
        ? `${name} no longer comes in size ${short.size}: add the size back in the catalogue first.`
        : short.left === 0
          ? `${name} in size ${short.size} is sold out, so this exchange cannot be approved now.`
          : `Only ${short.left} of ${name} in size ${short.size} ${short.left === 1 ? 'is' : 'are'} left; this exchange needs ${-short.delta}.`,
    );
  }
  await stock.insertLedgerEntries(
    tx,
    result.moved.map((m) => ({ ...m, ...ledger })),
  );
}

/** The replacement sizes an exchange holds (negative) or gives back (positive). */
const replacementMoves = (lines: readonly q.ReturnLineRow[], sign: 1 | -1) =>
  lines.map((l) => ({
    productId: l.product_id,
    size: l.exchange_size!,
    delta: sign * l.quantity,
    name: l.product_name,
  }));

/**
 * Approves a request (orders.manage); an exchange holds its replacement sizes from now. With
 * `pickup`, the shop's courier is about to be asked to collect the parcel (the caller books
 * it after this commits): the shopper's mail says so instead of where to send it.
 */
export async function approveReturn(
  ctx: OrderContext,
  actor: Actor,
  id: number,
  note: string,
  options: { pickup?: boolean } = {},
): Promise<AdminReturn> {
  await ctx.db.transaction(async (tx) => {
    const { order, r, lines } = await lockBoth(tx, id);
    if (r.status !== 'requested') throw refusal(r, 'be approved');
    if (r.kind === 'exchange') {
      await moveWithLedger(tx, replacementMoves(lines, -1), {
        reason: 'exchange',
        orderId: order.id,
        staffId: actor.staffId,
        note: `Held for exchange #${id}`,
      });
    }
    const now = new Date();
    await q.setDecision(tx, id, { status: 'approved', note, staffId: actor.staffId, now });
    await recordEvent(tx, order.id, 'return_approved', staffActor(actor), {
      note,
      data: { return_id: id, kind: r.kind },
      at: now,
    });
    await record(tx, actor, {
      entity: 'order_return',
      entityId: id,
      action: 'approve',
      before: { status: r.status },
      after: { status: 'approved', note },
    });
    if (options.pickup) {
      await enqueueOrderMail(tx, ctx.config.publicUrl, order.id, 'return-decided', {
        ...decidedMail(r, lines, true, note),
        pickup: true,
      });
      return;
    }
    // The shopper is told where to send the parcel: the shop's address as its settings say.
    const shop = await getSettings(tx);
    const sendTo = [
      shop.legal_name,
      shop.address,
      shop.city,
      `${shop.state} ${shop.pincode}`.trim(),
      shop.phone,
    ]
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .join(', ');
    await enqueueOrderMail(tx, ctx.config.publicUrl, order.id, 'return-decided', {
      ...decidedMail(r, lines, true, note),
      send_to: sendTo,
    });
  });
  return getReturn(ctx.db, id);
}

/**
 * Rejects a request not yet received (orders.manage), with a note for the shopper; an
 * approved exchange gives its held sizes back.
 */
export async function rejectReturn(
  ctx: OrderContext,
  actor: Actor,
  id: number,
  note: string,
): Promise<AdminReturn> {
  await ctx.db.transaction(async (tx) => {
    const { order, r, lines } = await lockBoth(tx, id);
    if (r.status !== 'requested' && r.status !== 'approved') throw refusal(r, 'be rejected');
    // A pickup still to come is canceled first; one on its way is waited for. One delivered
    // may be rejected (the shirts came back not as sold): the staff send them back by hand.
    const pickup = await lockLivePickup(tx, id);
    if (pickup && pickup.state !== 'delivered') {
      throw new Conflict(
        pickup.state === 'booking' || pickup.state === 'booked'
          ? `${KIND_WORDS[r.kind]} #${id} has a courier pickup booked (${pickup.reference}): cancel the pickup before rejecting it.`
          : `${KIND_WORDS[r.kind]} #${id}'s parcel is on its way back to us (${pickup.reference}): wait for it to arrive.`,
      );
    }
    if (r.kind === 'exchange' && r.status === 'approved') {
      await moveWithLedger(tx, replacementMoves(lines, 1), {
        reason: 'exchange',
        orderId: order.id,
        staffId: actor.staffId,
        note: `Hold of exchange #${id} released`,
      });
    }
    const now = new Date();
    await q.setDecision(tx, id, { status: 'rejected', note, staffId: actor.staffId, now });
    await recordEvent(tx, order.id, 'return_rejected', staffActor(actor), {
      note,
      data: { return_id: id, kind: r.kind },
      at: now,
    });
    await record(tx, actor, {
      entity: 'order_return',
      entityId: id,
      action: 'reject',
      before: { status: r.status },
      after: { status: 'rejected', note },
    });
    await enqueueOrderMail(
      tx,
      ctx.config.publicUrl,
      order.id,
      'return-decided',
      decidedMail(r, lines, false, note),
    );
  });
  return getReturn(ctx.db, id);
}

/**
 * The shirts came back (orders.fulfil): the plain ones go back to stock through the ledger
 * when `restock` says so (absent: unless the shopper said they arrived faulty), and a return
 * is refunded by the rule (capped at what is left to refund on the order), sent to the
 * provider after commit with the key return-<id>.
 */
export async function receiveReturn(
  ctx: OrderContext,
  actor: Actor,
  id: number,
  options: { restock?: boolean | undefined } = {},
): Promise<AdminReturn> {
  const refundIds = await ctx.db.transaction(async (tx) => {
    const { order, r, lines } = await lockBoth(tx, id);
    if (r.status !== 'approved') {
      throw r.status === 'requested'
        ? new Conflict(`${KIND_WORDS[r.kind]} #${id} must be approved before it is received.`)
        : refusal(r, 'be received');
    }
    // A pickup still to come would send the courier to a shopper who has nothing left to give.
    const pickup = await lockLivePickup(tx, id);
    if (pickup && (pickup.state === 'booking' || pickup.state === 'booked')) {
      throw new Conflict(
        `${KIND_WORDS[r.kind]} #${id} has a courier pickup still to come (${pickup.reference}): cancel the pickup first, or wait for the courier to collect the parcel.`,
      );
    }
    // A printed shirt cannot be sold again as a plain one: only plain pieces go back to stock
    // (and only they can wake the size's back-in-stock requests), and faulty ones only when
    // staff found them fit to sell (decision 053). The refund counts them all.
    const restock = options.restock ?? !r.defect;
    const back = restock ? lines.filter((l) => !isPrintedLine(l)) : [];
    const pieces = (ls: typeof lines) => ls.reduce((sum, l) => sum + l.quantity, 0);
    const keptOut = pieces(lines) - pieces(back);
    await moveWithLedger(
      tx,
      back.map((l) => ({
        productId: l.product_id,
        size: l.size,
        delta: l.quantity,
        name: l.product_name,
      })),
      {
        reason: 'return',
        orderId: order.id,
        staffId: actor.staffId,
        note: `Came back in ${r.kind} #${id}`,
      },
    );
    let refund: { ids: number[]; paise: number } | null = null;
    if (r.kind === 'return') {
      const due = await returnRefundPaise(tx, order.id, lines);
      const paise = Math.min(due, await refunds.refundableOf(tx, order.id));
      // A cash-on-delivery order's refund is a payout to the account the shopper gave (a
      // request from before payouts, without one, is received with no refund written).
      const cash = paidInCash(order);
      if (paise > 0 && (!cash || r.payout)) {
        const ask = {
          amountPaise: paise,
          key: returnRefundKey(id),
          reason: `Return #${id} received`,
          actor: staffActor(actor),
          returnId: id,
        };
        const written = r.payout
          ? await refunds.requestPayout(tx, order.id, { ...ask, payoutTo: r.payout })
          : await refunds.requestRefund(tx, order.id, ask);
        refund = { ids: written.refundIds, paise };
      }
    }
    const now = new Date();
    await q.setReceived(tx, id, now);
    // The returned pieces' tax is reversed by a credit note when the order was invoiced; an
    // exchange's replacement goes out on the same invoice.
    const note =
      r.kind === 'return'
        ? await creditNoteForReturn(
            tx,
            order.id,
            id,
            lines.map((l) => ({ orderItemId: l.order_item_id, quantity: l.quantity })),
            { staffId: actor.staffId, at: now },
          )
        : null;
    await recordEvent(tx, order.id, 'return_received', staffActor(actor), {
      data: {
        return_id: id,
        kind: r.kind,
        refund_paise: refund?.paise ?? null,
        ...(note ? { credit_note_number: note.number } : {}),
        ...(keptOut > 0 ? { kept_out_of_stock: keptOut } : {}),
      },
      at: now,
    });
    await record(tx, actor, {
      entity: 'order_return',
      entityId: id,
      action: 'receive',
      before: { status: r.status },
      after: {
        status: 'received',
        refund_paise: refund?.paise ?? null,
        ...(keptOut > 0 ? { kept_out_of_stock: keptOut } : {}),
      },
    });
    return refund?.ids ?? [];
  });
  await refunds.sendRefunds(ctx, refundIds);
  return getReturn(ctx.db, id);
}

/**
 * Approves a return and, when a courier is asked for, books its pickup (after the approval
 * commits). A refused booking leaves the return approved with the booking waiting: the response
 * is the return, with the courier's words kept on its pickup, for the staff to retry.
 */
export async function approveWithPickup(
  ctx: ShippingContext,
  actor: Actor,
  role: StaffRole,
  returnId: number,
  note: string,
  courier: 'sandbox' | 'shiprocket' | undefined,
): Promise<AdminReturn> {
  // Booking a courier is fulfilment's (orders.fulfil), as the pickup's own endpoint is.
  if (courier && !roleMay(role, 'orders.fulfil')) {
    throw new Forbidden(
      'Booking a courier pickup needs the orders.fulfil permission: approve without it, and a packer books the pickup.',
    );
  }
  if (courier) courierOf(ctx.couriers, courier);
  const approved = await approveReturn(ctx, actor, returnId, note, {
    pickup: courier !== undefined,
  });
  if (!courier) return approved;
  try {
    await bookReturnPickup(ctx, actor, returnId, { courier });
  } catch (err) {
    if (!(err instanceof ProviderFailed)) throw err;
    ctx.log.warn({ err, returnId }, 'return approved; its pickup is waiting for a retry');
  }
  return getReturn(ctx.db, returnId);
}

type Shipment = z.output<typeof ShipReplacementRequest>;

/**
 * Ships an exchange's replacement by hand (orders.fulfil): the staff's own courier and
 * tracking, recorded as the replacement's parcel so its label prints as any parcel's.
 */
export async function shipReplacement(
  ctx: OrderContext,
  actor: Actor,
  id: number,
  shipment: Shipment,
): Promise<AdminReturn> {
  await ctx.db.transaction(async (tx) => {
    const { order, r } = await lockReplacementToShip(tx, id);
    const parcel: ReplacementParcel = {
      courier_name: shipment.courier_name,
      tracking_id: shipment.tracking_id,
      tracking_link: shipment.tracking_link || null,
    };
    await recordManualShipment(tx, order.id, actor.staffId, {
      courierName: parcel.courier_name,
      trackingId: parcel.tracking_id,
      trackingLink: parcel.tracking_link,
      returnId: id,
    });
    await markReplacementShipped(tx, ctx.config.publicUrl, actor, r, parcel);
  });
  return getReturn(ctx.db, id);
}
