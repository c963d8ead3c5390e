// Page measurements: Lighthouse (mobile preset, Debian Chromium) on the storefront's pages,
// and the JavaScript and CSS each page loads first, gzipped from the Vite build output (CSS
// inlined in the HTML counted too).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { navigation, type Flags, type Result, type RunnerResult } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { median, round } from './stats.js';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

// From STACK.md: without the background-networking flags Chromium keeps trying to reach the
// closed network, which shows up as noise in the traces.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface PageSpec {
  id: 'home' | 'all-products' | 'product' | 'checkout';
  label: string;
  path: string;
  /** Browser storage to set before each run (a logged-in shopper); storage is then kept. */
  storage?: PageStorage;
  /**
   * React Router navigation state the page expects (checkout's selected lines): written
   * into history.state, then the page is reloaded, which keeps it.
   */
  state?: unknown;
}

/** A page that could not be measured, and why. */
export interface PageSkipped {
  id: PageSpec['id'];
  label: string;
  path: string;
  reason: string;
}

/** The spec's 404 page has this button (section 2). */
const NOT_FOUND_TEXT = 'Get Back to Shopping';

export interface PageStorage {
  cookies: { name: string; value: string }[];
  localStorage: Record<string, string>;
}

export interface PageFigures {
  id: PageSpec['id'];
  label: string;
  path: string;
  runs: number;
  /** Where the page ended up (a redirect shows here). */
  finalPath: string;
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** JavaScript and CSS the page loaded, gzipped from apps/web/dist, in bytes. */
  jsGzipBytes: number;
  cssGzipBytes: number;
  /**
   * Lighthouse's BenchmarkIndex of the machine running Chromium (median of the runs): its
   * CPU's speed, which the mobile preset's 4× CPU slowdown is relative to. Lighthouse's
   * throttling docs put a high-end desktop at 1,500–2,000 and a low-end one at 1,000–1,500;
   * the same page's TBT on two machines compares only with this beside it.
   */
  benchmarkIndex?: number;
  files: string[];
  perRun: { score: number; lcpMs: number; tbtMs: number; cls: number }[];
}

interface RunFigures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  benchmarkIndex: number;
  finalPath: string;
  assets: { path: string; kind: 'js' | 'css' }[];
}

function numeric(lhr: Result, audit: string): number {
  const value = lhr.audits[audit]?.numericValue;
  if (typeof value !== 'number') throw new Error(`Lighthouse gave no ${audit}`);
  return value;
}

interface NetworkItem {
  url?: unknown;
  resourceType?: unknown;
}

function runFigures(lhr: Result, origin: string): RunFigures {
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const score = lhr.categories.performance?.score;
  if (typeof score !== 'number') throw new Error('Lighthouse gave no performance score');
  const details = lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined;
  const assets: RunFigures['assets'] = [];
  for (const item of details?.items ?? []) {
    if (typeof item.url !== 'string' || !item.url.startsWith(origin)) continue;
    const kind =
      item.resourceType === 'Script' ? 'js' : item.resourceType === 'Stylesheet' ? 'css' : null;
    if (kind) assets.push({ path: new URL(item.url).pathname, kind });
  }
  return {
    score: Math.round(score * 100),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    finalPath: new URL(lhr.finalDisplayedUrl).pathname,
    assets,
  };
}

/**
 * Gzipped size of the stylesheets inlined in a page's HTML (`<style>` blocks): the server
 * puts the storefront's CSS in every page (decision 007), where no network request shows it.
 */
export function inlineCssGzipBytes(html: string): number {
  const blocks = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1] ?? '');
  const css = blocks.join('\n');
  return css.trim() === '' ? 0 : gzipSync(css).length;
}

/** Gzipped size of a built file (default level, as the server and Vite's report use). */
function gzipBytes(distDir: string, urlPath: string): number {
  const file = path.join(distDir, decodeURIComponent(urlPath));
  if (!file.startsWith(distDir) || !existsSync(file)) {
    throw new Error(`${urlPath} was loaded by the page but is not in ${distDir}`);
  }
  return gzipSync(readFileSync(file)).length;
}

async function applyStorage(page: Page, baseUrl: string, storage: PageStorage): Promise<void> {
  // Storage belongs to the origin: open it first (a small static file), then write.
  await page.goto(`${baseUrl}/robots.txt`);
  await page.evaluate((items: Record<string, string>) => {
    localStorage.clear();
    for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
  }, storage.localStorage);
  await page.setCookie(...storage.cookies.map((c) => ({ ...c, url: baseUrl })));
}

/** Puts the page at `path` with the navigation state, without loading it yet. */
async function placeState(page: Page, baseUrl: string, path: string, state: unknown) {
  if (!page.url().startsWith(baseUrl)) await page.goto(`${baseUrl}/robots.txt`);
  await page.evaluate(
    (usr: unknown, to: string) => history.replaceState({ usr, key: 'bench', idx: 0 }, '', to),
    state,
    path,
  );
}

/** Opens a tab prepared for the spec: storage written, cache empty, state placed. */
async function preparedPage(browser: Browser, baseUrl: string, spec: PageSpec): Promise<Page> {
  const page = await browser.newPage();
  if (spec.storage) await applyStorage(page, baseUrl, spec.storage);
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  if (spec.state !== undefined) await placeState(page, baseUrl, spec.path, spec.state);
  return page;
}

