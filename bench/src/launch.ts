// A kit launch through the real waiting room (issue 42, decision 070): two server processes
// behind nginx on PostgreSQL; 300 shirts in 3 sizes (100 each); fans arrive at the launch's
// page over 10 seconds and take their place in the queue, the drop comes, and each fan orders
// one piece at the start of their turn. One in ten is a bot: it queues too, then from the drop
// sends orders for two pieces every 250 ms whatever its turn. Reported: exactly the stock sold,
// nobody beyond the launch's limit, no 5xx, the admitted fans' checkout answers (p50/p99), the
// largest inversion between arrival and place, and what the bots got.
import path from 'node:path';
import { createHash } from 'node:crypto';
import {
  LAUNCH_PROOF_BITS,
  launchChallenge,
  leadingZeroBits,
  rupeesToPaise,
  shippingFeeRupees,
} from '@kitroom/contract';
import { sql } from 'drizzle-orm';
import { queryRows, sqlList } from '../../apps/server/src/db/sql.js';
import { LAUNCH_BUDGETS } from './budgets.js';
import { post as postTimed } from './http-post.js';
import { open, type BenchUser, type Target } from './database.js';
import { siteFor, startNginx } from './nginx.js';
import { freePort, HOST, type Started } from './processes.js';
import { percentile, round } from './stats.js';

/** Stock per size, and the sizes. */
const STOCK_PER_SIZE = 100;
const SIZES = 3;
/** Seconds over which the fans arrive. */
const ARRIVAL_SECONDS = 10;
/** The drop comes this long after the last arrival is sent. */
const DROP_MARGIN_SECONDS = 5;
const PER_FAN_LIMIT = 2;
/** Fans let in per minute: 30 a second (BENCH_LAUNCH_PACE to try another). */
const ADMIT_PER_MINUTE = Number(process.env.BENCH_LAUNCH_PACE ?? 1800);
const BOT_SHARE = 0.1;
const BOT_INTERVAL_MS = 250;
/** How long bots keep hammering after the drop. */
const BOT_SECONDS = 20;

export interface LaunchFigures {
  fans: number;
  botCount: number;
  stock: number;
  sold: number;
  stockAfter: number;
  /** Fans (bots too) holding more than the limit of a size: must be 0. */
  overLimit: number;
  serverErrors: number;
  joins: { ok: number; p50Ms: number; p99Ms: number };
  /** Humans' checkout answers at their turn. */
  checkout: {
    sent: number;
    accepted: number;
    soldOut: number;
    other: number;
    p50Ms: number;
    p99Ms: number;
    maxMs: number;
  };
  /** The largest |place − arrival rank| among fans (0: exactly in arrival order). */
  largestInversion: number;
  /** Places that needed the long queue's proof of work. */
  proofs: number;
  bots: { ordersSent: number; accepted: number; acceptedOutOfTurn: number; pieces: number };
}

/** checkout.ts's answer, with when it came on the wall clock (turns are wall-clock times). */
interface Answer {
  status: number;
  ms: number;
  text: string;
  at: number;
}

async function post(base: string, path: string, cookie: string, body: unknown): Promise<Answer> {
  const a = await postTimed(base, path, cookie, body);
  return { status: a.status, ms: a.ms, text: a.text, at: performance.timeOrigin + a.endAt };
}

