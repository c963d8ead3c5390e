// The coupon endpoints: list with status and use counts, one coupon, create, edit (also
// deactivate), and what a coupon can be limited to.
import type { AdminEndpoint } from './endpoint.js';
import {
  CouponIdParams,
  CouponInput,
  CouponListResponse,
  CouponOptionsResponse,
  CouponPatch,
  CouponQuery,
  AdminCouponResponse,
} from './coupons.js';

export const couponsEndpoints = {
  listCoupons: {
    method: 'GET',
    path: '/api/admin/coupons',
    summary: 'Coupons, newest first, with status and use counts; filtered by status and code',
    access: 'coupons.manage',
    query: CouponQuery,
    response: CouponListResponse,
  },
  couponOptions: {
    method: 'GET',
    path: '/api/admin/coupons/options',
    summary: 'The categories a coupon can be limited to',
    access: 'coupons.manage',
    response: CouponOptionsResponse,
  },
  getCoupon: {
    method: 'GET',
    path: '/api/admin/coupons/:id',
    summary: 'One coupon with its rules and use counts',
    access: 'coupons.manage',
    params: CouponIdParams,
    response: AdminCouponResponse,
  },
  createCoupon: {
    method: 'POST',
    path: '/api/admin/coupons',
    summary: 'Creates a coupon; a code in use gets 409',
    access: 'coupons.manage',
    body: CouponInput,
    response: AdminCouponResponse,
  },
  updateCoupon: {
    method: 'PATCH',
    path: '/api/admin/coupons/:id',
    summary: 'Changes a coupon (active false deactivates it); shoppers see the change at once',
    access: 'coupons.manage',
    params: CouponIdParams,
    body: CouponPatch,
    response: AdminCouponResponse,
  },
} as const satisfies Record<string, AdminEndpoint>;
