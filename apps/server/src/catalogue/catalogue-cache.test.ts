import { describe, expect, it } from 'vitest';
import { CatalogueCache } from './catalogue-cache.js';

describe('CatalogueCache', () => {
  it('computes once per key and version, and again after the version goes up', async () => {
    const cache = new CatalogueCache(async () => 1);
    let calls = 0;
    const compute = async () => ++calls;
    expect(await cache.get(1, 'k', compute)).toBe(1);
    expect(await cache.get(1, 'k', compute)).toBe(1);
    expect(await cache.get(2, 'k', compute)).toBe(2);
    expect(await cache.get(2, 'k', compute)).toBe(2);
    expect(calls).toBe(2);
  });

  it('shares one computation between concurrent callers', async () => {
    const cache = new CatalogueCache(async () => 1);
    let calls = 0;
    let release: (v: string) => void = () => undefined;
    const compute = () => {
      calls++;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const a = cache.get(1, 'k', compute);
    const b = cache.get(1, 'k', compute);
    release('done');
    expect(await Promise.all([a, b])).toEqual(['done', 'done']);
    expect(calls).toBe(1);
  });

  it('does not keep results of an older version than it has seen', async () => {
    const cache = new CatalogueCache(async () => 1);
    await cache.get(5, 'k', async () => 'v5');
    expect(await cache.get(4, 'k', async () => 'v4')).toBe('v4');
    expect(await cache.get(5, 'k', async () => 'again')).toBe('v5');
  });

  it('forgets a failed computation', async () => {
    const cache = new CatalogueCache(async () => 1);
    await expect(cache.get(1, 'k', () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    expect(await cache.get(1, 'k', async () => 'ok')).toBe('ok');
  });

  it('shares version reads between requests that arrive while one is running', async () => {
    const reads: ((v: number) => void)[] = [];
    const cache = new CatalogueCache(() => new Promise<number>((resolve) => reads.push(resolve)));
    const first = cache.version();
    // These arrive after the first read started: they must not take its answer.
    const second = cache.version();
    const third = cache.version();
    expect(reads).toHaveLength(1);
    reads[0]!(1);
    expect(await first).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads).toHaveLength(2);
    reads[1]!(2);
    expect(await Promise.all([second, third])).toEqual([2, 2]);
    const fourth = cache.version();
    expect(reads).toHaveLength(3);
    reads[2]!(3);
    expect(await fourth).toBe(3);
  });

  it('drops the least recently used entry beyond its size', async () => {
    const cache = new CatalogueCache(async () => 1, 2);
    await cache.get(1, 'a', async () => 'a1');
    await cache.get(1, 'b', async () => 'b1');
    await cache.get(1, 'a', async () => 'a2');
    await cache.get(1, 'c', async () => 'c1');
    expect(cache.size).toBe(2);
    expect(await cache.get(1, 'a', async () => 'a3')).toBe('a1');
    expect(await cache.get(1, 'b', async () => 'b2')).toBe('b2');
  });
});
