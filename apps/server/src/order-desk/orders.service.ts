// A shopper's orders as they see them: the list, and one order with its timeline (an unpaid
// one reconciled with the provider first).
import {
  paiseToDecimalString,
  paiseToRupees,
  type Order,
  type OrderDetailResponse,
  type OrderItem,
  type OrdersListResponse,
  type OrderStatus,
  type PaymentStatus,
} from '@kitroom/contract';
import type { Queryable } from '../db/index.js';
import { NotFound } from '../domain-errors.js';
import { awaitsCodConfirmation, linePrintOf } from '../orders/index.js';
import type { OrderContext } from '../orders/index.js';
import { orderPageExtras } from './order-page.js';
import * as q from '../orders/orders.queries.js';
import { refundedOfOrders, type RefundedRow } from '../orders/refunds.queries.js';
import { reconcile } from '../checkout/index.js';

const ORDER_LIST_LIMIT = 200;

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

/** The address as one display line. */
function addressLine(a: Record<string, string | undefined>): string {
  const get = (k: string) => a[k]?.trim() ?? '';
  const name = `${get('first_name')} ${get('last_name')}`.trim();
  const place = `${get('state')} ${get('pincode')}`.trim();
  return [name, get('street_name'), get('city'), place, get('phone')].filter(Boolean).join(', ');
}

function toOrder(row: q.OrderRow, refunded: RefundedRow | undefined): Order {
  return {
    id: row.id,
    created_at: iso(row.created_at),
    expected_date: row.expected_date,
    order_status: row.order_status as OrderStatus,
    payment_status: row.payment_status as PaymentStatus,
    payment_method: row.payment_method,
    shipping_address: addressLine(row.shipping_address),
    total_amount: paiseToDecimalString(row.total_paise),
    tracking_id: row.tracking_id,
    tracking_link: row.tracking_link,
    subtotal_amount: paiseToDecimalString(row.subtotal_paise),
    shipping_amount: paiseToDecimalString(row.shipping_paise),
    cod_fee_amount: paiseToDecimalString(row.cod_fee_paise),
    discount_amount: paiseToDecimalString(row.discount_paise),
    coupon_code: row.coupon_code,
    paid_at: row.paid_at === null ? null : iso(row.paid_at),
    refunded_amount: paiseToDecimalString(refunded?.refunded_paise ?? 0),
    refunded_at: refunded ? iso(refunded.refunded_at) : null,
  };
}

function toItem(row: q.OrderItemRow): OrderItem {
  const print = linePrintOf(row);
  return {
    id: row.id,
    product_id: row.product_id,
    product_name: row.product_name,
    product_image_url: row.product_image_url,
    quantity: row.quantity,
    size: row.size,
    price: paiseToRupees(row.unit_price_paise),
    ...(print ? { print } : {}),
  };
}

/**
 * orders.php {user_id}: the shopper's orders, newest first, each with its items and what was
 * refunded of it (one statement each for the orders, their items and their refunds).
 */
export async function listOrders(db: Queryable, userId: number): Promise<OrdersListResponse> {
  const rows = await q.ordersOfUser(db, userId, ORDER_LIST_LIMIT);
  const ids = rows.map((r) => r.id);
  const items = await q.itemsOfOrders(db, ids);
  const refunded = new Map((await refundedOfOrders(db, ids)).map((r) => [r.order_id, r]));
  return {
    orders: rows.map((r) => ({
      ...toOrder(r, refunded.get(r.id)),
      order_items: items.filter((i) => i.order_id === r.id).map(toItem),
    })),
  };
}

/**
 * orders.php {user_id, order_id}: one of the shopper's orders, reconciled when unpaid, with
 * its timeline, whether it may be canceled, and its returns.
 */
export async function orderDetail(
  ctx: OrderContext,
  userId: number,
  orderId: number,
): Promise<OrderDetailResponse> {
  let row = await q.orderOfUser(ctx.db, userId, orderId);
  if (!row) throw new NotFound('Order not found');
  if (row.payment_status !== 'SUCCESS' && (await reconcile(ctx, row.id))) {
    row = (await q.orderOfUser(ctx.db, userId, orderId)) ?? row;
  }
  const items = await q.itemsOfOrders(ctx.db, [row.id]);
  const [refunded] = await refundedOfOrders(ctx.db, [row.id]);
  return {
    order: toOrder(row, refunded),
    order_items: items.map(toItem),
    ...(await orderPageExtras(ctx.db, row, items)),
    can_confirm_cod: awaitsCodConfirmation(row),
  };
}
