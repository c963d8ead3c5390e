import { describe, expect, it } from 'vitest';
import { CatalogueCache } from './catalogue-cache.js';

describe('CatalogueCache', () => {
  it('computes once per key and version, and again after the version goes up', async () => {
    const cache = new CatalogueCache();
    let calls = 0;
    const compute = async () => ++calls;
    expect(await cache.get(1, 'k', compute)).toBe(1);
    expect(await cache.get(1, 'k', compute)).toBe(1);
    expect(await cache.get(2, 'k', compute)).toBe(2);
    expect(await cache.get(2, 'k', compute)).toBe(2);
    expect(calls).toBe(2);
  });

  it('shares one computation between concurrent callers', async () => {
    const cache = new CatalogueCache();
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
    const cache = new CatalogueCache();
    await cache.get(5, 'k', async () => 'v5');
    expect(await cache.get(4, 'k', async () => 'v4')).toBe('v4');
    expect(await cache.get(5, 'k', async () => 'again')).toBe('v5');
  });

  it('forgets a failed computation', async () => {
    const cache = new CatalogueCache();
    await expect(cache.get(1, 'k', () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    expect(await cache.get(1, 'k', async () => 'ok')).toBe('ok');
  });

  it('drops the least recently used entry beyond its size', async () => {
    const cache = new CatalogueCache(2);
    await cache.get(1, 'a', async () => 'a1');
    await cache.get(1, 'b', async () => 'b1');
    await cache.get(1, 'a', async () => 'a2');
    await cache.get(1, 'c', async () => 'c1');
    expect(cache.size).toBe(2);
    expect(await cache.get(1, 'a', async () => 'a3')).toBe('a1');
    expect(await cache.get(1, 'b', async () => 'b2')).toBe('b2');
  });
});
