// coupons/: what other folders may use (decision 077). Inside coupons/, import the file itself.
export { couponsAdminRoutes } from './coupons.admin-routes.js';
export { couponRoutes } from './coupons.routes.js';
export {
  COUPON_ERRORS,
  type CouponGrant,
  createShopperCoupon,
  grantCoupon,
  redeemCoupon,
  releaseCouponUses,
  seedDemoCoupons,
} from './coupons.service.js';
