// The session claim of sessionInStatement routes: the hook settles what needs no database,
// the handler's statement settles the rest, and a handler that forgets cannot respond 200.
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopperSessions } from '../accounts/index.js';
import type { Database } from '../db/index.js';
import { createUser, loggedInUser } from '../test/factories.js';
import { createTestDatabase } from '../test/database.js';
import { registerAuth, sessionClaim } from './auth.js';
import { registerErrorHandling } from './errors.js';

let database: Database;
let app: FastifyInstance;
let handled = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  app = Fastify();
  registerErrorHandling(app);
  await app.register(fastifyCookie);
  registerAuth(app, database.db, shopperSessions);
  const config = { userScoped: 'user_id' as const, sessionInStatement: true };
  // What a statement found is sent in the body here, as `found`.
  app.post('/settles', { config }, async (request) => {
    handled++;
    const { found } = request.body as { found?: number };
    const userId = sessionClaim(request).settle(found);
    return { userId, requestUserId: request.userId };
  });
  app.post('/verifies', { config }, async (request) => {
    handled++;
    return { userId: await sessionClaim(request).verify() };
  });
  app.post('/forgets', { config }, async (request) => {
    handled++;
    return { claimed: sessionClaim(request).userId };
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const post = (url: string, payload: object, cookie?: string) =>
  app.inject({ method: 'POST', url, payload, ...(cookie ? { headers: { cookie } } : {}) });

describe('sessionInStatement routes', () => {
  it('refuse a missing or malformed cookie with 401 before the handler runs', async () => {
    const before = handled;
    for (const cookie of [undefined, `access=${'x'.repeat(101)}`]) {
      const res = await post('/settles', { user_id: 1, found: 1 }, cookie);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Please log in to continue.' });
    }
    expect(handled).toBe(before);
  });

  it('respond 401, 403 or the user as the settled session says', async () => {
    const cookie = 'access=some-session-id';
    const none = await post('/settles', { user_id: 7 }, cookie);
    expect(none.statusCode).toBe(401);
    const other = await post('/settles', { user_id: 7, found: 8 }, cookie);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ error: 'You may only act on your own account.' });
    const own = await post('/settles', { user_id: 7, found: 7 }, cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ userId: 7, requestUserId: 7 });
  });

  it('look the session up when the handler asks to verify it', async () => {
    const user = await loggedInUser(database.db);
    const stranger = await createUser(database.db);
    const own = await post('/verifies', { user_id: user.id }, user.cookie);
    expect(own.json()).toEqual({ userId: user.id });
    expect((await post('/verifies', { user_id: stranger.id }, user.cookie)).statusCode).toBe(403);
    expect((await post('/verifies', { user_id: user.id }, 'access=unknown')).statusCode).toBe(401);
  });

  it('respond 500, not 200, when the handler never settles the claim', async () => {
    const user = await loggedInUser(database.db);
    const res = await post('/forgets', { user_id: user.id }, user.cookie);
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain(String(user.id));
  });
});
