// customers/: what other folders may use (decision 077). Inside customers/, import the file itself.
export { customersAdminRoutes } from './customers.admin-routes.js';
