// Backups of the whole shop (docs/decisions/035-backups.md): one zip file holding the database —
// PGlite's data folder as its own gzipped tarball, or PostgreSQL's `pg_dump -Fc` — and the
// pictures under DATA_DIR/images, with a manifest.json naming the schema version, the engine,
// a few counts and a SHA-256 of every payload file. Files are named by their UTC time and
// reason and live in DATA_DIR/backups unless told otherwise.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
} from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { unzipSync, zipSync, type Zippable } from 'fflate';
import type { Database } from '../db/index.js';
import { queryRows } from '../db/index.js';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../private-files.js';
import { indianDayOf } from '../indian-days.js';
import { serverDir } from '../server-dir.js';
import {
  codeMigrations,
  isNewerThanCode,
  migrationNumber,
  pendingMigrations,
  schemaVersion,
} from './schema-version.js';
import type { StatFs } from './disk.js';
import { expectedBackupBytes, roomForBackup } from './backup-room.js';
import { processAlive } from '../server-pid.js';

const run = promisify(execFile);

/** Where backups go, under DATA_DIR. */
export const BACKUP_DIR = 'backups';
/** The pictures' folder under DATA_DIR that a backup carries (catalogue uploads and seed). */
export const IMAGES_DIR = 'images';

export const BACKUP_REASONS = ['manual', 'nightly', 'before-migration', 'before-restore'] as const;
export type BackupReason = (typeof BACKUP_REASONS)[number];

/** Names inside the archive. */
const MANIFEST = 'manifest.json';
const PGLITE_ENTRY = 'database/pglite.tar.gz';
const POSTGRES_ENTRY = 'database/postgres.dump';

export interface BackupManifest {
  format: 'kitroom-backup';
  format_version: 1;
  engine: 'pglite' | 'postgres';
  /** The last migration applied, e.g. '0018_privacy', and its journal time. */
  schema: { migration: string | null; when: number | null; applied: number };
  counts: { products: number; orders: number; invoices: number; users: number };
  created_at: string;
  app_version: string;
  reason: BackupReason;
  /** Every payload file with its size and SHA-256; `sha256` covers the whole list. */
  payload: { sha256: string; files: { path: string; bytes: number; sha256: string }[] };
}

export interface BackupFile {
  name: string;
  path: string;
  takenAt: Date;
  sizeBytes: number;
  reason: BackupReason;
}

/** A backup that cannot be used; the message is for the owner. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export function backupsDir(dataDir: string): string {
  return path.join(dataDir, BACKUP_DIR);
}

function appVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

function payloadChecksum(files: BackupManifest['payload']['files']): string {
  return createHash('sha256')
    .update(files.map((f) => `${f.path}\t${f.bytes}\t${f.sha256}\n`).join(''))
    .digest('hex');
}

/** kitroom-2026-11-26T02-30-00Z-nightly.zip: sorts by time, safe on every file system. */
export function backupFileName(at: Date, reason: BackupReason): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
  return `kitroom-${stamp}-${reason}.zip`;
}

const NAME = /^kitroom-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z-([a-z-]+?)(?:-(\d+))?\.zip$/;

