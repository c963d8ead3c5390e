// The performance budgets: targets the benchmark reports against, not timed tests.
import type { LoadFigures } from './load.js';
import type { PageFigures } from './pages.js';
import type { BenchResult, BudgetCheck } from './results.js';
import type { ScenarioId } from './scenarios.js';

export const PAGE_BUDGETS = {
  minScore: 95,
  maxLcpMs: 1800,
  maxTbtMs: 100,
  maxCls: 0.02,
  /**
   * First-load JavaScript, gzip, on the home, listing and product pages: issue 43's budget.
   * (90 kB on home and product from the first bench, 2026-11-21, until 2026-11-30: React DOM
   * alone is ≈ 62 kB of it; bench/README.md, "What was fixed, and what remains".)
   */
  maxJsKb: 100,
  maxCssKb: 15,
};

export const API_BUDGETS = {
  /** Listing with facet counts, p99, by catalogue size. */
  listingP99Ms: (products: number) => (products <= 10_000 ? 25 : 50),
  searchP99Ms: 30,
  cartAddP99Ms: 20,
  /** Cart adds, closed loop at 50 connections: requests per second. */
  cartAddPerSecond: 2000,
  /** Cart adds arriving at this fixed rate (open loop): p99 from each one's due moment. */
  cartOpenLoopRate: 1000,
  cartOpenLoopP99Ms: 20,
  /** Listing requests per second, as a share of the bare-Fastify ceiling. */
  listingCeilingShare: 0.3,
};

export const ADMIN_BUDGETS = {
  /** The back office's product list with a filter, p99. */
  productListP99Ms: 50,
  /** The whole catalogue as CSV, request to the last byte. */
  exportMs: 20_000,
  /** Flat memory: the server's peak RSS while exporting, above its RSS just before. */
  exportRssGrowthMiB: 64,
  /** A CSV import dry run of 10,000 rows. */
  importDryRunMs: 15_000,
  /** The order list filtered by status and date, among a million orders, p99 at 10 connections. */
  orderListP99Ms: 50,
  /** The dashboard's figures among a million orders, p99 of one staff member's requests. */
  dashboardP99Ms: 100,
};

export const OUTBOX_BUDGETS = {
  /** Mails the worker of one server process sends per second to a local SMTP server. */
  mailsPerSecond: 200,
};

export const CHECKOUT_BUDGETS = {
  /** The drop: every request of the wave answered within this, p99. */
  dropP99Ms: 300,
  /** Sustained checkout at 50 connections, ample stock: orders per second and p99. */
  sustainedOrdersPerSecond: 600,
  sustainedP99Ms: 150,
  /** The server's and PostgreSQL's CPU an order, summed (issue 42: a third of 12 ms). */
  sustainedCpuMsPerOrder: 4,
};

export const LAUNCH_BUDGETS = {
  /** Admitted fans' checkout responses at their turn, p99 (issue 42). */
  checkoutP99Ms: 300,
};

/** The scenarios the listing budgets judge. */
export const LISTING: readonly ScenarioId[] = [
  'shop-first',
  'shop-filtered',
  'shop-first-sorted',
  'shop-filtered-sorted',
];
const SEARCH: ScenarioId[] = ['search-word', 'search-typo'];
const JS_BUDGET_PAGES: PageFigures['id'][] = ['home', 'all-products', 'product'];
/** More failed requests than this share and a scenario's figures are not judged as a pass. */
const MAX_FAILED_SHARE = 0.01;

/** Requests that got a non-2xx response, a connection error or no response at all. */
export function failedShare(f: LoadFigures): number {
  if (f.requests === 0) return 1;
  return Math.min(1, (f.non2xx + f.errors) / (f.requests + f.errors));
}

function atMost(value: number | null, limit: number): boolean | null {
  return value === null ? null : value <= limit;
}

