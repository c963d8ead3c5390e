// SQL of shipments (schema: shipments, shipment_events): the parcel handed to a courier for
// an order, its tracking events once each, the failed deliveries waiting for the staff, and
// what a parcel request and a label need of the order and the shop.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows, sqlList } from '../db/index.js';
import type { BookedParcel, CourierName, ShipmentState } from './couriers/courier.js';

export interface ShipmentRow {
  id: number;
  order_id: number;
  courier: CourierName;
  reference: string;
  state: ShipmentState;
  provider_order_id: string | null;
  provider_shipment_id: string | null;
  awb: string | null;
  courier_name: string | null;
  tracking_link: string | null;
  label_url: string | null;
  weight_grams: number;
  cod_amount_paise: number;
  /**
   * The exchange whose replacement this parcel carries (forward), or the return it picks up
   * from the shopper (reverse); null: the order's own parcel.
   */
  return_id: number | null;
  direction: 'forward' | 'reverse';
  attempts: number;
  last_error: string | null;
  ndr_reason: string | null;
  ndr_at: Date | null;
  ndr_attempts: number;
  ndr_action: 'reattempt' | 'return' | null;
  ndr_action_at: Date | null;
  created_by: number | null;
  created_at: Date;
  updated_at: Date;
}

const columns = sql`s.id, s.order_id, s.courier, s.reference, s.state, s.provider_order_id,
  s.provider_shipment_id, s.awb, s.courier_name, s.tracking_link, s.label_url, s.weight_grams,
  s.cod_amount_paise, s.return_id, s.direction, s.attempts, s.last_error, s.ndr_reason, s.ndr_at, s.ndr_attempts,
  s.ndr_action, s.ndr_action_at, s.created_by, s.created_at, s.updated_at`;

/** The order's own live (not canceled) parcel, locked; an exchange's replacement is not it. */
export async function lockLiveShipment(
  db: Queryable,
  orderId: number,
): Promise<ShipmentRow | undefined> {
  const [row] = await queryRows<ShipmentRow>(
    db,
    sql`SELECT ${columns} FROM shipments s
        WHERE s.order_id = ${orderId} AND s.return_id IS NULL AND s.state <> 'canceled'
        FOR UPDATE`,
  );
  return row;
}

/**
 * The live parcel of an exchange's replacement, locked: not canceled, nor back at the shop
 * (the exchange then ships a new one).
 */
export async function lockLiveReplacement(
  db: Queryable,
  returnId: number,
): Promise<ShipmentRow | undefined> {
  const [row] = await queryRows<ShipmentRow>(
    db,
    sql`SELECT ${columns} FROM shipments s
        WHERE s.return_id = ${returnId} AND s.direction = 'forward'
          AND s.state NOT IN ('canceled', 'rto_delivered')
        FOR UPDATE`,
  );
  return row;
}

/** The live pickup of a return from its shopper, locked: not canceled (delivered stays). */
export async function lockLivePickup(
  db: Queryable,
  returnId: number,
): Promise<ShipmentRow | undefined> {
  const [row] = await queryRows<ShipmentRow>(
    db,
    sql`SELECT ${columns} FROM shipments s
        WHERE s.return_id = ${returnId} AND s.direction = 'reverse' AND s.state <> 'canceled'
        FOR UPDATE`,
  );
  return row;
}

export async function lockShipment(db: Queryable, id: number): Promise<ShipmentRow | undefined> {
  const [row] = await queryRows<ShipmentRow>(
    db,
    sql`SELECT ${columns} FROM shipments s WHERE s.id = ${id} FOR UPDATE`,
  );
  return row;
}

export async function lockShipmentByAwb(
  db: Queryable,
  courier: CourierName,
  awb: string,
): Promise<ShipmentRow | undefined> {
  // The live parcel with the waybill, else the latest canceled one (its late news is stored).
  const [row] = await queryRows<ShipmentRow>(
    db,
    sql`SELECT ${columns} FROM shipments s
        WHERE s.courier = ${courier} AND s.awb = ${awb}
        ORDER BY s.state = 'canceled', s.id DESC LIMIT 1 FOR UPDATE`,
  );
  return row;
}

