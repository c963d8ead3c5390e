// Cart calls: cart.php, cart_manage.php, cart_merge.php — for the logged-in shopper only.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { sessionClaim, registerStorefrontRoutes } from '../http/index.js';
import * as cart from './cart.service.js';

export function cartRoutes({ database }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  return async (app) =>
    registerStorefrontRoutes(app, {
      'cart.php': async ({ body }) => cart.cart(db, body.user_id),
      // The hot call: its statements check the session themselves (http/auth.ts).
      'cart_manage.php': async ({ body, request }) => cart.manage(db, sessionClaim(request), body),
      'cart_merge.php': async ({ body }) => cart.merge(db, body.user_id, body.items),
    });
}
