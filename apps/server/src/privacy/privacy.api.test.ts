// A shopper's data rights through the HTTP calls (PGlite, and PostgreSQL with
// TEST_DATABASE=postgres): my_data.php returns everything kept about the shopper and nothing
// of anyone else's; delete_account.php erases the account at once — keeping exactly what the
// issued invoices need — or waits while an order or return is open, and the sweep finishes it
// once settled; the erased address may register again; staff see the requests.
import {
  CART_REMINDER_CONSENT,
  ACCOUNT_ERASED_MESSAGE,
  DELETE_CONFIRM_MISMATCH,
  ERASED_SHOPPER_NAME,
} from '@kitroom/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILED, SESSION_COOKIE } from '../accounts/index.js';
import {
  cartItems,
  feedback,
  referralClicks,
  reviews,
  shippingAddresses,
  wholesaleApplications,
  queryRows,
} from '../db/index.js';
import * as fulfilment from '../fulfilment/index.js';
import { orderContexts, type OrderContext } from '../orders/index.js';
import type { Actor } from '../staff/index.js';
import { adminClient } from '../test/admin-client.js';
import { testBrowser, type TestBrowser } from '../test/browser.js';
import { paidOrder, type Shopper } from '../test/checkout.js';
import { createProduct, createUser, shippingAddressInput } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createLaunch } from '../test/launches.js';
import { startSmtpCatcher, type SmtpCatcher } from '../test/smtp.js';
import { createStaff } from '../test/staff.js';
import { EXPORTED_TABLES } from './data-export.service.js';
import { erasedEmail, sweepErasures } from './erasure.service.js';
import { MY_DATA_PER_HOUR } from './privacy.routes.js';

let t: TestApp;
let smtp: SmtpCatcher;
let ctx: OrderContext;
let packer: Actor;
let jersey: number; // ₹1,299; one to Kerala is ₹1,359

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApp({ SMTP_URL: smtp.url }, { orderSweep: false });
  ctx = orderContexts({ database: t.database, config: t.config })(t.app.log);
  jersey = await createProduct(t.db, { pricePaise: 129_900, sizes: { M: 50, L: 50 } });
  packer = { staffId: (await createStaff(t.db, 'packer')).id, ip: '10.0.0.1' };
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let n = 0;
const PASSWORD = 'old-password-1';

interface Person extends Shopper {
  name: string;
  browser: TestBrowser;
}

/** A shopper logged in through the login call, in a browser tab of their own. */
async function person(name = 'Asha Menon'): Promise<Person> {
  n += 1;
  const email = `asha.${n}.${Date.now()}@example.com`;
  const user = await createUser(t.db, { name, email, password: PASSWORD });
  const browser = testBrowser(t.app);
  const login = await browser.post('/api/login_verification.php', { email, password: PASSWORD });
  expect(login.statusCode, login.body).toBe(200);
  return {
    id: user.id,
    email,
    name,
    browser,
    cookie: `${SESSION_COOKIE}=${browser.cookie}`,
    post: (url, payload) => browser.post(url, payload),
  };
}

const shipment = {
  courierName: 'Delhivery',
  trackingId: 'DLV123456789',
  trackingLink: 'https://www.delhivery.com/track/package/DLV123456789',
  expectedDate: '2026-12-03',
};

const buy = (who: Shopper) =>
  paidOrder(t, who, [{ product_id: jersey, size: 'M', quantity: 1 }], 1359);

/** Paid, packed, shipped (its tax invoice issued) and delivered. */
async function deliveredOrder(who: Shopper): Promise<number> {
  const id = await buy(who);
  await fulfilment.packOrders(ctx, packer, [id]);
  await fulfilment.shipOrder(ctx, packer, id, shipment);
  await fulfilment.deliverOrder(ctx, packer, id);
  return id;
}

/**
 * A shopper with a delivered (invoiced) order and a cancelled one, an address, a cart line,
 * a wishlist heart, a back-in-stock sign-up, a review, a wholesale application, feedback and a referral click.
 */
async function busyShopper(): Promise<
  Person & { delivered: number; canceled: number; clickCode: string }
