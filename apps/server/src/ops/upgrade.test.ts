// A shop made by the first release (migrations 0000–0004, landed 2026-11-21) started with
// today's code, on the engine under test: a PGlite DATA_DIR, or a PostgreSQL database. The
// server backs it up as it is, migrates it, serves its own catalogue (not the demo one), and
// every row the old shop had keeps every column.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/index.js';
import {
  createEmptyPostgresDatabase,
  testDatabaseKind,
  type TestDatabaseKind,
} from '../test/database.js';
import { provideDemoImages } from '../test/demo-images.js';
import {
  loadSqlFixture,
  lostOrChanged,
  migrateUpTo,
  snapshotTables,
  type TableRows,
} from '../test/migration-fixture.js';
import {
  freePort,
  killGroup,
  runScript,
  serverEnv,
  type OwnProcess,
} from '../test/server-process.js';
import { listBackups, openBackup } from './backups.js';
import { schemaVersion } from './schema-version.js';

const FIRST_RELEASE = '0004_catalogue_version_triggers';
const fixture = readFileSync(
  path.join(
    path.dirname(fileURLToPath(import.meta.url)),
    `../test/fixtures/migrations/${FIRST_RELEASE}.sql`,
  ),
  'utf8',
);
const engine: TestDatabaseKind = testDatabaseKind();

let dataDir: string;
let databaseUrl: string | null = null;
let dropDatabase: (() => Promise<void>) | null = null;
let server: OwnProcess | undefined;

/** The shop's database as the server opens it. */
function openShop(): Promise<Database> {
  return databaseUrl
    ? openDatabase({ databaseUrl, poolSize: 2 })
    : openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
}

async function withShop<T>(fn: (d: Database) => Promise<T>): Promise<T> {
  const d = await openShop();
  try {
    return await fn(d);
  } finally {
    await d.close();
  }
}

let before: TableRows;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'kitroom-upgrade-'));
  // The demo pictures are made at every start, seeded or not; made once for the tests.
  await provideDemoImages(dataDir);
  if (engine === 'postgres') {
    const created = await createEmptyPostgresDatabase();
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
  before = await withShop(async (d) => {
    await migrateUpTo(d, FIRST_RELEASE);
    await loadSqlFixture(d, fixture);
    return snapshotTables(d.db);
  });
}, 180_000);

afterAll(async () => {
  if (server) killGroup(server);
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe(`a shop of the first release, started with today's code (${engine})`, () => {
  it('is backed up as it was, migrated, and serves its own catalogue', async () => {
    const port = await freePort();
    server = runScript('start', [], serverEnv(dataDir, port, databaseUrl));
    await server.waitFor(/Kitroom is running at/, 120_000);

    const home = await fetch(`http://127.0.0.1:${port}/api/home.php`);
    expect(home.status).toBe(200);
    const text = await home.text();
    expect(text).toContain('Kerala Blasters Home Jersey 2026');
    expect(text).toContain('India Chhetri 11 Jersey');

    // The first release had no staff: the owner is offered the back office's setup link.
    await server.waitFor(/Set up the back office: \S+/, 10_000);
    expect(server.output()).toMatch(/backup taken before migrating/);
    expect(server.output()).not.toMatch(/seed: products/);

    killGroup(server, 'SIGTERM');
    expect(await server.exited).toBe(0);
    server = undefined;
  }, 180_000);

  it('kept a backup of the old shop, taken before migrating', async () => {
    const backups = listBackups(path.join(dataDir, 'backups'));
    expect(backups.map((b) => b.reason)).toEqual(['before-migration']);
    const { manifest } = await openBackup(backups[0]!.path);
    expect(manifest.schema.migration).toBe(FIRST_RELEASE);
    // No tax documents then: the table did not exist, so none are counted.
    expect(manifest.counts).toEqual({ products: 2, orders: 3, invoices: 0, users: 2 });
  });

  it('keeps every row the old shop had, every column as it was, and adds no demo products', async () => {
    await withShop(async (d) => {
      expect((await schemaVersion(d.db)).migration).not.toBe(FIRST_RELEASE);
      expect(await lostOrChanged(d.db, before)).toEqual([]);
      const products = await snapshotTables(d.db, ['products']);
      expect(products.get('products')!.map((p) => p.name)).toEqual([
        'Kerala Blasters Home Jersey 2026',
        'India Chhetri 11 Jersey',
      ]);
    });
  });
});
