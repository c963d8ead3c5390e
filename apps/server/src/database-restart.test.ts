// PostgreSQL restarted, failed over or a connection cut while the shop is busy: the real server
// process keeps running, the orders in flight either commit whole or fail with a 503 the
// storefront shows, and the next requests succeed once the database responds again. The cut is
// pg_terminate_backend on this test's own database only (the shared PostgreSQL server is never
// restarted: other suites use it). PostgreSQL only: PGlite runs inside the process.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE, queryRows } from './db/index.js';
import { allowManyUnpaidOrders, orderBody } from './test/checkout.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from './test/database.js';
import { provideDemoImages } from './test/demo-images.js';
import { built, freePort } from './test/server-process.js';
import { createProduct, loggedInUser } from './test/factories.js';

const STOCK = 10_000;
/** Requests in flight at once while the connections are cut. */
const LANES = 8;
const SHOPPERS = 400;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Reply {
  status: number;
  body: string;
}

describe.runIf(testDatabaseKind() === 'postgres')('a database connection cut under load', () => {
  let t: TestDatabase;
  let dir: string;
  let child: ChildProcess;
  let output = '';
  let exitCode: number | null | undefined;
  let exited: Promise<void>;
  let base: string;
  let jersey: number;
  const shoppers: { id: number; cookie: string }[] = [];

  beforeAll(async () => {
    t = await createTestDatabase();
    dir = mkdtempSync(path.join(os.tmpdir(), 'kitroom-db-restart-'));
    await provideDemoImages(dir);
    jersey = await createProduct(t.db, {
      name: 'Cut Connection Home Jersey',
      pricePaise: 99_900,
      discountPricePaise: 99_900,
      sizes: { M: STOCK },
    });
    for (let i = 0; i < SHOPPERS; i++) shoppers.push(await loggedInUser(t.db));
    // The orders stay unpaid: at ~1,000 orders a second the lanes place more than 3 for each
    // of the 400 shoppers in the test's 3 s (stop 67's CI answered 409 for the 1,201st).
    await allowManyUnpaidOrders(t.db);

    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const { DATABASE_URL: _url, TEST_DATABASE: _kind, ...inherited } = process.env;
    child = spawn(process.execPath, [built('main.js')], {
      env: {
        ...inherited,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: t.url!,
        // The fewest connections the server takes: a connection a cut leaves checked out for
        // good then stops every request (2 of 3 runs did so with drizzle's own transaction).
        DATABASE_POOL_SIZE: '2',
        DATA_DIR: dir,
        PUBLIC_URL: base,
        LOG_LEVEL: 'warn',
        BACKUP_TIME: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    exited = new Promise((resolve) =>
      child.on('exit', (code) => {
        exitCode = code;
        resolve();
      }),
    );
    const deadline = Date.now() + 120_000;
    while (!/Kitroom is running at/.test(output)) {
      if (exitCode !== undefined || Date.now() > deadline) {
        throw new Error(`the server did not start:\n${output}`);
      }
      await pause(50);
    }
  }, 300_000);

  afterAll(async () => {
    if (child && exitCode === undefined) {
      child.kill('SIGTERM');
      await exited;
    }
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  let next = 0;
  async function placeOrder(): Promise<Reply> {
    const shopper = shoppers[next++ % SHOPPERS]!;
    const res = await fetch(`${base}/api/process_order.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: shopper.cookie },
      // A request never responded to is a failure of its own (stop 58's CI: connections the
      // pool lost for good), not the test's timeout.
      signal: AbortSignal.timeout(20_000),
      body: JSON.stringify(
        orderBody(shopper.id, [{ product_id: jersey, size: 'M', quantity: 2 }], 2 * 999 + 60), // Kerala: ₹60 shipping
      ),
    });
    return { status: res.status, body: await res.text() };
  }

  /**
   * Ends every connection the server holds to its database, as a PostgreSQL restart does. Only
   * client backends: an autovacuum worker on the database is the superuser's, which this role
   * may not end (a run failed on it once).
   */
  async function cutConnections(): Promise<number> {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ n: number }>(
        `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS n
           FROM pg_stat_activity
          WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
        [new URL(t.url!).pathname.slice(1)],
      );
      return rows[0]!.n;
    } finally {
      await admin.end();
    }
  }

  it('keeps serving: in-flight orders commit whole or respond 503, the next ones succeed', async () => {
    const responses: Reply[] = [];
    let loading = true;
    const lanes = Array.from({ length: LANES }, async () => {
      while (loading) {
        responses.push(
          await placeOrder().catch((err: unknown) => ({ status: 0, body: String(err) })),
        );
      }
    });
    let cut = 0;
    // Several cuts, each while orders are in the middle of their transactions.
    for (let round = 0; round < 6; round++) {
      await pause(400);
      cut += await cutConnections();
    }
    await pause(400);
    loading = false;
    await Promise.all(lanes);

    expect(cut).toBeGreaterThan(0);
    // The process is still there, and said nothing of an unhandled error.
    expect(exitCode, output).toBeUndefined();
    expect(output).not.toMatch(/Unhandled 'error' event/);
    // Every response is an order or the database's 503 — never a 500, a stack trace or a
    // dropped connection.
    const failed = responses.filter((a) => a.status !== 200);
    for (const a of failed) {
      const errors = output.split('\n').filter((line) => /"level":(50|60)/.test(line));
      expect(a.status, `${a.body}\n${errors.join('\n')}`).toBe(503);
      // Either said plainly, or — when the order committed before the cut — with its number.
      const { error } = JSON.parse(a.body) as { error: string };
      if (error !== DATABASE_UNAVAILABLE_MESSAGE) {
        expect(error).toMatch(
          /^Your order #\d+ is saved, but our database is not available right now\. Please use Pay Now/,
        );
      }
    }
    expect(failed.length).toBeGreaterThan(0);
    expect(responses.length - failed.length).toBeGreaterThan(0);

    // The next requests succeed.
    for (let i = 0; i < 5; i++) {
      const placed = await placeOrder();
      expect(placed.status, placed.body).toBe(200);
    }
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);

    // No order half written: each has its line, its hold in the ledger, and the stock taken
    // is exactly what the orders hold. Every order that got 200 is there.
    const [broken] = await queryRows<{ orders: number; without_items: number; unheld: number }>(
      t.db,
      sql`SELECT count(*)::int AS orders,
                 count(*) FILTER (WHERE NOT EXISTS (
                   SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.quantity = 2))::int
                   AS without_items,
                 count(*) FILTER (WHERE (
                   SELECT coalesce(sum(-l.delta), 0) FROM stock_ledger l
                    WHERE l.order_id = o.id AND l.reason = 'hold') <> 2)::int AS unheld
            FROM orders o`,
    );
    expect(broken).toMatchObject({ without_items: 0, unheld: 0 });
    const placedIds = responses
      .filter((a) => a.status === 200)
      .map((a) => (JSON.parse(a.body) as { order_id: number }).order_id);
    expect(broken!.orders).toBeGreaterThanOrEqual(placedIds.length + 5);
    const [stock] = await queryRows<{ stock: number; ledger: number }>(
      t.db,
      sql`SELECT (SELECT stock FROM product_sizes WHERE product_id = ${jersey} AND size = 'M') AS stock,
                 (SELECT coalesce(sum(delta), 0)::int FROM stock_ledger
                   WHERE product_id = ${jersey} AND size = 'M') AS ledger`,
    );
    expect(stock!.stock).toBe(STOCK - 2 * broken!.orders);
    expect(stock!.ledger).toBe(-2 * broken!.orders);
  }, 120_000);
});
