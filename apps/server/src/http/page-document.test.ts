// The HTML document a page is sent as: the built index.html filled in at its places.
import { runInNewContext } from 'node:vm';
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

describe('the boot script', () => {
  /** Runs BOOT_SCRIPT on a page with no priority pictures left to load; timers by hand. */
  function boot(scripts: { entry: string; preload: string[] }) {
    const added: string[] = [];
    const timers: { f: () => void; ms: number }[] = [];
    const element = (tag: string) => ({ tag }) as Record<string, string>;
    const document = {
      hidden: false,
      getElementById: () => ({ textContent: JSON.stringify(scripts) }),
      createElement: element,
      querySelectorAll: () => [],
      head: {
        append: (e: Record<string, string>) =>
          added.push(e.tag === 'script' ? `script ${e.src}` : `${e.rel} ${e.href}`),
      },
    };
    runInNewContext(BOOT_SCRIPT, {
      document,
      requestAnimationFrame: (f: () => void) => timers.push({ f, ms: 16 }),
      setTimeout: (f: () => void, ms = 0) => timers.push({ f, ms }),
    });
    /** Runs the timers due within a frame (not those they set), as one turn of the loop. */
    const tick = () => {
      const due = timers.filter((t) => t.ms <= 16);
      timers.splice(0, timers.length, ...timers.filter((t) => t.ms > 16));
      for (const t of due) t.f();
    };
    /** Runs every timer left, the 2.5 s one too. */
    const late = () => {
      for (const t of timers.splice(0)) t.f();
    };
    return { added, tick, late };
  }

  it('starts the entry first, then preloads three files a task', () => {
    const preload = Array.from({ length: 8 }, (_, i) => `/assets/chunk-${i}.js`);
    const { added, tick, late } = boot({ entry: '/assets/index-1.js', preload });
    // Nothing until the page has painted: a frame, then a task (and the 2.5 s timer).
    expect(added).toEqual([]);
    tick();
    expect(added).toEqual([]);
    tick();
    expect(added).toEqual([
      'script /assets/index-1.js',
      'modulepreload /assets/chunk-0.js',
      'modulepreload /assets/chunk-1.js',
      'modulepreload /assets/chunk-2.js',
    ]);
    tick();
    expect(added).toHaveLength(7);
    tick();
    late();
    // Each file once: the 2.5 s timer finds the page's scripts started.
    expect(added).toEqual([
      'script /assets/index-1.js',
      ...preload.map((f) => `modulepreload ${f}`),
    ]);
  });
});
