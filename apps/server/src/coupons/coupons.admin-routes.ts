// The back office's coupon endpoints. Thin: each calls the coupon admin service.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { actorOf, registerAdminRoutes } from '../staff/index.js';
import * as coupons from './coupons.admin.service.js';

export function couponsAdminRoutes({ config, database }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  return async (app) => {
    registerAdminRoutes(
      app,
      { db, publicUrl: config.publicUrl },
      {
        listCoupons: { handler: ({ query }) => coupons.listCoupons(db, query) },
        couponOptions: { handler: () => coupons.couponOptions(db) },
        getCoupon: {
          handler: async ({ params }) => ({ coupon: await coupons.getCoupon(db, params.id) }),
        },
        createCoupon: {
          handler: async (call) => ({
            coupon: await coupons.createCoupon(db, actorOf(call), call.body),
          }),
        },
        updateCoupon: {
          handler: async (call) => ({
            coupon: await coupons.updateCoupon(db, actorOf(call), call.params.id, call.body),
          }),
        },
      },
    );
  };
}
