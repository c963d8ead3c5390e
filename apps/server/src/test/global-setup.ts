// Vitest globalSetup: migrate once per run — on PostgreSQL a template database each test
// file's database is cloned from, on PGlite a saved data folder each one starts from.
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
  }
}

let prepared = '';

export async function setup(project: TestProject): Promise<void> {
  prepared =
    testDatabaseKind() === 'postgres' ? await prepareTemplate() : await preparePgliteSnapshot();
  project.provide('preparedTestDatabase', prepared);
}

export async function teardown(): Promise<void> {
  if (!prepared) return;
  if (testDatabaseKind() === 'postgres') await dropTestDatabases(prepared);
  else removePgliteSnapshot(prepared);
}
