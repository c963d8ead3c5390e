// SQL of orders: stock taken and given back per size, order rows and items, the expiry sweep.
// Stock rows are always locked in one order — every product_sizes row sorted by (product,
// size), then every products row sorted by id — so concurrent checkouts, payments and
// sweeps never deadlock.
import type { ShippingRates } from '@kitroom/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { param, preparedStatement, queryRows, sqlList } from '../db/index.js';

export interface StockLine {
  productId: number;
  size: string;
  quantity: number;
}

export interface LineProductRow {
  id: number;
  name: string;
  active: boolean;
  image_url: string;
  category_id: number;
  discount_price_paise: number;
  size: string | null;
  stock: number | null;
  /** The launch that governs the product at the time asked (currentLaunchSql); null: none. */
  launch_id: number | null;
}

/**
 * The launch that governs product `productId` at `now`, as SQL: of its launches not canceled
 * whose limits have not ended, the one that starts first (null: none). The product page shows
 * the same one (launches.queries' liveLaunchOfProduct), so a launch on now is not blocked by the
 * next drop staff scheduled after it. Read from the product's entries in launch_products (its
 * index), each launch then by its key: as a join, PostgreSQL scanned the whole launches table
 * for each size of each ordered product, and a launch's queue counter leaves that table pages
 * of dead rows (OFFSET 0 keeps the launch's look-up from being merged back into a join).
 */
const currentLaunchSql = (productId: SQL, now: SQL) =>
  sql`(SELECT lp.launch_id FROM launch_products lp,
         LATERAL (SELECT l.starts_at FROM launches l
                  WHERE l.id = lp.launch_id AND l.canceled_at IS NULL
                    AND l.limits_until > ${now} OFFSET 0) l
       WHERE lp.product_id = ${productId}
       ORDER BY l.starts_at, lp.launch_id LIMIT 1)`;

/**
 * The rows of LineProductRow for the products of `productIds` (an int[]), as SQL: each product
 * with each of its sizes and the launch that governs it at `now`, read once a product, not
 * once a size (OFFSET 0 keeps the products' sub-select apart from the join).
 */
export const lineProductsSql = (productIds: SQL, now: SQL) =>
  sql`SELECT p.id, p.name, p.active, p.image_url, p.category_id, p.discount_price_paise,
             ps.size, ps.stock, p.launch_id
      FROM (SELECT p.id, p.name, p.active, p.image_url, p.category_id, p.discount_price_paise,
                   ${currentLaunchSql(sql`p.id`, now)} AS launch_id
            FROM products p WHERE p.id = ANY(${productIds}) OFFSET 0) p
      LEFT JOIN product_sizes ps ON ps.product_id = p.id`;

const lineProductsStatement = preparedStatement<LineProductRow>(
  'order_line_products',
  lineProductsSql(param('productIds', 'int[]'), sql`(SELECT ${param('now', 'timestamptz')})`),
);

/**
 * Each product with each of its sizes (one row with size null when it has none), and the
 * launch that governs it at `now`.
 */
export async function lineProducts(
  db: Queryable,
  productIds: readonly number[],
  now: Date,
): Promise<LineProductRow[]> {
  if (productIds.length === 0) return [];
  return lineProductsStatement(db, { productIds: [...productIds], now: now.toISOString() });
}

/**
 * Takes stock of one size for an order only if enough is left, and writes its ledger row, in
 * one statement (the size's row stays locked for as little as possible): returns the size's
 * stock after, or undefined when too little was left (nothing written).
 */
export async function takeSizeStock(
  db: Queryable,
  line: StockLine,
  entry: { orderId: number; reason: 'hold' | 'sale' },
): Promise<number | undefined> {
  const [row] = await queryRows<{ stock_after: number }>(
    db,
    sql`WITH taken AS (
          UPDATE product_sizes SET stock = stock - ${line.quantity}::int
          WHERE product_id = ${line.productId} AND size = ${line.size}
            AND stock >= ${line.quantity}::int
          RETURNING product_id, size, stock)
        INSERT INTO stock_ledger (product_id, size, delta, stock_after, reason, order_id)
        SELECT product_id, size, ${-line.quantity}::int, stock, ${entry.reason}, ${entry.orderId}
          FROM taken
        RETURNING stock_after`,
  );
  return row?.stock_after;
}

