// profiles/: what other folders may use (decision 077). Inside profiles/, import the file itself.
export { profilesAdminRoutes } from './profiles.admin-routes.js';
export { profilesRoutes } from './profiles.routes.js';
export { writeProfilesByName } from './profiles.service.js';
