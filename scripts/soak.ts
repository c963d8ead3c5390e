// `npm run soak -- --minutes N [--seed S] [--concurrency K]`: the order-life checker (issue 38,
// decision 059) for N minutes on PostgreSQL, K sequences at once (default 4), half of them
// acting through a second server process on the same database, with every invariant checked
// after every step. DATABASE_URL names the PostgreSQL server (a role that may create
// databases: each run makes its own and drops it). Prints the sequences, steps, invariant
// checks and the longest sequence; a failure prints its shortest script. Exit code 0 = clean.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function fail(message: string): never {
  console.error(`soak: ${message}`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      minutes: { type: 'string' },
      seed: { type: 'string' },
      concurrency: { type: 'string', default: '4' },
    },
  }));
} catch (err) {
  fail((err as Error).message);
}

const whole = (name: string, text: string | undefined, min: number, max: number): number => {
  const n = Number(text);
  if (text === undefined || !Number.isInteger(n) || n < min || n > max) {
    fail(`--${name} must be a whole number from ${min} to ${max}`);
  }
  return n;
};

const minutes = whole('minutes', values.minutes, 1, 24 * 60);
const concurrency = whole('concurrency', values.concurrency, 2, 16);
// A random seed unless one is given; printed, so a run can be repeated.
const seed =
  values.seed === undefined
    ? Math.floor(Math.random() * 2 ** 31)
    : whole('seed', values.seed, 0, 2 ** 31 - 1);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.startsWith('postgres')) {
  fail('needs DATABASE_URL naming a PostgreSQL server (PGlite is one process’s database)');
}

console.log(
  `soak: ${minutes} minutes, seed ${seed}, ${concurrency} sequences at once, two server processes, PostgreSQL`,
);
const run = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    'order-life.test.ts',
    '--reporter=verbose',
  ],
  {
    cwd: path.join(root, 'apps/server'),
    stdio: 'inherit',
    env: {
      ...process.env,
      TEST_DATABASE: 'postgres',
      ORDER_LIFE_MINUTES: String(minutes),
      ORDER_LIFE_SEED: String(seed),
      ORDER_LIFE_CONCURRENCY: String(concurrency),
      ORDER_LIFE_SECOND_PROCESS: '1',
    },
  },
);
process.exit(run.status ?? 1);
