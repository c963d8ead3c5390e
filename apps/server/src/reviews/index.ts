// reviews/: what other folders may use (decision 077). Inside reviews/, import the file itself.
export { reviewsAdminRoutes } from './reviews.admin-routes.js';
export { reviewsRoutes } from './reviews.routes.js';
export { reviewableItems } from './reviews.service.js';
