// back-in-stock/: what other folders may use (decision 077). Inside back-in-stock/, import the file itself.
export { backInStockConfirm } from './back-in-stock-confirm.mail.js';
export { backInStockAdminRoutes } from './back-in-stock.admin-routes.js';
export { backInStock } from './back-in-stock.mail.js';
export { backInStockRoutes } from './back-in-stock.routes.js';