function parseName(name: string): { takenAt: Date; reason: BackupReason } | null {
  const m = NAME.exec(name);
  if (!m) return null;
  const reason = m[5] as BackupReason;
  if (!BACKUP_REASONS.includes(reason)) return null;
  const takenAt = new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`);
  return Number.isNaN(takenAt.getTime()) ? null : { takenAt, reason };
}

/** The backups in a folder, newest first. */
export function listBackups(dir: string): BackupFile[] {
  if (!existsSync(dir)) return [];
  const out: BackupFile[] = [];
  for (const name of readdirSync(dir)) {
    const parsed = parseName(name);
    if (!parsed) continue;
    const file = path.join(dir, name);
    out.push({ name, path: file, sizeBytes: statSync(file).size, ...parsed });
  }
  return out.sort(
    (a, b) => b.takenAt.getTime() - a.takenAt.getTime() || (a.name < b.name ? 1 : -1),
  );
}

/** The newest backup in DATA_DIR/backups (for health and metrics), or null when there is none. */
export function latestBackup(
  dataDir: string,
): { path: string; takenAt: Date; sizeBytes: number } | null {
  const newest = listBackups(backupsDir(dataDir))[0];
  return newest
    ? { path: newest.path, takenAt: newest.takenAt, sizeBytes: newest.sizeBytes }
    : null;
}

/** What the manifest counts, and the table each count reads. */
const COUNTED = {
  products: 'products',
  orders: 'orders',
  invoices: 'tax_documents',
  users: 'users',
} as const satisfies Record<keyof BackupManifest['counts'], string>;

async function counts(
  query: (text: string) => Promise<Record<string, unknown>[]>,
): Promise<BackupManifest['counts']> {
  // A shop made by an older release is backed up before it is migrated, so only the tables
  // its schema has are counted (the first release had no tax_documents): a missing one counts
  // none, rather than failing the backup and with it the start.
  const present = await query(
    `SELECT ${Object.values(COUNTED)
      .map((t) => `to_regclass('public.${t}') IS NOT NULL AS ${t}`)
      .join(', ')}`,
  );
  const has = present[0] ?? {};
  const tables = Object.values(COUNTED).filter((t) => has[t] === true);
  const rows = tables.length
    ? await query(`SELECT ${tables.map((t) => `(SELECT count(*) FROM ${t}) AS ${t}`).join(', ')}`)
    : [];
  const r = rows[0] ?? {};
  const count = (table: string) => Number(r[table] ?? 0);
  return {
    products: count(COUNTED.products),
    orders: count(COUNTED.orders),
    invoices: count(COUNTED.invoices),
    users: count(COUNTED.users),
  };
}

/** The database's dump with its counts, both of one moment. */
async function dumpDatabase(
  database: Database,
  workDir: string,
): Promise<{ entry: string; bytes: Uint8Array; counts: BackupManifest['counts'] }> {
  if (database.kind === 'pglite') {
    const client = database.pglite;
    if (!client) throw new BackupError('The built-in database is not open.');
    // Inside one transaction no other transaction runs (PGlite serialises them), so the counts
    // and the data folder are of the same moment; the checkpoint keeps the WAL to replay short.
    return client.transaction(async (tx) => {
      await tx.query('CHECKPOINT');
      const c = await counts(async (text) => (await tx.query<Record<string, unknown>>(text)).rows);
      const blob = await client.dumpDataDir('gzip');
      return { entry: PGLITE_ENTRY, bytes: new Uint8Array(await blob.arrayBuffer()), counts: c };
    });
  }
  if (!database.url) throw new BackupError('The PostgreSQL connection string is unknown.');
  // pg_dump reads the snapshot this transaction exported, so it sees what the counts saw.
  const url = database.url;
  return database.db.transaction(
    async (tx) => {
      const snap = await queryRows<{ s: string }>(tx, sql`SELECT pg_export_snapshot() AS s`);
      const c = await counts((text) => queryRows<Record<string, unknown>>(tx, sql.raw(text)));
      const file = path.join(workDir, `.dump-${process.pid}-${Date.now()}.tmp`);
      try {
        await pgTool('pg_dump', [
          '--format=custom',
          '--no-owner',
          '--no-privileges',
          `--snapshot=${snap[0]?.s ?? ''}`,
          `--file=${file}`,
          `--dbname=${url}`,
        ]);
        return { entry: POSTGRES_ENTRY, bytes: await readFile(file), counts: c };
      } finally {
        if (existsSync(file)) unlinkSync(file);
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Runs pg_dump, pg_restore or psql; a failure says what the tool said. */
export async function pgTool(
  tool: 'pg_dump' | 'pg_restore' | 'psql',
  args: string[],
): Promise<void> {
  try {
    await run(tool, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const e = err as { code?: string; stderr?: string; message: string };
    if (e.code === 'ENOENT') {
      throw new BackupError(
        `${tool} is not installed: install PostgreSQL's client tools (Debian: postgresql-client).`,
      );
    }
    throw new BackupError(`${tool} failed: ${(e.stderr ?? e.message).trim()}`);
  }
}

async function addTree(root: string, rel: string, out: Record<string, Uint8Array>): Promise<void> {
  const dir = path.join(root, rel);
  if (!existsSync(dir)) return;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const child = `${rel}/${entry.name}`;
    if (entry.isDirectory()) await addTree(root, child, out);
    else if (entry.isFile()) out[child] = await readFile(path.join(root, child));
  }
}

export interface CreateBackupOptions {
  /** DATA_DIR: where the pictures are and (by default) where backups go. */
  dataDir: string;
  /** Another folder for the backup file. */
  dir?: string;
  reason: BackupReason;
  now?: Date;
  /** The disk's free space as fs.statfs reads it; tests hand in their own. */
  statfs?: StatFs;
}

