// Shipping an order with a courier (decision 032, OPERATIONS.md Shipping): the shipments row
// is written first in its own transaction ('booking', reference KR-<order>-<n>), the courier
// is asked outside any transaction, and its answer is stored in the transaction that ships
// the order through the fulfilment service (invoice, 'shipped' event, mail). A courier's
// failure leaves the order as it was and the shipment 'booking' with the attempt and the
// error; trying again sends the same reference, so the courier makes one parcel.
//
// The couriers' tracking news comes in through the webhook: each event stored once, the
// shipment's state moved forward only, the shopper's timeline told, a delivery completing the
// order, a failed delivery waiting for the staff's answer, a parcel back at the shop (RTO)
// canceling the order with its stock back, a refund and a credit note.
//
// An exchange's replacement is a parcel of its own (shipments.return_id): booked, labelled,
// canceled and tracked as the order's, its reference the order's next (KR-<order>-<n>), no
// cash to collect. Its courier's news moves the exchange instead of the order: delivered
// completes it; back at the shop (or canceled before pickup) makes it received again, the
// replacement still held in stock, to be shipped again.
import type {
  CourierShipment,
  FailedDelivery,
  ShipReplacementWithCourierRequest,
  ShipWithCourierRequest,
} from '@kitroom/contract/admin';
import type { z } from 'zod';
import type { Db, Queryable, Tx } from '../db/client.js';
import { Conflict, Invalid, NotFound, ProviderFailed } from '../domain-errors.js';
import { enqueueOrderMail } from '../notifications/order-mail-data.js';
import * as fulfilment from '../orders/fulfilment.service.js';
import { stageOf, transition } from '../orders/lifecycle.js';
import { PROVIDER, recordEvent, type OrderActor } from '../orders/order-events.js';
import type { OrderContext } from '../orders/order-context.js';
import * as returns from '../orders/returns.admin.service.js';
import { COURIER, record, type Actor } from '../staff/audit.service.js';
import {
  CourierError,
  type BookedParcel,
  type CourierProvider,
  type ParcelRequest,
  type ShipmentState,
  type TrackingUpdate,
} from './couriers/courier.js';
import type { Couriers } from './couriers/couriers.js';
import { shippingLabelsOf } from './label-data.js';
import { renderLabels } from './labels.js';
import * as q from './shipments.queries.js';

export interface ShippingContext extends OrderContext {
  couriers: Couriers;
}

