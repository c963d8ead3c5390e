// The storefront's routes are the contract's table: every row is served at /api/<path> with
// its method, schemas and access, and no storefront call is served without a row.
import { storefrontEndpoints, type StorefrontEndpoint } from '@kitroom/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { registerStorefrontRoutes, type StorefrontRoutes } from './storefront-routes.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const rows = Object.entries(storefrontEndpoints) as [string, StorefrontEndpoint][];

describe('the storefront endpoint table', () => {
  it.each(rows)(
    '%s has a handler at its path, with its method, schemas and access',
    (path, row) => {
      const served = t.routes.filter((r) => r.url === `/api/${path}` && r.method === row.method);
      expect(served, `no handler for ${path}`).toHaveLength(1);
      const route = served[0];
      expect(route?.schema?.body).toBe(row.body);
      expect(route?.schema?.querystring).toBe(row.query);
      const scoped = row.access === 'shopper' || row.access === 'shopper-or-visitor';
      expect(route?.config?.userScoped).toBe(scoped ? (row.userField ?? 'user_id') : undefined);
      expect(route?.config?.optional).toBe(row.access === 'shopper-or-visitor' ? true : undefined);
    },
  );

  it('serves no spec-style call that the table lacks', () => {
    const calls = t.routes
      .filter((r) => r.url.startsWith('/api/') && r.url.endsWith('.php'))
      .map((r) => r.url.slice('/api/'.length));
    expect(calls.filter((path) => !Object.hasOwn(storefrontEndpoints, path))).toEqual([]);
  });

  it('refuses a handler for a path the table does not have', () => {
    const app = Fastify();
    const routes = { 'nothing.php': async () => ({}) } as unknown as StorefrontRoutes;
    expect(() => registerStorefrontRoutes(app, routes)).toThrow(
      'nothing.php is not a call of the storefront',
    );
  });

  it("refuses a rate-limited call's handler without its limits", () => {
    const app = Fastify();
    const routes = {
      'feedback.php': { handler: async () => ({ success: true }), limits: {} },
    } as unknown as StorefrontRoutes;
    expect(() => registerStorefrontRoutes(app, routes)).toThrow(
      "feedback.php needs its 'ip' rate limit",
    );
  });

  it('responds with the cache header its row names', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/delivery_estimate.php?pincode=110001',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe(
      storefrontEndpoints['delivery_estimate.php'].cacheControl,
    );
  });
});

describe('the OpenAPI document', () => {
  it('lists every call of the table at its path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual(rows.map(([path]) => `/api/${path}`).sort());
    expect(doc.paths['/api/cart_manage.php']).toHaveProperty('post');
  });
});
