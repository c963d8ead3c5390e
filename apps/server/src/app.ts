// Builds the Fastify app: plugins, error handling, auth, and every domain's routes.
// Tests call buildApp() and use inject(); main.ts only listens.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { accountsRoutes, shopperSessions } from './accounts/index.js';
import { cartRoutes } from './cart/index.js';
import {
  catalogueRoutes,
  catalogueCsvAdminRoutes,
  productViewCounts,
  useSalesRollup,
  productsAdminRoutes,
  registerRobotsAndSitemap,
} from './catalogue/index.js';
import type { ViewCounts } from './catalogue/index.js';
import type { Config } from './config.js';
import type { Database } from './db/index.js';
import { loggableError } from './db/index.js';
import {
  BOOT_SCRIPT_SOURCE,
  registerAdminApp,
  registerAuth,
  forbiddenText,
  registerErrorHandling,
  tooDeep,
  lazyChildLogger,
  respondToRoutingError,
  containsForbiddenText,
  jsonNestsDeeperThan,
  MAX_JSON_DEPTH,
  registerTextChecks,
  registerRateLimits,
  registerSecurityHeaders,
  registerStatic,
  storefrontOpenApiRoutes,
} from './http/index.js';
import { createMailer, type Mailer } from './mail/index.js';
import type { OutboxWorker } from './notifications/index.js';
import { cloudApiSender, whatsappRoutes } from './notifications/index.js';
import { createOutboxWorker } from './outbox.js';
import {
  operationsRoutes,
  ALERT_CHECK_INTERVAL_MS,
  startAlertChecker,
  type AlertChecker,
  healthAdminRoutes,
  createHealthMonitor,
  type HealthMonitor,
  metricsRoutes,
  registerRequestMetrics,
} from './health/index.js';
import { couponRoutes, couponsAdminRoutes } from './coupons/index.js';
import {
  orderRoutes,
  codRoutes,
  ordersAdminRoutes,
  shipmentsAdminRoutes,
  returnsAdminRoutes,
  ewayBillsAdminRoutes,
} from './order-desk/index.js';
import { orderContexts, ledgerAdminRoutes } from './orders/index.js';
import { settlementsAdminRoutes } from './settlements/index.js';
import {
  ORDER_SWEEP_INTERVAL_MS,
  startOrderSweep,
  type OrderSweep,
  settlementRoutes,
  checkoutStartRoutes,
} from './checkout/index.js';
import {
  refundsAdminRoutes,
  REFUND_SWEEP_INTERVAL_MS,
  startRefundSweep,
  type RefundSweep,
} from './after-sales/index.js';
import { profilesAdminRoutes, profilesRoutes } from './profiles/index.js';
import { sandboxGatewayRoutes } from './payments/index.js';
import { searchRoutes } from './search/index.js';
import { settingsAdminRoutes, settingsRoutes } from './settings/index.js';
import { courierWebhookRoutes, deliveryEstimateRoutes } from './fulfilment/index.js';
import {
  createCouriers,
  type Couriers,
  startSandboxSweep,
  type SandboxSweep,
} from './shipping/index.js';
import {
  startEInvoiceSweep,
  type EInvoiceSweep,
  createNicEwb,
  createNicIrp,
  gstr1AdminRoutes,
  creditNotesAdminRoutes,
  invoicesAdminRoutes,
  invoiceRoutes,
} from './tax/index.js';
import type { EwbClient, IrpClient } from './tax/index.js';

/** How often pending e-invoices are sent to the IRP (decision 068). */
const E_INVOICE_SWEEP_INTERVAL_MS = 30_000;
import { feedbackRoutes, feedbackAdminRoutes } from './feedback/index.js';
import { sizeChartRoutes, sizeChartsAdminRoutes } from './size-charts/index.js';
import { giveawaysRoutes, giveawaysAdminRoutes } from './giveaways/index.js';
import { launchesRoutes, launchesAdminRoutes } from './launches/index.js';
import { backInStockRoutes, backInStockAdminRoutes } from './back-in-stock/index.js';
import { wishlistRoutes } from './wishlist/index.js';
import { referralsRoutes, referralsAdminRoutes } from './referrals/index.js';
import { reviewsRoutes, reviewsAdminRoutes } from './reviews/index.js';
import { rollUpSales, reportsAdminRoutes } from './reports/index.js';
import { staffAdminRoutes } from './staff/index.js';
import { wholesaleAdminRoutes, wholesaleRoutes } from './wholesale/index.js';
import type { StatFs } from './ops/index.js';
import type { HealthContext } from './health/index.js';
import { backupsAdminRoutes } from './ops/index.js';
import {
  privacyRoutes,
  privacyAdminRoutes,
  ERASURE_SWEEP_INTERVAL_MS,
  startErasureSweep,
  type ErasureSweep,
} from './privacy/index.js';
import { customersAdminRoutes } from './customers/index.js';
import {
  recoveryAdminRoutes,
  oneClickUnsubscribeRoutes,
  recoveryRoutes,
  startRecoverySweep,
  type RecoverySweep,
  checkoutReached,
} from './recovery/index.js';

