// Runs one scenario with autocannon on the loopback interface and keeps the figures the
// report needs.
import autocannon from 'autocannon';
import { cpuTimeMs, localPostgresCpuMs } from './processes.js';
import type { Probe, Scenario } from './scenarios.js';
import { round } from './stats.js';

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** CPU time the server process used per request (database processes not included). */
  serverCpuMsPerRequest: number | null;
  /**
   * CPU time PostgreSQL's processes used per request, when the database runs on this
   * machine and the run asked for it (`LoadSettings.databaseCpu`); null otherwise.
   */
  databaseCpuMsPerRequest: number | null;
}

export interface LoadSettings {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** Also measure the CPU time of PostgreSQL's processes on this machine. */
  databaseCpu?: boolean;
}

export type ProbeOutcome = { ok: true } | { ok: false; status: number; reason: string };

/** Sends each probe once; the first that does not respond 200 says why the scenario cannot run. */
export async function probe(baseUrl: string, probes: readonly Probe[]): Promise<ProbeOutcome> {
  for (const p of probes) {
    let status = 0;
    let text = '';
    try {
      const res = await fetch(baseUrl + p.path, {
        method: p.method,
        headers: p.headers,
        body: p.body,
        signal: AbortSignal.timeout(30_000),
      });
      status = res.status;
      text = await res.text();
    } catch (err) {
      return { ok: false, status: 0, reason: `${p.path}: ${String(err)}` };
    }
    if (status !== 200) {
      return { ok: false, status, reason: `${p.path} answered ${status}: ${text.slice(0, 160)}` };
    }
  }
  return { ok: true };
}

function run(url: string, requests: Scenario['requests'], connections: number, seconds: number) {
  return autocannon({ url, connections, duration: seconds, requests, timeout: 10 });
}

/**
 * A short warm-up, then the measured run, with the CPU time of the server process `pid` (of
 * all of them, summed, when several serve the load).
 */
export async function measure(
  baseUrl: string,
  requests: Scenario['requests'],
  s: LoadSettings,
  pid: number | readonly number[],
): Promise<LoadFigures> {
  const pids = typeof pid === 'number' ? [pid] : pid;
  const cpuNow = () => pids.reduce((sum, p) => sum + cpuTimeMs(p), 0);
  if (s.warmupSeconds > 0) await run(baseUrl, requests, s.connections, s.warmupSeconds);
  const cpuBefore = cpuNow();
  const dbBefore = s.databaseCpu ? localPostgresCpuMs() : null;
  const r = await run(baseUrl, requests, s.connections, s.durationSeconds);
  const cpu = cpuNow() - cpuBefore;
  const dbAfter = dbBefore === null ? null : localPostgresCpuMs();
  const perRequest = (ms: number) =>
    r.requests.total > 0 ? round(ms / r.requests.total, 3) : null;
  return {
    requestsPerSecond: round(r.requests.average),
    p50Ms: r.latency.p50,
    p90Ms: r.latency.p90,
    p99Ms: r.latency.p99,
    maxMs: r.latency.max,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    serverCpuMsPerRequest: perRequest(cpu),
    databaseCpuMsPerRequest:
      dbBefore === null || dbAfter === null ? null : perRequest(dbAfter - dbBefore),
  };
}
