// Kit launches (decision 070): staff schedule products to go on sale at a time; before it the
// product page counts down and fans may ask for a mail; from it, until its limits end, each
// fan may buy a set number of pieces of each size, unpaid holds are short and cash on
// delivery is taken only if the launch allows it. Checkout asks this service for the rules
// under the shopper's lock, so the limit holds for concurrent orders of one fan.
import { createHash } from 'node:crypto';
import {
  admittedBy,
  LAUNCH_PROOF_BITS,
  LAUNCH_PROOF_FROM,
  launchChallenge,
  leadingZeroBits,
  type LaunchAlertResponse,
  type LaunchPlace,
  LAUNCH_NO_QUEUE,
  LAUNCH_NOT_UPCOMING,
  LAUNCH_QUEUE_ADDRESS_FULL,
  LAUNCH_QUEUE_BROWSER_TAKEN,
  LAUNCH_QUEUE_NOT_OPEN,
  launchJoinQueueText,
  launchLimitReachedText,
  launchNoCodText,
  launchNotStartedText,
  launchTurnNotYetText,
  launchTurnPassedText,
  turnOf,
  type LaunchQueueResponse,
  type QueuePace,
  type StorefrontLaunch,
} from '@kitroom/contract';
import {
  LAUNCH_CANCELED,
  LAUNCH_NOT_FOUND,
  LAUNCH_STARTED,
  type AdminLaunch,
  type LaunchInput,
  type LaunchState,
} from '@kitroom/contract/admin';
import type { z } from 'zod';
import { transactionEndingWith, type Db, type Queryable, type Tx } from '../db/index.js';
import { Conflict, Invalid, NotFound, TooMany } from '../domain-errors.js';
import {
  enqueue,
  whatsappMessage,
  choiceOf,
  enqueueShopperWhatsApp,
} from '../notifications/index.js';
import { record, type Actor } from '../staff/index.js';
import {
  LAUNCH_DROPPED_WHATSAPP,
  launchDropped,
  type LaunchDroppedData,
} from './launch-dropped.mail.js';
import * as q from './launches.queries.js';

const iso = (d: Date | string) => new Date(d).toISOString();
const time = (d: Date | string) => new Date(d).getTime();

export function stateAt(l: q.LaunchRow, now: Date): LaunchState {
  if (l.canceled_at !== null) return 'canceled';
  if (now.getTime() < time(l.starts_at)) return 'upcoming';
  return now.getTime() < time(l.limits_until) ? 'on' : 'over';
}

// ── the storefront ──

/** What product.php shows of the product's launch: upcoming or with its limits on; else null. */
export async function storefrontLaunch(
  db: Queryable,
  productId: number,
  now = new Date(),
): Promise<StorefrontLaunch | null> {
  const row = await q.liveLaunchOfProduct(db, productId, now);
  if (!row) return null;
  return {
    name: row.name,
    starts_at: iso(row.starts_at),
    limits_until: iso(row.limits_until),
    per_fan_limit: row.per_fan_limit,
    cod: row.cod_allowed,
    queue_opens_at: row.queue_opens_minutes > 0 ? iso(queueOpensAt(row)) : null,
  };
}

// ── the waiting room ──

const queueOpensAt = (l: q.LaunchRow) =>
  new Date(time(l.starts_at) - l.queue_opens_minutes * 60_000);

const paceOf = (l: q.LaunchRow): QueuePace => ({
  startsAt: time(l.starts_at),
  admitPerMinute: l.admit_per_minute,
  turnMinutes: l.turn_minutes,
});

/** Whether the nonce is the work a long queue asks of this fan (LaunchProofAsked). */
export function provesWork(challenge: string, nonce: string | undefined, bits: number): boolean {
  if (nonce === undefined) return false;
  const digest = createHash('sha256').update(`${challenge}:${nonce}`).digest();
  return leadingZeroBits(digest, bits);
}

function queuePlace(l: q.LaunchRow, place: q.PlaceRow, now: Date): LaunchPlace {
  const pace = paceOf(l);
  const turn = turnOf(pace, place.position, time(place.joined_at));
  const t = now.getTime();
  return {
    state: t < turn.startsAt ? 'waiting' : t < turn.endsAt ? 'your_turn' : 'passed',
    position: place.position,
    ahead: Math.max(0, place.position - 1 - admittedBy(pace, l.queue_length, t)),
    turn_starts_at: iso(new Date(turn.startsAt)),
    turn_ends_at: iso(new Date(turn.endsAt)),
  };
}

