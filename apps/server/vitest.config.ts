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
  const opensDatabase = /test\/(database|harness)\.js|openDatabase\(/;
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .filter((file) => !opensDatabase.test(readFileSync(path.join(src, file), 'utf8')))
    .map((file) => `src/${file.split(path.sep).join('/')}`);
}

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    exclude: process.env.TEST_DATABASE === 'postgres' ? filesWithoutDatabase() : [],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file has its own database; two workers fit these 2-core machines.
    maxWorkers: 2,
  },
});
