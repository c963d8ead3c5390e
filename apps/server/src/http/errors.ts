// One handler turns every error into `{error}` JSON. Services throw domain errors
// (domain-errors.ts) and this file alone gives each type its status; the HTTP layer itself
// (plugins, routes) may refuse with an AppError that carries its status.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  databaseErrorOf,
  isDatabaseUnavailable,
  isDataException,
} from '../db/index.js';
import {
  Conflict,
  DomainError,
  Forbidden,
  Invalid,
  NotFound,
  ProviderFailed,
  TooMany,
  Unauthorized,
  Unavailable,
} from '../domain-errors.js';
import { FORBIDDEN_TEXT_MESSAGE, TOO_DEEP_MESSAGE } from './text-input.js';

/** A refusal of the HTTP layer: a route or plugin that knows its status (415, 413, ...). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = 'Please log in to continue.') => new AppError(401, message);
export const forbidden = (message = 'You may only act on your own account.') =>
  new AppError(403, message);
export const tooManyRequests = (message: string) => new AppError(429, message);
/** A body, path or query carrying a null character or a lone surrogate (text-input.ts). */
export const forbiddenText = () => new AppError(400, FORBIDDEN_TEXT_MESSAGE);
export const tooDeep = () => new AppError(400, TOO_DEEP_MESSAGE);

/** Each domain error's status; a subclass (SoldOut) takes its parent's. */
const STATUSES: ReadonlyArray<readonly [abstract new (message: string) => DomainError, number]> = [
  [Invalid, 400],
  [Unauthorized, 401],
  [Forbidden, 403],
  [NotFound, 404],
  [Conflict, 409],
  [TooMany, 429],
  [ProviderFailed, 502],
  [Unavailable, 503],
];

/** The status a refusal is sent with; undefined for anything that is not one (a 5xx). */
export function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof AppError) return error.statusCode;
  if (!(error instanceof DomainError)) return undefined;
  return STATUSES.find(([type]) => error instanceof type)?.[1];
}

/** A restarted PostgreSQL takes a few seconds; a failover up to a minute or so. */
const DATABASE_RETRY_AFTER_SECONDS = 30;

/** 22021 character_not_in_repertoire, 22P05 untranslatable_character. */
const ENCODING_ERRORS = new Set(['22021', '22P05']);
const BAD_VALUE_MESSAGE =
  'The request contains a value that cannot be stored (a number or a text out of range).';

interface ZodIssueLike {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

/** 'limit: limit must look like ...' — names the field and the problem. */
function describeValidation(issues: readonly ZodIssueLike[]): string {
  const first = issues[0];
  if (!first) return 'The request is not valid.';
  const path = first.params?.issue?.path?.map(String).join('.') ?? first.instancePath ?? '';
  const message = first.params?.issue?.message ?? first.message ?? 'is not valid';
  const where = path.replace(/^\//, '').replace(/\//g, '.');
  return where ? `${where}: ${message}` : message;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const body = error.validation as unknown as ZodIssueLike[];
      const where = error.validationContext === 'body' ? '' : `${error.validationContext} `;
      return reply
        .status(400)
        .send({ error: `Invalid ${where}request: ${describeValidation(body)}` });
    }
    const refused = httpStatusOf(error);
    if (refused !== undefined) return reply.status(refused).send({ error: error.message });
    // Second line of defence: a value the database refused (class 22) is the request's fault.
    // Logged all the same, since validation should have caught it first.
    const database = databaseErrorOf(error);
    if (database && isDataException(database)) {
      request.log.warn({ err: error }, 'the database refused a value of the request');
      return reply.status(400).send({
        error: ENCODING_ERRORS.has(database.code) ? FORBIDDEN_TEXT_MESSAGE : BAD_VALUE_MESSAGE,
      });
    }
    // The database restarting, failing over or out of disk: nothing the shopper did, and
    // trying again shortly may work. Its transaction did not commit, so nothing is half done.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database is unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ error: DATABASE_UNAVAILABLE_MESSAGE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, body too large, wrong content type, ...
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The request body is too large.'
            : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Send the request body as application/json.'
              : error.message;
      return reply.status(status).send({ error: message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'Something went wrong on our side. Please try again.' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ error: `No such call: ${request.method} ${request.url.split('?')[0]}` });
  });
}
