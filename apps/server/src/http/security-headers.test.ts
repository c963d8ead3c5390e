import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helmetOptions } from '../app.js';
import { startTestApp, type TestApp } from '../test/harness.js';

// Every header helmet 8 can set with the shop's options.
const HELMET_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://shop.example.in' });
});
afterAll(() => t?.close());

async function helmetWouldSet(): Promise<Record<string, unknown>> {
  const probe = Fastify();
  await probe.register(fastifyHelmet, helmetOptions(t.config));
  probe.get('/', async () => 'ok');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return Object.fromEntries(HELMET_HEADERS.map((name) => [name, res.headers[name]]));
}

describe('security headers', () => {
  it('are the ones @fastify/helmet sets, on responses, errors and unknown paths', async () => {
    const expected = await helmetWouldSet();
    expect(expected['strict-transport-security']).toContain('max-age=');
    expect(expected['content-security-policy']).toContain("default-src 'self'");
    const responses = [
      await t.app.inject({ method: 'GET', url: '/api/home.php' }),
      await t.app.inject({ method: 'POST', url: '/api/shop.php', payload: { limit: 'x' } }),
      await t.app.inject({ method: 'GET', url: '/api/no_such_call.php' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/search_result.php',
        headers: { 'content-type': 'application/json' },
        payload: '{not json',
      }),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([200, 400, 404, 400]);
    for (const res of responses) {
      const got = Object.fromEntries(HELMET_HEADERS.map((name) => [name, res.headers[name]]));
      expect(got).toEqual(expected);
      expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
    }
  });

  it("echo the caller's request id", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/home.php',
      headers: { 'x-request-id': 'edge-42' },
    });
    expect(res.headers['x-request-id']).toBe('edge-42');
  });
});

describe('form-action', () => {
  /** The form-action directive of the CSP an app with this environment sends. */
  async function formAction(env: Record<string, string>): Promise<string | undefined> {
    const app = await startTestApp(env);
    try {
      const res = await app.app.inject({ method: 'GET', url: '/api/home.php' });
      const csp = String(res.headers['content-security-policy']);
      return csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith('form-action'));
    } finally {
      await app.close();
    }
  }

  it('lets forms post to the shop only, with the sandbox (served by the shop)', async () => {
    expect(await formAction({})).toBe("form-action 'self'");
  });

  it("adds Razorpay's payment page origins, and no other site, with razorpay", async () => {
    expect(
      await formAction({
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_test_key',
        RAZORPAY_KEY_SECRET: 'secret',
        RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
      }),
    ).toBe("form-action 'self' https://rzp.io https://api.razorpay.com");
  });
});
