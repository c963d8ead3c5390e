// Starting and stopping the processes under test (the shop server, the bare Fastify ceiling,
// `npm start`), each in its own process group so that stopping one stops its children too.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const HOST = '127.0.0.1';

export interface Started {
  pid: number;
  port: number;
  baseUrl: string;
  /** Milliseconds from spawn to the first answered probe request. */
  readyMs: number;
  logFile: string;
  stop(): Promise<void>;
}

export interface StartOptions {
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  port: number;
  /** Path polled until it responds 200, e.g. '/api/home.php'. */
  probePath: string;
  logFile: string;
  timeoutMs: number;
}

/** A TCP port that was free on the loopback interface a moment ago. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

// Groups still running; killed if the bench itself ends early (error or Ctrl-C).
const liveGroups = new Set<number>();
process.once('exit', () => {
  for (const pid of liveGroups) signalGroup(pid, 'SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const pid of liveGroups) signalGroup(pid, 'SIGTERM');
    process.exit(130);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

/**
 * Spawns a process in its own group, logs its output to a file and waits until the probe
 * path responds 200 on the loopback interface. Fails with the log's tail if it exits first
 * or does not answer within the timeout.
 */
export async function startProcess(o: StartOptions): Promise<Started> {
  mkdirSync(path.dirname(o.logFile), { recursive: true });
  const log = createWriteStream(o.logFile);
  const startedAt = performance.now();
  const child = spawn(o.command, o.args, {
    cwd: o.cwd,
    env: o.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not spawn ${o.command}`);
  liveGroups.add(pid);
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });

  const stop = async () => {
    signalGroup(pid, 'SIGTERM');
    if (!(await waitForExit(child, 10_000))) {
      signalGroup(pid, 'SIGKILL');
      await waitForExit(child, 5_000);
    }
    liveGroups.delete(pid);
    log.end();
  };

  const baseUrl = `http://${HOST}:${o.port}`;
  const deadline = startedAt + o.timeoutMs;
  while (performance.now() < deadline) {
    if (exited) break;
    if (await answers(baseUrl + o.probePath)) {
      return {
        pid,
        port: o.port,
        baseUrl,
        readyMs: performance.now() - startedAt,
        logFile: o.logFile,
        stop,
      };
    }
    await sleep(20);
  }
  await stop();
  const tail = readFileSync(o.logFile, 'utf8').split('\n').slice(-25).join('\n');
  throw new Error(
    `${o.command} ${o.args.join(' ')} ${exited ? 'exited' : `did not answer ${o.probePath} within ${o.timeoutMs / 1000} s`}; log ${o.logFile}:\n${tail}`,
  );
}

export interface MemoryStatus {
  /** Peak resident set size since start (or since the last resetPeakMemory), in KiB. */
  hwmKiB: number;
  rssKiB: number;
}

/** VmHWM and VmRSS of a process, from /proc/<pid>/status. */
export function readMemory(pid: number): MemoryStatus {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
    if (!match) throw new Error(`/proc/${pid}/status has no ${name}`);
    return Number(match[1]);
  };
  return { hwmKiB: field('VmHWM'), rssKiB: field('VmRSS') };
}

/** Resets VmHWM to the current RSS (Linux clear_refs "5"), so the next peak is a workload's own. */
export function resetPeakMemory(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** CPU time (user + system) a process has used so far, in ms, from /proc/<pid>/stat. */
export function cpuTimeMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at state, field 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/**
 * Page faults a process has taken so far (minor and major), from /proc/<pid>/stat: memory it
 * touched for the first time, or that the kernel had taken back.
 */
export function pageFaults(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // minflt is field 10, majflt field 12 (fields[0] is field 3).
  return Number(fields[7]) + Number(fields[9]);
}

/**
 * CPU time (user + system) PostgreSQL's processes on this machine have used so far, in ms:
 * every process named `postgres`, with the time of the children each has reaped (a backend
 * that exits is counted in the postmaster's). Null when none is visible (PGlite, or a
 * database on another machine). Any other load on that server is counted too.
 */
export function localPostgresCpuMs(): number | null {
  let total = 0;
  let seen = false;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue;
    seen = true;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, cutime, cstime: fields 14-17, i.e. 11-14 after the state.
    total += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return seen ? (total * 1000) / CLOCK_TICKS_PER_SECOND : null;
}

// USER_HZ: 100 on every Linux this runs on (getconf CLK_TCK).
const CLOCK_TICKS_PER_SECOND = 100;
