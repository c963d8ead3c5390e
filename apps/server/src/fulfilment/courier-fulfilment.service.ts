// An order's parcels with a courier (decision 032, OPERATIONS.md Shipping), fulfilment's side:
// shipping/shipments.service.ts keeps the shipments and talks to the couriers, and this file
// moves the order with them. Shipping with a courier books the parcel (its row first, the
// courier asked outside any transaction) and ships the order with its waybill in one
// transaction through the fulfilment service (invoice, 'shipped' event, mail); canceling the
// parcel before pickup packs the order again.
//
// The couriers' tracking news comes in through the webhook (couriers.routes.ts): each event
// stored once by shipping, the shipment moved forward only; then here the shopper's timeline
// told, a delivery completing the order, a failed delivery waiting for the staff's answer, a
// parcel back at the shop (RTO) canceling the order with its stock back, a refund and a credit
// note.
//
// An exchange's replacement is a parcel of its own, booked, labelled, canceled and tracked as
// the order's. Its courier's news moves the exchange instead of the order: delivered
// completes it; back at the shop (or canceled before pickup) makes it received again, the
// replacement still held in stock, to be shipped again.
//
// A return's pickup travels the other way (decision 067): booked when the return is approved
// (or later), the courier collects the parcel from the shopper and delivers it at the shop;
// its news goes on the order's timeline and never moves the order or the return, which the
// staff receive when they have looked at the pieces.
import type {
  BookPickupRequest,
  ShipReplacementWithCourierRequest,
  ShipWithCourierRequest,
} from '@kitroom/contract/admin';
import type { z } from 'zod';
import type { Tx } from '../db/index.js';
import { Conflict, NotFound } from '../domain-errors.js';
import { enqueueOrderMail } from '../notifications/index.js';
import type { BookedParcel, CourierProvider, TrackingUpdate, Couriers } from '../shipping/index.js';
import * as shipping from '../shipping/index.js';
import * as tracking from '../shipping/index.js';
import { COURIER, record, type Actor } from '../staff/index.js';
import * as fulfilment from './fulfilment.service.js';
import { stageOf, transition, PROVIDER, recordEvent, type OrderActor } from '../orders/index.js';
import type { OrderContext } from '../orders/index.js';
import { ewayBillBeforeShipping } from './e-way-bills.service.js';
import * as returns from './return-parcels.js';

export interface ShippingContext extends OrderContext {
  couriers: Couriers;
}

/** The order's stage allows shipping (packed or paid and processing). */
function mayShip(order: Awaited<ReturnType<typeof fulfilment.lockOrder>>, orderId: number) {
  if (!order) throw new NotFound('Order not found.');
  const step = transition(stageOf(order), 'ship', orderId);
  if (!step.ok) throw new Conflict(step.error);
  // Refused before the courier is asked: a parcel booked for an order that may not ship
  // would have to be canceled again.
  const noEwayBill = fulfilment.ewayBillProblem(order);
  if (noEwayBill) throw new Conflict(noEwayBill);
  return order;
}

/**
 * A booking's third step: the courier's response recorded with what it does here (the order or
 * the exchange shipped, the shopper told of a pickup). When that step refuses (the invoice, the
 * exchange or the return moved on meanwhile), the parcel booked at the courier stays on its row
 * with the reason, for the retry (the same reference) or the cancel.
 */
async function keepBooking(
  ctx: ShippingContext,
  shipmentId: number,
  parcel: BookedParcel,
  step: () => Promise<void>,
): Promise<void> {
  try {
    await step();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await ctx.db.transaction((tx) =>
      shipping.storeBooking(tx, shipmentId, parcel, 'booking', message),
    );
    throw err;
  }
  await applyHeldNews(ctx, shipmentId);
}

/**
 * The courier's news that came while the booking was incomplete (its third step refused, or its
 * response lost and booked again), applied now that it is complete, as the webhook would have:
 * the order's timeline and mail, and the order settled if the parcel is already delivered or
 * back. Should this stop short, the parcel's next news applies it first.
 */
async function applyHeldNews(ctx: ShippingContext, shipmentId: number): Promise<void> {
  try {
    const moved = await ctx.db.transaction(async (tx) => {
      const shipment = await shipping.lockShipment(tx, shipmentId);
      if (!shipment) return false;
      const { moves } = await tracking.applyHeldNews(tx, shipment);
      for (const u of moves) await orderNews(ctx, tx, shipment, u);
      return moves.length > 0;
    });
    if (moved) await settleOrder(ctx, shipmentId);
  } catch (err) {
    // The booking itself is complete and stays so.
    ctx.log.error({ err, shipmentId }, 'courier news held during the booking not applied yet');
  }
}

