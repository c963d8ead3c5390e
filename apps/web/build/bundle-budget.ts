// The bundle budget (issue 43): what a first visit to each page downloads — the entry with
// its static imports, plus the files of the page's routes (dist/.vite/route-chunks.json) — in
// JavaScript and CSS, gzip level 9, from the build manifest; a kB is 1,000 bytes, as the bench
// and issue 43 count. Deterministic: the same build gives the same bytes, so CI can fail on a
// page that grew unseen. Pure, for the report.

export interface ManifestEntry {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestEntry>;

/** A page's budget: the routes it loads (its parents first) and the most it may weigh. */
export interface PageBudget {
  routes: string[];
  /** First-load JavaScript, gzip, in kB (1,000 bytes). */
  jsKb: number;
  /** CSS, gzip, in kB (1,000 bytes). */
  cssKb: number;
}

export interface PageWeight {
  page: string;
  jsFiles: string[];
  cssFiles: string[];
  jsBytes: number;
  cssBytes: number;
}

/** The files a first visit to a page loads: the entry's closure and its routes' chunks. */
export function pageFiles(
  manifest: Manifest,
  routeChunks: Record<string, string[]>,
  routes: readonly string[],
): { js: string[]; css: string[] } {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('the build manifest has no entry');
  const keys = new Set<string>();
  const visit = (key: string) => {
    if (keys.has(key) || !manifest[key]) return;
    keys.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  visit(entryKey);
  const js = new Set([...keys].map((k) => manifest[k]!.file));
  for (const route of routes) {
    const files = routeChunks[route];
    if (!files) throw new Error(`no route '${route}' in route-chunks.json`);
    for (const f of files) js.add(f);
  }
  const byFile = new Map(Object.values(manifest).map((e) => [e.file, e]));
  const css = new Set([...js].flatMap((f) => byFile.get(f)?.css ?? []));
  return { js: [...js], css: [...css] };
}

/** Bytes in kB as the bench (bench/src/budgets.ts) and issue 43 count them: 1,000 a kB. */
export const BYTES_PER_KB = 1000;

/** Each page over its budget, in words ('product: first-load JS 125.1 kB gzip > 124 kB'). */
export function overBudget(
  weights: readonly PageWeight[],
  budgets: Readonly<Record<string, PageBudget>>,
): string[] {
  const kb = (bytes: number) => bytes / BYTES_PER_KB;
  const problems: string[] = [];
  for (const w of weights) {
    const b = budgets[w.page]!;
    if (kb(w.jsBytes) > b.jsKb) {
      problems.push(
        `${w.page}: first-load JS ${kb(w.jsBytes).toFixed(1)} kB gzip > ${b.jsKb} kB budget`,
      );
    }
    if (kb(w.cssBytes) > b.cssKb) {
      problems.push(`${w.page}: CSS ${kb(w.cssBytes).toFixed(1)} kB gzip > ${b.cssKb} kB budget`);
    }
  }
  return problems;
}
