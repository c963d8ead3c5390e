// The bench databases: one per catalogue size (PostgreSQL database `<name>_bench_<size>` on
// the server DATABASE_URL names, or a PGlite folder under bench/.data), seeded once with the
// demo-catalogue seed and reused while their product count matches.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { inArray, like, sql } from 'drizzle-orm';
import {
  createSession,
  sessionHandle,
  SESSION_COOKIE,
} from '../../apps/server/src/accounts/sessions.service.js';
import { releaseExpiredOrders } from '../../apps/server/src/checkout/index.js';
import { openDatabase, type Database } from '../../apps/server/src/db/client.js';
import { cartItems, sessions, users } from '../../apps/server/src/db/schema.js';
import { queryRows } from '../../apps/server/src/db/sql.js';

export interface Target {
  kind: 'postgres' | 'pglite';
  products: number;
  /** The bench database's URL (PostgreSQL only). */
  databaseUrl: string | undefined;
  /** DATA_DIR of the server under test: PGlite files, images, outbox. */
  dataDir: string;
  /** Where this size's logs go. */
  logDir: string;
}

/** The bench target for one size: PostgreSQL when a server URL is given, else PGlite. */
export function targetFor(
  serverUrl: string | undefined,
  products: number,
  dataRoot: string,
): Target {
  const kind = serverUrl ? 'postgres' : 'pglite';
  const dataDir = path.join(dataRoot, `${kind}-${products}`);
  let databaseUrl: string | undefined;
  if (serverUrl) {
    const url = new URL(serverUrl);
    // Named after the URL's own database (kitroom → kitroom_bench_10000), so checkouts that
    // benchmark side by side on one server can keep their catalogues apart.
    const base = url.pathname.slice(1).replace(/[^a-z0-9_]/gi, '') || 'kitroom';
    url.pathname = `/${base}_bench_${products}`;
    databaseUrl = url.toString();
  }
  return { kind, products, databaseUrl, dataDir, logDir: path.join(dataDir, 'logs') };
}

export async function open(target: Target): Promise<Database> {
  return openDatabase({
    databaseUrl: target.databaseUrl,
    pgliteDir: path.join(target.dataDir, 'pglite'),
    poolSize: 2,
  });
}

