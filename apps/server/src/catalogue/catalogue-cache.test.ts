import { describe, expect, it } from 'vitest';
import {
  CatalogueCache,
  type CacheLimits,
  type Computed,
  type VersionRead,
} from './catalogue-cache.js';

/** A stand-in for the database's versions and product log. */
class FakeDatabase {
  catalogue = 1;
  products = 0;
  /** Product version → products it changed; versions missing here were pruned. */
  log = new Map<number, number[]>();
  reads = 0;

  changeProducts(...ids: number[]): void {
    this.products += 1;
    this.log.set(this.products, ids);
  }

  /** The mark is the product version read, as text. */
  read = async (since: string | undefined): Promise<VersionRead> => {
    this.reads += 1;
    let changed: number[] | undefined;
    if (since !== undefined) {
      changed = [];
      for (let v = Number(since) + 1; v <= this.products; v++) {
        const ids = this.log.get(v);
        if (!ids) {
          changed = undefined;
          break;
        }
        changed.push(...ids);
      }
    }
    return { catalogue: this.catalogue, mark: String(this.products), changed };
  };
}

function setup(limits: CacheLimits = {}) {
  const db = new FakeDatabase();
  return { db, cache: new CatalogueCache(db.read, limits) };
}

const result =
  (value: string, products: number[], bytes = 10) =>
  async () => ({
    value,
    products,
    bytes,
  });

/** A result still being computed: it settles with `value` when `release` is called. */
function heldResult(value: string, products: number[]) {
  let release: () => void = () => undefined;
  const compute = () =>
    new Promise<Computed<string>>((resolve) => {
      release = () => resolve({ value, products, bytes: 10 });
    });
  return { compute, release: () => release() };
}

