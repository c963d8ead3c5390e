// checkout/: what other folders may use (decision 077). Inside checkout/, import the file itself.
export { checkoutStartRoutes } from './checkout-start.routes.js';
export { payForOrder, placeOrder } from './checkout.service.js';
export {
  ORDER_SWEEP_INTERVAL_MS,
  type OrderSweep,
  releaseExpiredOrders,
  startOrderSweep,
  sweepOrdersOnce,
} from './order-sweep.js';
export { settlementRoutes } from './settlement.routes.js';
export { COD_DISPATCHED_REASON, LAPSED_HOLD_REASON, reconcile } from './settlement.service.js';
