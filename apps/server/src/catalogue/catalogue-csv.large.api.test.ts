// The CSV round trip on the demo catalogue grown to 10,000 products: every seeded product
// passes the product form's rules and comes back unchanged, the import reports its progress
// as it reads, compares and applies, and one edited stock count among 10,000 rows is the
// only change written.
import {
  CSV_COLUMNS,
  type CatalogueImportLine,
  type CatalogueImportResult,
} from '@kitroom/contract/admin';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemo } from '../seed/index.js';
import { productSizes, stockLedger } from '../db/index.js';
import { provideDemoImages } from '../test/demo-images.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createStaff, type TestStaff } from '../test/staff.js';

const PRODUCTS = 10_000;
let t: TestApp;
let owner: TestStaff;
let origin: string;

beforeAll(async () => {
  t = await startTestApp();
  origin = new URL(t.config.publicUrl).origin;
  await provideDemoImages(t.config.dataDir);
  await seedDemo(t.db, { dataDir: t.config.dataDir, products: PRODUCTS, log: () => undefined });
  owner = await createStaff(t.db, 'owner');
}, 300_000);
afterAll(() => t?.close());

async function importCsv(body: string, mode: 'dry-run' | 'apply', plan?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/catalogue/csv?mode=${mode}${plan ? `&plan=${plan}` : ''}`,
    headers: { origin, cookie: owner.cookie, 'content-type': 'text/csv' },
    payload: body,
  });
  expect(res.statusCode).toBe(200);
  const lines = res.body
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as CatalogueImportLine);
  const progress = lines.filter((l) => l.type === 'progress');
  return { progress, result: lines.at(-1) as CatalogueImportResult };
}

it('round-trips 10,000 products with progress, and applies one stock edit', async () => {
  const exported = await t.app.inject({
    method: 'GET',
    url: '/api/admin/catalogue/csv',
    headers: { cookie: owner.cookie },
  });
  expect(exported.statusCode).toBe(200);
  const [header, ...rows] = parse(exported.body, { bom: true }) as string[][];
  expect(header).toEqual([...CSV_COLUMNS]);
  expect(rows).toHaveLength(PRODUCTS);

  const dry = await importCsv(exported.body, 'dry-run');
  expect(dry.result).toMatchObject({
    outcome: 'checked',
    rows: PRODUCTS,
    creates: 0,
    updates: 0,
    unchanged: PRODUCTS,
    error_count: 0,
  });
  const reading = dry.progress.filter((p) => p.phase === 'reading');
  expect(reading.length).toBeGreaterThanOrEqual(PRODUCTS / 500);
  expect(reading.at(-1)).toMatchObject({ rows: PRODUCTS, of: PRODUCTS });
  expect(reading.at(-1)?.bytes).toBe(exported.rawPayload.length);
  expect(dry.progress.filter((p) => p.phase === 'comparing').at(-1)).toMatchObject({
    rows: PRODUCTS,
    of: PRODUCTS,
  });

  const stockColumn = CSV_COLUMNS.indexOf('sizes');
  const edited = rows[PRODUCTS - 1]!;
  const id = Number(edited[0]);
  const [first] = (edited[stockColumn] ?? '').split('|');
  const [size, stock] = (first ?? '').split(':');
  edited[stockColumn] = (edited[stockColumn] ?? '').replace(
    `${size}:${stock}|`,
    `${size}:${Number(stock) + 12}|`,
  );
  const file = stringify([header!, ...rows], { bom: true, record_delimiter: 'windows' });
  const check = await importCsv(file, 'dry-run');
  expect(check.result).toMatchObject({ updates: 1, unchanged: PRODUCTS - 1, stock_changes: 1 });
  const applied = await importCsv(file, 'apply', check.result.plan);
  expect(applied.result.outcome).toBe('applied');
  expect(applied.progress.filter((p) => p.phase === 'applying').at(-1)).toMatchObject({
    rows: 1,
    of: 1,
  });
  const [row] = await t.db
    .select()
    .from(productSizes)
    .where(eq(productSizes.productId, id))
    .orderBy(productSizes.position);
  expect(row?.stock).toBe(Number(stock) + 12);
  // One row by the staff member who imported (the seed's opening rows have no staff).
  const ledger = await t.db
    .select({ n: count() })
    .from(stockLedger)
    .where(and(eq(stockLedger.reason, 'import'), isNotNull(stockLedger.staffId)));
  expect(ledger[0]?.n).toBe(1);
}, 300_000);
