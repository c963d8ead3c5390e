// A return's and an exchange's parcels as they move (decisions 023 and 067): an exchange's
// replacement shipped (by hand or booked with a courier), delivered, or back undelivered; a
// return's pickup booked, its courier's news, canceled by the staff. Each in the caller's
// transaction, with the request's columns, the order's timeline, the audit entry and the
// shopper's mail. Courier fulfilment and the staff's steps on a return call them.
import { printedText } from '@kitroom/contract';
import type { Tx } from '../db/index.js';
import { Conflict } from '../domain-errors.js';
import { enqueueOrderMail } from '../notifications/index.js';
import { record, type Actor } from '../staff/index.js';
import { challanForReplacement } from '../tax/index.js';
import {
  recordEvent,
  PROVIDER,
  KIND_WORDS,
  lockBoth,
  refusal,
  staffActor,
} from '../orders/index.js';
import * as oq from '../orders/orders.queries.js';
import * as q from '../orders/returns.queries.js';

/** The replacement's parcel as the request, the timeline and the shopper's mail name it. */
export type ReplacementParcel = {
  courier_name: string;
  tracking_id: string;
  tracking_link: string | null;
};

/**
 * An exchange whose replacement may ship now (received, not yet shipped), locked after its
 * order; refuses a return, a request not received, one shipped already.
 */
export async function lockReplacementToShip(tx: Tx, id: number) {
  const both = await lockBoth(tx, id);
  const { r } = both;
  if (r.kind !== 'exchange') {
    throw new Conflict(`Return #${id} is a return, so there is no replacement to ship.`);
  }
  if (r.status !== 'received') {
    throw r.status === 'approved'
      ? new Conflict(`Exchange #${id} is not received yet: receive the shirts it replaces first.`)
      : refusal(r, 'be shipped');
  }
  return both;
}

/**
 * The replacement is on its way (by hand or booked with a courier): the request's columns, the
 * timeline, the audit entry and the shopper's mail, in the caller's transaction.
 */
export async function markReplacementShipped(
  tx: Tx,
  publicUrl: string,
  actor: Actor,
  r: q.ReturnRow,
  parcel: ReplacementParcel,
): Promise<void> {
  const now = new Date();
  // The replacement travels under a delivery challan against the order's invoice: no new sale.
  const lines = await q.linesOfReturns(tx, [r.id]);
  const challan = await challanForReplacement(
    tx,
    r.order_id,
    r.id,
    lines.map((l) => {
      const printed = printedText({
        name: l.print_name,
        number: l.print_number,
        patch: l.print_patch,
      });
      return {
        orderItemId: l.order_item_id,
        quantity: l.quantity,
        description: `${l.product_name} (${l.exchange_size})${printed ? ` — ${printed}` : ''}`,
      };
    }),
    { staffId: actor.staffId, at: now },
  );
  await q.setShipped(tx, r.id, {
    courierName: parcel.courier_name,
    trackingId: parcel.tracking_id,
    trackingLink: parcel.tracking_link,
    now,
  });
  await recordEvent(tx, r.order_id, 'exchange_shipped', staffActor(actor), {
    data: {
      return_id: r.id,
      kind: r.kind,
      ...parcel,
      ...(challan ? { challan_number: challan.number } : {}),
    },
    at: now,
  });
  await record(tx, actor, {
    entity: 'order_return',
    entityId: r.id,
    action: 'ship-replacement',
    before: { status: r.status },
    after: { status: 'shipped', ...parcel, ...(challan ? { challan: challan.number } : {}) },
  });
  await enqueueOrderMail(tx, publicUrl, r.order_id, 'exchange-shipped', parcel);
}

/**
 * The courier delivered the replacement: the exchange is done (its order's timeline says so).
 * Again for a repeated event: nothing changes.
 */
export async function replacementDelivered(tx: Tx, id: number, at: Date): Promise<void> {
  const orderId = await q.orderIdOfReturn(tx, id);
  if (orderId === undefined) return;
  await oq.lockOrder(tx, orderId);
  const r = (await q.lockReturn(tx, id))!;
  if (r.status !== 'shipped') return;
  await q.setDelivered(tx, id, at);
  await recordEvent(tx, orderId, 'exchange_delivered', PROVIDER, {
    data: { return_id: id, kind: r.kind, courier_name: r.courier_name, tracking_id: r.tracking_id },
    at,
  });
}

/**
 * The replacement's parcel will not reach the shopper as shipped: canceled before pickup
 * (`returned` false) or back at the shop undelivered (true). The exchange is received again,
 * its replacement held in stock as before, to be shipped again.
 */
