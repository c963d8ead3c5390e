// coupons.php: checks a coupon for the checkout lines (a preview; checkout checks again).
import { CouponRequest, CouponResponse, ErrorResponse } from '@kitroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app.js';
import * as coupons from './coupons.service.js';

export function couponRoutes({ database }: AppDeps): FastifyPluginAsyncZod {
  const db = database.db;
  return async (app) => {
    app.post(
      '/coupons.php',
      {
        config: { userScoped: 'user_id' },
        schema: {
          body: CouponRequest,
          response: {
            200: CouponResponse,
            400: ErrorResponse,
            401: ErrorResponse,
            403: ErrorResponse,
          },
        },
      },
      async (request) => coupons.previewCoupon(db, request.body.user_id, request.body),
    );
  };
}
