// What this process saw happen, for /metrics, the back office's Status page and the owner's
// alerts: every request (by its route pattern, method and status class — never its URL, so no
// id, email or query string reaches a metric), every webhook's response by provider, and each
// periodic job's runs and failures. Kept in memory: a restart starts the counts again, as
// Prometheus counters expect (decision 036).
import { SWEEP_NAMES } from '@kitroom/contract/admin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The periodic jobs whose runs are counted (app.ts starts them). */
export type SweepName = (typeof SWEEP_NAMES)[number];

export interface SweepState {
  lastRunAt: Date | null;
  lastErrorAt: Date | null;
  lastError: string | null;
}

/** 'unsigned': no valid signature or token; counted for /metrics, never for alerts. */
export type WebhookOutcome = 'ok' | 'refused' | 'error' | 'unsigned';

export interface WebhookTally {
  failures: number;
  successes: number;
  /** The same, per provider. */
  byProvider: Map<string, { failures: number; successes: number }>;
}

/** How long webhook responses are remembered for the windows (an hour covers every window). */
const WEBHOOK_MEMORY_MS = 60 * 60_000;
const ERROR_TEXT_MAX = 300;

export interface HealthMonitor {
  registry: Registry;
  startedAt: Date;
  /** One request served: its route pattern ('' when no route matched). */
  requestServed(route: string, method: string, status: number, seconds: number): void;
  webhookServed(provider: string, outcome: WebhookOutcome, at?: Date): void;
  /** Failures and successes of webhooks since `since`, in all and per provider. */
  webhooksSince(since: Date): WebhookTally;
  sweepRan(name: SweepName, err?: unknown, at?: Date): void;
  sweeps(): Record<SweepName, SweepState>;
}

/** The route label: the pattern Fastify matched, or one label for every unmatched URL. */
export function routeLabel(pattern: string | undefined): string {
  return pattern && pattern.length > 0 ? pattern : 'unmatched';
}

/** A webhook's provider from its route pattern (…/<provider>/webhook), else null. */
export function webhookProvider(pattern: string | undefined): string | null {
  const match = pattern ? /\/([a-z0-9_-]+)\/webhook$/i.exec(pattern) : null;
  return match ? match[1]!.toLowerCase() : null;
}

export function createHealthMonitor(now: () => Date = () => new Date()): HealthMonitor {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'kitroom_process_' });
  const labels = ['route', 'method', 'status_class'] as const;
  const requests = new Counter({
    name: 'kitroom_http_requests_total',
    help: 'HTTP requests served, by route pattern, method and status class',
    labelNames: labels,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'kitroom_http_request_duration_seconds',
    help: 'Time to respond to an HTTP request, by route pattern, method and status class',
    labelNames: labels,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const webhooks = new Counter({
    name: 'kitroom_webhook_requests_total',
    help: 'Webhook deliveries by provider and outcome (ok, refused: 4xx, error: 5xx, unsigned: not authentic)',
    labelNames: ['provider', 'outcome'],
    registers: [registry],
  });
  const sweepRuns = new Counter({
    name: 'kitroom_sweep_runs_total',
    help: 'Runs of the periodic jobs (order sweep, refund sweep, outbox worker, alert checker)',
    labelNames: ['sweep'],
    registers: [registry],
  });
  const sweepFailures = new Counter({
    name: 'kitroom_sweep_failures_total',
    help: 'Runs of the periodic jobs that failed',
    labelNames: ['sweep'],
    registers: [registry],
  });
  const sweepLastRun = new Gauge({
    name: 'kitroom_sweep_last_run_timestamp_seconds',
    help: 'When each periodic job last ran (Unix seconds)',
    labelNames: ['sweep'],
    registers: [registry],
  });

  const recent: { at: number; provider: string; ok: boolean }[] = [];
  const states = Object.fromEntries(
    SWEEP_NAMES.map((s) => [s, { lastRunAt: null, lastErrorAt: null, lastError: null }]),
  ) as Record<SweepName, SweepState>;

  return {
    registry,
    startedAt: now(),
    requestServed(route, method, status, seconds) {
      const l = {
        route: routeLabel(route),
        method,
        status_class: `${Math.floor(status / 100)}xx`,
      };
      requests.inc(l);
      latency.observe(l, seconds);
    },
    webhookServed(provider, outcome, at = now()) {
      webhooks.inc({ provider, outcome });
      // Anyone can post without the secret: only authentic deliveries tell of a problem.
      if (outcome === 'unsigned') return;
      recent.push({ at: at.getTime(), provider, ok: outcome === 'ok' });
      const forget = at.getTime() - WEBHOOK_MEMORY_MS;
      while (recent.length > 0 && recent[0]!.at < forget) recent.shift();
    },
    webhooksSince(since) {
      const from = since.getTime();
      const tally: WebhookTally = { failures: 0, successes: 0, byProvider: new Map() };
      for (const r of recent) {
        if (r.at < from) continue;
        const one = tally.byProvider.get(r.provider) ?? { failures: 0, successes: 0 };
        tally.byProvider.set(r.provider, one);
        if (r.ok) {
          tally.successes += 1;
          one.successes += 1;
        } else {
          tally.failures += 1;
          one.failures += 1;
        }
      }
      return tally;
    },
    sweepRan(name, err, at = now()) {
      sweepRuns.inc({ sweep: name });
      sweepLastRun.set({ sweep: name }, at.getTime() / 1000);
      const state = states[name];
      state.lastRunAt = at;
      if (err !== undefined) {
        sweepFailures.inc({ sweep: name });
        const text = err instanceof Error ? err.message : String(err);
        state.lastErrorAt = at;
        state.lastError = text.length > ERROR_TEXT_MAX ? `${text.slice(0, ERROR_TEXT_MAX)}…` : text;
      }
    },
    sweeps: () => states,
  };
}
