// Shipments (decision 032, OPERATIONS.md Shipping): the parcels' rows, and the couriers asked
// to book and cancel them; labels.service.ts prints their labels and tracking.service.ts keeps
// the couriers' news. shipping is the port fulfilment calls and moves no order: the order's
// (or the exchange's) side of each step — shipped with the courier's waybill, packed again,
// the courier's news on its timeline, a delivery completing it — is
// orders/courier-fulfilment.service.ts's, which calls these functions inside its own
// transactions.
//
// A shipment's row is written first in its own transaction ('booking', reference
// KR-<order>-<n>), the courier is asked outside any transaction, and its response is stored in
// the transaction that ships the order. A courier's failure leaves the shipment 'booking' with
// the attempt and the error; trying again sends the same reference, so the courier makes one
// parcel. An exchange's replacement is a parcel of its own (shipments.return_id), its
// reference the order's next (KR-<order>-<n>), no cash to collect. A return's pickup from the
// shopper is a parcel too, travelling the other way (direction 'reverse'): booked the same
// way, tracked through the same webhook, and never the order's own parcel or a replacement.
import type { ShopperReturn } from '@kitroom/contract';
import type {
  CourierShipment,
  FailedDelivery,
  ShipWithCourierRequest,
} from '@kitroom/contract/admin';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable, Tx } from '../db/index.js';
import { Conflict, Invalid, NotFound, ProviderFailed } from '../domain-errors.js';
import {
  CourierError,
  type BookedParcel,
  type CourierProvider,
  type ParcelRequest,
  type PickupRequest,
} from './couriers/courier.js';
import type { Couriers } from './couriers/couriers.js';
import * as q from './shipments.queries.js';

/** What the couriers' calls work with: the database, the couriers offered, the request's log. */
export interface CourierContext {
  db: Db;
  log: FastifyBaseLogger;
  couriers: Couriers;
}

export type Shipment = q.ShipmentRow;

function iso(d: Date | string | null): string | null {
  return d === null ? null : new Date(d).toISOString();
}

// ───────────────────────────── shipping ─────────────────────────────

/**
 * Written with a manual shipment (the staff's own courier and tracking): the order's parcel,
 * or with `returnId` an exchange's replacement.
 */
export async function recordManualShipment(
  tx: Tx,
  orderId: number,
  staffId: number | null,
  s: { courierName: string; trackingId: string; trackingLink: string | null; returnId?: number },
): Promise<void> {
  const returnId = s.returnId ?? null;
  const live =
    returnId === null
      ? await q.lockLiveShipment(tx, orderId)
      : await q.lockLiveReplacement(tx, returnId);
  if (live) {
    throw new Conflict(
      returnId === null ? liveShipmentText(orderId, live) : liveReplacementText(returnId, live),
    );
  }
  const awb = s.trackingId.trim();
  const taken = await q.lockShipmentByAwb(tx, 'manual', awb);
  if (taken && taken.state !== 'canceled') {
    throw new Conflict(
      `Tracking id ${awb} is already on another parcel (${taken.reference}, order #${taken.order_id}): each parcel has its own.`,
    );
  }
  const settings = await q.courierSettings(tx);
  const order = (await q.parcelOrder(tx, orderId))!;
  const n = (await q.countShipments(tx, orderId)) + 1;
  await q.insertShipment(tx, {
    orderId,
    courier: 'manual',
    reference: `KR-${orderId}-${n}`,
    state: 'booked',
    weightGrams: settings.parcel_weight_grams,
    codAmountPaise: returnId === null ? codAmountOf(order) : 0,
    staffId,
    returnId,
    awb,
    courierName: s.courierName.trim(),
    trackingLink: s.trackingLink?.trim() || null,
  });
}

function liveShipmentText(orderId: number, live: q.ShipmentRow): string {
  return live.state === 'booking'
    ? `Order #${orderId} has a booking with the ${live.courier} courier waiting (${live.reference}); retry it or cancel it first.`
    : `Order #${orderId} already has a shipment (${live.reference}).`;
}

function livePickupText(returnId: number, live: q.ShipmentRow): string {
  return live.state === 'booking'
    ? `Return #${returnId} has a pickup waiting with the ${live.courier} courier (${live.reference}); retry it or cancel it first.`
    : `Return #${returnId} already has a pickup booked (${live.reference}).`;
}

function liveReplacementText(returnId: number, live: q.ShipmentRow): string {
  return live.state === 'booking'
    ? `Exchange #${returnId} has a booking with the ${live.courier} courier waiting (${live.reference}); retry it or cancel it first.`
    : `Exchange #${returnId} already has a parcel on its way (${live.reference}).`;
}

