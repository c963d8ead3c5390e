// Server rendering of the storefront's pages: the web app's server bundle
// (apps/web/dist-server/entry-server.js, built by `npm run build -w apps/web`) turns a page's
// URL and the API answers the server inlines into it into the markup the browser hydrates.
// A page's markup depends on nothing else, so it is kept per URL and answers. A render that
// fails or hangs costs the page its first paint, never the page: it is sent as the bare
// client-rendered shell, and the reason is logged.
// See docs/decisions/007-server-rendering.md.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RenderedPage, RenderPage } from '@kitroom/contract';
import type { FastifyBaseLogger } from 'fastify';

export const webServerEntry = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/dist-server/entry-server.js',
);

/** Rendered pages kept per process, by the bytes of their markup. */
export const DEFAULT_CACHE_BYTES = 32 * 1024 * 1024;
/** A render still running after this is abandoned for the bare shell. */
export const RENDER_TIMEOUT_MS = 3000;

export interface PageRenderer {
  /**
   * The page at `url` (path and query) rendered with `data`, or undefined when it could not
   * be rendered (then the browser renders it). `dataJson` is `data` as JSON.
   */
  render(
    url: string,
    data: Record<string, unknown>,
    dataJson: string,
  ): Promise<RenderedPage | undefined>;
}

interface Entry {
  page: Promise<RenderedPage>;
  bytes: number;
}

/**
 * Renders with `renderPage`, keeping the markup of each (URL, answers, year) in a bounded LRU:
 * the same inputs always give the same markup, so a kept page is never stale, whatever
 * changed in the catalogue (a change changes the answers, hence the key).
 */
export function createPageRenderer(
  renderPage: RenderPage,
  options: { origin: string; log: FastifyBaseLogger; maxBytes?: number; timeoutMs?: number },
): PageRenderer {
  const { origin, log, maxBytes = DEFAULT_CACHE_BYTES, timeoutMs = RENDER_TIMEOUT_MS } = options;
  const entries = new Map<string, Entry>();
  let bytes = 0;

  function forget(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  function keep(key: string, entry: Entry, page: RenderedPage) {
    // Only the entry this render made, if nothing replaced it meanwhile.
    if (entries.get(key) !== entry) return;
    entry.bytes = page.html.length + page.head.length;
    bytes += entry.bytes;
    while (bytes > maxBytes && entries.size > 0) forget(entries.keys().next().value as string);
  }

  function withTimeout(url: string, render: Promise<RenderedPage>): Promise<RenderedPage> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`rendering ${url} took over ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    return Promise.race([render, timeout]).finally(() => clearTimeout(timer));
  }

  return {
    async render(url, data, dataJson) {
      // The footer shows the year: a page rendered last year is not this year's page.
      const key = `${new Date().getFullYear()} ${url}\n${createHash('sha256').update(dataJson).digest('base64')}`;
      let entry = entries.get(key);
      if (entry) {
        // Most recently used last.
        entries.delete(key);
        entries.set(key, entry);
      } else {
        const page = withTimeout(url, renderPage({ url, data, origin }));
        const made: Entry = { page, bytes: 0 };
        entry = made;
        entries.set(key, made);
        page.then(
          (rendered) => keep(key, made, rendered),
          (err: unknown) => {
            if (entries.get(key) === made) entries.delete(key);
            log.error(
              { err, url },
              'server rendering failed: the page is sent to be rendered in the browser',
            );
          },
        );
      }
      // A failure is logged once, above, for every request that waited on it.
      return entry.page.catch(() => undefined);
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
