// A per-process memo of results derived from the catalogue, checked against versions kept in
// the database, which go up with every change whichever process makes it. Each request reads
// them first, so no process serves a result older than the catalogue it just saw.
// - `get`: results that depend only on the catalogue version (facet counts, name lookups,
//   search rankings); a new catalogue version drops them all.
// - `result`: results that also show products (whole API responses, product summaries). Each
//   names the products it shows; a read that finds products changed since the last one (the
//   database logs which, per transaction) drops only the results showing them, and a new
//   catalogue version drops them all.
// See docs/decisions/006-catalogue-cache-by-version.md, 008-whole-answers-cached.md and 084.

export const DEFAULT_CACHE_ENTRIES = 4000;
/** Results include one summary per product a product page may show: their bytes bind first. */
export const DEFAULT_RESULT_ENTRIES = 100_000;
/** Results are kept as bytes; this bounds their total per database handle. */
export const DEFAULT_RESULT_BYTES = 64 * 1024 * 1024;
/** The id the product log uses for "the Most Viewed order changed". */
export const MOST_VIEWED = 0;
/** The id the product log uses for "a product's rating changed" (the rating sort's order). */
export const RATING_ORDER = -1;
/** The id the product log uses for "the sales window changed" (the popular sort's order). */
export const POPULAR_ORDER = -2;
/** Product-version steps remembered, to check results that were computing across a change. */
const RECENT_STEPS = 64;

/** The versions a request read. */
export interface CacheVersion {
  /** Goes up when products move in or out of lists, or names, facets or rankings change. */
  readonly catalogue: number;
  /**
   * This cache's count of reads that found products changed (stock, prices, pictures,
   * rating, reviews): a step per read, whatever the number of transactions behind it.
   */
  readonly products: number;
}

/** One read of the catalogue version and the products changed since the last read. */
export interface VersionRead {
  catalogue: number;
  /** Where this read saw the product log up to; the next read asks what changed after it. */
  mark: string;
  /** Products changed after `since` up to `mark`; undefined when the log cannot say. */
  changed: readonly number[] | undefined;
}

/** Reads the versions; `since` is the mark of the cache's last read, if any. */
export type ReadVersion = (since: string | undefined) => Promise<VersionRead>;

/** What a `result` computation gives: the value, the products it shows, its size. */
export interface Computed<T> {
  value: T;
  products: readonly number[];
  bytes: number;
}

interface ResultEntry {
  value: unknown;
  products: readonly number[];
  bytes: number;
}

interface Pending {
  version: CacheVersion;
  promise: Promise<Computed<unknown>>;
}

export interface CacheLimits {
  entries?: number;
  results?: number;
  resultBytes?: number;
}

/** Most recently used last, so the first key is the one to drop. */
function touch<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
}

export class CatalogueCache {
  private known: CacheVersion | undefined;
  /** The mark of the read `known` came from. */
  private mark: string | undefined;
  private readonly entries = new Map<string, Promise<unknown>>();
  private readonly results = new Map<string, ResultEntry>();
  private readonly pending = new Map<string, Pending>();
  /** Product id → keys of the results showing it. */
  private readonly showing = new Map<number, Set<string>>();
  private resultBytes = 0;
  /** The last product-version steps, oldest first: (from, to] and what changed in them. */
  private recent: { from: number; to: number; changed: ReadonlySet<number> }[] = [];
  private reading: Promise<CacheVersion> | undefined;
  private nextRead: Promise<CacheVersion> | undefined;
  private readonly maxEntries: number;
  private readonly maxResults: number;
  private readonly maxResultBytes: number;

  constructor(
    private readonly readVersion: ReadVersion,
    limits: CacheLimits = {},
  ) {
    this.maxEntries = limits.entries ?? DEFAULT_CACHE_ENTRIES;
    this.maxResults = limits.results ?? DEFAULT_RESULT_ENTRIES;
    this.maxResultBytes = limits.resultBytes ?? DEFAULT_RESULT_BYTES;
  }

