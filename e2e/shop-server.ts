// Starts the real shop — the built server, apps/server/dist/main.js, as `npm start` runs it
// (`npm run build` makes it; global-setup.ts builds first unless E2E_SKIP_BUILD=1) — on a free
// port with its own DATA_DIR: it migrates PGlite, seeds the demo catalogue and sends mail to
// `smtpUrl`. Its output passes through, and the first owner's setup link it prints (no staff
// yet) is kept. The shops journeys start of their own run on E2E_OWN_SHOP_NODE when it names a
// Node binary (CI: Node 24, scripts/test.ts), the shared one on the Node running the journeys.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, readdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const READY_TIMEOUT_MS = 10 * 60_000;

/** Generous limits: a journey suite signs up and logs in many shoppers from one address. */
const JOURNEY_RATE_LIMITS = {
  RATE_LIMIT_OTP_SEND_PER_EMAIL: '50',
  RATE_LIMIT_OTP_SEND_PER_IP: '1000',
  RATE_LIMIT_OTP_CHECK_PER_EMAIL: '50',
  RATE_LIMIT_OTP_CHECK_PER_IP: '1000',
  RATE_LIMIT_LOGIN_PER_EMAIL: '50',
  RATE_LIMIT_LOGIN_PER_IP: '1000',
  RATE_LIMIT_SIGNUP_PER_EMAIL: '50',
  RATE_LIMIT_SIGNUP_PER_IP: '1000',
};

export interface ShopServer {
  baseUrl: string;
  dataDir: string;
  /** The link `npm start` prints while no staff exists: 'Set up the back office: <url> …'. */
  adminSetupUrl: string | undefined;
  stop(): Promise<void>;
}

/** The built server (apps/server/build.ts). */
export const SERVER_ENTRY = path.join(root, 'apps/server/dist/main.js');

const SETUP_LINE = /Set up the back office: (\S+)/;
/** The link is printed right after the server listens; the catalogue check comes later. */
const SETUP_LINE_WAIT_MS = 5_000;

const versions = new Map<string, string>();
/** 'v24.22.3' for a Node binary's path. */
export function nodeVersion(node: string): string {
  let version = versions.get(node);
  if (!version) {
    version = spawnSync(node, ['-v'], { encoding: 'utf8' }).stdout.trim();
    versions.set(node, version);
  }
  return version;
}

/** The journeys' tools on a stopped shop's data (apps/server/src/test/*-cli.ts). */
export type TestTool = 'check-invariants-cli' | 'deliver-order-cli';

/**
 * Builds the tools as plain JavaScript into a folder of this run's own in apps/server (where
 * their packages resolve), as the server suite builds the server: run through tsx, each cost
 * ~2.9 s of CPU at every journey's end; built, ~0.7 s. Returns the folder; remove it after.
 */
export function buildTestTools(): string {
  const name = `dist-test-e2e-${process.pid}-${Date.now()}`;
  const built = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'build.ts', '--outdir', name, '--test-tools'],
    { cwd: path.join(root, 'apps/server'), encoding: 'utf8' },
  );
  if (built.status !== 0) throw new Error(`the journeys' tools did not build:\n${built.stderr}`);
  return path.join(root, 'apps/server', name);
}

/**
 * Runs one of the tools on a stopped shop's data: the built one global-setup.ts made
 * (E2E_TEST_TOOLS), or the source through tsx when the journeys run against a shop they did
 * not start.
 */
export function testTool(tool: TestTool, args: string[]) {
  const built = process.env.E2E_TEST_TOOLS;
  const [command, first] = built
    ? [process.execPath, ['--liftoff-only', path.join(built, `${tool}.js`)]]
    : [path.join(root, 'node_modules/.bin/tsx'), [`apps/server/src/test/${tool}.ts`]];
  return spawnSync(command, [...first, ...args], { cwd: root, encoding: 'utf8' });
}

/** The Node binary the shops journeys start of their own run on. */
export const ownShopNode = process.env.E2E_OWN_SHOP_NODE || process.execPath;

const handedOut = new Set<number>();

/**
 * A port for a shop of its own, free when asked. It comes from below the range Linux gives
 * outgoing connections (32768 and up), so none of the run's own connections can take it in the
 * seconds before the shop binds it. Each Playwright worker draws from its own block.
 */
async function freePort(): Promise<number> {
  const worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 8;
  const first = 20_000 + worker * 1_500;
  for (let tries = 0; tries < 200; tries++) {
    const port = first + Math.floor(Math.random() * 1_500);
    if (handedOut.has(port)) continue;
    const server = net.createServer();
    server.unref();
    const free = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (!free) continue;
    await new Promise((resolve) => server.close(resolve));
    handedOut.add(port);
    return port;
  }
  throw new Error('no free port found for a shop of its own');
}

async function waitForCatalogue(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/home.php`);
      if (res.ok) {
        const home = (await res.json()) as { 'New product': unknown[] };
        if (home['New product'].length > 0) return;
      }
    } catch {
      // Not listening yet.
    }
    // Every quarter second: a shop from the template is ready in about 3 s, and a journey waits
    // for each start (and restart), so a whole second's poll cost half a second each time.
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not serve a catalogue within ${READY_TIMEOUT_MS / 1000} s`);
}

export async function startShopServer(options: {
  dataDir: string;
  smtpUrl: string;
  /** A port to listen on (a shop started again on its DATA_DIR keeps its address). */
  port?: number;
  /** More of the server's environment (e.g. a faster sandbox courier). */
  env?: Record<string, string>;
  /** The Node binary to run it on (default: the one running the journeys). */
  node?: string;
}): Promise<ShopServer> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...JOURNEY_RATE_LIMITS,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    PUBLIC_URL: baseUrl,
    SMTP_URL: options.smtpUrl,
    PAYMENT_PROVIDER: 'sandbox',
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  // The journeys use their own embedded database.
  delete env.DATABASE_URL;
  // A new shop starts from the one global-setup.ts migrated and seeded, then stopped (no
  // staff, no orders): 3 s to ready instead of 7, and no drawing the demo pictures again.
  const template = process.env.E2E_SHOP_TEMPLATE;
  if (template && existsSync(template) && readdirSync(options.dataDir).length === 0) {
    cpSync(template, options.dataDir, { recursive: true });
  }
  const node = options.node ?? process.execPath;
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(`${SERVER_ENTRY} is not built: run \`npm run build\` at the root`);
  }
  console.log(`A shop on ${baseUrl}, Node ${nodeVersion(node)}`);
  // Without V8's optimising compiler for PGlite's WebAssembly, as the server suite's workers
  // (decision 101): a journey's shop lives a minute, too short to win its compiling back.
  const server = spawn(node, ['--liftoff-only', SERVER_ENTRY], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let output = '';
  let adminSetupUrl: string | undefined;
  server.stdout!.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    if (adminSetupUrl) return;
    output += chunk.toString('utf8');
    adminSetupUrl = SETUP_LINE.exec(output)?.[1];
  });
  const stop = async () => {
    if (server.pid && server.exitCode === null) {
      process.kill(-server.pid, 'SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
  };
  try {
    await waitForCatalogue(baseUrl, server);
    const deadline = Date.now() + SETUP_LINE_WAIT_MS;
    while (!adminSetupUrl && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dataDir: options.dataDir, adminSetupUrl, stop };
}
