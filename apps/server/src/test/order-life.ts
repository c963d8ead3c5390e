// The order-life checker's world and commands (issue 38, decision 059): real actions through
// the real API, as shoppers, staff of each role, the payment sandbox and the sandbox courier
// do them, on a clock the checker moves. fast-check generates sequences of these commands;
// after each one, checkInvariants (order-invariants.ts) must find nothing.
//
// The model knows only what an outsider could: the orders this sequence placed, their payment
// pages, the returns asked. Which order a command acts on is chosen when it runs, among those
// whose stage (read from the shop, as staff read their lists) lets the action make sense, so
// most steps do something; an action the shop refuses (a 4xx with a reason) is a fair response,
// a 5xx never is. Every step is written to the run's script, which a failure prints.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_SHIPPING_RATES, shippingFeePaise, type ShippingRates } from '@kitroom/contract';
import { CSV_COLUMNS, parseSizesText, sizesToText, type CsvColumn } from '@kitroom/contract/admin';
import { parse as parseCsv } from 'csv-parse/sync';
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { queryRows } from '../db/sql.js';
import { releaseExpiredOrders, sweepOrdersOnce } from '../checkout/order-sweep.js';
import { sweepErasures } from '../privacy/erasure.service.js';
import { createSandboxGateway } from '../payments/sandbox.provider.js';
import { sandboxSecretSeed } from '../payments/sandbox-secret.js';
import { adminClient, type AdminClient } from './admin-client.js';
import { KERALA_ADDRESS, shopper, type Shopper } from './checkout.js';
import { createCoupon, createProduct } from './factories.js';
import type { TestApp } from './harness.js';
import { checkInvariants, concerning, describeViolations } from './order-invariants.js';
import { PARCEL_RANK } from '../shipping/index.js';
import { webhookBody } from '../shipping/couriers/sandbox.courier.js';
import type { SandboxEventRow } from '../shipping/couriers/sandbox.queries.js';
import { httpInjector, type Injector } from './http-injector.js';
import { startSandboxCourierShop, type SandboxCourierShop } from './sandbox-courier.js';
import { approvedWholesaler, createPriceList } from './wholesale.js';
import {
  freePort,
  killGroup,
  runScript as runShopScript,
  serverEnv,
  type OwnProcess,
} from './server-process.js';
import { createStaff } from './staff.js';
import { createLaunch } from './launches.js';
import {
  forgetLiveLaunches,
  GATE_CACHE_MS,
  storefrontLaunch,
} from '../launches/launches.service.js';

const COD_FEE_PAISE = 4900;
/** The shipping tables the owner switches between (Settings → Shipping, issue 41). */
const RATE_TABLES: readonly ShippingRates[] = [
  DEFAULT_SHIPPING_RATES,
  {
    zones: [{ label: 'Kerala', states: ['Kerala'], fee_paise: 4000 }],
    other_fee_paise: 9000,
    free_above_paise: 250_000,
  },
  { zones: [], other_fee_paise: 0, free_above_paise: null },
];
const PRINT_NAME_PAISE = 30_000;
const PRINT_NUMBER_PAISE = 20_000;
/** What a printed line carries: the shopper's name and number. */
const PRINT = { name: 'Asha', number: 7 };

/** The staff the checker acts as, one of each role, signed in on one server process. */
export type StaffClients = Record<'packer' | 'support' | 'manager' | 'owner', AdminClient>;

/** A server process the checker's shoppers and staff act through. */
export interface ShopProcess {
  app: Injector;
  staff: StaffClients;
}

/** The shop the checker runs in: one app and database for all its sequences. */
export interface Shop extends ShopProcess {
  t: TestApp;
  /** The sandbox courier and the clock it books and posts by. */
  courier: SandboxCourierShop;
  gateway: ReturnType<typeof createSandboxGateway>;
  /**
   * A second server process on the same PostgreSQL database (the soak), with its own sweeps
   * and outbox worker running on the real clock; sequences alternate between the two.
   */
  second: (ShopProcess & { process: OwnProcess }) | null;
  /** The shipping rates the shop charges now (the owner changes them as the checker runs). */
  rates: ShippingRates;
  close(): Promise<void>;
}

async function signInStaff(t: TestApp, app: Injector): Promise<StaffClients> {
  const origin = new URL(t.config.publicUrl).origin;
  const client = async (role: keyof StaffClients) =>
    adminClient(app, origin, (await createStaff(t.db, role)).cookie);
  return {
    packer: await client('packer'),
    support: await client('support'),
    manager: await client('manager'),
    owner: await client('owner'),
  };
}

const CHECKER_SECRET = 'order-life-checker-secret-long-enough';

/**
 * Starts the shop's server (main.ts) as a second process on the test's PostgreSQL database,
 * signing as the first does (SESSION_SECRET: sessions and the payment sandbox's pages), with
 * its sweeps and outbox worker on; its couriers are off, so parcels go through the first
 * process, whose sandbox courier runs on the checker's clock.
 */
async function startSecondProcess(t: TestApp): Promise<ShopProcess & { process: OwnProcess }> {
  if (!t.database.url) throw new Error('a second server process needs TEST_DATABASE=postgres');
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kitroom-second-'));
  const child = runShopScript('start', [], {
    ...serverEnv(dataDir, port, t.database.url),
    SESSION_SECRET: CHECKER_SECRET,
    PUBLIC_URL: t.config.publicUrl,
    TRUST_PROXY: '127.0.0.1',
    COURIER_SANDBOX: 'false',
    LOG_LEVEL: 'warn',
  });
  await waitForHealth(`http://127.0.0.1:${port}`, child);
  const app = httpInjector(`http://127.0.0.1:${port}`);
  return { app, staff: await signInStaff(t, app), process: child };
}

