import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { collectConsoleErrors, consoleErrorProblems } from './console-errors';

beforeEach(() => {
  collectConsoleErrors();
});

afterEach(() => {
  cleanup();
  const problems = consoleErrorProblems();
  if (problems.length > 0) throw new Error(problems.join('\n'));
});
