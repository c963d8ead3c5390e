// Cart reminders (decision 065), end to end through the API, the sweep, the outbox and real
// SMTP: one reminder per cart and only one, none after an order (also one placed between the
// sweep and the send), none without consent, the mail's unsubscribe without a login (its page
// and the one-click POST), the reminder's coupon for that shopper only and once, the owner's
// settings (audited, bad ones refused) and the month's report from the order ledger.
import { sql } from 'drizzle-orm';
import { CART_REMINDER_CONSENT, CART_REMINDERS_STOPPED } from '@kitroom/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COUPON_ERRORS, grantCoupon, redeemCoupon } from '../coupons/index.js';
import { queryRows } from '../db/index.js';
import { orderLedger } from '../orders/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { createProduct, loggedInUser } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createLaunch } from '../test/launches.js';
import { createOrder } from '../test/order-factories.js';
import { startSmtpCatcher, type CaughtMail, type SmtpCatcher } from '../test/smtp.js';
import { createStaff } from '../test/staff.js';
import { LINK_NOT_VALID, writeDueReminders } from './recovery.service.js';

const URL_ = 'https://kitroom.example';
const WAIT = 60;
let t: TestApp;
let smtp: SmtpCatcher;
let owner: AdminClient;
let jersey: number;
let away: number;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: URL_ }, { orderSweep: false });
  owner = adminClient(t.app, URL_, (await createStaff(t.db, 'owner')).cookie);
  jersey = await createProduct(t.db, {
    name: 'Kerala Blasters Home Jersey 2024',
    pricePaise: 149_900,
    discountPricePaise: 129_900,
  });
  away = await createProduct(t.db, { name: 'India Away Jersey 2026', pricePaise: 99_900 });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const settings = (o: Record<string, unknown> = {}) => ({
  enabled: true,
  wait_minutes: WAIT,
  coupon_kind: null,
  coupon_value: null,
  coupon_valid_days: 7,
  ...o,
});

beforeEach(async () => {
  const res = await owner.call('PATCH', '/api/admin/settings/cart-reminders', settings());
  expect(res.statusCode, res.body).toBe(200);
});

/** After the wait: the sweep's clock. */
const later = (minutes = WAIT + 1) => new Date(Date.now() + minutes * 60_000);
const sweep = (minutes?: number) => writeDueReminders(t.db, URL_, later(minutes));

async function shopper(o: { consent?: boolean } = {}) {
  const user = await loggedInUser(t.db);
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie: user.cookie } });
  const s = {
    ...user,
    post,
    add: async (productId: number, size = 'M', quantity = 1) => {
      const res = await post('/api/cart_manage.php', {
        user_id: user.id,
        action: 'add',
        product_id: productId,
        size,
        quantity,
      });
      expect(res.statusCode, res.body).toBe(200);
    },
    // Checkout's call on open (decision 071) records the visit.
    reachCheckout: async () => {
      const res = await post('/api/checkout_start.php', {
        user_id: user.id,
        lines: [{ product_id: jersey, quantity: 1, price: 1299 }],
      });
      expect(res.statusCode, res.body).toBe(200);
    },
  };
  if (o.consent !== false) {
    const res = await post('/api/cart_reminders.php', { user_id: user.id, consent: true });
    expect(res.statusCode, res.body).toBe(200);
  }
  return s;
}

const remindersTo = (email: string) =>
  queryRows<{ status: string; data: { unsubscribe_url: string; coupon: { code: string } | null } }>(
    t.db,
    sql`SELECT status, data FROM outbox WHERE template = 'cart-reminder' AND recipient = ${email}
        ORDER BY id`,
  );

const mailsTo = (email: string): CaughtMail[] => smtp.mails.filter((m) => m.to.includes(email));