async function waitForHealth(base: string, child: OwnProcess): Promise<void> {
  for (let tries = 0; tries < 300; tries++) {
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (child.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the second server process did not start:\n${child.output()}`);
}

export async function openShop(options: { secondProcess?: boolean } = {}): Promise<Shop> {
  const courier = await startSandboxCourierShop({ SESSION_SECRET: CHECKER_SECRET });
  const { t } = courier;
  const app: Injector = t.app;
  const staff = await signInStaff(t, app);
  const settings = await staff.owner.call('PATCH', '/api/admin/settings', {
    cod_enabled: true,
    cod_fee_paise: COD_FEE_PAISE,
    cod_max_order_paise: 5_000_000,
    cod_max_open_orders: 50,
    cod_confirm_hours: 24,
    cod_cancel_after_hours: 48,
    cod_excluded_pincodes: [],
  });
  if (settings.statusCode !== 200) throw new Error(`settings refused: ${settings.body}`);
  await t.db.execute(sql`UPDATE shop_settings SET unpaid_orders_max = 20 WHERE id = 1`);
  const second = options.secondProcess ? await startSecondProcess(t) : null;
  return {
    t,
    app,
    staff,
    courier,
    second,
    gateway: createSandboxGateway(sandboxSecretSeed(t.config)),
    rates: DEFAULT_SHIPPING_RATES,
    close: async () => {
      if (second) {
        killGroup(second.process, 'SIGTERM');
        await second.process.exited;
      }
      await t.close();
    },
  };
}

// ───────────────────────────── one sequence's world ─────────────────────────────

interface Product {
  id: number;
  name: string;
  pricePaise: number;
  sizes: string[];
}

export interface PlacedOrder {
  id: number;
  cod: boolean;
  shopper: number;
  /** Its payment pages, oldest first. */
  pages: string[];
}

/** What the checker knows of one sequence: its shop, shoppers, products, orders, returns. */
export interface World {
  shop: Shop;
  /** The server process this sequence's shoppers and staff act through. */
  app: Injector;
  staff: StaffClients;
  /** 'second' when it acts through the soak's second server process. */
  via: 'first' | 'second';
  /** Every account this sequence made, in order; `live` are those not deleted. */
  shoppers: Shopper[];
  live: number[];
  /** Which of `shoppers` is the approved wholesaler (B2B invoices, the price list's tiers). */
  wholesaler: number;
  /** A new shopper signs up (after one deleted their account, a new one comes). */
  signUp(): Promise<Shopper>;
  products: Product[];
  /** A flat ₹150 off the first product only (the coupon of one shirt, decision 055). */
  shirtCoupon: string;
  /** A flat ₹200 off the whole order. */
  orderCoupon: string;
  /** The two coupons' ids, for the owner's edits. */
  couponIds: [number, number];
  orders: PlacedOrder[];
  returns: { id: number; orderId: number }[];
  /** The second jersey's kit launches' ids, newest last (which is on, the database says). */
  launches: number[];
  /** What happened, one line a step: the failing sequence's readable script. */
  script: string[];
  /** Invariant checks run in this sequence. */
  checks: number;
}

export async function newWorld(shop: Shop, via: 'first' | 'second' = 'first'): Promise<World> {
  const proc: ShopProcess = via === 'second' && shop.second ? shop.second : shop;
  const db = shop.t.db;
  // Unique among the worlds of a long soak (its shrinking makes hundreds): a price list's name is.
  const tag = randomBytes(6).toString('hex');
  const a: Product = {
    id: 0,
    name: `Malabar FC Home ${tag}`,
    pricePaise: 129_900,
    sizes: ['S', 'M', 'L'],
  };
  a.id = await createProduct(db, {
    name: a.name,
    pricePaise: a.pricePaise,
    sizes: { S: 3, M: 4, L: 3 },
  });
  // Above ₹2,500 a piece: 18% GST, and the price of decision 055's audit.
  const b: Product = {
    id: 0,
    name: `Kochi United Away ${tag}`,
    pricePaise: 295_001,
    sizes: ['M', 'L'],
  };
  b.id = await createProduct(db, { name: b.name, pricePaise: b.pricePaise, sizes: { M: 3, L: 2 } });
  // The first jersey takes a name (₹300) and a number (₹200): printed shirts (decision 049)
  // come back only when faulty and never go back to stock (decision 051).
  const printing = await shop.staff.manager.call('PATCH', `/api/admin/products/${a.id}/printing`, {
    enabled: true,
    name_paise: PRINT_NAME_PAISE,
    number_paise: PRINT_NUMBER_PAISE,
    patch_paise: null,
    colour: '#FFFFFF',
  });
  if (printing.statusCode !== 200) throw new Error(`printing refused: ${printing.body}`);
  const shirtCoupon = await createCoupon(db, { kind: 'flat', value: 15_000, productIds: [a.id] });
  const orderCoupon = await createCoupon(db, { kind: 'flat', value: 20_000 });
  const shopperOf = () => shopper(shop.t, proc.app);
  const shoppers = [await shopperOf(), await shopperOf(), await shopperOf()];
  // The third is a Kerala sports shop on a price list: 2 pieces or more, 20% off each.
  await approvedWholesaler(
    db,
    shoppers[2]!.id,
    await createPriceList(db, {
      name: `Checker list ${tag}`,
      tiers: [{ min_pieces: 2, percent_off: 20 }],
    }),
    { shopName: `Checker Sports ${tag}` },
  );
  return {
    shop,
    app: proc.app,
    staff: proc.staff,
    via: proc === shop ? 'first' : 'second',
    shoppers,
    live: [0, 1, 2],
    wholesaler: 2,
    signUp: shopperOf,
    products: [a, b],
    shirtCoupon: shirtCoupon.code,
    orderCoupon: orderCoupon.code,
    couponIds: [shirtCoupon.id, orderCoupon.id],
    orders: [],
    returns: [],
    launches: [],
    script: [],
    checks: 0,
  };
}

/** Model: what the generated commands may rely on (fast-check's model-based testing). */
export interface Model {
  orders: number;
  returns: number;
}

export type Cmd = fc.AsyncCommand<Model, World>;

/**
 * Runs a fixed script of commands as the checker would (a regression test of a shrunk
 * sequence, or a test's setup), checking the invariants after each step.
 */
export async function runScript(w: World, cmds: readonly Cmd[]): Promise<void> {
  const m: Model = { orders: 0, returns: 0 };
  for (const c of cmds) if (c.check(m)) await c.run(m, w);
}

/**
 * The staff for a step that books or handles the sandbox courier's parcels: the first
 * process's, whose courier runs on the checker's clock; by hand, the sequence's own process.
 */
const courierStaff = (w: World, by: 'hand' | 'sandbox'): StaffClients =>
  by === 'sandbox' ? w.shop.staff : w.staff;

/** A 5xx is never a fair response to a shopper, staff member, gateway or courier. */
function fair(w: World, res: LightMyRequestResponse): LightMyRequestResponse {
  if (res.statusCode >= 500) {
    throw new Error(`the shop responded ${res.statusCode}: ${res.body.slice(0, 300)}`);
  }
  return res;
}

const outcome = (res: LightMyRequestResponse) => {
  if (res.statusCode < 300) return `${res.statusCode}`;
  if (res.statusCode < 400) return `${res.statusCode} → ${String(res.headers.location ?? '')}`;
  let why = res.body.slice(0, 160);
  try {
    why = (res.json() as { error?: string }).error ?? why;
  } catch {
    // not JSON (a gateway page): its start says enough
  }
  return `${res.statusCode} ${why.replace(/\s+/g, ' ').slice(0, 160)}`;
};

/** Runs the step, writes it to the script, then checks every invariant. */
async function step(w: World, line: string, act: () => Promise<string>): Promise<void> {
  let result: string;
  try {
    result = await act();
  } catch (err) {
    w.script.push(`${line}  ⇒  THREW`);
    throw err;
  }
  w.script.push(`${line}  ⇒  ${result}`);
  w.checks += 1;
  // This sequence's orders and products, and the shop's document series: a sequence that
  // failed before leaves its rows behind, and shrinking must not blame the next one for them.
  const violations = concerning(await checkInvariants(w.shop.t.db), {
    orderIds: w.orders.map((o) => o.id),
    productIds: w.products.map((p) => p.id),
  });
  if (violations.length > 0) {
    throw new Error(`invariants broken after the last step:\n${describeViolations(violations)}`);
  }
}

/** The orders of this sequence whose status (as the shop has it now) is one of these. */
async function ordersIn(
  w: World,
  statuses: readonly string[],
  extra: (o: OrderState) => boolean = () => true,
): Promise<OrderState[]> {
  if (w.orders.length === 0) return [];
  const rows = await queryRows<OrderState>(
    w.shop.t.db,
    sql`SELECT id, order_status, payment_status, payment_method, packed_at IS NOT NULL AS packed,
               cod_confirmed_at IS NOT NULL AS confirmed, total_paise
        FROM orders WHERE id IN (${orderIdList(w)}) ORDER BY id`,
  );
  return rows.filter((r) => statuses.includes(r.order_status) && extra(r));
}

interface OrderState {
  id: number;
  order_status: string;
  payment_status: string;
  payment_method: string;
  packed: boolean;
  confirmed: boolean;
  total_paise: number;
}

/** Ids for `IN (…)`. */
const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** This sequence's order ids, for `IN (…)`. */
const orderIdList = (w: World) => idList(w.orders.map((o) => o.id));

const pick = <T>(xs: readonly T[], i: number): T | undefined =>
  xs.length === 0 ? undefined : xs[i % xs.length];

const placed = (w: World, id: number) => w.orders.find((o) => o.id === id)!;

const who = (w: World, id: number) => `shopper ${placed(w, id).shopper + 1}`;

// ───────────────────────────── the commands ─────────────────────────────

interface LineChoice {
  product: number;
  size: number;
  quantity: number;
  /** A name and number printed (the first jersey only: the one that offers printing). */
  print?: boolean;
}

/** Checkout's refusal of a launch's jersey as not on sale yet. */
const NOT_YET = / goes on sale .+\. Please come back then\.$/;

/**
 * Checkout must agree with the product pages about a launch (storefrontLaunch, what
 * product.php carries): an order is refused as "not on sale yet" exactly when one of its
 * jerseys shows a launch that has not started. A page saying Buy Now while checkout says
 * "come back then", or a countdown while checkout sells, is two readings of one launch.
 */
async function checkoutAgreesWithPage(
  w: World,
  res: LightMyRequestResponse,
  items: readonly { product: Product }[],
): Promise<void> {
  const said = res.statusCode === 409 ? ((res.json() as { error?: string }).error ?? '') : '';
  const refused = NOT_YET.test(said);
  // Only this sequence's launches can hold its jerseys: none yet, none counts down.
  if (!refused && (res.statusCode !== 200 || w.launches.length === 0)) return;
  // Read after the answer: a launch still to come now was still to come during the order.
  const now = new Date();
  const upcoming: string[] = [];
  for (const { product } of items) {
    const launch = await storefrontLaunch(w.shop.t.db, product.id, now);
    if (launch && Date.parse(launch.starts_at) > now.getTime()) upcoming.push(product.name);
  }
  if (refused && upcoming.length === 0) {
    throw new Error(`checkout said "${said}", but no jersey of the order has a launch to come`);
  }
  if (!refused && upcoming.length > 0) {
    throw new Error(`checkout sold ${upcoming.join(', ')}, whose page counts down to a launch`);
  }
}

/** A shopper checks out: online or cash on delivery, with or without a coupon. */
export class Checkout implements Cmd {
  constructor(
    readonly shopperIdx: number,
    readonly lines: LineChoice[],
    readonly coupon: 'none' | 'shirt' | 'order',
    readonly cod: boolean,
    /** The consignee's name asks the sandbox courier for a failed first delivery. */
    readonly failDelivery: boolean,
  ) {}
  check = () => true;
  async run(m: Model, w: World) {
    const n = w.live[this.shopperIdx % w.live.length];
    if (n === undefined) return;
    const s = w.shoppers[n]!;
    // One line per product and size, as a cart has them.
    const lines = new Map<
      string,
      { product: Product; size: string; quantity: number; print: boolean; unitPaise: number }
    >();
    for (const l of this.lines) {
      const product = w.products[l.product % w.products.length]!;
      const size = product.sizes[l.size % product.sizes.length]!;
      const print = l.print === true && product.id === w.products[0]!.id;
      const key = `${product.id}/${size}/${print}`;
      const had = lines.get(key);
      lines.set(key, {
        product,
        size,
        print,
        quantity: (had?.quantity ?? 0) + l.quantity,
        unitPaise: product.pricePaise + (print ? PRINT_NAME_PAISE + PRINT_NUMBER_PAISE : 0),
      });
    }
    const items = [...lines.values()];
    const subtotal = items.reduce((sum, l) => sum + l.unitPaise * l.quantity, 0);
    // The shirt coupon's product, its print included (the print is part of the piece's value).
    const shirtPaise = items
      .filter((l) => l.product.id === w.products[0]!.id)
      .reduce((sum, l) => sum + l.unitPaise * l.quantity, 0);
    const discount =
      this.coupon === 'order'
        ? Math.min(20_000, subtotal)
        : this.coupon === 'shirt'
          ? Math.min(15_000, shirtPaise)
          : 0;
    const code =
      this.coupon === 'order' ? w.orderCoupon : this.coupon === 'shirt' ? w.shirtCoupon : null;
    // What the shopper's checkout shows: the shop's rates now, free from their amount on.
    const shipping = shippingFeePaise(w.shop.rates, 'Kerala', subtotal - discount)!;
    const total = subtotal + shipping - discount + (this.cod ? COD_FEE_PAISE : 0);
    const described = items.map(
      (l) => `${l.product.name.split(' ')[0]} ${l.size}×${l.quantity}${l.print ? ' printed' : ''}`,
    );
    await step(
      w,
      `${n === w.wholesaler ? 'wholesaler' : 'shopper'} ${n + 1}: checkout ${this.cod ? 'COD' : 'online'} [${described.join(', ')}]${code ? ` coupon ${this.coupon}` : ''}${this.failDelivery ? ' (consignee FAIL)' : ''}, ₹${total / 100}`,
      async () => {
        const place = async (paise: number) =>
          fair(
            w,
            await s.post('/api/process_order.php', {
              user_id: s.id,
              shipping_address: {
                ...KERALA_ADDRESS,
                first_name: this.failDelivery ? 'Asha FAIL' : KERALA_ADDRESS.first_name,
              },
              mobile_number: '9876543210',
              amount: paise / 100,
              affiliate_code: null,
              google_code: null,
              coupon_code: code,
              state: 'Kerala',
              items: items.map((l) => ({
                product_id: l.product.id,
                size: l.size,
                quantity: l.quantity,
                ...(l.print ? { print: PRINT } : {}),
              })),
              ...(this.cod ? { payment_method: 'COD' } : {}),
            }),
          );
        let res = await place(total);
        let said = '';
        // A wholesaler's checkout shows their price list's prices, which the server alone
        // knows: like the shopper, the checker reads the total it says and confirms it once.
        const now = /your total is now ₹([\d,]+(?:\.\d+)?)/.exec(
          res.statusCode === 409 && n === w.wholesaler ? res.body : '',
        );
        if (now) {
          const wholesaleTotal = Math.round(Number(now[1]!.replaceAll(',', '')) * 100);
          said = `at wholesale prices ₹${wholesaleTotal / 100}: `;
          res = await place(wholesaleTotal);
        }
        await checkoutAgreesWithPage(w, res, items);
        if (res.statusCode !== 200) return said + outcome(res);
        const body = res.json() as { order_id: number; payment_url: string | null };
        w.orders.push({
          id: body.order_id,
          cod: this.cod,
          shopper: n,
          // A COD order's response points at its order page: it has no payment page yet.
          pages: body.payment_url?.startsWith('/api/payments/') ? [body.payment_url] : [],
        });
        m.orders += 1;
        return `${said}order #${body.order_id}`;
      },
    );
  }
  toString() {
    return `checkout(shopper ${this.shopperIdx}, ${JSON.stringify(this.lines)}, ${this.coupon}, ${this.cod ? 'COD' : 'online'}${this.failDelivery ? ', FAIL' : ''})`;
  }
}

