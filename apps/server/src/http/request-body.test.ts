// Every call takes a JSON body or none: any other content type responds 415 {error}, the same
// for calls with a body schema and without one (session_destroy.php).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInUser } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const NOT_JSON = { error: 'Send the request body as application/json.' };

describe('request bodies', () => {
  it.each(['text/plain', 'text/plain; charset=utf-8', 'application/x-www-form-urlencoded'])(
    'in %s are refused with 415, by every call',
    async (type) => {
      const user = await loggedInUser(t.db);
      for (const call of ['session_destroy.php', 'feedback.php', 'shop.php']) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/${call}`,
          headers: { 'content-type': type, cookie: user.cookie },
          payload: 'feedback=hello',
        });
        expect(res.statusCode, call).toBe(415);
        expect(res.json(), call).toEqual(NOT_JSON);
      }
      // The session is still there: the refused logout did nothing.
      const check = await t.app.inject({
        method: 'POST',
        url: '/api/cart.php',
        headers: { cookie: user.cookie },
        payload: { user_id: user.id },
      });
      expect(check.statusCode).toBe(200);
    },
  );

  it('may be absent: the storefront logs out and lists categories without one', async () => {
    const user = await loggedInUser(t.db);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/session_destroy.php',
      headers: { cookie: user.cookie },
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ message: 'Session destroyed successfully' });
    const shop = await t.app.inject({ method: 'POST', url: '/api/shop.php' });
    expect(shop.statusCode).toBe(200);
    expect(shop.json()).toHaveProperty('categories');
  });

  it('in JSON are taken, also with a charset', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search_result.php',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify({ search: 'messi' }),
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('deeply nested JSON', () => {
  const TOO_DEEP = {
    error:
      'The request body is nested too deeply: at most 32 levels of objects and arrays are allowed.',
  };
  const nested = (levels: number) =>
    `{"search":"messi","x":${'['.repeat(levels)}"["${']'.repeat(levels)}}`;

  it('5,000 levels deep responds 400 {error} on every JSON call, not 500', async () => {
    const user = await loggedInUser(t.db);
    for (const call of ['search_result.php', 'feedback.php', 'cart.php']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/${call}`,
        headers: { 'content-type': 'application/json', cookie: user.cookie },
        payload: nested(5000),
      });
      expect(res.statusCode, call).toBe(400);
      expect(res.json(), call).toEqual(TOO_DEEP);
    }
  });

  it('a few levels, and brackets inside strings, are taken as they were', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search_result.php',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ search: '[[[[{{{{'.repeat(20), x: [[[[{ a: [1] }]]]] }),
    });
    expect(res.statusCode).toBe(200);
  });
});
