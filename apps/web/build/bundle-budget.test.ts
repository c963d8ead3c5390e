// The bundle budget's sums: a page loads the entry with its static imports and its routes'
// own chunks, each file once; a page over its budget is named with its weight.
import { describe, expect, it } from 'vitest';
import { overBudget, pageFiles, type Manifest } from './bundle-budget';

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    css: ['assets/index.css'],
  },
  '_react.js': { file: 'assets/react.js' },
  'src/product-page.tsx': { file: 'assets/product-page.js', imports: ['_react.js', '_ui.js'] },
  '_ui.js': { file: 'assets/ui.js', css: ['assets/ui.css'] },
};
const routeChunks = {
  product: ['assets/product-page.js', 'assets/ui.js'],
  requireUser: ['assets/require-user.js', 'assets/ui.js'],
};

describe('the bundle budget', () => {
  it('counts the entry, its imports and the routes’ chunks, each once, with their CSS', () => {
    expect(pageFiles(manifest, routeChunks, ['requireUser', 'product'])).toEqual({
      js: [
        'assets/index.js',
        'assets/react.js',
        'assets/require-user.js',
        'assets/ui.js',
        'assets/product-page.js',
      ],
      css: ['assets/index.css', 'assets/ui.css'],
    });
  });

  it('refuses a route the build does not know', () => {
    expect(() => pageFiles(manifest, routeChunks, ['checkout'])).toThrow(
      "no route 'checkout' in route-chunks.json",
    );
  });

  it('names each page over its budget with its weight', () => {
    const weight = { jsFiles: [], cssFiles: [] };
    expect(
      overBudget(
        [
          { page: 'home', ...weight, jsBytes: 120_000, cssBytes: 10_000 },
          { page: 'product', ...weight, jsBytes: 126_300, cssBytes: 12_000 },
        ],
        {
          home: { routes: ['home'], jsKb: 122.5, cssKb: 11 },
          product: { routes: ['product'], jsKb: 125.5, cssKb: 11 },
        },
      ),
    ).toEqual([
      'product: first-load JS 126.3 kB gzip > 125.5 kB budget',
      'product: CSS 12.0 kB gzip > 11 kB budget',
    ]);
  });
});
