// The storefront's HTML document: the built index.html with its stylesheet inlined, filled in
// for one page with its title, description, Open Graph tags, structured data, the preloads of
// its code (from the web build's route → files map), its inlined API responses and its
// server-rendered markup.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PageHead, RenderedPage } from '@kitroom/contract';
import { escapeHtml } from './html.js';

export const SITE_NAME = 'Kitroom';
const DEFAULT_TITLE = 'Kitroom — Football jerseys in India';
const DEFAULT_DESCRIPTION =
  'Club, national-team and player football jerseys, delivered across India. Retail and wholesale, priced in rupees.';

/** JSON that is safe inside a <script> element. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The web build's map of route ids to the files of their pages that the entry does not load
 * (apps/web/build/route-chunks.ts writes it beside the Vite manifest).
 */
export type RouteChunks = Record<string, readonly string[]>;

/** The files of the page's routes, once each. */
function preloadsFor(routeChunks: RouteChunks, routes: readonly string[]): string[] {
  return [
    ...new Set(routes.flatMap((id) => (Object.hasOwn(routeChunks, id) ? routeChunks[id]! : []))),
  ];
}

/**
 * Starts the page's code once its first pictures have painted (decision 081): the files of
 * `#page-scripts` (the entry, and the page's own chunks as module preloads) are added to the
 * document after the page's priority pictures (`fetchpriority="high"`) have loaded and a
 * frame has been drawn — or at once in a tab in the background, and after 2.5 s whatever the
 * pictures do. On a phone's link the hero then has the bandwidth to itself, and the main
 * thread is free to paint it, before ≈ 120 kB of scripts arrive and hydrate the page. Inline,
 * so it costs no request; allowed by its hash in the Content-Security-Policy.
 *
 * The entry goes first, then the preloads three to a task: each request the page starts costs
 * its main thread 0.3–7 ms (Chromium's traces of the bench's pages), and checkout's twenty in
 * one task were its longest task, 34 ms, four times that on Lighthouse's phone.
 */
export const BOOT_SCRIPT =
  "(()=>{const d=document,p=JSON.parse(d.getElementById('page-scripts').textContent);let g=0;" +
  "const add=(e,a)=>{e.crossOrigin='';Object.assign(e,a);d.head.append(e)};" +
  "const go=()=>{if(g++)return;if(p.entry)add(d.createElement('script'),{type:'module',src:p.entry});" +
  'const q=[...p.preload];const more=()=>{' +
  "for(const f of q.splice(0,3))add(d.createElement('link'),{rel:'modulepreload',href:f});" +
  'if(q.length)setTimeout(more)};more()};' +
  'const painted=()=>requestAnimationFrame(()=>setTimeout(go));' +
  'if(d.hidden)return go();setTimeout(go,2500);' +
  "const left=[...d.querySelectorAll('#root img[fetchpriority=high]')].filter(i=>!i.complete);" +
  'let n=left.length;if(!n)return painted();' +
  "for(const i of left)for(const t of['load','error'])i.addEventListener(t,()=>{if(!--n)painted()},{once:true})})()";

/** BOOT_SCRIPT's source for the Content-Security-Policy's script-src. */
export const BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

/** The places of index.html a page fills in. */
type Slot = 'title' | 'description' | 'head' | 'html' | 'data';

const SLOTS: Record<Slot, RegExp> = {
  title: /<title>[\s\S]*?<\/title>/,
  description: /<meta\s+name="description"[\s\S]*?\/>/,
  head: /<!--app-head-->/,
  html: /<!--app-html-->/,
  data: /<!--app-data-->/,
};

/**
 * index.html cut once at the places a page fills in: `texts` around `slots`, in document
 * order (texts has one more), as UTF-8. A page is then its parts' bytes put together, not a
 * pass over the whole document (its stylesheet inlined) for each place. And not one string:
 * a page's text has characters beyond Latin-1 (₹, —), so V8 keeps it two bytes a character,
 * and a string of a whole page (≈ 125,000 characters) is then too big for the young heap:
 * making one took about 1 ms a page, ten times what the bytes take.
 */
export interface PageTemplate {
  texts: readonly Buffer[];
  slots: readonly Slot[];
  /** The web app's entry script, taken out of the template: BOOT_SCRIPT adds it. */
  entry: string | null;
}

const ENTRY_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/;