/** Takes a backup of the database and the pictures; returns the file and its manifest. */
export async function createBackup(
  database: Database,
  opts: CreateBackupOptions,
): Promise<{ path: string; manifest: BackupManifest }> {
  const dir = opts.dir ?? backupsDir(opts.dataDir);
  await makePrivateDir(dir);
  const version = await schemaVersion(database.db);
  if (version.applied === 0) {
    throw new BackupError('There is no shop to back up: the database has no tables yet.');
  }
  const expected = await expectedBackupBytes(
    database,
    opts.dataDir,
    IMAGES_DIR,
    listBackups(dir)[0]?.sizeBytes,
  );
  const noRoom = await roomForBackup(dir, expected, opts.statfs);
  if (noRoom) throw new BackupError(noRoom);
  const dump = await dumpDatabase(database, dir);
  const payload: Record<string, Uint8Array> = { [dump.entry]: dump.bytes };
  // Pictures are named by their content and never rewritten, so copying them after the dump
  // cannot pair the database with a different picture under the same name.
  await addTree(opts.dataDir, IMAGES_DIR, payload);

  const files = Object.keys(payload)
    .sort()
    .map((p) => ({ path: p, bytes: payload[p]!.length, sha256: sha256(payload[p]!) }));
  const at = opts.now ?? new Date();
  const manifest: BackupManifest = {
    format: 'kitroom-backup',
    format_version: 1,
    engine: database.kind,
    schema: version,
    counts: dump.counts,
    created_at: at.toISOString(),
    app_version: appVersion(),
    reason: opts.reason,
    payload: { sha256: payloadChecksum(files), files },
  };
  const zippable: Zippable = {
    [MANIFEST]: new TextEncoder().encode(JSON.stringify(manifest, null, 2)),
  };
  for (const [p, bytes] of Object.entries(payload)) {
    // The dumps and WebP pictures are compressed already: stored as they are.
    const compressed = /\.(gz|dump|webp|jpe?g|png|avif)$/i.test(p);
    zippable[p] = [bytes, { level: compressed ? 0 : 6 }];
  }
  const zipped = zipSync(zippable, { mtime: at });

  let name = backupFileName(at, opts.reason);
  for (let n = 2; existsSync(path.join(dir, name)); n++) {
    name = backupFileName(at, opts.reason).replace(/\.zip$/, `-${n}.zip`);
  }
  const file = path.join(dir, name);
  // Written under a temporary name first: a half-written file is never taken for a backup.
  // The name is this process's: two servers sharing DATA_DIR may back up in the same second.
  const tmp = `${file}.${process.pid}.partial`;
  try {
    await writeFile(tmp, zipped, { mode: PRIVATE_FILE_MODE });
    renameSync(tmp, file);
  } catch (err) {
    rmSync(tmp, { force: true }); // a full disk: the half-written file would only fill it more
    throw err;
  }
  return { path: file, manifest };
}

export interface OpenedBackup {
  manifest: BackupManifest;
  database: { engine: 'pglite' | 'postgres'; bytes: Uint8Array };
  /** Pictures by their path under DATA_DIR (images/…). */
  images: Record<string, Uint8Array>;
}

const damaged = (why: string) => new BackupError(`The backup is damaged: ${why}`);

/**
 * Reads and checks a backup: the archive whole, every payload file's checksum, and a schema
 * this code knows. Throws BackupError with the owner's message otherwise.
 */
export async function openBackup(file: string): Promise<OpenedBackup> {
  if (!existsSync(file)) throw new BackupError(`No such file: ${file}`);
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(await readFile(file));
  } catch {
    throw damaged('the archive is incomplete or is not a Kitroom backup.');
  }
  const rawManifest = entries[MANIFEST];
  if (!rawManifest) throw damaged('it has no manifest.json.');
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(new TextDecoder().decode(rawManifest)) as BackupManifest;
  } catch {
    throw damaged('its manifest.json is not readable.');
  }
  if (manifest.format !== 'kitroom-backup' || !manifest.payload?.files) {
    throw damaged('its manifest.json is not a Kitroom backup manifest.');
  }
  if (payloadChecksum(manifest.payload.files) !== manifest.payload.sha256) {
    throw damaged('the manifest does not match its checksum.');
  }
  const names = new Set(manifest.payload.files.map((f) => f.path));
  for (const f of manifest.payload.files) {
    const bytes = entries[f.path];
    if (!bytes) throw damaged(`${f.path} is missing.`);
    if (bytes.length !== f.bytes || sha256(bytes) !== f.sha256) {
      throw damaged(`${f.path} does not match its checksum.`);
    }
  }
  for (const name of Object.keys(entries)) {
    if (name !== MANIFEST && !names.has(name) && !name.endsWith('/')) {
      throw damaged(`${name} is not in its manifest.`);
    }
  }
  if (isNewerThanCode(manifest.schema)) {
    const newest = codeMigrations().at(-1)?.tag ?? 'none';
    throw new BackupError(
      `This backup was made by a newer Kitroom (migration ${migrationNumber(manifest.schema.migration ?? '')}); ` +
        `this code knows migrations up to ${migrationNumber(newest)}: update the code first.`,
    );
  }
  const entry = manifest.engine === 'pglite' ? PGLITE_ENTRY : POSTGRES_ENTRY;
  const bytes = entries[entry];
  if (!bytes) throw damaged(`${entry} is missing.`);
  const images: Record<string, Uint8Array> = {};
  for (const [name, data] of Object.entries(entries)) {
    if (name.startsWith(`${IMAGES_DIR}/`)) {
      // Only plain relative names come back out: no '..' can write outside DATA_DIR/images.
      if (name.split('/').some((part) => part === '..' || part === '')) {
        throw damaged(`${name} is not a plain file name.`);
      }
      images[name] = data;
    }
  }
  return { manifest, database: { engine: manifest.engine, bytes }, images };
}

