// Vitest globalSetup: with TEST_DATABASE=postgres, migrate a template database once per run.
import type { TestProject } from 'vitest/node';
import { dropTestDatabases, prepareTemplate, testDatabaseKind } from './database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabasePrefix: string;
  }
}

let prefix = '';

export async function setup(project: TestProject): Promise<void> {
  if (testDatabaseKind() === 'postgres') prefix = await prepareTemplate();
  project.provide('testDatabasePrefix', prefix);
}

export async function teardown(): Promise<void> {
  if (prefix) await dropTestDatabases(prefix);
}
