// Returns and size exchanges, the shopper's side (OPERATIONS.md, Order lifecycle; decision
// 023): a delivered order may be returned or exchanged until the end of the 7th Indian day
// after its delivery, a piece at most once, one request in progress at a time, and an
// exchange only to a size the jersey comes in. The request is written with its order event
// under the order's lock, so two requests at once are judged one after the other. A printed
// shirt comes back only when the shopper says it arrived damaged or faulty (decision 051).
import {
  describePayout,
  isOpenReturn,
  PAYOUT_NEEDED,
  PRINTED_RETURN_REFUSAL,
  RETURN_WINDOW_DAYS,
  SIZES,
  type OrderReturnRequest,
  type ReturnOptions,
  type ShopperReturn,
} from '@kitroom/contract';
import type { z } from 'zod';
import type { Db, Queryable } from '../db/index.js';
import { Conflict, Invalid, NotFound } from '../domain-errors.js';
import { indianDayOf, indianMidnight } from '../indian-days.js';
import { checkoutRules } from '../launches/index.js';
import { pickupsForShopper } from '../shipping/index.js';
import { returnCreditPaise } from '../tax/index.js';
import { ORDER_NOT_FOUND } from '../fulfilment/index.js';
import { stageOf, transition, recordEvent } from '../orders/index.js';
import * as oq from '../orders/orders.queries.js';
import * as q from '../orders/returns.queries.js';

type ReturnInput = z.output<typeof OrderReturnRequest>;

/** The last moment to ask: the end of the 7th day (in India) after the day of delivery. */
export function returnWindowEnd(deliveredAt: Date | string): Date {
  return indianMidnight(indianDayOf(new Date(deliveredAt)), RETURN_WINDOW_DAYS + 1);
}

/**
 * What a return's pieces refund: the total of the credit note their receipt issues, from the
 * invoice's own lines (each piece's taxable value and tax, printing included; shipping kept),
 * so the money returned and the note are one figure (tax/credit-notes.ts).
 */
export async function returnRefundPaise(
  db: Queryable,
  orderId: number,
  lines: readonly { order_item_id: number; quantity: number }[],
): Promise<number> {
  return returnCreditPaise(
    db,
    orderId,
    lines.map((l) => ({ orderItemId: l.order_item_id, quantity: l.quantity })),
    await q.receivedReturnPieces(db, orderId),
  );
}

/** Whether an order line's shirts carry a print (name, number or sleeve patch; decision 049). */
export function isPrintedLine(item: {
  print_name: string;
  print_number: number | null;
  print_patch: boolean;
}): boolean {
  return item.print_name !== '' || item.print_number !== null || item.print_patch;
}

/** A cash-on-delivery order (its cash collected): its refunds are payouts. */
export function paidInCash(order: { payment_method: string }): boolean {
  return order.payment_method === 'COD';
}

