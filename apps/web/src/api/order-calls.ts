// Checkout, coupon, order (cancel, return), payment and review calls. Typed by the endpoint
// table.
import type {
  AddReviewRequest,
  CheckoutStartRequest,
  CouponRequest,
  OrderCancelRequest,
  OrderReturnRequest,
  ProcessOrderRequest,
} from '@kitroom/contract';
import { call, type CallOptions } from './client';

export const verifyCoupon = (body: CouponRequest) => call('coupons.php', body);

export const processOrder = (body: ProcessOrderRequest) => call('process_order.php', body);

export const getOrders = (userId: number, options?: CallOptions) =>
  call('orders.php', { user_id: userId }, options);

export const getOrder = (userId: number, orderId: number, options?: CallOptions) =>
  call('orders.php', { user_id: userId, order_id: orderId }, options);

export const payOrder = (userId: number, orderId: number) =>
  call('payment_processer.php', { user_id: userId, order_id: orderId });

/** order_cancel.php: the shopper cancels their order; returns the order page afterwards. */
export const cancelOrder = (body: OrderCancelRequest) => call('order_cancel.php', body);

/** order_return.php: asks to return or exchange; returns the order page afterwards. */
export const requestReturn = (body: OrderReturnRequest) => call('order_return.php', body);

/** cod_confirm.php: the mailed link's token confirms a cash-on-delivery order. */
export const confirmCodByLink = (orderId: number, token: string) =>
  call('cod_confirm.php', { order_id: orderId, token });

/** order_confirm.php: the owner confirms their COD order; returns the order page afterwards. */
export const confirmCodOrder = (userId: number, orderId: number) =>
  call('order_confirm.php', { user_id: userId, order_id: orderId });

export const addReview = (body: AddReviewRequest) => call('add_reviews.php', body);

/**
 * Checkout's one call on open (decision 071): what the page shows, and the visit a cart
 * reminder counts from (decision 065).
 */
export const startCheckout = (body: CheckoutStartRequest, options?: CallOptions) =>
  call('checkout_start.php', body, options);

/** Checkout's cart-reminder box gives or withdraws the consent (My Account has its own). */
export const answerReminders = (userId: number, consent: boolean) =>
  call('cart_reminders.php', { user_id: userId, consent });
