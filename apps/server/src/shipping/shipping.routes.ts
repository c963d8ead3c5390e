// delivery_estimate.php: the product page's and checkout's "Delivery by Thu, 3 Dec".
import {
  DeliveryEstimateQuery,
  DeliveryEstimateResponse,
  ErrorResponse,
  rupeesToPaise,
} from '@kitroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findSessionUserByKey, SESSION_COOKIE, sessionKey } from '../accounts/sessions.service.js';
import type { AppDeps } from '../app.js';
import { deliveryEstimate } from './delivery.service.js';

export function shippingRoutes({ database }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/delivery_estimate.php',
      {
        schema: {
          querystring: DeliveryEstimateQuery,
          response: { 200: DeliveryEstimateResponse, 400: ErrorResponse },
        },
      },
      async (request, reply) => {
        // The answer changes at the cut-off and at midnight: the browser keeps it briefly.
        reply.header('cache-control', 'private, max-age=60');
        // A logged-in shopper's open COD orders count towards their limit.
        const key = sessionKey(request.cookies[SESSION_COOKIE]);
        const userId = key === undefined ? undefined : await findSessionUserByKey(database.db, key);
        const { pincode, amount } = request.query;
        return deliveryEstimate(database.db, pincode, new Date(), {
          userId: userId ?? null,
          totalPaise: amount === undefined ? null : rupeesToPaise(amount),
        });
      },
    );
  };
}
