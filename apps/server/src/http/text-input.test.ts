// A null character or a broken Unicode sequence (a lone surrogate) in any text a client sends
// is refused with 400 {error}, before any call, query or page sees it: in a JSON body (as an
// escape, which JSON allows), in a query string, in a path parameter and in a page's path.
// Every call of the spec's table is tried with both, as a logged-in shopper whose ids are
// real, so that a call that would otherwise reach the database is the one tested.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { feedback, wholesaleApplications } from '../db/index.js';
import { createProduct, loggedInUser, shippingAddressInput } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createOrder } from '../test/order-factories.js';

const FORBIDDEN_TEXT_ERROR =
  'The request contains characters that are not allowed (a null character or a broken Unicode sequence).';

const MALFORMED_ADDRESS_ERROR =
  'The address of this request is not valid: a % must be followed by two hexadecimal digits.';

let t: TestApp;
let user: { id: number; email: string; cookie: string };
let productId: number;
let orderId: number;

beforeAll(async () => {
  t = await startTestApp();
  user = await loggedInUser(t.db);
  productId = await createProduct(t.db, { name: 'Kochi Home Jersey', category: 'Club' });
  orderId = (
    await createOrder(t.db, {
      userId: user.id,
      items: [{ productId, size: 'M', quantity: 1 }],
      paymentStatus: 'SUCCESS',
    })
  ).id;
});
afterAll(() => t?.close());

interface Call {
  /** The call's path under /api, as in the spec's table. */
  call: string;
  method?: 'GET' | 'POST';
  /** A body that would be accepted, but for `bad` in one of its text fields. */
  body?: (bad: string) => unknown;
  /** For calls without a body: a query string carrying `bad` (percent-encoded). */
  query?: (bad: string) => string;
}

const address = (bad: string) => shippingAddressInput({ street_name: `12 Beach${bad} Road` });

/** Every call of the spec's section 7, with the text field each one carries. */
const calls: Call[] = [
  // No URL can carry a lone surrogate: its nearest form is its bytes, which are not UTF-8.
  {
    call: 'home.php',
    method: 'GET',
    query: (bad) => `?page=${bad === '\u0000' ? '%00' : '%ED%A0%80'}`,
  },
  { call: 'product.php', body: (bad) => ({ product_id: `1${bad}` }) },
  { call: 'cart.php', body: (bad) => ({ user_id: `${user.id}${bad}` }) },
  {
    call: 'cart_manage.php',
    body: (bad) => ({
      user_id: user.id,
      action: 'add',
      product_id: productId,
      quantity: 1,
      size: `M${bad}`,
    }),
  },
  { call: 'shop.php', body: (bad) => ({ category: [`Club${bad}`] }) },
  { call: 'search_result.php', body: (bad) => ({ search: `messi${bad}` }) },
  { call: 'shipping_address.php', body: (bad) => ({ user_id: `${user.id}${bad}` }) },
  { call: 'address.php', body: (bad) => ({ user_id: user.id, shipping_address: address(bad) }) },
  { call: 'profile.php', body: (bad) => ({ id: `${user.id}${bad}` }) },
  { call: 'orders.php', body: (bad) => ({ user_id: user.id, order_id: `${orderId}${bad}` }) },
  {
    call: 'process_order.php',
    body: (bad) => ({
      user_id: user.id,
      shipping_address: address(bad),
      mobile_number: '9876543210',
      amount: 1559,
      affiliate_code: null,
      google_code: null,
      coupon_code: null,
      state: 'Kerala',
      items: [{ product_id: productId, size: 'M', quantity: 1 }],
    }),
  },
  { call: 'payment_processer.php', body: (bad) => ({ user_id: user.id, order_id: `1${bad}` }) },
  {
    call: 'order_cancel.php',
    body: (bad) => ({ user_id: user.id, order_id: orderId, reason: `Wrong size${bad}` }),
  },
  {
    call: 'order_return.php',
    body: (bad) => ({
      user_id: user.id,
      order_id: orderId,
      kind: 'return',
      reason: `Too small${bad}`,
      items: [{ order_item_id: 1, quantity: 1 }],
    }),
  },
  {
    call: 'coupons.php',
    body: (bad) => ({
      user_id: user.id,
      coupon_code: `WELCOME${bad}`,
      total_amount: 1559,
      product_id: [productId],
    }),
  },
  {
    call: 'add_reviews.php',
    body: (bad) => ({
      user_id: user.id,
      product_id: productId,
      order_id: orderId,
      rating: 5,
      subject: 'Great shirt',
      comment: `Fits well${bad}`,
    }),
  },
  {
    call: 'wholesale_agent.php',
    body: (bad) => ({
      user_id: user.id,
      shop_name: `Kochi Kits${bad}`,
      shop_location: 'Kochi',
      gst: '',
      requesting_person: 'Asha Menon',
      contact_number: '9876543210',
      about_shop: '',
    }),
  },
  { call: 'feedback.php', body: (bad) => ({ feedback: `Lovely shop${bad}`, user_id: user.id }) },
  {
    call: 'login_verification.php',
    body: (bad) => ({ email: `asha${bad}@example.com`, password: 'a-password' }),
  },
  {
    call: 'PHPMailer/send_email.php',
    body: (bad) => ({ email: `asha${bad}@example.com`, action: 'send' }),
  },
  { call: 'otpprocess.php', body: (bad) => ({ email: `asha${bad}@example.com`, otp: '123456' }) },
  {
    call: 'signup.php',
    body: (bad) => ({
      name: `Asha${bad}`,
      email: 'asha.signup@example.com',
      password: 'a-long-password',
      mobile_number: '9876543210',
    }),
  },
  { call: 'check_session.php', body: (bad) => ({ session_id: `abc${bad}` }) },
  // Not in the spec's table: the password calls of issue 15.
  { call: 'reset_password.php', body: (bad) => ({ user_id: user.id, password: `new-pass${bad}` }) },
  {
    call: 'change_password.php',
    body: (bad) => ({ user_id: user.id, current_password: `old${bad}`, new_password: 'new-pass' }),
  },
  { call: 'session_destroy.php', body: (bad) => ({ reason: `bye${bad}` }) },
  {
    call: 'user_affiliate.php',
    body: (bad) => ({ user_id: user.id, affiliate_code: 'KOCHI10', url: `/product/1${bad}` }),
  },
  {
    call: 'tracking.php',
    body: (bad) => ({ product_id: productId, affiliate_code: 'KOCHI10', url: `/x${bad}` }),
  },
  {
    call: 'google_code.php',
    body: (bad) => ({ google_code: 'IGDROP', window_token: `w${bad}`, url: '/' }),
  },
  {
    call: 'link_affiliates.php',
    body: (bad) => ({ affiliate_code: 'KOCHI10', type: `product${bad}`, url: '/' }),
  },
];

