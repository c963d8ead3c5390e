// The catalogue as a CSV file (docs/decisions/018). Export streams every product in keyset
// batches through csv-stringify, so memory stays flat whatever the catalogue's size. Import
// reads and checks the whole file, compares it with the catalogue, and either returns the
// plan (dry run) or writes all of it in one transaction — products, sizes, the stock ledger
// ('import') and the audit log — or nothing when any row is bad or the plan has moved.
import type { Readable } from 'node:stream';
import {
  CSV_COLUMNS,
  csvRowOf,
  MAX_CHANGES_SHOWN,
  MAX_ERRORS_SHOWN,
  type CatalogueImportResult,
  type CsvProductChange,
} from '@kitroom/contract/admin';
import { csvStream } from '../csv-writer.js';
import type { Queryable } from '../db/index.js';
import { recordMany, type Actor, type Change } from '../staff/index.js';
import { insertLedgerEntries, type LedgerEntry } from '../stock/index.js';
import {
  auditFields,
  createdFields,
  csvProductOf,
  planImport,
  type Plan,
  type PlannedProduct,
} from './catalogue-csv-plan.js';
import { readCatalogueCsv, type ReadRow } from './catalogue-csv-read.js';
import * as q from './catalogue-csv.queries.js';
import type { CsvProductRow } from './catalogue-csv.queries.js';

/** Products per query of the import's bulk statements. */
export const BATCH = 1000;
/**
 * Products per export batch: small enough that a batch is written out before V8's young
 * generation is collected twice, so it is never moved to the old generation (at 1,000, an
 * export of 100,000 products grew the server by ~100 MiB more; bench/README).
 */
const EXPORT_BATCH = 250;
/** Progress is told every this many rows. */
const PROGRESS_EVERY = 500;
export const LEDGER_NOTE = 'CSV import';

/** The file name of an export on an Indian date. */
export function exportFileName(now = new Date()): string {
  const india = new Date(now.getTime() + (5 * 60 + 30) * 60_000);
  return `kitroom-products-${india.toISOString().slice(0, 10)}.csv`;
}

async function* exportRecords(db: Queryable): AsyncGenerator<string[][]> {
  yield [[...CSV_COLUMNS]];
  // Names as they are when the export starts (a handful of rows; products are read in batches).
  const names = await q.nameMaps(db);
  let next = q.productsAfter(db, 0, EXPORT_BATCH, names);
  for (;;) {
    const rows = await next;
    const last = rows.at(-1);
    if (!last) return;
    // The next batch is read while this one is written out.
    next =
      rows.length < EXPORT_BATCH
        ? Promise.resolve([])
        : q.productsAfter(db, last.id, EXPORT_BATCH, names);
    // Handled here too: a download stopped halfway leaves it unawaited.
    next.catch(() => undefined);
    yield rows.map((row) => csvRowOf(csvProductOf(row)));
  }
}

/**
 * Every product, all statuses, as CSV (UTF-8 with a BOM, CRLF); read on demand, a batch of
 * products at a time.
 */
export function exportCatalogueCsv(db: Queryable): Readable {
  return csvStream(exportRecords(db), { bom: true });
}

export type ImportProgress = (p: {
  phase: 'reading' | 'comparing' | 'applying';
  rows: number;
  of: number | null;
  bytes: number;
}) => void;

export interface ImportOptions {
  mode: 'dry-run' | 'apply';
  /** The dry run's digest: apply refuses when the plan now differs. */
  plan?: string | undefined;
  onProgress: ImportProgress;
}

async function currentProducts(db: Queryable, rows: readonly ReadRow[]) {
  const ids = [...new Set(rows.flatMap((r) => (r.product.id === null ? [] : [r.product.id])))];
  const current = new Map<number, CsvProductRow>();
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH);
    for (const row of await q.productsByIds(db, batch)) current.set(row.id, row);
  }
  return { ids, current };
}

async function makePlan(db: Queryable, rows: readonly ReadRow[], progress: (n: number) => void) {
  const { current } = await currentProducts(db, rows);
  const names = await q.loadNames(db);
  return planImport(rows, current, names, progress);
}

