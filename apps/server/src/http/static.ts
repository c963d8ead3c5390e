// Serves the built storefront: the shop's pictures and the web app's files (web-files.ts),
// robots.txt and sitemap.xml (robots-sitemap.ts), and every page route as its HTML document
// (pages.ts).
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app.js';
import { loadDocument } from './page-document.js';
import { webServerEntry } from './page-renderer.js';
import { registerPages } from './pages.js';
import { registerRobotsAndSitemap } from './robots-sitemap.js';
import { registerImages, registerWebFiles, webDistDir } from './web-files.js';

export async function registerStatic(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'config' | 'database'>,
  webDir: string = webDistDir,
  serverEntry: string = webServerEntry,
): Promise<void> {
  const { config } = deps;
  const db = deps.database.db;
  await registerImages(app, config.dataDir);
  registerRobotsAndSitemap(app, db, config.publicUrl);
  const document = loadDocument(webDir);
  if (!document) {
    app.log.warn({ webDir }, 'web app not built: run `npm run build` to serve the storefront');
    return;
  }
  await registerWebFiles(app, webDir);
  await registerPages(app, { publicUrl: config.publicUrl, document, serverEntry });
}