/** Every budget judged against one run's figures. */
export function judge(
  r: Pick<BenchResult, 'engine' | 'sizes' | 'pages' | 'outbox' | 'outboxNote'> &
    Partial<Pick<BenchResult, 'checkout' | 'checkoutNote' | 'launch' | 'launchNote'>>,
): BudgetCheck[] {
  const checks: BudgetCheck[] = [];
  const onPostgres = r.engine === 'postgres';
  const apiCheck = (c: BudgetCheck): BudgetCheck =>
    onPostgres ? c : { ...c, pass: null, note: 'API budgets are for PostgreSQL' };

  for (const size of r.sizes) {
    const at = `at ${size.products.toLocaleString('en-US')}`;
    for (const api of size.api) {
      const f = api.figures;
      // A run that mostly failed has no latency worth judging: it misses every budget.
      const broken = f !== undefined && failedShare(f) > MAX_FAILED_SHARE;
      const p99 = f && !broken ? f.p99Ms : null;
      const subject = `${api.label} ${at}`;
      const missing = broken
        ? {
            pass: false,
            note: `${Math.round(failedShare(f) * 100)}% of requests failed or got no answer`,
          }
        : f
          ? {}
          : { note: api.reason ?? 'not measured' };
      if (LISTING.includes(api.id)) {
        const limit = API_BUDGETS.listingP99Ms(size.products);
        checks.push(
          apiCheck({
            subject,
            rule: `p99 ≤ ${limit} ms`,
            value: p99,
            unit: 'ms',
            pass: atMost(p99, limit),
            ...missing,
          }),
        );
        const share = broken ? null : (api.ceilingRatio ?? null);
        const min = API_BUDGETS.listingCeilingShare;
        checks.push(
          apiCheck({
            subject,
            rule: `≥ ${min * 100}% of the bare-Fastify ceiling`,
            value: share === null ? null : Math.round(share * 1000) / 10,
            unit: '%',
            pass: share === null ? null : share >= min,
            ...missing,
          }),
        );
      } else if (SEARCH.includes(api.id)) {
        const limit = API_BUDGETS.searchP99Ms;
        checks.push(
          apiCheck({
            subject,
            rule: `p99 ≤ ${limit} ms`,
            value: p99,
            unit: 'ms',
            pass: atMost(p99, limit),
            ...missing,
          }),
        );
      } else if (api.id === 'admin-products' || api.id === 'admin-orders') {
        const limit =
          api.id === 'admin-products'
            ? ADMIN_BUDGETS.productListP99Ms
            : ADMIN_BUDGETS.orderListP99Ms;
        checks.push(
          apiCheck({
            subject,
            rule: `p99 ≤ ${limit} ms`,
            value: p99,
            unit: 'ms',
            pass: atMost(p99, limit),
            ...missing,
          }),
        );
      } else if (api.id === 'cart-add') {
        const limit = API_BUDGETS.cartAddP99Ms;
        const rps = f && !broken ? f.requestsPerSecond : null;
        const min = API_BUDGETS.cartAddPerSecond;
        checks.push(
          apiCheck({
            subject,
            rule: `p99 ≤ ${limit} ms`,
            value: p99,
            unit: 'ms',
            pass: atMost(p99, limit),
            ...missing,
          }),
          apiCheck({
            subject,
            rule: `≥ ${min.toLocaleString('en-US')} req/s`,
            value: rps,
            unit: 'req/s',
            pass: rps === null ? (broken ? false : null) : rps >= min,
            ...missing,
          }),
        );
      }
    }
  }

  for (const size of r.sizes) {
    const o = size.orders;
    if (!o) continue;
    const at = `at ${o.count.toLocaleString('en-US')} orders`;
    const p99 = o.dashboard?.p99Ms ?? null;
    checks.push(
      apiCheck({
        subject: `admin dashboard ${at}`,
        rule: `p99 ≤ ${ADMIN_BUDGETS.dashboardP99Ms} ms`,
        value: p99,
        unit: 'ms',
        pass: atMost(p99, ADMIN_BUDGETS.dashboardP99Ms),
        ...(o.dashboard ? {} : { note: o.note ?? 'not measured' }),
      }),
    );
  }

  for (const size of r.sizes) {
    const at = `at ${size.products.toLocaleString('en-US')}`;
    const a = size.admin;
    const note = a ? {} : { note: size.adminNote ?? 'not measured' };
    const exportMs = a ? a.export.ms : null;
    checks.push(
      apiCheck({
        subject: `admin CSV export ${at}`,
        rule: `last byte ≤ ${ADMIN_BUDGETS.exportMs / 1000} s`,
        value: exportMs,
        unit: 'ms',
        pass: atMost(exportMs, ADMIN_BUDGETS.exportMs),
        ...note,
      }),
    );
    const growth = a ? Math.round((a.export.peakRssMiB - a.export.rssBeforeMiB) * 10) / 10 : null;
    checks.push(
      apiCheck({
        subject: `admin CSV export ${at}`,
        rule: `peak RSS ≤ ${ADMIN_BUDGETS.exportRssGrowthMiB} MiB above the RSS before it`,
        value: growth,
        unit: 'MiB',
        pass: atMost(growth, ADMIN_BUDGETS.exportRssGrowthMiB),
        ...note,
      }),
    );
    const importMs = a ? a.importDryRun.ms : null;
    checks.push(
      apiCheck({
        subject: `admin CSV import dry run ${at}`,
        rule: `≤ ${ADMIN_BUDGETS.importDryRunMs / 1000} s`,
        value: importMs,
        unit: 'ms',
        pass: atMost(importMs, ADMIN_BUDGETS.importDryRunMs),
        ...note,
      }),
    );
  }

  for (const size of r.sizes) {
    if (size.cartOpenLoop === undefined) continue;
    const o = size.cartOpenLoop;
    const b = API_BUDGETS;
    const failed = o ? o.non2xx + o.errors + (o.sent - o.answered) : 0;
    checks.push(
      apiCheck({
        subject: `cart_manage.php add, open loop at ${size.products.toLocaleString('en-US')}`,
        rule: `p99 ≤ ${b.cartOpenLoopP99Ms} ms at ${b.cartOpenLoopRate.toLocaleString('en-US')} adds/s`,
        value: o ? o.p99Ms : null,
        unit: 'ms',
        pass: !o
          ? null
          : failed > o.sent * MAX_FAILED_SHARE || o.rate < b.cartOpenLoopRate
            ? false
            : o.p99Ms <= b.cartOpenLoopP99Ms,
        ...(!o
          ? { note: size.cartOpenLoopNote ?? 'not measured' }
          : failed > 0
            ? { note: `${failed} of ${o.sent} failed or got no answer` }
            : {}),
      }),
    );
  }

  if (r.outbox !== undefined) {
    const o = r.outbox;
    // Mail sent twice or left unmarked is a failure whatever the speed.
    const wrong = o && (o.duplicates > 0 || o.markedSent !== o.written);
    const min = OUTBOX_BUDGETS.mailsPerSecond;
    checks.push(
      apiCheck({
        subject: 'outbox drain',
        rule: `≥ ${min} mails/s, each once`,
        value: o ? o.mailsPerSecond : null,
        unit: 'mails/s',
        pass: !o ? null : wrong ? false : o.mailsPerSecond >= min,
        ...(!o
          ? { note: r.outboxNote ?? 'not measured' }
          : wrong
            ? { note: `${o.duplicates} sent twice, ${o.markedSent} of ${o.written} marked sent` }
            : {}),
      }),
    );
  }

  if (r.checkout !== undefined) checks.push(...judgeCheckout(r, apiCheck));
  if (r.launch !== undefined) checks.push(...judgeLaunch(r));

  const b = PAGE_BUDGETS;
  for (const p of r.pages ?? []) {
    const subject = `${p.label} page`;
    checks.push({
      subject,
      rule: `Lighthouse performance ≥ ${b.minScore}`,
      value: p.score,
      unit: '',
      pass: p.score >= b.minScore,
    });
    checks.push({
      subject,
      rule: `LCP ≤ ${b.maxLcpMs / 1000} s`,
      value: p.lcpMs,
      unit: 'ms',
      pass: p.lcpMs <= b.maxLcpMs,
    });
    checks.push({
      subject,
      rule: `TBT ≤ ${b.maxTbtMs} ms`,
      value: p.tbtMs,
      unit: 'ms',
      pass: p.tbtMs <= b.maxTbtMs,
    });
    checks.push({
      subject,
      rule: `CLS ≤ ${b.maxCls}`,
      value: p.cls,
      unit: '',
      pass: p.cls <= b.maxCls,
    });
    const jsKb = Math.round(p.jsGzipBytes / 100) / 10;
    const cssKb = Math.round(p.cssGzipBytes / 100) / 10;
    if (JS_BUDGET_PAGES.includes(p.id)) {
      checks.push({
        subject,
        rule: `first-load JS ≤ ${b.maxJsKb} kB gzip`,
        value: jsKb,
        unit: 'kB',
        pass: jsKb <= b.maxJsKb,
      });
    }
    checks.push({
      subject,
      rule: `CSS ≤ ${b.maxCssKb} kB gzip`,
      value: cssKb,
      unit: 'kB',
      pass: cssKb <= b.maxCssKb,
    });
  }
  return checks;
}

