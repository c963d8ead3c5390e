// How an order's values read in the back office: the list's chips, refunds, returns and the
// timeline's events in plain words (stages and payments are ui/order-stage.ts).
import type {
  AdminOrderEvent,
  AdminRefund,
  AdminOrderReturn,
  OrderListStatus,
  OrderStage,
} from '@kitroom/contract/admin';

/** The list's status chips, in the order an order lives them. */
export const STATUS_CHIPS: readonly { value: OrderListStatus | undefined; label: string }[] = [
  { value: undefined, label: 'All' },
  { value: 'to-pack', label: 'To pack' },
  { value: 'packed', label: 'Packed' },
  { value: 'Shipped', label: 'Shipped' },
  { value: 'Completed', label: 'Delivered' },
  { value: 'Pending', label: 'Awaiting payment' },
  { value: 'Canceled', label: 'Canceled' },
];

export const REFUND_LABEL: Record<AdminRefund['status'], string> = {
  requested: 'Requested',
  pending: 'Pending at the provider',
  processed: 'Refunded',
  failed: 'Failed',
};

export const RETURN_LABEL: Record<AdminOrderReturn['status'], string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  received: 'Received',
  shipped: 'Replacement shipped',
  delivered: 'Replacement delivered',
};

export const EVENT_LABEL: Record<AdminOrderEvent['type'], string> = {
  placed: 'Placed',
  paid: 'Paid',
  packed: 'Packed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  canceled: 'Canceled',
  refund_requested: 'Refund asked for',
  refunded: 'Refunded',
  refund_failed: 'Refund failed',
  return_requested: 'Return asked for',
  return_approved: 'Return approved',
  return_rejected: 'Return rejected',
  return_received: 'Return received',
  exchange_shipped: 'Exchange shipped',
  exchange_delivered: 'Exchange delivered',
  exchange_returned: 'Replacement back to us',
  return_pickup_booked: 'Pickup booked',
  return_picked_up: 'Picked up from the shopper',
  return_arrived: 'Return parcel arrived',
  return_pickup_canceled: 'Pickup canceled',
  note: 'Note',
  cod_confirmed: 'Cash on delivery confirmed',
  picked_up: 'Picked up',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivery_failed: 'Delivery failed',
  reattempt_requested: 'Re-attempt asked for',
  rto_initiated: 'Returning to origin',
  rto_received: 'Returned to origin',
};

const ACTOR_LABEL: Record<AdminOrderEvent['actor'], string> = {
  shopper: 'the shopper',
  staff: 'staff',
  provider: 'the payment provider',
  system: 'the shop',
};

/** The courier's news (decision 032): its provider is the courier, not the payment provider. */
const COURIER_STEPS = new Set<AdminOrderEvent['type']>([
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivery_failed',
  'rto_initiated',
  'rto_received',
  'exchange_delivered',
  'exchange_returned',
]);

/** Who did it: the staff member's name, or who else. */
export function actorText(event: AdminOrderEvent): string {
  if (event.actor === 'provider' && COURIER_STEPS.has(event.type)) return 'the courier';
  return event.staff_name ?? ACTOR_LABEL[event.actor];
}

/** Paid orders that are not canceled have a packing slip (the server refuses the others). */
export function hasPackingSlip(stage: OrderStage): boolean {
  return stage !== 'pending' && stage !== 'canceled';
}

/** Orders are invoiced when they ship (decision 027): shipped and delivered ones have one. */
export function hasInvoice(stage: OrderStage): boolean {
  return stage === 'shipped' || stage === 'completed';
}

export function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;
}
