// The running servers' process ids, one file each in DATA_DIR (kitroom-<pid>.pid), so the
// backup and restore commands can tell the shop is running: PGlite's folder is opened by one
// process at a time, a restore must not pull the database from under any running server, and
// several servers on one PostgreSQL share DATA_DIR (one file would name only the last one).
//
// A server killed with kill -9 leaves its file behind, and its id may later be given to
// another process: a live id alone does not mean a live server. Each file also records when
// its process started (Linux: /proc/<pid>/stat), so a reused id is told apart; a file with no
// start time (an older release wrote it) counts only if the process's command line is a
// Kitroom server's. Files that name no running server are removed as they are found.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const PID_FILE = /^kitroom-\d+\.pid$/;
/** How releases that wrote no start time ran a server: scripts/start.ts, src/main.ts, scripts/dev.ts. */
const SERVER_SCRIPT =
  /(?:^|[/\\])(?:apps[/\\]server[/\\]src[/\\]main|scripts[/\\](?:start|dev))\.ts$/;

/** The file that names the server process `pid`. */
export function serverPidFile(pid: number): string {
  return `kitroom-${pid}.pid`;
}

/**
 * When process `pid` started, in clock ticks since boot (field 22 of /proc/<pid>/stat); null
 * where there is no /proc or the process is gone. Unique to the process: a reused id starts later.
 */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

/** Process `pid`'s arguments, or null where there is no /proc. */
function commandLine(pid: number): string[] | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return null;
  }
}

/** Writes this process's id and start time; returns a function that removes the file again. */
export function writeServerPid(dataDir: string): () => void {
  const file = path.join(dataDir, serverPidFile(process.pid));
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${process.pid}\n${processStartTime(process.pid) ?? ''}\n`);
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

/** Whether the server a pid file names still runs: the same process, not a reused id. */
function isRunningServer(pid: number, recordedStart: string | undefined): boolean {
  if (!processAlive(pid)) return false;
  const started = processStartTime(pid);
  if (started === null) return true; // no /proc: the id is all there is to go by
  if (recordedStart) return started === recordedStart;
  const args = commandLine(pid);
  return args === null || args.some((arg) => SERVER_SCRIPT.test(arg));
}

/**
 * The id of a live server process using DATA_DIR, or null (no file, or only stale ones,
 * which are removed).
 */
export function runningServerPid(dataDir: string): number | null {
  let names: string[];
  try {
    names = readdirSync(dataDir).filter((name) => PID_FILE.test(name));
  } catch {
    return null;
  }
  let running: number | null = null;
  for (const name of names.sort()) {
    const file = path.join(dataDir, name);
    let lines: string[];
    try {
      lines = readFileSync(file, 'utf8').split('\n');
    } catch {
      continue;
    }
    const pid = Number(lines[0]?.trim());
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) continue;
    if (isRunningServer(pid, lines[1]?.trim() || undefined)) running ??= pid;
    else rmSync(file, { force: true });
  }
  return running;
}
