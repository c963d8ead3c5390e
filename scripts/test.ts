// `npm test`: every suite, one after another — contract and server unit/API tests on PGlite,
// the server suites again on PostgreSQL when DATABASE_URL is set, the web app's and the back
// office's component tests, and the browser journeys. Ends with one line:
// 'tests: N passed, N failed'.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(path.join(os.tmpdir(), 'kitroom-test-reports-'));

interface Suite {
  name: string;
  workspace: string;
  runner: 'vitest' | 'playwright';
  env?: Record<string, string>;
}

const suites: Suite[] = [
  { name: 'contract', workspace: 'packages/contract', runner: 'vitest' },
  {
    name: 'server on PGlite',
    workspace: 'apps/server',
    runner: 'vitest',
    env: { TEST_DATABASE: 'pglite' },
  },
];
if (process.env.DATABASE_URL) {
  suites.push({
    name: 'server on PostgreSQL',
    workspace: 'apps/server',
    runner: 'vitest',
    env: { TEST_DATABASE: 'postgres' },
  });
} else {
  console.log('DATABASE_URL is not set: the server suites run on PGlite only.');
}
suites.push({ name: 'web', workspace: 'apps/web', runner: 'vitest' });
suites.push({ name: 'back office', workspace: 'apps/admin', runner: 'vitest' });
suites.push({ name: 'bench report', workspace: 'bench', runner: 'vitest' });
suites.push({ name: 'browser journeys', workspace: 'e2e', runner: 'playwright' });

interface Outcome {
  name: string;
  passed: number;
  failed: number;
  ok: boolean;
  seconds: number;
}

function countVitest(file: string): { passed: number; failed: number } {
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
  };
  return { passed: report.numPassedTests, failed: report.numFailedTests };
}

function countPlaywright(file: string): { passed: number; failed: number } {
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number };
  };
  return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected };
}

const outcomes: Outcome[] = [];
for (const [i, suite] of suites.entries()) {
  const dir = path.join(root, suite.workspace);
  if (!existsSync(path.join(dir, 'package.json'))) {
    console.log(`\n── ${suite.name}: no ${suite.workspace} workspace yet, nothing to run`);
    continue;
  }
  console.log(`\n── ${suite.name} ──`);
  const report = path.join(reports, `${i}.json`);
  const args =
    suite.runner === 'vitest'
      ? ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]
      : ['playwright', 'test', '--reporter=list,json'];
  const started = Date.now();
  const run = spawnSync('npx', args, {
    cwd: dir,
    stdio: 'inherit',
    env: {
      ...process.env,
      NO_COLOR: '1',
      FORCE_COLOR: '0',
      ...(suite.runner === 'playwright' ? { PLAYWRIGHT_JSON_OUTPUT_NAME: report } : {}),
      ...suite.env,
    },
  });
  let counts = { passed: 0, failed: 0 };
  if (existsSync(report)) {
    counts = suite.runner === 'vitest' ? countVitest(report) : countPlaywright(report);
  }
  const ok = run.status === 0 && counts.failed === 0;
  // A suite that crashed before reporting still counts as a failure.
  outcomes.push({
    name: suite.name,
    ...counts,
    failed: ok ? counts.failed : Math.max(counts.failed, 1),
    ok,
    seconds: Math.round((Date.now() - started) / 1000),
  });
}
rmSync(reports, { recursive: true, force: true });

console.log('\n── summary ──');
for (const o of outcomes) {
  const took = `${Math.floor(o.seconds / 60)} min ${o.seconds % 60} s`;
  console.log(
    `${o.ok ? 'ok  ' : 'FAIL'}  ${o.name}: ${o.passed} passed, ${o.failed} failed (${took})`,
  );
}
const passed = outcomes.reduce((n, o) => n + o.passed, 0);
const failed = outcomes.reduce((n, o) => n + o.failed, 0);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(outcomes.every((o) => o.ok) ? 0 : 1);
