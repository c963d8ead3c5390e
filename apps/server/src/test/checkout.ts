// Checkout helpers for order, payment and journey tests: a logged-in shopper who posts
// with its cookie, and process_order bodies.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import type { Db } from '../db/client.js';
import { queryRows } from '../db/sql.js';
import { loggedInUser, shippingAddressInput } from './factories.js';
import type { TestApp } from './harness.js';
import type { Injector } from './http-injector.js';

export const KERALA_ADDRESS = shippingAddressInput();

export interface Shopper {
  id: number;
  email: string;
  cookie: string;
  post(url: string, payload: object): Promise<InjectResponse>;
}

/** A new logged-in shopper posting to `app` (the test's own, or a server process over HTTP). */
export async function shopper(t: TestApp, app: Injector = t.app): Promise<Shopper> {
  const user = await loggedInUser(t.db);
  return {
    ...user,
    post: (url, payload) =>
      app.inject({ method: 'POST', url, payload, headers: { cookie: user.cookie } }),
  };
}

export interface Line {
  product_id: number;
  size: string;
  quantity: number;
  print?: { name?: string; number?: number | null; patch?: boolean };
}

/** A process_order body for a Kerala address; `amount` is the total in rupees. */
export function orderBody(userId: number, items: Line[], amount: number, extra: object = {}) {
  return {
    user_id: userId,
    shipping_address: KERALA_ADDRESS,
    mobile_number: '9876543210',
    amount,
    affiliate_code: null,
    google_code: null,
    coupon_code: null,
    state: 'Kerala',
    items,
    ...extra,
  };
}

export async function stockOf(db: Db, productId: number, size: string): Promise<number> {
  const [row] = await queryRows<{ stock: number }>(
    db,
    sql`SELECT stock FROM product_sizes WHERE product_id = ${productId} AND size = ${size}`,
  );
  return row!.stock;
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * The mails sent so far, oldest first: the outbox is drained, and the mailer (without
 * SMTP_URL) wrote each as an .eml file under the test's DATA_DIR.
 */
export async function outboxMails(t: TestApp): Promise<OutboxMail[]> {
  await t.drainOutbox();
  const dir = path.join(t.config.dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).sort();
  return Promise.all(
    files.map(async (f) => {
      const mail = await simpleParser(await readFile(path.join(dir, f)));
      return {
        to: mail.to
          ? [mail.to]
              .flat()
              .map((a) => a.text)
              .join(', ')
          : '',
        subject: mail.subject ?? '',
        text: mail.text ?? '',
      };
    }),
  );
}

/**
 * Places an order for one shopper and pays it on the sandbox page (as its form would), so
 * the order is Processing with a captured payment. Needs the sandbox provider.
 */
export async function paidOrder(
  t: TestApp,
  who: Shopper,
  items: Line[],
  amount: number,
  extra: object = {},
): Promise<number> {
  const placed = await who.post('/api/process_order.php', orderBody(who.id, items, amount, extra));
  if (placed.statusCode !== 200) throw new Error(`order refused: ${placed.body}`);
  const { order_id: orderId, payment_url: paymentUrl } = placed.json();
  const submitted = await t.app.inject({
    method: 'POST',
    url: paymentUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'result=paid',
  });
  const back = await t.app.inject({ method: 'GET', url: submitted.headers.location as string });
  if (back.statusCode !== 302) throw new Error(`payment not settled: ${back.body}`);
  return orderId;
}

/**
 * For files whose tests place many unpaid orders for one shopper: the shop's limit of unpaid
 * orders per shopper (3 by default, tested in orders.limits.api.test.ts) raised to its most.
 */
export async function allowManyUnpaidOrders(db: Db): Promise<void> {
  await db.execute(sql`UPDATE shop_settings SET unpaid_orders_max = 20 WHERE id = 1`);
}
