// staff/: what other folders may use (decision 077). Inside staff/, import the file itself.
export { actorOf, requestActor } from './admin-actor.js';
export { NOT_ALLOWED, registerAdminRoutes, staffSessionOf } from './admin-endpoints.js';
export {
  type Actor,
  type Change,
  COMMAND_LINE,
  COURIER,
  record,
  recordMany,
  SWEEP,
} from './audit.service.js';
export { staffInvitation } from './staff-invitation.mail.js';
export { inviteStaff } from './staff-invitations.service.js';
export {
  type LiveStaffSession,
  STAFF_COOKIE,
  startStaffSession,
} from './staff-sessions.service.js';
export { staffAdminRoutes } from './staff.admin-routes.js';
export { firstOwnerLink, SETUP_LINK_HOURS } from './staff.service.js';
