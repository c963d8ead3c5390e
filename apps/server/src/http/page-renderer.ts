// Server rendering of the storefront's pages: the web app's server bundle
// (apps/web/dist-server/entry-server.js, built by `npm run build -w apps/web`) turns a page's
// URL and the API responses the server inlines into it into the markup the browser hydrates.
// A render that fails or hangs costs the page its first paint, never the page: it is sent
// as the bare client-rendered shell, and the reason is logged. Finished pages are cached by
// page-cache.ts. See docs/decisions/007-server-rendering.md.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RenderedPage, RenderPage } from '@kitroom/contract';
import type { FastifyBaseLogger } from 'fastify';

export const webServerEntry = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/dist-server/entry-server.js',
);

/** A render still running after this is abandoned for the bare shell. */
export const RENDER_TIMEOUT_MS = 3000;

export interface PageRenderer {
  /**
   * The page at `url` (path and query) rendered with `data`, or undefined when it could not
   * be rendered (then the browser renders it).
   */
  render(url: string, data: Record<string, unknown>): Promise<RenderedPage | undefined>;
}

/** Renders with `renderPage`, giving up after `timeoutMs` and logging every failure. */
export function createPageRenderer(
  renderPage: RenderPage,
  options: { origin: string; log: FastifyBaseLogger; timeoutMs?: number },
): PageRenderer {
  const { origin, log, timeoutMs = RENDER_TIMEOUT_MS } = options;
  return {
    async render(url, data) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error(`rendering ${url} took over ${timeoutMs} ms`)),
          timeoutMs,
        );
      });
      try {
        return await Promise.race([renderPage({ url, data, origin }), timeout]);
      } catch (err) {
        log.error(
          { err, url },
          'server rendering failed: the page is sent to be rendered in the browser',
        );
        return undefined;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

function isRenderPage(value: unknown): value is RenderPage {
  return typeof value === 'function';
}

/**
 * The page renderer of the web app's server bundle, or undefined (the storefront is then
 * rendered in the browser, as before) when the bundle is missing or is not one.
 */
export async function loadPageRenderer(
  entryFile: string,
  options: { origin: string; log: FastifyBaseLogger },
): Promise<PageRenderer | undefined> {
  if (!existsSync(entryFile)) {
    options.log.warn(
      { entryFile },
      'no server bundle of the web app: pages are rendered in the browser (run `npm run build`)',
    );
    return undefined;
  }
  try {
    const bundle: unknown = await import(pathToFileURL(entryFile).href);
    const render =
      bundle && typeof bundle === 'object' && 'render' in bundle ? bundle.render : null;
    if (!isRenderPage(render)) throw new Error('the bundle exports no render function');
    return createPageRenderer(render, options);
  } catch (err) {
    options.log.error(
      { err, entryFile },
      'the web app’s server bundle could not be loaded: pages are rendered in the browser',
    );
    return undefined;
  }
}
