// Registers storefront routes from the contract's endpoint table (@kitroom/contract's
// storefrontEndpoints): the row gives the method, the path under /api, the schemas that
// validate what is sent and returned, who may call (the auth hook's userScoped config, or the
// session cookie's shopper), the rate limits' places and the cache header. A domain's route
// file hands in only its handlers, keyed by the call's path and typed by its row.
import {
  ErrorResponse,
  storefrontEndpoints,
  storefrontOpenApi,
  type LimitKey,
  type StorefrontEndpoint,
  type StorefrontEndpoints,
  type StorefrontPath,
} from '@kitroom/contract';
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
} from 'fastify';
import type { z } from 'zod';
import type { Config } from '../config.js';

type Parsed<E, K extends string> =
  E extends Record<K, infer S extends z.ZodType> ? z.output<S> : undefined;

/** What a handler is given: the validated body or query, and the request and reply. */
export interface StorefrontCall<P extends StorefrontPath> {
  body: Parsed<StorefrontEndpoints[P], 'body'>;
  query: Parsed<StorefrontEndpoints[P], 'query'>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * What a handler returns: the row's response, or for cached bytes and downloads the reply the
 * handler sent them with.
 */
export type StorefrontHandlerResult<P extends StorefrontPath> = StorefrontEndpoints[P] extends
  { cached: true } | { download: string }
  ? FastifyReply
  : z.output<StorefrontEndpoints[P]['response']>;

export type StorefrontHandler<P extends StorefrontPath> = (
  call: StorefrontCall<P>,
) => Promise<StorefrontHandlerResult<P>>;

/** A rate limit's hook (http/rate-limit.ts's rateLimitHook). */
export type LimitHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

type LimitsOf<P extends StorefrontPath> = StorefrontEndpoints[P] extends {
  limits: readonly (infer K extends LimitKey)[];
}
  ? K
  : never;

/** A handler; for a rate-limited call, the handler and one hook per limit its row names. */
export type StorefrontRoute<P extends StorefrontPath> = [LimitsOf<P>] extends [never]
  ? StorefrontHandler<P>
  : { handler: StorefrontHandler<P>; limits: Record<LimitsOf<P>, LimitHook> };

export type StorefrontRoutes = { [P in StorefrontPath]?: StorefrontRoute<P> };

/** The path's row, or undefined for a path the table does not have. */
function rowOf(path: string): StorefrontEndpoint | undefined {
  return Object.hasOwn(storefrontEndpoints, path)
    ? (storefrontEndpoints as Record<string, StorefrontEndpoint>)[path]
    : undefined;
}

/**
 * The auth hook's config (http/auth.ts) for the row's access; access 'session' needs the
 * cookie's live session, whoever's (its user is request.userId).
 */
function accessConfig(endpoint: StorefrontEndpoint): RouteOptions['config'] {
  if (endpoint.access === 'session') return { sessionOnly: true };
  if (endpoint.access !== 'shopper' && endpoint.access !== 'shopper-or-visitor') return {};
  return {
    userScoped: endpoint.userField ?? 'user_id',
    ...(endpoint.access === 'shopper-or-visitor' ? { optional: true } : {}),
    ...(endpoint.sessionInStatement ? { sessionInStatement: true } : {}),
  };
}

/** Registers the given calls of the table (under the plugin's /api prefix) with their handlers. */
export function registerStorefrontRoutes(app: FastifyInstance, routes: StorefrontRoutes): void {
  for (const [path, given] of Object.entries(routes)) {
    const endpoint = rowOf(path);
    if (!endpoint) throw new Error(`${path} is not a call of the storefront's endpoint table`);
    const route = given as
      | StorefrontHandler<StorefrontPath>
      | {
          handler: StorefrontHandler<StorefrontPath>;
          limits: Partial<Record<LimitKey, LimitHook>>;
        };
    const { handler, limits } =
      typeof route === 'function' ? { handler: route, limits: {} } : route;
    const limitHook = (key: LimitKey): LimitHook[] => {
      if (!endpoint.limits?.includes(key)) return [];
      const hook = limits[key];
      if (!hook) throw new Error(`${path} needs its '${key}' rate limit`);
      return [hook];
    };
    const errors = Object.fromEntries(endpoint.errors.map((status) => [status, ErrorResponse]));
    const { cacheControl } = endpoint;
    // Per address before the body is read; per email or user once it is validated (and, for
    // a user, after the auth hook has checked the session).
    const onRequest = limitHook('ip');
    const preHandler = [...limitHook('email'), ...limitHook('user')];
    const config = accessConfig(endpoint);
    // The session checks are the auth hook's: a call with access is never served without it.
    if (Object.keys(config ?? {}).length > 0 && !app.hasRequestDecorator('userId')) {
      throw new Error(`${path} needs the auth hook (registerAuth) registered first`);
    }
    app.route({
      method: endpoint.method,
      url: `/${path}`,
      config,
      schema: {
        ...(endpoint.body ? { body: endpoint.body } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        // A download is sent as it is; its schema documents the file.
        response: endpoint.download ? errors : { 200: endpoint.response, ...errors },
      },
      onRequest,
      preHandler,
      handler: (request: FastifyRequest, reply: FastifyReply) => {
        if (cacheControl) void reply.header('cache-control', cacheControl);
        return handler({
          body: request.body,
          query: request.query,
          request,
          reply,
        } as StorefrontCall<StorefrontPath>);
      },
    });
  }
}

/** GET /api/openapi.json: the table as an OpenAPI document, for the owner's own tools. */
export function storefrontOpenApiRoutes({ config }: { config: Config }): FastifyPluginAsync {
  const document = storefrontOpenApi(config.publicUrl);
  return async (app) => {
    app.get('/openapi.json', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return document;
    });
  };
}
