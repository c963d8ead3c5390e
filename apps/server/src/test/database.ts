// A fresh, migrated database for one test file: PGlite in memory, or — when the suite runs
// against PostgreSQL (TEST_DATABASE=postgres with DATABASE_URL) — a new database cloned from
// a migrated template, so test files never see each other's rows.
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg, { type Pool, type PoolClient } from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database, type Db } from '../db/client.js';

export type TestDatabaseKind = 'pglite' | 'postgres';

export function testDatabaseKind(): TestDatabaseKind {
  return process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
}

function adminUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  return url;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Builds this run's migrated template database (vitest globalSetup). Each run has its own
 * prefix, so several runs can share one PostgreSQL server.
 */
export async function prepareTemplate(): Promise<string> {
  const prefix = `kitroom_t${randomBytes(4).toString('hex')}`;
  const template = `${prefix}_template`;
  await admin((c) => c.query(`CREATE DATABASE ${template}`));
  const database = await openDatabase({ databaseUrl: withDatabase(adminUrl(), template) });
  await database.migrate();
  await database.close();
  return prefix;
}

/**
 * Migrates one PGlite database and saves its data folder (vitest globalSetup): each test
 * file's database starts from it instead of initialising and migrating its own.
 */
export async function preparePgliteSnapshot(): Promise<string> {
  const database = await openDatabase({ pgliteDir: 'memory://', pgliteSmall: true });
  await database.migrate();
  // The shop lives in the database 'postgres'; template0 and template1 were a third of the
  // folder each file's database reads in (with 1 MB WAL segments too: 45 MB → 21 MB). The
  // CHECKPOINT writes what the migrations did into the tables before the folder is copied.
  for (const statement of [
    'ALTER DATABASE template0 IS_TEMPLATE false',
    'DROP DATABASE template0',
    'ALTER DATABASE template1 IS_TEMPLATE false',
    'DROP DATABASE template1',
    'CHECKPOINT',
  ]) {
    await database.pglite!.query(statement);
  }
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const file = path.join(os.tmpdir(), `kitroom-pglite-${randomBytes(4).toString('hex')}.tar`);
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  return file;
}

export function removePgliteSnapshot(file: string): void {
  rmSync(file, { force: true });
}

let snapshot: Blob | undefined;

function pgliteSnapshot(): Blob {
  snapshot ??= new Blob([readFileSync(inject('preparedTestDatabase'))]);
  return snapshot;
}

export async function dropTestDatabases(prefix: string): Promise<void> {
  await admin(async (c) => {
    const { rows } = await c.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [prefix],
    );
    for (const r of rows) await dropDatabase(c, r.datname);
  });
}

/**
 * Drops a test database. An autovacuum worker busy in it can refuse WITH (FORCE) to a
 * non-superuser for a moment, so it is tried a few times; a database left over is dropped
 * by the run's teardown, and a leftover never fails a test.
 */
async function dropDatabase(c: pg.Client, name: string): Promise<void> {
  for (let attempt = 1; attempt <= 5; attempt++) {
    try {
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

/**
 * A new empty database on the suite's PostgreSQL (not migrated: for start-up tests); drop()
 * removes it again.
 */
export async function createEmptyPostgresDatabase(): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const name = `${inject('preparedTestDatabase')}_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  return {
    url: withDatabase(adminUrl(), name),
    drop: () => admin((c) => dropDatabase(c, name)),
  };
}

/** A test's database; `url` (PostgreSQL only) lets a test open a second pool onto it. */
export type TestDatabase = Database & { url: string | null };

/** A new migrated database for this test file; close() drops it again. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind() === 'pglite') {
    const database = await openDatabase({
      pgliteDir: 'memory://',
      pgliteSnapshot: pgliteSnapshot(),
      pgliteSmall: true,
    });
    return { ...database, url: null };
  }
  const prefix = inject('preparedTestDatabase');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${prefix}_template`));
  const url = withDatabase(adminUrl(), name);
  const database = await openDatabase({ databaseUrl: url, poolSize: 60 });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await admin((c) => dropDatabase(c, name));
    },
  };
}

/**
 * Counts the writes to the socket of each connection `db`'s pool (PostgreSQL) hands out from
 * now on: one write is one wake-up of PostgreSQL and one wait for its answers (decision 091).
 */
export function countPoolWrites(db: Db): { writes: number; stop: () => void } {
  const pool = (db as unknown as { $client: Pool }).$client;
  const counter = { writes: 0, stop: () => {} };
  const seen = new Set<unknown>();
  const onAcquire = (client: PoolClient) => {
    const socket = (client as unknown as { connection: { stream: Record<string, unknown> } })
      .connection.stream;
    if (seen.has(socket)) return;
    seen.add(socket);
    for (const method of ['_write', '_writev']) {
      const original = socket[method] as (...args: unknown[]) => unknown;
      socket[method] = (...args: unknown[]) => {
        counter.writes += 1;
        return original.apply(socket, args);
      };
    }
  };
  pool.on('acquire', onAcquire);
  counter.stop = () => pool.off('acquire', onAcquire);
  return counter;
}