/**
 * The fan's place in the waiting room of the product's launch: taken on the first call (by
 * arrival, from when the queue opens until the launch's limits end), the same place after, and
 * a new place at the end with `again` once their turn has passed. One place per account and per
 * browser; a few per client address.
 */
export async function joinQueue(
  db: Db,
  j: {
    userId: number;
    productId: number;
    browserKey: string;
    ip: string;
    again: boolean;
    nonce?: string;
    /**
     * Places one client address may hold (LAUNCH_QUEUE_PLACES_PER_ADDRESS, 20): generous, since
     * a mobile network's phones share addresses, yet one machine cannot queue a crowd.
     */
    placesPerAddress: number;
    now?: Date;
  },
): Promise<LaunchQueueResponse> {
  const now = j.now ?? new Date();
  // The launch and the fan's place in one read: a look at a place held is this and the session.
  const live = await q.liveLaunchWithPlace(db, j.productId, j.userId, now);
  if (!live || live.launch.queue_opens_minutes === 0) {
    const [product] = await q.existingProducts(db, [j.productId]);
    if (!product) throw new NotFound('Product not found');
    throw new Conflict(LAUNCH_NO_QUEUE);
  }
  const { launch } = live;
  if (now < queueOpensAt(launch)) throw new Conflict(LAUNCH_QUEUE_NOT_OPEN(queueOpensAt(launch)));
  const keeps = (place: q.PlaceRow | null | undefined): place is q.PlaceRow =>
    place != null && !(j.again && queuePlace(launch, place, now).state === 'passed');
  if (keeps(live.place)) return queuePlace(launch, live.place, now);
  // A long queue asks for the proof of work before a new place (not to keep one).
  const challenge = launchChallenge(launch.id, j.userId);
  if (
    launch.queue_length >= LAUNCH_PROOF_FROM &&
    !provesWork(challenge, j.nonce, LAUNCH_PROOF_BITS)
  ) {
    return { state: 'prove', challenge, bits: LAUNCH_PROOF_BITS };
  }
  // A new place: BEGIN; the locks with what they guard; the place with the COMMIT (the
  // launch's row, which every new place of the launch writes, locked for one round trip).
  const joined = await transactionEndingWith(db, async (tx) => {
    const seen = await q.lockJoin(tx, { ...j, launchId: launch.id });
    // Another call of this fan may have taken or renewed the place meanwhile.
    if (keeps(seen.place)) return { result: queuePlace(launch, seen.place, now), last: null };
    if (seen.browser_user !== null && seen.browser_user !== j.userId) {
      throw new Conflict(LAUNCH_QUEUE_BROWSER_TAKEN);
    }
    if (seen.from_address >= j.placesPerAddress) throw new TooMany(LAUNCH_QUEUE_ADDRESS_FULL);
    return {
      result: null,
      last: (last: Tx) => q.takePlace(last, { ...j, launchId: launch.id, at: now }),
    };
  });
  if (joined.last === null) return joined.result!;
  const place = joined.last;
  const length = Math.max(launch.queue_length, place.position);
  return queuePlace({ ...launch, queue_length: length }, place, now);
}

/**
 * "Notify me when it drops": the logged-in fan goes on the upcoming launch's list once (a
 * second press changes nothing). 404: no such product; 409: it is not waiting for a launch.
 */
export async function askAlert(
  db: Queryable,
  a: { userId: number; productId: number; whatsappAvailable: boolean; now?: Date },
): Promise<LaunchAlertResponse> {
  const now = a.now ?? new Date();
  const launch = await q.liveLaunchOfProduct(db, a.productId, now);
  if (!launch || stateAt(launch, now) !== 'upcoming') {
    const [product] = await q.existingProducts(db, [a.productId]);
    if (!product) throw new NotFound('Product not found');
    throw new Conflict(LAUNCH_NOT_UPCOMING);
  }
  await q.insertAlert(db, { launchId: launch.id, userId: a.userId, at: now });
  const [email, whatsapp] = await Promise.all([
    q.fanEmail(db, a.userId),
    choiceOf(db, a.userId, a.whatsappAvailable),
  ]);
  return { email, whatsapp: whatsapp.available ? whatsapp.phone : null };
}