describe('CatalogueCache.get (catalogue version only)', () => {
  it('computes once per key and version, and again after the version goes up', async () => {
    const { db, cache } = setup();
    let calls = 0;
    const compute = async () => ++calls;
    let version = await cache.version();
    expect(await cache.get(version, 'k', compute)).toBe(1);
    expect(await cache.get(version, 'k', compute)).toBe(1);
    db.changeProducts(7);
    version = await cache.version();
    expect(await cache.get(version, 'k', compute)).toBe(1);
    db.catalogue = 2;
    version = await cache.version();
    expect(await cache.get(version, 'k', compute)).toBe(2);
    expect(await cache.get(version, 'k', compute)).toBe(2);
    expect(calls).toBe(2);
  });

  it('shares one computation between concurrent callers', async () => {
    const { cache } = setup();
    const version = await cache.version();
    let calls = 0;
    let release: (v: string) => void = () => undefined;
    const compute = () => {
      calls++;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const a = cache.get(version, 'k', compute);
    const b = cache.get(version, 'k', compute);
    release('done');
    expect(await Promise.all([a, b])).toEqual(['done', 'done']);
    expect(calls).toBe(1);
  });

  it('does not keep results of an older version than it has seen', async () => {
    const { db, cache } = setup();
    const old = await cache.version();
    db.catalogue = 2;
    const current = await cache.version();
    await cache.get(current, 'k', async () => 'v2');
    expect(await cache.get(old, 'k', async () => 'v1')).toBe('v1');
    expect(await cache.get(current, 'k', async () => 'again')).toBe('v2');
  });

  it('forgets a failed computation', async () => {
    const { cache } = setup();
    const version = await cache.version();
    await expect(cache.get(version, 'k', () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    expect(await cache.get(version, 'k', async () => 'ok')).toBe('ok');
  });

  it('drops the least recently used entry beyond its size', async () => {
    const { cache } = setup({ entries: 2 });
    const version = await cache.version();
    await cache.get(version, 'a', async () => 'a1');
    await cache.get(version, 'b', async () => 'b1');
    await cache.get(version, 'a', async () => 'a2');
    await cache.get(version, 'c', async () => 'c1');
    expect(cache.size).toBe(2);
    expect(await cache.get(version, 'a', async () => 'a3')).toBe('a1');
    expect(await cache.get(version, 'b', async () => 'b2')).toBe('b2');
  });
});

describe('CatalogueCache.version', () => {
  it('shares version reads between requests that arrive while one is running', async () => {
    const reads: ((v: VersionRead) => void)[] = [];
    const cache = new CatalogueCache(
      () => new Promise<VersionRead>((resolve) => reads.push(resolve)),
    );
    const at = (catalogue: number): VersionRead => ({ catalogue, mark: '0', changed: [] });
    const first = cache.version();
    // These arrive after the first read started: they must not take its result.
    const second = cache.version();
    const third = cache.version();
    expect(reads).toHaveLength(1);
    reads[0]!(at(1));
    expect((await first).catalogue).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads).toHaveLength(2);
    reads[1]!(at(2));
    expect((await Promise.all([second, third])).map((v) => v.catalogue)).toEqual([2, 2]);
    const fourth = cache.version();
    expect(reads).toHaveLength(3);
    reads[2]!(at(3));
    expect((await fourth).catalogue).toBe(3);
  });

  it('asks the database for the products changed since its last read', async () => {
    const seen: (string | undefined)[] = [];
    const db = new FakeDatabase();
    const cache = new CatalogueCache((since) => {
      seen.push(since);
      return db.read(since);
    });
    await cache.version();
    db.changeProducts(1);
    db.changeProducts(2);
    await cache.version();
    await cache.version();
    expect(seen).toEqual([undefined, '0', '2']);
  });
});

describe('CatalogueCache.result (results that show products)', () => {
  it('keeps a result until a product it shows changes', async () => {
    const { db, cache } = setup();
    let version = await cache.version();
    expect(await cache.result(version, 'page', result('first', [1, 2]))).toBe('first');
    db.changeProducts(3);
    version = await cache.version();
    expect(await cache.result(version, 'page', result('second', [1, 2]))).toBe('first');
    db.changeProducts(2);
    version = await cache.version();
    expect(await cache.result(version, 'page', result('third', [1, 2]))).toBe('third');
    expect(cache.resultCount).toBe(1);
  });

  it('drops every result when the catalogue version goes up', async () => {
    const { db, cache } = setup();
    let version = await cache.version();
    await cache.result(version, 'page', result('first', []));
    db.catalogue = 2;
    version = await cache.version();
    expect(await cache.result(version, 'page', result('second', []))).toBe('second');
  });

  it('drops every result when the product log no longer reaches back', async () => {
    const { db, cache } = setup();
    let version = await cache.version();
    await cache.result(version, 'page', result('first', [1]));
    db.changeProducts(5);
    db.log.clear();
    version = await cache.version();
    expect(await cache.result(version, 'page', result('second', [1]))).toBe('second');
  });

  it('does not keep a result whose product changed while it was computed', async () => {
    const { db, cache } = setup();
    const before = await cache.version();
    const held = heldResult('stale', [1]);
    const slow = cache.result(before, 'page', held.compute);
    db.changeProducts(1);
    const after = await cache.version();
    held.release();
    // The request that read the older version gets what it computed...
    expect(await slow).toBe('stale');
    // ...but a request that read the change does not.
    expect(await cache.result(after, 'page', result('fresh', [1]))).toBe('fresh');
  });

  it('keeps a result computed while an unrelated product changed', async () => {
    const { db, cache } = setup();
    const before = await cache.version();
    const held = heldResult('kept', [1]);
    const slow = cache.result(before, 'page', held.compute);
    db.changeProducts(2);
    const after = await cache.version();
    held.release();
    await slow;
    expect(await cache.result(after, 'page', result('again', [1]))).toBe('kept');
  });

  it('shares one computation between callers of the same version', async () => {
    const { cache } = setup();
    const version = await cache.version();
    let calls = 0;
    const compute = async () => {
      calls++;
      return { value: 'v', products: [], bytes: 1 };
    };
    await Promise.all([cache.result(version, 'k', compute), cache.result(version, 'k', compute)]);
    expect(calls).toBe(1);
  });

  it('forgets a failed computation', async () => {
    const { cache } = setup();
    const version = await cache.version();
    await expect(
      cache.result(version, 'k', () => Promise.reject(new Error('boom'))),
    ).rejects.toThrow('boom');
    expect(await cache.result(version, 'k', result('ok', []))).toBe('ok');
  });

  it('holds at most its bytes, dropping the least recently used', async () => {
    const { cache } = setup({ resultBytes: 25 });
    const version = await cache.version();
    await cache.result(version, 'a', result('a', [], 10));
    await cache.result(version, 'b', result('b', [], 10));
    await cache.result(version, 'a', result('a again', [], 10));
    await cache.result(version, 'c', result('c', [], 10));
    expect(cache.resultCount).toBe(2);
    expect(await cache.result(version, 'a', result('a new', [], 10))).toBe('a');
    expect(await cache.result(version, 'b', result('b new', [], 10))).toBe('b new');
  });

  it('computes only the missing ones of several per-product results, in one call', async () => {
    const { db, cache } = setup();
    let version = await cache.version();
    const asked: number[][] = [];
    const compute = async (missing: readonly number[]) => {
      asked.push([...missing]);
      return new Map(missing.map((id) => [id, { value: `p${id}`, products: [id], bytes: 1 }]));
    };
    await cache.resultsById(version, 's:', [1, 2], compute);
    db.changeProducts(2);
    version = await cache.version();
    const got = await cache.resultsById(version, 's:', [1, 2, 3], compute);
    expect([...got]).toEqual([
      [1, 'p1'],
      [2, 'p2'],
      [3, 'p3'],
    ]);
    expect(asked).toEqual([
      [1, 2],
      [2, 3],
    ]);
  });
});
