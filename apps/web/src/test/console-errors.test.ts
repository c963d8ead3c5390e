import { describe, expect, it } from 'vitest';
import {
  collectConsoleErrors,
  consoleErrorProblems,
  expectConsoleError,
} from '@kitroom/ui/console-errors';

describe('console.error in tests', () => {
  it('reports an unexpected one, with its formatted text', () => {
    collectConsoleErrors();
    console.error('Warning: %s went wrong', 'the render');
    expect(consoleErrorProblems()).toEqual([
      'unexpected console.error: Warning: the render went wrong',
    ]);
  });

  it('lets a declared one through, and reports a declared one that never came', () => {
    collectConsoleErrors();
    expectConsoleError(/server rendering failed/);
    console.error('server rendering failed: boom');
    expect(consoleErrorProblems()).toEqual([]);
    collectConsoleErrors();
    expectConsoleError(/never logged/);
    expect(consoleErrorProblems()).toEqual([
      'expected a console.error matching /never logged/, none came',
    ]);
  });
});
