// A shop a few years on: a million orders for the back office's order list and dashboard.
// Orders are written by SQL straight into the bench database (the checkout's rules are
// measured elsewhere), once, and kept: a database that already holds the asked number of
// bench orders is reused. They belong to 10,000 bench customers, span the last two years,
// and have the statuses of a running shop (most delivered, some canceled, the last days'
// still to pack and ship), one or two lines of catalogue products each.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../apps/server/src/db/sql.js';
import { open, type Target } from './database.js';
import { percentile, round } from './stats.js';

const CUSTOMERS = 10_000;
const BATCH = 100_000;
const CUSTOMER_DOMAIN = 'customers.bench.kitroom.invalid';

async function benchOrderCount(target: Target): Promise<number> {
  const database = await open(target);
  try {
    // Orders with their line: a seed cut off before the lines were written is not reused.
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM orders o JOIN users u ON u.id = o.user_id
          WHERE u.email LIKE ${`%@${CUSTOMER_DOMAIN}`}
            AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)`,
    );
    return row?.n ?? 0;
  } finally {
    await database.close();
  }
}

/**
 * Makes sure the target holds `count` bench orders; returns the seconds seeding took, or
 * null when they were there already.
 */
export async function seedOrders(
  target: Target,
  count: number,
  log: (line: string) => void,
): Promise<number | null> {
  const have = await benchOrderCount(target);
  if (have === count) return null;
  const started = performance.now();
  const database = await open(target);
  try {
    const db = database.db;
    // Start again from none: a different count means a different shop.
    await db.execute(
      sql`DELETE FROM order_items WHERE order_id IN (
            SELECT o.id FROM orders o JOIN users u ON u.id = o.user_id
            WHERE u.email LIKE ${`%@${CUSTOMER_DOMAIN}`})`,
    );
    await db.execute(
      sql`DELETE FROM orders WHERE user_id IN (
            SELECT id FROM users WHERE email LIKE ${`%@${CUSTOMER_DOMAIN}`})`,
    );
    await db.execute(
      sql`INSERT INTO users (name, email, password_hash, phone_number)
          SELECT 'Customer ' || g, 'customer-' || g || ${`@${CUSTOMER_DOMAIN}`}, '!',
                 (9000000000 + g)::text
          FROM generate_series(1, ${CUSTOMERS}::int) g
          ON CONFLICT (email) DO NOTHING`,
    );
    for (let from = 1; from <= count; from += BATCH) {
      const to = Math.min(count, from + BATCH - 1);
      await db.transaction(async (tx) => {
        // g spreads the orders evenly over the last 730 days, oldest first; h is a stable
        // pseudo-random number per order that picks its status, state, customer and lines.
        await tx.execute(sql`
          WITH customers AS (
            SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS k FROM users
            WHERE email LIKE ${`%@${CUSTOMER_DOMAIN}`}
          ), states AS (
            SELECT ARRAY['Kerala','Karnataka','Tamil Nadu','Maharashtra','Delhi','West Bengal',
                         'Telangana','Goa','Assam','Punjab'] AS names
          ), numbered AS (
            SELECT g, abs(hashint4(g)) AS h,
                   now() - (${count}::int - g) * (interval '730 days' / ${count}::int) AS at
            FROM generate_series(${from}::int, ${to}::int) g
          ), shaped AS (
            SELECT n.*, c.id AS user_id, s.names[1 + (n.h / 7) % 10] AS state,
                   CASE
                     WHEN n.at > now() - interval '1 day' AND n.h % 10 < 2 THEN 'Pending'
                     WHEN n.at > now() - interval '3 days' THEN 'Processing'
                     WHEN n.at > now() - interval '7 days' AND n.h % 10 < 7 THEN 'Shipped'
                     WHEN n.h % 100 < 8 THEN 'Canceled'
                     ELSE 'Completed'
                   END AS status
            FROM numbered n JOIN customers c ON c.k = n.h % ${CUSTOMERS}::int, states s
          )
          INSERT INTO orders (user_id, order_status, payment_status, shipping_address, state,
                              mobile_number, subtotal_paise, shipping_paise, total_paise,
                              created_at, paid_at, packed_at, shipped_at, delivered_at,
                              canceled_at, cancel_reason, stock_released, courier_name,
                              tracking_id)
          SELECT user_id, status,
                 CASE WHEN status = 'Pending' THEN 'UNPAID' ELSE 'SUCCESS' END,
                 jsonb_build_object('first_name', 'Customer', 'last_name', g::text,
                   'street_name', g || ' Beach Road', 'city', 'City ' || (h % 500),
                   'state', state, 'pincode', (110001 + h % 800000)::text,
                   'phone', (9000000000 + h % 1000000000)::text),
                 state, (9000000000 + h % 1000000000)::text,
                 129900, 6000, 135900, at,
                 CASE WHEN status <> 'Pending' THEN at + interval '2 minutes' END,
                 CASE WHEN status IN ('Shipped', 'Completed') THEN at + interval '1 day' END,
                 CASE WHEN status IN ('Shipped', 'Completed') THEN at + interval '2 days' END,
                 CASE WHEN status = 'Completed' THEN at + interval '5 days' END,
                 CASE WHEN status = 'Canceled' THEN at + interval '1 hour' END,
                 CASE WHEN status = 'Canceled' THEN 'Canceled by the shopper' END,
                 status = 'Canceled',
                 CASE WHEN status IN ('Shipped', 'Completed') THEN 'Delhivery' END,
                 CASE WHEN status IN ('Shipped', 'Completed') THEN 'DLV' || g END
          FROM shaped ORDER BY g`);
      });
      log(`  orders: ${to.toLocaleString('en-US')} of ${count.toLocaleString('en-US')} written`);
    }
    // One line each, of a product across the catalogue, at the order's price. (Products are
    // numbered rather than kept in an array: an array of 100,000 ids carried on every row of
    // a million made PostgreSQL spill tens of gigabytes to disk.)
    await db.execute(sql`
      WITH numbered AS (
        SELECT id, name, image_url, (row_number() OVER (ORDER BY id) - 1)::int AS k
        FROM products
      ), total AS (SELECT count(*)::int AS n FROM products)
      INSERT INTO order_items (order_id, product_id, product_name, product_image_url, size,
                               quantity, unit_price_paise)
      SELECT o.id, p.id, p.name, p.image_url, 'M', 1, 129900
      FROM orders o
      JOIN users u ON u.id = o.user_id AND u.email LIKE ${`%@${CUSTOMER_DOMAIN}`}
      CROSS JOIN total
      JOIN numbered p ON p.k = abs(hashint4(o.id)) % total.n`);
    await db.execute(sql`ANALYZE orders`);
    await db.execute(sql`ANALYZE order_items`);
  } finally {
    await database.close();
  }
  return (performance.now() - started) / 1000;
}

export interface TimedFigures {
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** One staff member asking for a page again and again: the time of each answer. */
/** Forgets the dashboard's sales rollups, so that the next look rolls up its days anew. */
export async function forgetSalesRollups(target: Target): Promise<void> {
  const database = await open(target);
  try {
    await database.db.execute(sql`DELETE FROM product_sales_days`);
    await database.db.execute(sql`DELETE FROM sales_days`);
  } finally {
    await database.close();
  }
}

export async function timeSequential(
  baseUrl: string,
  path: string,
  cookie: string,
  requests: number,
): Promise<TimedFigures> {
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    const res = await fetch(baseUrl + path, {
      headers: { cookie },
      signal: AbortSignal.timeout(30_000),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return {
    requests,
    p50Ms: round(percentile(times, 50), 1),
    p99Ms: round(percentile(times, 99), 1),
    maxMs: round(Math.max(...times), 1),
  };
}