const badValues = [
  { name: 'a null character', bad: '\u0000' },
  { name: 'a lone surrogate', bad: '\ud800' },
];

const cases = calls.flatMap((c) => badValues.map((v) => ({ ...c, ...v })));

describe('text that is not allowed', () => {
  it.each(cases)('$call with $name → 400 {error}', async ({ call, method, body, query, bad }) => {
    const payload = body ? JSON.stringify(body(bad)) : undefined;
    // JSON.stringify writes both as escapes ("\u0000", "\ud800"): valid JSON text.
    if (payload) expect(payload).toMatch(/\\u(0000|d800)/);
    const res = await t.app.inject({
      method: method ?? 'POST',
      url: `/api/${call}${query ? query(bad) : ''}`,
      headers: {
        cookie: user.cookie,
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: FORBIDDEN_TEXT_ERROR });
  });

  it('stores nothing from those calls', async () => {
    const [stored] = await t.db.select({ n: count() }).from(feedback);
    const [applied] = await t.db.select({ n: count() }).from(wholesaleApplications);
    expect(stored!.n).toBe(0);
    expect(applied!.n).toBe(0);
  });

  it('finds them in keys and deep inside arrays too', async () => {
    for (const payload of [
      '{"search":"messi","x\\u0000":1}',
      '{"search":"messi","deep":[[{"a":["ok","\\udc00"]}]]}',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/search_result.php',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: FORBIDDEN_TEXT_ERROR });
    }
  });

  it('refuses them in a query string and in a path parameter', async () => {
    for (const url of [
      '/api/payments/sandbox/callback?sandbox_reference=order-1-1%00',
      '/api/payments/sandbox/pay/abc%00def',
      '/images/products/x%00.webp',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ error: FORBIDDEN_TEXT_ERROR });
    }
  });

  it('responds to a browser opening such a page with a 400 page, and to a client with {error}', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/productCategory/Club%00',
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<h1>This address cannot be opened</h1>');
    expect(page.body).toContain(FORBIDDEN_TEXT_ERROR);
    expect(page.body).toContain('<a href="/">');
    const call = await t.app.inject({ method: 'GET', url: '/productCategory/Club%00' });
    expect(call.statusCode).toBe(400);
    expect(call.json()).toEqual({ error: FORBIDDEN_TEXT_ERROR });
  });

  it('keeps a stray % in a query string, as the query parser does', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/home.php?utm_campaign=50%off' });
    expect(res.statusCode).toBe(200);
  });

  it('keeps a pair of surrogates (an emoji) and other text as it was', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/feedback.php',
      headers: { cookie: user.cookie },
      payload: { feedback: 'Great jerseys ⚽ 👕 — ദയവായി' },
    });
    expect(res.statusCode).toBe(200);
    const [stored] = await t.db.select({ text: feedback.feedback }).from(feedback);
    expect(stored!.text).toBe('Great jerseys ⚽ 👕 — ദയവായി');
  });
});

describe('addresses that cannot be decoded', () => {
  it.each(['/api/%E0%A4%A', '/product/%', '/api/home.php%', '/images/%zz.webp'])(
    '%s → 400 {error}',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: MALFORMED_ADDRESS_ERROR });
    },
  );

  it('responds to a browser with a 400 page', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/product/%',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(MALFORMED_ADDRESS_ERROR);
  });
});
