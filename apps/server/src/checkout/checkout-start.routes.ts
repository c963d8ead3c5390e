// checkout_start.php: the checkout page's one call on open (decision 071).
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { registerStorefrontRoutes } from '../http/index.js';
import { checkoutStart, type CheckoutVisit } from './checkout-start.service.js';

/** `recordVisit`: the cart reminders' checkout visit (recovery/, above orders; app.ts). */
export function checkoutStartRoutes(
  { config, database }: AppDeps,
  recordVisit: CheckoutVisit,
): FastifyPluginAsync {
  const deps = { whatsappAvailable: config.whatsapp !== null, recordVisit };
  return async (app) =>
    registerStorefrontRoutes(app, {
      'checkout_start.php': async ({ body }) =>
        checkoutStart(database.db, deps, body.user_id, body.lines),
    });
}