/** A booked parcel as the request, the timeline and the shopper's mail name it. */
const named = (parcel: BookedParcel) => ({
  courier_name: parcel.courierName,
  tracking_id: parcel.awb,
  tracking_link: parcel.trackingLink,
});

// ───────────────────────────── shipping ─────────────────────────────

/**
 * Ships the order with a courier: books (or books again, with the same reference) and ships
 * it with the courier's waybill and link. A courier's refusal responds 502 with its message
 * and leaves the order unshipped, the shipment waiting with its error.
 */
export async function shipWithCourier(
  ctx: ShippingContext,
  actor: Actor,
  orderId: number,
  ask: ShipWithCourierRequest,
): Promise<void> {
  const provider = shipping.courierOf(ctx.couriers, ask.courier);
  const { weight, size } = await shipping.parcelAsked(ctx.db, ask);
  // 0. With NIC's API configured, the e-way bill of an order above ₹50,000 (decision 072):
  // before the courier is asked, so a refusal leaves no parcel to cancel.
  await ewayBillBeforeShipping(ctx, actor, orderId);
  // 1. The shipment row first, in its own transaction: a retry finds it.
  const shipment = await ctx.db.transaction(async (tx) => {
    const order = mayShip(await fulfilment.lockOrder(tx, orderId), orderId);
    return shipping.openBooking(tx, provider.name, {
      orderId: order.id,
      weightGrams: weight,
      staffId: actor.staffId,
    });
  });
  // 2. The courier, outside any transaction.
  const parcel = await shipping.book(ctx, provider, shipment, size);
  // 3. Its response and the order shipped, together.
  await keepBooking(ctx, shipment.id, parcel, () =>
    fulfilment.shipOrder(
      ctx,
      actor,
      orderId,
      {
        courierName: parcel.courierName,
        trackingId: parcel.awb,
        trackingLink: parcel.trackingLink,
        expectedDate: ask.expected_date ?? null,
      },
      (tx) => shipping.storeBooking(tx, shipment.id, parcel, 'booked', null),
    ),
  );
}

/**
 * Ships an exchange's replacement with a courier, as shipWithCourier ships an order: the
 * parcel's row first (its reference the order's next), the courier asked outside any
 * transaction, its waybill stored with the exchange shipped. A refusal leaves the exchange
 * received and the booking waiting with its error; trying again sends the same reference.
 */
export async function shipReplacementWithCourier(
  ctx: ShippingContext,
  actor: Actor,
  returnId: number,
  ask: z.output<typeof ShipReplacementWithCourierRequest>,
): Promise<void> {
  const provider = shipping.courierOf(ctx.couriers, ask.courier);
  const { weight, size } = await shipping.parcelAsked(ctx.db, ask);
  const shipment = await ctx.db.transaction(async (tx) => {
    const { order } = await returns.lockReplacementToShip(tx, returnId);
    return shipping.openBooking(tx, provider.name, {
      orderId: order.id,
      returnId,
      weightGrams: weight,
      staffId: actor.staffId,
    });
  });
  const parcel = await shipping.book(ctx, provider, shipment, size);
  await keepBooking(ctx, shipment.id, parcel, () =>
    ctx.db.transaction(async (tx) => {
      const { r } = await returns.lockReplacementToShip(tx, returnId);
      await shipping.storeBooking(tx, shipment.id, parcel, 'booked', null);
      await returns.markReplacementShipped(tx, ctx.config.publicUrl, actor, r, named(parcel));
    }),
  );
}

// ───────────────────────────── pickups ─────────────────────────────

/**
 * Books an approved return's pickup from the shopper with a courier, as shipWithCourier books
 * a parcel: the row first (the order's next reference), the courier asked outside any
 * transaction, its waybill stored with the shopper told. A refusal leaves the return approved
 * and the booking waiting with its error; trying again sends the same reference.
 */
export async function bookReturnPickup(
  ctx: ShippingContext,
  actor: Actor,
  returnId: number,
  ask: z.output<typeof BookPickupRequest>,
): Promise<void> {
  const provider = shipping.courierOf(ctx.couriers, ask.courier);
  const { weight, size } = await shipping.parcelAsked(ctx.db, ask);
  const shipment = await ctx.db.transaction(async (tx) => {
    const { order } = await returns.lockReturnToPickUp(tx, returnId);
    return shipping.openBooking(tx, provider.name, {
      orderId: order.id,
      returnId,
      direction: 'reverse',
      weightGrams: weight,
      staffId: actor.staffId,
    });
  });
  const parcel = await shipping.book(ctx, provider, shipment, size);
  await keepBooking(ctx, shipment.id, parcel, () =>
    ctx.db.transaction(async (tx) => {
      const { r } = await returns.lockReturnToPickUp(tx, returnId);
      await shipping.storeBooking(tx, shipment.id, parcel, 'booked', null);
      await returns.markPickupBooked(tx, ctx.config.publicUrl, actor, r, named(parcel));
    }),
  );
}

