// Server rendering of the storefront's pages: the web app's server bundle
// (apps/web/dist-server/entry-server.js, built by `npm run build -w apps/web`) loads a page
// from its URL (its routes' loaders make their calls through the server's API, in-process)
// and renders the markup the browser hydrates. A load or render that fails or hangs costs
// the page its first paint, never the page: it is sent as the bare client-rendered shell, and
// the reason is logged. Finished pages are cached by
// page-cache.ts. See docs/decisions/007-server-rendering.md.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoadedPage, LoadPage, PageRenderRequest, RenderedPage } from '@kitroom/contract';
import type { FastifyBaseLogger } from 'fastify';
import { serverDir } from '../server-dir.js';
import { within } from '../within.js';

export const webServerEntry = path.join(serverDir, '../web/dist-server/entry-server.js');

/** A load or render still running after this is abandoned for the bare shell. */
export const RENDER_TIMEOUT_MS = 3000;

export interface PageRenderer {
  /**
   * Loads the page the request asks for (its loaders' responses, head and cache policy), or
   * undefined when it could not be loaded (then the bare shell is sent and the browser loads
   * it).
   */
  load(request: Omit<PageRenderRequest, 'origin'>): Promise<LoadedPage | undefined>;
  /** The loaded page's markup, or undefined when it could not be rendered. */
  render(page: LoadedPage): Promise<RenderedPage | undefined>;
}

/** Loads and renders with the bundle's `load`, giving up after `timeoutMs`, logging failures. */
export function createPageRenderer(
  loadPage: LoadPage,
  options: { origin: string; log: FastifyBaseLogger; timeoutMs?: number },
): PageRenderer {
  const { origin, log, timeoutMs = RENDER_TIMEOUT_MS } = options;
  return {
    async load(request) {
      try {
        return await within(loadPage({ ...request, origin }), timeoutMs, `loading ${request.url}`);
      } catch (err) {
        log.error(
          { err, url: request.url },
          'loading a page on the server failed: the page is sent to be loaded in the browser',
        );
        return undefined;
      }
    },
    async render(page) {
      try {
        return await within(page.render(), timeoutMs, `rendering ${page.url}`);
      } catch (err) {
        log.error(
          { err, url: page.url },
          'server rendering failed: the page is sent to be rendered in the browser',
        );
        return undefined;
      }
    },
  };
}

function isLoadPage(value: unknown): value is LoadPage {
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
    const load = bundle && typeof bundle === 'object' && 'load' in bundle ? bundle.load : null;
    if (!isLoadPage(load)) throw new Error('the bundle exports no load function');
    return createPageRenderer(load, options);
  } catch (err) {
    options.log.error(
      { err, entryFile },
      'the web app’s server bundle could not be loaded: pages are rendered in the browser',
    );
    return undefined;
  }
}
