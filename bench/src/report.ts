// Renders a run as the results section of bench/README.md and as the p99 chart.
import { API_BUDGETS, PAGE_BUDGETS } from './budgets.js';
import { lineChart, type Series } from './chart.js';
import { memoryLine } from './machine.js';
import { median } from './stats.js';
import type { BenchResult, BudgetCheck } from './results.js';

export const START_MARKER = '<!-- bench:results:start -->';
export const END_MARKER = '<!-- bench:results:end -->';
export const CHART_FILE = 'results/p99-latency.svg';

const n = (v: number, digits = 0) =>
  v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });

/** '2026-01-02T03:04:05.000Z' → '2026-01-02 03:04 UTC'. */
const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

function verdict(check: BudgetCheck | undefined): string {
  if (!check) return '';
  if (check.pass === null) return `${check.rule}: —`;
  return `${check.rule}: **${check.pass ? 'pass' : 'miss'}**`;
}

/** PostgreSQL's CPU per request; PGlite's is in the server's figure. */
const databaseCpu = (f: { databaseCpuMsPerRequest?: number | null }) =>
  f.databaseCpuMsPerRequest ?? '—';

function findCheck(checks: readonly BudgetCheck[], subject: string, rulePrefix: string) {
  return checks.find((c) => c.subject === subject && c.rule.startsWith(rulePrefix));
}

