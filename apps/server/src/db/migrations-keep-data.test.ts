// Migrations never lose data: each fixture in src/test/fixtures/migrations is a shop's rows at
// one migration — JSON written by that release's code, or SQL in that release's schema for the
// first release (0004), older than the JSON writer; the database is migrated up to that
// migration, the rows loaded, then every later migration applied — each row must still be there
// with every column it had unchanged. A new migration runs through every fixture here by itself.
// On the way, the backup the server takes before migrating is checked: taken when migrations
// are pending (reading only the tables the old schema has), not after.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { backupBeforeMigrating, openBackup, codeMigrations } from '../ops/index.js';
import { testDatabaseKind } from '../test/database.js';
import {
  loadFixture,
  loadSqlFixture,
  lostOrChanged,
  migrateUpTo,
  snapshotTables,
  tableRows,
  tablesInOrder,
  type MigrationFixture,
} from '../test/migration-fixture.js';
import { openDatabase, type Database } from './client.js';
import { queryRows } from './sql.js';

const fixturesDir = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../test/fixtures/migrations',
);
const fixtures = readdirSync(fixturesDir)
  .filter((f) => /\.(json|sql)$/.test(f))
  .sort();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

/** A new database with no tables at all. */
async function emptyDatabase(): Promise<Database> {
  if (testDatabaseKind() === 'pglite') {
    return openDatabase({ pgliteDir: 'memory://', pgliteSmall: true });
  }
  const url = new URL(process.env.DATABASE_URL!);
  const name = `${inject('preparedTestDatabase')}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  return openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
}

it('there is a fixture, and it is older than the newest migration', () => {
  expect(fixtures.length).toBeGreaterThan(0);
  const tags = codeMigrations().map((m) => m.tag);
  for (const f of fixtures)
    expect(tags.indexOf(f.replace(/\.(json|sql)$/, ''))).toBeLessThan(tags.length - 1);
  // The oldest released schema is among them: the first release's last migration.
  expect(fixtures[0]).toBe('0004_catalogue_version_triggers.sql');
});

describe.each(fixtures)('a shop at %s', (file) => {
  const text = readFileSync(path.join(fixturesDir, file), 'utf8');
  const migration = file.replace(/\.(json|sql)$/, '');

  /** Loads the fixture into a database at its migration; returns the tables it has. */
  async function load(database: Database): Promise<string[]> {
    if (file.endsWith('.sql')) {
      await loadSqlFixture(database, text);
      return tablesInOrder(database.db);
    }
    const fixture = JSON.parse(text) as MigrationFixture;
    await loadFixture(database.db, fixture);
    for (const t of fixture.tables)
      expect((await tableRows(database.db, t.name)).length, t.name).toBe(t.rows.length);
    return fixture.tables.map((t) => t.name);
  }

  it('keeps every row and every column it had through the later migrations', async () => {
    const database = await emptyDatabase();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kitroom-migrate-'));
    cleanups.push(async () => {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    await migrateUpTo(database, migration);
    const tables = await load(database);
    const before = await snapshotTables(database.db, tables);
    expect(before.get('orders')!.length).toBeGreaterThan(0);
    expect(before.get('order_items')!.length).toBeGreaterThan(0);

    // The server backs the shop up before applying the pending migrations.
    const backup = await backupBeforeMigrating(database, dataDir);
    expect(path.basename(backup!)).toMatch(/-before-migration\.zip$/);
    const { manifest } = await openBackup(backup!);
    expect(manifest.schema.migration).toBe(migration);
    expect(manifest.counts.orders).toBe(before.get('orders')!.length);

    await database.migrate();
    expect(await backupBeforeMigrating(database, dataDir)).toBeNull();

    expect(await lostOrChanged(database.db, before)).toEqual([]);
    // 0056 dropped stock_quantity (decision 100): each product's sizes still add up to it,
    // and the product counts the sizes in stock.
    const stock = await queryRows<{ id: number; stock: number; counted: number; in_stock: number }>(
      database.db,
      sql`SELECT p.id, coalesce(sum(s.stock), 0)::int AS stock, p.sizes_in_stock AS counted,
                 (count(*) FILTER (WHERE s.stock > 0))::int AS in_stock
            FROM products p LEFT JOIN product_sizes s ON s.product_id = p.id
           GROUP BY p.id ORDER BY p.id`,
    );
    const had = before.get('products')!;
    expect(had.length).toBeGreaterThan(0);
    expect(stock.map((r) => [r.id, r.stock, r.counted])).toEqual(
      had
        .map((p) => [p.id, p.stock_quantity, stock.find((r) => r.id === p.id)?.in_stock])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    );
  }, 120_000);
});
