import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { collectConsoleErrors, consoleErrorProblems } from '@kitroom/ui/console-errors';

// findBy… waits up to 5 s instead of 1: a page's first lazy load on a small, busy machine
// can take longer than a second (a failure still fails, only later). As in the web app.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  collectConsoleErrors();
});

afterEach(() => {
  cleanup();
  // Files share one page per worker (vitest.config.ts: isolate false): what a test kept in
  // the browser's storage must not reach the next file.
  localStorage.clear();
  sessionStorage.clear();
  const problems = consoleErrorProblems();
  if (problems.length > 0) throw new Error(problems.join('\n'));
});
