// delivery_estimate.php: the product page's and checkout's "Delivery by Thu, 3 Dec".
import { rupeesToPaise } from '@kitroom/contract';
import type { FastifyPluginAsync } from 'fastify';
import { findSessionUserByKey, SESSION_COOKIE, sessionKey } from '../accounts/index.js';
import type { AppDeps } from '../app.js';
import { registerStorefrontRoutes } from '../http/index.js';
import { deliveryEstimate } from './delivery-estimate.service.js';

export function deliveryEstimateRoutes({ database }: AppDeps): FastifyPluginAsync {
  return async (app) =>
    registerStorefrontRoutes(app, {
      'delivery_estimate.php': async ({ query, request }) => {
        // A logged-in shopper's open COD orders count towards their limit.
        const key = sessionKey(request.cookies[SESSION_COOKIE]);
        const userId = key === undefined ? undefined : await findSessionUserByKey(database.db, key);
        const { pincode, amount, printed, products } = query;
        return deliveryEstimate(database.db, pincode, new Date(), {
          userId: userId ?? null,
          totalPaise: amount === undefined ? null : rupeesToPaise(amount),
          printed: printed === '1',
          productIds: products,
        });
      },
    });
}
