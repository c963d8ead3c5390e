// Cash on delivery's storefront calls (ours; decision 034): cod_confirm.php (the mailed link's
// page confirms with its token) and order_confirm.php (the logged-in owner, from the order
// page, which it returns as it is afterwards).
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { registerStorefrontRoutes } from '../http/index.js';
import { confirmByOwner, confirmByToken, orderContexts } from '../orders/index.js';
import * as orders from './orders.service.js';

export function codRoutes(deps: AppDeps): FastifyPluginAsync {
  const context = orderContexts(deps);
  const db = deps.database.db;
  return async (app) =>
    registerStorefrontRoutes(app, {
      'cod_confirm.php': async ({ body }) => confirmByToken(db, body.order_id, body.token),
      'order_confirm.php': async ({ body, request }) => {
        const { user_id, order_id } = body;
        await confirmByOwner(db, user_id, order_id);
        return orders.orderDetail(context(request.log), user_id, order_id);
      },
    });
}
