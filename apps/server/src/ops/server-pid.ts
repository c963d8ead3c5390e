// The running server's process id in DATA_DIR/kitroom.pid, so the backup and restore commands
// can tell the shop is running: PGlite's folder is opened by one process at a time, and a
// restore must not pull the database from under a running shop.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const SERVER_PID_FILE = 'kitroom.pid';

/** Writes this process's id; answers a function that removes it again. */
export function writeServerPid(dataDir: string): () => void {
  const file = path.join(dataDir, SERVER_PID_FILE);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${process.pid}\n`);
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file);
    } catch {
      // Already gone.
    }
  };
}

/** The id of a live server process using DATA_DIR, or null (no file, or a stale one). */
export function runningServerPid(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(dataDir, SERVER_PID_FILE), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: it lives, under another user.
    return (err as { code?: string }).code === 'EPERM' ? pid : null;
  }
}
