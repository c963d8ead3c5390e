// Shipping labels of the parcels booked (decision 032): a courier's own labels for its
// waybills, ours (labels.ts) for parcels shipped by hand; one courier at a time, one PDF.
// Every print is audited: labels carry shoppers' names, addresses and phones.
import { Conflict, ProviderFailed } from '../domain-errors.js';
import { record, type Actor } from '../staff/index.js';
import { shippingLabelsOf } from './label-data.js';
import { renderLabels } from './labels.js';
import * as q from './shipments.queries.js';
import type { CourierContext } from './shipments.service.js';

/**
 * Shipping labels of the orders' live shipments, one PDF; all with the same courier. Audited,
 * as every export is: labels carry shoppers' names, addresses and phones.
 */
export async function labelsOfOrders(
  ctx: CourierContext,
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

async function printLabels(ctx: CourierContext, orderIds: readonly number[]): Promise<Buffer> {
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
  ctx: CourierContext,
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
  ctx: CourierContext,
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
