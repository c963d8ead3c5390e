// Checkout, coupon, order (cancel, return), payment and review calls. Types come from the contract.
import type {
  AddReviewRequest,
  CodConfirmResponse,
  AddReviewResponse,
  CouponRequest,
  CouponResponse,
  OrderCancelRequest,
  OrderDetailResponse,
  OrderReturnRequest,
  OrdersListResponse,
  PayOrderResponse,
  ProcessOrderRequest,
  ProcessOrderResponse,
} from '@kitroom/contract';
import { post, type CallOptions } from './client';

export const verifyCoupon = (body: CouponRequest) => post<CouponResponse>('coupons.php', body);

export const processOrder = (body: ProcessOrderRequest) =>
  post<ProcessOrderResponse>('process_order.php', body);

export const getOrders = (userId: number, options?: CallOptions) =>
  post<OrdersListResponse>('orders.php', { user_id: userId }, options);

export const getOrder = (userId: number, orderId: number, options?: CallOptions) =>
  post<OrderDetailResponse>('orders.php', { user_id: userId, order_id: orderId }, options);

export const payOrder = (userId: number, orderId: number) =>
  post<PayOrderResponse>('payment_processer.php', { user_id: userId, order_id: orderId });

/** order_cancel.php: the shopper cancels their order; answers the order page afterwards. */
export const cancelOrder = (body: OrderCancelRequest) =>
  post<OrderDetailResponse>('order_cancel.php', body);

/** order_return.php: asks to return or exchange; answers the order page afterwards. */
export const requestReturn = (body: OrderReturnRequest) =>
  post<OrderDetailResponse>('order_return.php', body);

/** cod_confirm.php: the mailed link's token confirms a cash-on-delivery order. */
export const confirmCodByLink = (orderId: number, token: string) =>
  post<CodConfirmResponse>('cod_confirm.php', { order_id: orderId, token });

/** order_confirm.php: the owner confirms their COD order; answers the order page afterwards. */
export const confirmCodOrder = (userId: number, orderId: number) =>
  post<OrderDetailResponse>('order_confirm.php', { user_id: userId, order_id: orderId });

export const addReview = (body: AddReviewRequest) =>
  post<AddReviewResponse>('add_reviews.php', body);
