// reports/: what other folders may use (decision 077). Inside reports/, import the file itself.
export { rollUpSales } from './dashboard.service.js';
export { reportsAdminRoutes } from './reports.admin-routes.js';
