// The files the storefront is made of: the shop's pictures and their narrower variants, and
// the web app's build (hashed scripts and styles, precompressed; public files).
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { registerImageVariants } from './image-variants.js';
import { serverDir } from '../server-dir.js';

export const webDistDir = path.join(serverDir, '../web/dist');

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** /images/: the pictures under DATA_DIR/images, and their variants made on request. */
export async function registerImages(app: FastifyInstance, dataDir: string): Promise<void> {
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
  registerImageVariants(app, {
    imagesDir,
    variantsDir: path.join(dataDir, 'image-variants'),
  });
}

/** The web app's built files, except index.html (pages.ts serves it filled in). */
export async function registerWebFiles(app: FastifyInstance, webDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDir,
    prefix: '/',
    wildcard: false,
    index: false,
    // The build writes Brotli and gzip copies of its scripts and stylesheets
    // (apps/web/build/precompress.ts): sent as they are, compressed once at their best.
    preCompressed: true,
    // index.html is only ever served filled in, by the page handler.
    allowedPath: (pathName) => pathName !== '/index.html',
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
