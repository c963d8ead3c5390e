// Prints what a first visit downloads for the home and product pages (JS and CSS, gzip and
// brotli), from the build manifest: the entry with its static imports, plus the page's own
// chunk with its static imports. Run after `vite build`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

interface ManifestEntry {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestEntry
>;

function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

function measure(files: string[]) {
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const body = readFileSync(path.join(dist, file));
    gzip += gzipSync(body, { level: 9 }).length;
    brotli += brotliCompressSync(body).length;
  }
  return { gzip: (gzip / 1024).toFixed(1), brotli: (brotli / 1024).toFixed(1) };
}

const pages = {
  home: 'src/features/catalogue/home-page.tsx',
  product: 'src/features/catalogue/product-page.tsx',
  'all products': 'src/features/catalogue/all-products-page.tsx',
};

for (const [name, source] of Object.entries(pages)) {
  const keys = new Set([...closure('index.html'), ...closure(source)]);
  const js = [...keys].map((k) => manifest[k]!.file);
  const css = [...new Set([...keys].flatMap((k) => manifest[k]?.css ?? []))];
  const j = measure(js);
  const c = measure(css);
  console.log(
    `${name.padEnd(13)} JS ${j.gzip} kB gzip / ${j.brotli} kB br (${js.length} files)   CSS ${c.gzip} kB gzip / ${c.brotli} kB br`,
  );
}
