// Builds the real app on a fresh test database. Each test file calls startTestApp() once.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import { createTestDatabase } from './database.js';

export interface TestApp {
  app: App;
  db: Db;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** false: no periodic order sweep; the test calls releaseExpiredOrders itself. */
  orderSweep?: boolean;
}

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
  const app = await buildApp({ config, database, orderSweep: options.orderSweep });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