/** The Markdown that goes between the README's markers. */
export function renderSection(r: BenchResult): string {
  const m = r.machine;
  const engine = r.engine === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const lines: string[] = [
    `Measured **${when(r.date)}** with \`${r.command}\` on ${engine} — ${m.cpuModel}, ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node}, ${m.os}${m.memory ? `; ${memoryLine(m.memory)}` : ''}. The run took ${Math.round(r.elapsedSeconds / 60)} min.`,
    '',
    `### API (autocannon, ${r.settings.connections} connections, ${r.settings.durationSeconds} s per scenario after a ${r.settings.warmupSeconds} s warm-up)`,
    '',
    `Ceiling, a bare Fastify route in its own process: **${n(r.ceiling.requestsPerSecond)} req/s**, p50 ${r.ceiling.p50Ms} ms, p99 ${r.ceiling.p99Ms} ms.`,
    '',
    '| scenario | products | req/s | of ceiling | p50 ms | p99 ms | server CPU ms/req | database CPU ms/req | budget |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const size of r.sizes) {
    for (const api of size.api) {
      const subject = `${api.label} at ${size.products.toLocaleString('en-US')}`;
      const budgets = r.budgets
        .filter((c) => c.subject === subject)
        .map(verdict)
        .join('; ');
      const f = api.figures;
      if (!f) {
        lines.push(
          `| ${api.label} | ${n(size.products)} | ${api.status}: ${api.reason ?? ''} | | | | | | ${budgets} |`,
        );
        continue;
      }
      const errors = f.non2xx + f.errors > 0 ? ` (${n(f.non2xx + f.errors)} errors)` : '';
      lines.push(
        `| ${api.label} | ${n(size.products)} | ${n(f.requestsPerSecond)}${errors} | ${n((api.ceilingRatio ?? 0) * 100, 1)}% | ${f.p50Ms} | ${f.p99Ms} | ${f.serverCpuMsPerRequest ?? '—'} | ${databaseCpu(f)} | ${budgets} |`,
      );
    }
  }
  lines.push('', `![p99 latency against catalogue size](${CHART_FILE})`, '');

  const openLoops = r.sizes.filter((s) => s.cartOpenLoop !== undefined);
  if (openLoops.length > 0) {
    lines.push(
      '### Cart add at a fixed arrival rate (open loop)',
      '',
      `The cart scenario's requests sent on schedule whatever the server does, after a ${r.settings.warmupSeconds} s warm-up at the same rate that is not counted; each latency from the moment the request was due.`,
      '',
      '| products | rate | sent / answered | p50 ms | p99 ms | max ms | client send lag p99 | server CPU ms/req | budget |',
      '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    );
    for (const size of openLoops) {
      const o = size.cartOpenLoop;
      const subject = `cart_manage.php add, open loop at ${size.products.toLocaleString('en-US')}`;
      const budget = r.budgets
        .filter((c) => c.subject === subject)
        .map(verdict)
        .join('; ');
      lines.push(
        o
          ? `| ${n(size.products)} | ${n(o.rate)}/s for ${o.seconds} s | ${n(o.sent)} / ${n(o.answered)}${o.non2xx + o.errors > 0 ? ` (${n(o.non2xx + o.errors)} errors)` : ''} | ${o.p50Ms} | ${o.p99Ms} | ${o.maxMs} | ${o.sendLagP99Ms} ms | ${o.serverCpuMsPerRequest ?? '—'} | ${budget} |`
          : `| ${n(size.products)} | not measured: ${size.cartOpenLoopNote ?? ''} | | | | | | | ${budget} |`,
      );
    }
    lines.push('');
  }

  lines.push(
    '### Cold start and memory',
    '',
    '| products | seeded in this run | cold start: `npm start` → first answered `/api/home.php` | server peak RSS (VmHWM) under mixed browsing |',
    '| ---: | ---: | ---: | ---: |',
  );
  for (const size of r.sizes) {
    const seeded = size.seededSeconds === null ? 'reused' : `${n(size.seededSeconds, 1)} s`;
    const cold = size.coldStart
      ? `${n(size.coldStart.medianMs)} ms (median of ${size.coldStart.runsMs.length})`
      : '—';
    const memory = size.memory ? `${n(size.memory.peakMiB, 1)} MiB` : '—';
    lines.push(`| ${n(size.products)} | ${seeded} | ${cold} | ${memory} |`);
  }
  lines.push('');

  if (r.sizes.some((s) => s.admin !== undefined)) {
    lines.push(
      '### Back office: catalogue CSV (one owner, one request at a time)',
      '',
      '| products | export: last byte | first byte | size | server RSS before → peak | import dry run, 10,000 rows | budgets |',
      '| ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    );
    for (const size of r.sizes) {
      const a = size.admin;
      const at = size.products.toLocaleString('en-US');
      const budgets = r.budgets
        .filter((c) => c.subject.startsWith('admin CSV') && c.subject.endsWith(`at ${at}`))
        .map(
          (c) => `${c.subject.replace(/^admin CSV /, '').replace(` at ${at}`, '')} ${verdict(c)}`,
        )
        .join('; ');
      if (!a) {
        lines.push(
          `| ${n(size.products)} | ${size.adminNote ?? 'not measured'} | | | | | ${budgets} |`,
        );
        continue;
      }
      lines.push(
        `| ${n(size.products)} | ${n(a.export.ms / 1000, 1)} s | ${n(a.export.firstByteMs)} ms | ${n(a.export.bytes / 1e6, 1)} MB | ${n(a.export.rssBeforeMiB, 1)} → ${n(a.export.peakRssMiB, 1)} MiB | ${n(a.importDryRun.ms / 1000, 1)} s (${n(a.importDryRun.updates)} updates found) | ${budgets} |`,
      );
    }
    lines.push('');
  }

  const withOrders = r.sizes.filter((s) => s.orders);
  if (withOrders.length > 0) {
    lines.push(
      '### Back office: a million orders',
      '',
      '| products | orders | written in this run | dashboard first look | dashboard p50 / p99 (one owner, 30 requests) | budgets |',
      '| ---: | ---: | ---: | ---: | ---: | --- |',
    );
    for (const size of withOrders) {
      const o = size.orders!;
      const at = `at ${n(o.count)} orders`;
      const budgets = r.budgets
        .filter((c) => c.subject.startsWith('admin dashboard') && c.subject.endsWith(at))
        .map((c) => `dashboard ${verdict(c)}`)
        .join('; ');
      const seeded = o.seededSeconds === null ? 'reused' : `${n(o.seededSeconds, 1)} s`;
      const dash = o.dashboard
        ? `${n(o.dashboard.p50Ms, 1)} / ${n(o.dashboard.p99Ms, 1)} ms`
        : (o.note ?? 'not measured');
      const first =
        o.dashboardFirstLookMs === undefined ? '–' : `${n(o.dashboardFirstLookMs, 1)} ms`;
      lines.push(
        `| ${n(size.products)} | ${n(o.count)} | ${seeded} | ${first} | ${dash} | ${budgets} |`,
      );
    }
    lines.push(
      '',
      'The order list among them is the `admin order list` row of the API table (10 connections). The first look rolls up the 30 days of sales (as the first look after an upgrade does; after that, the first look of a day rolls up the day before).',
      '',
    );
  }

  if (r.outbox !== undefined) {
    const o = r.outbox;
    const check = r.budgets.find((c) => c.subject === 'outbox drain');
    lines.push("### Outbox (the server's mail worker to a local SMTP server)", '');
    lines.push(
      o
        ? `${n(o.mails)} order mails drained in ${n(o.drainMs / 1000, 1)} s: **${n(o.mailsPerSecond)} mails/s**, server CPU ${o.serverCpuMsPerMail} ms a mail, ${o.duplicates} sent twice, ${n(o.markedSent)} of ${n(o.written)} marked sent (a warm-up of ${n(o.written - o.mails)} first). ${verdict(check)}`
        : `Not measured: ${r.outboxNote ?? 'no figures'}.`,
      '',
    );
  }

  if (r.checkout !== undefined) lines.push(...checkoutSection(r));

  if (r.launch !== undefined) {
    const f = r.launch;
    lines.push('### A kit launch through the waiting room (issue 42)', '');
    if (!f) {
      lines.push(`Not measured: ${r.launchNote ?? 'no figures'}.`, '');
    } else {
      const check = r.budgets.find((c) => c.subject === 'kit launch' && c.unit === 'ms');
      lines.push(
        `${n(f.fans)} fans (${n(f.botCount)} of them bots) for ${n(f.stock)} shirts, two server processes behind nginx on PostgreSQL, fans let in by the waiting room at its pace.`,
        '',
        `- Sold **${n(f.sold)} of ${n(f.stock)}** (stock after ${n(f.stockAfter)}); fans beyond the limit of a size: ${n(f.overLimit)}; 5xx or no response: ${n(f.serverErrors)}.`,
        `- Admitted fans' checkout: p50 ${n(f.checkout.p50Ms)} ms, **p99 ${n(f.checkout.p99Ms)} ms**, max ${n(f.checkout.maxMs)} ms; ${n(f.checkout.accepted)} accepted, ${n(f.checkout.soldOut)} told sold out, ${n(f.checkout.other)} other, of ${n(f.checkout.sent)}. ${check ? verdict(check) : ''}`.trimEnd(),
        `- The queue: ${n(f.joins.ok)} of ${n(f.fans)} places taken (p50 ${n(f.joins.p50Ms)} ms, p99 ${n(f.joins.p99Ms)} ms); largest inversion between arrival and place ${n(f.largestInversion)}; ${n(f.proofs)} places needed the proof of work.`,
        `- Bots: ${n(f.bots.ordersSent)} orders sent, ${n(f.bots.accepted)} accepted (${n(f.bots.pieces)} pieces), ${n(f.bots.acceptedOutOfTurn)} out of turn.`,
        '',
      );
    }
  }

  if (r.processes !== undefined) {
    const p = r.processes;
    lines.push('### 1 vs 2 server processes behind nginx (`docs/deploy/nginx.conf`)', '');
    if (!p) {
      lines.push(`Not measured: ${r.processesNote ?? 'no figures'}.`, '');
    } else {
      lines.push(
        `The same load through nginx with one process in its upstream, then two, on one PostgreSQL; ${p.connections} connections. CPU is the server processes' (summed), not nginx's or PostgreSQL's.`,
        '',
        '| load | 1 process req/s | p99 | 2 processes req/s | p99 | ratio |',
        '| --- | ---: | ---: | ---: | ---: | ---: |',
      );
      for (const l of p.loads) {
        lines.push(
          `| ${l.label} | ${n(l.one.requestsPerSecond)} | ${n(l.one.p99Ms)} ms | ${n(l.two.requestsPerSecond)} | ${n(l.two.p99Ms)} ms | ${n(l.ratio, 2)}× |`,
        );
      }
      lines.push('');
    }
  }

  lines.push('### Pages (Lighthouse mobile preset, Debian Chromium)', '');
  if (!r.pages) {
    lines.push(r.pagesNote ?? 'Not measured in this run.', '');
  } else {
    const b = PAGE_BUDGETS;
    lines.push(
      `Median of ${r.settings.lighthouseRuns} run(s) per page, against ${r.sizes[0] ? n(r.sizes[0].products) : 'the'} products. First-load JS/CSS: the files each page loaded, gzipped from \`apps/web/dist\`.`,
      '',
      `| page | performance (≥ ${b.minScore}) | LCP (≤ ${b.maxLcpMs / 1000} s) | TBT (≤ ${b.maxTbtMs} ms) | CLS (≤ ${b.maxCls}) | first-load JS gzip (≤ ${b.maxJsKb} kB home, listing, product) | CSS gzip (≤ ${b.maxCssKb} kB) |`,
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    const mark = (c: BudgetCheck | undefined) =>
      c ? (c.pass === null ? '' : c.pass ? ' pass' : ' **miss**') : '';
    for (const p of r.pages) {
      const subject = `${p.label} page`;
      const redirected = p.finalPath !== p.path ? ` (ended at ${p.finalPath})` : '';
      lines.push(
        `| ${p.label} \`${p.path}\`${redirected} | ${p.score}${mark(findCheck(r.budgets, subject, 'Lighthouse'))} | ${n(p.lcpMs / 1000, 2)} s${mark(findCheck(r.budgets, subject, 'LCP'))} | ${n(p.tbtMs)} ms${mark(findCheck(r.budgets, subject, 'TBT'))} | ${n(p.cls, 3)}${mark(findCheck(r.budgets, subject, 'CLS'))} | ${n(p.jsGzipBytes / 1000, 1)} kB${mark(findCheck(r.budgets, subject, 'first-load JS'))} | ${n(p.cssGzipBytes / 1000, 1)} kB${mark(findCheck(r.budgets, subject, 'CSS'))} |`,
      );
    }
    for (const p of r.pagesSkipped) {
      lines.push(`| ${p.label} \`${p.path}\` | skipped: ${p.reason} | | | | | |`);
    }
    lines.push('');
    const indexes = r.pages.flatMap((p) => (p.benchmarkIndex ? [p.benchmarkIndex] : []));
    if (indexes.length > 0) {
      lines.push(
        `Lighthouse's CPU index (BenchmarkIndex) of this machine: ${n(median(indexes))} (${n(Math.min(...indexes))}–${n(Math.max(...indexes))} by page). The preset slows the CPU 4× from it, so TBT compares across runs only at a similar index.`,
        '',
      );
    }
  }

  const judged = r.budgets.filter((c) => c.pass !== null);
  const missed = judged.filter((c) => c.pass === false).length;
  lines.push(
    `**Budgets: ${judged.length - missed} of ${judged.length} met, ${missed} missed** (marked in the tables above; every check is in the run's JSON under \`budgets\`).`,
  );
  return lines.join('\n');
}

/** The drop and sustained checkout (checkout.ts). */
function checkoutSection(r: BenchResult): string[] {
  const lines = ['### Checkout: the drop and sustained orders (`process_order.php`)', ''];
  const c = r.checkout;
  if (!c) return [...lines, `Not measured: ${r.checkoutNote ?? 'no figures'}.`, ''];
  const d = c.drop;
  const check = (subject: string, rule: string) => findCheck(r.budgets, subject, rule);
  lines.push(
    `**The drop**: ${n(d.shoppers)} shoppers send one order each for 1 unit of a size with stock ${n(d.stock)}, all at once. **${n(d.accepted)} accepted**, ${n(d.refusedSoldOut)} told it is sold out (409), ${n(d.otherRefusals)} other 4xx, ${n(d.serverErrors)} 5xx or no response; stock after ${d.stockAfter ?? '?'}, ${n(d.sold)} units in the accepted orders. ${verdict(check('drop', 'exactly'))}`,
    '',
    `Latency of the wave p50 ${n(d.p50Ms)} ms, **p99 ${n(d.p99Ms)} ms** (max ${n(d.maxMs)} ms), ${n(d.ordersPerSecond)} orders/s over its ${n(d.wallMs)} ms. ${verdict(check('drop', 'p99'))}`,
    '',
    `Payments: each accepted order paid on the sandbox gateway's page (its signed webhook) and its callback followed, all at once: ${n(d.payments.settled)} of ${n(d.payments.sent)} callbacks settled, p50 ${n(d.payments.p50Ms)} ms, p99 ${n(d.payments.p99Ms)} ms; ${n(d.paid)} orders paid. ${verdict(check('drop payments', 'every'))}`,
    '',
    '| sustained checkout (distinct shopper per connection, ample stock) | connections | orders/s | p50 ms | p99 ms | server CPU ms/order | database CPU ms/order | budgets |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  );
  for (const s of c.sustained) {
    const f = s.figures;
    const subject = `sustained checkout, ${s.label}`;
    const budgets = r.budgets
      .filter((b) => b.subject === subject)
      .map(verdict)
      .join('; ');
    lines.push(
      `| ${s.label} | ${s.connections} | ${n(f.requestsPerSecond)} | ${n(f.p50Ms)} | ${n(f.p99Ms)} | ${f.serverCpuMsPerRequest ?? '–'} | ${databaseCpu(f)} | ${budgets} |`,
    );
  }
  lines.push('');
  return lines;
}

/** Replaces what is between the markers; throws when they are missing. */
export function replaceSection(readme: string, section: string): string {
  const start = readme.indexOf(START_MARKER);
  const end = readme.indexOf(END_MARKER);
  if (start < 0 || end < start) {
    throw new Error(`bench/README.md needs the markers ${START_MARKER} and ${END_MARKER}`);
  }
  return `${readme.slice(0, start + START_MARKER.length)}\n${section}\n${readme.slice(end)}`;
}

/** p99 latency by catalogue size, one line per API scenario, with the listing budgets. */
export function renderChart(r: BenchResult): string {
  const bySize = new Map<string, Series>();
  for (const size of r.sizes) {
    for (const api of size.api) {
      if (!api.figures) continue;
      const s = bySize.get(api.id) ?? { label: api.label, points: [] };
      s.points.push({ x: size.products, y: api.figures.p99Ms });
      bySize.set(api.id, s);
    }
  }
  const sizes = r.sizes.map((s) => s.products);
  const guides = [...new Set(sizes.map(API_BUDGETS.listingP99Ms))].map((y) => ({
    y,
    label: `listing budget ${y} ms`,
  }));
  const engine = r.engine === 'postgres' ? 'PostgreSQL' : 'PGlite';
  return lineChart([...bySize.values()], {
    title: `p99 latency at ${r.settings.connections} connections, ${engine}, ${when(r.date)}`,
    xLabel: 'products in the catalogue (log scale)',
    yLabel: 'p99 latency (ms)',
    guides,
  });
}
