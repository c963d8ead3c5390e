// An open-loop load: requests sent at a fixed arrival rate whatever the server does, each one's
// latency measured from the moment it was due, not from when it went out — a server that
// falls behind is charged for the queue it builds (no coordinated omission, which a
// closed-loop client like autocannon has: it waits for a response before sending the next).
import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { PerformanceObserver } from 'node:perf_hooks';
import { send, type BenchRequest } from './http-post.js';
import type { CartManageRequest } from '@kitroom/contract';
import type { BenchUser } from './database.js';
import { cpuTimeMs, pageFaults } from './processes.js';
import { CART_CYCLE, type Catalogue } from './scenarios.js';
import { percentile, round } from './stats.js';

export interface OpenLoopFigures {
  /** Requests per second the schedule asked for, and what was sent and what came back. */
  rate: number;
  seconds: number;
  sent: number;
  answered: number;
  /** Responses per second over the time from the first due moment to the last response. */
  achievedPerSecond: number;
  /** From each request's due moment to its response. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** When the slowest request was due, in seconds from the start (where a pause fell). */
  slowestDueAtSeconds: number;
  non2xx: number;
  errors: number;
  /** How late the client itself sent requests, p99 (a loaded bench process shows here). */
  sendLagP99Ms: number;
  serverCpuMsPerRequest: number | null;
  /** The client's longest garbage collection during the run (its pauses count as lag). */
  clientGcMaxMs: number;
  /** Page faults the server took over the run (memory touched anew: a pause may come with them). */
  serverPageFaults: number;
}

export interface OpenLoopSettings {
  rate: number;
  seconds: number;
  /**
   * Seconds sent at the same rate first and not counted, as the closed-loop scenarios warm up:
   * a fresh client's first second (its connections, its code not yet compiled) read p99
   * 23–32 ms where the seconds after it read 3–11 ms (`--only-cart`, 2026-12-04).
   */
  warmupSeconds: number;
  request: (i: number) => BenchRequest;
  pid: number;
}

/**
 * Sends `rate` requests a second for `warmupSeconds` and then `seconds` more (request i is due
 * at i / rate s, the schedule unbroken), on as many keep-alive connections as it takes, waits
 * for every response and reports the requests after the warm-up.
 */
export async function openLoop(baseUrl: string, o: OpenLoopSettings): Promise<OpenLoopFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const warm = Math.round(o.rate * o.warmupSeconds);
  const total = Math.round(o.rate * o.seconds);
  const latencies: number[] = [];
  let slowest = { ms: 0, dueAt: 0 };
  const lags: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let lastAnswer = 0;
  const pending: Promise<void>[] = [];
  const sendDue = async (i: number, due: number) => {
    const r = o.request(i);
    if (i < warm) {
      await send(baseUrl, r, { agent, timeoutMs: 30_000 });
      return;
    }
    lags.push(performance.now() - due);
    const { status, endAt } = await send(baseUrl, r, { agent, timeoutMs: 30_000 });
    if (status === 0) {
      errors++;
      return;
    }
    latencies.push(endAt - due);
    if (endAt - due > slowest.ms) slowest = { ms: endAt - due, dueAt: due };
    lastAnswer = Math.max(lastAnswer, endAt);
    if (status < 200 || status >= 300) non2xx++;
  };

  let measuring = false;
  let clientGcMaxMs = 0;
  const gc = new PerformanceObserver((list) => {
    if (!measuring) return;
    for (const e of list.getEntries()) clientGcMaxMs = Math.max(clientGcMaxMs, e.duration);
  });
  gc.observe({ entryTypes: ['gc'] });
  let cpuBefore = 0;
  let faultsBefore = 0;
  const begin = performance.now();
  /** When the first counted request is due. */
  const start = begin + (warm * 1000) / o.rate;
  const dueAt = (i: number) => begin + (i * 1000) / o.rate;
  let next = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      // Every request due by now goes out, however late the timer fired.
      while (next < warm + total && dueAt(next) <= now) {
        if (next === warm) {
          measuring = true;
          cpuBefore = cpuTimeMs(o.pid);
          faultsBefore = pageFaults(o.pid);
        }
        pending.push(sendDue(next, dueAt(next)));
        next++;
      }
      if (next >= warm + total) resolve();
      else setTimeout(tick, Math.max(0, dueAt(next) - performance.now()));
    };
    tick();
  });
  await Promise.all(pending);
  const cpu = cpuTimeMs(o.pid) - cpuBefore;
  const faults = pageFaults(o.pid) - faultsBefore;
  gc.disconnect();
  agent.destroy();
  const answered = latencies.length;
  return {
    rate: o.rate,
    seconds: o.seconds,
    sent: total,
    answered,
    achievedPerSecond: answered > 0 ? round(answered / ((lastAnswer - start) / 1000)) : 0,
    p50Ms: answered > 0 ? round(percentile(latencies, 50), 1) : 0,
    p99Ms: answered > 0 ? round(percentile(latencies, 99), 1) : 0,
    maxMs: answered > 0 ? round(slowest.ms, 1) : 0,
    slowestDueAtSeconds: answered > 0 ? round((slowest.dueAt - start) / 1000, 2) : 0,
    non2xx,
    errors,
    sendLagP99Ms: lags.length > 0 ? round(percentile(lags, 99), 1) : 0,
    serverCpuMsPerRequest: answered > 0 ? round(cpu / answered, 3) : null,
    clientGcMaxMs: round(clientGcMaxMs, 1),
    serverPageFaults: faults,
  };
}

