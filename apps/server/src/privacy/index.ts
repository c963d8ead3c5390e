// privacy/: what other folders may use (decision 077). Inside privacy/, import the file itself.
export { accountErased } from './account-erased.mail.js';
export {
  CUSTOMER_NOT_FOUND,
  ERASURE_SWEEP_INTERVAL_MS,
  erasureOfShopper,
  type ErasureSweep,
  requestErasureForShopper,
  STAFF_CONFIRM_MISMATCH,
  startErasureSweep,
} from './erasure.service.js';
export { privacyAdminRoutes } from './privacy.admin-routes.js';
export { privacyRoutes } from './privacy.routes.js';
