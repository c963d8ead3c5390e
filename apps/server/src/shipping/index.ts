// shipping/: what other folders may use (decision 077). Inside shipping/, import the file itself.
export {
  type BookedParcel,
  type CourierProvider,
  type TrackingUpdate,
} from './couriers/courier.js';
export { type Couriers, createCouriers } from './couriers/couriers.js';
export { type SandboxSweep, startSandboxSweep } from './couriers/sandbox-sweep.js';
export { createSandboxCourier, SANDBOX_TOKEN_HEADER } from './couriers/sandbox.courier.js';
export { arrivalDay, deliveryText } from './delivery-promise.js';
export { type DeliverySettings, promisedDate, promisedDateFrom } from './delivery.service.js';
export { labelOfReplacement, labelsOfOrders } from './labels.service.js';
export {
  book,
  cancelAtCourier,
  courierOf,
  failedDeliveries,
  lockLivePickup,
  lockShipment,
  markCanceled,
  openBooking,
  parcelAsked,
  pickupsForShopper,
  recordManualShipment,
  type Shipment,
  shipmentsOfReturn,
  shipmentsResponse,
  storeBooking,
} from './shipments.service.js';
export {
  answerAtCourier,
  applyHeldNews,
  PARCEL_RANK,
  recordAnswer,
  storeTracking,
} from './tracking.service.js';
