// npm run backup and npm run restore ask whether any server runs on DATA_DIR; several servers
// on one PostgreSQL share it, each naming itself in a file of its own.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runningServerPid, serverPidFile, writeServerPid } from './server-pid.js';

/** A process that lives until it is killed. */
function sleeper(): ChildProcess {
  return spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
}

describe('the servers running on DATA_DIR', () => {
  let dataDir: string;
  let live: ChildProcess;
  let deadPid: number;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'kitroom-pids-'));
    live = sleeper();
    const ended = sleeper();
    deadPid = ended.pid!;
    const exited = new Promise((resolve) => ended.once('exit', resolve));
    ended.kill();
    await exited;
  });
  afterAll(() => {
    live.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('names a live one among stale files, and none once it is gone', () => {
    writeFileSync(path.join(dataDir, serverPidFile(deadPid)), `${deadPid}\n`);
    expect(runningServerPid(dataDir)).toBeNull();
    writeFileSync(path.join(dataDir, serverPidFile(live.pid!)), `${live.pid}\n`);
    expect(runningServerPid(dataDir)).toBe(live.pid);
    rmSync(path.join(dataDir, serverPidFile(live.pid!)));
    expect(runningServerPid(dataDir)).toBeNull();
  });

  it("keeps each process's file apart: one stopping leaves the other's", () => {
    const remove = writeServerPid(dataDir);
    writeFileSync(path.join(dataDir, serverPidFile(live.pid!)), `${live.pid}\n`);
    remove();
    expect(runningServerPid(dataDir)).toBe(live.pid);
  });
});
