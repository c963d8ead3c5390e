// Restores a backup (docs/decisions/035-backups.md): PGlite into PGlite by loading its data
// folder, PostgreSQL into PostgreSQL with pg_restore into a fresh schema, and PGlite into
// PostgreSQL — the way off the embedded default — by copying every table's rows in the order
// of their foreign keys from a temporary PGlite into a freshly migrated PostgreSQL. A database
// that already holds a shop is replaced only when forced, and is backed up first.
import { existsSync, renameSync, rmSync, unlinkSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder, openDatabase, type Database } from '../db/client.js';
import {
  BackupError,
  createBackup,
  IMAGES_DIR,
  openBackup,
  pgTool,
  type BackupManifest,
} from './backups.js';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../private-files.js';
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
  if (!existsSync(path.join(target.dir, 'PG_VERSION'))) return null;
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

  if (opts.target.kind === 'pglite') {
    await restorePgliteDir(backup.database.bytes, opts.target.dir);
  } else if (manifest.engine === 'postgres') {
    await restorePostgresDump(backup.database.bytes, opts.target.url, opts.dataDir);
  } else {
    await copyPgliteIntoPostgres(backup.database.bytes, opts.target.url);
  }
  await restoreImages(backup.images, opts.dataDir);
  return { manifest, safetyBackup };
}

/** Loads the data folder into a new PGlite folder; the old one goes only once the new opens. */
async function restorePgliteDir(tarball: Uint8Array, dir: string): Promise<void> {
  const aside = existsSync(dir) ? `${dir}.replaced-${stamp()}` : null;
  if (aside) renameSync(dir, aside);
  try {
    await makePrivateDir(dir);
    const client = await PGlite.create(dir, {
      loadDataDir: new Blob([tarball]),
      extensions: { pg_trgm },
    });
    await client.query('SELECT 1');
    await client.close();
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    if (aside) renameSync(aside, dir);
    throw new BackupError(
      `The built-in database could not be loaded from the backup: ${String(err)}`,
    );
  }
  if (aside) rmSync(aside, { recursive: true, force: true });
}

/** Empties the database's schemas, as a new database has them. */
async function wipeSchemas(client: pg.Client): Promise<void> {
  await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
  await client.query('DROP SCHEMA IF EXISTS public CASCADE');
  await client.query('CREATE SCHEMA public');
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function restorePostgresDump(dump: Uint8Array, url: string, workDir: string): Promise<void> {
  await makePrivateDir(workDir);
  const file = path.join(workDir, `.restore-${process.pid}-${Date.now()}.dump`);
  await writeFile(file, dump, { mode: PRIVATE_FILE_MODE });
  try {
    await withClient(url, wipeSchemas);
    await pgTool('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${url}`,
      file,
    ]);
  } finally {
    unlinkSync(file);
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
 * memory and is migrated to this code's schema; the target is emptied and migrated to the
 * same schema; then every table's rows are copied in foreign-key order (user triggers off, so
 * the rollups and catalogue versions come over as they were, not counted twice) and every
 * sequence continues where the backup's did.
 */
async function copyPgliteIntoPostgres(tarball: Uint8Array, url: string): Promise<void> {
  const source = await PGlite.create({ loadDataDir: new Blob([tarball]), extensions: { pg_trgm } });
  try {
    await migratePglite(drizzlePglite(source), { migrationsFolder });
    await withClient(url, wipeSchemas);
    const target = await openDatabase({ databaseUrl: url, poolSize: 2 });
    try {
      await target.migrate();
    } finally {
      await target.close();
    }

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

/** Puts the backup's pictures in DATA_DIR/images in place of the ones there. */
async function restoreImages(images: Record<string, Uint8Array>, dataDir: string): Promise<void> {
  const dir = path.join(dataDir, IMAGES_DIR);
  const aside = existsSync(dir) ? `${dir}.replaced-${stamp()}` : null;
  if (aside) renameSync(dir, aside);
  await mkdir(dir, { recursive: true });
  for (const [name, bytes] of Object.entries(images)) {
    const file = path.join(dataDir, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
  }
  if (aside) rmSync(aside, { recursive: true, force: true });
}
