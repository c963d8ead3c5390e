// Domain errors carry an HTTP status; one handler turns every error into `{error}` JSON.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseErrorOf, isDataException } from '../db/errors.js';
import { FORBIDDEN_TEXT_MESSAGE } from './text-input.js';

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
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message: string) => new AppError(429, message);
/** A body, path or query carrying a null character or a lone surrogate (text-input.ts). */
export const forbiddenText = () => new AppError(400, FORBIDDEN_TEXT_MESSAGE);

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
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ error: error.message });
    }
    // Second line of defence: a value the database refused (class 22) is the request's fault.
    // Logged all the same, since validation should have caught it first.
    const database = databaseErrorOf(error);
    if (database && isDataException(database)) {
      request.log.warn({ err: error }, 'the database refused a value of the request');
      return reply.status(400).send({
        error: ENCODING_ERRORS.has(database.code) ? FORBIDDEN_TEXT_MESSAGE : BAD_VALUE_MESSAGE,
      });
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