/**
 * One size's stock taken (only if enough is left) with its ledger row, and its product as
 * now, as the CTEs `taken` and `product` of a statement that starts `WITH`. Only the size's
 * row is locked: the product's row changes only when the size sells out (its count of sizes
 * in stock, by product_sizes' trigger at commit, after every size's: decision 100).
 */
const takeOneLineCtes = sql`taken AS (
        UPDATE product_sizes SET stock = stock - ${param('quantity', 'int')}
        WHERE product_id = ${param('productId', 'int')} AND size = ${param('size', 'text')}
          AND stock >= ${param('quantity', 'int')}
        RETURNING product_id, size, stock),
      ledger AS (
        INSERT INTO stock_ledger (product_id, size, delta, stock_after, reason, order_id)
        SELECT product_id, size, -${param('quantity', 'int')}, stock, ${param('reason', 'text')},
               ${param('orderId', 'int')}
          FROM taken),
      product AS (
        SELECT id, name, image_url, category_id, discount_price_paise FROM products
        WHERE id = (SELECT product_id FROM taken))`;

const takeOneLineStatement = preparedStatement<TakenProductRow & { stock_after: number }>(
  'order_take_one_line',
  sql`WITH ${takeOneLineCtes}
      SELECT taken.stock AS stock_after, product.* FROM taken JOIN product ON true`,
);

/**
 * An order of one line takes its size's stock (only if enough is left), writes the ledger row
 * and reads its product, all in one statement. Returns the size's stock after and the
 * product, or undefined when too little was left (nothing written). Prepared: a drop's every
 * order runs it.
 */
export async function takeOneLineStock(
  db: Queryable,
  line: StockLine,
  entry: { orderId: number; reason: 'hold' | 'sale' },
): Promise<{ stockAfter: number; product: TakenProductRow } | undefined> {
  const [row] = await takeOneLineStatement(db, {
    quantity: line.quantity,
    productId: line.productId,
    size: line.size,
    reason: entry.reason,
    orderId: entry.orderId,
  });
  if (!row) return undefined;
  const { stock_after, ...product } = row;
  return { stockAfter: stock_after, product };
}

/** Why the last stock statement refused an order (db refusalOf). */
export const REFUSED_TOO_FEW_LEFT = 'too few left';
export const REFUSED_PRICE_MOVED = 'price moved';

const takeLastLineStatement = preparedStatement<{ stock_after: number }>(
  'order_take_one_line_last',
  sql`WITH ${takeOneLineCtes}
      SELECT CASE
               WHEN taken.stock IS NULL THEN kitroom_refuse(${REFUSED_TOO_FEW_LEFT})
               WHEN product.discount_price_paise <> ${param('pricePaise', 'int')}
                 THEN kitroom_refuse(${REFUSED_PRICE_MOVED})
               ELSE taken.stock
             END AS stock_after
        FROM (VALUES (1)) AS one LEFT JOIN taken ON true LEFT JOIN product ON true`,
);

/**
 * The one-line order's stock as its transaction's last statement, sent with the COMMIT
 * (decision 091): as takeOneLineStock, but too little left, or a price other than the one the
 * order was quoted at, fails the statement (`kitroom_refuse`), so the COMMIT rolls back.
 */
export async function takeLastLineStock(
  db: Queryable,
  line: StockLine,
  entry: { orderId: number; reason: 'hold' | 'sale'; pricePaise: number },
): Promise<number> {
  const [row] = await takeLastLineStatement(db, {
    quantity: line.quantity,
    productId: line.productId,
    size: line.size,
    reason: entry.reason,
    orderId: entry.orderId,
    pricePaise: entry.pricePaise,
  });
  return row!.stock_after;
}

