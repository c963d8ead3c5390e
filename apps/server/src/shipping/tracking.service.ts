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
  /** No shipment has its waybill (yet): kept for the booking that stores it. */
  | { kind: 'unknown' }
  /**
   * Stored, or seen before (duplicate); `moves`, the news that moved the shipment on, in order:
   * held news first (news that came while its booking was incomplete), then this update if it
   * moved it.
   */
  | { kind: 'stored' | 'duplicate'; shipment: Shipment; moves: TrackingUpdate[] };

/** An update that moves the shipment, applied (a failed delivery waits for the staff). */
async function move(tx: Tx, shipmentId: number, u: TrackingUpdate): Promise<void> {
  if (u.state === 'delivery_failed') {
    await q.markFailedDelivery(tx, shipmentId, u.note ?? 'Delivery failed', u.occurredAt);
  } else {
    await q.setState(tx, shipmentId, u.state);
  }
}

const ATTEMPTS: readonly ShipmentState[] = ['out_for_delivery', 'delivery_failed'];

/**
 * The shipment's held news (it came while the booking was incomplete), applied in the order it
 * happened, in the caller's transaction with the shipment locked; once the booking is complete
 * only (a shipment still 'booking' or canceled keeps its news unapplied). Returns the state it
 * left the shipment in and the updates that moved it.
 */
export async function applyHeldNews(
  tx: Tx,
  shipment: Shipment,
): Promise<{ state: ShipmentState; moves: TrackingUpdate[] }> {
  let state = shipment.state;
  if (state === 'booking' || state === 'canceled' || shipment.awb === null) {
    return { state, moves: [] };
  }
  let lastAttempt = await q.lastAttemptAt(tx, shipment.id);
  const moves: TrackingUpdate[] = [];
  for (const e of await q.takeHeldEvents(tx, shipment.id)) {
    const u: TrackingUpdate = {
      awb: shipment.awb,
      state: e.state,
      eventKey: e.event_key,
      occurredAt: new Date(e.occurred_at),
      location: e.location,
      note: e.note,
    };
    if (movesTo(state, u.state, u.occurredAt, lastAttempt)) {
      await move(tx, shipment.id, u);
      state = u.state;
      moves.push(u);
    }
    if (ATTEMPTS.includes(u.state) && (lastAttempt === null || u.occurredAt > lastAttempt)) {
      lastAttempt = u.occurredAt;
    }
  }
  return { state, moves };
}

/**
 * A courier's verified update, in the caller's transaction: stored once, moving its shipment
 * forward only (a failed delivery kept with its reason, waiting for the staff's answer). News
 * for a booking not yet complete is held for its completion; news of a waybill no shipment has
 * yet is kept for the booking that stores it (a booking whose response was lost).
 */
export async function storeTracking(
  tx: Tx,
  provider: CourierProvider,
  u: TrackingUpdate,
  raw: unknown,
): Promise<Tracked> {
  const shipment = await q.lockShipmentByAwb(tx, provider.name, u.awb);
  if (!shipment) {
    await q.keepUnmatchedEvent(tx, provider.name, u.awb, { ...u, raw });
    return { kind: 'unknown' };
  }
  if (shipment.state === 'booking') {
    const fresh = await q.insertEvent(tx, shipment.id, { ...u, raw }, true);
    return { kind: fresh ? 'stored' : 'duplicate', shipment, moves: [] };
  }
  // News held before the booking completed comes first (should its completion have stopped
  // short of applying it).
  const { state, moves } = await applyHeldNews(tx, shipment);
  const lastAttempt = await q.lastAttemptAt(tx, shipment.id);
  const fresh = await q.insertEvent(tx, shipment.id, { ...u, raw });
  if (!fresh) return { kind: 'duplicate', shipment, moves };
  if (state !== 'canceled' && movesTo(state, u.state, u.occurredAt, lastAttempt)) {
    await move(tx, shipment.id, u);
    moves.push(u);
  }
  return { kind: 'stored', shipment, moves };
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
