// settings/: what other folders may use (decision 077). Inside settings/, import the file itself.
export { settingsAdminRoutes } from './settings.admin-routes.js';
export { settingsRoutes } from './settings.routes.js';
export { getSettings, shopDetails } from './settings.service.js';
export { documentSigner, uploadSigningCertificate } from './signing-certificate.service.js';
