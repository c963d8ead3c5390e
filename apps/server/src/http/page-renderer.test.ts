// The server's side of server rendering: what happens when the web app's server bundle
// fails, hangs or is missing.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { LoadedPage, PageRenderRequest, RenderedPage } from '@kitroom/contract';
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

const send: PageRenderRequest['send'] = () => Promise.resolve({ status: 200, body: '{}' });

/** A loaded page at `url` whose render returns `rendered`. */
function loadedPage(url: string, rendered: () => Promise<RenderedPage>): LoadedPage {
  return {
    url,
    head: { status: 200 },
    routes: ['root'],
    cache: 'shared',
    responses: {},
    render: rendered,
  };
}

describe('loading and rendering a page', () => {
  it('asks the bundle with the URL, the sender, the session and the public origin', async () => {
    const { log } = capturedLog();
    const requests: PageRenderRequest[] = [];
    const renderer = createPageRenderer(
      (request) => {
        requests.push(request);
        return Promise.resolve(
          loadedPage(request.url, () =>
            Promise.resolve({ html: `<main>${request.url}</main>`, head: '' }),
          ),
        );
      },
      { origin: 'https://shop.example.in', log },
    );
    const page = await renderer.load({ url: '/allProducts?team=Brazil', send, session: 'h' });
    expect(requests).toEqual([
      { url: '/allProducts?team=Brazil', send, session: 'h', origin: 'https://shop.example.in' },
    ]);
    expect(await renderer.render(page!)).toEqual({
      html: '<main>/allProducts?team=Brazil</main>',
      head: '',
    });
  });

  it('gives undefined (the bare shell) when loading throws, and logs why', async () => {
    const { log, lines } = capturedLog();
    const renderer = createPageRenderer(() => Promise.reject(new Error('a loader threw')), {
      origin: 'o',
      log,
    });
    expect(await renderer.load({ url: '/', send })).toBeUndefined();
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        url: '/',
        msg: expect.stringContaining('loading a page on the server failed'),
      }),
    ]);
  });

  it('gives undefined when the render throws, and logs why', async () => {
    const { log, lines } = capturedLog();
    const renderer = createPageRenderer(() => Promise.reject(new Error('unused')), {
      origin: 'o',
      log,
    });
    const page = loadedPage('/', () => Promise.reject(new Error('the page threw')));
    expect(await renderer.render(page)).toBeUndefined();
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        url: '/',
        msg: expect.stringContaining('server rendering failed'),
      }),
    ]);
  });

  it('gives up on a load or a render that takes too long', async () => {
    const { log, lines } = capturedLog();
    const never = () => new Promise<never>(() => undefined);
    const renderer = createPageRenderer(never, { origin: 'o', log, timeoutMs: 20 });
    expect(await renderer.load({ url: '/', send })).toBeUndefined();
    expect(await renderer.render(loadedPage('/', never))).toBeUndefined();
    expect(lines.map((l) => l.msg)).toEqual([
      expect.stringContaining('loading a page on the server failed'),
      expect.stringContaining('server rendering failed'),
    ]);
  });
});

describe('loading the web app’s server bundle', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kitroom-ssr-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('loads pages with the bundle’s load function', async () => {
    const file = path.join(dir, 'entry-server.js');
    writeFileSync(
      file,
      `export async function load({ url, origin }) {
        return { url, head: { status: 200 }, routes: [], cache: 'shared', responses: {},
          render: async () => ({ html: '<p>' + origin + url + '</p>', head: '' }) };
      }\n`,
    );
    const { log } = capturedLog();
    const renderer = await loadPageRenderer(file, { origin: 'https://shop.example.in', log });
    const page = await renderer?.load({ url: '/contactUs', send });
    expect(await renderer?.render(page!)).toEqual({
      html: '<p>https://shop.example.in/contactUs</p>',
      head: '',
    });
  });

  it('leaves loading to the browser when the bundle is missing or is not one', async () => {
    const { log, lines } = capturedLog();
    expect(await loadPageRenderer(path.join(dir, 'missing.js'), { origin: 'o', log })).toBe(
      undefined,
    );
    const wrong = path.join(dir, 'wrong.js');
    writeFileSync(wrong, 'export const load = "no";\n');
    expect(await loadPageRenderer(wrong, { origin: 'o', log })).toBe(undefined);
    expect(lines.map((l) => l.msg)).toEqual([
      expect.stringContaining('no server bundle'),
      expect.stringContaining('could not be loaded'),
    ]);
  });
});