/** Cash the courier collects: the whole order for cash on delivery, nothing when prepaid. */
function codAmountOf(order: {
  payment_method: string;
  payment_status: string;
  total_paise: number;
}) {
  return order.payment_method === 'COD' && order.payment_status !== 'SUCCESS'
    ? order.total_paise
    : 0;
}

async function parcelRequest(
  db: Db | Tx,
  shipment: q.ShipmentRow,
  size: { lengthCm: number; breadthCm: number; heightCm: number },
): Promise<ParcelRequest> {
  const order = (await q.parcelOrder(db, shipment.order_id))!;
  // A replacement holds the exchange's lines in their new sizes, declared at their price.
  const items =
    shipment.return_id === null
      ? await q.parcelItems(db, shipment.order_id)
      : await q.returnItems(db, shipment.return_id, 'replacement');
  const settings = await q.courierSettings(db);
  const a = order.shipping_address;
  const text = (key: string) => (typeof a[key] === 'string' ? a[key] : '');
  return {
    reference: shipment.reference,
    orderId: order.id,
    orderDate: new Date(order.created_at),
    pickupLocation: settings.shiprocket_pickup_location,
    fromPincode: settings.pincode,
    consignee: {
      name: `${text('first_name')} ${text('last_name')}`.trim(),
      phone: text('phone') || order.mobile_number,
      email: order.email,
      address: text('street_name'),
      city: text('city'),
      state: text('state') || order.state,
      pincode: text('pincode'),
    },
    items: items.map((i) => ({
      name: `${i.name} (${i.size})`,
      sku: `${i.product_id}-${i.size}`,
      units: i.quantity,
      sellingPricePaise: i.unit_price_paise,
      hsn: i.hsn,
    })),
    codAmountPaise: shipment.cod_amount_paise,
    subTotalPaise:
      shipment.return_id === null
        ? order.subtotal_paise
        : items.reduce((sum, i) => sum + i.unit_price_paise * i.quantity, 0),
    weightGrams: shipment.weight_grams,
    ...size,
  };
}

/** A return's pickup as the courier's booking takes it: from the shopper to the shop. */
async function pickupRequest(
  db: Db | Tx,
  shipment: q.ShipmentRow,
  size: ParcelSize,
): Promise<PickupRequest> {
  const order = (await q.parcelOrder(db, shipment.order_id))!;
  const items = await q.returnItems(db, shipment.return_id!, 'returned');
  const shop = await q.courierSettings(db);
  const a = order.shipping_address;
  const text = (key: string) => (typeof a[key] === 'string' ? a[key] : '');
  return {
    reference: shipment.reference,
    orderId: order.id,
    returnId: shipment.return_id!,
    requestedAt: new Date(shipment.created_at),
    from: {
      name: `${text('first_name')} ${text('last_name')}`.trim(),
      phone: text('phone') || order.mobile_number,
      email: order.email,
      address: text('street_name'),
      city: text('city'),
      state: text('state') || order.state,
      pincode: text('pincode'),
    },
    to: {
      name: shop.legal_name,
      phone: shop.phone,
      email: shop.email,
      address: shop.address,
      city: shop.city,
      state: shop.state,
      pincode: shop.pincode,
    },
    items: items.map((i) => ({
      name: `${i.name} (${i.size})`,
      sku: `${i.product_id}-${i.size}`,
      units: i.quantity,
      sellingPricePaise: i.unit_price_paise,
      hsn: i.hsn,
    })),
    subTotalPaise: items.reduce((sum, i) => sum + i.unit_price_paise * i.quantity, 0),
    weightGrams: shipment.weight_grams,
    ...size,
  };
}

/**
 * Asks the courier to book a shipment's parcel (or, travelling back, a return's pickup),
 * outside any transaction; a refusal is kept on the shipment (its attempt and error) and
 * responds 502 with the courier's words.
 */
export async function book(
  ctx: CourierContext,
  provider: CourierProvider,
  shipment: q.ShipmentRow,
  size: ParcelSize,
): Promise<BookedParcel> {
  const what = shipment.direction === 'reverse' ? 'pickup' : 'parcel';
  try {
    return shipment.direction === 'reverse'
      ? await provider.bookPickup(await pickupRequest(ctx.db, shipment, size))
      : await provider.book(await parcelRequest(ctx.db, shipment, size));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await q.recordBookingError(ctx.db, shipment.id, message);
    if (!(err instanceof CourierError)) ctx.log.error({ err }, `courier ${what} booking failed`);
    throw new ProviderFailed(`The courier could not book the ${what}: ${message}`);
  }
}

