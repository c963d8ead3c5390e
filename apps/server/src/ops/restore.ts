// Restores a backup (docs/decisions/035-backups.md): PGlite into PGlite by loading its data
// folder, PostgreSQL into PostgreSQL with pg_restore's script, and PGlite into PostgreSQL — the
// way off the embedded default — by copying every table's rows in the order of their foreign
// keys from a temporary PGlite into a freshly migrated PostgreSQL. A database that already
// holds a shop is replaced only when forced, and is backed up first.
//
// A restore cut short (Ctrl-C, kill -9) leaves the shop as it was or the restored one, never a
// part (decision 058): PostgreSQL is emptied and filled in one transaction; PGlite loads into a
// folder of its own and is renamed into place only once it opens. The pictures are added before
// and the ones the backup lacks removed after. restore-journal.ts names the restore in DATA_DIR
// meanwhile, so a server does not start on (or seed over) what an unfinished one left.
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { migrationsFolder, openDatabase, type Database } from '../db/index.js';
import {
  BackupError,
  createBackup,
  IMAGES_DIR,
  openBackup,
  pgTool,
  type BackupManifest,
} from './backups.js';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../private-files.js';
import {
  holdsPglite,
  readRestoreJournal,
  removeRestoreDumps,
  removeRestoreJournal,
  restoreWorkFile,
  runningRestore,
  writeRestoreJournal,
  type RestoreJournal,
} from './restore-journal.js';
import { schemaVersion } from './schema-version.js';

export type RestoreTarget = { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string };

export interface RestoreOptions {
  file: string;
  target: RestoreTarget;
  /** DATA_DIR: the pictures go under it, and the safety backup into its backups folder. */
  dataDir: string;
  /** Replace a database that already holds a shop (after backing it up). */
  force?: boolean;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** The backup of the database that was replaced, if it held a shop. */
  safetyBackup: string | null;
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/** Opens the target when it exists; null for an empty PGlite folder. */
async function openTarget(target: RestoreTarget): Promise<Database | null> {
  if (target.kind === 'postgres') return openDatabase({ databaseUrl: target.url, poolSize: 2 });
  if (!holdsPglite(target.dir)) return null;
  return openDatabase({ pgliteDir: target.dir });
}

export async function restoreBackup(opts: RestoreOptions): Promise<RestoreResult> {
  const backup = await openBackup(opts.file);
  const { manifest } = backup;
  if (manifest.engine === 'postgres' && opts.target.kind === 'pglite') {
    throw new BackupError(
      'This is a backup of a PostgreSQL database: restore it with DATABASE_URL naming a PostgreSQL database.',
    );
  }
  await makePrivateDir(opts.dataDir);
  const running = runningRestore(opts.dataDir);
  if (running) {
    throw new BackupError(
      `Another restore (of ${running.file}) is running, process ${running.pid}: wait for it to finish.`,
    );
  }
  // A restore cut short before this one: running again finishes it. Its half-made copy goes
  // now; the shop it moved aside goes once this one is in place (its safety backup keeps it).
  const unfinished = readRestoreJournal(opts.dataDir);
  removeRestoreDumps(opts.dataDir);
  if (unfinished?.restoring) rmSync(unfinished.restoring, { recursive: true, force: true });

  let safetyBackup: string | null = null;
  const current = await openTarget(opts.target);
  try {
    const version = current ? await schemaVersion(current.db) : null;
    if (current && version && version.applied > 0) {
      if (!opts.force) {
        throw new BackupError(
          'The database already holds a shop. Add --force to replace it; it is backed up first.',
        );
      }
      safetyBackup = (
        await createBackup(current, { dataDir: opts.dataDir, reason: 'before-restore' })
      ).path;
    }
  } finally {
    await current?.close();
  }

  const at = stamp();
  const journal: RestoreJournal = {
    pid: process.pid,
    started_at: new Date().toISOString(),
    file: path.resolve(opts.file),
    target: opts.target.kind,
    safety_backup: safetyBackup ?? unfinished?.safety_backup ?? null,
    restoring: opts.target.kind === 'pglite' ? `${opts.target.dir}.restoring-${at}` : null,
    replaced: opts.target.kind === 'pglite' ? `${opts.target.dir}.replaced-${at}` : null,
  };
  writeRestoreJournal(opts.dataDir, journal);

  // Pictures are named by their content: adding the backup's beside the shop's own serves
  // both, whichever database ends up in place.
  const added = await addImages(backup.images, opts.dataDir);
  try {
    if (opts.target.kind === 'pglite') {
      await loadPgliteDir(backup.database.bytes, journal.restoring!);
    } else if (manifest.engine === 'postgres') {
      await restorePostgresDump(backup.database.bytes, opts.target.url, opts.dataDir);
    } else {
      await copyPgliteIntoPostgres(backup.database.bytes, opts.target.url);
    }
  } catch (err) {
    // Nothing was put in place: the shop is as it was, without the pictures only it needed.
    if (journal.restoring) rmSync(journal.restoring, { recursive: true, force: true });
    for (const file of added) rmSync(file, { force: true });
    removeRestoreJournal(opts.dataDir);
    throw err;
  }
  if (opts.target.kind === 'pglite') {
    // Two renames, the only moment without a shop in place; the journal says which is where.
    if (existsSync(opts.target.dir)) renameSync(opts.target.dir, journal.replaced!);
    renameSync(journal.restoring!, opts.target.dir);
  }
  for (const aside of [journal.replaced, unfinished?.replaced])
    if (aside) rmSync(aside, { recursive: true, force: true });
  removeRestoreJournal(opts.dataDir);
  removeImagesNotIn(backup.images, opts.dataDir);
  return { manifest, safetyBackup };
}

/** Loads the backup's data folder into a new PGlite folder and checks that it opens. */
async function loadPgliteDir(tarball: Uint8Array, dir: string): Promise<void> {
  try {
    await makePrivateDir(dir);
    const client = await PGlite.create(dir, {
      loadDataDir: new Blob([tarball]),
      extensions: { pg_trgm },
    });
    await client.query('SELECT 1');
    await client.close();
  } catch (err) {
    throw new BackupError(
      `The built-in database could not be loaded from the backup: ${String(err)}`,
    );
  }
}

/** Empties the database's schemas, as a new database has them. */
const WIPE =
  'DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;';

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * The dump becomes pg_restore's SQL script, and psql runs the emptying and the script as one
 * transaction: stopped at any point (Ctrl-C, kill -9, a lost connection, an error), PostgreSQL
 * rolls all of it back and the database is as it was. (pg_restore --single-transaction alone
 * could not take the emptying into its transaction: that was committed before it, and a restore
 * cut short left a database without tables.)
 */
async function restorePostgresDump(dump: Uint8Array, url: string, workDir: string): Promise<void> {
  const now = Date.now();
  const dumpFile = restoreWorkFile(workDir, 'dump', now);
  const script = restoreWorkFile(workDir, 'sql', now);
  try {
    await writeFile(dumpFile, dump, { mode: PRIVATE_FILE_MODE });
    await pgTool('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      `--file=${script}`,
      dumpFile,
    ]);
    await pgTool('psql', [
      '--no-psqlrc',
      '--quiet',
      '--set=ON_ERROR_STOP=1',
      '--single-transaction',
      `--command=${WIPE}`,
      `--file=${script}`,
      `--dbname=${url}`,
    ]);
  } finally {
    rmSync(dumpFile, { force: true });
    rmSync(script, { force: true });
  }
}

