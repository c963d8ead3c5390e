// A per-process memo of results derived from the catalogue (facet counts, name lookups,
// search rankings), valid for one catalogue version. The version lives in the database and
// goes up with every catalogue change, whichever process makes it; each request reads it
// first, so no process serves a result older than the catalogue it just saw.
// See docs/decisions/006-catalogue-cache-by-version.md.

export const DEFAULT_CACHE_ENTRIES = 4000;

export class CatalogueCache {
  private known = -1;
  private readonly entries = new Map<string, Promise<unknown>>();
  private reading: Promise<number> | undefined;
  private nextRead: Promise<number> | undefined;

  /** `readVersion` reads the catalogue version from the database. */
  constructor(
    private readonly readVersion: () => Promise<number>,
    private readonly maxEntries = DEFAULT_CACHE_ENTRIES,
  ) {}

  /**
   * The catalogue version, from a read that started no earlier than this call, so that a
   * request sees every change committed before it arrived. Requests that arrive while a read
   * is running share the next one: under load that is one read per round trip, not one per
   * request.
   */
  version(): Promise<number> {
    if (!this.reading) return this.startRead();
    this.nextRead ??= this.reading
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        this.nextRead = undefined;
        return this.startRead();
      });
    return this.nextRead;
  }

  private startRead(): Promise<number> {
    const read = this.readVersion();
    this.reading = read;
    const done = () => {
      if (this.reading === read) this.reading = undefined;
    };
    read.then(done, done);
    return read;
  }

  /**
   * The value for `key` computed at `version`: the memo when it is from that version,
   * else `compute()`. Concurrent callers of a missing key share one computation. A version
   * older than the newest seen (a request that read it just before a change) computes
   * without touching the memo; a failed computation is not kept.
   */
  async get<T>(version: number, key: string, compute: () => Promise<T>): Promise<T> {
    if (version < this.known) return compute();
    if (version > this.known) {
      this.entries.clear();
      this.known = version;
    }
    const found = this.entries.get(key);
    if (found) {
      // Most recently used last, so the oldest entry is the first to go.
      this.entries.delete(key);
      this.entries.set(key, found);
      return found as Promise<T>;
    }
    const computing = compute();
    this.entries.set(key, computing);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    computing.catch(() => {
      if (this.entries.get(key) === computing) this.entries.delete(key);
    });
    return computing;
  }

  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<object, CatalogueCache>();

/**
 * The cache of one database handle, made on first use: every caller on the same handle (the
 * API routes, the page heads) shares it. A transaction handle gets its own, dropped with it,
 * so what a transaction sees of its own uncommitted changes never reaches other requests.
 */
export function cacheFor(handle: object, readVersion: () => Promise<number>): CatalogueCache {
  let cache = caches.get(handle);
  if (!cache) {
    cache = new CatalogueCache(readVersion);
    caches.set(handle, cache);
  }
  return cache;
}
