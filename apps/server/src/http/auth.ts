// Session authentication for user-scoped calls. A route declares
//   config: { userScoped: 'user_id' }           (the body field that names the user)
//   config: { userScoped: 'user_id', optional: true }  (visitors allowed; a given id must match)
// and this hook answers 401 without a live session cookie and 403 when the body names
// another user. The `access` cookie is the credential; a session_id in a body is not.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findSessionUser, SESSION_COOKIE } from '../accounts/sessions.service.js';
import type { Db } from '../db/client.js';
import { forbidden, unauthorized } from './errors.js';

export type UserField = 'user_id' | 'id';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body field naming the user this call acts for; the session must be that user. */
    userScoped?: UserField;
    /** With userScoped: a visitor without a session may call it when the field is absent. */
    optional?: boolean;
  }
  interface FastifyRequest {
    /** The logged-in user, set for user-scoped routes once the session is checked. */
    userId: number | undefined;
  }
}

function bodyField(body: unknown, field: UserField): unknown {
  if (body && typeof body === 'object' && field in body) {
    return (body as Record<string, unknown>)[field];
  }
  return undefined;
}

/** The session's user on a user-scoped route (the preHandler has checked it). */
export function sessionUserId(request: FastifyRequest): number {
  if (request.userId === undefined) throw unauthorized();
  return request.userId;
}

export function registerAuth(app: FastifyInstance, db: Db): void {
  app.decorateRequest('userId', undefined);
  app.addHook('preHandler', async (request: FastifyRequest, _reply: FastifyReply) => {
    const field = request.routeOptions.config.userScoped;
    if (!field) return;
    const named = bodyField(request.body, field);
    const optional = request.routeOptions.config.optional === true;
    const userId = await findSessionUser(db, request.cookies[SESSION_COOKIE]);
    if (userId === undefined) {
      if (optional && (named === undefined || named === null || named === '')) return;
      throw unauthorized();
    }
    if (named !== undefined && named !== null && named !== '' && Number(named) !== userId) {
      throw forbidden();
    }
    if (named === undefined && !optional) throw forbidden();
    request.userId = userId;
  });
}
