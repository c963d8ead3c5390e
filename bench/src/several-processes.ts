// One server process, then two, on one PostgreSQL behind nginx (docs/deploy/nginx.conf, the
// upstream holding one or two processes): the same load through nginx both times, so the
// ratio is what the second process adds on this machine. Two loads: reads (the mixed
// browsing cycle) and mixed (that cycle with each connection's shopper adding to the cart
// and clearing it, as the cart scenario does: about half the requests write).
import path from 'node:path';
import type { BenchUser, Target } from './database.js';
import { measure, probe, type LoadFigures, type LoadSettings } from './load.js';
import { siteFor, startNginx } from './nginx.js';
import { freePort, HOST, type Started } from './processes.js';
import type { ProcessesFigures, ProcessesLoad } from './results.js';
import { buildScenarios, discoverCatalogue } from './scenarios.js';
import { round } from './stats.js';

export interface ProcessesDeps {
  root: string;
  target: Target;
  settings: LoadSettings;
  shoppers: readonly BenchUser[];
  /** Starts one shop server on the target's database (its own port). */
  startServer: (name: string) => Promise<Started>;
  log: (line: string) => void;
}

/** Seconds of load each process gets on its own before anything is measured. */
const WARM_SECONDS = 5;

const LOADS: { id: ProcessesLoad['id']; label: string }[] = [
  { id: 'reads', label: 'reads (mixed browsing)' },
  { id: 'mixed', label: 'mixed (browsing and cart adds)' },
];

/** Measures each load through nginx with one process, then with two. */
export async function measureProcesses(d: ProcessesDeps): Promise<ProcessesFigures> {
  if (d.target.kind !== 'postgres') {
    throw new Error('needs PostgreSQL (DATABASE_URL): PGlite is one process’s database');
  }
  const siteFile = path.join(d.root, 'docs/deploy/nginx.conf');
  const nginxDir = path.join(d.target.dataDir, 'nginx');
  const servers = [await d.startServer('processes-1'), await d.startServer('processes-2')];
  const figures: Record<ProcessesLoad['id'], Partial<Record<'one' | 'two', LoadFigures>>> = {
    reads: {},
    mixed: {},
  };
  try {
    const catalogue = await discoverCatalogue(servers[0]!.baseUrl);
    const scenarios = buildScenarios(catalogue, d.shoppers);
    const browsing = scenarios.find((s) => s.id === 'mixed')!;
    const cart = scenarios.find((s) => s.id === 'cart-add')!;
    const requests = { reads: browsing.requests, mixed: [...browsing.requests, ...cart.requests] };
    // Both processes' caches warmed alike first, so the second is not measured cold against
    // a first warmed by the one-process runs.
    for (const s of servers) {
      await measure(
        s.baseUrl,
        requests.mixed,
        { ...d.settings, durationSeconds: WARM_SECONDS, warmupSeconds: 0 },
        s.pid,
      );
    }
    for (const count of [1, 2] as const) {
      const upstream = servers.slice(0, count);
      const port = await freePort();
      const nginx = await startNginx(
        nginxDir,
        siteFor(
          siteFile,
          port,
          upstream.map((s) => s.port),
        ),
      );
      try {
        const base = `http://${HOST}:${port}`;
        for (const s of [browsing, cart]) {
          const probed = await probe(base, s.probes);
          if (!probed.ok) throw new Error(`${s.label} through nginx: ${probed.reason}`);
        }
        for (const load of LOADS) {
          const f = await measure(
            base,
            requests[load.id],
            d.settings,
            upstream.map((s) => s.pid),
          );
          figures[load.id][count === 1 ? 'one' : 'two'] = f;
          d.log(
            `  ${load.label}, ${count} process${count === 1 ? '' : 'es'}: ${f.requestsPerSecond} req/s, p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms, servers' CPU ${f.serverCpuMsPerRequest} ms/req, database CPU ${f.databaseCpuMsPerRequest ?? '—'} ms/req, non-2xx ${f.non2xx}`,
          );
        }
      } finally {
        await nginx.stop();
      }
    }
  } finally {
    for (const s of servers) await s.stop();
  }
  const loads = LOADS.map(({ id, label }): ProcessesLoad => {
    const { one, two } = figures[id];
    return {
      id,
      label,
      one: one!,
      two: two!,
      ratio: round(two!.requestsPerSecond / one!.requestsPerSecond, 2),
    };
  });
  for (const l of loads) d.log(`  ${l.label}: 2 processes give ${l.ratio}× the throughput of 1`);
  return { connections: d.settings.connections, loads };
}