describe('consent (cart_reminders.php)', () => {
  it('is not given until the shopper gives it; the words and the time are kept; withdrawn in My Account', async () => {
    const s = await shopper({ consent: false });
    const read = await s.post('/api/cart_reminders.php', { user_id: s.id });
    expect(read.json()).toEqual({ consent: false, wording: CART_REMINDER_CONSENT, given_at: null });
    const given = await s.post('/api/cart_reminders.php', { user_id: s.id, consent: true });
    expect(given.json()).toMatchObject({ consent: true, wording: CART_REMINDER_CONSENT });
    expect(Date.parse(given.json().given_at)).toBeGreaterThan(Date.now() - 60_000);
    const withdrawn = await s.post('/api/cart_reminders.php', { user_id: s.id, consent: false });
    expect(withdrawn.json()).toMatchObject({ consent: false, given_at: null });
  });

  it('is asked at checkout once: while reminders are on and the shopper never answered', async () => {
    const s = await shopper({ consent: false });
    const asked = async () =>
      (
        await s.post('/api/checkout_start.php', {
          user_id: s.id,
          lines: [{ product_id: jersey, quantity: 1, price: 1299 }],
        })
      ).json().ask_consent as string | null;
    expect(await asked()).toBe(CART_REMINDER_CONSENT);
    await owner.call('PATCH', '/api/admin/settings/cart-reminders', settings({ enabled: false }));
    expect(await asked()).toBeNull();
    await owner.call('PATCH', '/api/admin/settings/cart-reminders', settings());
    // Ticked at checkout: given, with the words; not asked again.
    await s.post('/api/cart_reminders.php', { user_id: s.id, consent: true });
    expect(await asked()).toBeNull();
    // Withdrawn: not asked again at checkout either (My Account can give it again).
    await s.post('/api/cart_reminders.php', { user_id: s.id, consent: false });
    expect(await asked()).toBeNull();
  });

  it('responds 401 without a session and 400 for a consent that is not true or false', async () => {
    const s = await shopper({ consent: false });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/cart_reminders.php',
      payload: { user_id: s.id, consent: true },
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await s.post('/api/cart_reminders.php', { user_id: s.id, consent: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/consent must be true or false/);
  });
});

describe('the sweep', () => {
  it('mails one reminder of the cart after the wait, and only one', async () => {
    const s = await shopper();
    await s.add(jersey, 'M', 2);
    await s.reachCheckout();
    expect(await sweep(WAIT - 5)).toBe(0);
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    expect(await remindersTo(s.email)).toHaveLength(1);
    await t.drainOutbox();
    const [mail, ...more] = mailsTo(s.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Kitroom: your cart is waiting');
    expect(mail!.text).toContain('2 × Kerala Blasters Home Jersey 2024 (size M) — ₹2,598');
    expect(mail!.text).toContain('Cart total (shipping at checkout) ₹2,598');
    expect(mail!.text).toContain(`Back to my cart: ${URL_}/cart`);
    expect(mail!.html).toContain(`src="${URL_}/images/products/test.webp"`);
    const unsubscribe = /Unsubscribe from cart reminders: (\S+)/.exec(mail!.text)![1]!;
    expect(unsubscribe).toMatch(new RegExp(`^${URL_}/unsubscribe/[\\w-]+$`));
    expect(mail!.headers['list-unsubscribe']).toBe(`<${unsubscribe}>`);
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // The same cart, at checkout again and left again: no second mail.
    await s.reachCheckout();
    await sweep();
    await t.drainOutbox();
    expect(await remindersTo(s.email)).toHaveLength(1);
    expect(mailsTo(s.email)).toHaveLength(1);
  });

  it('a cart changed and left at checkout again is a new cart: one more reminder', async () => {
    const s = await shopper();
    await s.add(jersey);
    await s.reachCheckout();
    await sweep();
    await s.add(away, 'L');
    await s.reachCheckout();
    await sweep();
    await t.drainOutbox();
    expect(await remindersTo(s.email)).toHaveLength(2);
    // The outbox sends the two at once, in either order: one is of the changed cart.
    const mails = mailsTo(s.email);
    expect(mails).toHaveLength(2);
    expect(mails.filter((m) => m.text.includes('India Away Jersey 2026 (size L)'))).toHaveLength(1);
  });

  it('writes none for a shopper who ordered after reaching checkout', async () => {
    const s = await shopper();
    await s.add(jersey);
    await s.reachCheckout();
    await createOrder(t.db, { userId: s.id, items: [{ productId: away, size: 'M', quantity: 1 }] });
    await sweep();
    expect(await remindersTo(s.email)).toEqual([]);
  });

  it('cancels the reminder when an order comes between the sweep and the send', async () => {
    const s = await shopper();
    await s.add(jersey);
    await s.reachCheckout();
    await sweep();
    expect(await remindersTo(s.email)).toMatchObject([{ status: 'pending' }]);
    await createOrder(t.db, {
      userId: s.id,
      items: [{ productId: jersey, size: 'M', quantity: 1 }],
    });
    await t.drainOutbox();
    expect(await remindersTo(s.email)).toMatchObject([{ status: 'canceled' }]);
    expect(mailsTo(s.email)).toEqual([]);
  });

  it('writes none without consent, after it is withdrawn, for an erased account, or when turned off', async () => {
    const never = await shopper({ consent: false });
    const withdrew = await shopper();
    await withdrew.post('/api/cart_reminders.php', { user_id: withdrew.id, consent: false });
    const erased = await shopper();
    const off = await shopper();
    for (const s of [never, withdrew, erased, off]) {
      await s.add(jersey);
      await s.reachCheckout();
    }
    await t.db.execute(sql`UPDATE users SET erased_at = now() WHERE id = ${erased.id}`);
    await owner.call('PATCH', '/api/admin/settings/cart-reminders', settings({ enabled: false }));
    expect(await sweep()).toBe(0);
    await owner.call('PATCH', '/api/admin/settings/cart-reminders', settings());
    await sweep();
    for (const s of [never, withdrew, erased]) expect(await remindersTo(s.email)).toEqual([]);
    expect(await remindersTo(off.email)).toHaveLength(1);
  });

  it('waits for a kit launch to end before reminding a cart with its jersey', async () => {
    const drop = await createProduct(t.db, { name: 'Malabar FC Home 26/27', pricePaise: 149_900 });
    // Its limits end two hours from now; the sweep's clock below moves past the wait, then past them.
    await createLaunch(t.db, {
      when: 'on',
      productIds: [drop],
      limitsUntil: new Date(Date.now() + 120 * 60_000),
    });
    const s = await shopper();
    await s.add(drop);
    await s.add(away, 'L');
    await s.reachCheckout();
    await sweep();
    expect(await remindersTo(s.email)).toEqual([]);
    await sweep(125);
    await t.drainOutbox();
    expect(await remindersTo(s.email)).toHaveLength(1);
    expect(mailsTo(s.email)[0]!.text).toContain('1 × Malabar FC Home 26/27 (size M)');
  });

  it('shows only what can still be bought, and writes none for a cart sold out altogether', async () => {
    const gone = await createProduct(t.db, {
      name: 'Gokulam Kerala Away 2025',
      pricePaise: 99_900,
    });
    await t.db.execute(sql`UPDATE product_sizes SET stock = 0 WHERE product_id = ${gone}`);
    const both = await shopper();
    await both.add(jersey);
    await t.db.execute(sql`UPDATE product_sizes SET stock = 5 WHERE product_id = ${gone}`);
    await both.add(gone);
    const onlyGone = await shopper();
    await onlyGone.add(gone);
    await t.db.execute(sql`UPDATE product_sizes SET stock = 0 WHERE product_id = ${gone}`);
    await both.reachCheckout();
    await onlyGone.reachCheckout();
    await sweep();
    await t.drainOutbox();
    expect(await remindersTo(onlyGone.email)).toEqual([]);
    const [mail] = mailsTo(both.email);
    expect(mail!.text).toContain('1 × Kerala Blasters Home Jersey 2024 (size M)');
    expect(mail!.text).not.toContain('Gokulam');
    expect(mail!.text).toContain('Cart total (shipping at checkout) ₹1,299');
  });

  it('writes none for a shopper who reached checkout with an empty cart', async () => {
    const s = await shopper();
    await s.reachCheckout();
    await sweep();
    expect(await remindersTo(s.email)).toEqual([]);
  });
});

describe('unsubscribe', () => {
  async function remindedShopper() {
    const s = await shopper();
    await s.add(jersey);
    await s.reachCheckout();
    await sweep();
    const [row] = await remindersTo(s.email);
    const token = new URL(row!.data.unsubscribe_url).pathname.split('/')[2]!;
    return { s, token };
  }

  it("the mail's link works without a login and stops further reminders", async () => {
    const { s, token } = await remindedShopper();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart_reminders_unsubscribe.php',
      payload: { token },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: CART_REMINDERS_STOPPED });
    const read = await s.post('/api/cart_reminders.php', { user_id: s.id });
    expect(read.json().consent).toBe(false);
    // A new cart left at checkout: nothing more.
    await s.add(away, 'L');
    await s.reachCheckout();
    await sweep();
    expect(await remindersTo(s.email)).toHaveLength(1);
    // The link again is harmless.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/cart_reminders_unsubscribe.php',
      payload: { token },
    });
    expect(again.statusCode).toBe(200);
  });

  it("a mail client's one-click POST (RFC 8058) unsubscribes", async () => {
    const { s, token } = await remindedShopper();
    const res = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    const read = await s.post('/api/cart_reminders.php', { user_id: s.id });
    expect(read.json().consent).toBe(false);
  });

  it('responds 404 for a link not of ours and 400 for no token', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/cart_reminders_unsubscribe.php',
      payload: { token: 'not-a-token' },
    });
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toEqual({ error: LINK_NOT_VALID });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/cart_reminders_unsubscribe.php',
      payload: { token: ' ' },
    });
    expect(empty.statusCode).toBe(400);
    const oneClick = await t.app.inject({
      method: 'POST',
      url: '/unsubscribe/not-a-token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(404);
  });
});