async function ensurePostgresDatabase(target: Target): Promise<void> {
  if (!target.databaseUrl) return;
  const bench = new URL(target.databaseUrl);
  const name = bench.pathname.slice(1);
  const admin = new URL(target.databaseUrl);
  admin.pathname = '/postgres';
  const database = await openDatabase({ databaseUrl: admin.toString(), poolSize: 1 });
  try {
    const found = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT 1 AS n FROM pg_database WHERE datname = ${name}`,
    );
    // The name is ours (letters, digits and _ only), so quoting it as an identifier is safe.
    if (found.length === 0) await database.db.execute(sql.raw(`CREATE DATABASE "${name}"`));
  } finally {
    await database.close();
  }
}

/**
 * Empties the target's database before it is seeded again: the seed replaces the catalogue
 * only where no order refers to it, and a bench database gathers orders (the checkout
 * scenarios, `--orders`). The database is the bench's own (`<name>_bench_<size>`, or PGlite
 * under bench/.data/), so it is dropped and made again.
 */
async function emptyDatabase(target: Target): Promise<void> {
  if (!target.databaseUrl) {
    rmSync(path.join(target.dataDir, 'pglite'), { recursive: true, force: true });
    return;
  }
  const name = new URL(target.databaseUrl).pathname.slice(1);
  const admin = new URL(target.databaseUrl);
  admin.pathname = '/postgres';
  const database = await openDatabase({ databaseUrl: admin.toString(), poolSize: 1 });
  try {
    // The name is ours (letters, digits and _ only), so quoting it as an identifier is safe.
    await database.db.execute(sql.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    await database.db.execute(sql.raw(`CREATE DATABASE "${name}"`));
  } finally {
    await database.close();
  }
}

async function productCount(target: Target): Promise<number> {
  const database = await open(target);
  try {
    await database.migrate();
    const [row] = await queryRows<{ n: string | number }>(
      database.db,
      sql`SELECT count(*) AS n FROM products`,
    );
    return Number(row?.n ?? 0);
  } finally {
    await database.close();
  }
}

/** Environment for a child process that works on this target (seed, server). */
export function targetEnv(target: Target, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: target.dataDir, ...extra };
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  else delete env.DATABASE_URL;
  return env;
}

async function runSeed(root: string, target: Target, timeoutMs: number): Promise<void> {
  mkdirSync(target.logDir, { recursive: true });
  const logFile = path.join(target.logDir, 'seed.log');
  const log = createWriteStream(logFile);
  const child = spawn('npm', ['run', 'seed', '--', '--products', String(target.products)], {
    cwd: root,
    env: targetEnv(target, { LOG_LEVEL: 'warn' }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    }, timeoutMs);
    child.once('exit', (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  log.end();
  if (code !== 0) throw new Error(`seeding ${target.products} products failed; see ${logFile}`);
}

export interface Prepared {
  /** Seconds the seed took, or null when the database was reused. */
  seededSeconds: number | null;
  products: number;
}

/** A hash of the seed's sources: a database seeded by other seed code is seeded again. */
function seedFingerprint(root: string): string {
  const dir = path.join(root, 'apps/server/src/seed');
  const hash = createHash('sha256');
  for (const name of readdirSync(dir).sort()) {
    if (name.endsWith('.ts') && !name.endsWith('.test.ts')) {
      hash.update(name).update(readFileSync(path.join(dir, name)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

interface SeedMark {
  products: number;
  seed: string;
}

function readMark(file: string): SeedMark | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as SeedMark;
  } catch {
    return undefined;
  }
}

/**
 * Creates and migrates the target's database, and seeds it unless it already holds the
 * asked number of products from the same seed code (recorded in its data folder).
 */
export async function prepareCatalogue(root: string, target: Target): Promise<Prepared> {
  if (!existsSync(path.join(root, 'apps/server/src/seed'))) {
    throw new Error(
      'The demo-catalogue seed (apps/server/src/seed/) is not in this checkout: the bench needs `npm run seed -- --products N`.',
    );
  }
  await ensurePostgresDatabase(target);
  const markFile = path.join(target.dataDir, 'seeded.json');
  const fingerprint = seedFingerprint(root);
  const mark = readMark(markFile);
  const before = await productCount(target);
  if (before === target.products && mark?.products === before && mark.seed === fingerprint) {
    await releaseLeftHolds(target);
    return { seededSeconds: null, products: before };
  }
  rmSync(markFile, { force: true });
  const started = performance.now();
  // From an empty database: one that holds orders cannot have its catalogue replaced.
  if (before > 0) {
    await emptyDatabase(target);
    await productCount(target);
  }
  await runSeed(root, target, 15 * 60_000);
  const seededSeconds = (performance.now() - started) / 1000;
  const after = await productCount(target);
  if (after !== target.products) {
    throw new Error(`the seed made ${after} products, not the ${target.products} asked for`);
  }
  writeFileSync(markFile, `${JSON.stringify({ products: after, seed: fingerprint })}\n`);
  return { seededSeconds, products: after };
}

/**
 * Gives back the stock still held by the unpaid orders that earlier runs' checkout scenarios
 * left in this database, with the server's own sweep as if their holds had ended. Thousands
 * of them end at the same minute; left alone, the server under test would release them in
 * the middle of a later run, and whichever scenario ran then would be measured with it.
 */
async function releaseLeftHolds(target: Target): Promise<void> {
  const database = await open(target);
  try {
    await releaseExpiredOrders(database.db, new Date(Date.now() + 24 * 3600_000));
  } finally {
    await database.close();
  }
}

export interface BenchUser {
  id: number;
  email: string;
  sessionId: string;
  /** The session_id a logged-in client keeps in localStorage (userData). */
  sessionHandle: string;
  /** The Cookie header value that logs this user in. */
  cookie: string;
}

const BENCH_EMAIL_DOMAIN = 'bench.kitroom.invalid';

/**
 * Shoppers for the cart scenario, one per connection: created once, their carts emptied and
 * their old sessions replaced by fresh ones on every run. They have no usable password; they
 * are logged in by sessions made directly in the database.
 */
export async function prepareShoppers(target: Target, count: number): Promise<BenchUser[]> {
  const database = await open(target);
  try {
    const db = database.db;
    const emails = Array.from(
      { length: count },
      (_, i) => `shopper-${i + 1}@${BENCH_EMAIL_DOMAIN}`,
    );
    await db
      .insert(users)
      .values(
        emails.map((email, i) => ({
          name: `Bench Shopper ${i + 1}`,
          email,
          passwordHash: '!',
          phoneNumber: '9000000000',
        })),
      )
      .onConflictDoNothing({ target: users.email });
    const rows = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(like(users.email, `%@${BENCH_EMAIL_DOMAIN}`));
    const mine = rows.filter((r) => emails.includes(r.email));
    const ids = mine.map((r) => r.id);
    await db.delete(cartItems).where(inArray(cartItems.userId, ids));
    await db.delete(sessions).where(inArray(sessions.userId, ids));
    const shoppers: BenchUser[] = [];
    for (const { id, email } of mine) {
      const { sessionId } = await createSession(db, id);
      shoppers.push({
        id,
        email,
        sessionId,
        sessionHandle: sessionHandle(sessionId),
        cookie: `${SESSION_COOKIE}=${sessionId}`,
      });
    }
    return shoppers;
  } finally {
    await database.close();
  }
}