/** How many shipments the order ever had (the next reference's number is one more). */
export async function countShipments(db: Queryable, orderId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM shipments WHERE order_id = ${orderId}`,
  );
  return row?.n ?? 0;
}

export async function insertShipment(
  db: Queryable,
  s: {
    orderId: number;
    courier: CourierName;
    reference: string;
    state: 'booking' | 'booked';
    weightGrams: number;
    codAmountPaise: number;
    staffId: number | null;
    returnId?: number | null;
    direction?: 'forward' | 'reverse';
    awb?: string | null;
    courierName?: string | null;
    trackingLink?: string | null;
  },
): Promise<ShipmentRow> {
  const [row] = await queryRows<ShipmentRow>(
    db,
    sql`INSERT INTO shipments AS s (order_id, courier, reference, state, weight_grams,
          cod_amount_paise, created_by, return_id, direction, awb, courier_name, tracking_link)
        VALUES (${s.orderId}, ${s.courier}, ${s.reference}, ${s.state}, ${s.weightGrams},
          ${s.codAmountPaise}, ${s.staffId}, ${s.returnId ?? null}, ${s.direction ?? 'forward'},
          ${s.awb ?? null},
          ${s.courierName ?? null}, ${s.trackingLink ?? null})
        RETURNING ${columns}`,
  );
  return row!;
}

/** A booking about to be asked of the courier (again): one more attempt. */
export async function countAttempt(db: Queryable, id: number, weightGrams: number) {
  await db.execute(
    sql`UPDATE shipments SET attempts = attempts + 1, weight_grams = ${weightGrams},
          updated_at = now()
        WHERE id = ${id}`,
  );
}

export async function recordBookingError(db: Queryable, id: number, error: string) {
  await db.execute(
    sql`UPDATE shipments SET last_error = ${error.slice(0, 1000)}, updated_at = now()
        WHERE id = ${id}`,
  );
}

/** The courier's response; `booked` once the order is shipped with it. */
export async function storeBooking(
  db: Queryable,
  id: number,
  parcel: BookedParcel,
  state: 'booking' | 'booked',
  error: string | null,
) {
  await db.execute(
    sql`UPDATE shipments SET state = ${state}, provider_order_id = ${parcel.providerOrderId},
          provider_shipment_id = ${parcel.providerShipmentId}, awb = ${parcel.awb},
          courier_name = ${parcel.courierName}, tracking_link = ${parcel.trackingLink},
          label_url = ${parcel.labelUrl}, last_error = ${error}, updated_at = now()
        WHERE id = ${id}`,
  );
}

export async function setState(db: Queryable, id: number, state: ShipmentState) {
  await db.execute(sql`UPDATE shipments SET state = ${state}, updated_at = now() WHERE id = ${id}`);
}

/** A failed delivery: its reason, waiting for the staff's answer. */
export async function markFailedDelivery(db: Queryable, id: number, reason: string, at: Date) {
  await db.execute(
    sql`UPDATE shipments SET state = 'delivery_failed', ndr_reason = ${reason},
          ndr_at = ${at.toISOString()}::timestamptz, ndr_attempts = ndr_attempts + 1,
          ndr_action = NULL, ndr_action_at = NULL, updated_at = now()
        WHERE id = ${id}`,
  );
}

export async function answerFailedDelivery(
  db: Queryable,
  id: number,
  action: 'reattempt' | 'return',
  at: Date,
) {
  await db.execute(
    sql`UPDATE shipments SET ndr_action = ${action},
          ndr_action_at = ${at.toISOString()}::timestamptz, updated_at = now()
        WHERE id = ${id}`,
  );
}

interface EventFields {
  eventKey: string;
  state: ShipmentState;
  location: string | null;
  note: string | null;
  occurredAt: Date;
  raw: unknown;
}

/**
 * Stores a tracking event once (held: to be applied when its booking completes); false when
 * its key was seen before.
 */
export async function insertEvent(
  db: Queryable,
  shipmentId: number,
  e: EventFields,
  held = false,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO shipment_events
          (shipment_id, event_key, state, location, note, occurred_at, raw, held)
        VALUES (${shipmentId}, ${e.eventKey}, ${e.state}, ${e.location}, ${e.note},
          ${e.occurredAt.toISOString()}::timestamptz, ${JSON.stringify(e.raw ?? {})}::jsonb,
          ${held})
        ON CONFLICT (shipment_id, event_key) DO NOTHING RETURNING id`,
  );
  return rows.length > 0;
}

