// The server's side of server rendering: which renders are kept, and what happens when the
// web app's server bundle fails, hangs or is missing.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { PageRenderRequest, RenderedPage } from '@kitroom/contract';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createPageRenderer, loadPageRenderer } from './page-renderer.js';

function capturedLog() {
  const lines: { level: number; msg: string; url?: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
      done();
    },
  });
  return { log: pino({ level: 'warn' }, stream), lines };
}

/** A render that records what it was asked and answers with the URL and a counter. */
function fakeRender(answer: (request: PageRenderRequest, n: number) => Promise<RenderedPage>) {
  const requests: PageRenderRequest[] = [];
  const render = (request: PageRenderRequest) => {
    requests.push(request);
    return answer(request, requests.length);
  };
  return { render, requests };
}

const page = (request: PageRenderRequest, n: number): Promise<RenderedPage> =>
  Promise.resolve({ html: `<main>${request.url} #${n}</main>`, head: '' });

const json = (data: unknown) => JSON.stringify(data);

describe('rendered pages kept per URL and answers', () => {
  it('renders a page once for the same URL and answers, and again when an answer changes', async () => {
    const { log } = capturedLog();
    const fake = fakeRender(page);
    const renderer = createPageRenderer(fake.render, { origin: 'https://shop.example.in', log });
    const data = { 'home.php null': { promotion: [1] } };
    const first = await renderer.render('/', data, json(data));
    expect(first).toEqual({ html: '<main>/ #1</main>', head: '' });
    expect(await renderer.render('/', data, json(data))).toEqual(first);
    expect(fake.requests).toEqual([{ url: '/', data, origin: 'https://shop.example.in' }]);

    // A catalogue change changes the answer the page is rendered with, hence the page.
    const changed = { 'home.php null': { promotion: [2] } };
    expect(await renderer.render('/', changed, json(changed))).toEqual({
      html: '<main>/ #2</main>',
      head: '',
    });
    expect(await renderer.render('/allProducts?team=Brazil', {}, '')).toEqual({
      html: '<main>/allProducts?team=Brazil #3</main>',
      head: '',
    });
  });

  it('shares one render between concurrent requests for the same page', async () => {
    const { log } = capturedLog();
    const fake = fakeRender(page);
    const renderer = createPageRenderer(fake.render, { origin: 'o', log });
    const pages = await Promise.all([1, 2, 3].map(() => renderer.render('/contactUs', {}, '')));
    expect(new Set(pages.map((p) => p?.html))).toEqual(new Set(['<main>/contactUs #1</main>']));
    expect(fake.requests).toHaveLength(1);
  });

  it('forgets the least recently used pages beyond its size', async () => {
    const { log } = capturedLog();
    const fake = fakeRender(page);
    // Room for about two pages of this size.
    const renderer = createPageRenderer(fake.render, { origin: 'o', log, maxBytes: 50 });
    await renderer.render('/a', {}, '');
    await renderer.render('/b', {}, '');
    await renderer.render('/a', {}, '');
    await renderer.render('/c', {}, '');
    expect(fake.requests.map((r) => r.url)).toEqual(['/a', '/b', '/c']);
    await renderer.render('/b', {}, '');
    expect(fake.requests.map((r) => r.url)).toEqual(['/a', '/b', '/c', '/b']);
  });
});

describe('a render that fails', () => {
  it('gives undefined (the bare shell), logs once, and is tried again next time', async () => {
    const { log, lines } = capturedLog();
    let broken = true;
    const fake = fakeRender((request, n) =>
      broken ? Promise.reject(new Error('the page threw')) : page(request, n),
    );
    const renderer = createPageRenderer(fake.render, { origin: 'o', log });
    const answers = await Promise.all([renderer.render('/', {}, ''), renderer.render('/', {}, '')]);
    expect(answers).toEqual([undefined, undefined]);
    expect(lines.filter((l) => l.level >= 50)).toEqual([
      expect.objectContaining({
        url: '/',
        msg: expect.stringContaining('server rendering failed'),
      }),
    ]);
    broken = false;
    expect(await renderer.render('/', {}, '')).toEqual({ html: '<main>/ #2</main>', head: '' });
  });

  it('gives up on a render that takes too long', async () => {
    const { log, lines } = capturedLog();
    const renderer = createPageRenderer(() => new Promise<RenderedPage>(() => undefined), {
      origin: 'o',
      log,
      timeoutMs: 20,
    });
    expect(await renderer.render('/', {}, '')).toBeUndefined();
    expect(lines[0]?.msg).toContain('server rendering failed');
  });
});

describe('loading the web app’s server bundle', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kitroom-ssr-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('renders with the bundle’s render function', async () => {
    const file = path.join(dir, 'entry-server.js');
    writeFileSync(
      file,
      'export async function render({ url, origin }) { return { html: `<p>${origin}${url}</p>`, head: "" }; }\n',
    );
    const { log } = capturedLog();
    const renderer = await loadPageRenderer(file, { origin: 'https://shop.example.in', log });
    expect(await renderer?.render('/contactUs', {}, '')).toEqual({
      html: '<p>https://shop.example.in/contactUs</p>',
      head: '',
    });
  });

  it('leaves rendering to the browser when the bundle is missing or is not one', async () => {
    const { log, lines } = capturedLog();
    expect(await loadPageRenderer(path.join(dir, 'missing.js'), { origin: 'o', log })).toBe(
      undefined,
    );
    const wrong = path.join(dir, 'wrong.js');
    writeFileSync(wrong, 'export const render = "no";\n');
    expect(await loadPageRenderer(wrong, { origin: 'o', log })).toBe(undefined);
    expect(lines.map((l) => l.msg)).toEqual([
      expect.stringContaining('no server bundle'),
      expect.stringContaining('could not be loaded'),
    ]);
  });
});