/** A long queue's proof of work, as the fan's phone does it (node's SHA-256 here). */
function solve(challenge: string, bits: number): string {
  for (let n = 0; ; n++) {
    const nonce = n.toString(36);
    const digest = createHash('sha256').update(`${challenge}:${nonce}`).digest();
    if (leadingZeroBits(digest, bits)) return nonce;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

export interface LaunchDeps {
  root: string;
  target: Target;
  /** Fans, bots among them (the last tenth). */
  fans: readonly BenchUser[];
  startServer: (name: string, env: Record<string, string>) => Promise<Started>;
  log: (line: string) => void;
}

interface Size {
  product_id: number;
  name: string;
  size: string;
  discount_price_paise: number;
}

export async function measureLaunch(d: LaunchDeps): Promise<LaunchFigures> {
  if (d.target.kind !== 'postgres') {
    throw new Error('needs PostgreSQL (DATABASE_URL): two processes cannot share PGlite');
  }
  const database = await open(d.target);
  const db = database.db;
  const servers: Started[] = [];
  let nginx: { stop(): Promise<void> } | undefined;
  let launchId = 0;
  try {
    // The newest product with three sizes: 100 of each, its other sizes none.
    const [product] = await queryRows<{ id: number }>(
      db,
      sql`SELECT p.id FROM products p WHERE p.active
            AND (SELECT count(*) FROM product_sizes s WHERE s.product_id = p.id) >= ${SIZES}
          ORDER BY p.id DESC LIMIT 1`,
    );
    if (!product) throw new Error('no product with three sizes');
    const sizes = await queryRows<Size>(
      db,
      sql`SELECT s.product_id, p.name, s.size, p.discount_price_paise
          FROM product_sizes s JOIN products p ON p.id = s.product_id
          WHERE s.product_id = ${product.id} ORDER BY s.size LIMIT ${SIZES}`,
    );
    await db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE product_sizes SET stock = 0 WHERE product_id = ${product.id}`);
      await tx.execute(
        sql`UPDATE product_sizes SET stock = ${STOCK_PER_SIZE}
            WHERE product_id = ${product.id} AND size IN (${sqlList(sizes.map((s) => s.size))})`,
      );
      // Earlier runs' launches of it end now.
      await tx.execute(
        sql`UPDATE launches SET canceled_at = now() WHERE canceled_at IS NULL
              AND id IN (SELECT launch_id FROM launch_products WHERE product_id = ${product.id})`,
      );
    });
    const dropAt = Date.now() + 60_000; // moved to its real time once the servers are up
    const [launch] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO launches (name, starts_at, limits_until, per_fan_limit, cod_allowed,
                                hold_minutes, queue_opens_minutes, admit_per_minute, turn_minutes)
          VALUES ('Bench launch', ${new Date(dropAt)}, ${new Date(dropAt + 86_400_000)},
                  ${PER_FAN_LIMIT}, false, 10, 30, ${ADMIT_PER_MINUTE}, 10)
          RETURNING id`,
    );
    launchId = launch!.id;
    await db.execute(
      sql`INSERT INTO launch_products (launch_id, product_id) VALUES (${launchId}, ${product.id})`,
    );

    // Two processes behind nginx; one machine's requests are all from one address.
    const env = { LAUNCH_QUEUE_PLACES_PER_ADDRESS: '1000000' };
    servers.push(await d.startServer('launch-1', env), await d.startServer('launch-2', env));
    const port = await freePort();
    nginx = await startNginx(
      path.join(d.target.dataDir, 'nginx-launch'),
      siteFor(
        path.join(d.root, 'docs/deploy/nginx.conf'),
        port,
        servers.map((s) => s.port),
      ),
    );
    const base = `http://${HOST}:${port}`;

    const orderBody = (fan: BenchUser, s: Size, quantity: number) => ({
      user_id: fan.id,
      shipping_address: {
        first_name: 'Bench',
        last_name: 'Fan',
        street_name: '12 Beach Road',
        city: 'Kozhikode',
        state: 'Kerala',
        pincode: '673001',
        phone: '9876543210',
      },
      mobile_number: '9876543210',
      amount:
        (s.discount_price_paise * quantity + rupeesToPaise(shippingFeeRupees('Kerala'))) / 100,
      affiliate_code: null,
      google_code: null,
      coupon_code: null,
      state: 'Kerala',
      items: [{ product_id: s.product_id, size: s.size, quantity }],
      idempotency_key: crypto.randomUUID(),
    });
    // Servers that have served for hours are warm at a real drop: each process takes a few
    // ordinary orders of another jersey first (their stock and holds are given back after).
    const [other] = await queryRows<Size>(
      db,
      sql`SELECT s.product_id, p.name, s.size, p.discount_price_paise
          FROM product_sizes s JOIN products p ON p.id = s.product_id
          WHERE p.active AND s.product_id <> ${product.id} AND s.stock > 0
          ORDER BY p.id DESC, s.size LIMIT 1`,
    );
    if (other) {
      await db.execute(
        sql`UPDATE product_sizes SET stock = stock + 1000
            WHERE product_id = ${other.product_id} AND size = ${other.size}`,
      );
      for (const s of servers) {
        const warm = `http://${HOST}:${s.port}`;
        for (let round = 0; round < 3; round++) {
          await Promise.all(
            d.fans
              .slice(round * 20, round * 20 + 20)
              .map((fan) =>
                post(warm, '/api/process_order.php', fan.cookie, orderBody(fan, other, 1)),
              ),
          );
        }
      }
      await db.execute(
        sql`UPDATE orders SET stock_released = true, reserved_until = NULL, order_status = 'Canceled'
            WHERE user_id IN (${sqlList(d.fans.map((f) => f.id))}) AND NOT stock_released`,
      );
      await db.execute(
        sql`UPDATE product_sizes SET stock = stock - 1000
            WHERE product_id = ${other.product_id} AND size = ${other.size} AND stock >= 1000`,
      );
    }

    // Each fan's proof of work, done before the clock starts: on the day each phone does its
    // own, side by side, while one bench process doing 1,000 of them in the window would stall
    // its own requests (the challenge is the fan's and the launch's, known in advance).
    const nonces = new Map(
      d.fans.map((fan) => [fan.id, solve(launchChallenge(launchId, fan.id), LAUNCH_PROOF_BITS)]),
    );
    const start = Date.now() + 2_000;
    const drop = start + (ARRIVAL_SECONDS + DROP_MARGIN_SECONDS) * 1000;
    await db.execute(sql`UPDATE launches SET starts_at = ${new Date(drop)} WHERE id = ${launchId}`);
    const botCount = Math.round(d.fans.length * BOT_SHARE);
    const humans = d.fans.slice(0, d.fans.length - botCount);
    const bots = d.fans.slice(d.fans.length - botCount);
    d.log(
      `  ${d.fans.length} fans (${botCount} bots) arrive over ${ARRIVAL_SECONDS} s for ${STOCK_PER_SIZE * SIZES} shirts in ${SIZES} sizes; ${ADMIT_PER_MINUTE} let in a minute`,
    );

    // Arrival: each fan at a random moment of the window takes a place.
    let proofs = 0;
    const arrivals = d.fans.map((fan) => ({
      fan,
      at: start + Math.random() * ARRIVAL_SECONDS * 1000,
    }));
    const places = await Promise.all(
      arrivals.map(async ({ fan, at }) => {
        await sleep(at - Date.now());
        const sentAt = performance.now();
        const body = { user_id: fan.id, product_id: product.id };
        let answer = await post(base, '/api/launch_queue.php', fan.cookie, body);
        // A long queue asks for the proof of work first (decision 070): done, then asked again.
        const asked = answer.status === 200 ? (JSON.parse(answer.text) as { state: string }) : null;
        if (asked?.state === 'prove') {
          proofs++;
          answer = await post(base, '/api/launch_queue.php', fan.cookie, {
            ...body,
            nonce: nonces.get(fan.id),
          });
        }
        const place =
          answer.status === 200
            ? (JSON.parse(answer.text) as {
                position: number;
                turn_starts_at: string;
                turn_ends_at: string;
              })
            : null;
        return { fan, sentAt, answer, place };
      }),
    );
    const joined = places.filter((p) => p.place);
    const bySend = [...joined].sort((a, b) => a.sentAt - b.sentAt);
    const byPlace = [...joined].sort((a, b) => a.place!.position - b.place!.position);
    const rankOfPlace = new Map(byPlace.map((p, i) => [p.fan.id, i]));
    const largestInversion = Math.max(
      0,
      ...bySend.map((p, i) => Math.abs(rankOfPlace.get(p.fan.id)! - i)),
    );

    const pick = () => sizes[Math.floor(Math.random() * sizes.length)]!;

    // Bots: from the drop, two pieces every 250 ms whatever their turn.
    const turnOfFan = new Map(joined.map((p) => [p.fan.id, p.place!]));
    const botAnswers: { fan: BenchUser; answer: Answer }[] = [];
    const botRuns = bots.map(async (fan) => {
      await sleep(drop - Date.now() + Math.random() * BOT_INTERVAL_MS);
      const until = drop + BOT_SECONDS * 1000;
      while (Date.now() < until) {
        const answer = await post(
          base,
          '/api/process_order.php',
          fan.cookie,
          orderBody(fan, pick(), 2),
        );
        botAnswers.push({ fan, answer });
        await sleep(BOT_INTERVAL_MS);
      }
    });
    // Humans: one piece at the start of their turn.
    const humanAnswers = await Promise.all(
      humans.map(async (fan) => {
        const place = turnOfFan.get(fan.id);
        if (!place) return null;
        await sleep(Date.parse(place.turn_starts_at) - Date.now() + 50);
        return post(base, '/api/process_order.php', fan.cookie, orderBody(fan, pick(), 1));
      }),
    );
    await Promise.all(botRuns);

    const sent = humanAnswers.filter((a): a is Answer => a !== null);
    // When the slow responses came: p99 per 5 s of the drop, by when each order's response came.
    const windows = new Map<number, number[]>();
    for (const a of sent) {
      const w = Math.floor((a.at - drop) / 5000);
      windows.set(w, [...(windows.get(w) ?? []), a.ms]);
    }
    for (const [w, ms] of [...windows].sort((x, y) => x[0] - y[0])) {
      d.log(
        `    ${w * 5}–${w * 5 + 5} s after the drop: ${ms.length} fans' orders, p50 ${round(percentile(ms, 50))} ms, p99 ${round(percentile(ms, 99))} ms`,
      );
    }
    const soldOut = sent.filter((a) => a.status === 409 && a.text.includes('sold out'));
    const accepted = sent.filter((a) => a.status === 200);
    const latencies = sent.map((a) => a.ms);
    const botAccepted = botAnswers.filter((b) => b.answer.status === 200);
    const outOfTurn = botAccepted.filter((b) => {
      const t = turnOfFan.get(b.fan.id);
      return (
        !t ||
        b.answer.at < Date.parse(t.turn_starts_at) - 1000 ||
        b.answer.at > Date.parse(t.turn_ends_at) + 1000
      );
    });
    const fanIds = d.fans.map((f) => f.id);
    const [state] = await queryRows<{
      sold: number;
      stock: number;
      over: number;
      bot_pieces: number;
    }>(
      db,
      sql`WITH bought AS (
            SELECT o.user_id, i.size, sum(i.quantity)::int AS pieces
            FROM orders o JOIN order_items i ON i.order_id = o.id
            WHERE o.user_id IN (${sqlList(fanIds)}) AND i.product_id = ${product.id}
              AND o.created_at >= ${new Date(drop - 1000)} AND o.order_status <> 'Canceled'
            GROUP BY o.user_id, i.size)
          SELECT (SELECT coalesce(sum(pieces), 0)::int FROM bought) AS sold,
                 (SELECT coalesce(sum(stock), 0)::int FROM product_sizes WHERE product_id = ${product.id}) AS stock,
                 (SELECT count(*)::int FROM bought WHERE pieces > ${PER_FAN_LIMIT}) AS over,
                 (SELECT coalesce(sum(pieces), 0)::int FROM bought
                  WHERE user_id IN (${sqlList(bots.length ? bots.map((b) => b.id) : [0])})) AS bot_pieces`,
    );
    const joinMs = places.map((p) => p.answer.ms);
    const errors = [
      ...places.map((p) => p.answer),
      ...sent,
      ...botAnswers.map((b) => b.answer),
    ].filter((a) => a.status >= 500 || a.status === 0);
    return {
      fans: d.fans.length,
      botCount,
      stock: STOCK_PER_SIZE * SIZES,
      sold: state!.sold,
      stockAfter: state!.stock,
      overLimit: state!.over,
      serverErrors: errors.length,
      joins: {
        ok: joined.length,
        p50Ms: round(percentile(joinMs, 50)),
        p99Ms: round(percentile(joinMs, 99)),
      },
      checkout: {
        sent: sent.length,
        accepted: accepted.length,
        soldOut: soldOut.length,
        other: sent.length - accepted.length - soldOut.length,
        p50Ms: round(percentile(latencies, 50)),
        p99Ms: round(percentile(latencies, 99)),
        maxMs: round(Math.max(0, ...latencies)),
      },
      largestInversion,
      proofs,
      bots: {
        ordersSent: botAnswers.length,
        accepted: botAccepted.length,
        acceptedOutOfTurn: outOfTurn.length,
        pieces: state!.bot_pieces,
      },
    };
  } finally {
    // The fans' unpaid orders hold no stock for later runs; the launch ends.
    await db.execute(
      sql`UPDATE orders SET stock_released = true, reserved_until = NULL
          WHERE user_id IN (${sqlList(d.fans.map((f) => f.id))}) AND NOT stock_released`,
    );
    if (launchId)
      await db.execute(sql`UPDATE launches SET canceled_at = now() WHERE id = ${launchId}`);
    await nginx?.stop();
    for (const s of servers) await s.stop();
    await database.close();
  }
}

/** The launch's budgets (issue 42), each as a printed line. */
export function launchChecks(f: LaunchFigures): { pass: boolean; line: string }[] {
  return [
    {
      pass: f.sold === f.stock && f.stockAfter === 0,
      line: `exactly the stock sold: ${f.sold} of ${f.stock}, stock after ${f.stockAfter}`,
    },
    { pass: f.overLimit === 0, line: `fans beyond the limit of a size: ${f.overLimit}` },
    { pass: f.serverErrors === 0, line: `5xx or no answer: ${f.serverErrors}` },
    {
      pass: f.checkout.p99Ms <= LAUNCH_BUDGETS.checkoutP99Ms,
      line: `admitted fans' checkout: p50 ${f.checkout.p50Ms} ms, p99 ${f.checkout.p99Ms} ms (≤ ${LAUNCH_BUDGETS.checkoutP99Ms}), max ${f.checkout.maxMs} ms; ${f.checkout.accepted} accepted, ${f.checkout.soldOut} told sold out, ${f.checkout.other} other of ${f.checkout.sent}`,
    },
    {
      pass: f.bots.acceptedOutOfTurn === 0,
      line: `bots: ${f.bots.ordersSent} orders sent, ${f.bots.accepted} accepted (${f.bots.pieces} pieces), ${f.bots.acceptedOutOfTurn} out of turn`,
    },
    {
      pass: true,
      line: `queue: ${f.joins.ok} of ${f.fans} places taken, p50 ${f.joins.p50Ms} ms, p99 ${f.joins.p99Ms} ms; largest inversion between arrival and place ${f.largestInversion}; ${f.proofs} places needed the proof of work`,
    },
  ];
}
