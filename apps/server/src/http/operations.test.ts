import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  for (let i = 0; i < 20; i++) await createProduct(t.db);
});
afterAll(() => t?.close());

describe('operations', () => {
  it('answers /healthz without the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('sends security headers and no X-Powered-By', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/home.php' });
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
  });

  it('compresses large responses', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shop.php',
      payload: { limit: '0-50' },
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('readiness when the database is down', () => {
  it('answers 503 on /readyz while /healthz stays up', async () => {
    const own = await startTestApp();
    await own.database.close();
    const ready = await own.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ error: 'The database is not reachable.' });
    const health = await own.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    await own.app.close();
  });
});
