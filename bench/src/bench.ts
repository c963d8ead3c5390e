// `npm run bench`: measures the shop's API, pages, cold start and memory on a seeded
// catalogue, judges the figures against the budgets, and writes JSON, the README table and
// the p99 chart. See bench/README.md.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { CartItem, CartManageRequest } from '@kitroom/contract';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminListFilters, measureAdmin, prepareStaff } from './admin.js';
import { forgetSalesRollups, seedOrders, timeSequential } from './orders.js';
import { API_BUDGETS, judge, LISTING } from './budgets.js';
import {
  prepareCatalogue,
  prepareShoppers,
  targetEnv,
  targetFor,
  type BenchUser,
  type Target,
} from './database.js';
import { measure, probe, type LoadFigures, type LoadSettings } from './load.js';
import { describeMachine, measureMemory, memoryLine } from './machine.js';
import { parseOptions, type BenchOptions } from './options.js';
import { measureCheckout } from './checkout.js';
import { launchChecks, measureLaunch, type LaunchFigures } from './launch.js';
import { cartOpenRequests, openLoopInOwnProcess, type OpenLoopFigures } from './open-loop.js';
import { measureOutbox } from './outbox.js';
import { measurePages, type PageFigures, type PageSkipped, type PageSpec } from './pages.js';
import { freePort, readMemory, resetPeakMemory, startProcess, type Started } from './processes.js';
import { CHART_FILE, renderChart, renderSection, replaceSection } from './report.js';
import type {
  ApiResult,
  BenchResult,
  BudgetCheck,
  CheckoutFigures,
  OutboxFigures,
  ProcessesFigures,
  SizeResult,
} from './results.js';
import {
  buildScenarios,
  discoverCatalogue,
  orderListQueries,
  type Catalogue,
  type Scenario,
} from './scenarios.js';
import { measureProcesses } from './several-processes.js';
import { median, round } from './stats.js';

const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(benchDir, '..');
const dataRoot = path.join(benchDir, '.data');
/** The built server, as `npm start` and the service run it (decision 073). */
const serverEntry = path.join(root, 'apps/server/dist/main.js');
const webDist = path.join(root, 'apps/web/dist');

const log = (line: string) => console.log(line);
/**
 * Shoppers the sustained checkout takes turns with: a shopper holds at most 3 unpaid orders
 * (the shop's default limit), so 10,000 carry 30,000 orders a load: 2,500 a second over its
 * warm-up and run of 12 s. With 3,000 a machine that took 750 a second reached the limit, and
 * the rest of the load was refused (a refusal is quicker than an order: more "orders" a second).
 */
const SUSTAINED_SHOPPERS = 10_000;

function serverEnv(
  target: Target,
  port: number,
  secret: string,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  return targetEnv(target, {
    NODE_ENV: 'production',
    SESSION_SECRET: secret,
    // The built-in payment page: nothing in the bench pays, but production must name one,
    // and takes the sandbox only for a demo.
    PAYMENT_PROVIDER: 'sandbox',
    DEMO_PAYMENTS_IN_PRODUCTION: 'true',
    LOG_LEVEL: 'warn',
    // The nightly backup catches up at start when today's is missing: a pg_dump of a million
    // orders beside the measured load would halve every figure. Backups are not measured here.
    BACKUP_TIME: 'off',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...extra,
  });
}

function serverNodeArgs(): string[] {
  return (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter((a) => a !== '');
}

async function startServer(
  target: Target,
  secret: string,
  name: string,
  extraEnv: Record<string, string> = {},
): Promise<Started> {
  const port = await freePort();
  return startProcess({
    command: process.execPath,
    // BENCH_SERVER_NODE_ARGS: extra flags for the server under test, e.g. '--cpu-prof
    // --cpu-prof-dir=/tmp/prof' (Node refuses --cpu-prof in NODE_OPTIONS).
    args: [...serverNodeArgs(), serverEntry],
    cwd: root,
    env: serverEnv(target, port, secret, extraEnv),
    port,
    probePath: '/api/home.php',
    logFile: path.join(target.logDir, `${name}.log`),
    timeoutMs: 120_000,
  });
}

/** Whether a PostgreSQL URL names this machine (so its processes' CPU time can be read). */
function onThisMachine(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === '' || host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
  } catch {
    return false;
  }
}