/**
 * Writes the mails of launches that have started to the outbox, one per fan and launch (its
 * dedupe key), each launch once; several processes' sweeps may run it at once.
 */
export async function writeDueAlerts(db: Queryable, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    let written = 0;
    for (const launch of await q.claimDueAlerts(tx, now)) {
      const products = await q.launchProductsShown(tx, launch.id);
      for (const fan of await q.alertRecipients(tx, launch.id)) {
        const data: LaunchDroppedData = {
          name: fan.name,
          launch: launch.name,
          starts_at: iso(launch.starts_at),
          per_fan_limit: launch.per_fan_limit,
          cod: launch.cod_allowed,
          products: products.map((p) => ({ id: p.id, name: p.name, price_paise: p.price_paise })),
        };
        const dedupeKey = `launch-dropped:${launch.id}:${fan.user_id}`;
        const id = await enqueue(tx, {
          template: launchDropped,
          recipient: fan.email,
          data,
          dedupeKey,
        });
        if (id !== null) written++;
        // And on WhatsApp while the fan is opted in (the box said so when they asked).
        await enqueueShopperWhatsApp(
          tx,
          fan.user_id,
          whatsappMessage(LAUNCH_DROPPED_WHATSAPP, data),
          {
            orderId: null,
            dedupeKey,
          },
        );
      }
    }
    return written;
  });
}

/**
 * Mails the "back in stock" requests a launch held back while it was upcoming or on (its
 * jerseys' pieces were the admitted fans'), once its limits end or it is canceled.
 */
export async function writeRestockMails(db: Queryable, now = new Date()): Promise<number> {
  return db.transaction((tx) => q.writeRestockMails(tx, now));
}

// ── checkout ──

/** 409 unless it is the fan's turn in the launch's waiting room: not joined, early, passed. */
async function checkTurn(db: Queryable, launch: q.LaunchRow, userId: number, now: Date) {
  const place = await q.placeOf(db, launch.id, userId);
  if (!place) throw new Conflict(launchJoinQueueText(launch.name));
  const turn = turnOf(paceOf(launch), place.position, time(place.joined_at));
  if (now.getTime() < turn.startsAt) {
    throw new Conflict(launchTurnNotYetText(launch.name, new Date(turn.startsAt)));
  }
  if (now.getTime() >= turn.endsAt) throw new Conflict(launchTurnPassedText(launch.name));
}

/** How long a process keeps the list of live launches for the gate below. */
export const GATE_CACHE_MS = 1000;
let gateCache: {
  at: number;
  db: Queryable;
  byProduct: Promise<Map<number, q.LaunchRow>>;
} | null = null;

/**
 * Drops this process's list of live launches: staff's changes here are seen at once (another
 * process sees them within GATE_CACHE_MS), and so are launches written by SQL (tests).
 */
export function forgetLiveLaunches(): void {
  gateCache = null;
}

/**
 * The live launches by product, read at most once a second per process: the orders arriving
 * together at a drop share one read (the promise is kept, not only its response).
 */
function liveLaunchOf(db: Queryable, now: Date): Promise<Map<number, q.LaunchRow>> {
  if (gateCache && gateCache.db === db && Math.abs(now.getTime() - gateCache.at) < GATE_CACHE_MS) {
    return gateCache.byProduct;
  }
  const byProduct = q.liveLaunches(db, now).then((launches) => {
    const map = new Map<number, q.LaunchRow>();
    // A product's first launch by start governs it (its next one waits), as on its page.
    for (const launch of launches) {
      for (const id of launch.product_ids) if (!map.has(id)) map.set(id, launch);
    }
    return map;
  });
  const entry = { at: now.getTime(), db, byProduct };
  gateCache = entry;
  // A failed read is not kept: the next order reads again.
  byProduct.catch(() => {
    if (gateCache === entry) gateCache = null;
  });
  return byProduct;
}

/**
 * Before an order's transaction: refuses at once, without locking or pricing anything, an
 * order for a launch's jersey before the drop or out of the fan's turn, so a crowd of such
 * orders (bots) does not slow the fans whose turn it is. The live launches are kept for a second
 * per process; an order without a launch's jersey costs no query. The transaction's
 * checkoutRules still decide, under the shopper's lock.
 */