export async function sizeStockNow(db: Queryable, productId: number, size: string) {
  const [row] = await queryRows<{ stock: number }>(
    db,
    sql`SELECT stock FROM product_sizes WHERE product_id = ${productId} AND size = ${size}`,
  );
  return row?.stock ?? 0;
}

export interface TakenProductRow {
  id: number;
  name: string;
  image_url: string;
  category_id: number;
  discount_price_paise: number;
}

/**
 * The products of an order's lines as they are once its sizes are taken: the price an order
 * is charged is read here, after its stock, not from the quote.
 */
export async function takenProducts(
  db: Queryable,
  productIds: readonly number[],
): Promise<TakenProductRow[]> {
  return queryRows<TakenProductRow>(
    db,
    sql`SELECT id, name, image_url, category_id, discount_price_paise FROM products
        WHERE id IN (${sqlList(productIds)})`,
  );
}

/** What one order gave back to one size: the ledger's 'release' row. */
export interface GivenBack {
  orderId: number;
  productId: number;
  size: string;
  quantity: number;
  stockAfter: number;
}

/**
 * Gives the items of these orders back to their sizes, in lock order, and returns what each
 * order gave back to each size with the size's stock after it (orders in id order, as if
 * given back one after another).
 */
export async function giveBackStock(
  db: Queryable,
  orderIds: readonly number[],
): Promise<GivenBack[]> {
  if (orderIds.length === 0) return [];
  const lines = await queryRows<{
    order_id: number;
    product_id: number;
    size: string;
    quantity: number;
  }>(
    db,
    sql`SELECT order_id, product_id, size, sum(quantity)::int AS quantity FROM order_items
        WHERE order_id IN (${sqlList(orderIds)})
        GROUP BY order_id, product_id, size ORDER BY product_id, size, order_id`,
  );
  const sizes = new Map<string, { productId: number; size: string; quantity: number }>();
  for (const l of lines) {
    const key = `${l.product_id}\u0000${l.size}`;
    const s = sizes.get(key);
    if (s) s.quantity += l.quantity;
    else sizes.set(key, { productId: l.product_id, size: l.size, quantity: l.quantity });
  }
  const stockAfter = new Map<string, number>();
  for (const [key, s] of sizes) {
    const [row] = await queryRows<{ stock: number }>(
      db,
      sql`UPDATE product_sizes SET stock = stock + ${s.quantity}::int
          WHERE product_id = ${s.productId} AND size = ${s.size}
          RETURNING stock`,
    );
    // A size removed since the order was placed has nothing to give back to.
    if (row) stockAfter.set(key, row.stock);
  }
  // Each size's final stock, unwound backwards through its orders (the last order's row
  // ends at the final stock).
  const given: GivenBack[] = [];
  const remaining = new Map(stockAfter);
  for (const l of [...lines].reverse()) {
    const key = `${l.product_id}\u0000${l.size}`;
    const after = remaining.get(key);
    if (after === undefined) continue;
    given.push({
      orderId: l.order_id,
      productId: l.product_id,
      size: l.size,
      quantity: l.quantity,
      stockAfter: after,
    });
    remaining.set(key, after - l.quantity);
  }
  return given.reverse();
}

/**
 * The ledger's 'sale' rows of a paid order whose stock was held: the hold becomes a sale,
 * so the stock does not move (delta 0, stock after = the size's stock now).
 */
export async function insertSaleEntries(db: Queryable, orderId: number): Promise<void> {
  await db.execute(
    sql`INSERT INTO stock_ledger (product_id, size, delta, stock_after, reason, order_id)
        SELECT oi.product_id, oi.size, 0, ps.stock, 'sale', oi.order_id
          FROM (SELECT DISTINCT order_id, product_id, size FROM order_items
                WHERE order_id = ${orderId}) oi
          JOIN product_sizes ps ON ps.product_id = oi.product_id AND ps.size = oi.size
         ORDER BY oi.product_id, oi.size`,
  );
}

