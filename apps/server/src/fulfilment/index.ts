// fulfilment/: what other folders may use (decision 077). Inside fulfilment/, import the file itself.
export {
  answerFailedDelivery,
  bookReturnPickup,
  cancelShipment,
  type ShippingContext,
  shipReplacementWithCourier,
  shipWithCourier,
} from './courier-fulfilment.service.js';
export { courierWebhookRoutes } from './couriers.routes.js';
export { deliveryEstimateRoutes } from './delivery-estimate.routes.js';
export { deliveryEstimate } from './delivery-estimate.service.js';
export {
  cancelEwayBill,
  ewayBillBeforeShipping,
  generateEwayBill,
  updatePartB,
} from './e-way-bills.service.js';
export {
  addOrderNote,
  cancelAbandonedOrders,
  cancelOrder,
  cancelUnconfirmedCodOrders,
  deliverOrder,
  issueInvoiceBeforeShipping,
  ORDER_NOT_FOUND,
  packOrders,
  recordEwayBill,
  refundOrder,
  shipOrder,
} from './fulfilment.service.js';
export { type PackingSlip, renderPackingSlips } from './packing-slip.js';
export {
  lockReplacementToShip,
  markReplacementShipped,
  type ReplacementParcel,
} from './return-parcels.js';