export interface HeldEventRow {
  event_key: string;
  state: ShipmentState;
  location: string | null;
  note: string | null;
  occurred_at: Date;
}

/** The shipment's events not yet applied, in the order they happened; no longer held after. */
export async function takeHeldEvents(db: Queryable, shipmentId: number): Promise<HeldEventRow[]> {
  return queryRows<HeldEventRow>(
    db,
    sql`WITH taken AS (
          UPDATE shipment_events SET held = false
          WHERE shipment_id = ${shipmentId} AND held
          RETURNING id, event_key, state, location, note, occurred_at)
        SELECT event_key, state, location, note, occurred_at FROM taken ORDER BY occurred_at, id`,
  );
}

/** How long news of a waybill no shipment has is kept (a booking retried within days). */
const UNMATCHED_KEPT = sql`interval '30 days'`;

/** News of a waybill no shipment has, kept once (the oldest beyond 30 days dropped). */
export async function keepUnmatchedEvent(
  db: Queryable,
  courier: CourierName,
  awb: string,
  e: EventFields,
): Promise<void> {
  await db.execute(
    sql`DELETE FROM courier_unmatched_events WHERE received_at < now() - ${UNMATCHED_KEPT}`,
  );
  await db.execute(
    sql`INSERT INTO courier_unmatched_events
          (courier, awb, event_key, state, location, note, occurred_at, raw)
        VALUES (${courier}, ${awb}, ${e.eventKey}, ${e.state}, ${e.location}, ${e.note},
          ${e.occurredAt.toISOString()}::timestamptz, ${JSON.stringify(e.raw ?? {})}::jsonb)
        ON CONFLICT (courier, awb, event_key) DO NOTHING`,
  );
}

/** The waybill's news kept before a shipment had it, moved onto the shipment, held. */
export async function adoptUnmatchedEvents(
  db: Queryable,
  shipmentId: number,
  courier: CourierName,
  awb: string,
): Promise<void> {
  await db.execute(
    sql`WITH taken AS (
          DELETE FROM courier_unmatched_events WHERE courier = ${courier} AND awb = ${awb}
          RETURNING event_key, state, location, note, occurred_at, received_at, raw)
        INSERT INTO shipment_events
          (shipment_id, event_key, state, location, note, occurred_at, received_at, raw, held)
        SELECT ${shipmentId}, event_key, state, location, note, occurred_at, received_at, raw, true
        FROM taken
        ON CONFLICT (shipment_id, event_key) DO NOTHING`,
  );
}

/** The shipment's held events, no longer to be applied (another waybill's, or canceled). */
export async function dropHeldEvents(db: Queryable, shipmentId: number): Promise<void> {
  await db.execute(
    sql`UPDATE shipment_events SET held = false WHERE shipment_id = ${shipmentId} AND held`,
  );
}

/**
 * When the shipment's latest delivery attempt (out for delivery, failed) happened, of the news
 * applied (not held).
 */
export async function lastAttemptAt(db: Queryable, shipmentId: number): Promise<Date | null> {
  const [row] = await queryRows<{ at: Date | null }>(
    db,
    sql`SELECT max(occurred_at) AS at FROM shipment_events
        WHERE shipment_id = ${shipmentId} AND NOT held
          AND state IN ('out_for_delivery', 'delivery_failed')`,
  );
  return row?.at ? new Date(row.at) : null;
}