/**
 * What every domain's routes are given: configuration, the open database, the mailer, and
 * the product view counter that product.php and the product pages share.
 */
export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  productViews: ViewCounts;
  /** The couriers offered to staff (shipping/couriers/couriers.ts). */
  couriers: Couriers;
  /** Free disk space as fs.statfs reads it (backups, readiness); tests hand in their own. */
  statfs?: StatFs;
  /** NIC's IRP for e-invoices (tax/irp/, decision 068); null when not configured. */
  irp: IrpClient | null;
  /** NIC's e-way bill API (tax/eway/, decision 072); null when not configured. */
  ewb: EwbClient | null;
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Defaults to SMTP_URL, or the outbox folder under DATA_DIR. */
  mailer?: Mailer;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
  /** Called for every route as it is added (tests list the routes). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * The periodic sweeps (default on): expired unpaid orders released, refunds sent again or
   * looked up, the owner alerts checked. Tests may drive them by hand.
   */
  orderSweep?: boolean;
  /** The outbox's mail worker (default on); tests may drain the outbox by hand instead. */
  outboxWorker?: boolean;
  /** Defaults to the couriers the configuration enables; tests inject their own. */
  couriers?: Couriers;
  /** The built web app and its server bundle (default apps/web/dist, dist-server). */
  web?: { dir: string; serverEntry: string };
  /** The product view counter (default one that writes to the database in batches). */
  productViews?: ViewCounts;
  /** Free disk space under DATA_DIR (default fs.statfs); tests hand in a full disk. */
  statfs?: StatFs;
  /** The IRP client (default: NIC's, when IRP_* are set); tests hand in one on their clock. */
  irp?: IrpClient | null;
  /** The e-way bill client (default: NIC's, when EWB_* are set); tests hand in the fake's. */
  ewb?: EwbClient | null;
}

export type App = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    /** The notification outbox's worker: tests that run without it call its drain(). */
    outbox: OutboxWorker;
    /** What this process saw: requests, webhooks, the periodic jobs' runs (/metrics). */
    health: HealthMonitor;
  }
}

/**
 * Where Razorpay's hosted payment pages live: a Payment Link's short_url (rzp.io) and the
 * API host that serves the link's page. The storefront navigates there rather than posting a
 * form, but browsers also check form-action on the redirects that follow a form's submission.
 */
const RAZORPAY_PAGE_ORIGINS = ['https://rzp.io', 'https://api.razorpay.com'];

/** Where a form of ours may send the browser: our own pages, and the payment provider's. */
function formActionSources(config: Config): string[] {
  if (config.paymentProvider !== 'razorpay') return ["'self'"];
  const apiOrigin = new URL(config.razorpay.apiBase).origin;
  return ["'self'", ...new Set([...RAZORPAY_PAGE_ORIGINS, apiOrigin])];
}

/** helmet's options: the headers it derives are set on every response (security-headers.ts). */
export function helmetOptions(config: Config): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The page's inline boot script, by its hash (http/page-document.ts, decision 081).
        scriptSrc: ["'self'", BOOT_SCRIPT_SOURCE],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ["'self'", 'https://www.google.com', 'https://maps.google.com'],
        formAction: formActionSources(config),
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https://'),
  };
}

/** pino's options for the app's log: false when silent. */
export function loggerOptions(
  config: Config,
  stream?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    // Every logged error, from any place: a failed query's parameters never reach the log.
    serializers: { err: loggableError },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.otp',
        '*.session_id',
        '*.*.password',
        '*.*.otp',
        '*.*.session_id',
      ],
      censor: '[redacted]',
    },
  };
}

