// Back in stock: sign-ups for a sold-out size (guests by email, confirmed by a mailed link;
// shoppers by their account), and exactly one mail per confirmed waiting address when the size's stock goes from 0 to more, by
// every path that raises stock: a restock in the back office, a CSV import, the sweep's
// release of an unpaid order, a received return, a cancel; limits per address (one inbox's
// variants counted as one) and per IP. While a kit launch holds the jersey, none: its pieces
// are the admitted fans'; the sweep mails the sizes in stock once the launch is over.
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { CSV_COLUMNS } from '@kitroom/contract/admin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import { renderTemplate } from '../outbox.js';
import { releaseExpiredOrders, sweepOrdersOnce } from '../checkout/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { createProduct, createUser, sessionCookie } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createOrder } from '../test/order-factories.js';
import { createReturn } from '../test/returns.js';
import { createLaunch } from '../test/launches.js';
import { createStaff } from '../test/staff.js';
import { BACK_IN_STOCK_LIMITS } from './back-in-stock.routes.js';
import {
  backAlready,
  confirmed,
  EMAIL_NEEDED,
  inStock,
  LINK_EXPIRED,
  LINK_NOT_VALID,
  NO_SUCH_SIZE,
} from './back-in-stock.service.js';

let t: TestApp;
let origin: string;
let owner: AdminClient;
let ownerCookie: string;
let ipSerial = 0;

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  origin = new URL(t.config.publicUrl).origin;
  ownerCookie = (await createStaff(t.db, 'owner')).cookie;
  owner = adminClient(t.app, origin, ownerCookie);
});
afterAll(() => t?.close());

/** Each sign-up from its own address unless told, so the per-IP limit counts one test. */
const notifyMe = (body: Record<string, unknown>, o: { cookie?: string; ip?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/back_in_stock.php',
    payload: body,
    remoteAddress: o.ip ?? `10.9.${Math.floor(++ipSerial / 250)}.${ipSerial % 250}`,
    headers: o.cookie ? { cookie: o.cookie } : {},
  });

const mailsFor = (productId: number) =>
  queryRows<{ recipient: string; data: { product_id: number; name: string; size: string } }>(
    t.db,
    sql`SELECT recipient, data FROM outbox WHERE template = 'back-in-stock'
          AND (data->>'product_id')::int = ${productId} ORDER BY recipient, id`,
  );

const restock = (productId: number, size: string, delta: number) =>
  owner.call('POST', `/api/admin/products/${productId}/stock`, {
    size,
    delta,
    reason: 'restock',
  });

const stockOf = async (productId: number, size: string) =>
  (
    await queryRows<{ stock: number }>(
      t.db,
      sql`SELECT stock FROM product_sizes WHERE product_id = ${productId} AND size = ${size}`,
    )
  )[0]!.stock;

/** Empties a size as a sale would (a decrease: it mails nobody). */
const sellOut = (productId: number, size: string) =>
  t.db.execute(
    sql`UPDATE product_sizes SET stock = 0 WHERE product_id = ${productId} AND size = ${size}`,
  );

/** The last confirmation link mailed to the address: its request id and token. */
async function confirmLink(email: string) {
  const [mail] = await queryRows<{ data: { confirm_url: string } }>(
    t.db,
    sql`SELECT data FROM outbox WHERE template = 'back-in-stock-confirm' AND recipient = ${email}
         ORDER BY id DESC LIMIT 1`,
  );
  expect(mail, `a confirmation mail to ${email}`).toBeDefined();
  const url = new URL(mail!.data.confirm_url);
  expect(url.origin).toBe(origin);
  const [, page, id] = url.pathname.split('/');
  expect(page).toBe('confirmNotify');
  return { request_id: Number(id), token: url.searchParams.get('token') ?? '' };
}

const confirmSignUp = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/back_in_stock_confirm.php', payload: body });

