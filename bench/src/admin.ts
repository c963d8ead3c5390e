// The back office's scenarios: the catalogue's CSV export (time to the last byte, and the
// server's memory while it streams) and a CSV import dry run of 10,000 rows. A signed-in
// owner is made directly in the bench database, as a test factory would: a staff row with no
// usable password and a fresh staff session.
import { Readable } from 'node:stream';
import {
  CategoryListResponse,
  csvRowOf,
  ProductListResponse,
  type CatalogueImportResult,
} from '@kitroom/contract/admin';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { staff, staffSessions } from '../../apps/server/src/db/schema.js';
import { readCatalogueCsv } from '../../apps/server/src/catalogue/catalogue-csv-read.js';
import {
  STAFF_COOKIE,
  startStaffSession,
} from '../../apps/server/src/staff/staff-sessions.service.js';
import type { Target } from './database.js';
import { readMemory, resetPeakMemory } from './processes.js';
import type { AdminFigures } from './results.js';

const BENCH_OWNER = 'owner@bench.kitroom.invalid';
/** Rows of the import dry run. */
export const IMPORT_ROWS = 10_000;
/** Every this-many-th row of the import file is edited (a price, or a stock count). */
const EDIT_EVERY = 100;

/** A signed-in owner for the back-office scenarios: the Cookie header value. */
export async function prepareStaff(target: Target): Promise<string> {
  const database = await openDatabase({
    databaseUrl: target.databaseUrl,
    pgliteDir: `${target.dataDir}/pglite`,
    poolSize: 1,
  });
  try {
    const db = database.db;
    await db
      .insert(staff)
      .values({ email: BENCH_OWNER, name: 'Bench Owner', role: 'owner', passwordHash: '!' })
      .onConflictDoNothing({ target: staff.email });
    const [owner] = await db
      .select({ id: staff.id })
      .from(staff)
      .where(eq(staff.email, BENCH_OWNER));
    if (!owner) throw new Error('the bench owner could not be made');
    await db.delete(staffSessions).where(eq(staffSessions.staffId, owner.id));
    return `${STAFF_COOKIE}=${await startStaffSession(db, owner.id, false)}`;
  } finally {
    await database.close();
  }
}

/** The product-list filters a staff member uses, for the admin list scenario. */
export interface AdminListFilters {
  /** Query strings of GET /api/admin/products, cycled by each connection. */
  queries: string[];
  categoryName: string;
  teamName: string | null;
}

