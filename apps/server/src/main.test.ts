// The real server process: starts, serves, refuses a second server on its built-in database,
// and on SIGTERM finishes the request in flight, refuses new connections and exits 0; started
// by `npm start`, the signals npm is sent reach it. Always on PGlite in its own DATA_DIR: the
// process under test must never see the PostgreSQL database of the suite.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/index.js';
import { provideDemoImages } from './test/demo-images.js';
import {
  built,
  freePort,
  watchProcess,
  type Command,
  type OwnProcess,
} from './test/server-process.js';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

type Running = OwnProcess;

/** The built server, as `npm start` runs it. */
const serverCommand = (): Command => ({
  file: process.execPath,
  args: [built('main.js')],
  detached: false,
});

const start = (env: Record<string, string>, command: Command = serverCommand()): Running =>
  watchProcess({ detached: false, ...command }, env);

/** Whether any process of the group is still alive. */
function groupAlive(groupId: number): boolean {
  try {
    process.kill(-groupId, 0);
    return true;
  } catch {
    return false;
  }
}

async function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

/**
 * One shop's DATA_DIR for the file: the server's first start below migrates and seeds it, and
 * `npm start` then starts on it as an owner's second start does (a first start through npm is
 * the smoke run's, scripts/start-smoke.ts). Each first start costs a PGlite initdb, the
 * migrations and the seed: 8–20 s of CPU on these machines.
 */
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'kitroom-main-'));
  await provideDemoImages(dataDir);
}, 180_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('main', () => {
  let running: Running | undefined;

  afterAll(() => {
    if (running && running.child.exitCode === null) running.child.kill('SIGKILL');
  });

  it('refuses a bad configuration with its message and exit code 1', async () => {
    const bad = start({ DATA_DIR: dataDir, PORT: 'eighty' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('Invalid configuration:');
    expect(bad.output()).toContain('PORT:');
  });

  it('says which database it could not reach, without its password or a stack trace', async () => {
    // A port nothing listens on: the connection is refused at once.
    const port = await freePort();
    const refused = start({
      DATA_DIR: dataDir,
      PORT: '0',
      NODE_ENV: 'test',
      DATABASE_URL: `postgres://kitroom:s3cret-word@127.0.0.1:${port}/shop`,
    });
    expect(await refused.exited).toBe(1);
    expect(refused.output().trim()).toBe(
      `Kitroom could not start: the database at 127.0.0.1:${port}, database shop refused the ` +
        'connection (ECONNREFUSED). Check that PostgreSQL is running there and that ' +
        'DATABASE_URL names it, with its user and password.',
    );
  });

  it('refuses a DATA_DIR it cannot write, naming the folder and the cause', async () => {
    // A shop's folder, then made read-only: a read-only mount (root writes through any
    // permission), or no write permission for anyone else.
    const shop = mkdtempSync(path.join(os.tmpdir(), 'kitroom-read-only-'));
    const database = await openDatabase({ pgliteDir: path.join(shop, 'pglite') });
    await database.migrate();
    await database.close();
    const asRoot = process.getuid?.() === 0;
    if (asRoot) {
      spawnSync('mount', ['--bind', shop, shop]);
      spawnSync('mount', ['-o', 'remount,bind,ro', shop]);
    } else {
      chmodSync(shop, 0o555);
    }
    try {
      const refused = start({ DATA_DIR: shop, PORT: '0', NODE_ENV: 'test' });
      expect(await refused.exited).toBe(1);
      expect(refused.output().trim()).toBe(
        `Kitroom could not start: Kitroom cannot write to DATA_DIR (${shop}): ` +
          (asRoot
            ? 'its file system is mounted read-only (EROFS). '
            : 'permission denied (EACCES). ') +
          `Make the folder writable by the user that runs the server (${os.userInfo().username}), ` +
          'or set DATA_DIR to a folder it can write.',
      );
    } finally {
      if (asRoot) spawnSync('umount', [shop]);
      else chmodSync(shop, 0o755);
      rmSync(shop, { recursive: true, force: true });
    }
  }, 60_000);

  it('serves, then on SIGTERM finishes the request in flight and exits 0', async () => {
    const port = await freePort();
    running = start({
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
    });
    const [, url] = await running.waitFor(/Kitroom is running at (\S+)/, 120_000);
    expect(url).toBe(`http://localhost:${port}`);
    // No staff yet: the first owner's one-time link follows, and it works.
    const [, setupUrl] = await running.waitFor(
      /Set up the back office: (\S+) \(valid 24 hours\)/,
      10_000,
    );
    expect(setupUrl).toMatch(new RegExp(`^http://localhost:${port}/admin/setup/[\\w-]{43}$`));
    const base = `http://127.0.0.1:${port}`;

    // A second server on the same built-in database (npm start run twice) is refused before
    // it opens the database, which one process writes at a time.
    const second = start({ DATA_DIR: dataDir, PORT: String(await freePort()), NODE_ENV: 'test' });
    expect(await second.exited).toBe(1);
    expect(second.output().trim()).toBe(
      `Kitroom could not start: Kitroom is already running on ${dataDir} ` +
        `(process ${running.child.pid}), and its built-in database is opened by one process at ` +
        'a time: a second would break it. Use the shop that is running, or stop it first ' +
        `(kill ${running.child.pid}). To run several processes, use PostgreSQL (DATABASE_URL).`,
    );

    const token = setupUrl!.split('/admin/setup/')[1];
    const setupInfo = await fetch(`${base}/api/admin/setup/${token}`);
    expect(setupInfo.status).toBe(200);
    expect(await setupInfo.json()).toMatchObject({ kind: 'new', role: 'owner', email: null });

    const home = await fetch(`${base}/api/home.php`);
    expect(home.status).toBe(200);
    const lists = (await home.json()) as Record<string, { image_url: string }[]>;
    expect(lists['New product']!.length).toBeGreaterThan(0);
    const image = await fetch(`${base}/${lists['New product']![0]!.image_url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');

    // A request whose headers have arrived but whose body has not: in flight at SIGTERM.
    const body = JSON.stringify({ search: 'messi' });
    const socket = net.connect(port, '127.0.0.1');
    let response = '';
    socket.on('data', (chunk) => (response += chunk.toString('utf8')));
    const responded = new Promise<void>((resolve) => socket.on('end', resolve));
    socket.write(
      `POST /api/search_result.php HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    await running.waitFor(
      /"url":"\/api\/search_result\.php"[^\n]*"msg":"incoming request"/,
      10_000,
    );

    running.child.kill('SIGTERM');
    await running.waitFor(/stopping: finishing requests in flight/, 10_000);
    // New requests are turned away: refused, or 503 in the moment before the port closes.
    const late = await fetch(`${base}/healthz`).then(
      (res) => res.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);

    socket.end(body);
    await responded;
    expect(response).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(response).toContain('Messi');
    expect(await running.exited).toBe(0);
  }, 180_000);
});

describe('npm start', () => {
  const groups: number[] = [];

  afterAll(() => {
    for (const group of groups) if (groupAlive(group)) process.kill(-group, 'SIGKILL');
  });

  /** `npm start` in its own process group, serving on a free port; resolves once it serves. */
  async function npmStart(): Promise<{ running: Running; port: number; group: number }> {
    const port = await freePort();
    const running = start(
      { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
      { file: 'npm', args: ['start'], cwd: repositoryRoot, detached: true },
    );
    const group = running.child.pid!;
    groups.push(group);
    // Run alone (the file's first start above skipped), this start migrates and seeds.
    await running.waitFor(/Kitroom is running at/, 240_000);
    expect(await portOpen(port)).toBe(true);
    return { running, port, group };
  }

  it('passes SIGTERM sent to npm on to the server: the port closes and every process ends', async () => {
    const { running, port, group } = await npmStart();
    // Its pages are rendered on the server (by the web app's build, which a start makes when
    // it is missing), not sent as the bare shell.
    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(await home.text()).toContain('Latest Products');
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
    expect(await until(() => !groupAlive(group), 10_000)).toBe(true);
    expect(await portOpen(port)).toBe(false);
  }, 300_000);

  it('stops gracefully on Ctrl+C, which reaches npm and the server both', async () => {
    const { running, port, group } = await npmStart();
    // A terminal sends SIGINT to the whole foreground group; npm forwards it once more.
    process.kill(-group, 'SIGINT');
    expect(await running.exited).toBe(0);
    expect(await until(() => !groupAlive(group), 10_000)).toBe(true);
    expect(await portOpen(port)).toBe(false);
  }, 300_000);
});
