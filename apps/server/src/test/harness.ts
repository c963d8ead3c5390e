// Builds the real app on a fresh test database. Each test file calls startTestApp() once.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { buildApp, type App, type BuildOptions } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Couriers } from '../shipping/couriers/couriers.js';
import type { Db } from '../db/client.js';
import type { DrainResult } from '../notifications/outbox-worker.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { TEST_SHOP_GSTIN } from './shop-gstin.js';

export interface TestApp {
  app: App;
  db: Db;
  database: TestDatabase;
  config: Config;
  /** Every route the app registered, in order. */
  routes: readonly RouteOptions[];
  /** Sends every outbox message due now (the worker does not poll unless asked to). */
  drainOutbox(): Promise<DrainResult>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Receives the log lines (set LOG_LEVEL in env to see them). */
  logStream?: NodeJS.WritableStream;
  /** false: no periodic order sweep; the test calls releaseExpiredOrders itself. */
  orderSweep?: boolean;
  /** true: the outbox worker polls as in production; default false: tests call drainOutbox. */
  outboxWorker?: boolean;
  /**
   * The shop's GSTIN in its settings (default TEST_SHOP_GSTIN, a Kerala registration, so an
   * order can be invoiced and shipped); '' leaves it unset as a new shop has it.
   */
  shopGstin?: string;
  /** The couriers the app offers (default: those the configuration enables). */
  couriers?: (db: Db, config: Config) => Couriers;
  /** The web app it serves (default the build in apps/web, when there is one). */
  web?: BuildOptions['web'];
  /** The product view counter, for a test that flushes it by hand. */
  productViews?: (db: Db) => BuildOptions['productViews'];
  /** The free disk space the app reads (default the real disk's). */
  statfs?: BuildOptions['statfs'];
}

export { TEST_SHOP_GSTIN } from './shop-gstin.js';

/** The app on a fresh migrated database, with a temporary DATA_DIR and silent logs. */
export async function startTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kitroom-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    ...env,
  });
  const database = await createTestDatabase();
  await database.db.execute(
    sql`UPDATE shop_settings SET gstin = ${options.shopGstin ?? TEST_SHOP_GSTIN} WHERE id = 1`,
  );
  const routes: RouteOptions[] = [];
  const app = await buildApp({
    config,
    database,
    onRoute: (route) => routes.push(route),
    orderSweep: options.orderSweep,
    outboxWorker: options.outboxWorker ?? false,
    ...(options.couriers ? { couriers: options.couriers(database.db, config) } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.web ? { web: options.web } : {}),
    ...(options.productViews ? { productViews: options.productViews(database.db) } : {}),
    ...(options.statfs ? { statfs: options.statfs } : {}),
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    routes,
    drainOutbox: () => app.outbox.drain(),
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
