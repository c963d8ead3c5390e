// Backups and restores on the engine under test: a small shop backed up, restored and compared
// row for row in every table; damaged, newer and unforced restores refused with the data left
// as it was; and (on PostgreSQL) a PGlite backup brought into PostgreSQL.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, queryRows } from '../db/index.js';
import { everyRow, rowCounts, smallShop, writePicture } from '../test/backups.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../test/database.js';
import { createUser } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import {
  createBackup,
  latestBackup,
  listBackups,
  openBackup,
  type BackupManifest,
} from './backups.js';
import { restoreBackup, type RestoreTarget } from './restore.js';
import { codeMigrations, migrationNumber } from './schema-version.js';

const engine = testDatabaseKind();
let t: TestApp;
let shopRows: Record<string, string[]>;
let backupFile: string;
let manifest: BackupManifest;
const temps: string[] = [];
const cleanups: (() => Promise<void>)[] = [];

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kitroom-backup-'));
  temps.push(dir);
  return dir;
}

beforeAll(async () => {
  t = await startTestApp();
  await smallShop(t.db, t.config.dataDir);
  shopRows = await everyRow(t.db);
  ({ path: backupFile, manifest } = await createBackup(t.database, {
    dataDir: t.config.dataDir,
    reason: 'manual',
  }));
}, 120_000);

