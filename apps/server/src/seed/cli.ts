// `npm run seed [-- --products N]`: replaces the catalogue with the demo one (plus load-test
// variants up to N products) in the configured database, and makes the pictures.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { DomainError } from '../domain-errors.js';
import { openDatabase } from '../db/index.js';
import { refuseCommandBesideShop, ShopRunning } from '../shop-running.js';
import { seedDemo } from './seed.js';

const MAX_PRODUCTS = 1_000_000;

function productsOption(): number | undefined {
  const { values } = parseArgs({ options: { products: { type: 'string' } } });
  if (values.products === undefined) return undefined;
  const count = Number(values.products);
  if (!Number.isInteger(count) || count < 0 || count > MAX_PRODUCTS) {
    throw new ConfigError(`--products must be a whole number from 0 to ${MAX_PRODUCTS}`);
  }
  return count;
}

async function main(): Promise<void> {
  const products = productsOption();
  const config = loadConfig();
  refuseCommandBesideShop(config.dataDir, Boolean(config.databaseUrl));
  const started = performance.now();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    await database.migrate();
    const summary = await seedDemo(database.db, {
      dataDir: config.dataDir,
      products,
      log: (line) => console.log(line),
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const megabytes = (summary.images.bytes / 1024 / 1024).toFixed(1);
    console.log(
      `Seeded ${summary.products} products into ${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite at ${path.join(config.dataDir, 'pglite')}`} in ${seconds} s; ` +
        `${summary.images.total} pictures (${summary.images.created} new, ${megabytes} MB) under ${path.join(config.dataDir, 'images')}.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  // Expected refusals (bad option, bad configuration, orders in the way) need no stack.
  const expected =
    err instanceof ConfigError || err instanceof DomainError || err instanceof ShopRunning;
  console.error(expected ? err.message : err);
  process.exitCode = 1;
});