/** Where each of an order's returns' pickups stands, as the shopper's page says it. */
export async function pickupsForShopper(
  db: Queryable,
  orderId: number,
): Promise<Map<number, NonNullable<ShopperReturn['pickup']>>> {
  const rows = await q.livePickupsOfOrder(db, orderId);
  return new Map(
    rows.map((r) => [
      r.return_id!,
      {
        state:
          r.state === 'booking'
            ? 'booking'
            : r.state === 'booked'
              ? 'booked'
              : r.state === 'delivered'
                ? 'arrived'
                : 'on_its_way',
        courier_name: r.courier_name,
        tracking_id: r.awb,
        tracking_link: r.tracking_link,
      },
    ]),
  );
}

/** The return's live pickup (booked or on its way or delivered at the shop), locked. */
export async function lockLivePickup(
  tx: Queryable,
  returnId: number,
): Promise<Shipment | undefined> {
  return q.lockLivePickup(tx, returnId);
}

/** The enabled courier of this name; 400 for one the shop does not offer. */
export function courierOf(couriers: Couriers, name: string): CourierProvider {
  const provider = couriers.get(name);
  if (!provider) throw new Invalid(`The ${name} courier is not enabled on this shop.`);
  return provider;
}

interface ParcelSize {
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

/** The parcel's weight and size asked for, else the shop's defaults. */
export async function parcelAsked(
  db: Queryable,
  ask: Pick<ShipWithCourierRequest, 'weight_grams' | 'length_cm' | 'breadth_cm' | 'height_cm'>,
): Promise<{ weight: number; size: ParcelSize }> {
  const settings = await q.courierSettings(db);
  return {
    weight: ask.weight_grams ?? settings.parcel_weight_grams,
    size: {
      lengthCm: ask.length_cm ?? settings.parcel_length_cm,
      breadthCm: ask.breadth_cm ?? settings.parcel_breadth_cm,
      heightCm: ask.height_cm ?? settings.parcel_height_cm,
    },
  };
}

/**
 * The booking's row, in the caller's transaction (the order or the request locked): the live
 * booking with this courier again, else a new row ('booking', the order's next reference); one
 * more attempt counted. The order's own parcel; with `returnId`, an exchange's replacement; with
 * `direction` 'reverse' too, a return's pickup from the shopper (nothing to collect either
 * way). 409 when the parcel already has a shipment, or a booking waiting with another courier.
 */
export async function openBooking(
  tx: Tx,
  courier: CourierProvider['name'],
  p: {
    orderId: number;
    returnId?: number;
    direction?: 'forward' | 'reverse';
    weightGrams: number;
    staffId: number | null;
  },
): Promise<q.ShipmentRow> {
  const returnId = p.returnId ?? null;
  const reverse = p.direction === 'reverse';
  let live = reverse
    ? await q.lockLivePickup(tx, returnId!)
    : returnId === null
      ? await q.lockLiveShipment(tx, p.orderId)
      : await q.lockLiveReplacement(tx, returnId);
  if (live && (live.state !== 'booking' || live.courier !== courier)) {
    throw new Conflict(
      reverse
        ? livePickupText(returnId!, live)
        : returnId === null
          ? liveShipmentText(p.orderId, live)
          : liveReplacementText(returnId, live),
    );
  }
  if (!live) {
    const n = (await q.countShipments(tx, p.orderId)) + 1;
    live = await q.insertShipment(tx, {
      orderId: p.orderId,
      courier,
      reference: `KR-${p.orderId}-${n}`,
      state: 'booking',
      weightGrams: p.weightGrams,
      codAmountPaise: returnId === null ? codAmountOf((await q.parcelOrder(tx, p.orderId))!) : 0,
      staffId: p.staffId,
      ...(returnId === null ? {} : { returnId, direction: p.direction ?? 'forward' }),
    });
  }
  await q.countAttempt(tx, live.id, p.weightGrams);
  return { ...live, weight_grams: p.weightGrams };
}

/**
 * The courier's response, kept in the caller's transaction: 'booked' with the order shipped, or
 * 'booking' with its error. News of its waybill that came before (its response lost, then
 * booked again) moves onto the shipment, held for the booking's completion; news held for
 * another waybill (the courier gave a new one) is no longer to be applied.
 */
export async function storeBooking(
  tx: Tx,
  shipmentId: number,
  parcel: BookedParcel,
  state: 'booking' | 'booked',
  error: string | null,
): Promise<void> {
  const before = (await q.lockShipment(tx, shipmentId))!;
  if (before.awb !== null && before.awb !== parcel.awb) await q.dropHeldEvents(tx, shipmentId);
  await q.storeBooking(tx, shipmentId, parcel, state, error);
  await q.adoptUnmatchedEvents(tx, shipmentId, before.courier, parcel.awb);
}

/** Locks the shipment (in the caller's transaction, if any); undefined when there is none. */
export async function lockShipment(
  db: Queryable,
  shipmentId: number,
): Promise<Shipment | undefined> {
  return q.lockShipment(db, shipmentId);
}

/**
 * Asks the courier to cancel a shipment not yet picked up (a manual one, or a booking with no
 * waybill yet, needs no courier); returns the shipment. 409 once it is picked up.
 */
export async function cancelAtCourier(ctx: CourierContext, shipmentId: number): Promise<Shipment> {
  const shipment = await q.lockShipment(ctx.db, shipmentId);
  if (!shipment) throw new NotFound('Shipment not found.');
  if (shipment.state !== 'booking' && shipment.state !== 'booked') {
    throw new Conflict(
      `Shipment ${shipment.reference} is ${shipment.state.replace(/_/g, ' ')}, so it can no longer be canceled.`,
    );
  }
  const provider = shipment.courier === 'manual' ? null : ctx.couriers.get(shipment.courier);
  if (provider && shipment.awb) {
    try {
      await provider.cancel({ awb: shipment.awb, providerOrderId: shipment.provider_order_id });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      throw err instanceof CourierError ? new Conflict(message) : new ProviderFailed(message);
    }
  } else if (!provider && shipment.courier !== 'manual' && shipment.awb) {
    throw new Conflict(
      `The ${shipment.courier} courier is not enabled, so it cannot be asked to cancel.`,
    );
  }
  return shipment;
}

/** The canceled shipment marked so, in the caller's transaction; returns it as it was. */
export async function markCanceled(tx: Tx, shipmentId: number): Promise<Shipment> {
  const locked = (await q.lockShipment(tx, shipmentId))!;
  if (locked.state !== 'booking' && locked.state !== 'booked') {
    throw new Conflict(`Shipment ${locked.reference} moved on meanwhile; it was not canceled.`);
  }
  await q.setState(tx, shipmentId, 'canceled');
  // News that came while it was booking stays on record, never applied.
  await q.dropHeldEvents(tx, shipmentId);
  return locked;
}

// ───────────────────────────── what staff see ─────────────────────────────

/** The order's parcels, its own and its exchanges' replacements, oldest first. */
export async function shipmentsOf(db: Queryable, orderId: number): Promise<CourierShipment[]> {
  return shipmentsSeen(db, await q.shipmentsOfOrder(db, orderId));
}

/** A return's parcels, oldest first: its pickup from the shopper, or an exchange's replacements. */
export async function shipmentsOfReturn(
  db: Queryable,
  returnId: number,
): Promise<CourierShipment[]> {
  return shipmentsSeen(db, await q.shipmentsOfReturn(db, returnId));
}

async function shipmentsSeen(db: Queryable, rows: q.ShipmentRow[]): Promise<CourierShipment[]> {
  const events = await q.eventsOfShipments(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    courier: r.courier,
    reference: r.reference,
    state: r.state,
    awb: r.awb,
    courier_name: r.courier_name,
    tracking_link: r.tracking_link,
    weight_grams: r.weight_grams,
    cod_amount_paise: r.cod_amount_paise,
    return_id: r.return_id,
    direction: r.direction,
    attempts: r.attempts,
    last_error: r.last_error,
    ndr_reason: r.ndr_reason,
    ndr_attempts: r.ndr_attempts,
    ndr_action: r.ndr_action,
    created_at: iso(r.created_at)!,
    may_cancel: r.state === 'booking' || r.state === 'booked',
    may_retry: r.state === 'booking',
    events: events
      .filter((e) => e.shipment_id === r.id)
      .map((e) => ({
        state: e.state,
        location: e.location,
        note: e.note,
        occurred_at: iso(e.occurred_at)!,
      })),
  }));
}

