// settlements/: what other folders may use (decision 077). Inside settlements/, import the file itself.
export { settlementsAdminRoutes } from './settlements.admin-routes.js';
