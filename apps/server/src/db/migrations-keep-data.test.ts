// Migrations never lose data: each fixture in src/test/fixtures/migrations is a shop's rows at
// one migration; the database is migrated up to that migration, the rows loaded, then every
// later migration applied — each row must still be there with every column it had unchanged.
// A new migration runs through every fixture here by itself. On the way, the backup the
// server takes before migrating is checked: taken when migrations are pending, not after.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { backupBeforeMigrating, openBackup } from '../ops/backups.js';
import { codeMigrations } from '../ops/schema-version.js';
import { testDatabaseKind } from '../test/database.js';
import {
  loadFixture,
  migrateUpTo,
  tableRows,
  type MigrationFixture,
} from '../test/migration-fixture.js';
import { openDatabase, type Database } from './client.js';

const fixturesDir = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../test/fixtures/migrations',
);
const fixtures = readdirSync(fixturesDir)
  .filter((f) => f.endsWith('.json'))
  .sort();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

/** A new database with no tables at all. */
async function emptyDatabase(): Promise<Database> {
  if (testDatabaseKind() === 'pglite') return openDatabase({ pgliteDir: 'memory://' });
  const url = new URL(process.env.DATABASE_URL!);
  const name = `${inject('preparedTestDatabase')}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  return openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
}

const keyOf = (row: Record<string, unknown>, pk: string[]) => JSON.stringify(pk.map((c) => row[c]));

it('there is a fixture, and it is older than the newest migration', () => {
  expect(fixtures.length).toBeGreaterThan(0);
  const tags = codeMigrations().map((m) => m.tag);
  for (const f of fixtures)
    expect(tags.indexOf(f.replace(/\.json$/, ''))).toBeLessThan(tags.length - 1);
});

describe.each(fixtures)('a shop at %s', (file) => {
  const fixture = JSON.parse(
    readFileSync(path.join(fixturesDir, file), 'utf8'),
  ) as MigrationFixture;

  it('keeps every row and every column it had through the later migrations', async () => {
    const database = await emptyDatabase();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kitroom-migrate-'));
    cleanups.push(async () => {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    await migrateUpTo(database, fixture.migration);
    await loadFixture(database.db, fixture);
    const before = new Map<string, Record<string, unknown>[]>();
    for (const t of fixture.tables) {
      const rows = await tableRows(database.db, t.name);
      expect(rows.length, t.name).toBe(t.rows.length);
      before.set(t.name, rows);
    }
    expect(before.get('orders')!.length).toBeGreaterThan(0);
    expect(before.get('tax_documents')!.length).toBeGreaterThan(0);

    // The server backs the shop up before applying the pending migrations.
    const backup = await backupBeforeMigrating(database, dataDir);
    expect(path.basename(backup!)).toMatch(/-before-migration\.zip$/);
    const { manifest } = await openBackup(backup!);
    expect(manifest.schema.migration).toBe(fixture.migration);
    expect(manifest.counts.orders).toBe(before.get('orders')!.length);

    await database.migrate();
    expect(await backupBeforeMigrating(database, dataDir)).toBeNull();

    for (const t of fixture.tables) {
      const pkRows = await tableRows(database.db, t.name);
      const oldRows = before.get(t.name)!;
      const columns = oldRows[0] ? Object.keys(oldRows[0]) : [];
      const pk = columns.includes('id') ? ['id'] : columns;
      const now = new Map(pkRows.map((r) => [keyOf(r, pk), r]));
      expect(pkRows.length, t.name).toBe(oldRows.length);
      for (const old of oldRows) {
        const row = now.get(keyOf(old, pk));
        expect(row, `${t.name} ${keyOf(old, pk)}`).toBeDefined();
        const kept = Object.fromEntries(columns.map((c) => [c, row![c]]));
        expect(kept, `${t.name} ${keyOf(old, pk)}`).toEqual(old);
      }
    }
  }, 120_000);
});