/** The shopper submits a payment page (the newest, or an older one Pay Now replaced). */
export class PayPage implements Cmd {
  constructor(
    readonly order: number,
    readonly result: 'paid' | 'failed',
    readonly older: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.orders > 0;
  async run(_m: Model, w: World) {
    const withPages = w.orders.filter((o) => o.pages.length > 0);
    const o = pick(withPages, this.order);
    if (!o) return;
    const page = this.older ? o.pages[0]! : o.pages.at(-1)!;
    await step(
      w,
      `${who(w, o.id)}: ${this.result === 'paid' ? 'pays' : 'fails'} the ${this.older && o.pages.length > 1 ? 'first (replaced)' : 'newest'} payment page of order #${o.id}`,
      async () => {
        const submitted = fair(
          w,
          await w.app.inject({
            method: 'POST',
            url: page,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: `result=${this.result}`,
          }),
        );
        if (submitted.statusCode !== 303) return outcome(submitted);
        const back = fair(
          w,
          await w.app.inject({ method: 'GET', url: submitted.headers.location as string }),
        );
        return outcome(back);
      },
    );
  }
  toString() {
    return `payPage(order ${this.order}, ${this.result}${this.older ? ', first page' : ''})`;
  }
}

/** The gateway's late news: a webhook saying an old page was paid before it closed. */
export class LateWebhook implements Cmd {
  constructor(readonly order: number) {}
  check = (m: Readonly<Model>) => m.orders > 0;
  async run(_m: Model, w: World) {
    const o = pick(
      w.orders.filter((x) => x.pages.length > 0),
      this.order,
    );
    if (!o) return;
    const token = o.pages[0]!.split('/').pop()!;
    await step(
      w,
      `payment sandbox: late webhook "paid" for the first page of order #${o.id}`,
      async () => {
        const payment = w.shop.gateway.read(token);
        if (!payment) return 'no such page';
        const late = w.shop.gateway.complete(payment, 'paid');
        const res = fair(
          w,
          await w.app.inject({
            method: 'POST',
            url: '/api/payments/sandbox/webhook',
            headers: late.webhookHeaders,
            payload: late.webhookBody,
          }),
        );
        return `${outcome(res)} ${res.body.slice(0, 40)}`;
      },
    );
  }
  toString() {
    return `lateWebhook(order ${this.order})`;
  }
}

/** Pay Now on the order page: a new payment page (after a failure, an expired hold, or COD). */
export class PayNow implements Cmd {
  constructor(readonly order: number) {}
  check = (m: Readonly<Model>) => m.orders > 0;
  async run(_m: Model, w: World) {
    const open = await ordersIn(
      w,
      ['Pending', 'Processing'],
      (o) => o.payment_status !== 'SUCCESS',
    );
    const o = pick(open, this.order);
    if (!o) return;
    const p = placed(w, o.id);
    const s = w.shoppers[p.shopper]!;
    await step(w, `${who(w, o.id)}: Pay Now on order #${o.id}`, async () => {
      const res = fair(
        w,
        await s.post('/api/payment_processer.php', { user_id: s.id, order_id: o.id }),
      );
      if (res.statusCode === 200) p.pages.push((res.json() as { payment_url: string }).payment_url);
      return outcome(res);
    });
  }
  toString() {
    return `payNow(order ${this.order})`;
  }
}

/** The shopper confirms a cash-on-delivery order by the mailed link. */
export class ConfirmCod implements Cmd {
  constructor(readonly order: number) {}
  check = (m: Readonly<Model>) => m.orders > 0;
  async run(_m: Model, w: World) {
    const o = pick(
      await ordersIn(w, ['Pending'], (x) => x.payment_method === 'COD' && !x.confirmed),
      this.order,
    );
    if (!o) return;
    await step(w, `${who(w, o.id)}: confirms COD order #${o.id} by the mailed link`, async () => {
      const [mail] = await queryRows<{ data: { extra: { confirm_url: string } } }>(
        w.shop.t.db,
        sql`SELECT data FROM outbox WHERE order_id = ${o.id} AND template = 'cod-confirm'
            ORDER BY id DESC LIMIT 1`,
      );
      if (!mail) return 'no confirmation mail';
      const token = new URL(mail.data.extra.confirm_url).searchParams.get('token');
      const res = fair(
        w,
        await w.app.inject({
          method: 'POST',
          url: '/api/cod_confirm.php',
          payload: { order_id: o.id, token },
        }),
      );
      return outcome(res);
    });
  }
  toString() {
    return `confirmCod(order ${this.order})`;
  }
}

/** The shopper cancels their own order. */
export class CancelByShopper implements Cmd {
  constructor(readonly order: number) {}
  check = (m: Readonly<Model>) => m.orders > 0;
  async run(_m: Model, w: World) {
    const o = pick(await ordersIn(w, ['Pending', 'Processing']), this.order);
    if (!o) return;
    const s = w.shoppers[placed(w, o.id).shopper]!;
    await step(w, `${who(w, o.id)}: cancels order #${o.id}`, async () =>
      outcome(
        fair(
          w,
          await s.post('/api/order_cancel.php', {
            user_id: s.id,
            order_id: o.id,
            reason: 'Changed my mind',
          }),
        ),
      ),
    );
  }
  toString() {
    return `cancelByShopper(order ${this.order})`;
  }
}

/** Support or a manager cancels an order not yet shipped (support only up to its limit). */
export class CancelByStaff implements Cmd {
  constructor(
    readonly order: number,
    readonly role: 'support' | 'manager',
  ) {}
  check = (m: Readonly<Model>) => m.orders > 0;
  async run(_m: Model, w: World) {
    const o = pick(await ordersIn(w, ['Pending', 'Processing']), this.order);
    if (!o) return;
    await step(w, `${this.role}: cancels order #${o.id}`, async () =>
      outcome(
        fair(
          w,
          await w.staff[this.role].call('POST', `/api/admin/orders/${o.id}/cancel`, {
            reason: 'Out of stock at the warehouse',
          }),
        ),
      ),
    );
  }
  toString() {
    return `cancelByStaff(order ${this.order}, ${this.role})`;
  }
}

/** The packer packs an order ready to pack. */
export class Pack implements Cmd {
  constructor(readonly order: number) {}
  check = (m: Readonly<Model>) => m.orders > 0;
  async run(_m: Model, w: World) {
    const o = pick(await ordersIn(w, ['Processing'], (x) => !x.packed), this.order);
    if (!o) return;
    await step(w, `packer: packs order #${o.id}`, async () => {
      const res = fair(
        w,
        await w.staff.packer.call('POST', '/api/admin/orders/pack', { order_ids: [o.id] }),
      );
      return `${outcome(res)} ${res.body.slice(0, 120)}`;
    });
  }
  toString() {
    return `pack(order ${this.order})`;
  }
}

/**
 * The packer ships an order: by hand with a tracking id, or booked with the sandbox courier;
 * 'sandbox-lost': the courier books the parcel but its response is lost (a timeout), so the
 * booking waits for a retry while the courier's news of it comes in (decision 087).
 */
export class Ship implements Cmd {
  constructor(
    readonly order: number,
    readonly by: 'hand' | 'sandbox' | 'sandbox-lost',
  ) {}
  check = (m: Readonly<Model>) => m.orders > 0;
  async run(_m: Model, w: World) {
    const o = pick(await ordersIn(w, ['Processing']), this.order);
    if (!o) return;
    await step(
      w,
      `packer: ships order #${o.id} ${this.by === 'hand' ? 'by hand (Delhivery)' : this.by === 'sandbox' ? 'with the sandbox courier' : 'with the sandbox courier, whose answer is lost'}`,
      async () => {
        const packer = courierStaff(w, this.by === 'hand' ? 'hand' : 'sandbox').packer;
        if (this.by === 'sandbox-lost') w.shop.courier.loseBookingResponse(o.id);
        const res =
          this.by === 'hand'
            ? await packer.call('POST', `/api/admin/orders/${o.id}/ship`, {
                courier_name: 'Delhivery',
                tracking_id: `DLV${o.id}X${randomBytes(2).toString('hex')}`,
                tracking_link: null,
                expected_date: null,
              })
            : await packer.call('POST', `/api/admin/orders/${o.id}/shipments`, {
                courier: 'sandbox',
              });
        // The lost answer is the courier's failure, told to the packer as such.
        if (this.by === 'sandbox-lost' && res.statusCode === 502) return outcome(res);
        return outcome(fair(w, res));
      },
    );
  }
  toString() {
    return `ship(order ${this.order}, ${this.by})`;
  }
}

/** Staff mark a shipped order delivered (by hand: the courier's word on the phone). */
export class DeliverByHand implements Cmd {
  constructor(readonly order: number) {}
  check = (m: Readonly<Model>) => m.orders > 0;
  async run(_m: Model, w: World) {
    const o = pick(await ordersIn(w, ['Shipped']), this.order);
    if (!o) return;
    await step(w, `packer: marks order #${o.id} delivered`, async () =>
      outcome(fair(w, await w.staff.packer.call('POST', `/api/admin/orders/${o.id}/deliver`))),
    );
  }
  toString() {
    return `deliverByHand(order ${this.order})`;
  }
}

/** Time passes: the sandbox courier posts its due tracking events to our webhook. */
export class CourierTick implements Cmd {
  constructor(readonly minutes: number) {}
  check = () => true;
  async run(_m: Model, w: World) {
    await step(w, `sandbox courier: ${this.minutes} minutes pass`, async () => {
      const swept = await w.shop.courier.after(this.minutes);
      if (swept.failed > 0) throw new Error(`the webhook refused ${swept.failed} courier events`);
      return `${swept.posted} events posted`;
    });
  }
  toString() {
    return `courierTick(${this.minutes} min)`;
  }
}

/** The packer answers a failed delivery: try again, or bring the parcel back (RTO). */
export class AnswerFailedDelivery implements Cmd {
  constructor(
    readonly pickIdx: number,
    readonly action: 'reattempt' | 'return',
  ) {}
  check = (m: Readonly<Model>) => m.orders > 0;
  async run(_m: Model, w: World) {
    const failed = await queryRows<{ id: number; order_id: number }>(
      w.shop.t.db,
      sql`SELECT id, order_id FROM shipments
          WHERE state = 'delivery_failed' AND ndr_action IS NULL
            AND order_id IN (${orderIdList(w)})
          ORDER BY id`,
    );
    const s = pick(failed, this.pickIdx);
    if (!s) return;
    await step(
      w,
      `packer: answers the failed delivery of order #${s.order_id}: ${this.action}`,
      async () =>
        outcome(
          fair(
            w,
            await courierStaff(w, 'sandbox').packer.call(
              'POST',
              `/api/admin/shipments/${s.id}/failed-delivery`,
              {
                action: this.action,
              },
            ),
          ),
        ),
    );
  }
  toString() {
    return `answerFailedDelivery(${this.pickIdx}, ${this.action})`;
  }
}

/** The packer cancels a parcel before the courier picked it up: the order is packed again. */
export class CancelShipment implements Cmd {
  constructor(readonly pickIdx: number) {}
  check = (m: Readonly<Model>) => m.orders > 0;
  async run(_m: Model, w: World) {
    const booked = await queryRows<{
      id: number;
      order_id: number;
      courier: string;
      direction: string;
    }>(
      w.shop.t.db,
      sql`SELECT id, order_id, courier, direction FROM shipments
          WHERE state = 'booked' AND (return_id IS NULL OR direction = 'reverse')
            AND order_id IN (${orderIdList(w)})
          ORDER BY id`,
    );
    const s = pick(booked, this.pickIdx);
    if (!s) return;
    await step(
      w,
      `packer: cancels the ${s.courier} ${s.direction === 'reverse' ? 'return pickup' : 'parcel'} of order #${s.order_id} before pickup`,
      async () =>
        outcome(
          fair(
            w,
            await courierStaff(w, 'sandbox').packer.call(
              'POST',
              `/api/admin/shipments/${s.id}/cancel`,
            ),
          ),
        ),
    );
  }
  toString() {
    return `cancelShipment(${this.pickIdx})`;
  }
}

/** The shopper asks to return or exchange pieces of a delivered order. */
export class RequestReturn implements Cmd {
  constructor(
    readonly order: number,
    readonly kind: 'return' | 'exchange',
    readonly line: number,
    readonly quantity: number,
    readonly defect: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.orders > 0;
  async run(m: Model, w: World) {
    const o = pick(await ordersIn(w, ['Completed']), this.order);
    if (!o) return;
    const items = await queryRows<{
      id: number;
      product_id: number;
      size: string;
      quantity: number;
    }>(
      w.shop.t.db,
      sql`SELECT id, product_id, size, quantity FROM order_items WHERE order_id = ${o.id} ORDER BY id`,
    );
    const item = pick(items, this.line)!;
    const product = w.products.find((p) => p.id === item.product_id)!;
    const other = product.sizes.find((s) => s !== item.size)!;
    const s = w.shoppers[placed(w, o.id).shopper]!;
    await step(
      w,
      `${who(w, o.id)}: asks to ${this.kind} ${this.quantity} of line #${item.id} (${item.size}) of order #${o.id}${this.kind === 'exchange' ? ` for ${other}` : ''}${this.defect ? ', faulty' : ''}`,
      async () => {
        const res = fair(
          w,
          await s.post('/api/order_return.php', {
            user_id: s.id,
            order_id: o.id,
            kind: this.kind,
            reason: 'Does not fit',
            defect: this.defect,
            items: [
              {
                order_item_id: item.id,
                quantity: this.quantity,
                ...(this.kind === 'exchange' ? { exchange_size: other } : {}),
              },
            ],
            ...(o.payment_method === 'COD'
              ? { payout: { method: 'upi', upi_id: 'asha@okaxis' } }
              : {}),
          }),
        );
        if (res.statusCode !== 200) return outcome(res);
        const body = res.json() as { returns: { id: number }[] };
        const id = Math.max(...body.returns.map((r) => r.id));
        if (!w.returns.some((r) => r.id === id)) {
          w.returns.push({ id, orderId: o.id });
          m.returns += 1;
        }
        return `return #${id}`;
      },
    );
  }
  toString() {
    return `requestReturn(order ${this.order}, ${this.kind}, line ${this.line}, ×${this.quantity}${this.defect ? ', faulty' : ''})`;
  }
}

const returnStatus = async (w: World, statuses: readonly string[]) => {
  if (w.returns.length === 0) return [];
  return queryRows<{ id: number; order_id: number; status: string; kind: string }>(
    w.shop.t.db,
    sql`SELECT id, order_id, status, kind FROM order_returns
        WHERE id IN (${sql.join(
          w.returns.map((r) => sql`${r.id}`),
          sql`, `,
        )}) AND status IN (${sql.join(
          statuses.map((s) => sql`${s}`),
          sql`, `,
        )}) ORDER BY id`,
  );
};

/**
 * Staff decide a request: approve (manager; with the sandbox courier collecting the parcel,
 * or not) or reject (support), or receive the shirts.
 */
export class ReturnStep implements Cmd {
  constructor(
    readonly ret: number,
    readonly action:
      'approve' | 'approve-with-pickup' | 'reject' | 'receive' | 'receive-no-restock',
  ) {}
  check = (m: Readonly<Model>) => m.returns > 0;
  async run(_m: Model, w: World) {
    const from =
      this.action === 'approve' || this.action === 'approve-with-pickup' || this.action === 'reject'
        ? ['requested']
        : ['approved'];
    const r = pick(await returnStatus(w, from), this.ret);
    if (!r) return;
    const [who_, url, body] =
      this.action === 'approve'
        ? (['manager', 'approve', {}] as const)
        : this.action === 'approve-with-pickup'
          ? (['manager', 'approve', { pickup_courier: 'sandbox' }] as const)
          : this.action === 'reject'
            ? (['support', 'reject', { note: 'The tags were removed.' }] as const)
            : this.action === 'receive'
              ? (['packer', 'receive', {}] as const)
              : (['packer', 'receive', { restock: false }] as const);
    const said =
      this.action === 'approve-with-pickup'
        ? `approves ${r.kind} #${r.id} of order #${r.order_id} with a courier pickup`
        : `${this.action}s ${r.kind} #${r.id} of order #${r.order_id}`;
    await step(w, `${who_}: ${said}`, async () =>
      outcome(
        fair(
          w,
          await courierStaff(w, this.action === 'approve-with-pickup' ? 'sandbox' : 'hand')[
            who_
          ].call('POST', `/api/admin/returns/${r.id}/${url}`, body),
        ),
      ),
    );
  }
  toString() {
    return `returnStep(return ${this.ret}, ${this.action})`;
  }
}

/** The packer ships an exchange's replacement, by hand or with the sandbox courier. */
export class ShipReplacement implements Cmd {
  constructor(
    readonly ret: number,
    readonly by: 'hand' | 'sandbox',
  ) {}
  check = (m: Readonly<Model>) => m.returns > 0;
  async run(_m: Model, w: World) {
    const r = pick(
      (await returnStatus(w, ['received'])).filter((x) => x.kind === 'exchange'),
      this.ret,
    );
    if (!r) return;
    await step(
      w,
      `packer: ships the replacement of exchange #${r.id} ${this.by === 'hand' ? 'by hand' : 'with the sandbox courier'}`,
      async () => {
        const packer = courierStaff(w, this.by).packer;
        const res =
          this.by === 'hand'
            ? await packer.call('POST', `/api/admin/returns/${r.id}/ship`, {
                courier_name: 'India Post',
                tracking_id: `EX${r.id}${randomBytes(2).toString('hex')}`,
              })
            : await packer.call('POST', `/api/admin/returns/${r.id}/shipments`, {
                courier: 'sandbox',
              });
        return outcome(fair(w, res));
      },
    );
  }
  toString() {
    return `shipReplacement(return ${this.ret}, ${this.by})`;
  }
}

/** A manager refunds part or all of what is left on a paid order. */
export class StaffRefund implements Cmd {
  constructor(
    readonly order: number,
    /** Tenths of the order's total: 10 is all of it. */
    readonly tenths: number,
  ) {}
  check = (m: Readonly<Model>) => m.orders > 0;
  async run(_m: Model, w: World) {
    const o = pick(
      await ordersIn(
        w,
        ['Processing', 'Shipped', 'Completed'],
        (x) => x.payment_status === 'SUCCESS',
      ),
      this.order,
    );
    if (!o) return;
    const paise = Math.max(100, Math.floor((o.total_paise * this.tenths) / 10));
    await step(w, `manager: refunds ₹${paise / 100} on order #${o.id}`, async () =>
      outcome(
        fair(
          w,
          await w.staff.manager.call('POST', `/api/admin/orders/${o.id}/refunds`, {
            amount: (paise / 100).toFixed(2),
            reason: 'Goodwill for a late parcel',
            idempotency_key: `checker-${randomBytes(6).toString('hex')}`,
          }),
        ),
      ),
    );
  }
  toString() {
    return `staffRefund(order ${this.order}, ${this.tenths}/10)`;
  }
}

/** A manager records the bank transfer of a pending payout (a COD order's refund). */
export class RecordPayout implements Cmd {
  constructor(readonly pickIdx: number) {}
  check = (m: Readonly<Model>) => m.orders > 0;
  async run(_m: Model, w: World) {
    const open = await queryRows<{ id: number; order_id: number }>(
      w.shop.t.db,
      sql`SELECT id, order_id FROM refunds WHERE method = 'payout' AND status = 'pending'
            AND order_id IN (${orderIdList(w)}) ORDER BY id`,
    );
    const r = pick(open, this.pickIdx);
    if (!r) return;
    await step(
      w,
      `manager: records the payout of refund #${r.id} (order #${r.order_id})`,
      async () =>
        outcome(
          fair(
            w,
            await w.staff.manager.call('POST', `/api/admin/refunds/${r.id}/payout`, {
              utr: `UTR${String(r.id).padStart(12, '0')}`,
            }),
          ),
        ),
    );
  }
  toString() {
    return `recordPayout(${this.pickIdx})`;
  }
}

/** The hold of every unpaid order ends and the shop's sweep gives its stock back. */
export class HoldExpirySweep implements Cmd {
  check = (m: Readonly<Model>) => m.orders > 0;
  async run(_m: Model, w: World) {
    await step(w, 'sweep: every unpaid hold ends, the sweep releases their stock', async () => {
      // Only this sequence's orders: the others belong to sequences that ended.
      await w.shop.t.db.execute(
        sql`UPDATE orders SET reserved_until = now() - interval '1 minute'
            WHERE id IN (${orderIdList(w)}) AND reserved_until IS NOT NULL`,
      );
      return `${await releaseExpiredOrders(w.shop.t.db)} released`;
    });
  }
  toString() {
    return 'holdExpirySweep()';
  }
}

/**
 * A shopper deletes their account (DPDP Act, decision 037): at once when nothing of theirs is
 * open, else the request waits for the erasure sweep. Their orders stay (GST keeps them); the
 * shopper, logged out, acts no more.
 */
export class EraseAccount implements Cmd {
  constructor(readonly shopper: number) {}
  check = () => true;
  async run(_m: Model, w: World) {
    const n = w.live[this.shopper % w.live.length];
    if (n === undefined) return;
    const s = w.shoppers[n]!;
    await step(w, `shopper ${n + 1}: deletes the account`, async () => {
      const res = fair(
        w,
        await s.post('/api/delete_account.php', {
          user_id: s.id,
          action: 'delete',
          email: s.email,
        }),
      );
      if (res.statusCode !== 200) return outcome(res);
      // Logged out for good; a new shopper signs up in their place, so the sequence goes on.
      w.live = w.live.filter((i) => i !== n);
      w.live.push(w.shoppers.push(await w.signUp()) - 1);
      return `200 ${(res.json() as { state: string }).state}; shopper ${w.shoppers.length} signs up`;
    });
  }
  toString() {
    return `eraseAccount(${this.shopper})`;
  }
}

/** The erasure sweep: accounts waiting to be erased whose orders are now settled are erased. */
export class ErasureSweep implements Cmd {
  check = () => true;
  async run(_m: Model, w: World) {
    await step(w, 'sweep: erases the accounts whose orders are settled', async () => {
      const erased = await sweepErasures({
        db: w.shop.t.db,
        publicUrl: w.shop.t.config.publicUrl,
      });
      return `${erased} erased`;
    });
  }
  toString() {
    return 'erasureSweep()';
  }
}

/** The owner changes the shipping rates: placed orders keep the fee they were quoted. */
export class ChangeShippingRates implements Cmd {
  constructor(readonly table: number) {}
  check = () => true;
  async run(_m: Model, w: World) {
    const rates = RATE_TABLES[this.table % RATE_TABLES.length]!;
    await step(w, `owner: shipping rates → table ${this.table % RATE_TABLES.length}`, async () => {
      const res = fair(
        w,
        await w.staff.owner.call('PATCH', '/api/admin/settings', { shipping_rates: rates }),
      );
      if (res.statusCode === 200) w.shop.rates = rates;
      return outcome(res);
    });
  }
  toString() {
    return `changeShippingRates(${this.table})`;
  }
}

/** A manager changes a jersey's selling price by a tenth: placed orders keep theirs. */
export class ChangePrice implements Cmd {
  constructor(
    readonly product: number,
    readonly up: boolean,
  ) {}
  check = () => true;
  async run(_m: Model, w: World) {
    const p = w.products[this.product % w.products.length]!;
    // Whole rupees, as staff type them.
    const next = Math.round((p.pricePaise * (this.up ? 1.1 : 0.9)) / 100) * 100;
    await step(w, `manager: ${p.name.split(' ')[0]} price → ₹${next / 100}`, async () => {
      const res = fair(
        w,
        await w.staff.manager.call('PATCH', `/api/admin/products/${p.id}`, {
          discount_price_paise: next,
          price_paise: Math.max(next, 400_000),
        }),
      );
      if (res.statusCode === 200) p.pricePaise = next;
      return outcome(res);
    });
  }
  toString() {
    return `changePrice(${this.product}, ${this.up ? 'up' : 'down'})`;
  }
}

/**
 * A manager counts a size again: a delivery of new shirts (restock) or shirts found damaged
 * (adjustment, fewer). Held and sold pieces are the shop's: a count below them is refused.
 */
export class AdjustStock implements Cmd {
  constructor(
    readonly product: number,
    readonly size: number,
    readonly delta: number,
  ) {}
  check = () => true;
  async run(_m: Model, w: World) {
    const p = w.products[this.product % w.products.length]!;
    const size = p.sizes[this.size % p.sizes.length]!;
    const reason = this.delta > 0 ? 'restock' : 'adjustment';
    await step(
      w,
      `manager: ${reason} ${p.name.split(' ')[0]} ${size} ${this.delta > 0 ? '+' : ''}${this.delta}`,
      async () =>
        outcome(
          fair(
            w,
            await w.staff.manager.call('POST', `/api/admin/products/${p.id}/stock`, {
              size,
              delta: this.delta,
              reason,
              note: 'Counted in the order-life checker',
            }),
          ),
        ),
    );
  }
  toString() {
    return `adjustStock(${this.product}, ${this.size}, ${this.delta})`;
  }
}

/**
 * The owner edits a coupon while orders that used it live on: its value, or switches it off
 * and on. Placed orders keep the discount they were quoted; new checkouts get the new one.
 */
export class EditCoupon implements Cmd {
  constructor(
    readonly which: number,
    readonly change: 'value' | 'off' | 'on',
  ) {}
  check = () => true;
  async run(_m: Model, w: World) {
    const id = w.couponIds[this.which % 2]!;
    const body =
      this.change === 'value'
        ? { value: this.which % 2 === 0 ? 250 : 300 }
        : { active: this.change === 'on' };
    await step(
      w,
      `owner: ${this.which % 2 === 0 ? 'shirt' : 'order'} coupon ${JSON.stringify(body)}`,
      async () =>
        outcome(fair(w, await w.staff.owner.call('PATCH', `/api/admin/coupons/${id}`, body))),
    );
  }
  toString() {
    return `editCoupon(${this.which}, ${this.change})`;
  }
}

/**
 * The courier's news arrives again or late, as real couriers' webhooks do: an event already
 * posted comes a second time (the same event id), or an earlier scan arrives after later ones
 * (a new event id, its old time). The shop must take each once and never step a parcel back.
 */
export class CourierReplay implements Cmd {
  constructor(
    readonly pickIdx: number,
    readonly how: 'duplicate' | 'late',
  ) {}
  check = (m: Readonly<Model>) => m.orders > 0;
  async run(_m: Model, w: World) {
    const posted = await queryRows<SandboxEventRow & { order_id: number }>(
      w.shop.t.db,
      sql`SELECT e.*, s.order_id FROM sandbox_courier_events e
          JOIN shipments s ON s.courier = 'sandbox' AND s.awb = e.awb
          WHERE e.posted_at IS NOT NULL AND s.order_id IN (${orderIdList(w)})
          ORDER BY e.id`,
    );
    const e = pick(posted, this.pickIdx);
    if (!e) return;
    await step(
      w,
      `sandbox courier: posts the "${e.state}" scan of order #${e.order_id} ${this.how === 'duplicate' ? 'again' : 'late, after later ones'}`,
      async () => {
        // The scan as the shop heard it: its time is the one the shop stored for its event id.
        // The sandbox's posted_at can be a later post's: two sweeps on the checker's clock, one
        // minutes ahead of the other, can both take an event whose lease looks run out to the
        // later one, and the shop keeps the first post (the second is a duplicate). A replay
        // at that later time would be newer news, not a scan heard before. (Raw rows carry
        // times as text.)
        const [heard] = await queryRows<{ occurred_at: string }>(
          w.shop.t.db,
          sql`SELECT v.occurred_at FROM shipment_events v
              JOIN shipments s ON s.id = v.shipment_id
              WHERE s.courier = 'sandbox' AND s.awb = ${e.awb} AND v.event_key = ${`sbx-${e.id}`}`,
        );
        const body = webhookBody(e, new Date(heard?.occurred_at ?? e.posted_at!));
        // The parcel's state, and the news stored for it other than this replay's: another
        // sequence's courier tick (the sandbox's clock is the shop's) may post its next scan
        // meanwhile, and that one may move it.
        const parcel = async () =>
          (
            await queryRows<{ state: keyof typeof PARCEL_RANK; news: number }>(
              w.shop.t.db,
              sql`SELECT s.state, (SELECT count(*)::int FROM shipment_events v
                                   WHERE v.shipment_id = s.id
                                     AND v.event_key <> ${body.event_id}
                                     AND v.event_key NOT LIKE ${`${body.event_id}-late-%`})
                            AS news
                  FROM shipments s WHERE s.courier = 'sandbox' AND s.awb = ${e.awb}`,
            )
          )[0];
        const before = await parcel();
        const status = await w.shop.courier.post(
          `${w.shop.t.config.publicUrl}/api${w.shop.courier.sandbox.webhookPath}`,
          this.how === 'duplicate'
            ? body
            : { ...body, event_id: `${body.event_id}-late-${randomBytes(2).toString('hex')}` },
          w.shop.courier.sandbox.webhookHeaders(),
        );
        if (status >= 500) throw new Error(`the shop responded ${status} to the courier`);
        // The parcel's state is its newest news: a scan heard again or late moves nothing.
        const after = await parcel();
        if (after?.news !== before?.news) return `${status} (newer news came meanwhile)`;
        // Forward is fair (news it heard while still booking was kept, not applied); back, or
        // across between out for delivery and a failed attempt, is not.
        const was = before ? PARCEL_RANK[before.state] : 0;
        const is = after ? PARCEL_RANK[after.state] : 0;
        if (is < was || (is === was && after?.state !== before?.state)) {
          const news = await queryRows(
            w.shop.t.db,
            sql`SELECT v.event_key, v.state, v.occurred_at, v.held FROM shipment_events v
                JOIN shipments s ON s.id = v.shipment_id
                WHERE s.courier = 'sandbox' AND s.awb = ${e.awb} ORDER BY v.id`,
          );
          throw new Error(
            `the parcel went from ${before?.state} to ${after?.state} on a scan it had heard ` +
              `(${JSON.stringify(body)}); its news: ${JSON.stringify(news)}`,
          );
        }
        return `${status}`;
      },
    );
  }
  toString() {
    return `courierReplay(${this.pickIdx}, ${this.how})`;
  }
}

/** The timestamps of an order that the shop's clocks read (holds, COD windows, returns). */
const ORDER_TIMES = [
  'created_at',
  'reserved_until',
  'paid_at',
  'packed_at',
  'shipped_at',
  'delivered_at',
  'canceled_at',
  'cod_confirm_expires_at',
  'cod_confirmed_at',
  'eway_bill_at',
] as const;

/**
 * The rows that keep an order's story beside it, and their times, which a clock jump moves
 * with the order's: the invariants compare them (an exchange asked for before a launch, a
 * staff refund made before a return was received).
 */
const TIMES_WITH_THE_ORDER = [
  { table: 'orders', order: 'id', times: ORDER_TIMES },
  {
    table: 'order_returns',
    order: 'order_id',
    times: ['created_at', 'decided_at', 'received_at', 'shipped_at', 'delivered_at'],
  },
  { table: 'refunds', order: 'order_id', times: ['created_at', 'updated_at', 'processed_at'] },
] as const;

/**
 * After a launch changes (written by SQL here, or by staff through the first process): this
 * process forgets its list of live launches at once, and a second process keeps its own for up
 * to GATE_CACHE_MS, as the shop promises staff (a change is seen everywhere within a second).
 * The checker waits that out before its next step, or a checkout through the second process
 * meets the launch as it was (soak seed 1997317477: "goes on sale" a second after a clock jump
 * had moved the drop's start into the past).
 */
async function launchesChanged(w: World): Promise<void> {
  forgetLiveLaunches();
  if (w.shop.second) await new Promise((resolve) => setTimeout(resolve, GATE_CACHE_MS + 50));
}

/**
 * Time passes for this sequence's orders — an hour, a day and a bit (COD's confirmation
 * window), two days (an unconfirmed COD order's end) or eight (the 7-day return window) —
 * and the shop's sweeps run as their timers would: holds end, unpaid orders past paying are
 * canceled, unconfirmed COD orders too. PostgreSQL's clock cannot move, so the orders' times
 * move back instead (with their returns', refunds' and launches'), all of them alike.
 */
export class ClockJump implements Cmd {
  constructor(readonly hours: number) {}
  check = (m: Readonly<Model>) => m.orders > 0;
  async run(_m: Model, w: World) {
    const days = this.hours >= 48 ? ` (${Math.round(this.hours / 24)} days)` : '';
    await step(w, `clock: ${this.hours} hours pass${days}, the sweeps run`, async () => {
      const db = w.shop.t.db;
      const ids = orderIdList(w);
      const back = sql`${`${this.hours} hours`}::interval`;
      for (const { table, order, times } of TIMES_WITH_THE_ORDER) {
        await db.execute(
          sql`UPDATE ${sql.identifier(table)} SET ${sql.join(
            times.map((c) => sql`${sql.identifier(c)} = ${sql.identifier(c)} - ${back}`),
            sql`, `,
          )} WHERE ${sql.identifier(order)} IN (${ids})`,
        );
      }
      // This sequence's launches move with its orders: an order placed in one stays in it.
      if (w.launches.length > 0) {
        await db.execute(
          sql`UPDATE launches SET starts_at = starts_at - ${back},
                                  limits_until = limits_until - ${back},
                                  canceled_at = canceled_at - ${back}
              WHERE id IN (${idList(w.launches)})`,
        );
        await launchesChanged(w);
      }
      const { released, canceled } = await sweepOrdersOnce(db, w.shop.t.config.publicUrl);
      return `${released} holds released, ${canceled} unconfirmed COD orders canceled`;
    });
  }
  toString() {
    return `clockJump(${this.hours} h)`;
  }
}

/** How long the checker's launches keep their limits: a day, which the longer jumps pass. */
const LAUNCH_LIMIT_HOURS = 24;

/** This sequence's launches not canceled: the one on now, and the one still to start. */
async function launchesNow(w: World): Promise<{ on?: number; next?: number; onUntil?: Date }> {
  if (w.launches.length === 0) return {};
  const rows = await queryRows<{ id: number; state: 'on' | 'next'; limits_until: Date }>(
    w.shop.t.db,
    sql`SELECT id, CASE WHEN starts_at > now() THEN 'next' ELSE 'on' END AS state, limits_until
        FROM launches
        WHERE id IN (${idList(w.launches)}) AND canceled_at IS NULL AND limits_until > now()`,
  );
  const on = rows.find((r) => r.state === 'on');
  return {
    on: on?.id,
    onUntil: on ? new Date(on.limits_until) : undefined,
    next: rows.find((r) => r.state === 'next')?.id,
  };
}

/**
 * A manager's kit launch of the second jersey (decisions 070, 088): on sale from now with a
 * limit per fan of each size, holds of 5 minutes, cash on delivery on or off, no
 * waiting room; or its next drop scheduled for an hour after the launch on now ends its limits
 * (with its own limit and COD); or the limits of the launch on now ended early, or the launch
 * canceled (the one on, else the one to come; its jersey then sells with no rules, or waits
 * for the next drop). Orders, Pay Now, late payments and returns then meet its rules.
 */
export class LaunchStep implements Cmd {
  constructor(
    readonly action: 'start' | 'next' | 'end' | 'cancel',
    readonly limit: number,
    readonly cod: boolean,
  ) {}
  check = () => true;
  async run(_m: Model, w: World) {
    const jersey = w.products[1]!;
    const rules = `${this.limit} a size per fan, COD ${this.cod ? 'on' : 'off'}`;
    const line =
      this.action === 'start'
        ? `manager: launches ${jersey.name.split(' ')[0]} now, ${rules}`
        : this.action === 'next'
          ? `manager: schedules ${jersey.name.split(' ')[0]}'s next drop after the launch on, ${rules}`
          : `manager: ${this.action === 'end' ? 'ends the limits of' : 'cancels'} the launch`;
    await step(w, line, async () => {
      const now = await launchesNow(w);
      if (this.action === 'start' || this.action === 'next') {
        if (this.action === 'start' && (now.on ?? now.next) !== undefined) {
          return 'a launch is on or to come already';
        }
        if (this.action === 'next' && (now.on === undefined || now.next !== undefined)) {
          return now.on === undefined ? 'no launch is on' : 'a next drop is scheduled already';
        }
        // From now, or an hour after the launch on ends: the orders placed before it are not
        // the launch's, and the two never overlap (staff cannot schedule that).
        const startsAt =
          this.action === 'start' ? new Date() : new Date(now.onUntil!.getTime() + 3_600_000);
        const { id } = await createLaunch(w.shop.t.db, {
          name: `Checker drop ${w.launches.length + 1}`,
          startsAt,
          limitsUntil: new Date(startsAt.getTime() + LAUNCH_LIMIT_HOURS * 3_600_000),
          perFanLimit: this.limit,
          codAllowed: this.cod,
          holdMinutes: 5,
          queueOpensMinutes: 0,
          productIds: [jersey.id],
        });
        w.launches.push(id);
        await launchesChanged(w);
        return `launch #${id}`;
      }
      if (this.action === 'end') {
        if (now.on === undefined) return 'no launch is on';
        await w.shop.t.db.execute(
          sql`UPDATE launches SET limits_until = greatest(now(), starts_at + interval '1 second')
              WHERE id = ${now.on}`,
        );
        await launchesChanged(w);
        return 'its limits ended';
      }
      const canceled = now.on ?? now.next;
      if (canceled === undefined) return 'no launch is on or to come';
      const canceling = fair(
        w,
        await w.staff.manager.call('POST', `/api/admin/launches/${canceled}/cancel`),
      );
      await launchesChanged(w);
      return outcome(canceling);
    });
  }
  toString() {
    return `launch(${this.action}, ${this.limit}, COD ${this.cod ? 'on' : 'off'})`;
  }
}

/**
 * A manager updates the catalogue from a spreadsheet: exports the CSV, changes one of this
 * sequence's jerseys (a size's count, its selling price, or both) and imports it — a dry run,
 * then applied with the dry run's plan. A sale between the two makes the plan stale (a fair
 * refusal). Held and sold pieces stay the shop's: the ledger must explain the new count.
 */
export class CatalogueCsv implements Cmd {
  constructor(
    readonly product: number,
    readonly size: number,
    readonly delta: number,
    readonly reprice: boolean,
  ) {}
  check = () => true;
  async run(_m: Model, w: World) {
    const p = w.products[this.product % w.products.length]!;
    const size = p.sizes[this.size % p.sizes.length]!;
    const price = Math.round((p.pricePaise * 1.05) / 100) * 100;
    await step(
      w,
      `manager: CSV import, ${p.name.split(' ')[0]} ${size} ${this.delta >= 0 ? '+' : ''}${this.delta}${this.reprice ? `, price → ₹${price / 100}` : ''}`,
      async () => {
        const manager = w.staff.manager;
        const exported = fair(w, await manager.call('GET', '/api/admin/catalogue/csv'));
        if (exported.statusCode !== 200) return `export ${outcome(exported)}`;
        const [header, ...rows] = parseCsv(exported.body, { bom: true }) as string[][];
        const col = (name: CsvColumn) => CSV_COLUMNS.indexOf(name);
        const row = rows.find((r) => Number(r[col('id')]) === p.id);
        if (!header || !row) throw new Error(`the export has no row for product #${p.id}`);
        const sizes = parseSizesText(row[col('sizes')]!) ?? [];
        const entry = sizes.find((z) => z.size === size);
        const had = entry?.stock ?? 0;
        const now = Math.max(0, had + this.delta);
        if (entry) entry.stock = now;
        else sizes.push({ size, stock: now });
        row[col('sizes')] = sizesToText(sizes);
        if (this.reprice) {
          // The selling price; the MRP rises with it when it would be passed.
          row[col('discount_price')] = String(price / 100);
          if (Number(row[col('price')]) < price / 100) row[col('price')] = String(price / 100);
        }
        const file = stringifyCsv([header, row], { record_delimiter: 'windows' });
        const send = async (query: string) => {
          const res = fair(
            w,
            await manager.call('POST', `/api/admin/catalogue/csv?${query}`, file, {
              'content-type': 'text/csv',
            }),
          );
          if (res.statusCode !== 200) return { res, last: null };
          const lines = res.body.trim().split('\n');
          return {
            res,
            last: JSON.parse(lines.at(-1)!) as {
              outcome?: string;
              plan?: string;
              type?: string;
              error?: string;
              errors?: { column: string; message: string }[];
            },
          };
        };
        const dry = await send('mode=dry-run');
        if (!dry.last) return `dry run ${outcome(dry.res)}`;
        if (dry.last.type === 'failed') throw new Error(`the dry run failed: ${dry.last.error}`);
        const why = (r: { errors?: { column: string; message: string }[] }) =>
          (r.errors ?? []).map((e) => ` (${e.column}: ${e.message})`).join('');
        if (dry.last.outcome !== 'checked') return `dry run: ${dry.last.outcome}${why(dry.last)}`;
        const applied = await send(`mode=apply&plan=${dry.last.plan}`);
        if (!applied.last) return `apply ${outcome(applied.res)}`;
        if (applied.last.type === 'failed')
          throw new Error(`the import failed: ${applied.last.error}`);
        if (applied.last.outcome === 'applied' && this.reprice) p.pricePaise = price;
        return `${had} → ${now}: ${applied.last.outcome}${why(applied.last)}`;
      },
    );
  }
  toString() {
    return `catalogueCsv(${this.product}, ${this.size}, ${this.delta}${this.reprice ? ', reprice' : ''})`;
  }
}

// ───────────────────────────── generators ─────────────────────────────

const idx = fc.nat({ max: 7 });
const lineArb = fc.record({
  product: fc.nat({ max: 1 }),
  size: fc.nat({ max: 2 }),
  quantity: fc.integer({ min: 1, max: 2 }),
  print: fc.constantFrom(false, false, true),
});

/** Every command, weighted by how often a shop sees it. */
export const commandArbs: fc.Arbitrary<Cmd>[] = [
  ...Array.from({ length: 2 }, () =>
    fc
      .tuple(
        fc.nat({ max: 2 }),
        fc.array(lineArb, { minLength: 1, maxLength: 2 }),
        fc.constantFrom('none', 'none', 'shirt', 'order'),
        fc.boolean(),
        fc.boolean(),
      )
      .map(([s, lines, coupon, cod, fail]) => new Checkout(s, lines, coupon, cod, fail) as Cmd),
  ),
  ...Array.from({ length: 3 }, () =>
    fc
      .tuple(idx, fc.constantFrom<'paid' | 'failed'>('paid', 'paid', 'failed'), fc.boolean())
      .map(([o, r, old]) => new PayPage(o, r, old) as Cmd),
  ),
  idx.map((o) => new PayNow(o) as Cmd),
  idx.map((o) => new LateWebhook(o) as Cmd),
  idx.map((o) => new ConfirmCod(o) as Cmd),
  idx.map((o) => new ConfirmCod(o) as Cmd),
  idx.map((o) => new CancelByShopper(o) as Cmd),
  fc
    .tuple(idx, fc.constantFrom<'support' | 'manager'>('support', 'manager'))
    .map(([o, r]) => new CancelByStaff(o, r) as Cmd),
  idx.map((o) => new Pack(o) as Cmd),
  idx.map((o) => new Pack(o) as Cmd),
  ...Array.from({ length: 3 }, () =>
    fc
      .tuple(idx, fc.constantFrom<Ship['by']>('hand', 'sandbox', 'hand', 'sandbox', 'sandbox-lost'))
      .map(([o, by]) => new Ship(o, by) as Cmd),
  ),
  idx.map((o) => new DeliverByHand(o) as Cmd),
  idx.map((o) => new DeliverByHand(o) as Cmd),
  ...Array.from({ length: 1 }, () =>
    fc.integer({ min: 1, max: 5 }).map((min) => new CourierTick(min) as Cmd),
  ),
  idx.map((i) => new CancelShipment(i) as Cmd),
  fc
    .tuple(idx, fc.constantFrom<'reattempt' | 'return'>('reattempt', 'return'))
    .map(([i, a]) => new AnswerFailedDelivery(i, a) as Cmd),
  ...Array.from({ length: 4 }, () =>
    fc
      .tuple(
        idx,
        fc.constantFrom<'return' | 'exchange'>('return', 'exchange'),
        idx,
        fc.integer({ min: 1, max: 2 }),
        fc.boolean(),
      )
      .map(([o, k, l, q, d]) => new RequestReturn(o, k, l, q, d) as Cmd),
  ),
  ...Array.from({ length: 6 }, () =>
    fc
      .tuple(
        idx,
        fc.constantFrom<ReturnStep['action']>(
          'approve',
          'approve-with-pickup',
          'reject',
          'receive',
          'receive',
          'receive-no-restock',
        ),
      )
      .map(([r, a]) => new ReturnStep(r, a) as Cmd),
  ),
  fc
    .tuple(idx, fc.constantFrom<'hand' | 'sandbox'>('hand', 'sandbox'))
    .map(([r, by]) => new ShipReplacement(r, by) as Cmd),
  fc.tuple(idx, fc.integer({ min: 1, max: 10 })).map(([o, t]) => new StaffRefund(o, t) as Cmd),
  idx.map((i) => new RecordPayout(i) as Cmd),
  fc.constant(new HoldExpirySweep() as Cmd),
  fc.nat({ max: 2 }).map((s) => new EraseAccount(s) as Cmd),
  fc.constant(new ErasureSweep() as Cmd),
  fc.nat({ max: 2 }).map((t) => new ChangeShippingRates(t) as Cmd),
  fc.tuple(fc.nat({ max: 1 }), fc.boolean()).map(([p, up]) => new ChangePrice(p, up) as Cmd),
  fc
    .tuple(fc.nat({ max: 1 }), fc.nat({ max: 2 }), fc.constantFrom(-2, -1, 1, 3))
    .map(([p, z, d]) => new AdjustStock(p, z, d) as Cmd),
  fc
    .tuple(fc.nat({ max: 1 }), fc.constantFrom<EditCoupon['change']>('value', 'off', 'on'))
    .map(([c, ch]) => new EditCoupon(c, ch) as Cmd),
  fc.constantFrom(1, 25, 49, 192).map((h) => new ClockJump(h) as Cmd),
  ...Array.from({ length: 2 }, () =>
    fc
      .tuple(idx, fc.constantFrom<CourierReplay['how']>('duplicate', 'late'))
      .map(([i, how]) => new CourierReplay(i, how) as Cmd),
  ),
  fc
    .tuple(fc.nat({ max: 1 }), fc.nat({ max: 2 }), fc.constantFrom(-2, -1, 0, 2), fc.boolean())
    .map(([p, z, d, r]) => new CatalogueCsv(p, z, d, r) as Cmd),
  fc
    .tuple(
      fc.constantFrom<LaunchStep['action']>('start', 'start', 'next', 'end', 'cancel'),
      fc.integer({ min: 1, max: 2 }),
      fc.boolean(),
    )
    .map(([a, limit, cod]) => new LaunchStep(a, limit, cod) as Cmd),
];
