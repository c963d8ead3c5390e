// The couriers' news of a parcel (decision 032): tracking updates stored once, each moving
// its shipment forward only, and failed deliveries waiting for the staff's answer, sent to the
// courier. What the news means for the order is orders/courier-fulfilment.service.ts's.
import type { Tx } from '../db/index.js';
import { Conflict, NotFound, ProviderFailed } from '../domain-errors.js';
import {
  CourierError,
  type CourierProvider,
  type ShipmentState,
  type TrackingUpdate,
} from './couriers/courier.js';
import * as q from './shipments.queries.js';
import type { CourierContext, Shipment } from './shipments.service.js';

// ───────────────────────────── tracking ─────────────────────────────

/** How far along a parcel is; a state moves to a later one only. */
export const PARCEL_RANK: Readonly<Record<ShipmentState, number>> = {
  booking: 0,
  booked: 1,
  picked_up: 2,
  in_transit: 3,
  out_for_delivery: 4,
  delivery_failed: 4,
  rto_initiated: 5,
  delivered: 9,
  rto_delivered: 9,
  canceled: 9,
};

/** Whether an event in `next` state, at `at`, moves a shipment in `current` state. */
function movesTo(current: ShipmentState, next: ShipmentState, at: Date, lastAttempt: Date | null) {
  if (current === next) return false;
  if (current === 'rto_initiated') return next === 'rto_delivered';
  if (PARCEL_RANK[next] > PARCEL_RANK[current]) return true;
  // Out for delivery again after a failed attempt (a re-attempt), or failing after it: the
  // later of the two wins.
  return (
    PARCEL_RANK[next] === 4 &&
    PARCEL_RANK[current] === 4 &&
    (lastAttempt === null || at >= lastAttempt)
  );
}

/** What a tracking update did to its shipment. */
export type Tracked =
  | { kind: 'unknown' }
  | { kind: 'duplicate'; shipment: Shipment }
  /** Stored; `moved` when it moved the shipment on (the shipment as it was before). */
  | { kind: 'stored'; shipment: Shipment; moved: boolean };

/**
 * A courier's verified update, in the caller's transaction: stored once, moving its shipment
 * forward only (a failed delivery kept with its reason, waiting for the staff's answer).
 */
export async function storeTracking(
  tx: Tx,
  provider: CourierProvider,
  u: TrackingUpdate,
  raw: unknown,
): Promise<Tracked> {
  const shipment = await q.lockShipmentByAwb(tx, provider.name, u.awb);
  if (!shipment) return { kind: 'unknown' };
  const lastAttempt = await q.lastAttemptAt(tx, shipment.id);
  const fresh = await q.insertEvent(tx, shipment.id, { ...u, raw });
  if (!fresh) return { kind: 'duplicate', shipment };
  if (shipment.state === 'canceled' || shipment.state === 'booking') {
    return { kind: 'stored', shipment, moved: false };
  }
  if (!movesTo(shipment.state, u.state, u.occurredAt, lastAttempt)) {
    return { kind: 'stored', shipment, moved: false };
  }
  if (u.state === 'delivery_failed') {
    await q.markFailedDelivery(tx, shipment.id, u.note ?? 'Delivery failed', u.occurredAt);
  } else {
    await q.setState(tx, shipment.id, u.state);
  }
  return { kind: 'stored', shipment, moved: true };
}

// ───────────────────────────── failed deliveries ─────────────────────────────

/**
 * Sends the staff's answer to a failed delivery to the courier: deliver again, or return the
 * parcel to the shop. Returns the shipment; 409 when none waits for an answer.
 */
export async function answerAtCourier(
  ctx: CourierContext,
  shipmentId: number,
  action: 'reattempt' | 'return',
  note: string,
): Promise<Shipment> {
  const shipment = await q.lockShipment(ctx.db, shipmentId);
  if (!shipment) throw new NotFound('Shipment not found.');
  if (shipment.state !== 'delivery_failed' || shipment.ndr_action !== null) {
    throw new Conflict(
      `Shipment ${shipment.reference} has no failed delivery waiting for an answer.`,
    );
  }
  const provider = shipment.courier === 'manual' ? null : ctx.couriers.get(shipment.courier);
  if (!provider || !shipment.awb) {
    throw new Conflict(`The ${shipment.courier} courier is not enabled, so it cannot be answered.`);
  }
  try {
    await provider.answerFailedDelivery({ awb: shipment.awb }, action, note.trim());
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw err instanceof CourierError && !err.uncertain
      ? new Conflict(message)
      : new ProviderFailed(message);
  }
  return shipment;
}

/** The staff's answer kept on the shipment, in the caller's transaction; returns it as it was. */
export async function recordAnswer(
  tx: Tx,
  shipmentId: number,
  action: 'reattempt' | 'return',
  at: Date,
): Promise<Shipment> {
  const locked = (await q.lockShipment(tx, shipmentId))!;
  await q.answerFailedDelivery(tx, shipmentId, action, at);
  return locked;
}