export async function gate(
  db: Queryable,
  o: { userId: number; productIds: readonly number[]; now: Date },
): Promise<void> {
  const live = await liveLaunchOf(db, o.now);
  if (live.size === 0) return;
  const launches = new Map<number, q.LaunchRow>();
  for (const id of o.productIds) {
    const launch = live.get(id);
    if (launch) launches.set(launch.id, launch);
  }
  for (const launch of launches.values()) {
    const state = stateAt(launch, o.now);
    if (state === 'upcoming') {
      const [product] = await q.existingProducts(
        db,
        o.productIds.filter((id) => live.get(id) === launch),
      );
      throw new Conflict(launchNotStartedText(product?.name ?? launch.name, launch.starts_at));
    }
    if (state === 'on' && launch.queue_opens_minutes > 0) {
      await checkTurn(db, launch, o.userId, o.now);
    }
  }
}

/** A line of an order as the launch rules read it. */
export interface LaunchLine {
  productId: number;
  name: string;
  size: string;
  quantity: number;
  /** The latest launch the product is in (checkout reads it with the product); null: none. */
  launchId: number | null;
}

/**
 * The launch rules for an order's lines, checked under the shopper's lock (checkout's unpaid
 * holds lock): a product in an upcoming launch is not on sale yet; while a launch's limits are
 * on, cash on delivery only if it allows it, and the fan's pieces of each size (in their
 * counted orders since the start, this one but `exceptOrderId` included) within its limit.
 * Returns the hold's minutes when a launch is on (the shortest), else null. 409 with the
 * reason otherwise.
 */
export async function checkoutRules(
  db: Queryable,
  o: {
    userId: number;
    lines: readonly LaunchLine[];
    cod: boolean;
    now: Date;
    exceptOrderId?: number | null;
    /** Whether the waiting room's turn is checked (false: a payment for an order placed in turn). */
    turn?: boolean;
  },
): Promise<{ holdMinutes: number | null }> {
  const ids = [...new Set(o.lines.flatMap((l) => (l.launchId === null ? [] : [l.launchId])))];
  if (ids.length === 0) return { holdMinutes: null };
  let holdMinutes: number | null = null;
  for (const launch of await q.launchesByIds(db, ids)) {
    const state = stateAt(launch, o.now);
    if (state === 'canceled' || state === 'over') continue;
    const lines = o.lines.filter((l) => l.launchId === launch.id);
    if (state === 'upcoming') {
      throw new Conflict(launchNotStartedText(lines[0]!.name, launch.starts_at));
    }
    if (o.cod && !launch.cod_allowed) throw new Conflict(launchNoCodText(launch.name));
    // The waiting room lets fans check out in turn, each for their turn's minutes.
    if (launch.queue_opens_minutes > 0 && o.turn !== false) {
      await checkTurn(db, launch, o.userId, o.now);
    }
    const bought = await q.piecesBought(db, {
      userId: o.userId,
      launchId: launch.id,
      exceptOrderId: o.exceptOrderId ?? null,
    });
    const asked = new Map<string, { line: LaunchLine; pieces: number }>();
    for (const line of lines) {
      const key = `${line.productId}\u0000${line.size}`;
      const entry = asked.get(key) ?? { line, pieces: 0 };
      entry.pieces += line.quantity;
      asked.set(key, entry);
    }
    for (const { line, pieces } of asked.values()) {
      const already =
        bought.find((b) => b.product_id === line.productId && b.size === line.size)?.pieces ?? 0;
      if (already + pieces > launch.per_fan_limit) {
        throw new Conflict(
          launchLimitReachedText(line.name, line.size, launch.per_fan_limit, already),
        );
      }
    }
    holdMinutes = Math.min(holdMinutes ?? launch.hold_minutes, launch.hold_minutes);
  }
  return { holdMinutes };
}

/**
 * The rules again for an unpaid order whose hold is renewed (Pay Now after it ran out): its
 * pieces count anew within the fan's limit. Returns the hold's minutes (null: no launch on).
 * A payment that reaches us after the hold ran out (`turn: false`) is judged by the same
 * rules but the waiting room's turn: the fan placed the order in theirs.
 */
export async function renewedHoldRules(
  db: Queryable,
  o: { userId: number; orderId: number; now: Date; turn?: boolean },
): Promise<{ holdMinutes: number | null }> {
  const lines = await q.orderLaunchLines(db, o.orderId, o.now);
  return checkoutRules(db, {
    userId: o.userId,
    lines: lines.map((l) => ({
      productId: l.product_id,
      name: l.name,
      size: l.size,
      quantity: l.quantity,
      launchId: l.launch_id,
    })),
    cod: false,
    now: o.now,
    exceptOrderId: o.orderId,
    turn: o.turn ?? true,
  });
}