/** What the open loop's own process is sent: the load, every request written out. */
export interface OpenLoopJob {
  baseUrl: string;
  rate: number;
  seconds: number;
  warmupSeconds: number;
  pid: number;
  /** The warm-up's requests, then the counted ones. */
  requests: BenchRequest[];
}

/**
 * The open loop in a process of its own (`open-loop-process.ts`), fresh and doing nothing
 * else: the bench's process has just run autocannon in-process, and its garbage collections
 * and timers made requests late, each charged to the server from its due moment (a full run of
 * 2026-12-03: send lag p99 23.7 ms while the server's own collections took ≤ 3 ms; after a
 * lone closed loop, as `--only-cart` runs it, 1.4–2.4 ms).
 */
export async function openLoopInOwnProcess(
  baseUrl: string,
  o: OpenLoopSettings,
): Promise<OpenLoopFigures> {
  const total = Math.round(o.rate * o.warmupSeconds) + Math.round(o.rate * o.seconds);
  const job: OpenLoopJob = {
    baseUrl,
    rate: o.rate,
    seconds: o.seconds,
    warmupSeconds: o.warmupSeconds,
    pid: o.pid,
    requests: Array.from({ length: total }, (_, i) => o.request(i)),
  };
  const child = fork(fileURLToPath(new URL('./open-loop-process.ts', import.meta.url)), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<OpenLoopFigures>((resolve, reject) => {
    let figures: OpenLoopFigures | undefined;
    child.once('message', (m) => (figures = m as OpenLoopFigures));
    child.once('error', reject);
    child.once('exit', (code) =>
      figures ? resolve(figures) : reject(new Error(`the open loop's process ended (${code})`)),
    );
    child.send(job);
  });
}

/**
 * The cart scenario's requests in an open loop: request i is shopper i mod N's next step, its
 * CART_CYCLE adds of one item of different in-stock sizes, then a clear.
 */
export function cartOpenRequests(
  c: Catalogue,
  shoppers: readonly BenchUser[],
): (i: number) => BenchRequest {
  const pairs = c.stockedSizes;
  return (i) => {
    const shopper = shoppers[i % shoppers.length]!;
    const step = Math.floor(i / shoppers.length) % (CART_CYCLE + 1);
    const pair = pairs[(shopper.id * CART_CYCLE + step) % pairs.length]!;
    const body: CartManageRequest =
      step === CART_CYCLE
        ? { action: 'clear', user_id: shopper.id }
        : {
            action: 'add',
            user_id: shopper.id,
            product_id: pair.productId,
            size: pair.size,
            quantity: 1,
          };
    return {
      method: 'POST',
      path: '/api/cart_manage.php',
      headers: { 'content-type': 'application/json', cookie: shopper.cookie },
      body: JSON.stringify(body),
    };
  };
}