describe("the reminder's coupon", () => {
  it('is in the mail with its end, works for that shopper only, and once', async () => {
    await owner.call(
      'PATCH',
      '/api/admin/settings/cart-reminders',
      settings({ coupon_kind: 'percent', coupon_value: 10, coupon_valid_days: 3 }),
    );
    const s = await shopper();
    await s.add(jersey);
    await s.reachCheckout();
    await sweep();
    await t.drainOutbox();
    const [row] = await remindersTo(s.email);
    const code = row!.data.coupon!.code;
    const mail = mailsTo(s.email)[0]!;
    expect(mail.text).toContain(`Your coupon: ${code}`);
    expect(mail.text).toContain('It gives: 10% off');
    expect(mail.text).toMatch(/Use it by: \d{1,2} [A-Z][a-z]{2} \d{4}/);

    const lines = [{ product_id: jersey, size: 'M', quantity: 1 }];
    const ask = (who: { id: number }) => ({
      user_id: who.id,
      coupon_code: code,
      total_amount: 1299,
      items: lines,
    });
    const mine = await s.post('/api/coupons.php', ask(s));
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ success: true, discount_amount: 130 });
    const other = await shopper();
    const theirs = await other.post('/api/coupons.php', ask(other));
    expect(theirs.json()).toEqual({ success: false, error: COUPON_ERRORS.unknown });

    const grant = await grantCoupon(t.db, { code, userId: s.id, now: new Date() });
    expect(grant.ok).toBe(true);
    const order = await createOrder(t.db, {
      userId: s.id,
      items: [{ productId: jersey, size: 'M', quantity: 1 }],
    });
    const couponId = grant.ok ? grant.couponId : 0;
    expect(
      await redeemCoupon(t.db, {
        couponId,
        userId: s.id,
        orderId: order.id,
        discountPaise: 12_990,
      }),
    ).toEqual({ ok: true });
    expect(await grantCoupon(t.db, { code, userId: s.id, now: new Date() })).toEqual({
      ok: false,
      error: COUPON_ERRORS.exhausted,
    });
  });
});

