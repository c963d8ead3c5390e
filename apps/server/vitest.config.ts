import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The PostgreSQL run (TEST_DATABASE=postgres) repeats only the files that open a database:
 * the others (tax arithmetic, PDFs, the process under test that always runs on PGlite) would
 * run the same code twice.
 */
function filesWithoutDatabase(): string[] {
  const src = path.join(import.meta.dirname, 'src');
  // test/order-life.js opens the app on a test database for the order-life checker's files.
  // A file that opens only PGlite folders of its own (`openDatabase({ pgliteDir`: main.test,
  // private-files) would run the same on PostgreSQL's turn.
  const opensDatabase = /(test|\.)\/(database|harness|order-life)\.js|openDatabase\(\{ databaseUrl/;
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .filter((file) => !opensDatabase.test(readFileSync(path.join(src, file), 'utf8')))
    .map((file) => `src/${file.split(path.sep).join('/')}`);
}

/**
 * Files that open a database but ask nothing of its engine, left out of the PostgreSQL run
 * too: the back-office permission table (879 tests, ~48 s there) checks each role against
 * each endpoint, a decision made in the server's code before any query. Every endpoint is
 * also called by an API test of its own, which runs on both (src/http/admin-endpoints-tested.test.ts).
 */
const ENGINE_INDEPENDENT = ['src/http/admin-permissions.test.ts'];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    exclude:
      process.env.TEST_DATABASE === 'postgres'
        ? [...filesWithoutDatabase(), ...ENGINE_INDEPENDENT]
        : [],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file has its own database; two workers fit these 2-core machines.
    maxWorkers: 2,
    // A worker keeps its modules from one file to the next instead of importing the whole
    // server again for each of the ~100 files: the import phase falls from ~190 s to ~26 s
    // of worker time on 14 files, and the suite's CPU time by ~45%. Files share nothing else:
    // each opens its own database and app, and the two that fake the clock restore it.
    isolate: false,
    // PGlite's PostgreSQL runs as WebAssembly; V8 compiles it quickly (Liftoff), then compiles
    // the functions that run often again, optimised, in the background (TurboFan). A test
    // file's database lives seconds, too short to win that back: without the second compiler
    // the PGlite suite took 334 s instead of 382, and 637 s of CPU instead of 723 (decision 101).
    execArgv: ['--liftoff-only'],
    // The server's modules as Vitest transformed them, kept in node_modules/.experimental-
    // vitest-cache (keyed by each file's content): `npm test` runs this suite twice, and the
    // PostgreSQL run then reads what the PGlite run transformed (9 files, measured here:
    // transform 9.3 → 1.8 s, import 14.1 → 6.8 s). `npx vitest --clearCache` empties it.
    experimental: { fsModuleCache: true },
  },
});