/**
 * The name of a launch that keeps cash on delivery off for any of these products now (upcoming
 * or on), or null: checkout says so before the shopper picks COD. Read from the live launches
 * the gate keeps (a second old at most); the order's own rules decide under its lock.
 */
export async function codClosedBy(
  db: Queryable,
  productIds: readonly number[],
  now = new Date(),
): Promise<string | null> {
  if (productIds.length === 0) return null;
  const live = await liveLaunchOf(db, now);
  for (const id of productIds) {
    const launch = live.get(id);
    if (launch && !launch.cod_allowed) return launch.name;
  }
  return null;
}

// ── the back office ──

async function adminLaunches(db: Queryable, rows: q.LaunchRow[], now: Date) {
  const counts = await q.launchCounts(
    db,
    rows.map((r) => ({
      id: r.id,
      startsAt: new Date(r.starts_at),
      limitsUntil: new Date(r.limits_until),
    })),
  );
  const products = new Map(
    (await q.existingProducts(db, [...new Set(rows.flatMap((r) => r.product_ids))])).map((p) => [
      p.id,
      p,
    ]),
  );
  return rows.map((r): AdminLaunch => ({
    id: r.id,
    name: r.name,
    starts_at: iso(r.starts_at),
    limits_until: iso(r.limits_until),
    per_fan_limit: r.per_fan_limit,
    cod_allowed: r.cod_allowed,
    hold_minutes: r.hold_minutes,
    queue_opens_minutes: r.queue_opens_minutes,
    admit_per_minute: r.admit_per_minute,
    turn_minutes: r.turn_minutes,
    queued: r.queue_length,
    state: stateAt(r, now),
    products: r.product_ids.flatMap((id) => {
      const p = products.get(id);
      return p ? [{ id: p.id, name: p.name, stock: p.stock }] : [];
    }),
    alerts: counts.get(r.id)?.alerts ?? 0,
    alerts_sent_at: r.alerts_sent_at === null ? null : iso(r.alerts_sent_at),
    sold: counts.get(r.id)?.sold ?? 0,
  }));
}

export async function listLaunches(db: Queryable, now = new Date()): Promise<AdminLaunch[]> {
  return adminLaunches(db, await q.allLaunches(db), now);
}

export async function getLaunch(db: Queryable, id: number, now = new Date()) {
  const row = await q.launchById(db, id);
  if (!row) throw new NotFound(LAUNCH_NOT_FOUND);
  const [launch] = await adminLaunches(db, [row], now);
  return launch!;
}

type Input = z.output<typeof LaunchInput>;

const valuesOf = (input: Input): q.LaunchValues => ({
  name: input.name,
  startsAt: new Date(input.starts_at),
  limitsUntil: new Date(input.limits_until),
  perFanLimit: input.per_fan_limit,
  codAllowed: input.cod_allowed,
  holdMinutes: input.hold_minutes,
  queueOpensMinutes: input.queue_opens_minutes,
  admitPerMinute: input.admit_per_minute,
  turnMinutes: input.turn_minutes,
});

const audited = (v: q.LaunchValues, productIds: readonly number[]) => ({
  name: v.name,
  starts_at: v.startsAt.toISOString(),
  limits_until: v.limitsUntil.toISOString(),
  per_fan_limit: v.perFanLimit,
  cod_allowed: v.codAllowed,
  hold_minutes: v.holdMinutes,
  queue_opens_minutes: v.queueOpensMinutes,
  admit_per_minute: v.admitPerMinute,
  turn_minutes: v.turnMinutes,
  product_ids: [...productIds],
});

const valuesOfRow = (r: q.LaunchRow): q.LaunchValues => ({
  name: r.name,
  startsAt: new Date(r.starts_at),
  limitsUntil: new Date(r.limits_until),
  perFanLimit: r.per_fan_limit,
  codAllowed: r.cod_allowed,
  holdMinutes: r.hold_minutes,
  queueOpensMinutes: r.queue_opens_minutes,
  admitPerMinute: r.admit_per_minute,
  turnMinutes: r.turn_minutes,
});

