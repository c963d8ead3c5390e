// wholesale/: what other folders may use (decision 077). Inside wholesale/, import the file itself.
export { wholesaleDecided } from './wholesale-decided.mail.js';
export { wholesaleAdminRoutes } from './wholesale.admin-routes.js';
export { wholesaleRoutes } from './wholesale.routes.js';
export {
  type ApprovedWholesalerRow,
  lineUnitPrices,
  orderTermsOf,
  type OrderTerms,
  pricesFor,
} from './wholesale.service.js';