function resultOf(
  outcome: CatalogueImportResult['outcome'],
  count: number,
  plan: Plan | undefined,
  errors: CatalogueImportResult['errors'],
): CatalogueImportResult {
  const changes: CsvProductChange[] = plan
    ? [
        ...plan.creates.map((c) => ({
          row: c.row,
          id: null,
          name: c.product.name,
          action: 'create' as const,
          fields: CSV_COLUMNS.filter((f) => f !== 'id'),
        })),
        ...plan.updates.map((u) => ({
          row: u.row,
          id: u.id,
          name: u.product.name,
          action: 'update' as const,
          fields: u.fields,
        })),
      ]
        .sort((a, b) => a.row - b.row)
        .slice(0, MAX_CHANGES_SHOWN)
    : [];
  return {
    type: 'result',
    outcome,
    rows: count,
    creates: plan?.creates.length ?? 0,
    updates: plan?.updates.length ?? 0,
    unchanged: plan?.unchanged ?? 0,
    stock_changes: plan ? ledgerOf(plan, new Map(), null).length : 0,
    new_sub_categories: plan?.newSubCategories.map((s) => s.name) ?? [],
    changes,
    errors: [...errors].sort((a, b) => a.row - b.row).slice(0, MAX_ERRORS_SHOWN),
    error_count: errors.length,
    plan: plan?.digest ?? '',
  };
}

/** The ledger rows of a plan: every size whose stock the import changes. */
function ledgerOf(
  plan: Plan,
  createdIds: ReadonlyMap<PlannedProduct, number>,
  staffId: number | null,
): LedgerEntry[] {
  const entries: LedgerEntry[] = [];
  const entry = (productId: number, size: string, delta: number, stockAfter: number) =>
    entries.push({
      productId,
      size,
      delta,
      stockAfter,
      reason: 'import',
      staffId,
      note: LEDGER_NOTE,
    });
  for (const c of plan.creates) {
    for (const s of c.product.sizes) {
      if (s.stock !== 0) entry(createdIds.get(c) ?? 0, s.size, s.stock, s.stock);
    }
  }
  for (const u of plan.updates) {
    if (!u.fields.includes('sizes')) continue;
    const old = new Map(u.before.sizes.map((s) => [s.size, s.stock]));
    for (const s of u.product.sizes) {
      const delta = s.stock - (old.get(s.size) ?? 0);
      if (delta !== 0) entry(u.id, s.size, delta, s.stock);
      old.delete(s.size);
    }
    for (const [size, stock] of old) if (stock !== 0) entry(u.id, size, -stock, 0);
  }
  return entries;
}

/**
 * Checks a CSV upload and returns what it would change (dry run), or applies it in one
 * transaction. Nothing is written when any row is bad, or when `plan` is given and the plan
 * is no longer the same (the catalogue changed in a way that matters).
 */
export async function importCatalogueCsv(
  db: Queryable,
  actor: Actor,
  input: Readable,
  options: ImportOptions,
): Promise<CatalogueImportResult> {
  const { onProgress } = options;
  let bytes = 0;
  const read = await readCatalogueCsv(input, (rows, b) => {
    bytes = b;
    if (rows % PROGRESS_EVERY === 0) onProgress({ phase: 'reading', rows, of: null, bytes });
  });
  onProgress({ phase: 'reading', rows: read.count, of: read.count, bytes });
  if (read.errors.length > 0 && read.rows.length === 0) {
    return resultOf('refused', read.count, undefined, read.errors);
  }
  const comparing = (n: number) => {
    if (n % PROGRESS_EVERY === 0 || n === read.rows.length) {
      onProgress({ phase: 'comparing', rows: n, of: read.rows.length, bytes });
    }
  };
  if (options.mode === 'dry-run' || read.errors.length > 0) {
    const plan = await makePlan(db, read.rows, comparing);
    const errors = [...read.errors, ...plan.errors];
    return resultOf(errors.length > 0 ? 'refused' : 'checked', read.count, plan, errors);
  }

  return db.transaction(async (tx) => {
    const { ids } = await currentProducts(tx, read.rows);
    for (let i = 0; i < ids.length; i += BATCH) await q.lockProducts(tx, ids.slice(i, i + BATCH));
    const plan = await makePlan(tx, read.rows, comparing);
    if (plan.errors.length > 0) return resultOf('refused', read.count, plan, plan.errors);
    if (options.plan !== undefined && options.plan !== plan.digest) {
      return resultOf('changed', read.count, plan, []);
    }
    await applyPlan(tx, actor, plan, (rows) =>
      onProgress({ phase: 'applying', rows, of: plan.creates.length + plan.updates.length, bytes }),
    );
    return resultOf('applied', read.count, plan, []);
  });
}