export interface ShipmentEventRow {
  id: number;
  shipment_id: number;
  state: ShipmentState;
  location: string | null;
  note: string | null;
  occurred_at: Date;
}

export async function shipmentsOfOrder(db: Queryable, orderId: number): Promise<ShipmentRow[]> {
  return queryRows<ShipmentRow>(
    db,
    sql`SELECT ${columns} FROM shipments s WHERE s.order_id = ${orderId} ORDER BY s.id`,
  );
}

/** The live pickups of an order's returns (not canceled), one per return at most. */
export async function livePickupsOfOrder(db: Queryable, orderId: number): Promise<ShipmentRow[]> {
  return queryRows<ShipmentRow>(
    db,
    sql`SELECT ${columns} FROM shipments s
        WHERE s.order_id = ${orderId} AND s.direction = 'reverse' AND s.state <> 'canceled'
        ORDER BY s.id`,
  );
}

export async function shipmentsOfReturn(db: Queryable, returnId: number): Promise<ShipmentRow[]> {
  return queryRows<ShipmentRow>(
    db,
    sql`SELECT ${columns} FROM shipments s WHERE s.return_id = ${returnId} ORDER BY s.id`,
  );
}

export async function eventsOfShipments(
  db: Queryable,
  ids: readonly number[],
): Promise<ShipmentEventRow[]> {
  if (ids.length === 0) return [];
  return queryRows<ShipmentEventRow>(
    db,
    sql`SELECT id, shipment_id, state, location, note, occurred_at FROM shipment_events
        WHERE shipment_id IN (${sqlList(ids)}) ORDER BY occurred_at, id`,
  );
}

export interface FailedDeliveryRow {
  shipment_id: number;
  order_id: number;
  courier: CourierName;
  courier_name: string | null;
  awb: string | null;
  shopper_name: string;
  city: string;
  pincode: string;
  ndr_reason: string | null;
  ndr_at: Date;
  ndr_attempts: number;
}

/** Failed deliveries waiting for the staff's answer, oldest first. */
export async function failedDeliveries(db: Queryable): Promise<FailedDeliveryRow[]> {
  return queryRows<FailedDeliveryRow>(
    db,
    sql`SELECT s.id AS shipment_id, s.order_id, s.courier, s.courier_name, s.awb,
               trim(coalesce(o.shipping_address->>'first_name', '') || ' ' ||
                    coalesce(o.shipping_address->>'last_name', '')) AS shopper_name,
               coalesce(o.shipping_address->>'city', '') AS city,
               coalesce(o.shipping_address->>'pincode', '') AS pincode,
               s.ndr_reason, s.ndr_at, s.ndr_attempts
        FROM shipments s JOIN orders o ON o.id = s.order_id
        WHERE s.state = 'delivery_failed' AND s.ndr_action IS NULL AND s.direction = 'forward'
        ORDER BY s.ndr_at, s.id`,
  );
}

/** The order as a parcel request and a label need it. */
export interface ParcelOrderRow {
  id: number;
  created_at: Date;
  shipping_address: Record<string, string | undefined>;
  state: string;
  mobile_number: string;
  email: string;
  payment_method: string;
  payment_status: string;
  subtotal_paise: number;
  total_paise: number;
}

export async function parcelOrder(
  db: Queryable,
  orderId: number,
): Promise<ParcelOrderRow | undefined> {
  const [row] = await queryRows<ParcelOrderRow>(
    db,
    sql`SELECT o.id, o.created_at, o.shipping_address, o.state, o.mobile_number,
               coalesce(u.email, '') AS email, o.payment_method, o.payment_status,
               o.subtotal_paise, o.total_paise
        FROM orders o LEFT JOIN users u ON u.id = o.user_id WHERE o.id = ${orderId}`,
  );
  return row;
}

/** A line of what a parcel holds, as a courier's booking declares it. */
export interface ParcelItemRow {
  name: string;
  size: string;
  product_id: number;
  quantity: number;
  unit_price_paise: number;
  hsn: string;
}

