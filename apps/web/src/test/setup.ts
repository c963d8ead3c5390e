// jsdom lacks the layout observers and media queries that carousels and the nav bar use.
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { forgetApi } from '@/api/use-api';
import { collectConsoleErrors, consoleErrorProblems } from '@kitroom/ui/console-errors';
import { startPageOver } from '@kitroom/ui/fresh-page';

class ObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): [] {
    return [];
  }
}

beforeEach(() => {
  collectConsoleErrors();
  vi.stubGlobal('IntersectionObserver', ObserverStub);
  vi.stubGlobal('ResizeObserver', ObserverStub);
  vi.stubGlobal(
    'matchMedia',
    (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
  window.scrollTo = () => undefined;
});

afterEach(() => {
  cleanup();
  // Each test starts without the responses an earlier one kept for the visit.
  forgetApi('');
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  const problems = consoleErrorProblems();
  if (problems.length > 0) throw new Error(problems.join('\n'));
});

// Files share one page per worker (vitest.config.ts: isolate false), but not the app's modules
// or the page's address and cookies (@kitroom/ui/fresh-page).
afterAll(() => {
  vi.resetModules();
  startPageOver();
});
