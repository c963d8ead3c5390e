// The write path under contention (issue 23): a jersey drop — N shoppers send
// process_order.php for one unit of a size with stock 100 at the same moment — then their
// payments settled through the sandbox gateway (its signed webhook and callback), then
// sustained checkout at 50 connections with ample stock, on one hot size and spread across
// sizes. The sizes it uses get their stock set for the run and put back after it; the bench
// shoppers' orders are marked released, so no later sweep gives their stock back twice.
import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import { rupeesToPaise, shippingFeeRupees, type ProcessOrderRequest } from '@kitroom/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.js';
import { queryRows, sqlList } from '../../apps/server/src/db/sql.js';
import { open, type BenchUser, type Target } from './database.js';
import { post } from './http-post.js';
import { measure, type LoadSettings } from './load.js';
import type { CheckoutFigures, DropFigures, SustainedCheckout } from './results.js';
import { percentile, round } from './stats.js';

/** The drop's size's stock. */
export const DROP_STOCK = 100;
/** Stock of every size sustained checkout orders from: it never runs out in a run. */
const AMPLE_STOCK = 1_000_000;
/** Sizes the spread load cycles through. */
const SPREAD_SIZES = 200;
const STATE = 'Kerala' as const;
const ADDRESS = {
  first_name: 'Bench',
  last_name: 'Shopper',
  street_name: '12 Beach Road',
  city: 'Kozhikode',
  state: STATE,
  pincode: '673001',
  phone: '9876543210',
};

interface SizeRow {
  product_id: number;
  name: string;
  size: string;
  stock: number;
  discount_price_paise: number;
}

/** process_order.php's body for one unit of a size, its amount the exact total. */
function orderBody(userId: number, s: SizeRow): ProcessOrderRequest {
  const totalPaise = s.discount_price_paise + rupeesToPaise(shippingFeeRupees(STATE));
  return {
    user_id: userId,
    shipping_address: ADDRESS,
    mobile_number: '9876543210',
    amount: totalPaise / 100,
    affiliate_code: null,
    google_code: null,
    coupon_code: null,
    state: STATE,
    items: [{ product_id: s.product_id, size: s.size, quantity: 1 }],
    // As the storefront sends it: a key per checkout, so a retried click is one order.
    idempotency_key: randomUUID(),
  };
}

/** Active products' sizes, newest products first: the drop's, then the spread's. */
async function pickSizes(db: Db, count: number): Promise<SizeRow[]> {
  return queryRows<SizeRow>(
    db,
    sql`SELECT ps.product_id, p.name, ps.size, ps.stock, p.discount_price_paise
        FROM products p JOIN product_sizes ps ON ps.product_id = p.id
        WHERE p.active ORDER BY p.id DESC, ps.size LIMIT ${count}`,
  );
}

/** Sets these sizes' stock (their products count their sizes in stock by themselves). */
async function setStock(db: Db, sizes: readonly { row: SizeRow; stock: number }[]) {
  await db.transaction(async (tx) => {
    for (const { row, stock } of sizes) {
      await tx.execute(
        sql`UPDATE product_sizes SET stock = ${stock}::int
            WHERE product_id = ${row.product_id} AND size = ${row.size}`,
      );
    }
  });
}

/** The bench shoppers' unpaid orders no longer hold stock: the bench puts stock back itself. */
async function releaseBenchOrders(db: Db, userIds: readonly number[]) {
  await db.execute(
    sql`UPDATE orders SET stock_released = true, reserved_until = NULL
        WHERE user_id IN (${sqlList(userIds)}) AND NOT stock_released`,
  );
}

/** Pays an order on the sandbox's page (its webhook), then follows the redirect (its callback). */
async function pay(baseUrl: string, paymentUrl: string, cookie: string) {
  const started = performance.now();
  const paid = await fetch(baseUrl + paymentUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: 'result=paid',
    redirect: 'manual',
    signal: AbortSignal.timeout(60_000),
  });
  await paid.text();
  const callback = paid.headers.get('location');
  if (paid.status !== 303 || !callback) return { ok: false, ms: performance.now() - started };
  const back = await fetch(new URL(callback, baseUrl), {
    headers: { cookie },
    redirect: 'manual',
    signal: AbortSignal.timeout(60_000),
  });
  await back.text();
  return { ok: back.status === 302, ms: performance.now() - started };
}

