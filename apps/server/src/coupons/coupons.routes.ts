// coupons.php: checks a coupon for the checkout lines (a preview; checkout checks again).
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { registerStorefrontRoutes } from '../http/index.js';
import * as coupons from './coupons.service.js';

export function couponRoutes({ database }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  return async (app) =>
    registerStorefrontRoutes(app, {
      'coupons.php': async ({ body }) => coupons.previewCoupon(db, body.user_id, body),
    });
}
