import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { collectConsoleErrors, consoleErrorProblems } from '@kitroom/ui/console-errors';
import { startPageOver } from '@kitroom/ui/fresh-page';

// findBy… waits up to 5 s instead of 1: a page's first lazy load on a small, busy machine
// can take longer than a second (a failure still fails, only later). As in the web app.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  collectConsoleErrors();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  const problems = consoleErrorProblems();
  if (problems.length > 0) throw new Error(problems.join('\n'));
});

// Files share one page per worker (vitest.config.ts: isolate false), but not the app's modules
// or the page's address and cookies (@kitroom/ui/fresh-page).
afterAll(() => {
  vi.resetModules();
  startPageOver();
});