export function compileTemplate(source: string): PageTemplate {
  const entryScript = ENTRY_SCRIPT.exec(source);
  const template = entryScript ? source.replace(entryScript[0], '') : source;
  const found = Object.entries(SLOTS)
    .flatMap(([slot, pattern]) => {
      const match = pattern.exec(template);
      return match
        ? [{ slot: slot as Slot, start: match.index, end: match.index + match[0].length }]
        : [];
    })
    .sort((a, b) => a.start - b.start);
  const texts: Buffer[] = [];
  let at = 0;
  for (const { start, end } of found) {
    texts.push(Buffer.from(template.slice(at, start)));
    at = end;
  }
  texts.push(Buffer.from(template.slice(at)));
  return { texts, slots: found.map(({ slot }) => slot), entry: entryScript?.[1] ?? null };
}

/**
 * index.html with one page's head tags, its inlined
 * responses (`dataJson`, script-safe JSON) and the server-rendered app (`app`; without it,
 * the bare shell), and its code (the entry and its routes' files) for BOOT_SCRIPT to start,
 * as UTF-8.
 */
export function renderPage(
  template: PageTemplate,
  routeChunks: RouteChunks,
  head: PageHead,
  routes: readonly string[],
  publicUrl: string,
  pathname: string,
  body: { app: RenderedPage | undefined; dataJson: string | undefined },
): Buffer {
  const title = head.title ? `${head.title} | ${SITE_NAME}` : DEFAULT_TITLE;
  const description = head.description ?? DEFAULT_DESCRIPTION;
  const url = `${publicUrl}${pathname}`;
  const image = `${publicUrl}/${(head.image ?? 'icons/icon-512.png').replace(/^\/+/, '')}`;
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    // The page's first pictures, as its server render asked for them (an LCP element's).
    ...(body.app?.head ? [body.app.head] : []),
    head.noindex || head.status === 404
      ? meta('name', 'robots', 'noindex')
      : `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:locale', 'en_IN'),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    ...(head.image && head.type === 'product'
      ? [meta('property', 'og:image:width', '600'), meta('property', 'og:image:height', '600')]
      : []),
    ...(head.jsonLd
      ? [`<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>`]
      : []),
  ];
  const filled: Record<Slot, string> = {
    title: `<title>${escapeHtml(title)}</title>`,
    description: `<meta name="description" content="${escapeHtml(description)}" />`,
    head: tags.join('\n    '),
    html: body.app?.html ?? '',
    data: [
      body.dataJson
        ? `<script id="initial-data" type="application/json">${body.dataJson}</script>`
        : '',
      `<script id="page-scripts" type="application/json">${scriptJson({
        entry: template.entry,
        preload: preloadsFor(routeChunks, routes).map((file) => `/${file}`),
      })}</script>`,
      `<script>${BOOT_SCRIPT}</script>`,
    ].join(''),
  };
  const parts: Buffer[] = [template.texts[0]!];
  template.slots.forEach((slot, i) =>
    parts.push(Buffer.from(filled[slot]), template.texts[i + 1]!),
  );
  return Buffer.concat(parts);
}

/**
 * The template with its stylesheets inlined. The page is painted from its HTML, and the one
 * stylesheet (≈ 10 kB gzip) would otherwise cost a round trip before anything shows: on a
 * 150 ms mobile link more than its bytes do inside the page.
 */
function inlineStylesheets(template: string, webDir: string): string {
  return template.replace(
    /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
    (link, file: string) => {
      const css = path.join(webDir, file);
      if (!existsSync(css)) return link;
      // No `</style` inside: Tailwind's output has none, and one would end the element.
      const text = readFileSync(css, 'utf8');
      return text.includes('</style') ? link : `<style>${text}</style>`;
    },
  );
}

/** The built index.html (its stylesheets inlined, cut at its places) and route → files map, or undefined unbuilt. */
export function loadDocument(
  webDir: string,
): { template: PageTemplate; routeChunks: RouteChunks } | undefined {
  const indexFile = path.join(webDir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const template = compileTemplate(inlineStylesheets(readFileSync(indexFile, 'utf8'), webDir));
  const routeChunksFile = path.join(webDir, '.vite', 'route-chunks.json');
  const routeChunks: RouteChunks = existsSync(routeChunksFile)
    ? (JSON.parse(readFileSync(routeChunksFile, 'utf8')) as RouteChunks)
    : {};
  return { template, routeChunks };
}