export async function buildApp(options: BuildOptions): Promise<App> {
  const { config } = options;
  // The popular sort reads the dashboard's sales window; reports/ (above catalogue/) keeps it.
  useSalesRollup(rollUpSales);
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    childLoggerFactory: lazyChildLogger,
    bodyLimit: 512 * 1024,
    trustProxy: config.trustProxy,
    frameworkErrors: respondToRoutingError,
  }).withTypeProvider<ZodTypeProvider>();
  const { onRoute } = options;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));

  const health = createHealthMonitor();
  app.decorate('health', health);
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: app.log,
    });
  // The worker stops (its sends in flight finish) before the mailer's connections close.
  const outbox = createOutboxWorker({
    db: options.database.db,
    mailer,
    publicUrl: config.publicUrl,
    log: app.log,
    digestAt: config.staffDigestAt,
    whatsapp: config.whatsapp ? cloudApiSender(config.whatsapp) : null,
    signingKey: config.documentSigningKey,
    onRun: (err) => health.sweepRan('outbox', err),
  });
  app.decorate('outbox', outbox);
  app.addHook('onClose', async () => {
    await outbox.stop();
    mailer.close();
  });
  const productViews =
    options.productViews ??
    productViewCounts(options.database.db, (err) =>
      app.log.warn({ err }, 'product views could not be written; kept for the next try'),
    );
  app.addHook('onReady', async () => productViews.start());
  app.addHook('onClose', async () => productViews.stop());
  const couriers = options.couriers ?? createCouriers(config, { db: options.database.db });
  const statfs = options.statfs ? { statfs: options.statfs } : {};
  const deps: AppDeps = {
    config,
    database: options.database,
    mailer,
    productViews,
    couriers,
    ...statfs,
    irp: options.irp !== undefined ? options.irp : config.irp ? createNicIrp(config.irp) : null,
    ewb: options.ewb !== undefined ? options.ewb : config.ewb ? createNicEwb(config.ewb) : null,
  };
  const healthContext: HealthContext = {
    config,
    database: options.database,
    monitor: health,
    ...statfs,
  };

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Every call takes JSON or no body. Fastify's own text/plain parser is removed: a call
  // without a body schema (session_destroy.php) took any text, and the others responded with a
  // validation error instead of 415. A POST without a body (shop.php's category list,
  // session_destroy.php) is allowed: the body is then undefined.
  app.removeContentTypeParser('text/plain');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    // Bounded before parsing: the checks after it walk the value, and deep enough overflows.
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) return done(tooDeep(), undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      const error = new SyntaxError('The request body is not valid JSON.');
      Object.assign(error, { statusCode: 400 });
      return done(error, undefined);
    }
    // JSON escapes may spell a null character or a lone surrogate: refused here, once.
    if (containsForbiddenText(parsed)) return done(forbiddenText(), undefined);
    done(null, parsed);
  });

  registerErrorHandling(app);
  registerRequestMetrics(app, healthContext);
  registerTextChecks(app);
  await registerSecurityHeaders(app, helmetOptions(config));
  // The same encodings on every Node: where zlib has zstd (Node 22.15+), the plugin would
  // prefer it for browsers and compress every response again instead of sending the brotli
  // forms cached-json.ts and the page cache keep (decision 073).
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate', 'identity'],
  });
  await app.register(fastifyCookie, config.sessionSecret ? { secret: config.sessionSecret } : {});
  registerAuth(app, deps.database.db, shopperSessions);
  await registerRateLimits(app, deps.database.db);

  await app.register(operationsRoutes(deps));
  await app.register(metricsRoutes(healthContext));
  await app.register(storefrontOpenApiRoutes(deps), { prefix: '/api' });
  await app.register(catalogueRoutes(deps), { prefix: '/api' });
  await app.register(profilesRoutes(deps), { prefix: '/api' });
  await app.register(settingsRoutes(deps), { prefix: '/api' });
  await app.register(deliveryEstimateRoutes(deps), { prefix: '/api' });
  await app.register(searchRoutes(deps), { prefix: '/api' });
  await app.register(accountsRoutes(deps), { prefix: '/api' });
  await app.register(reviewsRoutes(deps), { prefix: '/api' });
  await app.register(wholesaleRoutes(deps), { prefix: '/api' });
  await app.register(feedbackRoutes(deps), { prefix: '/api' });
  await app.register(sizeChartRoutes(deps), { prefix: '/api' });
  await app.register(giveawaysRoutes(deps), { prefix: '/api' });
  await app.register(launchesRoutes(deps), { prefix: '/api' });
  await app.register(backInStockRoutes(deps), { prefix: '/api' });
  await app.register(wishlistRoutes(deps), { prefix: '/api' });
  await app.register(privacyRoutes(deps), { prefix: '/api' });
  await app.register(referralsRoutes(deps), { prefix: '/api' });
  await app.register(cartRoutes(deps), { prefix: '/api' });
  await app.register(recoveryRoutes(deps), { prefix: '/api' });
  await app.register(oneClickUnsubscribeRoutes(deps));
  await app.register(couponRoutes(deps), { prefix: '/api' });
  await app.register(orderRoutes(deps), { prefix: '/api' });
  await app.register(checkoutStartRoutes(deps, checkoutReached), { prefix: '/api' });
  await app.register(codRoutes(deps), { prefix: '/api' });
  await app.register(invoiceRoutes(deps), { prefix: '/api' });
  await app.register(settlementRoutes(deps), { prefix: '/api' });
  await app.register(courierWebhookRoutes(deps), { prefix: '/api' });
  await app.register(whatsappRoutes(deps), { prefix: '/api' });
  await app.register(staffAdminRoutes(deps));
  await app.register(reportsAdminRoutes(deps));
  await app.register(ordersAdminRoutes(deps));
  await app.register(invoicesAdminRoutes(deps));
  await app.register(ewayBillsAdminRoutes(deps));
  await app.register(productsAdminRoutes(deps));
  await app.register(couponsAdminRoutes(deps));
  await app.register(reviewsAdminRoutes(deps));
  await app.register(feedbackAdminRoutes(deps));
  await app.register(sizeChartsAdminRoutes(deps));
  await app.register(giveawaysAdminRoutes(deps));
  await app.register(launchesAdminRoutes(deps));
  await app.register(backInStockAdminRoutes(deps));
  await app.register(wholesaleAdminRoutes(deps));
  await app.register(referralsAdminRoutes(deps));
  await app.register(catalogueCsvAdminRoutes(deps));
  await app.register(profilesAdminRoutes(deps));
  await app.register(settingsAdminRoutes(deps));
  await app.register(refundsAdminRoutes(deps));
  await app.register(ledgerAdminRoutes(deps));
  await app.register(settlementsAdminRoutes(deps));
  await app.register(returnsAdminRoutes(deps));
  await app.register(gstr1AdminRoutes(deps));
  await app.register(creditNotesAdminRoutes(deps));
  await app.register(shipmentsAdminRoutes(deps));
  await app.register(healthAdminRoutes(deps, healthContext));
  await app.register(privacyAdminRoutes(deps));
  await app.register(customersAdminRoutes(deps));
  await app.register(recoveryAdminRoutes(deps));
  await app.register(backupsAdminRoutes(deps));
  if (config.paymentProvider === 'sandbox') {
    await app.register(sandboxGatewayRoutes(deps), { prefix: '/api' });
  }
  if (options.orderSweep !== false) {
    let sweep: OrderSweep | undefined;
    let refundSweep: RefundSweep | undefined;
    let sandboxSweep: SandboxSweep | undefined;
    let alertChecker: AlertChecker | undefined;
    let erasureSweep: ErasureSweep | undefined;
    let recoverySweep: RecoverySweep | undefined;
    let eInvoiceSweep: EInvoiceSweep | undefined;
    app.addHook('onReady', async () => {
      eInvoiceSweep = startEInvoiceSweep(
        { db: deps.database.db, irp: deps.irp, now: () => new Date() },
        app.log,
        E_INVOICE_SWEEP_INTERVAL_MS,
      );
      recoverySweep = startRecoverySweep(
        { db: deps.database.db, publicUrl: config.publicUrl },
        app.log,
        config.recovery.sweepMs,
      );
      erasureSweep = startErasureSweep(
        { db: deps.database.db, publicUrl: config.publicUrl },
        app.log,
        ERASURE_SWEEP_INTERVAL_MS,
      );
      sweep = startOrderSweep(
        deps.database.db,
        app.log,
        ORDER_SWEEP_INTERVAL_MS,
        deps.config.publicUrl,
        (err) => health.sweepRan('orders', err),
      );
      refundSweep = startRefundSweep(
        orderContexts(deps)(app.log),
        REFUND_SWEEP_INTERVAL_MS,
        (err) => health.sweepRan('refunds', err),
      );
      if (couriers.sandbox) {
        sandboxSweep = startSandboxSweep(
          { courier: couriers.sandbox, publicUrl: config.publicUrl, log: app.log },
          Math.max(1000, Math.min(60_000, config.couriers.sandboxStepMs / 2)),
        );
      }
      alertChecker = startAlertChecker(
        { ...healthContext, mailer, publicUrl: config.publicUrl, log: app.log },
        ALERT_CHECK_INTERVAL_MS,
      );
    });
    app.addHook('onClose', async () => {
      await sweep?.stop();
      await refundSweep?.stop();
      await sandboxSweep?.stop();
      await alertChecker?.stop();
      await erasureSweep?.stop();
      await recoverySweep?.stop();
      await eInvoiceSweep?.stop();
    });
  }
  if (options.outboxWorker !== false) app.addHook('onReady', async () => outbox.start());
  await registerAdminApp(app);
  registerRobotsAndSitemap(app, deps.database.db, config.publicUrl);
  await registerStatic(
    app,
    { config, sessions: shopperSessions },
    options.web?.dir,
    options.web?.serverEntry,
  );

  return app;
}
