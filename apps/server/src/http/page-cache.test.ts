// Finished pages cached per URL, head and responses, with their compressed bodies.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  PageCache,
  pageKey,
  preferredEncoding,
  SINGLE_VIEW_ENCODINGS,
  type Page,
} from './page-cache.js';

/** A page maker that counts how often it was asked. */
function maker(cache = true) {
  let made = 0;
  const make = (html: string) => async (): Promise<{ page: Page; cache: boolean }> => {
    made += 1;
    return { page: { status: 200, html: Buffer.from(`${html} #${made}`) }, cache };
  };
  return { make, made: () => made };
}

describe('the key of a page', () => {
  it('changes with the URL, the head and the responses, and only with them', () => {
    const key = pageKey('/', '{"title":"Home"}', '{"home.php null":[1]}');
    expect(pageKey('/', '{"title":"Home"}', '{"home.php null":[1]}')).toBe(key);
    expect(pageKey('/?a=1', '{"title":"Home"}', '{"home.php null":[1]}')).not.toBe(key);
    expect(pageKey('/', '{"title":"Other"}', '{"home.php null":[1]}')).not.toBe(key);
    expect(pageKey('/', '{"title":"Home"}', '{"home.php null":[2]}')).not.toBe(key);
  });
});

describe('cached pages', () => {
  it('makes a page once for a key, sharing it between concurrent requests', async () => {
    const cache = new PageCache();
    const m = maker();
    const pages = await Promise.all([1, 2, 3].map(() => cache.get('k', m.make('<p>home</p>'))));
    expect(pages.map((p) => p.html.toString())).toEqual([
      '<p>home</p> #1',
      '<p>home</p> #1',
      '<p>home</p> #1',
    ]);
    expect((await cache.get('k', m.make('<p>home</p>'))).html.toString()).toBe('<p>home</p> #1');
    expect(m.made()).toBe(1);
  });

  it('makes again a page it was told not to cache (its render failed)', async () => {
    const cache = new PageCache();
    const m = maker(false);
    await cache.get('k', m.make('shell'));
    expect((await cache.get('k', m.make('shell'))).html.toString()).toBe('shell #2');
  });

  it('forgets the least recently used pages beyond its size', async () => {
    // Room for two of these 6-character pages.
    const cache = new PageCache(15);
    const m = maker();
    for (const key of ['a', 'b', 'a', 'c', 'b']) await cache.get(key, m.make(`<${key}>`));
    // 'a' made, 'b' made, 'a' cached, 'c' made (forgets 'b'), 'b' made again.
    expect(m.made()).toBe(4);
  });

  it('compresses a cached page once per encoding', async () => {
    const cache = new PageCache();
    const html = '<main>' + 'Kerala Blasters Home Jersey — ₹1,299 '.repeat(200) + '</main>';
    const page = await cache.get('k', async () => ({
      page: { status: 200, html: Buffer.from(html) },
      cache: true,
    }));
    const br = await page.encoded('br');
    expect(brotliDecompressSync(br).toString()).toBe(html);
    expect(br.length).toBeLessThan(html.length / 10);
    expect(gunzipSync(await page.encoded('gzip')).toString()).toBe(html);
    const again = await cache.get('k', async () => {
      throw new Error('cached pages are not made again');
    });
    expect(await again.encoded('br')).toBe(br);
  });
});

describe('the encoding of a response', () => {
  it('is Brotli when accepted, else gzip, else none', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });

  it('is gzip first for a page made for a single view, quicker to make', () => {
    expect(preferredEncoding('gzip, deflate, br', SINGLE_VIEW_ENCODINGS)).toBe('gzip');
    expect(preferredEncoding('br', SINGLE_VIEW_ENCODINGS)).toBe('br');
  });
});