/** Loads the page once: where it ends up, and whether it is the storefront's 404 page. */
async function probePage(browser: Browser, baseUrl: string, spec: PageSpec) {
  const page = await preparedPage(browser, baseUrl, spec);
  try {
    if (spec.state !== undefined) await page.reload({ waitUntil: 'networkidle0', timeout: 30_000 });
    else await page.goto(baseUrl + spec.path, { waitUntil: 'networkidle0', timeout: 30_000 });
    const notFound = await page.evaluate(
      (text: string) => document.body.innerText.includes(text),
      NOT_FOUND_TEXT,
    );
    return { finalPath: new URL(page.url()).pathname, notFound };
  } finally {
    await page.close();
  }
}

async function runOnce(
  browser: Browser,
  baseUrl: string,
  spec: PageSpec,
  flags: Flags,
): Promise<RunnerResult | undefined> {
  if (!spec.storage && spec.state === undefined) return lighthouse(baseUrl + spec.path, flags);
  const page = await preparedPage(browser, baseUrl, spec);
  try {
    const kept = { ...flags, disableStorageReset: true };
    if (spec.state === undefined)
      return await lighthouse(baseUrl + spec.path, kept, undefined, page);
    // A callback navigation: Lighthouse measures the reload, which keeps history.state.
    return await navigation(
      page,
      async () => {
        await page.reload();
      },
      { flags: kept },
    );
  } finally {
    await page.close();
  }
}

/** Attempts per run: Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP). */
const ATTEMPTS = 3;

/**
 * With BENCH_LIGHTHOUSE_REPORTS set to a folder, each page's last report is kept there as
 * `<page>.json` (the LCP element, its phases, the requests: what to read when a page is slow),
 * and its trace as `<page>.trace.json` (what each long task was: DevTools' Performance panel
 * opens it).
 */
function keepReport(spec: PageSpec, result: RunnerResult): void {
  const folder = process.env.BENCH_LIGHTHOUSE_REPORTS?.trim();
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, `${spec.id}.json`), JSON.stringify(result.lhr));
  const trace = result.artifacts.Trace;
  if (trace) writeFileSync(path.join(folder, `${spec.id}.trace.json`), JSON.stringify(trace));
}

/** One Lighthouse run; a run whose trace Lighthouse could not record is tried again. */
async function measuredRun(
  browser: Browser,
  baseUrl: string,
  spec: PageSpec,
  flags: Flags,
  log: (line: string) => void,
): Promise<RunFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await runOnce(browser, baseUrl, spec, flags);
      if (!result) throw new Error(`Lighthouse returned nothing for ${spec.path}`);
      keepReport(spec, result);
      return runFigures(result.lhr, baseUrl);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      const message = error instanceof Error ? error.message : String(error);
      log(`  ${spec.label}: ${message.split('\n')[0]} (trying again)`);
    }
  }
}

/**
 * Runs Lighthouse `runs` times on each page in one Chromium and reports medians. Each page is
 * first loaded once: a page that shows the storefront's 404 page is skipped. Pages with
 * storage keep it between runs (Lighthouse's storage reset would log the shopper out), so
 * their HTTP cache is cleared by hand before each run instead.
 */
export async function measurePages(
  baseUrl: string,
  distDir: string,
  specs: readonly PageSpec[],
  runs: number,
  log: (line: string) => void,
): Promise<{ pages: PageFigures[]; skipped: PageSkipped[] }> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const pages: PageFigures[] = [];
  const skipped: PageSkipped[] = [];
  try {
    for (const spec of specs) {
      const probe = await probePage(browser, baseUrl, spec);
      if (probe.notFound) {
        const reason = `the storefront shows its 404 page at ${spec.path}`;
        log(`  ${spec.label}: skipped (${reason})`);
        skipped.push({ id: spec.id, label: spec.label, path: spec.path, reason });
        continue;
      }
      const perRun: RunFigures[] = [];
      for (let i = 0; i < runs; i++) {
        const flags: Flags = {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        };
        const figures = await measuredRun(browser, baseUrl, spec, flags, log);
        perRun.push(figures);
        log(
          `  ${spec.label} run ${i + 1}/${runs}: score ${figures.score}, LCP ${round(figures.lcpMs)} ms, TBT ${round(figures.tbtMs)} ms, CLS ${round(figures.cls, 3)}, CPU index ${round(figures.benchmarkIndex)}`,
        );
      }
      const last = perRun[perRun.length - 1]!;
      const unique = new Map(last.assets.map((a) => [a.path, a]));
      let js = 0;
      let css = inlineCssGzipBytes(await (await fetch(`${baseUrl}${spec.path}`)).text());
      for (const a of unique.values()) {
        const bytes = gzipBytes(distDir, a.path);
        if (a.kind === 'js') js += bytes;
        else css += bytes;
      }
      pages.push({
        id: spec.id,
        label: spec.label,
        path: spec.path,
        runs,
        finalPath: last.finalPath,
        score: median(perRun.map((r) => r.score)),
        lcpMs: round(median(perRun.map((r) => r.lcpMs))),
        tbtMs: round(median(perRun.map((r) => r.tbtMs))),
        cls: round(median(perRun.map((r) => r.cls)), 4),
        jsGzipBytes: js,
        cssGzipBytes: css,
        benchmarkIndex: round(median(perRun.map((r) => r.benchmarkIndex))),
        files: [...unique.keys()].sort(),
        perRun: perRun.map((r) => ({
          score: r.score,
          lcpMs: round(r.lcpMs),
          tbtMs: round(r.tbtMs),
          cls: round(r.cls, 4),
        })),
      });
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
  return { pages, skipped };
}
