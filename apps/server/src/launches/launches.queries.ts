// SQL of kit launches (decision 070): the launches and their products, the pieces a fan has
// bought in one, the fans waiting for the mail, and the product log the storefront's
// kept responses follow.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { param, preparedStatement, queryRows, sentTogether, sqlList } from '../db/index.js';

export interface LaunchRow {
  id: number;
  name: string;
  starts_at: Date | string;
  limits_until: Date | string;
  per_fan_limit: number;
  cod_allowed: boolean;
  hold_minutes: number;
  canceled_at: Date | string | null;
  alerts_sent_at: Date | string | null;
  queue_opens_minutes: number;
  admit_per_minute: number;
  turn_minutes: number;
  queue_length: number;
  product_ids: number[];
}

const COLUMNS = sql`l.id, l.name, l.starts_at, l.limits_until, l.per_fan_limit, l.cod_allowed,
  l.hold_minutes, l.canceled_at, l.alerts_sent_at, l.queue_opens_minutes, l.admit_per_minute,
  l.turn_minutes, l.queue_length,
  coalesce((SELECT array_agg(lp.product_id ORDER BY lp.product_id) FROM launch_products lp
            WHERE lp.launch_id = l.id), '{}'::int[]) AS product_ids`;

export async function launchById(
  db: Queryable,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<LaunchRow | undefined> {
  const [row] = await queryRows<LaunchRow>(
    db,
    opts.lock
      ? sql`SELECT ${COLUMNS} FROM launches l WHERE l.id = ${id} FOR UPDATE`
      : sql`SELECT ${COLUMNS} FROM launches l WHERE l.id = ${id}`,
  );
  return row;
}

export async function launchesByIds(db: Queryable, ids: readonly number[]): Promise<LaunchRow[]> {
  if (ids.length === 0) return [];
  return queryRows<LaunchRow>(
    db,
    sql`SELECT ${COLUMNS} FROM launches l WHERE l.id = ANY(ARRAY[${sqlList([...ids])}]::int[])`,
  );
}

export async function allLaunches(db: Queryable): Promise<LaunchRow[]> {
  return queryRows<LaunchRow>(
    db,
    sql`SELECT ${COLUMNS} FROM launches l ORDER BY l.starts_at DESC, l.id DESC LIMIT 200`,
  );
}

/** A statement's FROM: the product's first live launch by start (limits on or to come). */
const firstLiveLaunchOf = (productId: number, now: Date) =>
  sql`launches l JOIN launch_products p ON p.launch_id = l.id AND p.product_id = ${productId}
      WHERE l.canceled_at IS NULL AND l.limits_until > ${now}
      ORDER BY l.starts_at, l.id LIMIT 1`;

/**
 * The product's launch that is upcoming or has its limits on at `now`, if any (a product is in
 * one such launch at a time: launches.service refuses overlaps).
 */
export async function liveLaunchOfProduct(
  db: Queryable,
  productId: number,
  now: Date,
): Promise<LaunchRow | undefined> {
  const [row] = await queryRows<LaunchRow>(
    db,
    sql`SELECT ${COLUMNS} FROM ${firstLiveLaunchOf(productId, now)}`,
  );
  return row;
}

/**
 * The product's live launch (as liveLaunchOfProduct) and the fan's place in its waiting room,
 * in one read: a fan's every look at their place.
 */
export async function liveLaunchWithPlace(
  db: Queryable,
  productId: number,
  userId: number,
  now: Date,
): Promise<{ launch: LaunchRow; place: PlaceRow | undefined } | undefined> {
  const [row] = await queryRows<LaunchRow & PlaceColumns>(
    db,
    sql`SELECT ${COLUMNS},
               (SELECT row_to_json(w) FROM (
                  SELECT position, joined_at FROM launch_queue
                  WHERE launch_id = l.id AND user_id = ${userId}) w) AS place
        FROM ${firstLiveLaunchOf(productId, now)}`,
  );
  if (!row) return undefined;
  const { place, ...launch } = row;
  return { launch, place: place ?? undefined };
}

/**
 * Products of these that are in another live launch whose window [start, limits end) meets
 * this one's: a product may be in one launch at a time.
 */
export async function overlappingLaunches(
  db: Queryable,
  w: { productIds: readonly number[]; startsAt: Date; limitsUntil: Date; exceptId: number | null },
): Promise<{ product_id: number; product_name: string; launch_name: string }[]> {
  return queryRows(
    db,
    sql`SELECT lp.product_id, pr.name AS product_name, l.name AS launch_name
        FROM launch_products lp
        JOIN launches l ON l.id = lp.launch_id
        JOIN products pr ON pr.id = lp.product_id
        WHERE lp.product_id = ANY(ARRAY[${sqlList([...w.productIds])}]::int[])
          AND l.canceled_at IS NULL
          AND l.id IS DISTINCT FROM ${w.exceptId}::int
          AND l.starts_at < ${w.limitsUntil} AND l.limits_until > ${w.startsAt}
        ORDER BY lp.product_id`,
  );
}

/** Every live launch (upcoming or with its limits on), with its products. */
export async function liveLaunches(db: Queryable, now: Date): Promise<LaunchRow[]> {
  return queryRows<LaunchRow>(
    db,
    sql`SELECT ${COLUMNS} FROM launches l
        WHERE l.canceled_at IS NULL AND l.limits_until > ${now}
        ORDER BY l.starts_at, l.id`,
  );
}

export async function existingProducts(
  db: Queryable,
  ids: readonly number[],
): Promise<{ id: number; name: string; stock: number }[]> {
  return queryRows(
    db,
    sql`SELECT p.id, p.name,
               (SELECT coalesce(sum(s.stock), 0)::int FROM product_sizes s
                 WHERE s.product_id = p.id) AS stock
        FROM products p
        WHERE p.id = ANY(ARRAY[${sqlList([...ids])}]::int[]) ORDER BY p.id`,
  );
}

export interface LaunchValues {
  name: string;
  startsAt: Date;
  limitsUntil: Date;
  perFanLimit: number;
  codAllowed: boolean;
  holdMinutes: number;
  queueOpensMinutes: number;
  admitPerMinute: number;
  turnMinutes: number;
}

export async function insertLaunch(db: Queryable, v: LaunchValues): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO launches (name, starts_at, limits_until, per_fan_limit, cod_allowed, hold_minutes,
                              queue_opens_minutes, admit_per_minute, turn_minutes)
        VALUES (${v.name}, ${v.startsAt}, ${v.limitsUntil}, ${v.perFanLimit}, ${v.codAllowed},
                ${v.holdMinutes}, ${v.queueOpensMinutes}, ${v.admitPerMinute}, ${v.turnMinutes})
        RETURNING id`,
  );
  return row!.id;
}

export async function updateLaunch(db: Queryable, id: number, v: LaunchValues): Promise<void> {
  await db.execute(
    sql`UPDATE launches SET name = ${v.name}, starts_at = ${v.startsAt},
          limits_until = ${v.limitsUntil}, per_fan_limit = ${v.perFanLimit},
          cod_allowed = ${v.codAllowed}, hold_minutes = ${v.holdMinutes},
          queue_opens_minutes = ${v.queueOpensMinutes}, admit_per_minute = ${v.admitPerMinute},
          turn_minutes = ${v.turnMinutes}
        WHERE id = ${id}`,
  );
}

export async function setProducts(
  db: Queryable,
  id: number,
  productIds: readonly number[],
): Promise<void> {
  await db.execute(sql`DELETE FROM launch_products WHERE launch_id = ${id}`);
  await db.execute(
    sql`INSERT INTO launch_products (launch_id, product_id)
        SELECT ${id}, unnest(ARRAY[${sqlList([...productIds])}]::int[])`,
  );
}

export async function cancelLaunch(db: Queryable, id: number, at: Date): Promise<void> {
  await db.execute(sql`UPDATE launches SET canceled_at = ${at} WHERE id = ${id}`);
}

/**
 * Marks the products' kept storefront responses stale (decision 008; logged as 084 says), so
 * product pages show a launch, its new time or its end at once.
 */
export async function productsChanged(db: Queryable, productIds: readonly number[]) {
  if (productIds.length === 0) return;
  await db.execute(
    sql`SELECT catalogue_product_changed(id) FROM unnest(ARRAY[${sqlList([...productIds])}]::int[]) AS id`,
  );
}

/** Fans waiting per launch, and pieces sold in each launch's counted orders. */
export async function launchCounts(
  db: Queryable,
  launches: readonly { id: number; startsAt: Date; limitsUntil: Date }[],
): Promise<Map<number, { alerts: number; sold: number }>> {
  if (launches.length === 0) return new Map();
  const rows = await queryRows<{ id: number; alerts: number; sold: number }>(
    db,
    sql`SELECT l.id,
               (SELECT count(*)::int FROM launch_alerts a WHERE a.launch_id = l.id) AS alerts,
               (SELECT coalesce(sum(i.quantity), 0)::int
                FROM launch_products lp
                JOIN order_items i ON i.product_id = lp.product_id
                JOIN orders o ON o.id = i.order_id
                WHERE lp.launch_id = l.id AND o.created_at >= l.starts_at
                  AND o.created_at < l.limits_until AND ${COUNTED}) AS sold
        FROM launches l WHERE l.id = ANY(ARRAY[${sqlList(launches.map((l) => l.id))}]::int[])`,
  );
  return new Map(rows.map((r) => [r.id, { alerts: r.alerts, sold: r.sold }]));
}

/**
 * An order that counts toward a fan's limit: not canceled, and not an unpaid order whose hold
 * ran out (its stock is back on sale; paying it later takes the stock, and the limit, again).
 */
const COUNTED = sql`o.order_status <> 'Canceled'
  AND NOT (o.stock_released AND o.payment_status <> 'SUCCESS')`;

/**
 * Pieces of each size of the launch's products in the fan's counted orders since its start,
 * with their exchanges (asked, approved or done; not rejected) moved to the size asked for (a
 * fan with an M who exchanges an S for an M has 2 Ms), and less the pieces of their returns
 * the shop has received back (the fan has them no longer). Of an order placed before the
 * start, only the sizes its exchanges asked for since the start count (decision 088).
 */
export async function piecesBought(
  db: Queryable,
  p: { userId: number; launchId: number; exceptOrderId: number | null },
): Promise<{ product_id: number; size: string; pieces: number }[]> {
  return piecesBoughtStatement(db, p);
}

// Prepared (planned once per connection): a launch order asks it under the fan's lock, and
// planning it cost more than running it (0.4–0.7 ms against 0.08 ms, EXPLAIN on the bench's
// shop).
const piecesBoughtStatement = preparedStatement<{
  product_id: number;
  size: string;
  pieces: number;
}>(
  'launch_pieces_bought',
  sql`SELECT i.product_id, m.size, sum(m.pieces)::int AS pieces
      FROM launches l
      JOIN launch_products lp ON lp.launch_id = l.id
      JOIN order_items i ON i.product_id = lp.product_id
      JOIN orders o ON o.id = i.order_id
      CROSS JOIN LATERAL (
        SELECT i.size, i.quantity WHERE o.created_at >= l.starts_at
        UNION ALL
        SELECT moved.size, moved.pieces
        FROM order_return_items ri
        JOIN order_returns r ON r.id = ri.return_id
        CROSS JOIN LATERAL (VALUES (i.size, -ri.quantity), (ri.exchange_size, ri.quantity))
          AS moved(size, pieces)
        WHERE ri.order_item_id = i.id AND moved.size IS NOT NULL
          AND (r.kind = 'exchange' AND r.status <> 'rejected'
               OR r.kind = 'return' AND r.received_at IS NOT NULL)
          -- A piece bought before the launch never counted: only the size an exchange asked
          -- for since the start does.
          AND (o.created_at >= l.starts_at
               OR r.kind = 'exchange' AND r.created_at >= l.starts_at AND moved.pieces > 0)
      ) AS m(size, pieces)
      WHERE l.id = ${param('launchId', 'int')} AND o.user_id = ${param('userId', 'int')}
        AND ${COUNTED}
        AND o.id IS DISTINCT FROM ${param('exceptOrderId', 'int')}
      GROUP BY i.product_id, m.size`,
);

/**
 * An order's lines with the launch that governs each product at `now` (orders.queries'
 * currentLaunchSql; null: none).
 */
export async function orderLaunchLines(
  db: Queryable,
  orderId: number,
  now: Date,
): Promise<
  { product_id: number; name: string; size: string; quantity: number; launch_id: number | null }[]
> {
  return queryRows(
    db,
    sql`SELECT i.product_id, i.product_name AS name, i.size, i.quantity,
               (SELECT lp.launch_id FROM launch_products lp JOIN launches l ON l.id = lp.launch_id
                WHERE lp.product_id = i.product_id AND l.canceled_at IS NULL
                  AND l.limits_until > ${now}
                ORDER BY l.starts_at, lp.launch_id LIMIT 1) AS launch_id
        FROM order_items i WHERE i.order_id = ${orderId}`,
  );
}

/** Adds the fan to the launch's mail list; false when they were on it already. */
export async function insertAlert(
  db: Queryable,
  a: { launchId: number; userId: number; at: Date },
): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`INSERT INTO launch_alerts (launch_id, user_id, created_at)
        VALUES (${a.launchId}, ${a.userId}, ${a.at})
        ON CONFLICT DO NOTHING RETURNING launch_id`,
  );
  return rows.length > 0;
}

/**
 * Launches that have started and whose mails are not written yet, claimed (other processes'
 * sweeps skip them) and marked written in the caller's transaction.
 */
export async function claimDueAlerts(db: Queryable, now: Date): Promise<LaunchRow[]> {
  const rows = await queryRows<LaunchRow>(
    db,
    sql`SELECT ${COLUMNS} FROM launches l
        WHERE l.canceled_at IS NULL AND l.alerts_sent_at IS NULL AND l.starts_at <= ${now}
        ORDER BY l.starts_at LIMIT 10
        FOR UPDATE SKIP LOCKED`,
  );
  if (rows.length > 0) {
    await db.execute(
      sql`UPDATE launches SET alerts_sent_at = ${now}
          WHERE id = ANY(ARRAY[${sqlList(rows.map((r) => r.id))}]::int[])`,
    );
  }
  return rows;
}

/**
 * Claims up to 10 launches that ended or were canceled and whose held-back "back in stock"
 * mails are not written yet (several processes' sweeps may run this at once), and writes them:
 * each waiting request of their jerseys' sizes in stock now, unless another launch holds the
 * jersey (migration 0050's back_in_stock_mail). Returns how many launches it claimed.
 */
export async function writeRestockMails(db: Queryable, now: Date): Promise<number> {
  const claimed = await queryRows<{ id: number }>(
    db,
    sql`UPDATE launches SET restock_mailed_at = ${now}
        WHERE id IN (SELECT id FROM launches
                     WHERE restock_mailed_at IS NULL
                       AND (canceled_at IS NOT NULL OR limits_until <= ${now})
                     ORDER BY id LIMIT 10 FOR UPDATE SKIP LOCKED)
        RETURNING id`,
  );
  if (claimed.length === 0) return 0;
  await db.execute(
    sql`SELECT back_in_stock_mail(ps.product_id, ps.size)
        FROM product_sizes ps
        WHERE ps.stock > 0
          AND ps.product_id IN (SELECT product_id FROM launch_products
                                WHERE launch_id = ANY(ARRAY[${sqlList(claimed.map((c) => c.id))}]::int[]))
          AND NOT EXISTS (SELECT 1 FROM launch_products lp JOIN launches l ON l.id = lp.launch_id
                          WHERE lp.product_id = ps.product_id AND l.canceled_at IS NULL
                            AND l.limits_until > ${now})`,
  );
  return claimed.length;
}

/** The fans to mail for a launch: their name and address (erased accounts have none). */
export async function alertRecipients(
  db: Queryable,
  launchId: number,
): Promise<{ user_id: number; name: string; email: string }[]> {
  return queryRows(
    db,
    sql`SELECT u.id AS user_id, u.name, u.email FROM launch_alerts a
        JOIN users u ON u.id = a.user_id
        WHERE a.launch_id = ${launchId} AND u.email <> '' AND u.erased_at IS NULL
        ORDER BY a.created_at, u.id`,
  );
}

/** The launch's products as its mail shows them. */
export async function launchProductsShown(
  db: Queryable,
  launchId: number,
): Promise<{ id: number; name: string; image_url: string; price_paise: number }[]> {
  return queryRows(
    db,
    sql`SELECT p.id, p.name, p.image_url, p.discount_price_paise AS price_paise
        FROM launch_products lp JOIN products p ON p.id = lp.product_id
        WHERE lp.launch_id = ${launchId} ORDER BY p.id`,
  );
}

/** The fan's own address, which the launch's mail goes to. */
export async function fanEmail(db: Queryable, userId: number): Promise<string> {
  const [row] = await queryRows<{ email: string }>(
    db,
    sql`SELECT email FROM users WHERE id = ${userId}`,
  );
  return row?.email ?? '';
}

// ── the waiting room ──

export interface PlaceRow {
  position: number;
  joined_at: Date | string;
}

/** The fan's place in the launch's waiting room, if they hold one. */
export async function placeOf(
  db: Queryable,
  launchId: number,
  userId: number,
): Promise<PlaceRow | undefined> {
  const [row] = await queryRows<PlaceRow>(
    db,
    sql`SELECT position, joined_at FROM launch_queue
        WHERE launch_id = ${launchId} AND user_id = ${userId}`,
  );
  return row;
}

/** A fan's place, read as one JSON column; null: none. */
interface PlaceColumns {
  place: PlaceRow | null;
}

/** Holds the fan's and the browser's places still until commit (one join at a time for each). */
const joinLockStatement = preparedStatement<unknown>(
  'launch_join_lock',
  sql`SELECT pg_advisory_xact_lock(${param('userId', 'int')}, hashtext('launch-queue')),
             pg_advisory_xact_lock(hashtext(${param('browserKey', 'text')}),
                                   hashtext('launch-queue-browser'))`,
);

/** Under those locks: who else holds this browser's place, this address's places, the fan's. */
const joinSeenStatement = preparedStatement<JoinSeen>(
  'launch_join_seen',
  sql`SELECT (SELECT user_id FROM launch_queue
              WHERE launch_id = ${param('launchId', 'int')}
                AND browser_key = ${param('browserKey', 'text')}) AS browser_user,
             (SELECT count(*)::int FROM launch_queue
              WHERE launch_id = ${param('launchId', 'int')} AND ip = ${param('ip', 'text')}
                AND user_id <> ${param('userId', 'int')}) AS from_address,
             (SELECT row_to_json(w) FROM (
                SELECT position, joined_at FROM launch_queue
                WHERE launch_id = ${param('launchId', 'int')}
                  AND user_id = ${param('userId', 'int')}) w) AS place`,
);

export interface JoinSeen extends PlaceColumns {
  browser_user: number | null;
  from_address: number;
}

/**
 * Takes the fan's and the browser's join locks, then reads who else holds this browser's
 * place, how many places this address holds and the fan's own place (another call of theirs
 * may have taken it meanwhile): two statements in one write (decision 091), the read after
 * the locks.
 */
export async function lockJoin(
  tx: Queryable,
  j: { launchId: number; userId: number; browserKey: string; ip: string },
): Promise<JoinSeen> {
  const values = { launchId: j.launchId, userId: j.userId, browserKey: j.browserKey, ip: j.ip };
  const [, [row]] = await sentTogether(
    tx,
    () => joinLockStatement(tx, values),
    () => joinSeenStatement(tx, values),
  );
  return row!;
}

const takePlaceStatement = preparedStatement<PlaceRow>(
  'launch_take_place',
  sql`WITH next AS (
        UPDATE launches SET queue_length = queue_length + 1 WHERE id = ${param('launchId', 'int')}
        RETURNING queue_length)
      INSERT INTO launch_queue (launch_id, user_id, position, browser_key, ip, joined_at)
      SELECT ${param('launchId', 'int')}, ${param('userId', 'int')}, queue_length,
             ${param('browserKey', 'text')}, ${param('ip', 'text')}, ${param('at', 'timestamptz')}
        FROM next
      ON CONFLICT (launch_id, user_id) DO UPDATE
        SET position = EXCLUDED.position, browser_key = EXCLUDED.browser_key,
            ip = EXCLUDED.ip, joined_at = EXCLUDED.joined_at
      RETURNING position, joined_at`,
);

/**
 * Gives the fan the next place at the end of the queue (a new one when they held one). The
 * launch's row stays locked to commit: sent as the transaction's last statement, with the
 * COMMIT (transactionEndingWith), so every other new place waits one round trip for it.
 */
export async function takePlace(
  tx: Queryable,
  j: { launchId: number; userId: number; browserKey: string; ip: string; at: Date },
): Promise<PlaceRow> {
  const [row] = await takePlaceStatement(tx, {
    launchId: j.launchId,
    userId: j.userId,
    browserKey: j.browserKey,
    ip: j.ip,
    at: j.at.toISOString(),
  });
  return row!;
}
