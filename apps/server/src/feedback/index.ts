// feedback/: what other folders may use (decision 077). Inside feedback/, import the file itself.
export { feedbackAdminRoutes } from './feedback.admin-routes.js';
export { feedbackRoutes } from './feedback.routes.js';
