// order-desk/: what other folders may use (decision 077). Inside order-desk/, import the file itself.
export { codRoutes } from './cod.routes.js';
export { ewayBillsAdminRoutes } from './e-way-bills.admin-routes.js';
export { ordersAdminRoutes } from './orders.admin-routes.js';
export { listOrders } from './orders.admin.service.js';
export { orderRoutes } from './orders.routes.js';
export { returnsAdminRoutes } from './returns.admin-routes.js';
export { shipmentsAdminRoutes } from './shipments.admin-routes.js';