async function measureCeiling(settings: LoadSettings): Promise<LoadFigures> {
  const port = await freePort();
  const bare = await startProcess({
    command: process.execPath,
    args: ['--import', 'tsx', path.join(benchDir, 'src/bare-server.ts')],
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    port,
    probePath: '/',
    logFile: path.join(dataRoot, 'logs', 'ceiling.log'),
    timeoutMs: 30_000,
  });
  try {
    return await measure(bare.baseUrl, [{ method: 'GET', path: '/' }], settings, bare.pid);
  } finally {
    await bare.stop();
  }
}

/**
 * `npm start` until /api/home.php answers, `runs` times; one untimed start first builds the
 * web app if its build is stale and warms the file cache.
 */
async function coldStarts(target: Target, secret: string, runs: number) {
  const times: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const port = await freePort();
    const started = await startProcess({
      command: 'npm',
      args: ['start'],
      cwd: root,
      env: serverEnv(target, port, secret),
      port,
      probePath: '/api/home.php',
      logFile: path.join(target.logDir, `npm-start-${i}.log`),
      timeoutMs: i === 0 ? 600_000 : 120_000,
    });
    await started.stop();
    if (i > 0) times.push(Math.round(started.readyMs));
  }
  return { medianMs: median(times), runsMs: times };
}

function pageSpecs(c: Catalogue, shopper: BenchUser | undefined): PageSpec[] {
  const specs: PageSpec[] = [
    { id: 'home', label: 'Home', path: '/' },
    { id: 'all-products', label: 'All products', path: '/allProducts' },
    { id: 'product', label: 'Product', path: `/product/${c.productIds[0]}` },
  ];
  if (shopper && c.sample) {
    const { product, size } = c.sample;
    const line: CartItem = {
      id: product.id,
      selected_product_id: product.id,
      image_url: product.image_url,
      name: product.name,
      price: product.price,
      discount_price: product.discount_price,
      selected_quantity: 1,
      selected_size: size,
      stock_quantity: product.size[size] ?? 1,
    };
    // As the cart panel's CheckOut leaves it: a logged-in shopper, the line in the cart, and
    // the selected lines as /checkOut's navigation state.
    specs.push({
      id: 'checkout',
      label: 'Checkout',
      path: '/checkOut',
      storage: {
        cookies: [{ name: 'access', value: shopper.sessionId }],
        localStorage: {
          userData: JSON.stringify({
            email: shopper.email,
            user_code: shopper.id,
            session_id: shopper.sessionHandle,
          }),
          cart: JSON.stringify([line]),
        },
      },
      state: {
        items: [
          {
            product_id: product.id,
            price: product.discount_price,
            image_url: product.image_url,
            name: product.name,
            quantity: 1,
            selectedSize: size,
          },
        ],
      },
    });
  }
  return specs;
}

