// after-sales/: what other folders may use (decision 077). Inside after-sales/, import the file itself.
export { REFUND_SWEEP_INTERVAL_MS, type RefundSweep, startRefundSweep } from './refund-sweep.js';
export { refundsAdminRoutes } from './refunds.admin-routes.js';
export {
  approveWithPickup,
  getReturn,
  listReturns,
  receiveReturn,
  rejectReturn,
  returnAsSeenBy,
  shipReplacement,
} from './returns.admin.service.js';
export { requestReturn, returnsForShopper, type ShopperReturns } from './returns.service.js';
