// The shape of one benchmark run, as written to bench/results/<date>.json.
import type { LaunchFigures } from './launch.js';
import type { LoadFigures } from './load.js';
import type { TimedFigures } from './orders.js';
import type { Machine } from './machine.js';
import type { OpenLoopFigures } from './open-loop.js';
import type { PageFigures, PageSkipped } from './pages.js';
import type { ScenarioId } from './scenarios.js';

export interface ApiResult {
  id: ScenarioId;
  label: string;
  detail: string;
  status: 'measured' | 'skipped' | 'failed';
  /** Why it was skipped or failed. */
  reason?: string;
  figures?: LoadFigures;
  /** Requests per second as a share of the bare-Fastify ceiling's. */
  ceilingRatio?: number;
}

/** The back office's scenarios (admin.ts). */
export interface AdminFigures {
  /** Products in the export. */
  exportRows: number;
  export: {
    /** Request to the last byte. */
    ms: number;
    firstByteMs: number;
    bytes: number;
    /** The server's RSS just before the export, and its peak while it streamed. */
    rssBeforeMiB: number;
    peakRssMiB: number;
    peakResetBefore: boolean;
  };
  importDryRun: {
    /** Request to the result line. */
    ms: number;
    rows: number;
    /** Updates the dry run found, and rows the bench edited. */
    updates: number;
    edited: number;
    progressLines: number;
  };
}

/** One load through nginx with one server process and with two (several-processes.ts). */
export interface ProcessesLoad {
  id: 'reads' | 'mixed';
  label: string;
  one: LoadFigures;
  two: LoadFigures;
  /** Two processes' requests per second over one's. */
  ratio: number;
}

export interface ProcessesFigures {
  connections: number;
  loads: ProcessesLoad[];
}

/** The outbox's drain (outbox.ts): the server's worker sending to a local SMTP server. */
export interface OutboxFigures {
  /** Mails written to the outbox, the warm-up's included. */
  written: number;
  /** Mails measured (after the warm-up). */
  mails: number;
  /** From the first mail accepted to the last. */
  drainMs: number;
  mailsPerSecond: number;
  serverCpuMsPerMail: number;
  /** Recipients that got their mail more than once (must be 0). */
  duplicates: number;
  /** Rows marked sent afterwards (must be `written`). */
  markedSent: number;
}

/** The drop (checkout.ts): shoppers at once for one unit each of a size with little stock. */
export interface DropFigures {
  shoppers: number;
  /** The size's stock before the drop. */
  stock: number;
  /** Orders placed (200): must be exactly the stock. */
  accepted: number;
  /** 409 with the spec's sold-out sentence. */
  refusedSoldOut: number;
  /** Any other 4xx (must be 0). */
  otherRefusals: number;
  /** 5xx responses and requests that got no response (must be 0). */
  serverErrors: number;
  /** Latency of every request of the wave, from its send to its response. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** From the first send to the last answer. */
  wallMs: number;
  /** Accepted orders over the wave's wall time. */
  ordersPerSecond: number;
  /** The size's stock afterwards (must be 0), and units the accepted orders hold (the stock). */
  stockAfter: number | null;
  sold: number;
  /** Accepted orders marked paid after their payments (must be all of them). */
  paid: number;
  /** Each accepted order paid on the sandbox's page (its webhook) and its callback followed. */
  payments: { sent: number; settled: number; p50Ms: number; p99Ms: number; wallMs: number };
}

export interface SustainedCheckout {
  id: 'hot' | 'spread';
  label: string;
  connections: number;
  figures: LoadFigures;
}

export interface CheckoutFigures {
  drop: DropFigures;
  sustained: SustainedCheckout[];
}

export interface SizeResult {
  products: number;
  /** Seconds the seed took in this run, or null when the seeded database was reused. */
  seededSeconds: number | null;
  /** `npm start` to the first answered /api/home.php, in ms. */
  coldStart: { medianMs: number; runsMs: number[] } | null;
  /** VmHWM of the server process during the mixed workload (peak reset just before it). */
  memory: { peakMiB: number; peakResetBeforeMixed: boolean } | null;
  api: ApiResult[];
  /** cart_manage.php add at a fixed arrival rate (open-loop.ts); null when it failed. */
  cartOpenLoop?: OpenLoopFigures | null;
  cartOpenLoopNote?: string;
  /** The back office's CSV scenarios; null when they failed (`adminNote` says why). */
  admin?: AdminFigures | null;
  adminNote?: string;
  /** The bench orders in this size's database and the dashboard's timing among them. */
  orders?: {
    count: number;
    seededSeconds: number | null;
    dashboard: TimedFigures | null;
    /**
     * The first look after the sales rollups were forgotten (as after the upgrade that brings
     * them): it rolls up the 30 days; the timed requests follow it.
     */
    dashboardFirstLookMs?: number;
    note?: string;
  };
}

export interface BudgetCheck {
  /** What is measured, e.g. 'shop.php first page at 10,000'. */
  subject: string;
  /** The budget in words, e.g. 'p99 ≤ 25 ms'. */
  rule: string;
  value: number | null;
  unit: string;
  /** null: not judged (e.g. API budgets are for PostgreSQL only). */
  pass: boolean | null;
  note?: string;
}

export interface BenchResult {
  date: string;
  command: string;
  machine: Machine;
  engine: 'postgres' | 'pglite';
  settings: {
    connections: number;
    durationSeconds: number;
    warmupSeconds: number;
    lighthouseRuns: number;
    quick: boolean;
  };
  ceiling: LoadFigures;
  sizes: SizeResult[];
  pages: PageFigures[] | null;
  /** Pages that could not be measured (e.g. not built yet), and why. */
  pagesSkipped: PageSkipped[];
  /** Why pages were not measured. */
  pagesNote?: string;
  /** The outbox's throughput, on the first size's database; null when it failed. */
  outbox?: OutboxFigures | null;
  outboxNote?: string;
  /** 1 vs 2 server processes behind nginx, on the first size's database; null when not run. */
  processes?: ProcessesFigures | null;
  processesNote?: string;
  /** The drop and sustained checkout, on the first size's database; null when it failed. */
  checkout?: CheckoutFigures | null;
  checkoutNote?: string;
  /** A kit launch through the waiting room (launch.ts), PostgreSQL only; null when not run. */
  launch?: LaunchFigures | null;
  launchNote?: string;
  budgets: BudgetCheck[];
  elapsedSeconds: number;
}