/**
 * The drop: exactly its stock sold, every other shopper told it is sold out, no 5xx, every
 * accepted order settled by its payment, p99 within budget. Sustained checkout: orders per
 * second and p99, each load.
 */
function judgeCheckout(
  r: Partial<Pick<BenchResult, 'checkout' | 'checkoutNote'>>,
  apiCheck: (c: BudgetCheck) => BudgetCheck,
): BudgetCheck[] {
  const c = r.checkout;
  const b = CHECKOUT_BUDGETS;
  if (!c) {
    const note = r.checkoutNote ?? 'not measured';
    return [
      apiCheck({
        subject: 'drop',
        rule: 'exactly the stock sold, 0 5xx',
        value: null,
        unit: 'orders',
        pass: null,
        note,
      }),
    ];
  }
  const d = c.drop;
  const exact =
    d.accepted === d.stock &&
    d.sold === d.stock &&
    d.stockAfter === 0 &&
    d.refusedSoldOut === d.shoppers - d.stock &&
    d.otherRefusals === 0 &&
    d.serverErrors === 0;
  const checks: BudgetCheck[] = [
    apiCheck({
      subject: 'drop',
      rule: `exactly ${d.stock} sold, the rest told sold out, 0 5xx`,
      value: d.accepted,
      unit: 'orders',
      pass: exact,
      ...(exact
        ? {}
        : {
            note: `${d.accepted} accepted, ${d.sold} units sold, stock after ${d.stockAfter}, ${d.refusedSoldOut} sold out, ${d.otherRefusals} other 4xx, ${d.serverErrors} 5xx or no answer`,
          }),
    }),
    apiCheck({
      subject: 'drop',
      rule: `p99 ≤ ${b.dropP99Ms} ms`,
      value: d.p99Ms,
      unit: 'ms',
      pass: d.serverErrors > 0 ? false : d.p99Ms <= b.dropP99Ms,
    }),
    apiCheck({
      subject: 'drop payments',
      rule: 'every accepted order paid by its callback',
      value: d.paid,
      unit: 'orders',
      pass: d.paid === d.accepted && d.payments.settled === d.accepted,
    }),
  ];
  for (const s of c.sustained) {
    const f = s.figures;
    const broken = failedShare(f) > MAX_FAILED_SHARE;
    const subject = `sustained checkout, ${s.label}`;
    const note = broken ? { note: `${f.non2xx + f.errors} of ${f.requests} failed` } : {};
    checks.push(
      apiCheck({
        subject,
        rule: `≥ ${b.sustainedOrdersPerSecond} orders/s`,
        value: f.requestsPerSecond,
        unit: 'orders/s',
        pass: broken ? false : f.requestsPerSecond >= b.sustainedOrdersPerSecond,
        ...note,
      }),
      apiCheck({
        subject,
        rule: `p99 ≤ ${b.sustainedP99Ms} ms`,
        value: f.p99Ms,
        unit: 'ms',
        pass: broken ? false : f.p99Ms <= b.sustainedP99Ms,
        ...note,
      }),
    );
    // Measured only where the bench can read PostgreSQL's processes (the same machine).
    if (f.serverCpuMsPerRequest !== null && f.databaseCpuMsPerRequest !== null) {
      const cpu = Math.round((f.serverCpuMsPerRequest + f.databaseCpuMsPerRequest) * 1000) / 1000;
      checks.push(
        apiCheck({
          subject,
          rule: `server + database CPU ≤ ${b.sustainedCpuMsPerOrder} ms an order`,
          value: cpu,
          unit: 'ms',
          pass: broken ? false : cpu <= b.sustainedCpuMsPerOrder,
          ...note,
        }),
      );
    }
  }
  return checks;
}