function errorOf(text: string): string {
  try {
    return String((JSON.parse(text) as { error?: unknown }).error ?? '');
  } catch {
    return '';
  }
}

async function runDrop(
  db: Db,
  baseUrl: string,
  drop: SizeRow,
  shoppers: readonly BenchUser[],
): Promise<DropFigures> {
  await setStock(db, [{ row: drop, stock: DROP_STOCK }]);
  const soldOut = `Sorry, ${drop.name} in size ${drop.size} is sold out.`;
  const bodies = shoppers.map((s) => orderBody(s.id, drop));
  const start = performance.now();
  const answers = await Promise.all(
    shoppers.map((s, i) => post(baseUrl, '/api/process_order.php', s.cookie, bodies[i])),
  );
  const accepted = answers.filter((a) => a.status === 200);
  const lastAt = Math.max(...answers.map((a) => a.endAt));
  const latencies = answers.map((a) => a.ms);
  const refusedSoldOut = answers.filter((a) => a.status === 409 && errorOf(a.text) === soldOut);
  const otherRefusals = answers.filter(
    (a) => a.status >= 400 && a.status < 500 && !refusedSoldOut.includes(a),
  );
  const serverErrors = answers.filter((a) => a.status >= 500 || a.status === 0);

  // The payments: each accepted order paid on the sandbox's page, all at once.
  const placed = answers.flatMap((a, i) =>
    a.status === 200
      ? [
          {
            answer: JSON.parse(a.text) as { order_id: number; payment_url: string },
            shopper: shoppers[i]!,
          },
        ]
      : [],
  );
  const settleStart = performance.now();
  const settled = await Promise.all(
    placed.map((p) =>
      pay(baseUrl, p.answer.payment_url, p.shopper.cookie).catch(() => ({ ok: false, ms: 0 })),
    ),
  );
  const settleMs = performance.now() - settleStart;
  const orderIds = placed.map((p) => p.answer.order_id);
  const [state] = await queryRows<{ stock: number; sold: number; paid: number }>(
    db,
    sql`SELECT (SELECT stock FROM product_sizes
                WHERE product_id = ${drop.product_id} AND size = ${drop.size}) AS stock,
               (SELECT coalesce(sum(quantity), 0)::int FROM order_items
                WHERE order_id IN (${sqlList(orderIds.length ? orderIds : [0])})) AS sold,
               (SELECT count(*)::int FROM orders
                WHERE id IN (${sqlList(orderIds.length ? orderIds : [0])})
                  AND payment_status = 'SUCCESS') AS paid`,
  );
  return {
    shoppers: shoppers.length,
    stock: DROP_STOCK,
    accepted: accepted.length,
    refusedSoldOut: refusedSoldOut.length,
    otherRefusals: otherRefusals.length,
    serverErrors: serverErrors.length,
    p50Ms: round(percentile(latencies, 50), 1),
    p99Ms: round(percentile(latencies, 99), 1),
    maxMs: round(Math.max(...latencies), 1),
    wallMs: round(lastAt - start, 1),
    ordersPerSecond: round(accepted.length / ((lastAt - start) / 1000)),
    stockAfter: state?.stock ?? null,
    sold: state?.sold ?? 0,
    paid: state?.paid ?? 0,
    payments: {
      sent: placed.length,
      settled: settled.filter((s) => s.ok).length,
      p50Ms: round(
        percentile(
          settled.map((s) => s.ms),
          50,
        ),
        1,
      ),
      p99Ms: round(
        percentile(
          settled.map((s) => s.ms),
          99,
        ),
        1,
      ),
      wallMs: round(settleMs, 1),
    },
  };
}

/**
 * Autocannon requests: each order one unit of the next size, by the next shopper of the pool
 * in turn (a shopper may hold only a few unpaid orders at once, as a real shop's would).
 */