export async function replacementUnshipped(
  tx: Tx,
  actor: Actor,
  id: number,
  why: { returned: boolean; note: string; at: Date },
): Promise<void> {
  const orderId = await q.orderIdOfReturn(tx, id);
  if (orderId === undefined) return;
  await oq.lockOrder(tx, orderId);
  const r = (await q.lockReturn(tx, id))!;
  if (r.status !== 'shipped') return;
  await q.setUnshipped(tx, id);
  await recordEvent(
    tx,
    orderId,
    why.returned ? 'exchange_returned' : 'note',
    why.returned ? PROVIDER : staffActor(actor),
    {
      note: why.note,
      data: { return_id: id, kind: r.kind, tracking_id: r.tracking_id },
      at: why.at,
    },
  );
  await record(tx, actor, {
    entity: 'order_return',
    entityId: id,
    action: why.returned ? 'replacement-returned' : 'replacement-unshipped',
    before: { status: r.status, tracking_id: r.tracking_id },
    after: { status: 'received' },
  });
}

// ───────────────────────────── pickups ─────────────────────────────

/** The return's parcel as the timeline, the audit and the shopper's mail name it. */
export interface PickupParcel {
  courier_name: string;
  tracking_id: string;
  tracking_link: string | null;
}

/**
 * An approved request whose pickup may be booked now, locked after its order: approved, not
 * yet received. (A request received, rejected or not yet approved has nothing to collect.)
 */
export async function lockReturnToPickUp(tx: Tx, id: number) {
  const both = await lockBoth(tx, id);
  const { r } = both;
  if (r.status !== 'approved') {
    throw r.status === 'requested'
      ? new Conflict(`${KIND_WORDS[r.kind]} #${id} must be approved before a pickup is booked.`)
      : refusal(r, 'have a pickup booked');
  }
  return both;
}

/**
 * The courier will collect the parcel: the timeline, the audit entry and the shopper's mail
 * (where and with whom), in the caller's transaction.
 */
export async function markPickupBooked(
  tx: Tx,
  publicUrl: string,
  actor: Actor,
  r: q.ReturnRow,
  parcel: PickupParcel,
): Promise<void> {
  const now = new Date();
  await recordEvent(tx, r.order_id, 'return_pickup_booked', staffActor(actor), {
    data: { return_id: r.id, kind: r.kind, ...parcel },
    at: now,
  });
  await record(tx, actor, {
    entity: 'order_return',
    entityId: r.id,
    action: 'book-pickup',
    before: { status: r.status },
    after: { status: r.status, ...parcel },
  });
  await enqueueOrderMail(tx, publicUrl, r.order_id, 'return-pickup-booked', {
    kind: r.kind,
    ...parcel,
  });
}

/**
 * A pickup's news, in its tracking event's transaction: collected from the shopper, delivered
 * at the shop (the staff then receive it, inspecting the pieces), or canceled by the courier
 * after failed attempts (the staff may book again). The steps between stay on the parcel.
 */
export async function pickupNews(
  tx: Tx,
  id: number,
  news: {
    state: string;
    at: Date;
    note: string | null;
    courier_name: string | null;
    tracking_id: string | null;
  },
): Promise<void> {
  const type =
    news.state === 'picked_up'
      ? 'return_picked_up'
      : news.state === 'delivered'
        ? 'return_arrived'
        : news.state === 'canceled'
          ? 'return_pickup_canceled'
          : null;
  if (!type) return;
  const orderId = await q.orderIdOfReturn(tx, id);
  if (orderId === undefined) return;
  const r = await q.returnById(tx, id);
  await recordEvent(tx, orderId, type, PROVIDER, {
    note:
      type === 'return_pickup_canceled' ? (news.note ?? 'The courier canceled the pickup.') : '',
    // The waybill as `awb`: the parcel was named when its pickup was booked.
    data: {
      return_id: id,
      kind: r?.kind ?? null,
      courier_name: news.courier_name,
      awb: news.tracking_id,
    },
    at: news.at,
  });
}

/** A pickup canceled by the staff before the courier collected it: on the order's timeline. */
export async function pickupCanceled(
  tx: Tx,
  actor: Actor,
  id: number,
  what: string,
  at: Date,
): Promise<void> {
  const orderId = await q.orderIdOfReturn(tx, id);
  if (orderId === undefined) return;
  await recordEvent(tx, orderId, 'note', staffActor(actor), {
    note: `Pickup ${what} of return #${id} canceled before the courier collected it.`,
    data: { return_id: id },
    at,
  });
}