describe("the owner's settings", () => {
  it('are read back as saved and audited', async () => {
    const res = await owner.call(
      'PATCH',
      '/api/admin/settings/cart-reminders',
      settings({ wait_minutes: 120, coupon_kind: 'flat', coupon_value: 10_000 }),
    );
    expect(res.json()).toMatchObject({
      settings: { enabled: true, wait_minutes: 120, coupon_kind: 'flat', coupon_value: 10_000 },
      min_wait_minutes: 30,
    });
    const read = await owner.call('GET', '/api/admin/settings/cart-reminders');
    expect(read.json().settings).toMatchObject({ wait_minutes: 120, coupon_value: 10_000 });
    const [audit] = await queryRows<{ after: { wait_minutes: number } }>(
      t.db,
      sql`SELECT after FROM audit_log WHERE entity = 'cart_reminder_settings' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit!.after.wait_minutes).toBe(120);
  });

  it.each([
    [{ wait_minutes: 10 }, 'The wait must be at least 30 minutes.'],
    [{ wait_minutes: 20_000 }, 'The wait can be at most 7 days (10080 minutes).'],
    [{ coupon_kind: 'percent', coupon_value: 150 }, 'A percentage off can be at most 100.'],
    [{ coupon_kind: 'flat' }, 'A coupon needs both its kind and its value (or neither).'],
    [{ coupon_valid_days: 0 }, 'The coupon must work for at least 1 day.'],
    [{ enabled: 'yes' }, 'enabled must be true or false'],
  ])('refuses %j with a 400 that says why', async (change, message) => {
    const res = await owner.call('PATCH', '/api/admin/settings/cart-reminders', settings(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
  });
});

describe('the report', () => {
  it("counts the month's reminders sent, the carts recovered, their ledger money and coupons used", async () => {
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const read = async () => {
      const res = await owner.call('GET', `/api/admin/reports/cart-reminders?month=${month}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const before = await read();
    const back = await shopper();
    await back.add(jersey);
    await back.reachCheckout();
    const gone = await shopper();
    await gone.add(away);
    await gone.reachCheckout();
    await sweep();
    await t.drainOutbox();
    // One comes back and pays on delivery; the other does not.
    const order = await createOrder(t.db, {
      userId: back.id,
      items: [{ productId: jersey, size: 'M', quantity: 1 }],
      paymentStatus: 'SUCCESS',
    });
    await t.db.execute(sql`UPDATE orders SET payment_method = 'COD' WHERE id = ${order.id}`);
    const kept = (await orderLedger(t.db, order.id))!.kept_paise;
    expect(kept).toBe(order.totalPaise);
    const after = await read();
    expect(after.sent - before.sent).toBe(2);
    expect(after.recovered - before.recovered).toBe(1);
    expect(after.revenue_paise - before.revenue_paise).toBe(kept);
  });

  it('refuses a month that is not one', async () => {
    const res = await owner.call('GET', '/api/admin/reports/cart-reminders?month=2026-13');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/month must be a month like 2026-11/);
  });
});
