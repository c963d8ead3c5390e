// `npm run size`: what a first visit to each budgeted page downloads (JS and CSS, gzip and
// brotli, in kB of 1,000 bytes as the bench counts) from the build, against the budgets in
// bundle-budgets.json; exits 1 when a page is over, so CI (.ci/run) fails on weight added
// unseen. Run after `npm run build`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import {
  BYTES_PER_KB,
  overBudget,
  pageFiles,
  type Manifest,
  type PageBudget,
  type PageWeight,
} from './bundle-budget';
import { ROUTE_CHUNKS_FILE } from './route-chunks';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '../dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`No build at ${dist}: run \`npm run build -w apps/web\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
const routeChunks = JSON.parse(readFileSync(path.join(dist, ROUTE_CHUNKS_FILE), 'utf8')) as Record<
  string,
  string[]
>;
const budgets = (
  JSON.parse(readFileSync(path.join(here, 'bundle-budgets.json'), 'utf8')) as {
    pages: Record<string, PageBudget>;
  }
).pages;

const bytes = (files: string[], compress: (b: Buffer) => Buffer) =>
  files.reduce((sum, f) => sum + compress(readFileSync(path.join(dist, f))).length, 0);
const gzip = (b: Buffer) => gzipSync(b, { level: 9 });
const kb = (n: number) => (n / BYTES_PER_KB).toFixed(1);

const weights: PageWeight[] = Object.entries(budgets).map(([page, b]) => {
  const files = pageFiles(manifest, routeChunks, b.routes);
  const w = {
    page,
    jsFiles: files.js,
    cssFiles: files.css,
    jsBytes: bytes(files.js, gzip),
    cssBytes: bytes(files.css, gzip),
  };
  console.log(
    `${page.padEnd(12)} JS ${kb(w.jsBytes)} kB gzip / ${kb(bytes(files.js, brotliCompressSync))} kB br (${files.js.length} files, budget ${b.jsKb})   CSS ${kb(w.cssBytes)} kB gzip (budget ${b.cssKb})`,
  );
  return w;
});

const problems = overBudget(weights, budgets);
if (problems.length > 0) {
  console.error(`\nOver the bundle budget (apps/web/build/bundle-budgets.json):`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log('\nEvery page within its bundle budget.');
