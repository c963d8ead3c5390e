// The order's life as a vertical stepper: each step the server reports (placed, paid,
// packed, shipped with its parcel, delivered, canceled with its reason, refunds with their
// amounts, return and exchange steps) with its Indian date, then, while the order is on its
// way, the steps still to come, greyed.
import {
  formatRupees,
  type OrderStatus,
  type OrderTimelineEntry,
  type OrderTimelineStep,
} from '@kitroom/contract';
import { formatDate } from './order-rules';

type Kind = OrderTimelineEntry['kind'];
const thing = (kind: Kind) => (kind === 'exchange' ? 'Exchange' : 'Return');
const money = (amount: number | null) => (amount === null ? '' : ` of ${formatRupees(amount)}`);

/** The step's title, as the shopper reads it. */
export function stepTitle(e: OrderTimelineEntry): string {
  switch (e.step) {
    case 'placed':
      return 'Order placed';
    case 'paid':
      return 'Payment received';
    case 'packed':
      return 'Packed';
    case 'shipped':
      return 'Shipped';
    case 'delivered':
      return 'Delivered';
    case 'canceled':
      return 'Canceled';
    case 'refund_requested':
      return `Refund${money(e.amount)} started`;
    case 'refunded':
      return e.amount === null ? 'Refunded' : `Refunded ${formatRupees(e.amount)}`;
    case 'refund_failed':
      return `Refund${money(e.amount)} did not go through`;
    case 'return_requested':
      return `${thing(e.kind)} requested`;
    case 'return_approved':
      return `${thing(e.kind)} approved`;
    case 'return_rejected':
      return `${thing(e.kind)} not approved`;
    case 'return_received':
      return 'Returned shirts received';
    case 'exchange_shipped':
      return 'Replacement shipped';
    case 'exchange_delivered':
      return 'Replacement delivered';
    case 'exchange_returned':
      return 'Replacement came back to us';
    case 'return_pickup_booked':
      return 'Pickup booked';
    case 'return_picked_up':
      return 'Parcel picked up from you';
    case 'return_arrived':
      return 'Your parcel reached us';
    case 'return_pickup_canceled':
      return 'Pickup canceled';
    case 'cod_confirmed':
      return 'Cash on delivery confirmed';
    case 'picked_up':
      return 'Picked up by the courier';
    case 'in_transit':
      return 'In transit';
    case 'out_for_delivery':
      return 'Out for delivery';
    case 'delivery_failed':
      return 'Delivery attempt failed';
    case 'reattempt_requested':
      return 'Delivery will be tried again';
    case 'rto_initiated':
      return 'Returning to us';
    case 'rto_received':
      return 'Returned to us';
  }
}

/** A line under the title, when the step carries one. */
export function stepDetail(e: OrderTimelineEntry): string | null {
  switch (e.step) {
    case 'shipped':
    case 'exchange_shipped':
      return e.courier_name ? `With ${e.courier_name}` : null;
    case 'return_pickup_booked':
      return e.courier_name ? `${e.courier_name} will collect it from you` : null;
    case 'canceled':
      return e.note ? `Reason: ${e.note}` : null;
    case 'refund_requested':
      return 'To your original payment method, within 7 days.';
    case 'refund_failed':
      return 'We will contact you about it.';
    case 'return_approved':
    case 'return_rejected':
    case 'delivery_failed':
    case 'exchange_returned':
    case 'return_pickup_canceled':
      return e.note;
    default:
      return null;
  }
}

const MAIN_PATH: readonly OrderTimelineStep[] = [
  'placed',
  'paid',
  'packed',
  'shipped',
  'delivered',
];
const UPCOMING_TITLES: Partial<Record<OrderTimelineStep, string>> = {
  paid: 'Payment',
  packed: 'Packed',
  shipped: 'Shipped',
  delivered: 'Delivered',
};

/** The main steps still to come for an order on its way (none once delivered or canceled). */
export function upcomingSteps(
  timeline: readonly OrderTimelineEntry[],
  status: OrderStatus,
): string[] {
  if (status === 'Completed' || status === 'Canceled') return [];
  const reached = Math.max(...timeline.map((e) => MAIN_PATH.indexOf(e.step)), 0);
  return MAIN_PATH.slice(reached + 1).map((s) => UPCOMING_TITLES[s] ?? s);
}

export function OrderTimeline({
  timeline,
  status,
}: {
  timeline: readonly OrderTimelineEntry[];
  status: OrderStatus;
}) {
  const upcoming = upcomingSteps(timeline, status);
  const bad = (e: OrderTimelineEntry) =>
    e.step === 'canceled' || e.step === 'refund_failed' || e.step === 'return_rejected';
  return (
    <ol aria-label="Order timeline" className="mt-3">
      {timeline.map((e, i) => {
        const last = i === timeline.length - 1;
        const detail = stepDetail(e);
        return (
          <li
            key={`${e.step}-${e.at}-${i}`}
            aria-current={last ? 'step' : undefined}
            className="relative flex gap-3 pb-5 last:pb-0"
          >
            {(!last || upcoming.length > 0) && (
              <span
                aria-hidden="true"
                className="absolute top-5 bottom-0 left-[9px] w-0.5 bg-ink/70"
              />
            )}
            <span
              aria-hidden="true"
              className={`relative mt-0.5 h-5 w-5 shrink-0 rounded-full border-4 ${
                bad(e) ? 'border-sale bg-white' : last ? 'border-ink bg-volt' : 'border-ink bg-ink'
              }`}
            />
            <div className="min-w-0">
              <p className="font-semibold">{stepTitle(e)}</p>
              <p className="text-sm text-muted">
                <time dateTime={e.at}>{formatDate(e.at)}</time>
              </p>
              {detail && <p className="mt-0.5 text-sm break-words">{detail}</p>}
              {e.tracking_id && (
                <p className="mt-0.5 text-sm">
                  Tracking id <span className="font-mono font-semibold">{e.tracking_id}</span>
                </p>
              )}
            </div>
          </li>
        );
      })}
      {upcoming.map((title, i) => (
        <li key={title} className="relative flex gap-3 pb-5 text-muted last:pb-0">
          {i < upcoming.length - 1 && (
            <span aria-hidden="true" className="absolute top-5 bottom-0 left-[9px] w-0.5 bg-line" />
          )}
          <span
            aria-hidden="true"
            className="relative mt-0.5 h-5 w-5 shrink-0 rounded-full border-2 border-line bg-white"
          />
          <p>
            {title}
            <span className="sr-only"> (not yet)</span>
          </p>
        </li>
      ))}
    </ol>
  );
}
