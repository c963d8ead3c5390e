import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inlineCssGzipBytes } from './pages.js';

describe('inlineCssGzipBytes', () => {
  it('counts every <style> block of a page, gzipped together', () => {
    const a = 'body{margin:0}'.repeat(40);
    const b = '.card{display:grid}';
    const html = `<html><head><style>${a}</style><style data-x="1">${b}</style></head><body></body></html>`;
    expect(inlineCssGzipBytes(html)).toBe(gzipSync(`${a}\n${b}`).length);
  });

  it('is zero for a page without inline styles', () => {
    expect(
      inlineCssGzipBytes('<html><head><link rel="stylesheet" href="/a.css"></head></html>'),
    ).toBe(0);
  });
});