function iso(d: Date | string | null): string | null {
  return d === null ? null : new Date(d).toISOString();
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
      : await q.replacementItems(db, shipment.return_id);
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

/**
 * Asks the courier to book a shipment's parcel, outside any transaction; a refusal is kept on
 * the shipment (its attempt and error) and answers 502 with the courier's words.
 */
async function book(
  ctx: ShippingContext,
  provider: CourierProvider,
  shipment: q.ShipmentRow,
  size: { lengthCm: number; breadthCm: number; heightCm: number },
): Promise<BookedParcel> {
  try {
    return await provider.book(await parcelRequest(ctx.db, shipment, size));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await q.recordBookingError(ctx.db, shipment.id, message);
    if (!(err instanceof CourierError)) ctx.log.error({ err }, 'courier booking failed');
    throw new ProviderFailed(`The courier could not book the parcel: ${message}`);
  }
}

/**
 * Ships the order with a courier: books (or books again, with the same reference) and ships
 * it with the courier's waybill and link. A courier's refusal answers 502 with its message
 * and leaves the order unshipped, the shipment waiting with its error.
 */
export async function shipWithCourier(
  ctx: ShippingContext,
  actor: Actor,
  orderId: number,
  ask: ShipWithCourierRequest,
): Promise<void> {
  const provider = ctx.couriers.get(ask.courier);
  if (!provider) throw new Invalid(`The ${ask.courier} courier is not enabled on this shop.`);
  const { weight, size } = parcelSize(await q.courierSettings(ctx.db), ask);
  // 1. The shipment row first, in its own transaction: a retry finds it.
  const shipment = await ctx.db.transaction(async (tx) => {
    const order = mayShip(await fulfilment.lockOrder(tx, orderId), orderId);
    let live = await q.lockLiveShipment(tx, orderId);
    if (live && (live.state !== 'booking' || live.courier !== provider.name)) {
      throw new Conflict(liveShipmentText(orderId, live));
    }
    if (!live) {
      const n = (await q.countShipments(tx, orderId)) + 1;
      const full = (await q.parcelOrder(tx, orderId))!;
      live = await q.insertShipment(tx, {
        orderId,
        courier: provider.name,
        reference: `KR-${order.id}-${n}`,
        state: 'booking',
        weightGrams: weight,
        codAmountPaise: codAmountOf(full),
        staffId: actor.staffId,
      });
    }
    await q.countAttempt(tx, live.id, weight);
    return { ...live, weight_grams: weight };
  });
  // 2. The courier, outside any transaction.
  const parcel = await book(ctx, provider, shipment, size);
  // 3. Its answer and the order shipped, together.
  try {
    await fulfilment.shipOrder(
      ctx,
      actor,
      orderId,
      {
        courierName: parcel.courierName,
        trackingId: parcel.awb,
        trackingLink: parcel.trackingLink,
        expectedDate: ask.expected_date ?? null,
      },
      (tx) => q.storeBooking(tx, shipment.id, parcel, 'booked', null),
    );
  } catch (err) {
    // Booked at the courier but not shipped here (the invoice refused): kept for the retry.
    const message = err instanceof Error ? err.message : String(err);
    await q.storeBooking(ctx.db, shipment.id, parcel, 'booking', message);
    throw err;
  }
}

/** The parcel's weight and size asked for, else the shop's defaults. */
function parcelSize(
  settings: q.CourierSettingsRow,
  ask: Pick<ShipWithCourierRequest, 'weight_grams' | 'length_cm' | 'breadth_cm' | 'height_cm'>,
) {
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
  const provider = ctx.couriers.get(ask.courier);
  if (!provider) throw new Invalid(`The ${ask.courier} courier is not enabled on this shop.`);
  const { weight, size } = parcelSize(await q.courierSettings(ctx.db), ask);
  const shipment = await ctx.db.transaction(async (tx) => {
    const { order } = await returns.lockReplacementToShip(tx, returnId);
    let live = await q.lockLiveReplacement(tx, returnId);
    if (live && (live.state !== 'booking' || live.courier !== provider.name)) {
      throw new Conflict(liveReplacementText(returnId, live));
    }
    if (!live) {
      const n = (await q.countShipments(tx, order.id)) + 1;
      live = await q.insertShipment(tx, {
        orderId: order.id,
        courier: provider.name,
        reference: `KR-${order.id}-${n}`,
        state: 'booking',
        weightGrams: weight,
        codAmountPaise: 0,
        staffId: actor.staffId,
        returnId,
      });
    }
    await q.countAttempt(tx, live.id, weight);
    return { ...live, weight_grams: weight };
  });
  const parcel = await book(ctx, provider, shipment, size);
  try {
    await ctx.db.transaction(async (tx) => {
      const { r } = await returns.lockReplacementToShip(tx, returnId);
      await q.storeBooking(tx, shipment.id, parcel, 'booked', null);
      await returns.markReplacementShipped(tx, ctx.config.publicUrl, actor, r, {
        courier_name: parcel.courierName,
        tracking_id: parcel.awb,
        tracking_link: parcel.trackingLink,
      });
    });
  } catch (err) {
    // Booked at the courier but not shipped here (the exchange moved on meanwhile): kept for
    // the retry or the cancel.
    const message = err instanceof Error ? err.message : String(err);
    await q.storeBooking(ctx.db, shipment.id, parcel, 'booking', message);
    throw err;
  }
}

/**
 * Cancels a shipment not yet picked up: the courier's parcel is canceled, and a shipped order
 * is packed again (a shipped replacement: its exchange is received again).
 */
export async function cancelShipment(
  ctx: ShippingContext,
  actor: Actor,
  shipmentId: number,
): Promise<number> {
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
  await ctx.db.transaction(async (tx) => {
    const locked = (await q.lockShipment(tx, shipmentId))!;
    if (locked.state !== 'booking' && locked.state !== 'booked') {
      throw new Conflict(`Shipment ${locked.reference} moved on meanwhile; it was not canceled.`);
    }
    await q.setState(tx, shipmentId, 'canceled');
    const what = `${locked.reference}${locked.awb ? ` (${locked.awb})` : ''}`;
    if (locked.return_id !== null) {
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

// ───────────────────────────── what staff see ─────────────────────────────

/** The order's parcels, its own and its exchanges' replacements, oldest first. */
export async function shipmentsOf(db: Queryable, orderId: number): Promise<CourierShipment[]> {
  return shipmentsSeen(db, await q.shipmentsOfOrder(db, orderId));
}

/** An exchange's replacement parcels, oldest first. */
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
 * Shipping labels of the orders' live shipments, one PDF; all with the same courier. Audited,
 * as every export is: labels carry shoppers' names, addresses and phones.
 */
export async function labelsOfOrders(
  ctx: ShippingContext,
  actor: Actor,
  orderIds: readonly number[],
): Promise<Buffer> {
  const pdf = await printLabels(ctx, orderIds);
  await record(ctx.db, actor, {
    entity: 'order',
    entityId: orderIds.join(','),
    action: 'print_labels',
    after: { order_ids: [...orderIds] },
  });
  return pdf;
}

async function printLabels(ctx: ShippingContext, orderIds: readonly number[]): Promise<Buffer> {
  const rows = await q.labelsOfOrders(ctx.db, orderIds);
  const byOrder = new Map(rows.map((r) => [r.order_id, r]));
  for (const id of orderIds) {
    const r = byOrder.get(id);
    if (!r || r.awb === null) throw new Conflict(`Order #${id} has no booked shipment to label.`);
  }
  return printLabelRows(
    ctx,
    orderIds.map((id) => byOrder.get(id)!),
  );
}

/**
 * The label of an exchange's replacement parcel (booked with a courier or recorded by hand),
 * audited as every label is.
 */
export async function labelOfReplacement(
  ctx: ShippingContext,
  actor: Actor,
  returnId: number,
): Promise<Buffer> {
  const row = await q.labelOfReplacement(ctx.db, returnId);
  if (!row || row.awb === null) {
    throw new Conflict(`Exchange #${returnId} has no booked replacement parcel to label.`);
  }
  const pdf = await printLabelRows(ctx, [row]);
  await record(ctx.db, actor, {
    entity: 'order_return',
    entityId: returnId,
    action: 'print_label',
    after: { order_id: row.order_id, reference: row.reference },
  });
  return pdf;
}

async function printLabelRows(
  ctx: ShippingContext,
  ordered: readonly q.LabelRow[],
): Promise<Buffer> {
  const couriers = new Set(ordered.map((r) => r.courier));
  if (couriers.size > 1) {
    throw new Conflict(
      'Print the labels of one courier at a time: these orders ship with several.',
    );
  }
  const courier = ordered[0]!.courier;
  if (courier === 'manual') return renderLabels(await shippingLabelsOf(ctx.db, ordered));
  const provider = ctx.couriers.get(courier);
  if (!provider) throw new Conflict(`The ${courier} courier is not enabled, so it has no labels.`);
  try {
    return Buffer.from(
      await provider.labels(
        ordered.map((r) => ({ awb: r.awb!, providerShipmentId: r.provider_shipment_id })),
      ),
    );
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new ProviderFailed(`The courier could not print the labels: ${message}`);
  }
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
  await ctx.db.transaction(async (tx) => {
    const locked = (await q.lockShipment(tx, shipmentId))!;
    const now = new Date();
    await q.answerFailedDelivery(tx, shipmentId, action, now);
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

/** How far along a parcel is; a state moves to a later one only. */
const RANK: Record<ShipmentState, number> = {
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
  if (RANK[next] > RANK[current]) return true;
  // Out for delivery again after a failed attempt (a re-attempt), or failing after it: the
  // later of the two wins.
  return RANK[next] === 4 && RANK[current] === 4 && (lastAttempt === null || at >= lastAttempt);
}

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
      const shipment = await q.lockShipmentByAwb(tx, provider.name, u.awb);
      if (!shipment) return { kind: 'unknown' as const };
      const lastAttempt = await q.lastAttemptAt(tx, shipment.id);
      const fresh = await q.insertEvent(tx, shipment.id, { ...u, raw });
      if (!fresh) return { kind: 'duplicate' as const, shipment };
      if (shipment.state === 'canceled' || shipment.state === 'booking') {
        return { kind: 'stored' as const, shipment };
      }
      if (!movesTo(shipment.state, u.state, u.occurredAt, lastAttempt)) {
        return { kind: 'stored' as const, shipment };
      }
      if (u.state === 'delivery_failed') {
        await q.markFailedDelivery(tx, shipment.id, u.note ?? 'Delivery failed', u.occurredAt);
      } else {
        await q.setState(tx, shipment.id, u.state);
      }
      if (shipment.return_id !== null) {
        await replacementNews(ctx, tx, shipment, shipment.return_id, u);
        return { kind: 'stored' as const, shipment };
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
        await enqueueOrderMail(
          tx,
          ctx.config.publicUrl,
          shipment.order_id,
          'order-out-for-delivery',
        );
      } else if (u.state === 'delivery_failed') {
        await enqueueOrderMail(
          tx,
          ctx.config.publicUrl,
          shipment.order_id,
          'order-delivery-failed',
          {
            reason: u.note ?? 'Delivery failed',
          },
        );
      }
      return { kind: 'stored' as const, shipment };
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
 * A replacement parcel's news, in its tracking event's transaction: delivered completes the
 * exchange; back at the shop makes it received again (the replacement still held for it, to be
 * shipped again); a failed delivery is the shopper's to know (timeline and mail) and waits in
 * the staff's queue as any parcel's. The steps between stay on the parcel: the order was
 * delivered long ago, and its timeline would read as if it were on its way again.
 */
async function replacementNews(
  ctx: ShippingContext,
  tx: Tx,
  shipment: q.ShipmentRow,
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
  const shipment = await q.lockShipment(ctx.db, shipmentId);
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