/** A jersey's sizes in the shop's order (S, M, L, XL, XXL, then any other). */
function bySize(a: string, b: string): number {
  const rank = (s: string) => {
    const i = (SIZES as readonly string[]).indexOf(s);
    return i === -1 ? SIZES.length : i;
  };
  return rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** The open-request refusal, in the shopper's words. */
function openRequestMessage(orderId: number, open: q.ReturnRow): string {
  const what = open.kind === 'exchange' ? 'an exchange' : 'a return';
  return `Order #${orderId} already has ${what} in progress. You can ask again once it is done.`;
}

/**
 * order_return.php: writes the shopper's return or exchange request with its
 * 'return_requested' event, or refuses it and changes nothing.
 */
export async function requestReturn(db: Db, userId: number, input: ReturnInput): Promise<number> {
  return db.transaction(async (tx) => {
    const order = await oq.lockOrder(tx, input.order_id);
    if (!order || order.user_id !== userId) throw new NotFound(ORDER_NOT_FOUND);
    const step = transition(stageOf(order), 'request-return', order.id);
    if (!step.ok) throw new Conflict(step.error);
    const now = new Date();
    if (order.delivered_at === null || now >= returnWindowEnd(order.delivered_at)) {
      throw new Conflict(
        `The ${RETURN_WINDOW_DAYS} days to return or exchange order #${order.id} after its delivery are over.`,
      );
    }
    const open = (await q.returnsOfOrder(tx, order.id)).find(isOpenReturn);
    if (open) throw new Conflict(openRequestMessage(order.id, open));
    // Cash has no payment to refund to: the refund is a transfer to the shopper's account.
    const payout = input.kind === 'return' && paidInCash(order) ? (input.payout ?? null) : null;
    if (input.kind === 'return' && paidInCash(order) && payout === null) {
      throw new Invalid(PAYOUT_NEEDED);
    }

    const items = await oq.itemsOfOrders(tx, [order.id]);
    const asked = await q.askedQuantities(tx, order.id);
    const sizes = await oq.lineProducts(tx, [...new Set(items.map((i) => i.product_id))], now);
    for (const line of input.items) {
      const item = items.find((i) => i.id === line.order_item_id);
      if (!item) {
        throw new Invalid(`Item ${line.order_item_id} is not part of order #${order.id}.`);
      }
      if (isPrintedLine(item) && !input.defect) throw new Conflict(PRINTED_RETURN_REFUSAL);
      const left = item.quantity - (asked.get(item.id) ?? 0);
      if (line.quantity > left) {
        throw new Conflict(
          left === 0
            ? `You have already asked to return or exchange every ${item.product_name} (size ${item.size}) of this order.`
            : `Only ${left} of ${item.product_name} (size ${item.size}) can still be returned or exchanged.`,
        );
      }
      const wanted = line.exchange_size ?? null;
      if (wanted !== null) {
        if (wanted === item.size) {
          throw new Invalid(`Choose a size other than ${item.size} for ${item.product_name}.`);
        }
        if (!sizes.some((s) => s.id === item.product_id && s.size === wanted)) {
          throw new Invalid(`${item.product_name} does not come in size ${wanted}.`);
        }
      }
    }

    // A kit launch's limit counts the sizes exchanged into (decision 088), by checkout's rules
    // (not its queue's turn: the fan bought the piece already) under the lock checkout takes to
    // count the fan's pieces, so an order and an exchange at once are counted one after the other.
    const launchExchanges = input.items.flatMap((line) => {
      const item = items.find((i) => i.id === line.order_item_id)!;
      const launchId = sizes.find((s) => s.id === item.product_id)?.launch_id ?? null;
      return input.kind === 'exchange' && line.exchange_size && launchId !== null
        ? [
            {
              productId: item.product_id,
              name: item.product_name,
              size: line.exchange_size,
              quantity: line.quantity,
              launchId,
            },
          ]
        : [];
    });
    if (launchExchanges.length > 0) {
      await oq.lockShopperHolds(tx, userId);
      await checkoutRules(tx, { userId, lines: launchExchanges, cod: false, now, turn: false });
    }

    const returnId = await q.insertReturn(tx, {
      orderId: order.id,
      kind: input.kind,
      reason: input.reason,
      defect: input.defect,
      payout,
      now,
      lines: input.items.map((l) => ({
        orderItemId: l.order_item_id,
        quantity: l.quantity,
        exchangeSize: l.exchange_size ?? null,
      })),
    });
    await recordEvent(
      tx,
      order.id,
      'return_requested',
      { kind: 'shopper', userId },
      {
        note: input.reason,
        data: { return_id: returnId, kind: input.kind, ...(input.defect ? { defect: true } : {}) },
        at: now,
      },
    );
    return returnId;
  });
}

const iso = (v: Date | string) => new Date(v).toISOString();

export interface ShopperReturns {
  return_until: string | null;
  return_options: ReturnOptions | null;
  returns: ShopperReturn[];
}

/** The order page's returns: the window, what may be asked now, and each request. */
export async function returnsForShopper(
  db: Queryable,
  order: oq.OrderRow,
  items: readonly oq.OrderItemRow[],
  now = new Date(),
): Promise<ShopperReturns> {
  const rows = await q.returnsOfOrder(db, order.id);
  const lines = await q.linesOfReturns(
    db,
    rows.map((r) => r.id),
  );
  const pickups = await pickupsForShopper(db, order.id);
  const returns = rows.map((r): ShopperReturn => ({
    id: r.id,
    kind: r.kind,
    status: r.status,
    reason: r.reason,
    ...(r.defect ? { defect: true as const } : {}),
    ...(r.payout ? { payout_to: describePayout(r.payout) } : {}),
    created_at: iso(r.created_at),
    decision_note: r.decision_note,
    items: lines
      .filter((l) => l.return_id === r.id)
      .map((l) => ({
        order_item_id: l.order_item_id,
        product_name: l.product_name,
        size: l.size,
        quantity: l.quantity,
        exchange_size: l.exchange_size,
      })),
    ...(pickups.has(r.id) ? { pickup: pickups.get(r.id)! } : {}),
    courier_name: r.courier_name,
    tracking_id: r.tracking_id,
    tracking_link: r.tracking_link,
  }));
  const delivered = order.order_status === 'Completed' && order.delivered_at !== null;
  const until = delivered ? returnWindowEnd(order.delivered_at!) : null;
  let options: ReturnOptions | null = null;
  if (until !== null && now < until && !rows.some(isOpenReturn)) {
    const asked = await q.askedQuantities(db, order.id);
    const sizes = await oq.lineProducts(db, [...new Set(items.map((i) => i.product_id))], now);
    const open = items
      .map((i) => ({
        order_item_id: i.id,
        quantity: i.quantity - (asked.get(i.id) ?? 0),
        exchange_sizes: sizes
          .filter((s) => s.id === i.product_id && s.size !== null && s.size !== i.size)
          .map((s) => ({ size: s.size!, in_stock: (s.stock ?? 0) > 0 }))
          .sort((a, b) => bySize(a.size, b.size)),
        ...(isPrintedLine(i) ? { printed: true as const } : {}),
      }))
      .filter((i) => i.quantity > 0);
    if (open.length > 0) {
      options = { ...(paidInCash(order) ? { payout_needed: true as const } : {}), items: open };
    }
  }
  return { return_until: until?.toISOString() ?? null, return_options: options, returns };
}
