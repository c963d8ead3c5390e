// The one error handler: a value the database refuses (SQLSTATE class 22) is a 400 {error},
// the second line of defence behind validation; a database that is away (restarted, failed
// over, out of disk) is a 503 to try again; any other failure is a 500 without details.
// A failed query is logged by its code and statement, never with the request's data.
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/index.js';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../db/index.js';
import { createTestDatabase } from '../test/database.js';
import { registerErrorHandling } from './errors.js';

let app: FastifyInstance;
let database: Database;
const logLines: string[] = [];

/** Text a shopper typed, which must never be written to the log. */
const ADDRESS = 'Asha Menon, 12 Quietly Logged Lane, Kozhikode';

beforeAll(async () => {
  database = await createTestDatabase();
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  // The app's own logger options (app.ts), at the most verbose level.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'trace' });
  app = Fastify({ logger: loggerOptions(config, logStream) });
  registerErrorHandling(app);
  // Routes that hand the database what validation would have stopped.
  app.get('/null-character', async () => {
    await database.db.execute(sql`SELECT ${'Club\u0000'}::text AS name`);
    return { ok: true };
  });
  app.get('/not-a-number', async () => {
    await database.db.execute(sql`SELECT ${'twelve'}::int AS id`);
    return { ok: true };
  });
  app.get('/out-of-range', async () => {
    await database.db.execute(sql`SELECT ${'99999999999'}::int AS id`);
    return { ok: true };
  });
  app.get('/no-such-table', async () => {
    await database.db.execute(sql`SELECT * FROM no_such_table`);
    return { ok: true };
  });
  app.get('/failing-with-an-address', async () => {
    await database.db.execute(sql`SELECT * FROM no_such_orders WHERE address = ${ADDRESS}`);
    return { ok: true };
  });
  app.get('/refused-address', async () => {
    await database.db.execute(sql`SELECT ${ADDRESS}::int AS id`);
    return { ok: true };
  });
  // What pg throws when PostgreSQL restarts under a query, or refuses connections meanwhile.
  const shutDown = Object.assign(new Error('terminating connection due to administrator command'), {
    code: '57P01',
    severity: 'FATAL',
  });
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
    code: 'ECONNREFUSED',
  });
  const diskFull = Object.assign(new Error('could not extend file'), {
    code: '53100',
    severity: 'ERROR',
  });
  app.get('/restarted', async () => {
    throw new DrizzleQueryError('select 1', [], shutDown);
  });
  app.get('/refused-connection', async () => {
    throw refused;
  });
  app.get('/lost-connection', async () => {
    throw new DrizzleQueryError('commit', [], new Error('Connection terminated unexpectedly'));
  });
  app.get('/disk-full', async () => {
    throw new DrizzleQueryError('insert into orders', [], diskFull);
  });
  // A payment provider's address refusing: fetch's error, with the refusal as its cause.
  app.get('/provider-refused', async () => {
    throw new TypeError('fetch failed', { cause: refused });
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('database errors', () => {
  it('meet a character the database cannot store with 400 {error}', async () => {
    const res = await app.inject({ method: 'GET', url: '/null-character' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error:
        'The request contains characters that are not allowed (a null character or a broken Unicode sequence).',
    });
  });

  it.each(['/not-a-number', '/out-of-range'])(
    'meet another refused value (%s) with 400 {error}',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error:
          'The request contains a value that cannot be stored (a number or a text out of range).',
      });
    },
  );

  it.each(['/restarted', '/refused-connection', '/lost-connection', '/disk-full'])(
    'meet a database that is away or full (%s) with 503 {error} and a Retry-After',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('30');
      expect(res.json()).toEqual({ error: DATABASE_UNAVAILABLE_MESSAGE });
    },
  );

  it('do not take another service refusing a connection for the database', async () => {
    const res = await app.inject({ method: 'GET', url: '/provider-refused' });
    expect(res.statusCode).toBe(500);
  });

  it('meet any other database failure with 500 and no details', async () => {
    const res = await app.inject({ method: 'GET', url: '/no-such-table' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Something went wrong on our side. Please try again.' });
  });
});

describe('the log of a failed query', () => {
  it('names its SQLSTATE and statement, and none of the values it was given', async () => {
    logLines.length = 0;
    expect((await app.inject({ method: 'GET', url: '/failing-with-an-address' })).statusCode).toBe(
      500,
    );
    expect((await app.inject({ method: 'GET', url: '/refused-address' })).statusCode).toBe(400);
    const log = logLines.join('');
    expect(log).not.toContain('Quietly Logged Lane');
    const errors = logLines
      .map((line) => JSON.parse(line) as { msg: string; err?: Record<string, unknown> })
      .filter((entry) => entry.err);
    expect(errors.map((e) => [e.msg, e.err!.code, e.err!.statement])).toEqual([
      ['request failed', '42P01', 'SELECT * FROM no_such_orders WHERE address = $1'],
      ['the database refused a value of the request', '22P02', 'SELECT $1::int AS id'],
    ]);
    expect(String(errors[0]!.err!.stack)).toMatch(/^\s+at /);
  });
});
