// `npx tsx scripts/start-smoke.ts [--node <major>] [--runs N]` (the last suite of npm test):
// `npm start` as an owner runs it in production, on a fresh DATA_DIR — the first 200 from
// /healthz and from the home page, the Node.js major the server runs on (from /metrics) when
// `--node` names one, then SIGTERM to npm and a clean exit (code 0, the port closed, no
// process of the group left). CI runs it on Node 24 (scripts/test.ts, TEST_NODE_24).
// `--runs N` starts the shop N more times on the same, already seeded DATA_DIR and prints the
// medians: time from spawning `npm start` to the first 200 of /healthz and of /, and the
// server's resident memory once idle (docs/decisions/073-built-server-on-node-22-and-24.md).
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { provideDemoImages } from '../apps/server/src/test/demo-images.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '0' }, node: { type: 'string' } },
});
const runs = Number(values.runs);
const METRICS_TOKEN = 'smoke';
/** The first start of a fresh DATA_DIR migrates and seeds the demo shop. */
const FIRST_START_MS = 5 * 60_000;
const START_MS = 60_000;
/** Idle means: this long after the home page's first 200, with no request in between. */
const IDLE_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function status(url: string, headers: Record<string, string> = {}): Promise<number> {
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(5_000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/** The process npm runs the start script as (npm's child: `exec node …` replaced its shell). */
function serverPid(npmPid: number): number | undefined {
  try {
    const children = readFileSync(`/proc/${npmPid}/task/${npmPid}/children`, 'utf8').trim();
    return children ? Number(children.split(' ')[0]) : undefined;
  } catch {
    return undefined;
  }
}

function residentMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024);
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

interface Run {
  healthMs: number;
  homeMs: number;
  /** Resident memory once idle; measured on the timed starts only. */
  idleMiB: number;
  node: string;
}

async function startOnce(dataDir: string, timeoutMs: number, timed: boolean): Promise<Run> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const npm: ChildProcess = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SESSION_SECRET: 'smoke-test-secret-smoke-test-secret',
      PAYMENT_PROVIDER: 'sandbox',
      DEMO_PAYMENTS_IN_PRODUCTION: 'true',
      METRICS_TOKEN,
      BACKUP_TIME: 'off',
      LOG_LEVEL: 'warn',
    },
  });
  const exited = new Promise<number | null>((resolve) => npm.once('exit', resolve));
  try {
    let healthMs = 0;
    let homeMs = 0;
    const deadline = started + timeoutMs;
    while (!homeMs) {
      if (npm.exitCode !== null) throw new Error(`npm start exited with ${npm.exitCode}`);
      if (performance.now() > deadline) throw new Error(`no 200 within ${timeoutMs} ms`);
      if (!healthMs && (await status(`${base}/healthz`)) === 200) {
        healthMs = performance.now() - started;
      }
      if (healthMs && (await status(`${base}/`)) === 200) homeMs = performance.now() - started;
      if (!homeMs) await sleep(20);
    }
    const metrics = await fetch(`${base}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    }).then((res) => res.text());
    const node = /nodejs_version_info\{version="(v[\d.]+)"/.exec(metrics)?.[1] ?? 'unknown';
    let idleMiB = 0;
    if (timed) {
      await sleep(IDLE_MS);
      const pid = serverPid(npm.pid!);
      if (!pid) throw new Error('no server process under npm');
      idleMiB = residentMiB(pid);
    }

    // SIGTERM to npm alone, as a terminal's or a supervisor's stop: it reaches the server.
    npm.kill('SIGTERM');
    const code = await Promise.race([exited, sleep(20_000).then(() => 'timeout' as const)]);
    if (code !== 0) throw new Error(`npm start ended with ${code} after SIGTERM, not 0`);
    if ((await status(`${base}/healthz`)) !== 0) throw new Error('the port still responds');
    // What the server started (workers, tools) ends with it; a moment to be reaped.
    for (let i = 0; i < 20 && groupAlive(npm.pid!); i++) await sleep(100);
    if (groupAlive(npm.pid!)) {
      const left = execSync(`ps -o pid=,args= -g ${npm.pid}`, { encoding: 'utf8' });
      throw new Error(`processes of npm start outlived it:\n${left}`);
    }
    return {
      healthMs: Math.round(healthMs),
      homeMs: Math.round(homeMs),
      idleMiB,
      node,
    };
  } finally {
    if (groupAlive(npm.pid!)) process.kill(-npm.pid!, 'SIGKILL');
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kitroom-smoke-'));
let ok = true;
try {
  // The demo pictures from the tests' cache: the seed finds them instead of drawing 528.
  await provideDemoImages(dataDir);
  const first = await startOnce(dataDir, FIRST_START_MS, false);
  console.log(
    `smoke: npm start on ${first.node}: /healthz 200 after ${first.healthMs} ms, / 200 after ${first.homeMs} ms (first start: migrate and seed), exited 0 on SIGTERM`,
  );
  if (values.node && !first.node.startsWith(`v${values.node}.`)) {
    throw new Error(`the server ran on ${first.node}, not Node ${values.node}`);
  }
  const timed: Run[] = [];
  for (let i = 0; i < runs; i++) timed.push(await startOnce(dataDir, START_MS, true));
  if (timed.length > 0) {
    const column = (pick: (r: Run) => number) =>
      `${median(timed.map(pick))} (${timed.map(pick).join(', ')})`;
    console.log(`smoke: ${runs} more starts on ${first.node}, medians (runs):`);
    console.log(`  first 200 from /healthz, ms: ${column((r) => r.healthMs)}`);
    console.log(`  first 200 from /, ms:        ${column((r) => r.homeMs)}`);
    console.log(`  idle resident memory, MiB:   ${column((r) => r.idleMiB)}`);
  }
} catch (error) {
  ok = false;
  console.error(`smoke: FAILED: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
