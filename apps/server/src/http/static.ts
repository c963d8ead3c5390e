// Serves the built storefront: the shop's pictures and the web app's files (web-files.ts),
// and every page route as its HTML document (pages.ts). robots.txt and sitemap.xml are the
// catalogue's (catalogue/robots-sitemap.ts).
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { ShopperSessions } from './auth.js';
import { loadDocument } from './page-document.js';
import { webServerEntry } from './page-renderer.js';
import { registerPages } from './pages.js';
import { registerImages, registerWebFiles, webDistDir } from './web-files.js';

export async function registerStatic(
  app: FastifyInstance,
  deps: { config: Config; sessions: ShopperSessions },
  webDir: string = webDistDir,
  serverEntry: string = webServerEntry,
): Promise<void> {
  const { config, sessions } = deps;
  await registerImages(app, config.dataDir);
  const document = loadDocument(webDir);
  if (!document) {
    app.log.warn({ webDir }, 'web app not built: run `npm run build` to serve the storefront');
    return;
  }
  await registerWebFiles(app, webDir);
  await registerPages(app, { publicUrl: config.publicUrl, document, serverEntry, sessions });
}
