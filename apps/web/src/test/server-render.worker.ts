// Renders pages with the storefront's server entry in a thread of its own, as the server
// process does: its own React, router and store modules, loaded through Vite's SSR loader
// from the sources. Component tests hydrate the markup in jsdom (see render-on-server.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort } from 'node:worker_threads';
import type { PageRenderRequest, RenderPage } from '@kitroom/contract';
import { createServer } from 'vite';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const vite = await createServer({
  root: webRoot,
  configFile: path.join(webRoot, 'vite.config.ts'),
  appType: 'custom',
  logLevel: 'silent',
  server: { middlewareMode: true, hmr: false, ws: false },
});
const entry = (await vite.ssrLoadModule('/src/entry-server.tsx')) as { render: RenderPage };

parentPort?.on('message', (request: PageRenderRequest & { id: number }) => {
  const { id, ...page } = request;
  entry.render(page).then(
    (page) => parentPort?.postMessage({ id, page }),
    (error: unknown) => parentPort?.postMessage({ id, error: String(error) }),
  );
});
parentPort?.postMessage({ ready: true });
