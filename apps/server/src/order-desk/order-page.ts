// What the shopper's order page shows beside the spec's order and items: the order's
// timeline from its events (never a staff member's name, and never staff notes, which are
// 'note' events), whether the shopper may cancel it now, and its returns and exchanges.
import {
  invoiceDownloadPath,
  ORDER_TIMELINE_STEPS,
  paiseToRupees,
  type OrderTimelineEntry,
  type OrderTimelineStep,
} from '@kitroom/contract';
import type { Queryable } from '../db/index.js';
import { reviewableItems } from '../reviews/index.js';
import { invoiceOfOrder } from '../tax/index.js';
import { stageOf, transition, eventsOfOrder, type OrderEventRow } from '../orders/index.js';
import type { OrderItemRow, OrderRow } from '../orders/orders.queries.js';
import { returnsForShopper, type ShopperReturns } from '../after-sales/index.js';

/** Steps whose note is written for the shopper: a cancellation's reason, a return's decision. */
const NOTES_FOR_THE_SHOPPER = new Set<OrderTimelineStep>([
  'canceled',
  'delivery_failed',
  'return_approved',
  'return_rejected',
  'exchange_returned',
  'return_pickup_canceled',
]);

const STEPS = new Set<string>(ORDER_TIMELINE_STEPS);

function isShopperStep(e: OrderEventRow): e is OrderEventRow & { type: OrderTimelineStep } {
  return STEPS.has(e.type);
}

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const integer = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);

/** The order's events as the shopper's timeline, oldest first. */
export function shopperTimeline(events: readonly OrderEventRow[]): OrderTimelineEntry[] {
  return events.filter(isShopperStep).map((e) => {
    const paise = integer(e.data.amount_paise);
    const kind = e.data.kind;
    return {
      step: e.type,
      at: new Date(e.created_at).toISOString(),
      note: NOTES_FOR_THE_SHOPPER.has(e.type) ? text(e.note) : null,
      amount: paise === null ? null : paiseToRupees(paise),
      courier_name: text(e.data.courier_name),
      tracking_id: text(e.data.tracking_id),
      tracking_link: text(e.data.tracking_link),
      return_id: integer(e.data.return_id),
      kind: kind === 'return' || kind === 'exchange' ? kind : null,
    };
  });
}

export interface OrderPageExtras extends ShopperReturns {
  timeline: OrderTimelineEntry[];
  can_cancel: boolean;
  invoice: { number: string; download_url: string } | null;
  reviewable_items: number[];
}

/** The timeline, can_cancel, returns, invoice and Add Review lines of a shopper's order. */
export async function orderPageExtras(
  db: Queryable,
  order: OrderRow,
  items: readonly OrderItemRow[],
): Promise<OrderPageExtras> {
  const invoice = await invoiceOfOrder(db, order.id);
  return {
    timeline: shopperTimeline(await eventsOfOrder(db, order.id)),
    can_cancel: transition(stageOf(order), 'cancel-by-shopper', order.id).ok,
    ...(await returnsForShopper(db, order, items)),
    invoice: invoice && { number: invoice.number, download_url: invoiceDownloadPath(order.id) },
    reviewable_items: await reviewableItems(db, order.user_id, order.id),
  };
}