/** Guests sign up and confirm by their mailed links, as they would. */
async function waitFor(productId: number, size: string, emails: string[]) {
  for (const email of emails) {
    const res = await notifyMe({ product_id: productId, size, email });
    expect(res.statusCode, res.body).toBe(200);
    const confirm = await confirmSignUp(await confirmLink(email));
    expect(confirm.statusCode, confirm.body).toBe(200);
  }
}

describe('signing up', () => {
  it('takes a guest’s email for a sold-out size, once however often they ask', async () => {
    const p = await createProduct(t.db, { sizes: { M: 0, L: 3 } });
    const res = await notifyMe({ product_id: p, size: 'M', email: ' Asha@Example.com ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      email: 'asha@example.com',
      needs_confirmation: true,
    });
    await notifyMe({ product_id: p, size: 'M', email: 'asha@example.com' });
    await confirmSignUp(await confirmLink('asha@example.com'));
    const waiting = await owner.call('GET', `/api/admin/products/${p}/back-in-stock`);
    expect(waiting.json()).toEqual({
      sizes: [
        { size: 'M', waiting: 1 },
        { size: 'L', waiting: 0 },
      ],
    });
  });

  it('uses the logged-in shopper’s own address, whatever the body says', async () => {
    const p = await createProduct(t.db, { sizes: { M: 0 } });
    const user = await createUser(t.db, { email: 'ravi@example.com' });
    const cookie = await sessionCookie(t.db, user.id);
    const res = await notifyMe(
      { product_id: p, size: 'M', email: 'someone-else@example.com' },
      { cookie },
    );
    expect(res.json()).toEqual({
      success: true,
      email: 'ravi@example.com',
      needs_confirmation: false,
    });
    const other = await notifyMe({ product_id: p, size: 'M', user_id: user.id + 1 }, { cookie });
    expect(other.statusCode).toBe(403);
  });

  it('refuses a size in stock, a size or product the shop does not sell, and no email', async () => {
    const p = await createProduct(t.db, { sizes: { M: 0, L: 2 } });
    const responses = await Promise.all([
      notifyMe({ product_id: p, size: 'L', email: 'a@example.com' }),
      notifyMe({ product_id: p, size: 'XS', email: 'a@example.com' }),
      notifyMe({ product_id: 999_999, size: 'M', email: 'a@example.com' }),
      notifyMe({ product_id: p, size: 'M' }),
      notifyMe({ product_id: p, size: 'M', email: 'not an email' }),
      notifyMe({ product_id: 'x', size: 'M', email: 'a@example.com' }),
    ]);
    expect(responses.map((r) => [r.statusCode, r.json().error])).toEqual([
      [409, inStock('L')],
      [404, NO_SUCH_SIZE],
      [404, NO_SUCH_SIZE],
      [400, EMAIL_NEEDED],
      [400, expect.stringContaining('enter a valid email address')],
      [400, expect.any(String)],
    ]);
    const rows = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM back_in_stock_requests WHERE product_id = ${p}`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('limits sign-ups per address, one inbox’s variants counted as one, and per IP', async () => {
    const p = await createProduct(t.db, { sizes: { M: 0 } });
    const sizes = Array.from({ length: 12 }, (_, i) => `Z${i}`);
    const many = await createProduct(t.db, { sizes: Object.fromEntries(sizes.map((s) => [s, 0])) });
    const statuses: number[] = [];
    for (const size of sizes.slice(0, BACK_IN_STOCK_LIMITS.perEmail + 1)) {
      const email = `Busy+${size}@Example.com`;
      statuses.push((await notifyMe({ product_id: many, size, email })).statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    const limited = await notifyMe({ product_id: p, size: 'M', email: 'busy+late@example.com' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toContain('You have asked for a lot of restock mails');

    const fromOneIp: number[] = [];
    for (let i = 0; i <= BACK_IN_STOCK_LIMITS.perIp; i++) {
      const res = await notifyMe(
        { product_id: p, size: 'M', email: `ip${i}@example.com` },
        { ip: '10.200.0.1' },
      );
      fromOneIp.push(res.statusCode);
    }
    expect(fromOneIp.filter((s) => s === 429)).toHaveLength(1);
    expect(fromOneIp.at(-1)).toBe(429);
  });
});

describe('confirming a guest’s address', () => {
  const signedUpCount = async (email: string) =>
    (
      await queryRows<{ n: number }>(
        t.db,
        sql`SELECT count(*)::int AS n FROM outbox
             WHERE template = 'back-in-stock-confirm' AND recipient = ${email}`,
      )
    )[0]!.n;

  it('mails nothing about the size to a guest’s address until its link is opened', async () => {
    const p = await createProduct(t.db, { name: 'Bengaluru FC Home', sizes: { M: 0 } });
    const res = await notifyMe({ product_id: p, size: 'M', email: 'victim@example.com' });
    expect(res.json().needs_confirmation).toBe(true);
    const link = await confirmLink('victim@example.com');
    const mail = renderTemplate(
      'back-in-stock-confirm',
      (
        await queryRows<{ data: unknown }>(
          t.db,
          sql`SELECT data FROM outbox WHERE template = 'back-in-stock-confirm'
                AND recipient = 'victim@example.com'`,
        )
      )[0]!.data,
      {
        shopName: 'Kitroom',
        publicUrl: t.config.publicUrl,
        shopperFooter: [],
        staffFooter: [],
        supportEmail: '',
      },
    );
    expect(mail.subject).toBe('Kitroom: confirm your restock alert for Bengaluru FC Home');
    expect(mail.text).toContain(`/confirmNotify/${link.request_id}?token=`);
    expect(mail.html).toContain('Confirm my email');
    // Only the token's hash is kept.
    const [row] = await queryRows<{ confirm_token_hash: string; confirmed_at: string | null }>(
      t.db,
      sql`SELECT confirm_token_hash, confirmed_at FROM back_in_stock_requests WHERE id = ${link.request_id}`,
    );
    expect(row!.confirmed_at).toBeNull();
    expect(row!.confirm_token_hash).not.toContain(link.token);
    expect(row!.confirm_token_hash).toMatch(/^[0-9a-f]{64}$/);
    // Unconfirmed: not counted as waiting, and a restock mails nobody.
    const waiting = await owner.call('GET', `/api/admin/products/${p}/back-in-stock`);
    expect(waiting.json()).toEqual({ sizes: [{ size: 'M', waiting: 0 }] });
    await restock(p, 'M', 2);
    expect(await mailsFor(p)).toEqual([]);
  });

  it('mails a confirmed guest once when the size comes back, and the link opened again responds the same', async () => {
    const p = await createProduct(t.db, { name: 'Odisha FC Away', sizes: { L: 0 } });
    await notifyMe({ product_id: p, size: 'L', email: 'meera@example.com' });
    const link = await confirmLink('meera@example.com');
    const first = await confirmSignUp(link);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      product_id: p,
      size: 'L',
      in_stock: false,
      message: confirmed('Odisha FC Away', 'L'),
    });
    expect((await confirmSignUp(link)).json()).toEqual(first.json());
    // Signing up again once confirmed mails no second link.
    const again = await notifyMe({ product_id: p, size: 'L', email: 'Meera@example.com' });
    expect(again.json().needs_confirmation).toBe(false);
    expect(await signedUpCount('meera@example.com')).toBe(1);
    await restock(p, 'L', 1);
    expect((await mailsFor(p)).map((m) => m.recipient)).toEqual(['meera@example.com']);
  });

  it('confirms a logged-in shopper’s own address at once', async () => {
    const p = await createProduct(t.db, { sizes: { M: 0 } });
    const user = await createUser(t.db, { email: 'own@example.com' });
    const cookie = await sessionCookie(t.db, user.id);
    await notifyMe({ product_id: p, size: 'M', email: 'own@example.com' });
    const res = await notifyMe({ product_id: p, size: 'M', user_id: user.id }, { cookie });
    expect(res.json()).toEqual({
      success: true,
      email: 'own@example.com',
      needs_confirmation: false,
    });
    expect(await signedUpCount('own@example.com')).toBe(1);
    await restock(p, 'M', 1);
    expect((await mailsFor(p)).map((m) => m.recipient)).toEqual(['own@example.com']);
  });

  it('mails a fresh link when a guest asks again; the old one no longer works', async () => {
    const p = await createProduct(t.db, { sizes: { M: 0 } });
    await notifyMe({ product_id: p, size: 'M', email: 'twice@example.com' });
    const old = await confirmLink('twice@example.com');
    await notifyMe({ product_id: p, size: 'M', email: 'twice@example.com' });
    const fresh = await confirmLink('twice@example.com');
    expect(fresh.request_id).toBe(old.request_id);
    expect(fresh.token).not.toBe(old.token);
    const stale = await confirmSignUp(old);
    expect([stale.statusCode, stale.json().error]).toEqual([404, LINK_NOT_VALID]);
    expect((await confirmSignUp(fresh)).statusCode).toBe(200);
  });

  it('refuses a wrong, expired or malformed link, and says when the size is already back', async () => {
    const p = await createProduct(t.db, { name: 'Mohun Bagan Third', sizes: { S: 0, M: 0 } });
    await notifyMe({ product_id: p, size: 'S', email: 'late@example.com' });
    const late = await confirmLink('late@example.com');
    await t.db.execute(
      sql`UPDATE back_in_stock_requests SET confirm_expires_at = now() - interval '1 second'
           WHERE id = ${late.request_id}`,
    );
    const responses = await Promise.all([
      confirmSignUp(late),
      confirmSignUp({ ...late, token: 'not-the-token' }),
      confirmSignUp({ request_id: 999_999_999, token: late.token }),
      confirmSignUp({ request_id: late.request_id }),
      confirmSignUp({ request_id: 'x', token: late.token }),
    ]);
    expect(responses.map((r) => [r.statusCode, r.json().error])).toEqual([
      [400, LINK_EXPIRED],
      [404, LINK_NOT_VALID],
      [404, LINK_NOT_VALID],
      [400, expect.stringContaining('token is required')],
      [400, expect.any(String)],
    ]);

    await notifyMe({ product_id: p, size: 'M', email: 'slow@example.com' });
    const slow = await confirmLink('slow@example.com');
    await restock(p, 'M', 3);
    const back = await confirmSignUp(slow);
    expect(back.json()).toEqual({
      product_id: p,
      size: 'M',
      in_stock: true,
      message: backAlready('Mohun Bagan Third', 'M'),
    });
    await sellOut(p, 'M');
    await restock(p, 'M', 1);
    expect(await mailsFor(p)).toEqual([]);
  });
});

describe('the mail when a size comes back', () => {
  it('mails each waiting address exactly once on a restock, with the size chosen in its link', async () => {
    const p = await createProduct(t.db, { name: 'Kerala Blasters Home', sizes: { M: 0, L: 0 } });
    await waitFor(p, 'M', ['one@example.com', 'two@example.com']);
    await waitFor(p, 'L', ['three@example.com']);
    expect((await restock(p, 'M', 4)).statusCode).toBe(200);
    expect(await mailsFor(p)).toEqual([
      {
        recipient: 'one@example.com',
        data: { product_id: p, name: 'Kerala Blasters Home', size: 'M' },
      },
      {
        recipient: 'two@example.com',
        data: { product_id: p, name: 'Kerala Blasters Home', size: 'M' },
      },
    ]);
    // More stock on a size in stock, and a sale and a restock later: nothing more.
    await restock(p, 'M', 2);
    await sellOut(p, 'M');
    await restock(p, 'M', 1);
    expect(await mailsFor(p)).toHaveLength(2);
    const waiting = (await owner.call('GET', `/api/admin/products/${p}/back-in-stock`)).json();
    expect(waiting.sizes).toEqual([
      { size: 'M', waiting: 0 },
      { size: 'L', waiting: 1 },
    ]);

    const mail = renderTemplate(
      'back-in-stock',
      { product_id: p, name: 'Kerala Blasters Home', size: 'M' },
      {
        shopName: 'Kitroom',
        publicUrl: 'https://kitroom.in',
        shopperFooter: [],
        staffFooter: [],
        supportEmail: '',
      },
    );
    expect(mail.subject).toBe('Kitroom: Kerala Blasters Home is back in size M');
    expect(mail.text).toContain(`https://kitroom.in/product/${p}?size=M`);
    expect((await t.drainOutbox()).sent).toBeGreaterThanOrEqual(2);
    const sent = await queryRows<{ status: string }>(
      t.db,
      sql`SELECT status FROM outbox WHERE template = 'back-in-stock'
            AND (data->>'product_id')::int = ${p}`,
    );
    expect(sent.map((s) => s.status)).toEqual(['sent', 'sent']);
  });

  it('mails on a CSV import that gives the size stock', async () => {
    const p = await createProduct(t.db, { name: 'CSV Import Jersey', sizes: { M: 0, L: 2 } });
    await waitFor(p, 'M', ['csv@example.com']);
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/admin/catalogue/csv',
      headers: { cookie: ownerCookie },
    });
    const [header, ...rows] = parse(exported.body, { bom: true }) as string[][];
    const row = rows.find((r) => Number(r[CSV_COLUMNS.indexOf('id')]) === p)!;
    row[CSV_COLUMNS.indexOf('sizes')] = 'M:5|L:2';
    const file = stringify([header!, row], { record_delimiter: 'windows' });
    const importCsv = async (mode: string, plan?: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/catalogue/csv?mode=${mode}${plan ? `&plan=${plan}` : ''}`,
        headers: { origin, cookie: ownerCookie, 'content-type': 'text/csv' },
        payload: file,
      });
      return JSON.parse(res.body.trim().split('\n').at(-1)!) as { plan?: string; outcome: string };
    };
    const dry = await importCsv('dry-run');
    const applied = await importCsv('apply', dry.plan);
    expect(applied.outcome).toBe('applied');
    expect(await stockOf(p, 'M')).toBe(5);
    expect((await mailsFor(p)).map((m) => m.recipient)).toEqual(['csv@example.com']);
  });

  it('mails when the sweep releases an unpaid order’s stock', async () => {
    const p = await createProduct(t.db, { sizes: { M: 0 } });
    const user = await createUser(t.db);
    const order = await createOrder(t.db, {
      userId: user.id,
      items: [{ productId: p, size: 'M', quantity: 1 }],
    });
    await t.db.execute(
      sql`UPDATE orders SET reserved_until = now() - interval '1 minute' WHERE id = ${order.id}`,
    );
    await waitFor(p, 'M', ['sweep@example.com']);
    await releaseExpiredOrders(t.db);
    expect(await stockOf(p, 'M')).toBe(1);
    expect((await mailsFor(p)).map((m) => m.recipient)).toEqual(['sweep@example.com']);
  });

  it('mails when staff cancel an unpaid order holding the last shirt', async () => {
    const p = await createProduct(t.db, { sizes: { M: 0 } });
    const user = await createUser(t.db);
    const order = await createOrder(t.db, {
      userId: user.id,
      items: [{ productId: p, size: 'M', quantity: 2 }],
    });
    await t.db.execute(
      sql`UPDATE orders SET reserved_until = now() + interval '30 minutes' WHERE id = ${order.id}`,
    );
    await waitFor(p, 'M', ['cancel@example.com']);
    const res = await owner.call('POST', `/api/admin/orders/${order.id}/cancel`, {
      reason: 'Shopper asked by phone',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(p, 'M')).toBe(2);
    expect((await mailsFor(p)).map((m) => m.recipient)).toEqual(['cancel@example.com']);
  });

  it('mails when a returned shirt is received', async () => {
    const returnId = await createReturn(t.db, { kind: 'return', status: 'approved' });
    const [line] = await queryRows<{ product_id: number }>(
      t.db,
      sql`SELECT i.product_id FROM order_return_items r JOIN order_items i ON i.id = r.order_item_id
           WHERE r.return_id = ${returnId}`,
    );
    const p = line!.product_id;
    await sellOut(p, 'M');
    await waitFor(p, 'M', ['return@example.com']);
    const res = await owner.call('POST', `/api/admin/returns/${returnId}/receive`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(p, 'M')).toBe(1);
    expect((await mailsFor(p)).map((m) => m.recipient)).toEqual(['return@example.com']);
  });

  it('sends one mail when a restock and a release raise the size at the same time', async () => {
    for (let round = 0; round < 3; round++) {
      const p = await createProduct(t.db, { sizes: { M: 0 } });
      const user = await createUser(t.db);
      const order = await createOrder(t.db, {
        userId: user.id,
        items: [{ productId: p, size: 'M', quantity: 1 }],
      });
      await t.db.execute(
        sql`UPDATE orders SET reserved_until = now() - interval '1 minute' WHERE id = ${order.id}`,
      );
      await waitFor(p, 'M', [`race${round}@example.com`]);
      const [restocked] = await Promise.all([restock(p, 'M', 3), releaseExpiredOrders(t.db)]);
      expect(restocked.statusCode).toBe(200);
      expect(await stockOf(p, 'M')).toBe(4);
      expect((await mailsFor(p)).map((m) => m.recipient)).toEqual([`race${round}@example.com`]);
    }
  });
});

describe('while a kit launch holds the jersey (issue 42)', () => {
  it('a piece back mails nobody until the launch is over or canceled; then the sweep mails the sizes in stock, once', async () => {
    const p = await createProduct(t.db, { sizes: { M: 0, L: 0 } });
    await waitFor(p, 'M', ['meera@example.com']);
    await waitFor(p, 'L', ['lal@example.com']);
    const { id: launchId } = await createLaunch(t.db, { when: 'upcoming', productIds: [p] });

    // The owner loads stock for the drop: it is the launch's, not the waiting list's.
    expect((await restock(p, 'M', 5)).statusCode).toBe(200);
    expect(await mailsFor(p)).toEqual([]);
    // The launch goes on and its limits end; M still has pieces, L none.
    await t.db.execute(
      sql`UPDATE launches SET starts_at = now() - interval '2 hours',
                              limits_until = now() - interval '1 minute'
          WHERE id = ${launchId}`,
    );
    await sweepOrdersOnce(t.db, t.config.publicUrl);
    await sweepOrdersOnce(t.db, t.config.publicUrl);
    expect(await mailsFor(p)).toEqual([
      {
        recipient: 'meera@example.com',
        data: { product_id: p, name: expect.any(String), size: 'M' },
      },
    ]);
    // Over, the jersey is like any other: L back mails at once.
    expect((await restock(p, 'L', 1)).statusCode).toBe(200);
    expect((await mailsFor(p)).map((m) => m.recipient)).toEqual([
      'lal@example.com',
      'meera@example.com',
    ]);
  });

  it('a canceled launch’s jersey: the sweep mails the sizes in stock', async () => {
    const p = await createProduct(t.db, { sizes: { M: 0 } });
    await waitFor(p, 'M', ['noor@example.com']);
    const { id: launchId } = await createLaunch(t.db, { when: 'on', productIds: [p] });
    expect((await restock(p, 'M', 2)).statusCode).toBe(200);
    expect(await mailsFor(p)).toEqual([]);
    const manager = adminClient(t.app, origin, (await createStaff(t.db, 'manager')).cookie);
    expect((await manager.call('POST', `/api/admin/launches/${launchId}/cancel`)).statusCode).toBe(
      200,
    );
    await sweepOrdersOnce(t.db, t.config.publicUrl);
    expect((await mailsFor(p)).map((m) => m.recipient)).toEqual(['noor@example.com']);
  });
});
