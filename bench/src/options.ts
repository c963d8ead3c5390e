// Command-line options of `npm run bench`.
import { parseArgs } from 'node:util';

export interface BenchOptions {
  /** Catalogue sizes to measure the API at, smallest first. */
  sizes: number[];
  /** Seconds of measurement per API scenario (after a short warm-up). */
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  /** Lighthouse runs per page; the median is reported. */
  lighthouseRuns: number;
  skipPages: boolean;
  /** Cold starts timed per catalogue size; the median is reported. */
  coldStarts: number;
  /** Bench orders written into the largest catalogue's database (0: none). */
  orders: number;
  quick: boolean;
  /** Only the outbox's drain, printed (nothing written). */
  onlyOutbox: boolean;
  /** Only 1 vs 2 server processes behind nginx, printed (nothing written). */
  onlyProcesses: boolean;
  /** Only the drop and sustained checkout, printed (nothing written). */
  onlyCheckout: boolean;
  /** Only the ceiling and the listing scenarios, judged and printed (nothing written). */
  onlyListing: boolean;
  /** Only the cart adds, closed and open loop, judged and printed (nothing written). */
  onlyCart: boolean;
  onlyPages: boolean;
  /** Shoppers in the drop (its size has stock 100). */
  dropShoppers: number;
  /** Only the kit launch through the waiting room, judged and printed (nothing written). */
  onlyLaunch: boolean;
  onlyExport: boolean;
  /** Fans in the launch (a tenth of them bots). */
  launchFans: number;
}

export const USAGE = `npm run bench -- [--quick] [--sizes 10000,100000] [--duration 10] [--skip-pages] [--only-outbox] [--only-processes] [--only-checkout] [--only-listing] [--only-cart] [--only-pages] [--drop-shoppers 200] [--only-launch] [--launch-fans 2000] [--only-export]

  --quick        short durations, 10,000 products only, one Lighthouse run; results go to
                 bench/results/tmp/ and bench/README.md is left alone
  --sizes LIST   catalogue sizes, comma-separated (default 10000,100000)
  --duration S   seconds per API scenario (default 10; 3 with --quick)
  --skip-pages   no Lighthouse runs and no bundle sizes
  --runs N       Lighthouse runs per page (default 5; 1 with --quick)
  --orders N     orders in the largest catalogue's database for the back office's order
                 list and dashboard (default 1000000; 0, none, with --quick)
  --only-outbox  only the outbox's drain (2,000 mails) on the first size's database, printed
  --only-processes  only 1 vs 2 server processes behind nginx on the first size's
                 database (PostgreSQL), printed
  --only-checkout  only the drop and sustained checkout on the first size's database, printed
  --only-listing  only the bare-Fastify ceiling and the shop.php listing scenarios on the
                 first size's database, judged and printed
  --only-cart    only the cart adds (closed loop at 50 connections, then 1,000 a second open
                 loop) on the first size's database, judged and printed
  --only-pages   only Lighthouse on the pages (--runs each) and their bytes, on the first
                 size's database, judged and printed
  --drop-shoppers N  shoppers in the drop, each ordering 1 unit of a size with stock 100
                 (default 200)
  --only-launch  only the kit launch through the waiting room: two processes behind nginx
                 on the first size's PostgreSQL database, 300 shirts in 3 sizes, judged and
                 printed
  --launch-fans N  fans arriving in 10 s, a tenth of them bots (default 2000)
  --only-export  only the back office's catalogue export and import dry run, on each size's
                 database: one export in each of --runs new servers (the RSS a server grows
                 by varies from one server to the next), judged and printed`;

const MAX_PRODUCTS = 1_000_000;
/** Shoppers in the drop by default: twice the size's stock of 100. */
const DROP_SHOPPERS = 200;

function positiveInt(name: string, text: string, max: number): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new Error(`--${name} must be a whole number from 1 to ${max}, got '${text}'`);
  }
  return n;
}

/** Parses argv (without node and the script); throws with a message naming the bad option. */
export function parseOptions(argv: readonly string[]): BenchOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      quick: { type: 'boolean', default: false },
      sizes: { type: 'string' },
      duration: { type: 'string' },
      'skip-pages': { type: 'boolean', default: false },
      runs: { type: 'string' },
      orders: { type: 'string' },
      'only-outbox': { type: 'boolean', default: false },
      'only-processes': { type: 'boolean', default: false },
      'only-checkout': { type: 'boolean', default: false },
      'only-listing': { type: 'boolean', default: false },
      'only-cart': { type: 'boolean', default: false },
      'only-pages': { type: 'boolean', default: false },
      'drop-shoppers': { type: 'string' },
      'only-launch': { type: 'boolean', default: false },
      'only-export': { type: 'boolean', default: false },
      'launch-fans': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) throw new Error(USAGE);
  const quick = values.quick === true;
  const sizes = values.sizes
    ? values.sizes.split(',').map((s) => positiveInt('sizes', s.trim(), MAX_PRODUCTS))
    : quick
      ? [10_000]
      : [10_000, 100_000];
  return {
    sizes: [...new Set(sizes)].sort((a, b) => a - b),
    durationSeconds: values.duration
      ? positiveInt('duration', values.duration, 600)
      : quick
        ? 3
        : 10,
    warmupSeconds: quick ? 1 : 2,
    connections: 50,
    lighthouseRuns: values.runs ? positiveInt('runs', values.runs, 20) : quick ? 1 : 5,
    skipPages: values['skip-pages'] === true,
    coldStarts: quick ? 1 : 3,
    orders:
      values.orders === undefined
        ? quick
          ? 0
          : 1_000_000
        : values.orders === '0'
          ? 0
          : positiveInt('orders', values.orders, 10_000_000),
    quick,
    onlyOutbox: values['only-outbox'] === true,
    onlyProcesses: values['only-processes'] === true,
    onlyCheckout: values['only-checkout'] === true,
    onlyListing: values['only-listing'] === true,
    onlyCart: values['only-cart'] === true,
    onlyPages: values['only-pages'] === true,
    dropShoppers: values['drop-shoppers']
      ? positiveInt('drop-shoppers', values['drop-shoppers'], 2_000)
      : DROP_SHOPPERS,
    onlyLaunch: values['only-launch'] === true,
    onlyExport: values['only-export'] === true,
    launchFans: values['launch-fans']
      ? positiveInt('launch-fans', values['launch-fans'], 20_000)
      : 2_000,
  };
}
