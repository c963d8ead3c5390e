// Serves the back office's single-page app (apps/admin/dist) under /admin: its hashed assets
// cached for good, and its index.html, never cached, for /admin and every path below it, where
// the app's own router takes over. Nothing is rendered on the server.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { serverDir } from '../server-dir.js';

export const adminDistDir = path.join(serverDir, '../admin/dist');

const YEAR_SECONDS = 365 * 24 * 60 * 60;
export const NOT_BUILT =
  'The back office is not built yet: run `npm run build`, then start the shop again.';

export async function registerAdminApp(
  app: FastifyInstance,
  adminDir: string = adminDistDir,
): Promise<void> {
  const indexFile = path.join(adminDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ adminDir }, 'back office not built: run `npm run build` to serve /admin');
    const notBuilt = async (_request: unknown, reply: FastifyReply) =>
      reply.status(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
    app.get('/admin', notBuilt);
    app.get('/admin/*', notBuilt);
    return;
  }
  const html = readFileSync(indexFile);
  await app.register(fastifyStatic, {
    root: path.join(adminDir, 'assets'),
    prefix: '/admin/assets/',
    // The storefront's registration (web-files.ts) owns reply.sendFile.
    decorateReply: false,
    index: false,
    // Vite names these files by their content.
    immutable: true,
    maxAge: YEAR_SECONDS * 1000,
  });
  const sendIndex = async (_request: unknown, reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  app.get('/admin', sendIndex);
  app.get('/admin/*', sendIndex);
}