/** The shopper's unpaid holds, the shop's limits on them, and its shipping rates. */
export interface ShopperHolds {
  unpaid: number;
  unpaid_max: number;
  pieces_max: number;
  /** Read with the limits, so checkout asks the settings row once (contract ShippingRates). */
  shipping_rates: ShippingRates;
}

/** The shopper's hold lock, which checkout and Pay Now take before counting their holds. */
export const holdsLockSql = (userId: SQL) =>
  sql`pg_advisory_xact_lock(${userId}, hashtext('unpaid-holds'))`;

/**
 * How many of the shopper's other orders hold stock unpaid at `now`: online, not paid,
 * pending, their hold not ended nor released (a sub-select; `exceptOrderId` null: none).
 */
export const unpaidHoldsSql = (userId: SQL, now: SQL, exceptOrderId: SQL = sql`NULL::int`) =>
  sql`(SELECT count(*)::int FROM orders
       WHERE user_id = ${userId} AND payment_method = 'Online'
         AND payment_status <> 'SUCCESS' AND order_status = 'Pending'
         AND NOT stock_released AND reserved_until > ${now}
         AND id IS DISTINCT FROM ${exceptOrderId})`;

/** Takes the shopper's hold lock, which checkout, Pay Now and a late payment take to count. */
export async function lockShopperHolds(db: Queryable, userId: number): Promise<void> {
  await db.execute(sql`SELECT ${holdsLockSql(sql`${userId}::int`)}`);
}

/**
 * Takes the shopper's hold lock (two checkouts or Pay Nows of one shopper at once are counted
 * one after the other), then returns the shop's limits and the shopper's other orders
 * holding stock unpaid.
 */
export async function holdsOfShopper(
  db: Queryable,
  userId: number,
  now: Date,
  exceptOrderId: number | null = null,
): Promise<ShopperHolds> {
  await lockShopperHolds(db, userId);
  const [row] = await queryRows<ShopperHolds>(
    db,
    sql`SELECT ${unpaidHoldsSql(
      sql`${userId}::int`,
      sql`${now.toISOString()}::timestamptz`,
      sql`${exceptOrderId}::int`,
    )} AS unpaid,
               unpaid_orders_max AS unpaid_max, pieces_per_size_max AS pieces_max,
               shipping_rates
        FROM shop_settings WHERE id = 1`,
  );
  return row!;
}

export interface OrderRow {
  id: number;
  user_id: number;
  order_status: string;
  payment_status: string;
  payment_method: string;
  shipping_address: Record<string, string>;
  state: string;
  mobile_number: string;
  subtotal_paise: number;
  shipping_paise: number;
  discount_paise: number;
  cod_fee_paise: number;
  total_paise: number;
  coupon_id: number | null;
  coupon_code: string | null;
  cod_confirmed_at: Date | string | null;
  reserved_until: Date | string | null;
  stock_released: boolean;
  expected_date: string | null;
  tracking_id: string | null;
  tracking_link: string | null;
  created_at: Date | string;
  paid_at: Date | string | null;
  packed_at: Date | null;
  shipped_at: Date | null;
  delivered_at: Date | null;
  canceled_at: Date | null;
  cancel_reason: string | null;
  courier_name: string | null;
  eway_bill_number: string | null;
  wholesale_buyer: { legal_name: string; address: string; gstin: string | null } | null;
  email: string;
  user_name: string;
}

const orderColumns = sql`o.id, o.user_id, o.order_status, o.payment_status, o.payment_method,
  o.shipping_address, o.state, o.mobile_number, o.subtotal_paise, o.shipping_paise,
  o.discount_paise, o.cod_fee_paise, o.total_paise, o.coupon_id, c.code AS coupon_code,
  o.cod_confirmed_at, o.reserved_until,
  o.stock_released, o.expected_date::text AS expected_date, o.tracking_id, o.tracking_link,
  o.created_at, o.paid_at, o.packed_at, o.shipped_at, o.delivered_at, o.canceled_at,
  o.cancel_reason, o.courier_name, o.eway_bill_number, o.wholesale_buyer, u.email,
  u.name AS user_name`;

