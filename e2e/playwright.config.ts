// Browser journeys in Debian's Chromium against the real built app and the real server,
// started by global-setup.ts on a free port with a fresh data folder (it seeds the demo
// catalogue itself).
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
];

/**
 * Debian's headless shell (package chromium-headless-shell): Chromium's engine without the
 * full browser around it, as Playwright's own downloads run headless. Measured on 15 journeys,
 * two runs each, alternating: 187, 206 s with the full browser; 171, 156 s. A machine with
 * only the full browser (package chromium) runs them in that. The bench's Lighthouse runs keep
 * the full browser (bench/src/pages.ts).
 */
const CHROMIUM = existsSync('/usr/bin/chromium-headless-shell')
  ? '/usr/bin/chromium-headless-shell'
  : '/usr/bin/chromium';

// npm test sets both NO_COLOR and FORCE_COLOR=0 (one runner heeds one, another the other);
// with both, Node prints a warning from every worker and shop that logs. Playwright and the
// shops heed FORCE_COLOR=0 alone.
if (process.env.FORCE_COLOR === '0') delete process.env.NO_COLOR;

const TRACE_MODES = ['off', 'on', 'retain-on-failure', 'on-first-retry'] as const;
function traceMode(asked: string | undefined): (typeof TRACE_MODES)[number] {
  if (!asked) return 'off';
  const mode = TRACE_MODES.find((m) => m === asked);
  if (!mode) throw new Error(`E2E_TRACE=${asked}: use one of ${TRACE_MODES.join(', ')}`);
  return mode;
}

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  // Two files at a time, each test in a file after the other: a journey waits on its server
  // and its browser about half the time, so two fill the 2-core machines (11 min → ~7 in CI).
  // Journeys on the shared shop make their own shoppers and buy sizes with stock to spare.
  workers: 2,
  fullyParallel: false,
  forbidOnly: true,
  // In CI a journey that fails is run once more: CI's log names it under "flaky" with its first
  // failure's message (scripts/test.ts), so a race is seen and chased, and one stall of a busy
  // 2-core machine does not keep a whole day's work from landing. Locally, no retry.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../test-results/e2e',
  use: {
    ...devices['Desktop Chrome'],
    // Set by global-setup.ts before the workers start (they read this file again).
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 1440, height: 900 },
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    // No trace by default: recording one for every journey (screencast frames and a DOM
    // snapshot at each step, kept only when it failed) took 1.4–1.8× the CPU and 1.3–1.7× the
    // time (26 journeys: 256, 205 s with it; 151, 156 s without). CI's traces could never be
    // opened anyway. A failure still keeps its screenshot and error context; to trace one,
    // `npx playwright test file.spec.ts --trace on` or E2E_TRACE=retain-on-failure for a run.
    trace: traceMode(process.env.E2E_TRACE),
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium' }],
});
