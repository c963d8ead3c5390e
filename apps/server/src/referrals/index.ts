// referrals/: what other folders may use (decision 077). Inside referrals/, import the file itself.
export { referralsAdminRoutes } from './referrals.admin-routes.js';
export { referralsRoutes } from './referrals.routes.js';
export {
  resolveAttribution,
  seedDemoReferrals,
  VISITOR_COOKIE,
  VISITOR_COOKIE_MAX_AGE_SECONDS,
  visitorIdentity,
  visitorKeyOf,
} from './referrals.service.js';
