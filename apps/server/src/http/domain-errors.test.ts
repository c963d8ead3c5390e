// Services refuse with domain errors; the one error handler responds to each with its status and
// the service's sentence as `{error}` (decision 038).
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Conflict,
  type DomainError,
  Forbidden,
  Invalid,
  NotFound,
  ProviderFailed,
  SoldOut,
  TooMany,
  Unauthorized,
  Unavailable,
} from '../domain-errors.js';
import { registerErrorHandling } from './errors.js';

const refusals: Array<[string, () => DomainError, number, string]> = [
  ['invalid', () => new Invalid('Size XXL is not available.'), 400, 'Size XXL is not available.'],
  ['unauthorized', () => new Unauthorized(), 401, 'Please log in to continue.'],
  ['forbidden', () => new Forbidden('Not allowed.'), 403, 'Not allowed.'],
  ['not-found', () => new NotFound('Product not found'), 404, 'Product not found'],
  ['conflict', () => new Conflict('Order #7 is paid.'), 409, 'Order #7 is paid.'],
  ['sold-out', () => new SoldOut('Size M is out of stock.'), 409, 'Size M is out of stock.'],
  ['too-many', () => new TooMany('Please wait 30 seconds.'), 429, 'Please wait 30 seconds.'],
  ['provider', () => new ProviderFailed('The courier said no.'), 502, 'The courier said no.'],
  ['unavailable', () => new Unavailable('Try again.'), 503, 'Try again.'],
];

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  registerErrorHandling(app);
  for (const [path, refuse] of refusals) {
    app.get(`/${path}`, () => {
      throw refuse();
    });
  }
  await app.ready();
});

afterAll(() => app.close());

describe('domain errors over HTTP', () => {
  it.each(refusals)(
    '%s responds with its status and the sentence',
    async (path, _e, status, text) => {
      const res = await app.inject({ method: 'GET', url: `/${path}` });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ error: text });
    },
  );
});