export async function failedDeliveries(db: Db): Promise<FailedDelivery[]> {
  return (await q.failedDeliveries(db)).map((r) => ({
    shipment_id: r.shipment_id,
    order_id: r.order_id,
    courier: r.courier,
    courier_name: r.courier_name,
    awb: r.awb,
    shopper_name: r.shopper_name,
    city: r.city,
    pincode: r.pincode,
    reason: r.ndr_reason ?? '',
    failed_at: iso(r.ndr_at)!,
    attempts: r.ndr_attempts,
  }));
}

/**
 * The back office's shipping panel of an order: the couriers offered (the shop's default
 * first when it is offered), the parcel's default weight and size, and the order's parcels.
 */
export async function shipmentsResponse(db: Db, couriers: Couriers, orderId: number) {
  const settings = await q.courierSettings(db);
  const offered = ['manual' as const, ...couriers.providers.map((p) => p.name)];
  return {
    couriers: offered,
    default_courier: offered.includes(settings.default_courier)
      ? settings.default_courier
      : 'manual',
    parcel: {
      weight_grams: settings.parcel_weight_grams,
      length_cm: settings.parcel_length_cm,
      breadth_cm: settings.parcel_breadth_cm,
      height_cm: settings.parcel_height_cm,
    },
    shipments: await shipmentsOf(db, orderId),
  };
}
