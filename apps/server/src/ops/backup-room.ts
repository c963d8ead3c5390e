// Room for a backup, checked before one is taken. On a full disk PGlite's checkpoint PANICs
// (SQLSTATE 53100) and the embedded database is lost to the process; a backup that would
// not fit is refused instead, with the figures, so the owner frees space first.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/index.js';
import { queryRows } from '../db/index.js';
import { diskSpace, type StatFs } from './disk.js';

const MIB = 1024 * 1024;
/**
 * Left free after the backup for the shop itself, whose database keeps writing beside it
 * (PGlite's next WAL segment alone takes 16 MiB).
 */
export const BACKUP_HEADROOM_BYTES = 64 * MIB;

/** Bytes of the files under `dir` (0 when it does not exist). */
async function treeBytes(dir: string): Promise<number> {
  let total = 0;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await treeBytes(child);
    else if (entry.isFile()) total += (await stat(child).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

/**
 * About how large the next backup will be: the last one's size when there is one (a shop
 * grows slowly), else the pictures plus the database as it lies (PGlite's folder, or
 * PostgreSQL's own size, which its compressed dump never exceeds).
 */
export async function expectedBackupBytes(
  database: Database,
  dataDir: string,
  imagesDir: string,
  lastBackupBytes: number | undefined,
): Promise<number> {
  if (lastBackupBytes !== undefined) return lastBackupBytes;
  const images = await treeBytes(path.join(dataDir, imagesDir));
  if (database.kind === 'pglite') {
    const dir = database.pglite?.dataDir;
    return images + (dir && !dir.startsWith('memory://') ? await treeBytes(dir) : 0);
  }
  const [row] = await queryRows<{ bytes: string }>(
    database.db,
    sql`SELECT pg_database_size(current_database())::text AS bytes`,
  );
  return images + Number(row?.bytes ?? 0);
}

const mib = (bytes: number) => `${Math.max(0, Math.floor(bytes / MIB))} MB`;

/**
 * The owner's sentence when the disk that takes the backup has clearly not enough room for
 * it and the shop's own writes beside it; null when it has (or cannot be read: the write
 * itself then says).
 */
export async function roomForBackup(
  dir: string,
  expectedBytes: number,
  statfs?: StatFs,
): Promise<string | null> {
  const disk = await diskSpace(dir, statfs);
  if (!disk || disk.freeBytes >= expectedBytes + BACKUP_HEADROOM_BYTES) return null;
  return (
    `There is not enough free disk space for a backup: ${mib(disk.freeBytes)} free in ${dir}, ` +
    `and a backup of this shop needs about ${mib(expectedBytes)} plus ${mib(BACKUP_HEADROOM_BYTES)} ` +
    'left for the shop itself. Copy older backups elsewhere and delete them there, or free space ' +
    'on that disk, then try again.'
  );
}
