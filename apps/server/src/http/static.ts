// Serves the built web app, the generated images, and the SPA's index.html for page routes.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const webDistDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/dist',
);

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export async function registerStatic(app: FastifyInstance, dataDir: string): Promise<void> {
  const imagesDir = path.join(dataDir, 'images');
  await app.register(fastifyStatic, {
    root: imagesDir,
    prefix: '/images/',
    decorateReply: false,
    // Image names carry their content's version, so they can be cached for good.
    immutable: true,
    maxAge: YEAR_SECONDS * 1000,
    index: false,
  });

  if (!existsSync(path.join(webDistDir, 'index.html'))) {
    app.log.warn({ webDistDir }, 'web app not built: run `npm run build` to serve the storefront');
    return;
  }
  await app.register(fastifyStatic, {
    root: webDistDir,
    prefix: '/',
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      // Vite's hashed assets never change; everything else must be revalidated.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('Cache-Control', `public, max-age=${YEAR_SECONDS}, immutable`);
      } else {
        res.header('Cache-Control', 'public, max-age=0, must-revalidate');
      }
    },
  });
}
