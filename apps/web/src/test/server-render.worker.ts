// Loads and renders pages with the storefront's server entry in a thread of its own, as the
// server process does: its own React, router and store modules, loaded through Vite's SSR
// loader from the sources. The page's calls are served from the responses the test gives,
// keyed as the web client inlines them ('<call> <JSON body>'); a call without one responds
// 404. Component tests hydrate the markup in jsdom (see render-on-server.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort } from 'node:worker_threads';
import type { LoadPage, PageCallRequest } from '@kitroom/contract';
import { createServer } from 'vite';
import type { ServerPage, ServerPageRequest } from './render-on-server';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const vite = await createServer({
  root: webRoot,
  configFile: path.join(webRoot, 'vite.config.ts'),
  appType: 'custom',
  logLevel: 'silent',
  server: { middlewareMode: true, hmr: false, ws: false },
});
const entry = (await vite.ssrLoadModule('/src/entry-server.tsx')) as { load: LoadPage };

async function serve({ url, origin, data, session }: ServerPageRequest): Promise<ServerPage> {
  const calls: PageCallRequest[] = [];
  const send = async (call: PageCallRequest) => {
    calls.push(call);
    const key = `${call.path} ${call.body ?? 'null'}`;
    return Object.hasOwn(data, key)
      ? { status: 200, body: JSON.stringify(data[key]) }
      : { status: 404, body: JSON.stringify({ error: 'Not found' }) };
  };
  const page = await entry.load({ url, origin, send, ...(session ? { session } : {}) });
  const { render, ...loaded } = page;
  const rendered = await render();
  return { ...loaded, calls, html: rendered.html, headTags: rendered.head };
}

parentPort?.on('message', (request: ServerPageRequest & { id: number }) => {
  const { id, ...page } = request;
  serve(page).then(
    (page) => parentPort?.postMessage({ id, page }),
    (error: unknown) => parentPort?.postMessage({ id, error: String(error) }),
  );
});
parentPort?.postMessage({ ready: true });
