// Finished storefront pages cached per process, with their compressed bodies. A page is a
// function of its address (its path and the query parameters it reads: pages.ts drops a
// link's others, such as utm_source) and the API responses (and head tags) it is made from,
// the same for every visitor, so it is cached under a hash of exactly those: a catalogue change
// changes a response, hence the key, and a cached page is never stale. Pages for one visitor
// (with their session check inlined) are never cached. A cached page view costs reading its
// responses, one hash and one write. See docs/decisions/007-server-rendering.md.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Cached pages per process, counted by the bytes of their bodies. */
export const DEFAULT_PAGE_CACHE_BYTES = 48 * 1024 * 1024;

export type Encoding = 'br' | 'gzip';

const compressors: Record<Encoding, (html: Buffer) => Promise<Buffer>> = {
  // Made once per page and responses, so worth more effort than a per-response default.
  br: (html) =>
    promisify(brotliCompress)(html, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 6,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
  gzip: (html) => promisify(gzip)(html),
};

export interface Page {
  status: number;
  /** The document, UTF-8. */
  html: Buffer;
}

export interface CachedPage extends Page {
  /** The body compressed with `encoding`, made once per cached page. */
  encoded(encoding: Encoding): Promise<Buffer>;
}

interface Entry {
  page: Promise<Page>;
  encodings: Map<Encoding, Promise<Buffer>>;
  bytes: number;
  /** Still in the map (not forgotten, not a failed make). */
  live: boolean;
}

/** The key of a page: its address, and the head and responses it is made from, hashed. */
export function pageKey(url: string, headJson: string, dataJson: string): string {
  // The footer shows the year: last year's page is not this year's.
  const hash = createHash('sha256').update(headJson).update('\n').update(dataJson);
  return `${new Date().getFullYear()} ${url}\n${hash.digest('base64')}`;
}

/** Brotli is smaller, gzip ten times quicker to make: for a page compressed once, and for
 * one made for a single view. */
export const CACHED_PAGE_ENCODINGS: readonly Encoding[] = ['br', 'gzip'];
export const SINGLE_VIEW_ENCODINGS: readonly Encoding[] = ['gzip', 'br'];

/** The first of `preferred` the browser accepts, or undefined (no compression). */
export function preferredEncoding(
  acceptEncoding: string | undefined,
  preferred: readonly Encoding[] = CACHED_PAGE_ENCODINGS,
): Encoding | undefined {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim());
  }
  return preferred.find((encoding) => accepted.has(encoding));
}

/** `html` compressed with `encoding`. */
export function compress(html: Buffer, encoding: Encoding): Promise<Buffer> {
  return compressors[encoding](html);
}

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly maxBytes = DEFAULT_PAGE_CACHE_BYTES) {}

  /**
   * The page for `key`: cached, or made by `make`, which concurrent callers share; it is
   * cached only when `make` says so (a page whose render failed is made again next time).
   */
  async get(key: string, make: () => Promise<{ page: Page; cache: boolean }>): Promise<CachedPage> {
    const cached = this.entries.get(key);
    if (cached) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return this.view(cached, await cached.page);
    }
    const made = make();
    const entry: Entry = {
      page: made.then((m) => m.page),
      encodings: new Map(),
      bytes: 0,
      live: true,
    };
    this.entries.set(key, entry);
    try {
      const { page, cache } = await made;
      if (cache) this.grow(entry, page.html.length);
      else this.forget(key, entry);
      return this.view(entry, page);
    } catch (err) {
      this.forget(key, entry);
      throw err;
    }
  }

  private view(entry: Entry, page: Page): CachedPage {
    return {
      ...page,
      encoded: (encoding) => {
        let body = entry.encodings.get(encoding);
        if (!body) {
          body = compress(page.html, encoding);
          entry.encodings.set(encoding, body);
          body.then(
            (buffer) => this.grow(entry, buffer.length),
            () => entry.encodings.delete(encoding),
          );
        }
        return body;
      },
    };
  }

  private forget(key: string, entry: Entry): void {
    if (!entry.live) return;
    entry.live = false;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** Counts `bytes` more for a cached entry, forgetting the least recently used over the cap. */
  private grow(entry: Entry, bytes: number): void {
    if (!entry.live) return;
    entry.bytes += bytes;
    this.bytes += bytes;
    for (const [key, oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.forget(key, oldest);
    }
  }
}
