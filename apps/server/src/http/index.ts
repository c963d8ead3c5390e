// http/: what other folders may use (decision 077). Inside http/, import the file itself.
export { registerAdminApp } from './admin-app.js';
export { registerAuth, sessionClaim, type SessionClaim, sessionUserId } from './auth.js';
export { jsonBody, JsonBody, sendJson, sendJsonBytes } from './cached-json.js';
export {
  AppError,
  badRequest,
  forbidden,
  forbiddenText,
  httpStatusOf,
  registerErrorHandling,
  tooDeep,
  unauthorized,
} from './errors.js';
export { lazyChildLogger } from './lazy-logger.js';
export { BOOT_SCRIPT_SOURCE } from './page-document.js';
export { PAGE_CALL_HEADER } from './pages.js';
export { bodyEmail, clientIp, MINUTE_MS, rateLimitHook, registerRateLimits } from './rate-limit.js';
export { registerSecurityHeaders } from './security-headers.js';
export { registerStatic } from './static.js';
export { registerStorefrontRoutes, storefrontOpenApiRoutes } from './storefront-routes.js';
export {
  containsForbiddenText,
  jsonNestsDeeperThan,
  MAX_JSON_DEPTH,
  registerTextChecks,
  respondToRoutingError,
} from './text-input.js';
export { FILE_MISSING, PICTURE_TOO_LARGE, uploadedPictureBytes } from './uploaded-picture.js';
export {
  isWebhookAuthentic,
  markWebhook,
  markWebhookAuthentic,
  webhookProviderOf,
} from './webhook-authenticity.js';
