// The running servers' process ids, one file each in DATA_DIR (kitroom-<pid>.pid), so the
// backup and restore commands can tell the shop is running: PGlite's folder is opened by one
// process at a time, a restore must not pull the database from under any running server, and
// several servers on one PostgreSQL share DATA_DIR (one file would name only the last one).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const PID_FILE = /^kitroom-\d+\.pid$/;

/** The file that names the server process `pid`. */
export function serverPidFile(pid: number): string {
  return `kitroom-${pid}.pid`;
}

/** Writes this process's id; answers a function that removes it again. */
export function writeServerPid(dataDir: string): () => void {
  const file = path.join(dataDir, serverPidFile(process.pid));
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${process.pid}\n`);
  return () => rmSync(file, { force: true });
}

/** Whether process `pid` runs on this machine. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it lives, under another user.
    return (err as { code?: string }).code === 'EPERM';
  }
}

/** The id of a live server process using DATA_DIR, or null (no file, or only stale ones). */
export function runningServerPid(dataDir: string): number | null {
  let names: string[];
  try {
    names = readdirSync(dataDir).filter((name) => PID_FILE.test(name));
  } catch {
    return null;
  }
  for (const name of names.sort()) {
    let pid: number;
    try {
      pid = Number(readFileSync(path.join(dataDir, name), 'utf8').trim());
    } catch {
      continue;
    }
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && processAlive(pid)) return pid;
  }
  return null;
}