/**
 * A kit launch (issue 42): exactly its stock sold, no fan beyond the limit of a size, no 5xx,
 * admitted fans' checkout p99 within budget, no bot's order taken out of its turn.
 */
function judgeLaunch(r: Partial<Pick<BenchResult, 'launch' | 'launchNote'>>): BudgetCheck[] {
  const f = r.launch;
  const subject = 'kit launch';
  if (!f) {
    const note = r.launchNote ?? 'not measured';
    return [
      { subject, rule: 'exactly the stock sold', value: null, unit: 'shirts', pass: false, note },
    ];
  }
  return [
    {
      subject,
      rule: `exactly the stock sold (${f.stock})`,
      value: f.sold,
      unit: 'shirts',
      pass: f.sold === f.stock && f.stockAfter === 0,
      note: `stock after ${f.stockAfter}`,
    },
    {
      subject,
      rule: 'no fan beyond the limit',
      value: f.overLimit,
      unit: 'fans',
      pass: f.overLimit === 0,
    },
    {
      subject,
      rule: 'no 5xx',
      value: f.serverErrors,
      unit: 'responses',
      pass: f.serverErrors === 0,
    },
    {
      subject,
      rule: `admitted fans' checkout p99 ≤ ${LAUNCH_BUDGETS.checkoutP99Ms} ms`,
      value: f.checkout.p99Ms,
      unit: 'ms',
      pass: f.checkout.p99Ms <= LAUNCH_BUDGETS.checkoutP99Ms,
    },
    {
      subject,
      rule: 'no bot order out of its turn',
      value: f.bots.acceptedOutOfTurn,
      unit: 'orders',
      pass: f.bots.acceptedOutOfTurn === 0,
    },
  ];
}
