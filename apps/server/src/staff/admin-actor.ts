// Who makes a back-office change, for the audit log: the signed-in staff member and their IP.
import type { FastifyRequest } from 'fastify';
import type { LiveStaffSession } from './staff-sessions.service.js';
import type { Actor } from './audit.service.js';
import { staffSessionOf } from './admin-endpoints.js';

export function actorOf(call: {
  session: LiveStaffSession | undefined;
  request: { ip: string };
}): Actor {
  return { staffId: staffSessionOf(call).staff.id, ip: call.request.ip };
}

/** The same from the request alone, for routes whose access needs a signed-in staff member. */
export function requestActor(request: FastifyRequest): Actor {
  return actorOf({ session: request.staffSession, request });
}