/**
 * Cancels a shipment not yet picked up: the courier's parcel is canceled, and a shipped order
 * is packed again (a shipped replacement: its exchange is received again; a return's pickup:
 * the return stays approved, for another pickup or the shopper's own parcel).
 */
export async function cancelShipment(
  ctx: ShippingContext,
  actor: Actor,
  shipmentId: number,
): Promise<number> {
  const shipment = await shipping.cancelAtCourier(ctx, shipmentId);
  await ctx.db.transaction(async (tx) => {
    const locked = await shipping.markCanceled(tx, shipmentId);
    const what = `${locked.reference}${locked.awb ? ` (${locked.awb})` : ''}`;
    if (locked.direction === 'reverse') {
      await returns.pickupCanceled(tx, actor, locked.return_id!, what, new Date());
    } else if (locked.return_id !== null) {
      await returns.replacementUnshipped(tx, actor, locked.return_id, {
        returned: false,
        note: `Replacement of exchange #${locked.return_id}: shipment ${what} canceled before pickup; it is to be shipped again.`,
        at: new Date(),
      });
    }
    const order =
      locked.return_id === null ? await fulfilment.lockOrder(tx, locked.order_id) : undefined;
    if (order && stageOf(order) === 'shipped') {
      await fulfilment.unshipOrder(
        tx,
        locked.order_id,
        actor,
        `Shipment ${what} canceled before pickup; the order is packed again.`,
      );
    }
    await record(tx, actor, {
      entity: 'shipment',
      entityId: shipmentId,
      action: 'cancel',
      before: { state: locked.state, awb: locked.awb },
      after: { state: 'canceled' },
    });
  });
  return shipment.order_id;
}

// ───────────────────────────── failed deliveries ─────────────────────────────

/** The staff's answer to a failed delivery, sent to the courier, audited, on the timeline. */
export async function answerFailedDelivery(
  ctx: ShippingContext,
  actor: Actor,
  shipmentId: number,
  action: 'reattempt' | 'return',
  note: string,
): Promise<number> {
  const shipment = await tracking.answerAtCourier(ctx, shipmentId, action, note);
  await ctx.db.transaction(async (tx) => {
    const now = new Date();
    const locked = await tracking.recordAnswer(tx, shipmentId, action, now);
    const staff: OrderActor =
      actor.staffId === null ? PROVIDER : { kind: 'staff', staffId: actor.staffId, ip: actor.ip };
    await recordEvent(
      tx,
      locked.order_id,
      action === 'reattempt' ? 'reattempt_requested' : 'note',
      staff,
      {
        note:
          action === 'reattempt'
            ? note.trim()
            : `Asked the courier to return the parcel to us.${note.trim() ? ` ${note.trim()}` : ''}`,
        data: { awb: locked.awb, action },
        at: now,
      },
    );
    await record(tx, actor, {
      entity: 'shipment',
      entityId: shipmentId,
      action: `failed-delivery-${action}`,
      before: { state: locked.state, ndr_reason: locked.ndr_reason },
      after: { ndr_action: action, note: note.trim() },
    });
  });
  return shipment.order_id;
}

// ───────────────────────────── tracking ─────────────────────────────

const TIMELINE = {
  picked_up: 'picked_up',
  in_transit: 'in_transit',
  out_for_delivery: 'out_for_delivery',
  delivery_failed: 'delivery_failed',
  rto_initiated: 'rto_initiated',
  rto_delivered: 'rto_received',
} as const;

export interface WebhookResult {
  stored: number;
  duplicates: number;
  unknown: number;
}

/** The courier's verified updates: each stored once, each moving its shipment forward. */
export async function applyTracking(
  ctx: ShippingContext,
  provider: CourierProvider,
  updates: readonly TrackingUpdate[],
  raw: unknown,
): Promise<WebhookResult> {
  const result: WebhookResult = { stored: 0, duplicates: 0, unknown: 0 };
  for (const u of updates) {
    const outcome = await ctx.db.transaction(async (tx) => {
      const tracked = await tracking.storeTracking(tx, provider, u, raw);
      if (tracked.kind !== 'unknown') {
        for (const move of tracked.moves) await orderNews(ctx, tx, tracked.shipment, move);
      }
      return tracked;
    });
    if (outcome.kind === 'unknown') {
      result.unknown += 1;
      continue;
    }
    if (outcome.kind === 'duplicate') result.duplicates += 1;
    else result.stored += 1;
    // The order follows its shipment (again on a repeated event, should the first have stopped
    // short after the shipment moved).
    await settleOrder(ctx, outcome.shipment.id);
  }
  return result;
}