> {
  const p = await person();
  const saved = await p.post('/api/address.php', {
    user_id: p.id,
    shipping_address: shippingAddressInput({ first_name: 'Asha', last_name: 'Menon' }),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const delivered = await deliveredOrder(p);
  const canceled = await buy(p);
  const cancel = await p.post('/api/order_cancel.php', {
    user_id: p.id,
    order_id: canceled,
    reason: 'Ordered the wrong size',
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
  await t.db.insert(cartItems).values({ userId: p.id, productId: jersey, size: 'L', quantity: 2 });
  const hearted = await p.post('/api/wishlist_manage.php', {
    user_id: p.id,
    action: 'add',
    product_id: jersey,
  });
  expect(hearted.statusCode, hearted.body).toBe(200);
  // Ticked at a checkout of a shop that sends WhatsApp updates (decision 066).
  await t.db.execute(
    sql`INSERT INTO whatsapp_consents (user_id, phone, wording)
        VALUES (${p.id}, '919876543210', 'Send me order updates on WhatsApp at +91 98765 43210')`,
  );
  const soldOut = await createProduct(t.db, { name: 'Gokulam Away Jersey', sizes: { XL: 0 } });
  const notify = await p.post('/api/back_in_stock.php', { product_id: soldOut, size: 'XL' });
  expect(notify.statusCode, notify.body).toBe(200);
  await t.db.insert(reviews).values({
    userId: p.id,
    productId: jersey,
    orderId: delivered,
    rating: 5,
    subject: 'Perfect fit',
    comment: 'True to size.',
  });
  await t.db.insert(wholesaleApplications).values({
    userId: p.id,
    shopName: 'Menon Sports',
    shopLocation: 'Thrissur',
    gst: null,
    requestingPerson: 'Asha Menon',
    contactNumber: '9847012345',
  });
  await t.db.insert(feedback).values({ userId: p.id, feedback: 'Please stock Gokulam kits.' });
  const agreed = await p.post('/api/cart_reminders.php', { user_id: p.id, consent: true });
  expect(agreed.statusCode, agreed.body).toBe(200);
  const reached = await p.post('/api/checkout_start.php', {
    user_id: p.id,
    lines: [{ product_id: await createProduct(t.db), quantity: 1, price: 899 }],
  });
  expect(reached.statusCode, reached.body).toBe(200);
  // A kit launch: the mail asked for, and a place in its waiting room (decision 070).
  const drop = await createLaunch(t.db, { name: 'Gokulam Third Kit', queueOpensMinutes: 120 });
  const alert = await p.post('/api/launch_alert.php', {
    user_id: p.id,
    product_id: drop.productIds[0]!,
  });
  expect(alert.statusCode, alert.body).toBe(200);
  const queued = await p.post('/api/launch_queue.php', {
    user_id: p.id,
    product_id: drop.productIds[0]!,
  });
  expect(queued.statusCode, queued.body).toBe(200);
  const clickCode = `INSTA${n}`;
  await t.db.insert(referralClicks).values({
    kind: 'campaign',
    code: clickCode,
    valid: false,
    userId: p.id,
  });
  return { ...p, delivered, canceled, clickCode };
}

const myData = (p: Person, userId = p.id) => p.post('/api/my_data.php', { user_id: userId });
const deleteAccount = (p: Person, email: string, userId = p.id) =>
  p.post('/api/delete_account.php', { user_id: userId, action: 'delete', email });
const status = (p: Person) =>
  p.post('/api/delete_account.php', { user_id: p.id, action: 'status' });

type Json = Record<string, unknown>;
const rowsOf = (sqlText: ReturnType<typeof sql>) => queryRows<Json>(t.db, sqlText);

describe('my_data.php: a copy of everything kept about the shopper', () => {
  it('returns the profile, address, cart, wishlist, back-in-stock sign-ups, orders with their timelines and documents, reviews, wholesale application, feedback, clicks and sessions — and nothing of another shopper', async () => {
    const other = await busyShopper();
    const p = await busyShopper();
    const res = await myData(p);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="kitroom-my-data-${p.id}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = res.json();

    expect(data.profile).toMatchObject({ id: p.id, name: 'Asha Menon', email: p.email });
    expect(data.shipping_address).toMatchObject({ first_name: 'Asha', city: 'Kozhikode' });
    expect(data.cart).toEqual([expect.objectContaining({ size: 'L', quantity: 2 })]);
    expect(data.wishlist).toEqual([expect.objectContaining({ product_id: jersey })]);
    expect(data.whatsapp_updates).toEqual([
      expect.objectContaining({
        phone: '919876543210',
        wording: 'Send me order updates on WhatsApp at +91 98765 43210',
        opted_out_at: null,
      }),
    ]);
    expect(data.launch_alerts).toEqual([expect.objectContaining({ launch: 'Gokulam Third Kit' })]);
    expect(data.launch_queue).toEqual([
      expect.objectContaining({ launch: 'Gokulam Third Kit', position: 1 }),
    ]);
    expect(data.back_in_stock_requests).toEqual([
      expect.objectContaining({
        product_name: 'Gokulam Away Jersey',
        size: 'XL',
        notified_at: null,
      }),
    ]);
    expect(data.orders.map((o: Json) => o.id)).toEqual([p.delivered, p.canceled]);
    const [delivered, canceled] = data.orders;
    expect(delivered).toMatchObject({
      order_status: 'Completed',
      total_paise: 135_900,
      tracking_id: 'DLV123456789',
    });
    expect(delivered.items).toEqual([
      expect.objectContaining({ product_id: jersey, size: 'M', quantity: 1 }),
    ]);
    expect(delivered.timeline.map((e: Json) => e.type)).toEqual([
      'placed',
      'paid',
      'packed',
      'shipped',
      'delivered',
    ]);
    expect(delivered.payments).toEqual([
      expect.objectContaining({ status: 'paid', amount_paise: 135_900 }),
    ]);
    expect(delivered.tax_documents).toEqual([
      expect.objectContaining({ kind: 'invoice', total_paise: 135_900 }),
    ]);
    expect(canceled).toMatchObject({
      order_status: 'Canceled',
      cancel_reason: 'Ordered the wrong size',
    });
    expect(canceled.refunds).toEqual([expect.objectContaining({ amount_paise: 135_900 })]);
    expect(canceled.tax_documents).toEqual([]);
    expect(data.reviews).toEqual([
      expect.objectContaining({ subject: 'Perfect fit', order_id: p.delivered, rating: 5 }),
    ]);
    expect(data.wholesale_application).toMatchObject({
      shop_name: 'Menon Sports',
      status: 'pending',
    });
    expect(data.feedback).toEqual([
      expect.objectContaining({ feedback: 'Please stock Gokulam kits.' }),
    ]);
    expect(data.referral_clicks).toEqual([expect.objectContaining({ code: p.clickCode })]);
    // Sessions: when, never the secret.
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(Object.keys(data.sessions[0]).sort()).toEqual(['created_at', 'expires_at']);
    expect(res.body).not.toContain(p.browser.cookie!);
    expect(data.erasure_request).toBeNull();
    expect(data.cart_reminder_consent).toEqual([
      expect.objectContaining({ wording: CART_REMINDER_CONSENT, withdrawn_at: null }),
    ]);
    expect(data.checkout_visits).toHaveLength(1);
    expect(data.cart_reminders).toEqual([]);

    // Nothing of the other shopper's.
    expect(res.body).not.toContain(other.email);
    for (const id of [other.delivered, other.canceled]) {
      expect(data.orders.some((o: Json) => o.id === id)).toBe(false);
    }
  });

  it('covers every table that has a user_id column', async () => {
    const tables = await rowsOf(
      sql`SELECT DISTINCT table_name FROM information_schema.columns
          WHERE table_schema = 'public' AND column_name = 'user_id' ORDER BY table_name`,
    );
    expect(tables.map((r) => r.table_name)).toEqual([...EXPORTED_TABLES].sort());
  });

  it('is the session’s user’s only, and limited', async () => {
    const p = await person();
    const other = await person();
    expect((await myData(p, other.id)).statusCode).toBe(403);
    const visitor = testBrowser(t.app);
    expect((await visitor.post('/api/my_data.php', { user_id: p.id })).statusCode).toBe(401);
    expect((await p.post('/api/my_data.php', { user_id: 'me' })).statusCode).toBe(400);
    for (let i = 0; i < MY_DATA_PER_HOUR; i++) expect((await myData(p)).statusCode).toBe(200);
    const tooMany = await myData(p);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().error).toMatch(/^Too many downloads of your data\./);
  });
});

describe('delete_account.php: erasing the account', () => {
  it('erases at once when nothing is open, keeping exactly what the issued invoice needs', async () => {
    const p = await busyShopper();
    const invoicesBefore = await rowsOf(
      sql`SELECT * FROM tax_documents WHERE order_id = ${p.delivered} ORDER BY id`,
    );
    expect(invoicesBefore).toHaveLength(1);
    const [deliveredBefore] = await rowsOf(
      sql`SELECT shipping_address, mobile_number FROM orders WHERE id = ${p.delivered}`,
    );
    const oldCookie = p.browser.cookie!;

    const res = await deleteAccount(p, `  ${p.email.toUpperCase()} `);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ state: 'done', message: ACCOUNT_ERASED_MESSAGE });
    expect(p.browser.cookie).toBeUndefined();

    // The account row: placeholders only.
    const [user] = await rowsOf(
      sql`SELECT name, email, phone_number, password_hash, erased_at FROM users
          WHERE id = ${p.id}`,
    );
    expect(user).toMatchObject({
      name: ERASED_SHOPPER_NAME,
      email: erasedEmail(p.id),
      phone_number: '',
      password_hash: '!',
    });
    expect(user!.erased_at).not.toBeNull();
    // Gone: sessions, address, cart, wishlist, back-in-stock sign-ups, wholesale application, feedback; the click is anonymous.
    const count = async (table: string, where = sql`user_id = ${p.id}`) =>
      (await rowsOf(sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE ${where}`))[0]!.n;
    expect(await count('sessions')).toBe(0);
    expect(await count('shipping_addresses')).toBe(0);
    expect(await count('cart_items')).toBe(0);
    expect(await count('wishlist_items')).toBe(0);
    expect(await count('whatsapp_consents')).toBe(0);
    expect(await count('recovery_consents')).toBe(0);
    expect(await count('checkout_visits')).toBe(0);
    expect(await count('launch_alerts')).toBe(0);
    expect(await count('launch_queue')).toBe(0);
    expect(await count('back_in_stock_requests', sql`email = ${p.email}`)).toBe(0);
    expect(await count('wholesale_applications')).toBe(0);
    expect(await count('feedback')).toBe(0);
    expect(await count('referral_clicks')).toBe(0);
    expect(await count('referral_clicks', sql`code = ${p.clickCode} AND user_id IS NULL`)).toBe(1);
    expect(
      await t.db.select().from(shippingAddresses).where(eq(shippingAddresses.userId, p.id)),
    ).toEqual([]);
    // The invoiced order keeps its address as invoiced; the other loses it (not its state).
    const [delivered] = await rowsOf(
      sql`SELECT shipping_address, mobile_number FROM orders WHERE id = ${p.delivered}`,
    );
    expect(delivered).toEqual(deliveredBefore);
    const [canceled] = await rowsOf(
      sql`SELECT shipping_address, mobile_number, state, total_paise FROM orders
          WHERE id = ${p.canceled}`,
    );
    expect(canceled).toEqual({
      shipping_address: {
        first_name: '',
        last_name: '',
        street_name: '',
        city: '',
        state: 'Kerala',
        pincode: '',
        phone: '',
      },
      mobile_number: '',
      state: 'Kerala',
      total_paise: 135_900,
    });
    // Tax documents: unchanged.
    expect(
      await rowsOf(sql`SELECT * FROM tax_documents WHERE order_id = ${p.delivered} ORDER BY id`),
    ).toEqual(invoicesBefore);
    // The review stays, signed as the shop's shopper.
    const page = await t.app.inject({
      method: 'POST',
      url: '/api/product.php',
      payload: { product_id: jersey },
    });
    const shown = page.json()[0].reviews.find((r: Json) => r.subject === 'Perfect fit');
    expect(shown.user_name).toBe('a Kitroom shopper');
    // The audit log: who and which orders, no name or address.
    const [entry] = await rowsOf(
      sql`SELECT staff_id, action, after FROM audit_log
          WHERE entity = 'user' AND entity_id = ${String(p.id)} ORDER BY id DESC LIMIT 1`,
    );
    expect(entry).toEqual({
      staff_id: null,
      action: 'erase',
      after: {
        by: 'shopper',
        orders_kept_with_invoice: [p.delivered],
        orders_address_erased: [p.canceled],
      },
    });
    // The old session is over.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/profile.php',
      headers: { cookie: `${SESSION_COOKIE}=${oldCookie}` },
      payload: { id: p.id },
    });
    expect(again.statusCode).toBe(401);

    // The confirmation goes to the address the account had, through the outbox.
    await t.drainOutbox();
    const mail = smtp.takeMail(p.email);
    expect(mail.subject).toBe('Kitroom: your account has been deleted');
    expect(mail.text).toContain('Hello Asha Menon,');
    expect(mail.text).toContain(`#${p.delivered}`);
    // No earlier mail of theirs is left, and the sweep forgets the confirmation's address.
    await sweepErasures({ db: t.db, publicUrl: t.config.publicUrl });
    expect(await rowsOf(sql`SELECT id FROM outbox WHERE recipient = ${p.email}`)).toEqual([]);
  });

  it('lets the old address log in no more, and register anew as a new account', async () => {
    const p = await person();
    expect((await deleteAccount(p, p.email)).json().state).toBe('done');
    const b = testBrowser(t.app);
    const login = await b.post('/api/login_verification.php', {
      email: p.email,
      password: PASSWORD,
    });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual({ error: LOGIN_FAILED });

    const sent = await b.post('/api/PHPMailer/send_email.php', { email: p.email, action: 'send' });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = smtp.takeCode(p.email);
    const verified = await b.post('/api/otpprocess.php', { email: p.email, otp: code });
    expect(verified.statusCode, verified.body).toBe(200);
    const signup = await b.post('/api/signup.php', {
      name: 'Asha Menon',
      email: p.email,
      password: 'new-password-2',
      mobile_number: '9876543210',
    });
    expect(signup.statusCode, signup.body).toBe(200);
    expect(signup.json().user_id).not.toBe(p.id);
  });

  it('waits while an order is on its way, and the sweep erases once it is delivered', async () => {
    const p = await person();
    const orderId = await buy(p);
    const waitText = `We will erase your account once order #${orderId} is delivered or cancelled.`;
    const res = await deleteAccount(p, p.email);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ state: 'waiting', message: waitText });
    expect((await status(p)).json()).toEqual({ state: 'waiting', message: waitText });
    // Still an account, still logged in.
    const profile = await p.post('/api/profile.php', { id: p.id });
    expect(profile.json().user.email).toBe(p.email);

    await fulfilment.packOrders(ctx, packer, [orderId]);
    await fulfilment.shipOrder(ctx, packer, orderId, shipment);
    expect(await sweepErasures({ db: t.db, publicUrl: t.config.publicUrl })).toBe(0);
    expect((await status(p)).json().state).toBe('waiting');

    await fulfilment.deliverOrder(ctx, packer, orderId);
    expect(await sweepErasures({ db: t.db, publicUrl: t.config.publicUrl })).toBe(1);
    const [user] = await rowsOf(sql`SELECT name, email FROM users WHERE id = ${p.id}`);
    expect(user).toEqual({ name: ERASED_SHOPPER_NAME, email: erasedEmail(p.id) });
    const [entry] = await rowsOf(
      sql`SELECT action, after->>'by' AS by, actor FROM audit_log
          WHERE entity = 'user' AND entity_id = ${String(p.id)} ORDER BY id`,
    );
    expect(entry).toEqual({ action: 'erasure-requested', by: 'shopper', actor: 'shopper' });
    // The log names the sweep that erased the account once its orders were done.
    const [erased] = await rowsOf(
      sql`SELECT after->>'by' AS by, actor FROM audit_log
          WHERE entity = 'user' AND entity_id = ${String(p.id)} AND action = 'erase'`,
    );
    expect(erased).toEqual({ by: 'system', actor: 'sweep' });
    await t.drainOutbox();
    expect(smtp.takeMail(p.email).subject).toBe('Kitroom: your account has been deleted');
  });

  it('waits while a return’s bank transfer is owed, then keeps only its masked destination', async () => {
    const p = await person();
    const orderId = await deliveredOrder(p);
    // A received return refunded by a transfer the owner still has to make (a cash-on-delivery
    // order's, decision 056), to the account the shopper gave.
    const account = {
      method: 'bank',
      account_name: 'Asha Menon',
      account_number: '123456789012',
      ifsc: 'SBIN0001234',
    };
    const [ret] = await rowsOf(
      sql`INSERT INTO order_returns (order_id, kind, status, reason, payout, received_at)
          VALUES (${orderId}, 'return', 'received', 'Too small', ${JSON.stringify(account)}::jsonb,
            now())
          RETURNING id`,
    );
    const [refund] = await rowsOf(
      sql`INSERT INTO refunds (order_id, method, provider, amount_paise, idempotency_key,
            payout_to, status, return_id)
          VALUES (${orderId}, 'payout', 'payout', 123714, ${`return-erasure-${orderId}`},
            ${JSON.stringify(account)}::jsonb, 'pending', ${ret!.id as number})
          RETURNING id`,
    );
    const waitText = `We will erase your account once the return of order #${orderId} is settled.`;
    expect((await deleteAccount(p, p.email)).json()).toEqual({
      state: 'waiting',
      message: waitText,
    });
    expect(await sweepErasures({ db: t.db, publicUrl: t.config.publicUrl })).toBe(0);

    const owner = adminClient(
      t.app,
      new URL(t.config.publicUrl).origin,
      (await createStaff(t.db, 'owner')).cookie,
    );
    const paid = await owner.call('POST', `/api/admin/refunds/${refund!.id as number}/payout`, {
      utr: 'SBINN52026112901',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await sweepErasures({ db: t.db, publicUrl: t.config.publicUrl })).toBe(1);
    // The transfer's record stays for the accounts, its destination masked: the bank and the
    // account's last four digits, no name.
    const masked = {
      method: 'bank',
      account_name: ERASED_SHOPPER_NAME,
      account_number: 'XXXXXXXX9012',
      ifsc: 'SBIN0001234',
    };
    const [kept] = await rowsOf(
      sql`SELECT r.payout, f.payout_to, f.utr FROM order_returns r
          JOIN refunds f ON f.return_id = r.id WHERE r.id = ${ret!.id as number}`,
    );
    expect(kept).toEqual({ payout: masked, payout_to: masked, utr: 'SBINN52026112901' });
  });

  it('refuses a wrong confirmation, another’s account and a visitor, changing nothing', async () => {
    const p = await person();
    const other = await person();
    const wrong = await deleteAccount(p, other.email);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: DELETE_CONFIRM_MISMATCH });
    expect((await deleteAccount(p, 'not an email')).statusCode).toBe(400);
    expect((await deleteAccount(p, p.email, other.id)).statusCode).toBe(403);
    const visitor = testBrowser(t.app);
    const noSession = await visitor.post('/api/delete_account.php', {
      user_id: p.id,
      action: 'delete',
      email: p.email,
    });
    expect(noSession.statusCode).toBe(401);
    const bad = await p.post('/api/delete_account.php', { user_id: p.id, action: 'erase' });
    expect(bad.statusCode).toBe(400);
    const [user] = await rowsOf(sql`SELECT email, erased_at FROM users WHERE id = ${p.id}`);
    expect(user).toEqual({ email: p.email, erased_at: null });
    expect((await status(p)).json()).toEqual({ state: 'none', message: null });
  });
});

