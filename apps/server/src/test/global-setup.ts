// Vitest globalSetup: migrate once per run — on PostgreSQL a template database each test
// file's database is cloned from, on PGlite a saved data folder each one starts from — and
// build the server as `npm run build` does, into a folder of this run's own, so the tests that
// start the server or an owner's command as a process run what owners run
// (test/server-process.ts, built()).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  dropTestDatabases,
  preparePgliteSnapshot,
  prepareTemplate,
  removePgliteSnapshot,
  testDatabaseKind,
} from './database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: this run's database name prefix; PGlite: the migrated data folder's file. */
    preparedTestDatabase: string;
    /** This run's build of the server (apps/server/dist-test-…), as dist/ holds it. */
    serverBuild: string;
  }
}

const serverDir = path.resolve(import.meta.dirname, '../..');
const BUILD_PREFIX = 'dist-test-';
let prepared = '';
let serverBuild = '';

/** Builds the server into a new folder beside dist/; removes ones a killed run left a day ago. */
function buildServer(): string {
  for (const name of readdirSync(serverDir)) {
    const folder = path.join(serverDir, name);
    if (name.startsWith(BUILD_PREFIX) && Date.now() - statSync(folder).mtimeMs > 86_400_000)
      rmSync(folder, { recursive: true, force: true });
  }
  const name = `${BUILD_PREFIX}${randomBytes(4).toString('hex')}`;
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'build.ts', '--outdir', name], {
    cwd: serverDir,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`the server's build failed:\n${built.stderr}`);
  return path.join(serverDir, name);
}

export async function setup(project: TestProject): Promise<void> {
  serverBuild = buildServer();
  project.provide('serverBuild', serverBuild);
  prepared =
    testDatabaseKind() === 'postgres' ? await prepareTemplate() : await preparePgliteSnapshot();
  project.provide('preparedTestDatabase', prepared);
}

export async function teardown(): Promise<void> {
  if (serverBuild) rmSync(serverBuild, { recursive: true, force: true });
  if (!prepared) return;
  if (testDatabaseKind() === 'postgres') await dropTestDatabases(prepared);
  else removePgliteSnapshot(prepared);
}