function checkoutRequests(
  shoppers: readonly BenchUser[],
  sizes: readonly SizeRow[],
): autocannon.Request[] {
  let nextShopper = 0;
  let nextSize = 0;
  return [
    {
      method: 'POST',
      path: '/api/process_order.php',
      headers: { 'content-type': 'application/json' },
      setupRequest: (req) => {
        const shopper = shoppers[nextShopper++ % shoppers.length]!;
        const size = sizes[nextSize++ % sizes.length]!;
        return {
          ...req,
          headers: { ...req.headers, cookie: shopper.cookie },
          body: JSON.stringify(orderBody(shopper.id, size)),
        };
      },
    },
  ];
}

/**
 * The drop (one order per shopper of `shoppers`), its payments, and sustained checkout on
 * one hot size and across sizes (the shoppers of `connectionShoppers` in turn, request by
 * request: enough of them that none reaches the shop's limit of unpaid orders).
 */
export async function measureCheckout(opts: {
  target: Target;
  baseUrl: string;
  pid: number;
  shoppers: readonly BenchUser[];
  connectionShoppers: readonly BenchUser[];
  settings: LoadSettings;
  log: (line: string) => void;
}): Promise<CheckoutFigures> {
  const { target, baseUrl, pid, shoppers, connectionShoppers: connections, settings, log } = opts;
  const database = await open(target);
  const db = database.db;
  const userIds = [...new Set([...shoppers, ...connections].map((s) => s.id))];
  const sizes = await pickSizes(db, 1 + SPREAD_SIZES);
  const [drop, ...spread] = sizes;
  if (!drop || spread.length === 0) throw new Error('the catalogue has no sizes to order');
  // The hot size of the sustained load is another size than the drop's, with ample stock.
  const hot = spread[0]!;
  const before = sizes.map((row) => ({ row, stock: row.stock }));
  try {
    await releaseBenchOrders(db, userIds);
    await setStock(
      db,
      spread.map((row) => ({ row, stock: AMPLE_STOCK })),
    );
    // Warms the server's checkout code (and the drop's connections' pools) before the drop.
    await measure(
      baseUrl,
      checkoutRequests(connections, spread),
      { ...settings, durationSeconds: settings.warmupSeconds, warmupSeconds: 0 },
      pid,
    );
    log(
      `  drop: ${shoppers.length} shoppers, 1 unit each of '${drop.name}' size ${drop.size} (stock ${DROP_STOCK})`,
    );
    const dropFigures = await runDrop(db, baseUrl, drop, shoppers);
    log(
      `  drop: ${dropFigures.accepted} accepted, ${dropFigures.refusedSoldOut} sold out, ${dropFigures.otherRefusals} other 4xx, ${dropFigures.serverErrors} 5xx/errors; p50 ${dropFigures.p50Ms} ms, p99 ${dropFigures.p99Ms} ms, ${dropFigures.ordersPerSecond} orders/s; stock after ${dropFigures.stockAfter}; paid ${dropFigures.paid} (${dropFigures.payments.settled} callbacks, p99 ${dropFigures.payments.p99Ms} ms)`,
    );
    const sustained: SustainedCheckout[] = [];
    for (const load of [
      { id: 'hot' as const, label: 'one hot size', sizes: [hot] },
      { id: 'spread' as const, label: `spread across ${spread.length} sizes`, sizes: spread },
    ]) {
      // The warm-up's and the last load's orders end their holds: each load starts afresh.
      await releaseBenchOrders(db, userIds);
      const figures = await measure(
        baseUrl,
        checkoutRequests(connections, load.sizes),
        settings,
        pid,
      );
      sustained.push({
        id: load.id,
        label: load.label,
        connections: settings.connections,
        figures,
      });
      log(
        `  sustained checkout, ${load.label}: ${figures.requestsPerSecond} orders/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, server CPU ${figures.serverCpuMsPerRequest} ms/order${figures.databaseCpuMsPerRequest === null ? '' : `, database CPU ${figures.databaseCpuMsPerRequest} ms/order`}${figures.non2xx + figures.errors > 0 ? `, ${figures.non2xx + figures.errors} non-2xx/errors` : ''}`,
      );
    }
    return { drop: dropFigures, sustained };
  } finally {
    await releaseBenchOrders(db, userIds);
    await setStock(db, before);
    await database.close();
  }
}
