import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback } from '../db/index.js';
import { loggedInUser } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { FEEDBACK_RATE_LIMIT } from './feedback.routes.js';

let t: TestApp;
let address = 0;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** Each test sends from its own address, so that only the rate-limit test meets the limit. */
const fromNewAddress = () => `10.1.0.${++address}`;

const send = (payload: Record<string, unknown>, o: { cookie?: string; from?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/feedback.php',
    remoteAddress: o.from ?? fromNewAddress(),
    headers: o.cookie ? { cookie: o.cookie } : {},
    payload,
  });

const storedText = async (text: string) =>
  t.db.select().from(feedback).where(eq(feedback.feedback, text));

describe('feedback.php', () => {
  it('takes a visitor’s feedback, trimmed', async () => {
    const res = await send({ feedback: '  Please stock more Kerala Blasters kits!  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const rows = await storedText('Please stock more Kerala Blasters kits!');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBeNull();
  });

  it('records the logged-in user, named or not', async () => {
    const shopper = await loggedInUser(t.db);
    const named = await send(
      { feedback: 'Fast delivery to Thrissur.', user_id: shopper.id },
      { cookie: shopper.cookie },
    );
    expect(named.statusCode).toBe(200);
    const unnamed = await send(
      { feedback: 'Great prices.', user_id: '' },
      { cookie: shopper.cookie },
    );
    expect(unnamed.statusCode).toBe(200);
    expect((await storedText('Fast delivery to Thrissur.'))[0]!.userId).toBe(shopper.id);
    expect((await storedText('Great prices.'))[0]!.userId).toBe(shopper.id);
  });

  it('refuses a user_id that is not the session’s user', async () => {
    const shopper = await loggedInUser(t.db);
    const other = await loggedInUser(t.db);
    const noSession = await send({ feedback: 'Hello', user_id: shopper.id });
    expect(noSession.statusCode).toBe(401);
    const wrongUser = await send(
      { feedback: 'Hello', user_id: shopper.id },
      { cookie: other.cookie },
    );
    expect(wrongUser.statusCode).toBe(403);
    expect(await storedText('Hello')).toEqual([]);
  });

  it.each([{ feedback: '' }, { feedback: ' \n\t ' }, {}, { feedback: null }])(
    'refuses blank feedback %j in the spec’s words',
    async (payload) => {
      const res = await send(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'please write your feedback and send to us.' });
    },
  );

  it('bounds the length at 2000 characters', async () => {
    const longest = await send({ feedback: ` ${'a'.repeat(2000)} ` });
    expect(longest.statusCode).toBe(200);
    const tooLong = await send({ feedback: 'a'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      error: 'Your feedback is too long (2000 characters at most).',
    });
  });

  it('limits each address, with a clear 429', async () => {
    const from = fromNewAddress();
    for (let i = 0; i < FEEDBACK_RATE_LIMIT.max; i++) {
      const ok = await send({ feedback: `Note ${i}` }, { from });
      expect(ok.statusCode).toBe(200);
    }
    const limited = await send({ feedback: 'One more' }, { from });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(
      /^You have sent a lot of feedback in a short while\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedText('One more')).toEqual([]);

    const elsewhere = await send({ feedback: 'From another address' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('limits only feedback.php', async () => {
    const from = fromNewAddress();
    for (let i = 0; i <= FEEDBACK_RATE_LIMIT.max; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/search_result.php',
        remoteAddress: from,
        payload: { search: 'jersey' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });
});