const orderJoins = sql`JOIN users u ON u.id = o.user_id LEFT JOIN coupons c ON c.id = o.coupon_id`;

/** The order, locked for the rest of the transaction. */
export async function lockOrder(db: Queryable, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await queryRows<OrderRow>(
    db,
    sql`SELECT ${orderColumns} FROM orders o ${orderJoins}
        WHERE o.id = ${orderId} FOR UPDATE OF o`,
  );
  return row;
}

export async function orderById(db: Queryable, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await queryRows<OrderRow>(
    db,
    sql`SELECT ${orderColumns} FROM orders o ${orderJoins} WHERE o.id = ${orderId}`,
  );
  return row;
}

export async function orderOfUser(
  db: Queryable,
  userId: number,
  orderId: number,
): Promise<OrderRow | undefined> {
  const [row] = await queryRows<OrderRow>(
    db,
    sql`SELECT ${orderColumns} FROM orders o ${orderJoins}
        WHERE o.id = ${orderId} AND o.user_id = ${userId}`,
  );
  return row;
}

export async function ordersOfUser(
  db: Queryable,
  userId: number,
  limit: number,
): Promise<OrderRow[]> {
  return queryRows<OrderRow>(
    db,
    sql`SELECT ${orderColumns} FROM orders o ${orderJoins}
        WHERE o.user_id = ${userId} ORDER BY o.created_at DESC, o.id DESC LIMIT ${limit}`,
  );
}

export interface OrderItemRow {
  id: number;
  order_id: number;
  product_id: number;
  product_name: string;
  product_image_url: string;
  size: string;
  quantity: number;
  unit_price_paise: number;
  print_name: string;
  print_number: number | null;
  print_patch: boolean;
  print_price_paise: number;
}

export async function itemsOfOrders(
  db: Queryable,
  orderIds: readonly number[],
): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return queryRows<OrderItemRow>(
    db,
    sql`SELECT id, order_id, product_id, product_name, product_image_url, size, quantity,
               unit_price_paise, print_name, print_number, print_patch, print_price_paise
        FROM order_items WHERE order_id IN (${sqlList(orderIds)}) ORDER BY order_id, id`,
  );
}

/** Holds the order's stock again until `until`. */
export async function renewHold(db: Queryable, orderId: number, until: Date): Promise<void> {
  await db.execute(
    sql`UPDATE orders SET reserved_until = ${until.toISOString()}::timestamptz,
               stock_released = false
        WHERE id = ${orderId}`,
  );
}

/**
 * Marks the order paid unless it already is; true when this call did it. A paid order
 * whose stock could not be taken again is Canceled (its payment is then refunded).
 */
