// The back office's app as the browser fetches it: index.html for /admin and every path
// below (the app's router decides), hashed assets cached for good, and the storefront's own
// files and pages beside it untouched.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopperSessions } from '../accounts/index.js';
import { loadConfig } from '../config.js';
import { NOT_BUILT, registerAdminApp } from './admin-app.js';
import { registerErrorHandling } from './errors.js';
import { registerStatic } from './static.js';

const ADMIN_INDEX = `<!doctype html><html><head><title>Kitroom back office</title>
<script type="module" crossorigin src="/admin/assets/index-a1.js"></script></head>
<body><div id="root"></div></body></html>`;
const WEB_INDEX = `<!doctype html><html><head><title>Kitroom</title><meta name="description" content="x" />
<!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-data--></body></html>`;

let dir: string;
let app: FastifyInstance;

async function build(adminDir: string): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent' });
  const server = Fastify();
  await server.register(fastifyCookie);
  registerErrorHandling(server);
  // In app.ts's order: the back office, then the storefront (which owns reply.sendFile).
  await registerAdminApp(server, adminDir);
  await registerStatic(
    server,
    { config, sessions: shopperSessions },
    path.join(dir, 'web'),
    path.join(dir, 'web', 'no-server-bundle.js'),
  );
  await server.ready();
  return server;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'kitroom-admin-app-'));
  mkdirSync(path.join(dir, 'admin', 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'admin', 'index.html'), ADMIN_INDEX);
  writeFileSync(path.join(dir, 'admin', 'assets', 'index-a1.js'), 'console.log("admin")');
  mkdirSync(path.join(dir, 'web', 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'web', 'index.html'), WEB_INDEX);
  writeFileSync(path.join(dir, 'web', 'assets', 'index-w1.js'), 'console.log("web")');
  app = await build(path.join(dir, 'admin'));
});

afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the back office app', () => {
  it.each(['/admin', '/admin/', '/admin/sign-in', '/admin/setup/abc_DEF-123', '/admin/staff?x=1'])(
    'serves %s with its index.html, never cached',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toBe(ADMIN_INDEX);
    },
  );

  it('serves its hashed assets for a year, and 404 for a missing one', async () => {
    const res = await app.inject({ method: 'GET', url: '/admin/assets/index-a1.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log("admin")');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await app.inject({ method: 'GET', url: '/admin/assets/gone-b2.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('Kitroom back office');
  });

  it("leaves the storefront's files and pages as they were", async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-w1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("web")');
    const page = await app.inject({ method: 'GET', url: '/contactUs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>');
    expect(page.body).not.toContain('back office');
    // A storefront path that merely starts with 'admin' is the storefront's (its shell: with
    // no server bundle here, the browser's router says it is not found).
    const lookalike = await app.inject({ method: 'GET', url: '/administrator' });
    expect(lookalike.headers['content-type']).toContain('text/html');
    expect(lookalike.body).toContain('<div id="root"></div>');
    expect(lookalike.body).not.toContain('back office');
    // The admin API keeps its JSON responses.
    const api = await app.inject({ method: 'GET', url: '/api/admin/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/application\/json/);
  });

  it('says how to build it when it is not built', async () => {
    const bare = await build(path.join(dir, 'not-built'));
    try {
      const res = await bare.inject({ method: 'GET', url: '/admin/sign-in' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toBe(NOT_BUILT);
    } finally {
      await bare.close();
    }
  });
});
