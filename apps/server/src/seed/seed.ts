// Demo data: a list of named steps run in one transaction, so a seed either lands whole or
// not at all. Other domains add their demo rows (coupons, affiliates) as further steps that
// call their own services. Pictures are files, made before the transaction.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import {
  analyzeCatalogue,
  clearCatalogue,
  ensureCatalogueNames,
  importProducts,
  productCount,
  productImagePaths,
  replaceImagePaths,
  type ProductImport,
} from '../catalogue/index.js';
import { seedDemoCoupons } from '../coupons/index.js';
import { seedDemoReferrals } from '../referrals/index.js';
import { writeProfilesByName } from '../profiles/index.js';
import { refreshSearchIndex } from '../search/index.js';
import { seedSizeCharts } from '../size-charts/index.js';
import type { Db, Tx } from '../db/index.js';
import { CATEGORIES } from './categories.data.js';
import { buildDemoCatalogue, DEMO_NAMES } from './demo-catalogue.js';
import { PLAYER_PROFILES, TEAM_PROFILES } from './profiles.data.js';
import { SIZE_CHARTS } from './size-charts.data.js';
import { ensureImages, ImagePool, type EnsureImagesResult } from './product-images.js';

export type SeedLog = (line: string) => void;

/** What every step is given: the open transaction and the catalogue being seeded. */
export interface SeedContext {
  tx: Tx;
  dataDir: string;
  products: readonly ProductImport[];
  log: SeedLog;
}

export interface SeedStep {
  name: string;
  /** Returns a short summary for the log, e.g. '310 products'. */
  run(ctx: SeedContext): Promise<string | undefined>;
}

/** The steps, in order. Clearing comes first; the search lexicon is rebuilt last. */
export const seedSteps: SeedStep[] = [
  {
    name: 'clear the catalogue',
    run: async ({ tx }) => {
      await clearCatalogue(tx);
      return undefined;
    },
  },
  {
    name: 'categories, teams and players',
    run: async ({ tx }) => {
      await ensureCatalogueNames(tx, { categories: CATEGORIES, ...DEMO_NAMES });
      return `${CATEGORIES.length} categories, ${DEMO_NAMES.teams.length} teams, ${DEMO_NAMES.players.length} players`;
    },
  },
  {
    name: 'size charts',
    run: async ({ tx }) => {
      await seedSizeCharts(tx, SIZE_CHARTS);
      return `${SIZE_CHARTS.length} charts`;
    },
  },
  {
    name: 'team and player profiles',
    run: async ({ tx }) => {
      await writeProfilesByName(
        tx,
        TEAM_PROFILES.map((t, i) => ({ ...t, featured_position: i + 1 })),
        PLAYER_PROFILES.map((p, i) => ({ ...p, featured_position: i + 1 })),
      );
      return `${TEAM_PROFILES.length} teams, ${PLAYER_PROFILES.length} players`;
    },
  },
  {
    name: 'products',
    run: async ({ tx, products }) => {
      const ids = await importProducts(tx, products);
      return `${ids.length} products`;
    },
  },
  {
    name: 'demo coupons',
    run: async ({ tx }) => {
      const created = await seedDemoCoupons(tx);
      return created.length > 0 ? `${created.join(', ')} added` : 'already there';
    },
  },
  {
    name: 'demo referral codes',
    run: async ({ tx }) => {
      await seedDemoReferrals(tx);
      return undefined;
    },
  },
  {
    name: 'search lexicon',
    run: async ({ tx }) => {
      await refreshSearchIndex(tx);
      return undefined;
    },
  },
];

export interface SeedOptions {
  dataDir: string;
  /** Build this many products: the demo catalogue, then load-test variants. */
  products?: number;
  log: SeedLog;
}

export interface SeedSummary {
  products: number;
  images: EnsureImagesResult;
  /** Milliseconds per step, images and statistics included. */
  timings: Record<string, number>;
}

// Any fixed number: two processes seeding one database take turns on this lock.
const SEED_LOCK = 4_701_202;

