// The newest backup under DATA_DIR/backups: its time and size. A stand-in with the signature
// the backups' module exports (latestBackup(dataDir) in ops/): at merge, imports of this file
// move to that one and this file goes (decision 036).
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

export interface BackupInfo {
  file: string;
  takenAt: Date;
  bytes: number;
}

/** The newest file in DATA_DIR/backups by modification time; null when there is none. */
export async function latestBackup(dataDir: string): Promise<BackupInfo | null> {
  const dir = path.join(dataDir, 'backups');
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return null;
  }
  let newest: BackupInfo | null = null;
  for (const name of names) {
    if (name.startsWith('.')) continue;
    const s = await stat(path.join(dir, name)).catch(() => null);
    if (!s?.isFile()) continue;
    if (!newest || s.mtime > newest.takenAt)
      newest = { file: name, takenAt: s.mtime, bytes: s.size };
  }
  return newest;
}
