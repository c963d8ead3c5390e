// launches/: what other folders may use (decision 077). Inside launches/, import the file itself.
export { launchDropped } from './launch-dropped.mail.js';
export { launchesAdminRoutes } from './launches.admin-routes.js';
export { launchesRoutes } from './launches.routes.js';
export {
  checkoutRules,
  codClosedBy,
  gate,
  renewedHoldRules,
  storefrontLaunch,
  writeDueAlerts,
  writeRestockMails,
} from './launches.service.js';
