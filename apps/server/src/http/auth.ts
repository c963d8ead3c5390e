// Session authentication for user-scoped calls. A route declares
//   config: { userScoped: 'user_id' }           (the body field that names the user)
//   config: { userScoped: 'user_id', optional: true }  (visitors allowed; a given id must match)
// and this hook responds 401 without a live session cookie and 403 when the body names
// another user. The `access` cookie is the credential; a session_id in a body is not. A route
// that acts for whoever the cookie's session is declares `config: { sessionOnly: true }` (the
// endpoint table's access 'session'): 401 without a live session.
//
// A hot route may add `sessionInStatement: true`: the hook then checks only what needs no
// database (a cookie is there, the body names a user) and hands the handler a SessionClaim;
// the handler's own statement looks the session up in the same round trip, acts only for
// the named user's live session, and settles the claim, which responds 401 and 403 exactly as
// the hook would. A successful JSON response from such a route whose claim was never settled
// is turned into a 500, so a handler that forgets cannot respond for an unchecked session.
//
// The sessions themselves are accounts' (accounts/sessions.service.ts's shopperSessions):
// app.ts hands them in, so this layer imports no domain.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../db/index.js';
import { forbidden, unauthorized } from './errors.js';

/** The shopper's sessions, as the HTTP layer reads them. */
export interface ShopperSessions {
  /** The cookie that carries the session id. */
  readonly cookie: string;
  /** What the database knows a session id by; undefined for a missing or malformed id. */
  keyOf(sessionId: string | undefined): string | undefined;
  /** The user of the live session with this key (at `now`), or undefined. */
  userOf(db: Queryable, key: string, now?: Date): Promise<number | undefined>;
  /** The session's handle: what a page and the client's userData know it by, never its id. */
  handleOf(sessionId: string): string;
}

export type UserField = 'user_id' | 'id';

/** The cookie's session, claimed for the user the body names; the handler's statement checks it. */
export interface SessionClaim {
  /** The session's key in the database (see sessionKey). */
  readonly key: string;
  /** The user the body names: the statement may act only if the session is this user's. */
  readonly userId: number;
  /** Sessions that expired before this moment are refused. */
  readonly now: Date;
  /**
   * Settles the claim with the user of the live session the statement found (undefined:
   * none): throws 401 or 403 as the hook would, else returns the user.
   */
  settle(sessionUserId: number | undefined): number;
  /** Looks the session up and settles, for a statement that cannot check it itself. */
  verify(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body field naming the user this call acts for; the session must be that user. */
    userScoped?: UserField;
    /** With userScoped: a visitor without a session may call it when the field is absent. */
    optional?: boolean;
    /** With userScoped (not optional): the handler's statement checks the session (above). */
    sessionInStatement?: boolean;
    /** The cookie's live session, whoever's it is; its user is request.userId. */
    sessionOnly?: boolean;
  }
  interface FastifyRequest {
    /** The logged-in user, set for user-scoped routes once the session is checked. */
    userId: number | undefined;
    /** On sessionInStatement routes: the claim the handler's statement must check. */
    sessionClaim: SessionClaim | undefined;
  }
}

function bodyField(body: unknown, field: UserField): unknown {
  if (body && typeof body === 'object' && field in body) {
    return (body as Record<string, unknown>)[field];
  }
  return undefined;
}

const absent = (named: unknown) => named === undefined || named === null || named === '';

/**
 * The user a user-scoped call acts for, given the live session's user (undefined: none) and
 * the body's field: 401 without a session, 403 when the body names another user or (unless
 * optional) none; undefined for a visitor on an optional route.
 */
function actingUser(
  sessionUserId: number | undefined,
  named: unknown,
  optional: boolean,
): number | undefined {
  if (sessionUserId === undefined) {
    if (optional && absent(named)) return undefined;
    throw unauthorized();
  }
  if (!absent(named) && Number(named) !== sessionUserId) throw forbidden();
  if (named === undefined && !optional) throw forbidden();
  return sessionUserId;
}

/** The session's user on a user-scoped route (the preHandler has checked it). */
export function sessionUserId(request: FastifyRequest): number {
  if (request.userId === undefined) throw unauthorized();
  return request.userId;
}

/** The claim of a sessionInStatement route's request. */
export function sessionClaim(request: FastifyRequest): SessionClaim {
  const claim = request.sessionClaim;
  if (!claim) throw new Error(`${request.url} does not declare sessionInStatement`);
  return claim;
}

export function registerAuth(app: FastifyInstance, db: Db, sessions: ShopperSessions): void {
  app.decorateRequest('userId', undefined);
  app.decorateRequest('sessionClaim', undefined);

  app.addHook('preHandler', async (request: FastifyRequest, _reply: FastifyReply) => {
    const config = request.routeOptions.config;
    if (config.sessionOnly) {
      const key = sessions.keyOf(request.cookies[sessions.cookie]);
      const userId = key === undefined ? undefined : await sessions.userOf(db, key);
      if (userId === undefined) throw unauthorized();
      request.userId = userId;
      return;
    }
    const field = config.userScoped;
    if (!field) return;
    const named = bodyField(request.body, field);
    const optional = config.optional === true;
    const key = sessions.keyOf(request.cookies[sessions.cookie]);
    const userId = Number(named);
    const claimable = !absent(named) && Number.isSafeInteger(userId) && userId > 0;
    if (config.sessionInStatement && !optional && key !== undefined && claimable) {
      const now = new Date();
      const settle = (found: number | undefined): number => {
        const acting = actingUser(found, named, false);
        if (acting === undefined) throw unauthorized();
        request.userId = acting;
        return acting;
      };
      request.sessionClaim = {
        key,
        userId,
        now,
        settle,
        verify: async () => settle(await sessions.userOf(db, key, now)),
      };
      return;
    }
    const found = key === undefined ? undefined : await sessions.userOf(db, key);
    request.userId = actingUser(found, named, optional);
  });

  app.addHook('preSerialization', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    if (request.sessionClaim && request.userId === undefined && reply.statusCode < 300) {
      throw new Error(`${request.url} responded without settling its session claim`);
    }
    return payload;
  });
}
