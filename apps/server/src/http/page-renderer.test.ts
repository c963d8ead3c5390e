// The server's side of server rendering: what happens when the web app's server bundle
// fails, hangs or is missing.
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

/** A render that records what it was asked and responds with the URL and a counter. */
function fakeRender(respond: (request: PageRenderRequest, n: number) => Promise<RenderedPage>) {
  const requests: PageRenderRequest[] = [];
  const render = (request: PageRenderRequest) => {
    requests.push(request);
    return respond(request, requests.length);
  };
  return { render, requests };
}

const page = (request: PageRenderRequest, n: number): Promise<RenderedPage> =>
  Promise.resolve({ html: `<main>${request.url} #${n}</main>`, head: '' });

describe('rendering a page', () => {
  it('asks the bundle with the URL, the responses and the public origin', async () => {
    const { log } = capturedLog();
    const fake = fakeRender(page);
    const renderer = createPageRenderer(fake.render, { origin: 'https://shop.example.in', log });
    const data = { 'home.php null': { promotion: [1] } };
    expect(await renderer.render('/allProducts?team=Brazil', data)).toEqual({
      html: '<main>/allProducts?team=Brazil #1</main>',
      head: '',
    });
    expect(fake.requests).toEqual([
      { url: '/allProducts?team=Brazil', data, origin: 'https://shop.example.in' },
    ]);
  });

  it('gives undefined (the bare shell) when the page throws, and logs why', async () => {
    const { log, lines } = capturedLog();
    const fake = fakeRender(() => Promise.reject(new Error('the page threw')));
    const renderer = createPageRenderer(fake.render, { origin: 'o', log });
    expect(await renderer.render('/', {})).toBeUndefined();
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        url: '/',
        msg: expect.stringContaining('server rendering failed'),
      }),
    ]);
  });

  it('gives up on a render that takes too long', async () => {
    const { log, lines } = capturedLog();
    const renderer = createPageRenderer(() => new Promise<RenderedPage>(() => undefined), {
      origin: 'o',
      log,
      timeoutMs: 20,
    });
    expect(await renderer.render('/', {})).toBeUndefined();
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
    expect(await renderer?.render('/contactUs', {})).toEqual({
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