/**
 * A parcel's news that moved its shipment, in its tracking event's transaction: the order's
 * timeline and the shopper's mail; a replacement's moves its exchange instead.
 */
async function orderNews(
  ctx: ShippingContext,
  tx: Tx,
  shipment: shipping.Shipment,
  u: TrackingUpdate,
): Promise<void> {
  if (shipment.direction === 'reverse') {
    await returns.pickupNews(tx, shipment.return_id!, {
      state: u.state,
      at: u.occurredAt,
      note: u.note,
      courier_name: shipment.courier_name,
      tracking_id: shipment.awb,
    });
    return;
  }
  if (shipment.return_id !== null) {
    await replacementNews(ctx, tx, shipment, shipment.return_id, u);
    return;
  }
  const type = TIMELINE[u.state as keyof typeof TIMELINE];
  if (type) {
    await recordEvent(tx, shipment.order_id, type, PROVIDER, {
      note: u.state === 'delivery_failed' ? (u.note ?? 'Delivery failed') : (u.note ?? ''),
      data: { awb: u.awb, location: u.location, courier_name: shipment.courier_name },
      at: u.occurredAt,
    });
  }
  if (u.state === 'out_for_delivery') {
    await enqueueOrderMail(tx, ctx.config.publicUrl, shipment.order_id, 'order-out-for-delivery');
  } else if (u.state === 'delivery_failed') {
    await enqueueOrderMail(tx, ctx.config.publicUrl, shipment.order_id, 'order-delivery-failed', {
      reason: u.note ?? 'Delivery failed',
    });
  }
}

/**
 * A replacement parcel's news, in its tracking event's transaction: delivered completes the
 * exchange; back at the shop makes it received again (the replacement still held for it, to be
 * shipped again); a failed delivery is the shopper's to know (timeline and mail) and waits in
 * the staff's queue as any parcel's. The steps between stay on the parcel: the order was
 * delivered long ago, and its timeline would read as if it were on its way again.
 */
async function replacementNews(
  ctx: ShippingContext,
  tx: Tx,
  shipment: shipping.Shipment,
  returnId: number,
  u: TrackingUpdate,
): Promise<void> {
  if (u.state === 'delivered') {
    await returns.replacementDelivered(tx, returnId, u.occurredAt);
  } else if (u.state === 'rto_delivered') {
    await returns.replacementUnshipped(tx, COURIER, returnId, {
      returned: true,
      note: `The replacement came back to us undelivered${u.note ? ` (${u.note})` : ''}; it is to be shipped again.`,
      at: u.occurredAt,
    });
  } else if (u.state === 'delivery_failed') {
    const reason = u.note ?? 'Delivery failed';
    await recordEvent(tx, shipment.order_id, 'delivery_failed', PROVIDER, {
      note: reason,
      data: {
        awb: u.awb,
        location: u.location,
        courier_name: shipment.courier_name,
        return_id: returnId,
      },
      at: u.occurredAt,
    });
    await enqueueOrderMail(tx, ctx.config.publicUrl, shipment.order_id, 'order-delivery-failed', {
      reason,
    });
  }
}

/** Completes or returns-to-origin the order once its own parcel is delivered or back. */
async function settleOrder(ctx: ShippingContext, shipmentId: number): Promise<void> {
  const shipment = await shipping.lockShipment(ctx.db, shipmentId);
  if (!shipment || shipment.return_id !== null) return;
  const order = await fulfilment.lockOrder(ctx.db, shipment.order_id);
  if (!order || stageOf(order) !== 'shipped') return;
  try {
    if (shipment.state === 'delivered') {
      await fulfilment.deliverOrder(ctx, COURIER, shipment.order_id);
    } else if (shipment.state === 'rto_delivered') {
      await fulfilment.returnToOrigin(ctx, shipment.order_id);
    }
  } catch (err) {
    // Another process settled it meanwhile (the state machine refuses a second time).
    if (!(err instanceof Conflict)) throw err;
    ctx.log.info({ orderId: shipment.order_id, err }, 'order already settled by its courier');
  }
}