async function timed<T>(
  timings: Record<string, number>,
  name: string,
  log: SeedLog,
  work: () => Promise<T>,
  summary: (result: T) => string | undefined = () => undefined,
): Promise<T> {
  const started = performance.now();
  const result = await work();
  const ms = Math.round(performance.now() - started);
  timings[name] = ms;
  const said = summary(result);
  log(`seed: ${name}${said ? ` (${said})` : ''} in ${ms} ms`);
  return result;
}

function demoCatalogue(products: number | undefined): {
  pool: ImagePool;
  items: ProductImport[];
} {
  const pool = new ImagePool();
  return { pool, items: buildDemoCatalogue(pool, products) };
}

async function pictures(
  timings: Record<string, number>,
  dataDir: string,
  pool: ImagePool,
  log: SeedLog,
): Promise<EnsureImagesResult> {
  return timed(
    timings,
    'pictures',
    log,
    () => ensureImages(dataDir, pool.files()),
    (r) => `${r.created} made, ${r.total} in all, ${(r.bytes / 1024 / 1024).toFixed(1)} MB`,
  );
}

async function runSteps(
  tx: Tx,
  ctx: Omit<SeedContext, 'tx'>,
  timings: Record<string, number>,
): Promise<void> {
  for (const step of seedSteps) {
    await timed(
      timings,
      step.name,
      ctx.log,
      () => step.run({ ...ctx, tx }),
      (said) => said,
    );
  }
}

/**
 * Replaces the catalogue with the demo one (and whatever other steps add), in one
 * transaction; users, orders and everything else stay. Makes any missing picture first.
 */
export async function seedDemo(db: Db, options: SeedOptions): Promise<SeedSummary> {
  const timings: Record<string, number> = {};
  const { pool, items } = demoCatalogue(options.products);
  const images = await pictures(timings, options.dataDir, pool, options.log);
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    await runSteps(tx, { dataDir: options.dataDir, products: items, log: options.log }, timings);
  });
  await timed(timings, 'statistics', options.log, () => analyzeCatalogue(db));
  return { products: items.length, images, timings };
}

/**
 * Products whose picture is missing from disk but is a demo picture of an older drawing are
 * pointed at the current drawing of the same shirt (same name before the hash).
 */
async function repointPictures(db: Db, dataDir: string, pool: ImagePool, log: SeedLog) {
  const stem = (file: string) => file.replace(/-[0-9a-f]{10}\.webp$/, '');
  const current = new Map(pool.files().map((f) => [stem(f.path), f.path]));
  const missing = (await productImagePaths(db)).filter((p) => !existsSync(path.join(dataDir, p)));
  const pairs = missing.flatMap((from) => {
    const to = current.get(stem(from));
    return to && to !== from ? [{ from, to }] : [];
  });
  await replaceImagePaths(db, pairs);
  if (pairs.length > 0)
    log(`seed: ${pairs.length} product pictures moved to their current drawing`);
  const lost = missing.length - pairs.length;
  if (lost > 0) log(`seed: ${lost} product pictures are missing and are not demo pictures`);
}

/**
 * Seeds the demo catalogue when there are no products yet (one process does it when several
 * start at once), and always makes sure every demo picture is on disk.
 */
export async function seedIfEmpty(
  db: Db,
  options: Omit<SeedOptions, 'products'>,
): Promise<{ seeded: boolean; summary: SeedSummary }> {
  const timings: Record<string, number> = {};
  const { pool, items } = demoCatalogue(undefined);
  const images = await pictures(timings, options.dataDir, pool, options.log);
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    if ((await productCount(tx)) > 0) return false;
    await runSteps(tx, { dataDir: options.dataDir, products: items, log: options.log }, timings);
    return true;
  });
  if (seeded) {
    await timed(timings, 'statistics', options.log, () => analyzeCatalogue(db));
  } else {
    await repointPictures(db, options.dataDir, pool, options.log);
  }
  return {
    seeded,
    summary: { products: seeded ? items.length : await productCount(db), images, timings },
  };
}