/** Every product exists and is in no other launch whose window meets this one's. */
async function checkProducts(
  db: Queryable,
  values: q.LaunchValues,
  productIds: readonly number[],
  exceptId: number | null,
) {
  const found = new Set((await q.existingProducts(db, productIds)).map((p) => p.id));
  const missing = productIds.filter((id) => !found.has(id));
  if (missing.length > 0)
    throw new Invalid(`Product ids: there is no product ${missing.join(', ')}`);
  const [clash] = await q.overlappingLaunches(db, {
    productIds,
    startsAt: values.startsAt,
    limitsUntil: values.limitsUntil,
    exceptId,
  });
  if (clash) {
    throw new Conflict(
      `${clash.product_name} is already in the launch ${clash.launch_name} at that time.`,
    );
  }
}

export async function createLaunch(
  db: Queryable,
  actor: Actor,
  input: Input,
  now = new Date(),
): Promise<AdminLaunch> {
  const values = valuesOf(input);
  if (values.startsAt <= now) throw new Invalid('On sale from must be in the future');
  const id = await db.transaction(async (tx) => {
    await checkProducts(tx, values, input.product_ids, null);
    const created = await q.insertLaunch(tx, values);
    await q.setProducts(tx, created, input.product_ids);
    await q.productsChanged(tx, input.product_ids);
    await record(
      tx,
      actor,
      {
        entity: 'launch',
        entityId: created,
        action: 'create',
        after: audited(values, input.product_ids),
      },
      now,
    );
    return created;
  });
  forgetLiveLaunches();
  return getLaunch(db, id, now);
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length &&
  [...a].sort((x, y) => x - y).every((v, i) => v === [...b].sort((x, y) => x - y)[i]);

/**
 * Changes a launch. Before its start anything may change (a new start still in the future);
 * once started, only its name and when its limits end: fans have bought under its rules.
 */
export async function updateLaunch(
  db: Queryable,
  actor: Actor,
  id: number,
  input: Input,
  now = new Date(),
): Promise<AdminLaunch> {
  const values = valuesOf(input);
  await db.transaction(async (tx) => {
    const before = await q.launchById(tx, id, { lock: true });
    if (!before) throw new NotFound(LAUNCH_NOT_FOUND);
    const state = stateAt(before, now);
    if (state === 'canceled') throw new Conflict(LAUNCH_CANCELED);
    const old = valuesOfRow(before);
    if (state === 'upcoming') {
      if (values.startsAt <= now) throw new Invalid('On sale from must be in the future');
    } else if (
      values.startsAt.getTime() !== old.startsAt.getTime() ||
      values.perFanLimit !== old.perFanLimit ||
      values.codAllowed !== old.codAllowed ||
      values.holdMinutes !== old.holdMinutes ||
      values.queueOpensMinutes !== old.queueOpensMinutes ||
      values.admitPerMinute !== old.admitPerMinute ||
      values.turnMinutes !== old.turnMinutes ||
      !sameIds(input.product_ids, before.product_ids)
    ) {
      throw new Conflict(LAUNCH_STARTED);
    }
    await checkProducts(tx, values, input.product_ids, id);
    await q.updateLaunch(tx, id, values);
    await q.setProducts(tx, id, input.product_ids);
    await q.productsChanged(tx, [...new Set([...before.product_ids, ...input.product_ids])]);
    await record(
      tx,
      actor,
      {
        entity: 'launch',
        entityId: id,
        action: 'update',
        before: audited(old, before.product_ids),
        after: audited(values, input.product_ids),
      },
      now,
    );
  });
  forgetLiveLaunches();
  return getLaunch(db, id, now);
}

/** Cancels a launch: its products are sold like any other from now on, without its rules. */
export async function cancelLaunch(
  db: Queryable,
  actor: Actor,
  id: number,
  now = new Date(),
): Promise<AdminLaunch> {
  await db.transaction(async (tx) => {
    const before = await q.launchById(tx, id, { lock: true });
    if (!before) throw new NotFound(LAUNCH_NOT_FOUND);
    if (before.canceled_at !== null) throw new Conflict(LAUNCH_CANCELED);
    await q.cancelLaunch(tx, id, now);
    await q.productsChanged(tx, before.product_ids);
    await record(
      tx,
      actor,
      { entity: 'launch', entityId: id, action: 'cancel', before: { state: stateAt(before, now) } },
      now,
    );
  });
  forgetLiveLaunches();
  return getLaunch(db, id, now);
}
