// Order calls: process_order.php, orders.php (list or one), payment_processer.php, and the
// shopper's order_cancel.php and order_return.php (each answers the order page afterwards).
import {
  ErrorResponse,
  OrderCancelRequest,
  OrderDetailResponse,
  OrderReturnRequest,
  OrdersListResponse,
  OrdersRequest,
  PayOrderRequest,
  PayOrderResponse,
  ProcessOrderRequest,
  ProcessOrderResponse,
} from '@kitroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app.js';
import { visitorKeyOf, VISITOR_COOKIE } from '../referrals/referrals.service.js';
import { cancelOrder } from './fulfilment.service.js';
import * as checkout from './checkout.service.js';
import { orderContexts } from './order-context.js';
import * as orders from './orders.service.js';
import { requestReturn } from './returns.service.js';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  502: ErrorResponse,
};

export function orderRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const context = orderContexts(deps);
  return async (app) => {
    app.post(
      '/process_order.php',
      {
        config: { userScoped: 'user_id' },
        schema: { body: ProcessOrderRequest, response: { 200: ProcessOrderResponse, ...errors } },
      },
      async (request) =>
        checkout.placeOrder(
          context(request.log),
          request.body.user_id,
          request.body,
          visitorKeyOf(request.cookies[VISITOR_COOKIE]),
        ),
    );

    app.post(
      '/orders.php',
      {
        config: { userScoped: 'user_id' },
        schema: {
          body: OrdersRequest,
          response: { 200: z.union([OrderDetailResponse, OrdersListResponse]), ...errors },
        },
      },
      async (request) => {
        const { user_id, order_id } = request.body;
        if (order_id === null || order_id === undefined) {
          return orders.listOrders(deps.database.db, user_id);
        }
        return orders.orderDetail(context(request.log), user_id, order_id);
      },
    );

    app.post(
      '/order_cancel.php',
      {
        config: { userScoped: 'user_id' },
        schema: { body: OrderCancelRequest, response: { 200: OrderDetailResponse, ...errors } },
      },
      async (request) => {
        const { user_id, order_id, reason } = request.body;
        const ctx = context(request.log);
        await cancelOrder(ctx, { userId: user_id }, order_id, reason ?? '');
        return orders.orderDetail(ctx, user_id, order_id);
      },
    );

    app.post(
      '/order_return.php',
      {
        config: { userScoped: 'user_id' },
        schema: { body: OrderReturnRequest, response: { 200: OrderDetailResponse, ...errors } },
      },
      async (request) => {
        await requestReturn(deps.database.db, request.body.user_id, request.body);
        return orders.orderDetail(
          context(request.log),
          request.body.user_id,
          request.body.order_id,
        );
      },
    );

    app.post(
      '/payment_processer.php',
      {
        config: { userScoped: 'user_id' },
        schema: { body: PayOrderRequest, response: { 200: PayOrderResponse, ...errors } },
      },
      async (request) =>
        checkout.payForOrder(context(request.log), request.body.user_id, request.body.order_id),
    );
  };
}