describe('the back office’s erasure requests', () => {
  it('lists waiting requests first, with the order holding each, to staff who may see shoppers', async () => {
    const waiting = await person('Ravi Kumar');
    const orderId = await buy(waiting);
    await deleteAccount(waiting, waiting.email);
    const done = await person();
    await deleteAccount(done, done.email);

    const support = adminClient(
      t.app,
      new URL(t.config.publicUrl).origin,
      (await createStaff(t.db, 'support')).cookie,
    );
    const res = await support.call('GET', '/api/admin/erasures');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const mine = body.erasures.filter((e: Json) =>
      [waiting.id, done.id].includes(Number(e.user_id)),
    );
    expect(mine).toEqual([
      expect.objectContaining({
        user_id: waiting.id,
        state: 'waiting',
        shopper: { name: 'Ravi Kumar', email: waiting.email },
        blocking_order_id: orderId,
        waiting_reason: `We will erase your account once order #${orderId} is delivered or cancelled.`,
        done_at: null,
      }),
      expect.objectContaining({
        user_id: done.id,
        state: 'done',
        shopper: null,
        blocking_order_id: null,
        done_at: expect.any(String),
      }),
    ]);
    expect(body.erasures[0].state).toBe('waiting');
    expect(body.waiting).toBeGreaterThanOrEqual(1);

    const packerClient = adminClient(
      t.app,
      new URL(t.config.publicUrl).origin,
      (await createStaff(t.db, 'packer')).cookie,
    );
    expect((await packerClient.call('GET', '/api/admin/erasures')).statusCode).toBe(403);
  });
});
