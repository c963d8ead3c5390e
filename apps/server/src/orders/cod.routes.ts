// Cash on delivery's storefront calls (ours; decision 034): cod_confirm.php (the mailed link's
// page confirms with its token) and order_confirm.php (the logged-in owner, from the order
// page, which it answers as it is afterwards).
import {
  CodConfirmRequest,
  CodConfirmResponse,
  ErrorResponse,
  OrderConfirmRequest,
  OrderDetailResponse,
} from '@kitroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app.js';
import { confirmByOwner, confirmByToken } from './cod.service.js';
import { orderContexts } from './order-context.js';
import * as orders from './orders.service.js';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};

export function codRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const context = orderContexts(deps);
  return async (app) => {
    app.post(
      '/cod_confirm.php',
      { schema: { body: CodConfirmRequest, response: { 200: CodConfirmResponse, ...errors } } },
      async (request) =>
        confirmByToken(deps.database.db, request.body.order_id, request.body.token),
    );

    app.post(
      '/order_confirm.php',
      {
        config: { userScoped: 'user_id' },
        schema: { body: OrderConfirmRequest, response: { 200: OrderDetailResponse, ...errors } },
      },
      async (request) => {
        const { user_id, order_id } = request.body;
        await confirmByOwner(deps.database.db, user_id, order_id);
        return orders.orderDetail(context(request.log), user_id, order_id);
      },
    );
  };
}