  /**
   * The versions, from a read that started no earlier than this call, so that a request sees
   * every change committed before it arrived; the memo has dropped what they made stale by
   * the time this resolves. Requests that arrive while a read is running share the next one:
   * under load that is one read per round trip, not one per request.
   */
  version(): Promise<CacheVersion> {
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

  private startRead(): Promise<CacheVersion> {
    const read = this.readVersion(this.mark).then((r) => this.advance(r));
    this.reading = read;
    const done = () => {
      if (this.reading === read) this.reading = undefined;
    };
    read.then(done, done);
    return read;
  }

  /** Drops what a newly read version makes stale; reads run one at a time, in order. */
  private advance(read: VersionRead): CacheVersion {
    const known = this.known;
    const before = known?.products ?? 0;
    let products = before;
    if (!known || known.catalogue !== read.catalogue) {
      this.entries.clear();
      this.dropResults();
      products += 1;
    } else if (read.changed === undefined) {
      this.dropResults();
      products += 1;
    } else if (read.changed.length > 0) {
      products += 1;
      const changed = new Set(read.changed);
      for (const id of changed) this.dropShowing(id);
      this.recent.push({ from: before, to: products, changed });
      if (this.recent.length > RECENT_STEPS) this.recent.shift();
    }
    const version = { catalogue: read.catalogue, products };
    this.known = version;
    this.mark = read.mark;
    return version;
  }

  /**
   * The value for `key` computed at this catalogue version: the memo when it is from that
   * version, else `compute()`. Concurrent callers of a missing key share one computation. A
   * version older than the newest seen (a request that read it just before a change) computes
   * without touching the memo; a failed computation is not kept.
   */
  async get<T>(version: CacheVersion, key: string, compute: () => Promise<T>): Promise<T> {
    if (version.catalogue !== this.known?.catalogue) return compute();
    const found = this.entries.get(key);
    if (found) {
      touch(this.entries, key, found);
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

  /**
   * The value for `key`, valid at this version or a later one: a kept result, else
   * `compute()`, kept only if none of the products it shows changed while it was computed.
   * Concurrent callers at the same version share one computation; failures are not kept.
   */
  async result<T>(
    version: CacheVersion,
    key: string,
    compute: () => Promise<Computed<T>>,
  ): Promise<T> {
    const known = this.known;
    if (version.catalogue !== known?.catalogue) return (await compute()).value;
    const found = this.results.get(key);
    if (found) {
      touch(this.results, key, found);
      return found.value as T;
    }
    const shared = this.pending.get(key);
    if (
      shared &&
      shared.version.catalogue === version.catalogue &&
      shared.version.products === version.products
    ) {
      return (await shared.promise).value as T;
    }
    const promise = compute();
    const mine: Pending = { version, promise };
    this.pending.set(key, mine);
    const settle = () => {
      if (this.pending.get(key) === mine) this.pending.delete(key);
    };
    promise.then((computed) => {
      settle();
      if (this.stillValid(version, computed.products)) this.keep(key, computed);
    }, settle);
    return (await promise).value;
  }

  /**
   * Per-product results (`prefix` + id) for several products: the kept ones, and the missing
   * ones from one `compute` call, kept on the same terms as `result`. Products `compute` does
   * not return are absent from the result.
   */
  async resultsById<T>(
    version: CacheVersion,
    prefix: string,
    ids: readonly number[],
    compute: (missing: readonly number[]) => Promise<Map<number, Computed<T>>>,
  ): Promise<Map<number, T>> {
    const out = new Map<number, T>();
    const current = version.catalogue === this.known?.catalogue;
    const missing: number[] = [];
    for (const id of ids) {
      const key = prefix + id;
      const found = current ? this.results.get(key) : undefined;
      if (found) {
        touch(this.results, key, found);
        out.set(id, found.value as T);
      } else {
        missing.push(id);
      }
    }
    if (missing.length === 0) return out;
    for (const [id, computed] of await compute(missing)) {
      out.set(id, computed.value);
      if (current && this.stillValid(version, computed.products)) this.keep(prefix + id, computed);
    }
    return out;
  }

  /** Whether a result computed from reads at `version` is still right at the known version. */
  private stillValid(version: CacheVersion, products: readonly number[]): boolean {
    const known = this.known;
    if (!known || known.catalogue !== version.catalogue) return false;
    if (known.products === version.products) return true;
    const steps = this.recent.filter((s) => s.to > version.products);
    if (steps.length === 0 || steps[0]!.from > version.products) return false;
    return !products.some((id) => steps.some((s) => s.changed.has(id)));
  }

  private keep(key: string, computed: Computed<unknown>): void {
    this.dropResult(key);
    const entry: ResultEntry = {
      value: computed.value,
      products: computed.products,
      bytes: computed.bytes,
    };
    this.results.set(key, entry);
    this.resultBytes += entry.bytes;
    for (const id of entry.products) {
      let keys = this.showing.get(id);
      if (!keys) {
        keys = new Set();
        this.showing.set(id, keys);
      }
      keys.add(key);
    }
    while (this.results.size > this.maxResults || this.resultBytes > this.maxResultBytes) {
      const oldest = this.results.keys().next().value;
      if (oldest === undefined) break;
      this.dropResult(oldest);
    }
  }

  private dropResult(key: string): void {
    const entry = this.results.get(key);
    if (!entry) return;
    this.results.delete(key);
    this.resultBytes -= entry.bytes;
    for (const id of entry.products) {
      const keys = this.showing.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.showing.delete(id);
    }
  }

  private dropShowing(id: number): void {
    const keys = this.showing.get(id);
    if (!keys) return;
    for (const key of [...keys]) this.dropResult(key);
  }

  private dropResults(): void {
    this.results.clear();
    this.showing.clear();
    this.resultBytes = 0;
    this.recent = [];
  }

  get size(): number {
    return this.entries.size;
  }

  get resultCount(): number {
    return this.results.size;
  }
}

const caches = new WeakMap<object, CatalogueCache>();

/**
 * The cache of one database handle, made on first use: every caller on the same handle (the
 * API routes, the page heads) shares it. A transaction handle gets its own, dropped with it,
 * so what a transaction sees of its own uncommitted changes never reaches other requests.
 */
export function cacheFor(handle: object, readVersion: ReadVersion): CatalogueCache {
  let cache = caches.get(handle);
  if (!cache) {
    cache = new CatalogueCache(readVersion);
    caches.set(handle, cache);
  }
  return cache;
}