/** The Monday (India time) of the ISO week an instant falls in, as YYYY-MM-DD. */
function isoWeekOf(at: Date): string {
  const day = indianDayOf(at);
  const d = new Date(`${day}T00:00:00Z`);
  const weekday = (d.getUTCDay() + 6) % 7; // Monday 0
  d.setUTCDate(d.getUTCDate() - weekday);
  return d.toISOString().slice(0, 10);
}

/**
 * Retention: of the nightly and manual backups, keeps the newest of each of the `keepDaily`
 * latest days (India time) and the newest of each of the `keepWeekly` latest ISO weeks, and
 * deletes the rest. Backups taken before a migration or a restore are kept until removed by
 * hand. Returns the names deleted.
 */
export function pruneBackups(dir: string, keep: { daily: number; weekly: number }): string[] {
  const candidates = listBackups(dir).filter(
    (b) => b.reason === 'nightly' || b.reason === 'manual',
  );
  const kept = new Set<string>();
  const days = new Set<string>();
  const weeks = new Set<string>();
  for (const b of candidates) {
    // Newest first: the first backup seen of a day or a week is its newest.
    const day = indianDayOf(b.takenAt);
    if (!days.has(day)) {
      days.add(day);
      if (days.size <= keep.daily) kept.add(b.name);
    }
    const week = isoWeekOf(b.takenAt);
    if (!weeks.has(week)) {
      weeks.add(week);
      if (weeks.size <= keep.weekly) kept.add(b.name);
    }
  }
  const deleted: string[] = [];
  for (const b of candidates) {
    if (kept.has(b.name)) continue;
    unlinkSync(b.path);
    deleted.push(b.name);
  }
  return [...deleted, ...removeLeftovers(dir)];
}

/** A backup being written (`<file>.<pid>.partial`) or pg_dump's file (`.dump-<pid>-<ms>.tmp`). */
const LEFTOVER = /^(?:.+\.zip\.(\d+)\.partial|\.dump-(\d+)-\d+\.tmp)$/;
/** No backup takes this long: a file this old is left over even if its pid was reused. */
const LEFTOVER_AGE_MS = 24 * 60 * 60_000;

/**
 * Removes what a backup cut short (the server stopped or the disk filled half way) left in
 * the folder: the half-written file and pg_dump's dump, each as large as a backup. A file
 * whose process still runs is a backup being taken now, by this or another server sharing
 * DATA_DIR, and stays. Returns the names removed.
 */
export function removeLeftovers(dir: string, now = Date.now()): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const m = LEFTOVER.exec(name);
    if (!m) continue;
    const file = path.join(dir, name);
    const pid = Number(m[1] ?? m[2]);
    let old: boolean;
    try {
      old = now - statSync(file).mtimeMs > LEFTOVER_AGE_MS;
    } catch {
      continue; // gone meanwhile: its backup finished
    }
    if (old || (pid !== process.pid && !processAlive(pid))) {
      rmSync(file, { force: true });
      removed.push(name);
    }
  }
  return removed;
}

/** Whether the database holds a shop: it has applied any migration. */
export async function databaseIsEmpty(database: Database): Promise<boolean> {
  return (await schemaVersion(database.db)).applied === 0;
}

/**
 * Before migrating at start: when the database holds a shop and the code has migrations it
 * has not applied, a backup of it as it is. Returns the file, or null when none was needed.
 */
export async function backupBeforeMigrating(
  database: Database,
  dataDir: string,
): Promise<string | null> {
  const version = await schemaVersion(database.db);
  if (version.applied === 0 || pendingMigrations(version).length === 0) return null;
  return (await createBackup(database, { dataDir, reason: 'before-migration' })).path;
}
