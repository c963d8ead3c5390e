// The order state machine of OPERATIONS.md (Order lifecycle), as data: an order's stage,
// the events that move it, and what each is refused with. The shopper-visible order_status
// keeps the spec's five values; "packed" is a stage inside Processing.
import type { OrderStatus } from '@kitroom/contract';

export type OrderStage = 'pending' | 'processing' | 'packed' | 'shipped' | 'completed' | 'canceled';

export type OrderEventName =
  /** The payment provider reports the order paid. */
  | 'pay'
  /** The shopper confirms a cash-on-delivery order (it is paid on delivery). */
  | 'confirm'
  /** The shopper cancels their own order. */
  | 'cancel-by-shopper'
  /** Staff cancel the order (with a reason). */
  | 'cancel-by-shop'
  /** The unpaid order is given up by the shop's sweep. */
  | 'expire'
  | 'pack'
  | 'ship'
  | 'deliver'
  /** The shopper asks to return or exchange what was delivered. */
  | 'request-return'
  /** The courier's parcel was canceled before pickup: the order is packed again. */
  | 'unship'
  /** The courier brought the undelivered parcel back (RTO): canceled, stock back. */
  | 'return-to-origin';

export const ORDER_EVENT_NAMES: readonly OrderEventName[] = [
  'pay',
  'confirm',
  'cancel-by-shopper',
  'cancel-by-shop',
  'expire',
  'pack',
  'ship',
  'deliver',
  'request-return',
  'unship',
  'return-to-origin',
];
export const ORDER_STAGES: readonly OrderStage[] = [
  'pending',
  'processing',
  'packed',
  'shipped',
  'completed',
  'canceled',
];

/** The table: from a stage, the events allowed and the stage each leads to. */
export const TRANSITIONS: Record<OrderStage, Partial<Record<OrderEventName, OrderStage>>> = {
  pending: {
    pay: 'processing',
    confirm: 'processing',
    'cancel-by-shopper': 'canceled',
    'cancel-by-shop': 'canceled',
    expire: 'canceled',
  },
  processing: {
    pack: 'packed',
    ship: 'shipped',
    'cancel-by-shopper': 'canceled',
    'cancel-by-shop': 'canceled',
  },
  packed: { ship: 'shipped', 'cancel-by-shop': 'canceled' },
  shipped: { deliver: 'completed', unship: 'packed', 'return-to-origin': 'canceled' },
  completed: { 'request-return': 'completed' },
  canceled: {},
};

/** The status the shopper sees for a stage. */
export const STATUS_OF_STAGE: Record<OrderStage, OrderStatus> = {
  pending: 'Pending',
  processing: 'Processing',
  packed: 'Processing',
  shipped: 'Shipped',
  completed: 'Completed',
  canceled: 'Canceled',
};

export function stageOf(order: { order_status: string; packed_at: unknown }): OrderStage {
  switch (order.order_status) {
    case 'Pending':
      return 'pending';
    case 'Processing':
      return order.packed_at === null || order.packed_at === undefined ? 'processing' : 'packed';
    case 'Shipped':
      return 'shipped';
    case 'Completed':
      return 'completed';
    default:
      return 'canceled';
  }
}

const STAGE_WORDS: Record<OrderStage, string> = {
  pending: 'waiting for payment',
  processing: 'being prepared',
  packed: 'packed',
  shipped: 'shipped',
  completed: 'delivered',
  canceled: 'canceled',
};

const EVENT_WORDS: Record<OrderEventName, string> = {
  pay: 'be paid',
  confirm: 'be confirmed',
  'cancel-by-shopper': 'be canceled',
  'cancel-by-shop': 'be canceled',
  expire: 'expire',
  pack: 'be packed',
  ship: 'be shipped',
  deliver: 'be marked delivered',
  'request-return': 'be returned or exchanged',
  unship: 'have its shipment canceled',
  'return-to-origin': 'be returned to origin',
};

/** Why a shopper's cancellation of a packed order is refused: it is on its way to them. */
const SHOPPER_CANCEL_TOO_LATE =
  'This order is already packed, so it can no longer be canceled. You can ask for a return once it is delivered.';

export type Transition = { ok: true; to: OrderStage } | { ok: false; error: string };

/** Where the event takes an order in this stage, or why it may not happen. */
export function transition(from: OrderStage, event: OrderEventName, orderId: number): Transition {
  const to = TRANSITIONS[from][event];
  if (to !== undefined) return { ok: true, to };
  if (event === 'cancel-by-shopper' && (from === 'packed' || from === 'shipped')) {
    return { ok: false, error: SHOPPER_CANCEL_TOO_LATE };
  }
  return {
    ok: false,
    error: `Order #${orderId} is ${STAGE_WORDS[from]}, so it cannot ${EVENT_WORDS[event]}.`,
  };
}
