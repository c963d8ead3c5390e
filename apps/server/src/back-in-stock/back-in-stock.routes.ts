// back_in_stock.php: "Notify me" on a sold-out size, for visitors (an email, confirmed by a
// mailed link) and logged-in shoppers (their own address); limited per address and per IP.
// back_in_stock_confirm.php: the mailed link's page confirms a visitor's sign-up.
import { emailKey } from '@kitroom/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app.js';
import {
  bodyEmail,
  clientIp,
  MINUTE_MS,
  rateLimitHook,
  registerStorefrontRoutes,
} from '../http/index.js';
import { confirmByToken, signUp } from './back-in-stock.service.js';

/** Sign-ups per hour: from one IP, and for one address (a shopper's, or the one typed). */
export const BACK_IN_STOCK_LIMITS = { perIp: 20, perEmail: 10, windowMinutes: 60 } as const;

const TOO_MANY = 'You have asked for a lot of restock mails in a short while.';

/**
 * The logged-in shopper, or the address typed as one inbox (plus-tags and Gmail's dots
 * dropped): what one address's allowance counts.
 */
const addressKey = (request: FastifyRequest) =>
  request.userId !== undefined ? `user:${request.userId}` : emailKey(bodyEmail(request));

export function backInStockRoutes({ config, database }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  return async (app) => {
    const windowMs = BACK_IN_STOCK_LIMITS.windowMinutes * MINUTE_MS;
    registerStorefrontRoutes(app, {
      'back_in_stock.php': {
        limits: {
          ip: rateLimitHook(app, {
            name: 'back-in-stock-ip',
            max: BACK_IN_STOCK_LIMITS.perIp,
            windowMs,
            key: clientIp,
            message: TOO_MANY,
          }),
          email: rateLimitHook(app, {
            name: 'back-in-stock-email',
            max: BACK_IN_STOCK_LIMITS.perEmail,
            windowMs,
            key: addressKey,
            message: TOO_MANY,
          }),
        },
        handler: async ({ body, request }) =>
          signUp(db, config.publicUrl, {
            productId: body.product_id,
            size: body.size,
            email: body.email,
            userId: request.userId,
          }),
      },
      'back_in_stock_confirm.php': async ({ body }) =>
        confirmByToken(db, body.request_id, body.token),
    });
  };
}
