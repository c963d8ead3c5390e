// Web tests fail on an unexpected console.error (React's warnings about act, keys or
// hydration, and any error the app logs): setup.ts collects them during each test and fails
// it afterwards. A test that expects one declares it with expectConsoleError, and then fails
// if it never comes.
import { format } from 'node:util';

let logged: string[] = [];
let expected: RegExp[] = [];
const realConsoleError = console.error;

/** This test expects a console.error matching `pattern` (at least once). */
export function expectConsoleError(pattern: RegExp): void {
  expected.push(pattern);
}

export function collectConsoleErrors(): void {
  logged = [];
  expected = [];
  console.error = (...args: unknown[]) => {
    logged.push(format(...args));
  };
}

/** The problems of this test's console.errors, after putting console.error back. */
export function consoleErrorProblems(): string[] {
  console.error = realConsoleError;
  const problems = logged
    .filter((line) => !expected.some((pattern) => pattern.test(line)))
    .map((line) => `unexpected console.error: ${line}`);
  for (const pattern of expected) {
    if (!logged.some((line) => pattern.test(line))) {
      problems.push(`expected a console.error matching ${String(pattern)}, none came`);
    }
  }
  logged = [];
  expected = [];
  return problems;
}