/** What an order's own parcel holds: its lines. */
export async function parcelItems(db: Queryable, orderId: number) {
  return queryRows<ParcelItemRow>(
    db,
    sql`SELECT i.product_name AS name, i.size, i.product_id, i.quantity, i.unit_price_paise,
               coalesce(p.hsn_code, '6109') AS hsn
        FROM order_items i LEFT JOIN products p ON p.id = i.product_id
        WHERE i.order_id = ${orderId} ORDER BY i.id`,
  );
}

/**
 * What a request's parcel holds: each line's shirts in the size the shopper has ('returned',
 * a pickup bringing them back) or in the size asked for ('replacement', an exchange's parcel),
 * declared at their price.
 */
export async function returnItems(
  db: Queryable,
  returnId: number,
  which: 'returned' | 'replacement',
) {
  const size = which === 'returned' ? sql`i.size` : sql`ri.exchange_size`;
  return queryRows<ParcelItemRow>(
    db,
    sql`SELECT i.product_name AS name, ${size} AS size, i.product_id, ri.quantity,
               i.unit_price_paise, coalesce(p.hsn_code, '6109') AS hsn
        FROM order_return_items ri
        JOIN order_items i ON i.id = ri.order_item_id
        LEFT JOIN products p ON p.id = i.product_id
        WHERE ri.return_id = ${returnId} ORDER BY i.id`,
  );
}

export interface CourierSettingsRow {
  default_courier: CourierName;
  parcel_weight_grams: number;
  parcel_length_cm: number;
  parcel_breadth_cm: number;
  parcel_height_cm: number;
  shiprocket_pickup_location: string;
  legal_name: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  phone: string;
  email: string;
}

export async function courierSettings(db: Queryable): Promise<CourierSettingsRow> {
  const [row] = await queryRows<CourierSettingsRow>(
    db,
    sql`SELECT default_courier, parcel_weight_grams, parcel_length_cm, parcel_breadth_cm,
               parcel_height_cm, shiprocket_pickup_location, legal_name, address, city, state,
               pincode, phone, email
        FROM shop_settings WHERE id = 1`,
  );
  return row!;
}

export interface LabelRow {
  order_id: number;
  reference: string;
  courier: CourierName;
  courier_name: string | null;
  awb: string | null;
  provider_shipment_id: string | null;
  state: ShipmentState;
  cod_amount_paise: number;
  weight_grams: number;
  shipping_address: Record<string, string | undefined>;
  order_state: string;
  mobile_number: string;
}

const labelColumns = sql`s.order_id, s.reference, s.courier, s.courier_name, s.awb,
  s.provider_shipment_id, s.state, s.cod_amount_paise, s.weight_grams, o.shipping_address,
  o.state AS order_state, o.mobile_number`;

/** The orders' own live parcels (not their exchanges' replacements), as their labels show. */
export async function labelsOfOrders(db: Queryable, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return queryRows<LabelRow>(
    db,
    sql`SELECT ${labelColumns} FROM shipments s JOIN orders o ON o.id = s.order_id
        WHERE s.order_id IN (${sqlList(orderIds)}) AND s.return_id IS NULL
          AND s.state <> 'canceled'`,
  );
}

/** The live parcel of an exchange's replacement, as its label shows. */
export async function labelOfReplacement(db: Queryable, returnId: number) {
  const [row] = await queryRows<LabelRow>(
    db,
    sql`SELECT ${labelColumns} FROM shipments s JOIN orders o ON o.id = s.order_id
        WHERE s.return_id = ${returnId} AND s.direction = 'forward'
          AND s.state NOT IN ('canceled', 'rto_delivered')`,
  );
  return row;
}

export async function labelsOfWaybills(
  db: Queryable,
  courier: CourierName,
  awbs: readonly string[],
) {
  if (awbs.length === 0) return [];
  return queryRows<LabelRow>(
    db,
    sql`SELECT ${labelColumns} FROM shipments s JOIN orders o ON o.id = s.order_id
        WHERE s.courier = ${courier} AND s.awb IN (${sqlList(awbs)})`,
  );
}