async function applyPlan(
  tx: Queryable,
  actor: Actor,
  plan: Plan,
  progress: (rows: number) => void,
): Promise<void> {
  const newSubIds = new Map<string, number>();
  if (plan.newSubCategories.length > 0) {
    const made = await q.insertSubCategories(
      tx,
      plan.newSubCategories.map((s) => ({ category_id: s.categoryId, name: s.name })),
    );
    for (const s of plan.newSubCategories) {
      const row = made.find((m) => m.category_id === s.categoryId && m.name === s.name);
      if (row) newSubIds.set(s.key, row.id);
    }
  }
  const subCategoryId = (p: PlannedProduct) =>
    'id' in p.subCategory ? p.subCategory.id : (newSubIds.get(p.subCategory.newKey) ?? null);
  const sizesOf = (id: number, p: PlannedProduct): q.SizeWrite[] =>
    p.product.sizes.map((s, position) => ({
      product_id: id,
      size: s.size,
      position,
      stock: s.stock,
    }));

  const createdIds = new Map<PlannedProduct, number>();
  const newIds = plan.creates.length > 0 ? await q.newProductIds(tx, plan.creates.length) : [];
  plan.creates.forEach((c, i) => createdIds.set(c, newIds[i] ?? 0));
  let done = 0;
  for (let i = 0; i < plan.creates.length; i += BATCH) {
    const batch = plan.creates.slice(i, i + BATCH);
    await q.insertProducts(
      tx,
      batch.map((c) => ({
        ...c.write,
        id: createdIds.get(c) ?? 0,
        sub_category_id: subCategoryId(c),
      })),
    );
    await q.upsertSizes(
      tx,
      batch.flatMap((c) => sizesOf(createdIds.get(c) ?? 0, c)),
    );
    done += batch.length;
    progress(done);
  }
  for (let i = 0; i < plan.updates.length; i += BATCH) {
    const batch = plan.updates.slice(i, i + BATCH);
    await q.updateProducts(
      tx,
      batch.map((u) => ({ ...u.write, id: u.id, sub_category_id: subCategoryId(u) })),
    );
    const sized = batch.filter((u) => u.fields.includes('sizes'));
    const removed = sized.flatMap((u) => {
      const keep = new Set(u.product.sizes.map((s) => s.size));
      return u.before.sizes
        .filter((s) => !keep.has(s.size))
        .map((s) => ({ product_id: u.id, size: s.size }));
    });
    if (removed.length > 0) await q.deleteSizes(tx, removed);
    const sizes = sized.flatMap((u) => sizesOf(u.id, u));
    if (sizes.length > 0) await q.upsertSizes(tx, sizes);
    done += batch.length;
    progress(done);
  }
  const ledger = ledgerOf(plan, createdIds, actor.staffId);
  for (let i = 0; i < ledger.length; i += BATCH) {
    await insertLedgerEntries(tx, ledger.slice(i, i + BATCH));
  }
  const changes: Change[] = [
    ...plan.creates.map((c) => ({
      entity: 'product',
      entityId: createdIds.get(c) ?? 0,
      action: 'csv-import-create',
      after: createdFields(c),
    })),
    ...plan.updates.map((u) => ({
      entity: 'product',
      entityId: u.id,
      action: 'csv-import-update',
      ...auditFields(u),
    })),
  ];
  await recordMany(tx, actor, changes);
}