/**
 * This code's migrations applied on a client inside its open transaction, recorded as drizzle's
 * migrator records them (its migrate() commits a transaction of its own, which would end ours).
 */
async function migrateInTransaction(client: pg.Client): Promise<void> {
  await client.query('CREATE SCHEMA IF NOT EXISTS drizzle');
  await client.query(
    'CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
  );
  for (const m of readMigrationFiles({ migrationsFolder })) {
    for (const statement of m.sql) if (statement.trim()) await client.query(statement);
    await client.query(
      'INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)',
      [m.hash, m.folderMillis],
    );
  }
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Tables in an order where each comes after the tables its foreign keys point at. */
function dependencyOrder(tables: string[], fks: { child: string; parent: string }[]): string[] {
  const order: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (t: string) => {
    if (state.get(t)) return;
    state.set(t, 'visiting');
    for (const fk of fks) if (fk.child === t && fk.parent !== t) visit(fk.parent);
    state.set(t, 'done');
    order.push(t);
  };
  for (const t of [...tables].sort()) visit(t);
  return order;
}

/** Rows per INSERT when copying. */
const COPY_BATCH = 500;

/**
 * PGlite backup into PostgreSQL: the backup's data folder opens in a temporary PGlite in
 * memory and is migrated to this code's schema; then, in one transaction on the target, it is
 * emptied and migrated to the same schema, every table's rows are copied in foreign-key order
 * (user triggers off, so the rollups and catalogue versions come over as they were, not
 * counted twice) and every sequence continues where the backup's did.
 */
async function copyPgliteIntoPostgres(tarball: Uint8Array, url: string): Promise<void> {
  const source = await PGlite.create({ loadDataDir: new Blob([tarball]), extensions: { pg_trgm } });
  try {
    await migratePglite(drizzlePglite(source), { migrationsFolder });

    const tables = (
      await source.query<{ t: string }>(
        `SELECT c.relname AS t FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relkind = 'r'`,
      )
    ).rows.map((r) => r.t);
    const fks = (
      await source.query<{ child: string; parent: string }>(
        `SELECT cc.relname AS child, pc.relname AS parent FROM pg_constraint k
           JOIN pg_class cc ON cc.oid = k.conrelid JOIN pg_class pc ON pc.oid = k.confrelid
           JOIN pg_namespace n ON n.oid = cc.relnamespace
          WHERE k.contype = 'f' AND n.nspname = 'public'`,
      )
    ).rows;
    const order = dependencyOrder(tables, fks);

    await withClient(url, async (client) => {
      await client.query('BEGIN');
      try {
        await client.query(WIPE);
        await migrateInTransaction(client);
        for (const t of order)
          await client.query(`ALTER TABLE public.${ident(t)} DISABLE TRIGGER USER`);
        await client.query(`TRUNCATE ${order.map((t) => `public.${ident(t)}`).join(', ')}`);
        for (const t of order) await copyTable(source, client, t);
        for (const t of order)
          await client.query(`ALTER TABLE public.${ident(t)} ENABLE TRIGGER USER`);
        const seqs = await source.query<{ name: string; last_value: string | number }>(
          `SELECT format('%I.%I', schemaname, sequencename) AS name, last_value FROM pg_sequences
            WHERE schemaname = 'public' AND last_value IS NOT NULL`,
        );
        for (const s of seqs.rows) {
          await client.query('SELECT setval($1::regclass, $2::bigint, true)', [
            s.name,
            String(s.last_value),
          ]);
        }
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      }
    });
  } finally {
    await source.close();
  }
}

async function copyTable(source: PGlite, client: pg.Client, table: string): Promise<void> {
  const cols = await source.query<{ name: string; generated: string }>(
    `SELECT attname AS name, attgenerated::text AS generated FROM pg_attribute
      WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
    [`public.${ident(table)}`],
  );
  const copied = cols.rows.filter((c) => c.generated === '').map((c) => ident(c.name));
  const generated = cols.rows.filter((c) => c.generated !== '').map((c) => c.name);
  const pk = await source.query<{ name: string }>(
    `SELECT a.attname AS name FROM pg_index i
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
      WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY array_position(i.indkey, a.attnum)`,
    [`public.${ident(table)}`],
  );
  const orderBy = pk.rows.length
    ? `ORDER BY ${pk.rows.map((c) => `x.${ident(c.name)}`).join(', ')}`
    : '';
  const rows = await source.query<{ r: string }>(
    `SELECT (to_jsonb(x) - $1::text[])::text AS r FROM public.${ident(table)} x ${orderBy}`,
    [generated],
  );
  for (let i = 0; i < rows.rows.length; i += COPY_BATCH) {
    const batch = `[${rows.rows
      .slice(i, i + COPY_BATCH)
      .map((r) => r.r)
      .join(',')}]`;
    await client.query(
      `INSERT INTO public.${ident(table)} (${copied.join(', ')}) OVERRIDING SYSTEM VALUE
       SELECT ${copied.join(', ')} FROM json_populate_recordset(NULL::public.${ident(table)}, $1::json)`,
      [batch],
    );
  }
}

/**
 * Adds the backup's pictures under DATA_DIR/images, each written aside and renamed; returns
 * the files that were not there before. A name is a hash of the content (catalogue uploads and
 * the seed's drawings), so one already there is the same picture and stays.
 */
async function addImages(images: Record<string, Uint8Array>, dataDir: string): Promise<string[]> {
  const added: string[] = [];
  for (const [name, bytes] of Object.entries(images)) {
    const file = path.join(dataDir, name);
    if (existsSync(file) && statSync(file).size === bytes.length) continue;
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.partial`;
    await writeFile(tmp, bytes);
    await rename(tmp, file);
    added.push(file);
  }
  return added;
}

/** Removes the pictures under DATA_DIR/images the restored shop did not have. */
function removeImagesNotIn(images: Record<string, Uint8Array>, dataDir: string): void {
  const visit = (rel: string) => {
    const dir = path.join(dataDir, rel);
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) visit(child);
      else if (!(child in images)) rmSync(path.join(dataDir, child), { force: true });
    }
  };
  visit(IMAGES_DIR);
}
