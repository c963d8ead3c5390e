// The back office's backups: the list, "Back up now" and a download, each audited; and the one
// backup at a time a process takes (the nightly one, the owner's, the one before migrating).
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import type { Backup, BackupsResponse } from '@kitroom/contract/admin';
import type { Config } from '../config.js';
import type { Database } from '../db/index.js';
import { Conflict, NotFound } from '../domain-errors.js';
import { record, type Actor } from '../staff/index.js';
import type { StatFs } from './disk.js';
import {
  BackupError,
  backupsDir,
  createBackup,
  listBackups,
  type BackupFile,
  type BackupManifest,
  type BackupReason,
} from './backups.js';

export const BACKUP_BUSY = 'A backup is being taken right now; try again in a minute.';
export const BACKUP_NOT_FOUND = 'name: there is no such backup.';

let running: Promise<unknown> | null = null;

/** Takes a backup unless one is being taken in this process (then null). */
export async function backupOnce(
  database: Database,
  opts: { dataDir: string; reason: BackupReason; now?: Date; statfs?: StatFs },
): Promise<{ path: string; manifest: BackupManifest } | null> {
  if (running) return null;
  const taking = createBackup(database, opts);
  running = taking;
  try {
    return await taking;
  } finally {
    running = null;
  }
}

function toBackup(b: BackupFile): Backup {
  return {
    name: b.name,
    taken_at: b.takenAt.toISOString(),
    size_bytes: b.sizeBytes,
    reason: b.reason,
  };
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export function backupsOverview(config: Config): BackupsResponse {
  return {
    backups: listBackups(backupsDir(config.dataDir)).map(toBackup),
    nightly_at: config.backups.at === null ? null : hhmm(config.backups.at),
    keep_daily: config.backups.keepDaily,
    keep_weekly: config.backups.keepWeekly,
  };
}

/** "Back up now": takes one and audits it. */
export async function backUpNow(
  database: Database,
  config: Config,
  actor: Actor,
  statfs?: StatFs,
): Promise<{ backup: Backup }> {
  let taken: Awaited<ReturnType<typeof backupOnce>>;
  try {
    taken = await backupOnce(database, {
      dataDir: config.dataDir,
      reason: 'manual',
      ...(statfs ? { statfs } : {}),
    });
  } catch (err) {
    // Refused before anything was written (no room on the disk, no shop yet): the owner's
    // sentence, as the command line prints it.
    if (err instanceof BackupError) throw new Conflict(err.message);
    throw err;
  }
  if (!taken) throw new Conflict(BACKUP_BUSY);
  const file = listBackups(backupsDir(config.dataDir)).find((b) => b.path === taken.path)!;
  await database.db.transaction((tx) =>
    record(tx, actor, {
      entity: 'backup',
      entityId: file.name,
      action: 'create',
      after: {
        size_bytes: file.sizeBytes,
        schema: taken.manifest.schema.migration,
        ...taken.manifest.counts,
      },
    }),
  );
  return { backup: toBackup(file) };
}

/** A backup file to download, audited (it holds every shopper's details). */
export async function backupDownload(
  database: Database,
  config: Config,
  actor: Actor,
  name: string,
): Promise<{ name: string; sizeBytes: number; stream: NodeJS.ReadableStream }> {
  const file = listBackups(backupsDir(config.dataDir)).find((b) => b.name === name);
  if (!file || !existsSync(path.join(backupsDir(config.dataDir), name))) {
    throw new NotFound(BACKUP_NOT_FOUND);
  }
  await database.db.transaction((tx) =>
    record(tx, actor, { entity: 'backup', entityId: name, action: 'download' }),
  );
  return { name, sizeBytes: file.sizeBytes, stream: createReadStream(file.path) };
}
