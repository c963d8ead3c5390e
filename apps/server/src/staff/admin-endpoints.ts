// Registers back-office routes from the contract's endpoint table: the schemas validate what
// is sent and returned, and one hook enforces the endpoint's access — the staff session
// (with its idle and absolute timeouts), the role's permission, and for every state-changing
// call an Origin equal to the shop's own. A domain hands in handlers by endpoint name.
import { ErrorResponse } from '@kitroom/contract';
import {
  adminEndpoints,
  roleMayCall,
  type AdminEndpoint,
  type AdminEndpointName,
  type AdminEndpoints,
  type AdminResponse,
} from '@kitroom/contract/admin';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { z } from 'zod';
import type { Db } from '../db/index.js';
import { findStaffSession, STAFF_COOKIE, type LiveStaffSession } from './staff-sessions.service.js';
import { AppError, forbidden, unauthorized } from '../http/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff session of a back-office call, once its access hook has checked it. */
    staffSession: LiveStaffSession | undefined;
  }
}

export const SIGN_IN_NEEDED = 'Please sign in to the back office.';
export const NOT_ALLOWED = 'Your role does not allow this.';
export const WRONG_ORIGIN = 'This request did not come from the back office.';
export const SEND_MULTIPART = 'Send the file as multipart/form-data.';

type Parsed<E, K extends string> =
  E extends Record<K, infer S extends z.ZodType> ? z.output<S> : undefined;

export interface AdminCall<N extends AdminEndpointName> {
  params: Parsed<AdminEndpoints[N], 'params'>;
  query: Parsed<AdminEndpoints[N], 'query'>;
  body: Parsed<AdminEndpoints[N], 'body'>;
  /** Set for every endpoint but the public ones. */
  session: LiveStaffSession | undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A JSON response, or for an endpoint that `produces` a file or lines, the reply it streams. */
export type AdminHandlerResult<N extends AdminEndpointName> = AdminEndpoints[N] extends {
  produces: string;
}
  ? FastifyReply
  : AdminResponse<N>;

export interface AdminRoute<N extends AdminEndpointName> {
  handler: (call: AdminCall<N>) => Promise<AdminHandlerResult<N>>;
  /** Rate limits and the like, before the body is read. */
  onRequest?: onRequestHookHandler[];
  /** After the access check. */
  preHandler?: preHandlerHookHandler[];
}

export type AdminRoutes = { [N in AdminEndpointName]?: AdminRoute<N> };

/** The session of an endpoint that is not public (its access hook has checked it). */
export function staffSessionOf(call: { session: LiveStaffSession | undefined }): LiveStaffSession {
  if (!call.session) throw unauthorized(SIGN_IN_NEEDED);
  return call.session;
}

/** A multipart endpoint takes nothing else. */
async function multipartOnly(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) throw new AppError(415, SEND_MULTIPART);
}

const STATE_CHANGING = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

function accessHook(db: Db, endpoint: AdminEndpoint, publicOrigin: string) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    void reply.header('cache-control', 'no-store');
    if (STATE_CHANGING.has(request.method) && request.headers.origin !== publicOrigin) {
      throw forbidden(WRONG_ORIGIN);
    }
    if (endpoint.access === 'public') return;
    const session = await findStaffSession(db, request.cookies[STAFF_COOKIE]);
    if (!session) throw unauthorized(SIGN_IN_NEEDED);
    if (endpoint.access === 'second-factor') {
      if (!session.pending) throw forbidden('You are already signed in.');
    } else {
      if (session.pending) throw unauthorized(SIGN_IN_NEEDED);
      if (!roleMayCall(session.staff.role, endpoint.access)) {
        throw forbidden(NOT_ALLOWED);
      }
    }
    request.staffSession = session;
  };
}

/** Registers the given endpoints of the table with their handlers. */
export function registerAdminRoutes(
  app: FastifyInstance,
  deps: { db: Db; publicUrl: string },
  routes: AdminRoutes,
): void {
  if (!app.hasRequestDecorator('staffSession')) app.decorateRequest('staffSession', undefined);
  const publicOrigin = new URL(deps.publicUrl).origin;
  for (const name of Object.keys(routes) as AdminEndpointName[]) {
    const route = routes[name] as AdminRoute<AdminEndpointName> | undefined;
    if (!route) continue;
    const endpoint: AdminEndpoint = adminEndpoints[name];
    const multipart = endpoint.consumes === 'multipart/form-data';
    const options = {
      method: endpoint.method,
      url: endpoint.path,
      schema: {
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        response: {
          // A streamed response is not serialised; its schema documents it.
          ...(endpoint.produces ? {} : { 200: endpoint.response }),
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
          429: ErrorResponse,
        },
      },
      config: { adminEndpoint: name },
      // Progress lines must reach the browser as they are written, not when gzip's buffer fills.
      ...(endpoint.produces === 'application/x-ndjson' ? { compress: false as const } : {}),
      onRequest: route.onRequest ?? [],
      // Before validation: a caller without the right gets 401/403 whatever they sent.
      preValidation: [
        accessHook(deps.db, endpoint, publicOrigin),
        ...(multipart ? [multipartOnly] : []),
      ],
      preHandler: route.preHandler ?? [],
      handler: (request: FastifyRequest, reply: FastifyReply) =>
        route.handler({
          params: request.params,
          query: request.query,
          body: request.body,
          session: request.staffSession,
          request,
          reply,
        } as AdminCall<AdminEndpointName>),
    };
    if (multipart) {
      // Multipart is parsed in this route's own scope only: everywhere else a body that is
      // not JSON is still refused with 415. The route reads the parts itself (request.file).
      void app.register(async (scope) => {
        await scope.register(fastifyMultipart, { limits: { files: 1, fields: 5, parts: 6 } });
        scope.route(options);
      });
    } else {
      app.route(options);
    }
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The back-office endpoint (contract name) a route serves. */
    adminEndpoint?: AdminEndpointName;
  }
}
