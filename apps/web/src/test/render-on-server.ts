// Server rendering for component tests. React's server and browser renderers share context
// state when they run in one module graph (the server's last values leak into the browser's
// first render), so the server side runs in a worker thread of its own.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { LoadedPage, PageCallRequest } from '@kitroom/contract';

const here = path.dirname(fileURLToPath(import.meta.url));
const workerFile = pathToFileURL(path.join(here, 'server-render.worker.ts')).href;
const tsxApi = import.meta.resolve('tsx/esm/api');
/** A worker entry that loads the TypeScript worker through tsx. */
const bootstrap = `const { tsImport } = await import(${JSON.stringify(tsxApi)});
await tsImport(${JSON.stringify(workerFile)}, ${JSON.stringify(workerFile)});`;

/** A page to load on the server, its calls served from `data` ('<call> <JSON body>'). */
export interface ServerPageRequest {
  url: string;
  origin: string;
  data: Record<string, unknown>;
  session?: string;
}

/** The page as the server loaded and rendered it, and the calls its loaders made. */
export type ServerPage = Omit<LoadedPage, 'render'> & {
  /** The rendered markup of #root. */
  html: string;
  /** The tags the render hoisted for the document's head (RenderedPage.head). */
  headTags: string;
  calls: PageCallRequest[];
};

type Reply = { ready: true } | { id: number; page: ServerPage } | { id: number; error: string };

export interface ServerRenderer {
  render(request: ServerPageRequest): Promise<ServerPage>;
  close(): Promise<void>;
}

export async function startServerRenderer(): Promise<ServerRenderer> {
  const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`));
  const waiting = new Map<
    number,
    { resolve: (page: ServerPage) => void; reject: (e: Error) => void }
  >();
  let nextId = 1;
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (reply: Reply) => {
      if ('ready' in reply) return resolve();
      const pending = waiting.get(reply.id);
      waiting.delete(reply.id);
      if ('page' in reply) pending?.resolve(reply.page);
      else pending?.reject(new Error(reply.error));
    });
  });
  return {
    render(request) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, ...request });
      });
    },
    async close() {
      await worker.terminate();
    },
  };
}
