// Order calls: process_order.php, orders.php (list or one), payment_processer.php, and the
// shopper's order_cancel.php and order_return.php (each returns the order page afterwards).
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { registerStorefrontRoutes } from '../http/index.js';
import { visitorKeyOf, VISITOR_COOKIE } from '../referrals/index.js';
import { cancelOrder } from '../fulfilment/index.js';
import * as checkout from '../checkout/index.js';
import { orderContexts } from '../orders/index.js';
import * as orders from './orders.service.js';
import { requestReturn } from '../after-sales/index.js';

export function orderRoutes(deps: AppDeps): FastifyPluginAsync {
  const context = orderContexts(deps);
  const db = deps.database.db;
  return async (app) =>
    registerStorefrontRoutes(app, {
      'process_order.php': async ({ body, request }) =>
        checkout.placeOrder(
          context(request.log),
          body.user_id,
          body,
          visitorKeyOf(request.cookies[VISITOR_COOKIE]),
        ),

      'orders.php': async ({ body, request }) => {
        const { user_id, order_id } = body;
        if (order_id === null || order_id === undefined) return orders.listOrders(db, user_id);
        return orders.orderDetail(context(request.log), user_id, order_id);
      },

      'order_cancel.php': async ({ body, request }) => {
        const { user_id, order_id, reason } = body;
        const ctx = context(request.log);
        await cancelOrder(ctx, { userId: user_id }, order_id, reason ?? '');
        return orders.orderDetail(ctx, user_id, order_id);
      },

      'order_return.php': async ({ body, request }) => {
        await requestReturn(db, body.user_id, body);
        return orders.orderDetail(context(request.log), body.user_id, body.order_id);
      },

      'payment_processer.php': async ({ body, request }) =>
        checkout.payForOrder(context(request.log), body.user_id, body.order_id),
    });
}
