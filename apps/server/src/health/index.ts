// health/: what other folders may use (decision 077). Inside health/, import the file itself.
export { ALERT_CHECK_INTERVAL_MS, type AlertChecker, startAlertChecker } from './alerts.service.js';
export { createHealthMonitor, type HealthMonitor } from './health-monitor.js';
export { healthAdminRoutes } from './health.admin-routes.js';
export { type HealthContext } from './health.service.js';
export { metricsRoutes, registerRequestMetrics } from './metrics.routes.js';
export { operationsRoutes } from './operations.routes.js';
export { WRITE_FAILURE_MEMORY_MS, writeTrouble } from './readiness.js';
