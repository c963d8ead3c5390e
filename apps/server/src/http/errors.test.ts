// The one error handler: a value the database refuses (SQLSTATE class 22) is a 400 {error},
// the second line of defence behind validation; any other failure is a 500 without details.
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { createTestDatabase } from '../test/database.js';
import { registerErrorHandling } from './errors.js';

let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  app = Fastify();
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
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('database errors', () => {
  it('answer a character the database cannot store with 400 {error}', async () => {
    const res = await app.inject({ method: 'GET', url: '/null-character' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error:
        'The request contains characters that are not allowed (a null character or a broken Unicode sequence).',
    });
  });

  it.each(['/not-a-number', '/out-of-range'])(
    'answer another refused value (%s) with 400 {error}',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error:
          'The request contains a value that cannot be stored (a number or a text out of range).',
      });
    },
  );

  it('answer any other database failure with 500 and no details', async () => {
    const res = await app.inject({ method: 'GET', url: '/no-such-table' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Something went wrong on our side. Please try again.' });
  });
});