/** Puts the checkout line in the shopper's server cart too (a logged-in cart loads from there). */
async function fillServerCart(baseUrl: string, c: Catalogue, shopper: BenchUser): Promise<void> {
  if (!c.sample) return;
  const body: CartManageRequest = {
    action: 'add',
    user_id: shopper.id,
    product_id: c.sample.product.id,
    size: c.sample.size,
    quantity: 1,
  };
  await fetch(`${baseUrl}/api/cart_manage.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: shopper.cookie },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
}

/** One API scenario: probed once, then loaded and measured (or why it was not). */
async function measureScenario(
  server: Started,
  s: Scenario,
  settings: LoadSettings,
  ceiling: LoadFigures,
): Promise<ApiResult> {
  const probed = await probe(server.baseUrl, s.probes);
  if (!probed.ok) {
    const status = probed.status === 404 ? 'skipped' : 'failed';
    log(`  ${s.label}: ${status} (${probed.reason})`);
    return { id: s.id, label: s.label, detail: s.detail, status, reason: probed.reason };
  }
  const figures = await measure(
    server.baseUrl,
    s.requests,
    s.connections ? { ...settings, connections: s.connections } : settings,
    server.pid,
  );
  const bad = figures.non2xx + figures.errors;
  log(
    `  ${s.label}: ${figures.requestsPerSecond} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, server CPU ${figures.serverCpuMsPerRequest} ms/req${figures.databaseCpuMsPerRequest === null ? '' : `, database CPU ${figures.databaseCpuMsPerRequest} ms/req`}${bad > 0 ? `, ${bad} non-2xx/errors` : ''}`,
  );
  return {
    id: s.id,
    label: s.label,
    detail: s.detail,
    status: 'measured',
    figures,
    ceilingRatio: round(figures.requestsPerSecond / ceiling.requestsPerSecond, 4),
  };
}

async function measureSize(
  o: BenchOptions,
  target: Target,
  settings: LoadSettings,
  ceiling: LoadFigures,
  withPages: boolean,
): Promise<{
  size: SizeResult;
  pages: PageFigures[] | null;
  pagesSkipped: PageSkipped[];
  pagesNote?: string;
}> {
  log(`\n== ${target.products.toLocaleString('en-US')} products on ${target.kind}`);
  const prepared = await prepareCatalogue(root, target);
  log(
    prepared.seededSeconds === null
      ? '  reusing the seeded bench database'
      : `  seeded in ${round(prepared.seededSeconds, 1)} s`,
  );
  const withOrders = o.orders > 0 && target.products === Math.max(...o.sizes);
  let ordersSeeded: number | null = null;
  if (withOrders) {
    ordersSeeded = await seedOrders(target, o.orders, log);
    log(
      ordersSeeded === null
        ? `  reusing its ${o.orders.toLocaleString('en-US')} bench orders`
        : `  wrote ${o.orders.toLocaleString('en-US')} bench orders in ${round(ordersSeeded, 1)} s`,
    );
  }
  const shoppers = await prepareShoppers(target, o.connections);
  const staffCookie = await prepareStaff(target);
  const secret = randomBytes(32).toString('hex');

  log(`  cold start: ${o.coldStarts} timed npm start run(s) after one untimed`);
  const coldStart = await coldStarts(target, secret, o.coldStarts);
  log(`  cold start median ${coldStart.medianMs} ms (${coldStart.runsMs.join(', ')})`);

  const server = await startServer(target, secret, 'server');
  const api: ApiResult[] = [];
  let memory: SizeResult['memory'] = null;
  let admin: SizeResult['admin'] = null;
  let orders: SizeResult['orders'];
  let adminNote: string | undefined;
  let cartOpenLoop: OpenLoopFigures | null | undefined;
  let cartOpenLoopNote: string | undefined;
  let pages: PageFigures[] | null = null;
  let pagesSkipped: PageSkipped[] = [];
  let pagesNote: string | undefined;
  try {
    const catalogue = await discoverCatalogue(server.baseUrl);
    if (catalogue.total !== target.products) {
      log(`  note: the listing counts ${catalogue.total} active products`);
    }
    const adminFilters = await adminListFilters(server.baseUrl, staffCookie).catch((err) => {
      log(`  admin product list: not measured (${err instanceof Error ? err.message : err})`);
      return undefined;
    });
    const admin_ = adminFilters
      ? {
          cookie: staffCookie,
          filters: adminFilters,
          ...(withOrders ? { orderQueries: orderListQueries(new Date()) } : {}),
        }
      : undefined;
    for (const s of buildScenarios(catalogue, shoppers, admin_)) {
      const resetPeak = s.id === 'mixed' && resetPeakMemory(server.pid);
      const result = await measureScenario(server, s, settings, ceiling);
      api.push(result);
      if (s.id === 'mixed' && result.status === 'measured') {
        const mem = readMemory(server.pid);
        memory = { peakMiB: round(mem.hwmKiB / 1024, 1), peakResetBeforeMixed: resetPeak };
      }
    }

    const cartAdd = api.find((a) => a.id === 'cart-add');
    if (cartAdd?.status === 'measured' && catalogue.stockedSizes.length > 0) {
      const rate = API_BUDGETS.cartOpenLoopRate;
      try {
        cartOpenLoop = await openLoopInOwnProcess(server.baseUrl, {
          rate,
          seconds: o.durationSeconds,
          warmupSeconds: o.warmupSeconds,
          request: cartOpenRequests(catalogue, shoppers),
          pid: server.pid,
        });
        log(
          `  cart_manage.php add, open loop at ${rate}/s: p50 ${cartOpenLoop.p50Ms} ms, p99 ${cartOpenLoop.p99Ms} ms, max ${cartOpenLoop.maxMs} ms (due at ${cartOpenLoop.slowestDueAtSeconds} s), ${cartOpenLoop.answered} of ${cartOpenLoop.sent} answered (${cartOpenLoop.non2xx + cartOpenLoop.errors} errors), send lag p99 ${cartOpenLoop.sendLagP99Ms} ms, client GC max ${cartOpenLoop.clientGcMaxMs} ms, server page faults ${cartOpenLoop.serverPageFaults}`,
        );
      } catch (err) {
        cartOpenLoop = null;
        cartOpenLoopNote = `failed: ${err instanceof Error ? err.message : String(err)}`;
        log(`  cart open loop: ${cartOpenLoopNote}`);
      }
    }

    if (withOrders) {
      try {
        await forgetSalesRollups(target);
        const first = await timeSequential(server.baseUrl, '/api/admin/dashboard', staffCookie, 1);
        const dashboard = await timeSequential(
          server.baseUrl,
          '/api/admin/dashboard',
          staffCookie,
          30,
        );
        orders = {
          count: o.orders,
          seededSeconds: ordersSeeded,
          dashboard,
          dashboardFirstLookMs: first.maxMs,
        };
        log(
          `  admin dashboard among ${o.orders.toLocaleString('en-US')} orders: first look ${first.maxMs} ms (rolls up 30 days), then p50 ${dashboard.p50Ms} ms, p99 ${dashboard.p99Ms} ms`,
        );
      } catch (err) {
        const note = `failed: ${err instanceof Error ? err.message : String(err)}`;
        orders = { count: o.orders, seededSeconds: ordersSeeded, dashboard: null, note };
        log(`  admin dashboard: ${note}`);
      }
    }

    try {
      admin = await measureAdmin(server.baseUrl, server.pid, staffCookie, log);
    } catch (err) {
      adminNote = `failed: ${err instanceof Error ? err.message : String(err)}`;
      log(`  admin CSV: ${adminNote}`);
    }

    if (withPages) {
      ({ pages, pagesSkipped, pagesNote } = await lighthousePages(
        server.baseUrl,
        catalogue,
        shoppers[0],
        o.lighthouseRuns,
      ));
    }
  } finally {
    await server.stop();
  }
  return {
    size: {
      products: target.products,
      seededSeconds: prepared.seededSeconds === null ? null : round(prepared.seededSeconds, 1),
      coldStart,
      memory,
      api,
      ...(cartOpenLoop !== undefined ? { cartOpenLoop } : {}),
      ...(cartOpenLoopNote ? { cartOpenLoopNote } : {}),
      admin,
      ...(adminNote ? { adminNote } : {}),
      ...(orders ? { orders } : {}),
    },
    pages,
    pagesSkipped,
    ...(pagesNote ? { pagesNote } : {}),
  };
}

/**
 * The listing scenarios alone on the first size's database, in a server of their own (a quick
 * look at a change to shop.php: nothing else is measured).
 */
async function listingFigures(
  target: Target,
  settings: LoadSettings,
  ceiling: LoadFigures,
): Promise<ApiResult[]> {
  log(`\n== ${target.products.toLocaleString('en-US')} products on ${target.kind}: listing only`);
  await prepareCatalogue(root, target);
  const secret = randomBytes(32).toString('hex');
  const server = await startServer(target, secret, 'listing-server');
  try {
    const catalogue = await discoverCatalogue(server.baseUrl);
    const api: ApiResult[] = [];
    for (const s of buildScenarios(catalogue, [])) {
      if (LISTING.includes(s.id)) api.push(await measureScenario(server, s, settings, ceiling));
    }
    return api;
  } finally {
    await server.stop();
  }
}

/**
 * The catalogue's export and import dry run alone (`--only-export`): a few seconds of listing
 * in a new server, as a full run browses before them, then measureAdmin; `runs` servers, since
 * how much a server's RSS grows during the export varies from one server to the next
 * (decision 094).
 */
async function exportFigures(target: Target, runs: number): Promise<SizeResult[]> {
  log(`\n== ${target.products.toLocaleString('en-US')} products on ${target.kind}: export only`);
  await prepareCatalogue(root, target);
  const staffCookie = await prepareStaff(target);
  const results: SizeResult[] = [];
  for (let run = 1; run <= runs; run++) {
    const server = await startServer(target, randomBytes(32).toString('hex'), 'export-server');
    try {
      const until = performance.now() + 3000;
      while (performance.now() < until) {
        const res = await fetch(`${server.baseUrl}/api/shop.php`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ limit: '0-20' }),
        });
        await res.arrayBuffer();
      }
      log(`  server ${run} of ${runs}:`);
      const admin = await measureAdmin(server.baseUrl, server.pid, staffCookie, log);
      results.push({
        products: target.products,
        seededSeconds: null,
        coldStart: null,
        memory: null,
        api: [],
        admin,
      });
    } finally {
      await server.stop();
    }
  }
  return results;
}

/** The cart adds alone (`--only-cart`): closed loop, then the open loop, in a server of their own. */
async function cartFigures(
  o: BenchOptions,
  target: Target,
  settings: LoadSettings,
  ceiling: LoadFigures,
): Promise<SizeResult> {
  log(`\n== ${target.products.toLocaleString('en-US')} products on ${target.kind}: cart adds only`);
  await prepareCatalogue(root, target);
  const shoppers = await prepareShoppers(target, o.connections);
  const secret = randomBytes(32).toString('hex');
  const server = await startServer(target, secret, 'cart-server');
  try {
    const catalogue = await discoverCatalogue(server.baseUrl);
    const api: ApiResult[] = [];
    for (const s of buildScenarios(catalogue, shoppers)) {
      if (s.id === 'cart-add') api.push(await measureScenario(server, s, settings, ceiling));
    }
    const size: SizeResult = {
      products: target.products,
      seededSeconds: null,
      coldStart: null,
      memory: null,
      api,
    };
    if (api[0]?.status !== 'measured' || catalogue.stockedSizes.length === 0) return size;
    const rate = API_BUDGETS.cartOpenLoopRate;
    size.cartOpenLoop = await openLoopInOwnProcess(server.baseUrl, {
      rate,
      seconds: o.durationSeconds,
      warmupSeconds: o.warmupSeconds,
      request: cartOpenRequests(catalogue, shoppers),
      pid: server.pid,
    });
    const c = size.cartOpenLoop;
    log(
      `  cart_manage.php add, open loop at ${rate}/s: p50 ${c.p50Ms} ms, p99 ${c.p99Ms} ms, max ${c.maxMs} ms (due at ${c.slowestDueAtSeconds} s), ${c.answered} of ${c.sent} answered, send lag p99 ${c.sendLagP99Ms} ms, client GC max ${c.clientGcMaxMs} ms, server CPU ${c.serverCpuMsPerRequest} ms a request, page faults ${c.serverPageFaults}`,
    );
    return size;
  } finally {
    await server.stop();
  }
}

interface PagesMeasured {
  pages: PageFigures[] | null;
  pagesSkipped: PageSkipped[];
  pagesNote?: string;
}

/** Lighthouse on the pages of a running server (the shopper's cart filled for checkout). */
async function lighthousePages(
  baseUrl: string,
  catalogue: Catalogue,
  shopper: BenchUser | undefined,
  runs: number,
): Promise<PagesMeasured> {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    const pagesNote = 'Not measured: the web app (apps/web) is not built in this checkout.';
    log(`  pages: ${pagesNote}`);
    return { pages: null, pagesSkipped: [], pagesNote };
  }
  log(`  pages: Lighthouse, ${runs} run(s) per page`);
  if (shopper) await fillServerCart(baseUrl, catalogue, shopper);
  const measured = await measurePages(baseUrl, webDist, pageSpecs(catalogue, shopper), runs, log);
  return { pages: measured.pages, pagesSkipped: measured.skipped };
}

/** Lighthouse on the pages and their bytes, in a server of their own (`--only-pages`). */
async function pagesFigures(target: Target, runs: number): Promise<PagesMeasured> {
  log(`\n== ${target.products.toLocaleString('en-US')} products on ${target.kind}: pages only`);
  await prepareCatalogue(root, target);
  const shoppers = await prepareShoppers(target, 1);
  const secret = randomBytes(32).toString('hex');
  const server = await startServer(target, secret, 'pages-server');
  try {
    const catalogue = await discoverCatalogue(server.baseUrl);
    return await lighthousePages(server.baseUrl, catalogue, shoppers[0], runs);
  } finally {
    await server.stop();
  }
}

/** The outbox's drain on the first size's database, in a server of its own. */
async function outboxFigures(
  target: Target,
): Promise<{ outbox: OutboxFigures | null; outboxNote?: string }> {
  log('\n== outbox');
  try {
    await prepareCatalogue(root, target);
    const secret = randomBytes(32).toString('hex');
    const outbox = await measureOutbox(
      target,
      (env) => startServer(target, secret, 'outbox-server', env),
      log,
    );
    return { outbox };
  } catch (err) {
    const outboxNote = `failed: ${err instanceof Error ? err.message : String(err)}`;
    log(`  outbox: ${outboxNote}`);
    return { outbox: null, outboxNote };
  }
}

/** Why the drop and sustained checkout are not measured on PGlite. */
const CHECKOUT_NEEDS_POSTGRES =
  'not measured on PGlite (one process owns its database, so the bench cannot set stock or read sales beside the server); run with DATABASE_URL set to PostgreSQL';

/** The drop and sustained checkout, on the first size's database, in a server of its own. */
async function checkoutFigures(
  target: Target,
  settings: LoadSettings,
  dropShoppers: number,
): Promise<{ checkout: CheckoutFigures | null; checkoutNote?: string }> {
  log('\n== checkout: the drop and sustained orders');
  if (target.kind === 'pglite') {
    // PGlite is one process's database: the bench would set stock and read the sales in a
    // second copy of the folder the server holds, and print figures of neither (14 of 100
    // sold, "stock after 100", 0 paid). The write path is measured on PostgreSQL only.
    const checkoutNote = CHECKOUT_NEEDS_POSTGRES;
    log(`  checkout: ${checkoutNote}`);
    return { checkout: null, checkoutNote };
  }
  try {
    await prepareCatalogue(root, target);
    const shoppers = await prepareShoppers(target, Math.max(dropShoppers, SUSTAINED_SHOPPERS));
    const secret = randomBytes(32).toString('hex');
    const server = await startServer(target, secret, 'checkout-server');
    try {
      const checkout = await measureCheckout({
        target,
        baseUrl: server.baseUrl,
        pid: server.pid,
        shoppers: shoppers.slice(0, dropShoppers),
        connectionShoppers: shoppers.slice(0, SUSTAINED_SHOPPERS),
        settings,
        log,
      });
      return { checkout };
    } finally {
      await server.stop();
    }
  } catch (err) {
    const checkoutNote = `failed: ${err instanceof Error ? err.message : String(err)}`;
    log(`  checkout: ${checkoutNote}`);
    return { checkout: null, checkoutNote };
  }
}

/** 1 vs 2 server processes behind nginx, on the first size's database. */
async function processesFigures(
  target: Target,
  settings: LoadSettings,
  connections: number,
): Promise<{ processes: ProcessesFigures | null; processesNote?: string }> {
  log('\n== 1 vs 2 server processes behind nginx');
  try {
    await prepareCatalogue(root, target);
    const shoppers = await prepareShoppers(target, connections);
    const secret = randomBytes(32).toString('hex');
    const processes = await measureProcesses({
      root,
      target,
      settings,
      shoppers,
      startServer: (name) => startServer(target, secret, name),
      log,
    });
    return { processes };
  } catch (err) {
    const processesNote = `failed: ${err instanceof Error ? err.message : String(err)}`;
    log(`  processes: ${processesNote}`);
    return { processes: null, processesNote };
  }
}

/** A kit launch through the waiting room (launch.ts): two processes behind nginx, PostgreSQL. */
async function launchFigures(
  target: Target,
  fanCount: number,
): Promise<{ launch: LaunchFigures | null; launchNote?: string }> {
  log('\n== a kit launch through the waiting room');
  if (target.kind === 'pglite') {
    const launchNote = CHECKOUT_NEEDS_POSTGRES;
    log(`  launch: ${launchNote}`);
    return { launch: null, launchNote };
  }
  try {
    await prepareCatalogue(root, target);
    const fans = await prepareShoppers(target, fanCount);
    const secret = randomBytes(32).toString('hex');
    const launch = await measureLaunch({
      root,
      target,
      fans,
      startServer: (name, env) => startServer(target, secret, name, env),
      log,
    });
    for (const c of launchChecks(launch)) log(`  ${c.pass ? 'pass' : 'MISS'}: ${c.line}`);
    return { launch };
  } catch (err) {
    const launchNote = `failed: ${err instanceof Error ? err.message : String(err)}`;
    log(`  launch: ${launchNote}`);
    return { launch: null, launchNote };
  }
}

function writeResults(o: BenchOptions, result: BenchResult): void {
  const outDir = path.join(benchDir, o.quick ? 'results/tmp' : 'results');
  mkdirSync(outDir, { recursive: true });
  const json = `${JSON.stringify(result, null, 2)}\n`;
  const dated = path.join(outDir, `${result.date.slice(0, 10)}.json`);
  writeFileSync(dated, json);
  writeFileSync(path.join(outDir, 'latest.json'), json);
  const chart = renderChart(result);
  if (o.quick) {
    writeFileSync(path.join(outDir, path.basename(CHART_FILE)), chart);
    log(`\nQuick run: results in ${path.relative(root, outDir)}/ (README left alone)`);
    return;
  }
  writeFileSync(path.join(benchDir, CHART_FILE), chart);
  const readmePath = path.join(benchDir, 'README.md');
  writeFileSync(
    readmePath,
    replaceSection(readFileSync(readmePath, 'utf8'), renderSection(result)),
  );
  log(
    `\nWrote ${path.relative(root, dated)}, results/latest.json, ${CHART_FILE} and the README table`,
  );
}

/** Prints each check's verdict, subject, rule and figure (the --only-… runs). */
function printChecks(checks: readonly BudgetCheck[]): void {
  for (const c of checks) {
    log(
      `  ${c.pass === null ? '—' : c.pass ? 'pass' : 'MISS'}: ${c.subject}: ${c.rule} (${c.value} ${c.unit})${c.note ? ` ${c.note}` : ''}`,
    );
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const o = parseOptions(args);
  // The server under test is the built one: built from this checkout's sources first.
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0 || !existsSync(serverEntry)) {
    throw new Error('the server did not build (npm run build -w apps/server)');
  }
  const startedAt = performance.now();
  // What kind of machine this is, for every mode: the pages follow it (machine.ts).
  const memory = measureMemory();
  log(`Machine: ${memoryLine(memory)}`);
  const serverUrl = process.env.DATABASE_URL?.trim() || undefined;
  const engine = serverUrl ? 'postgres' : 'pglite';
  const settings: LoadSettings = {
    connections: o.connections,
    durationSeconds: o.durationSeconds,
    warmupSeconds: o.warmupSeconds,
    databaseCpu: serverUrl !== undefined && onThisMachine(serverUrl),
  };
  if (o.onlyOutbox) {
    // A quick look at the outbox alone: printed, nothing written.
    await outboxFigures(targetFor(serverUrl, o.sizes[0]!, dataRoot));
    return;
  }
  if (o.onlyProcesses) {
    // A quick look at 1 vs 2 processes alone: printed, nothing written.
    await processesFigures(targetFor(serverUrl, o.sizes[0]!, dataRoot), settings, o.connections);
    return;
  }
  if (o.onlyLaunch) {
    // The kit launch through the waiting room alone: judged and printed, nothing written.
    await launchFigures(targetFor(serverUrl, o.sizes[0]!, dataRoot), o.launchFans);
    return;
  }
  if (o.onlyExport) {
    // The catalogue's export and import alone: judged and printed, nothing written.
    for (const products of o.sizes) {
      const target = targetFor(serverUrl, products, dataRoot);
      for (const size of await exportFigures(target, o.lighthouseRuns)) {
        printChecks(
          judge({ engine, sizes: [size], pages: null }).filter((c) => /^admin CSV/.test(c.subject)),
        );
      }
    }
    return;
  }
  if (o.onlyCheckout) {
    // A quick look at the drop and sustained checkout alone: printed, nothing written.
    const { checkout, checkoutNote } = await checkoutFigures(
      targetFor(serverUrl, o.sizes[0]!, dataRoot),
      settings,
      o.dropShoppers,
    );
    const checks = judge({ engine, sizes: [], pages: null, checkout, checkoutNote });
    printChecks(checks);
    return;
  }
  if (o.onlyPages) {
    // Lighthouse on the pages alone (issue 43): judged and printed, nothing written.
    // (A page skipped, or the web app not built, is said as it is measured.)
    const { pages } = await pagesFigures(
      targetFor(serverUrl, o.sizes[0]!, dataRoot),
      o.lighthouseRuns,
    );
    const checks = judge({ engine, sizes: [], pages });
    printChecks(checks.filter((c) => c.subject.endsWith(' page')));
    return;
  }
  if (o.onlyListing) {
    // A quick look at the listing alone: judged and printed, nothing written.
    const ceiling = await measureCeiling(settings);
    log(`Ceiling (bare Fastify): ${ceiling.requestsPerSecond} req/s, p99 ${ceiling.p99Ms} ms`);
    const products = o.sizes[0]!;
    const api = await listingFigures(targetFor(serverUrl, products, dataRoot), settings, ceiling);
    const size: SizeResult = { products, seededSeconds: null, coldStart: null, memory: null, api };
    const checks = judge({ engine, sizes: [size], pages: null });
    const labels = api.map((a) => a.label);
    printChecks(checks.filter((c) => labels.some((l) => c.subject.startsWith(l))));
    return;
  }
  if (o.onlyCart) {
    // The cart adds alone (issue 42's budget): judged and printed, nothing written.
    const ceiling = await measureCeiling(settings);
    const size = await cartFigures(
      o,
      targetFor(serverUrl, o.sizes[0]!, dataRoot),
      settings,
      ceiling,
    );
    const cart = size.api[0];
    if (cart?.figures) {
      log(
        `  cart_manage.php add, closed loop: ${cart.figures.requestsPerSecond} req/s, p99 ${cart.figures.p99Ms} ms`,
      );
    }
    const checks = judge({ engine, sizes: [size], pages: null });
    printChecks(checks.filter((c) => c.subject.startsWith('cart_manage.php')));
    return;
  }
  log(`Bench on ${engine}, sizes ${o.sizes.join(', ')}, ${o.durationSeconds} s per scenario`);

  const ceiling = await measureCeiling(settings);
  log(`Ceiling (bare Fastify): ${ceiling.requestsPerSecond} req/s, p99 ${ceiling.p99Ms} ms`);

  const sizes: SizeResult[] = [];
  let pages: PageFigures[] | null = null;
  let pagesSkipped: PageSkipped[] = [];
  let pagesNote: string | undefined = o.skipPages ? 'Not measured: --skip-pages.' : undefined;
  for (const [i, products] of o.sizes.entries()) {
    const target = targetFor(serverUrl, products, dataRoot);
    const measured = await measureSize(o, target, settings, ceiling, i === 0 && !o.skipPages);
    sizes.push(measured.size);
    if (i === 0 && !o.skipPages) {
      pages = measured.pages;
      pagesSkipped = measured.pagesSkipped;
      pagesNote = measured.pagesNote;
    }
  }

  const outbox = await outboxFigures(targetFor(serverUrl, o.sizes[0]!, dataRoot));
  const checkout = await checkoutFigures(
    targetFor(serverUrl, o.sizes[0]!, dataRoot),
    settings,
    o.dropShoppers,
  );
  const processes = await processesFigures(
    targetFor(serverUrl, o.sizes[0]!, dataRoot),
    settings,
    o.connections,
  );

  const launch = await launchFigures(targetFor(serverUrl, o.sizes[0]!, dataRoot), o.launchFans);

  const partial = { engine, sizes, pages, ...outbox, ...checkout, ...launch } as const;
  const result: BenchResult = {
    date: new Date().toISOString(),
    command: ['npm run bench', ...(args.length > 0 ? ['--', ...args] : [])].join(' '),
    machine: describeMachine(memory),
    engine,
    settings: { ...settings, lighthouseRuns: o.lighthouseRuns, quick: o.quick },
    ceiling,
    sizes,
    pages,
    pagesSkipped,
    ...(pagesNote ? { pagesNote } : {}),
    ...outbox,
    ...checkout,
    ...processes,
    ...launch,
    budgets: judge(partial),
    elapsedSeconds: Math.round((performance.now() - startedAt) / 1000),
  };
  writeResults(o, result);
  const missed = result.budgets.filter((b) => b.pass === false);
  log(`Budgets: ${result.budgets.filter((b) => b.pass).length} met, ${missed.length} missed`);
  for (const b of missed) log(`  miss: ${b.subject}: ${b.rule} (${b.value} ${b.unit})`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
