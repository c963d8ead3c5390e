// recovery/: what other folders may use (decision 077). Inside recovery/, import the file itself.
export { cartReminder } from './cart-reminder.mail.js';
export { type RecoverySweep, startRecoverySweep } from './recovery-sweep.js';
export { recoveryAdminRoutes } from './recovery.admin-routes.js';
export { oneClickUnsubscribeRoutes, recoveryRoutes } from './recovery.routes.js';
export { checkoutReached } from './recovery.service.js';