export async function markPaid(
  db: Queryable,
  orderId: number,
  now: Date,
  outcome: { status: 'Processing' | 'Canceled'; stockHeld: boolean },
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE orders SET payment_status = 'SUCCESS', order_status = ${outcome.status},
               paid_at = ${now.toISOString()}::timestamptz, reserved_until = NULL,
               stock_released = ${!outcome.stockHeld}
        WHERE id = ${orderId} AND payment_status <> 'SUCCESS'
        RETURNING id`,
  );
  return rows.length === 1;
}

export async function markPaymentFailed(db: Queryable, orderId: number): Promise<void> {
  await db.execute(
    sql`UPDATE orders SET payment_status = 'FAILED'
        WHERE id = ${orderId} AND payment_status = 'UNPAID'`,
  );
}

/**
 * Marks up to `limit` unpaid orders whose hold has run out as released and returns them.
 * Rows another process is working on are skipped, so several sweeps never collide.
 */
export async function claimExpiredOrders(
  db: Queryable,
  now: Date,
  limit: number,
): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE orders o SET stock_released = true
        FROM (SELECT id FROM orders
              WHERE payment_status <> 'SUCCESS' AND NOT stock_released
                -- A COD order's reserved_until only ends its payment pages (Pay Now): its
                -- stock stays held until it is confirmed and delivered, or cancelled.
                AND payment_method <> 'COD'
                AND reserved_until < ${now.toISOString()}::timestamptz
              ORDER BY id LIMIT ${limit}
              FOR UPDATE SKIP LOCKED) expired
        WHERE o.id = expired.id
        RETURNING o.id`,
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

// ───────────────────────────── fulfilment ─────────────────────────────

export async function markPacked(db: Queryable, orderId: number, now: Date): Promise<void> {
  await db.execute(
    sql`UPDATE orders SET packed_at = ${now.toISOString()}::timestamptz WHERE id = ${orderId}`,
  );
}

export async function markShipped(
  db: Queryable,
  orderId: number,
  s: {
    courierName: string;
    trackingId: string;
    trackingLink: string | null;
    expectedDate: string | null;
    now: Date;
  },
): Promise<void> {
  await db.execute(
    sql`UPDATE orders SET order_status = 'Shipped', shipped_at = ${s.now.toISOString()}::timestamptz,
               courier_name = ${s.courierName}, tracking_id = ${s.trackingId},
               tracking_link = ${s.trackingLink},
               expected_date = coalesce(${s.expectedDate}::date, expected_date)
        WHERE id = ${orderId}`,
  );
}

/** Back from Shipped to packed (a shipment canceled before pickup): tracking cleared. */
export async function markUnshipped(db: Queryable, orderId: number, now: Date): Promise<void> {
  await db.execute(
    sql`UPDATE orders SET order_status = 'Processing', shipped_at = NULL, courier_name = NULL,
               tracking_id = NULL, tracking_link = NULL,
               packed_at = coalesce(packed_at, ${now.toISOString()}::timestamptz)
        WHERE id = ${orderId}`,
  );
}

export async function markDelivered(db: Queryable, orderId: number, now: Date): Promise<void> {
  await db.execute(
    sql`UPDATE orders SET order_status = 'Completed', delivered_at = ${now.toISOString()}::timestamptz
        WHERE id = ${orderId}`,
  );
}

/** Canceled: its stock is no longer the order's (given back by the caller if it was held). */
export async function markCanceled(
  db: Queryable,
  orderId: number,
  reason: string,
  now: Date,
): Promise<void> {
  await db.execute(
    sql`UPDATE orders SET order_status = 'Canceled', canceled_at = ${now.toISOString()}::timestamptz,
               cancel_reason = ${reason}, stock_released = true, reserved_until = NULL
        WHERE id = ${orderId}`,
  );
}

/**
 * Claims up to `limit` unpaid orders whose stock went back long ago and that can no longer
 * be paid: the sweep cancels them. Rows another process holds are skipped.
 */
export async function claimAbandonedOrders(
  db: Queryable,
  placedBefore: Date,
  limit: number,
): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM orders
        WHERE order_status = 'Pending' AND payment_status <> 'SUCCESS' AND stock_released
          AND created_at < ${placedBefore.toISOString()}::timestamptz
        ORDER BY id LIMIT ${limit}
        FOR UPDATE SKIP LOCKED`,
  );
  return rows.map((r) => r.id);
}

/** Stores the order's e-way bill number (the caller holds the order's lock). */
/** The e-way bill was cancelled before the order shipped: it needs another. */
export async function clearEwayBill(db: Queryable, orderId: number): Promise<void> {
  await db.execute(
    sql`UPDATE orders SET eway_bill_number = NULL, eway_bill_at = NULL WHERE id = ${orderId}`,
  );
}

export async function setEwayBill(
  db: Queryable,
  orderId: number,
  number: string,
  at: Date,
): Promise<void> {
  await db.execute(
    sql`UPDATE orders SET eway_bill_number = ${number}, eway_bill_at = ${at.toISOString()}::timestamptz
        WHERE id = ${orderId}`,
  );
}