afterAll(async () => {
  for (const c of cleanups) await c();
  await t?.close();
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

/** An empty target of this engine: a new PGlite folder, or a PostgreSQL database emptied. */
async function emptyTarget(): Promise<{ target: RestoreTarget; open: () => Promise<Database> }> {
  if (engine === 'pglite') {
    const dir = path.join(tempDir(), 'pglite');
    return { target: { kind: 'pglite', dir }, open: () => openDatabase({ pgliteDir: dir }) };
  }
  const db: TestDatabase = await createTestDatabase();
  cleanups.push(() => db.close());
  await db.db.execute(sql`DROP SCHEMA drizzle CASCADE`);
  await db.db.execute(sql`DROP SCHEMA public CASCADE`);
  await db.db.execute(sql`CREATE SCHEMA public`);
  return {
    target: { kind: 'postgres', url: db.url! },
    open: () => openDatabase({ databaseUrl: db.url!, poolSize: 2 }),
  };
}

async function withOpen<T>(
  open: () => Promise<Database>,
  fn: (d: Database) => Promise<T>,
): Promise<T> {
  const d = await open();
  try {
    return await fn(d);
  } finally {
    await d.close();
  }
}

describe('a backup', () => {
  it('is a timestamped zip in DATA_DIR/backups with a manifest of what it holds', async () => {
    expect(path.dirname(backupFile)).toBe(path.join(t.config.dataDir, 'backups'));
    expect(path.basename(backupFile)).toMatch(
      /^kitroom-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z-manual\.zip$/,
    );
    expect(manifest.engine).toBe(engine);
    expect(manifest.schema.migration).toBe(codeMigrations().at(-1)!.tag);
    expect(manifest.counts).toEqual({ products: 2, orders: 4, invoices: 2, users: 4 });
    expect(manifest.app_version).toMatch(/^\d+\.\d+\.\d+/);
    expect(manifest.payload.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(manifest.payload.files.map((f) => f.path)).toEqual([
      engine === 'pglite' ? 'database/pglite.tar.gz' : 'database/postgres.dump',
      'images/products/backup-test.webp',
    ]);
    const opened = await openBackup(backupFile);
    expect(opened.manifest).toEqual(manifest);
    const latest = latestBackup(t.config.dataDir);
    expect(latest?.path).toBe(backupFile);
    expect(latest?.sizeBytes).toBe(readFileSync(backupFile).length);
    expect(Math.abs(latest!.takenAt.getTime() - Date.parse(manifest.created_at))).toBeLessThan(
      1000,
    );
  });

  it('is readable by the shop alone: the file 0600 in a 0700 folder', () => {
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(backupFile)).mode & 0o777).toBe(0o700);
  });

  it('restores the shop exactly: every table row for row, the pictures, the sequences', async () => {
    const { target, open } = await emptyTarget();
    const dataDir = tempDir();
    const result = await restoreBackup({ file: backupFile, target, dataDir });
    expect(result.safetyBackup).toBeNull();
    const rows = await withOpen(open, (d) => everyRow(d.db));
    expect(rowCounts(rows)['public.orders']).toBe(4);
    expect(rows).toEqual(shopRows);
    expect(readFileSync(path.join(dataDir, 'images/products/backup-test.webp'), 'utf8')).toBe(
      'a picture',
    );
    // A new shopper continues after the restored ones.
    const maxId = Math.max(
      ...shopRows['public.users']!.map((r) => (JSON.parse(r) as { id: number }).id),
    );
    const next = await withOpen(open, (d) => createUser(d.db));
    expect(next.id).toBe(maxId + 1);
  }, 60_000);
});

describe('a restore refuses', () => {
  let target: RestoreTarget;
  let open: () => Promise<Database>;
  let dataDir: string;
  let before: Record<string, string[]>;

  beforeAll(async () => {
    ({ target, open } = await emptyTarget());
    dataDir = tempDir();
    await restoreBackup({ file: backupFile, target, dataDir });
    await writePicture(dataDir, 'products/kept.webp', 'kept');
    before = await withOpen(open, (d) => everyRow(d.db));
  }, 60_000);

  async function unchanged(): Promise<void> {
    expect(await withOpen(open, (d) => everyRow(d.db))).toEqual(before);
    expect(existsSync(path.join(dataDir, 'images/products/kept.webp'))).toBe(true);
    expect(listBackups(path.join(dataDir, 'backups'))).toEqual([]);
  }

  it('a tampered archive, changing nothing', async () => {
    const bytes = readFileSync(backupFile);
    const entries = unzipSync(bytes);
    const dbEntry = manifest.payload.files[0]!.path;
    entries[dbEntry]![100] = entries[dbEntry]![100]! ^ 0xff;
    const file = path.join(tempDir(), 'tampered.zip');
    writeFileSync(file, zipSync(entries));
    await expect(restoreBackup({ file, target, dataDir, force: true })).rejects.toThrow(
      `The backup is damaged: ${dbEntry} does not match its checksum.`,
    );
    await unchanged();
  });

  it('a truncated archive, changing nothing', async () => {
    const bytes = readFileSync(backupFile);
    const file = path.join(tempDir(), 'truncated.zip');
    writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(restoreBackup({ file, target, dataDir, force: true })).rejects.toThrow(
      'The backup is damaged: the archive is incomplete or is not a Kitroom backup.',
    );
    await unchanged();
  });

  it('a backup made by newer code', async () => {
    const entries = unzipSync(readFileSync(backupFile));
    const m = JSON.parse(strFromU8(entries['manifest.json']!)) as BackupManifest;
    // Three migrations past the code's last, whichever that is today.
    const last = codeMigrations().at(-1)!;
    const known = migrationNumber(last.tag);
    const future = String(Number(known) + 3).padStart(4, '0');
    m.schema = { migration: `${future}_future`, when: last.when + 1000, applied: last.idx + 4 };
    entries['manifest.json'] = strToU8(JSON.stringify(m));
    const file = path.join(tempDir(), 'newer.zip');
    writeFileSync(file, zipSync(entries));
    await expect(restoreBackup({ file, target, dataDir, force: true })).rejects.toThrow(
      `This backup was made by a newer Kitroom (migration ${future}); this code knows migrations up to ${known}: update the code first.`,
    );
    await unchanged();
  });

  it('a shop already there without --force; with it, backs that one up first', async () => {
    await expect(restoreBackup({ file: backupFile, target, dataDir })).rejects.toThrow(
      'The database already holds a shop. Add --force to replace it; it is backed up first.',
    );
    await unchanged();

    // A change after the backup: --force brings the backup's state back, and the safety copy
    // holds the change.
    await withOpen(open, (d) => createUser(d.db, { email: 'late@example.com' }));
    const result = await restoreBackup({ file: backupFile, target, dataDir, force: true });
    expect(path.basename(result.safetyBackup!)).toMatch(/-before-restore\.zip$/);
    const safety = await openBackup(result.safetyBackup!);
    expect(safety.manifest.counts.users).toBe(5);
    expect(safety.manifest.payload.files.map((f) => f.path)).toContain('images/products/kept.webp');
    expect(await withOpen(open, (d) => everyRow(d.db))).toEqual(shopRows);
    expect(existsSync(path.join(dataDir, 'images/products/kept.webp'))).toBe(false);
  }, 60_000);
});

describe.runIf(engine === 'postgres')('a PGlite backup restored into PostgreSQL', () => {
  it('brings every row over, with the sequences continuing', async () => {
    const source = await openDatabase({ pgliteDir: 'memory://', pgliteSmall: true });
    await source.migrate();
    const dataDir = tempDir();
    await smallShop(source.db, dataDir);
    // Rows the triggers wrote (rollups, catalogue versions) must come over as they are.
    const sourceRows = await everyRow(source.db);
    const { path: file } = await createBackup(source, { dataDir, reason: 'manual' });
    await source.close();

    const targetDb = await createTestDatabase();
    cleanups.push(() => targetDb.close());
    const restoredDir = tempDir();
    const result = await restoreBackup({
      file,
      target: { kind: 'postgres', url: targetDb.url! },
      dataDir: restoredDir,
      force: true,
    });
    expect(result.manifest.engine).toBe('pglite');
    const open = () => openDatabase({ databaseUrl: targetDb.url!, poolSize: 2 });
    const rows = await withOpen(open, (d) => everyRow(d.db));
    expect(rowCounts(rows)).toEqual(rowCounts(sourceRows));
    expect(rows).toEqual(sourceRows);
    const maxOrder = await withOpen(open, (d) =>
      queryRows<{ m: number }>(d.db, sql`SELECT max(id)::int AS m FROM orders`),
    );
    const nextOrder = await withOpen(open, (d) =>
      queryRows<{ n: string }>(
        d.db,
        sql`SELECT nextval(pg_get_serial_sequence('orders', 'id'))::text AS n`,
      ),
    );
    expect(Number(nextOrder[0]!.n)).toBe(maxOrder[0]!.m + 1);
    expect(readFileSync(path.join(restoredDir, 'images/products/backup-test.webp'), 'utf8')).toBe(
      'a picture',
    );
  }, 120_000);
});
