// npm run backup and npm run restore ask whether any server runs on DATA_DIR; several servers
// on one PostgreSQL share it, each naming itself in a file of its own. A file left by a server
// killed with kill -9 names an id the system may give to another process: that is no server.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processStartTime, runningServerPid, serverPidFile, writeServerPid } from './server-pid.js';

const linux = existsSync('/proc/self/stat');

/** A process that lives until it is killed; `args` show in its command line. */
function sleeper(...args: string[]): ChildProcess {
  return spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', ...args], {
    stdio: 'ignore',
  });
}

/** The pid file a server writes (writeServerPid), for another process. */
const pidFileOf = (pid: number) => `${pid}\n${processStartTime(pid) ?? ''}\n`;

describe('the servers running on DATA_DIR', () => {
  let dataDir: string;
  let live: ChildProcess;
  let deadPid: number;

  let other: ChildProcess;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'kitroom-pids-'));
    live = sleeper();
    other = sleeper();
    const ended = sleeper();
    deadPid = ended.pid!;
    const exited = new Promise((resolve) => ended.once('exit', resolve));
    ended.kill();
    await exited;
  });
  afterAll(() => {
    live.kill();
    other.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('names a live one among stale files, and none once it is gone', () => {
    writeFileSync(path.join(dataDir, serverPidFile(deadPid)), `${deadPid}\n`);
    expect(runningServerPid(dataDir)).toBeNull();
    writeFileSync(path.join(dataDir, serverPidFile(live.pid!)), pidFileOf(live.pid!));
    expect(runningServerPid(dataDir)).toBe(live.pid);
    rmSync(path.join(dataDir, serverPidFile(live.pid!)));
    expect(runningServerPid(dataDir)).toBeNull();
    // The stale file was cleared on the way.
    expect(existsSync(path.join(dataDir, serverPidFile(deadPid)))).toBe(false);
  });

  it('writes when the server started beside its id', () => {
    const remove = writeServerPid(dataDir);
    const [pid, started] = readFileSync(path.join(dataDir, serverPidFile(process.pid)), 'utf8')
      .trim()
      .split('\n');
    remove();
    expect(Number(pid)).toBe(process.pid);
    if (linux) expect(started).toMatch(/^\d+$/);
  });

  it.runIf(linux)('takes a reused id for no server, and removes its file', () => {
    // kill -9 left this file; the id now belongs to a process that started later.
    const reused = path.join(dataDir, serverPidFile(other.pid!));
    writeFileSync(reused, `${other.pid}\n1\n`);
    expect(runningServerPid(dataDir)).toBeNull();
    expect(existsSync(reused)).toBe(false);
    // An older release's file (no start time) counts only for a server's command line.
    writeFileSync(reused, `${other.pid}\n`);
    expect(runningServerPid(dataDir)).toBeNull();
    expect(existsSync(reused)).toBe(false);
  });

  it.runIf(linux)("counts an older release's file whose process is a Kitroom server", async () => {
    const server = sleeper('/srv/kitroom/apps/server/src/main.ts');
    try {
      await new Promise((resolve) => server.once('spawn', resolve));
      writeFileSync(path.join(dataDir, serverPidFile(server.pid!)), `${server.pid}\n`);
      expect(runningServerPid(dataDir)).toBe(server.pid);
    } finally {
      rmSync(path.join(dataDir, serverPidFile(server.pid!)), { force: true });
      server.kill();
    }
  });

  it("keeps each process's file apart: one stopping leaves the other's", () => {
    const remove = writeServerPid(dataDir);
    writeFileSync(path.join(dataDir, serverPidFile(live.pid!)), pidFileOf(live.pid!));
    remove();
    expect(runningServerPid(dataDir)).toBe(live.pid);
  });
});
