// The HTML document a page is sent as: the built index.html filled in at its places.
import { describe, expect, it } from 'vitest';
import { BOOT_SCRIPT, compileTemplate, renderPage } from './page-document.js';

const TEMPLATE = `<!doctype html><html><head><title>Kitroom</title>
<meta
  name="description"
  content="old"
/><!--app-head--><script type="module" crossorigin src="/assets/index-1.js"></script>
<style>.a{}</style></head>
<body><div id="root"><!--app-html--></div><!--app-data--></body></html>`;

describe('a page document', () => {
  it('fills in the title, description, head tags, markup and responses, as UTF-8', () => {
    const html = renderPage(
      compileTemplate(TEMPLATE),
      { product: ['assets/product-1.js'] },
      { status: 200, title: 'Kerala Blasters Home — 2026/27', description: 'Only ₹1,299' },
      ['root', 'product'],
      'https://kitroom.in',
      '/product/7',
      { app: { html: '<p>₹1,299</p>', head: '' }, dataJson: '{"a":1}' },
    ).toString('utf8');
    expect(html).toContain('<title>Kerala Blasters Home — 2026/27 | Kitroom</title>');
    expect(html).toContain('<meta name="description" content="Only ₹1,299" />');
    expect(html).not.toContain('content="old"');
    expect(html).toContain('<link rel="canonical" href="https://kitroom.in/product/7" />');
    // The code is started by the boot script, after the page's first paint (decision 081).
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain(
      '<script id="page-scripts" type="application/json">{"entry":"/assets/index-1.js","preload":["/assets/product-1.js"]}</script>',
    );
    expect(html).toContain(`<script>${BOOT_SCRIPT}</script></body>`);
    expect(html).toContain('<div id="root"><p>₹1,299</p></div>');
    expect(html).toContain('<script id="initial-data" type="application/json">{"a":1}</script>');
    expect(html).toMatch(/<style>\.a\{\}<\/style><\/head>/);
  });

  it('is the bare shell without markup or responses, its head still filled in', () => {
    const html = renderPage(
      compileTemplate(TEMPLATE),
      {},
      { status: 404 },
      [],
      'https://kitroom.in',
      '/nope',
      { app: undefined, dataJson: undefined },
    ).toString('utf8');
    expect(html).toMatch(/<div id="root"><\/div><script id="page-scripts"/);
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toContain('<title>Kitroom — Football jerseys in India</title>');
  });
});