async function adminGet<T>(
  baseUrl: string,
  path: string,
  cookie: string,
  parse: (v: unknown) => T,
) {
  const res = await fetch(baseUrl + path, {
    headers: { cookie },
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${text.slice(0, 200)}`);
  return parse(JSON.parse(text));
}

/**
 * Filters on the biggest category: its products on sale, newest first; a team of it, by
 * name; and every product with a size running low. Text search is left out: a word that
 * matches thousands of products is slower (bench README).
 */
export async function adminListFilters(baseUrl: string, cookie: string): Promise<AdminListFilters> {
  const { categories } = await adminGet(baseUrl, '/api/admin/categories', cookie, (v) =>
    CategoryListResponse.parse(v),
  );
  const biggest = [...categories].sort((a, b) => b.products - a.products)[0];
  if (!biggest) throw new Error('the catalogue has no category');
  const { products } = await adminGet(
    baseUrl,
    `/api/admin/products?category_id=${biggest.id}&limit=100`,
    cookie,
    (v) => ProductListResponse.parse(v),
  );
  const withTeam = products.find((p) => p.team_id !== null);
  const queries = [
    `status=active&category_id=${biggest.id}`,
    `low_stock=true`,
    `category_id=${biggest.id}&sort=name`,
  ];
  if (withTeam) queries.push(`team_id=${withTeam.team_id}&sort=name`);
  return { queries, categoryName: biggest.name, teamName: withTeam?.team_name ?? null };
}

/** Quotes every cell (RFC 4180), so no cell needs a rule of its own. */
function csvLine(cells: readonly string[]): string {
  return `${cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')}\r\n`;
}

/**
 * The first IMPORT_ROWS products of an export, as a staff member edits them: every
 * EDIT_EVERY-th row gets a new selling price or one more of its first size. Returns the file
 * and how many rows were edited.
 */
async function importFile(exported: Buffer): Promise<{ csv: string; edited: number }> {
  const read = await readCatalogueCsv(Readable.from([exported]), () => undefined);
  if (read.errors.length > 0) {
    throw new Error(`the export does not read back: ${JSON.stringify(read.errors.slice(0, 3))}`);
  }
  const header = exported
    .toString('utf8', 0, 2000)
    .replace(/^\uFEFF/, '')
    .split('\r\n')[0];
  let csv = `${header}\r\n`;
  let edited = 0;
  read.rows.slice(0, IMPORT_ROWS).forEach(({ product }, i) => {
    const p = { ...product, sizes: product.sizes.map((s) => ({ ...s })) };
    if (i % EDIT_EVERY === 0) {
      edited += 1;
      if (i % (2 * EDIT_EVERY) === 0 && p.discountPricePaise > 100) p.discountPricePaise -= 100;
      else if (p.sizes[0]) p.sizes[0].stock += 1;
    }
    csv += csvLine(csvRowOf(p));
  });
  return { csv, edited };
}

/** Runs the back-office scenarios against a started server. */
export async function measureAdmin(
  baseUrl: string,
  pid: number,
  cookie: string,
  log: (line: string) => void,
): Promise<AdminFigures> {
  // Export: time to the last byte, and memory sampled while it streams.
  const resetPeak = resetPeakMemory(pid);
  const rssBeforeKiB = readMemory(pid).rssKiB;
  let rssMaxSampledKiB = rssBeforeKiB;
  const sampler = setInterval(() => {
    rssMaxSampledKiB = Math.max(rssMaxSampledKiB, readMemory(pid).rssKiB);
  }, 50);
  const chunks: Buffer[] = [];
  const started = performance.now();
  let firstByteMs = 0;
  try {
    const res = await fetch(`${baseUrl}/api/admin/catalogue/csv`, {
      headers: { cookie },
      signal: AbortSignal.timeout(300_000),
    });
    if (res.status !== 200 || !res.body) throw new Error(`the export answered ${res.status}`);
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (firstByteMs === 0) firstByteMs = performance.now() - started;
      chunks.push(Buffer.from(value));
    }
  } finally {
    clearInterval(sampler);
  }
  const exportMs = performance.now() - started;
  const peakKiB = Math.max(readMemory(pid).hwmKiB, rssMaxSampledKiB);
  const exported = Buffer.concat(chunks);
  const exportRows = exported.toString('utf8').split('\r\n').length - 2;
  const exportFigures = {
    ms: Math.round(exportMs),
    firstByteMs: Math.round(firstByteMs),
    bytes: exported.length,
    rssBeforeMiB: Math.round((rssBeforeKiB / 1024) * 10) / 10,
    peakRssMiB: Math.round((peakKiB / 1024) * 10) / 10,
    peakResetBefore: resetPeak,
  };
  log(
    `  admin CSV export: ${exportFigures.ms} ms to the last byte (first byte ${exportFigures.firstByteMs} ms), ${(exported.length / 1e6).toFixed(1)} MB; RSS ${exportFigures.rssBeforeMiB} → peak ${exportFigures.peakRssMiB} MiB`,
  );

  // Import dry run of IMPORT_ROWS rows, 1% of them edited.
  const { csv, edited } = await importFile(exported);
  const origin = new URL(baseUrl).origin;
  const importStarted = performance.now();
  const res = await fetch(`${baseUrl}/api/admin/catalogue/csv?mode=dry-run`, {
    method: 'POST',
    headers: { cookie, origin, 'content-type': 'text/csv' },
    body: csv,
    signal: AbortSignal.timeout(300_000),
  });
  const text = await res.text();
  const importMs = performance.now() - importStarted;
  const lines = text.split('\n').filter((l) => l !== '');
  const result = JSON.parse(lines.at(-1) ?? '{}') as Partial<CatalogueImportResult>;
  if (res.status !== 200 || result.outcome !== 'checked') {
    throw new Error(`the dry run answered ${res.status}: ${text.slice(-500)}`);
  }
  const importFigures = {
    ms: Math.round(importMs),
    rows: result.rows ?? 0,
    updates: result.updates ?? 0,
    edited,
    progressLines: lines.length - 1,
  };
  log(
    `  admin CSV import dry run: ${importFigures.ms} ms for ${importFigures.rows} rows (${importFigures.updates} updates of ${edited} edited, ${importFigures.progressLines} progress lines)`,
  );
  return { exportRows, export: exportFigures, importDryRun: importFigures };
}
