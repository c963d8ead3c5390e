// The newest backup, as health and metrics read it: its file name, time and size, from the
// backups' own listing (ops/backups.ts, decision 035) — only files it would restore count.
import path from 'node:path';
import { latestBackup as newestBackup } from '../ops/index.js';

export interface BackupInfo {
  file: string;
  takenAt: Date;
  bytes: number;
}

/** The newest backup in DATA_DIR/backups; null when there is none. */
export async function latestBackup(dataDir: string): Promise<BackupInfo | null> {
  const newest = newestBackup(dataDir);
  return newest
    ? { file: path.basename(newest.path), takenAt: newest.takenAt, bytes: newest.sizeBytes }
    : null;
}
