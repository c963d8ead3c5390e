// Cash on delivery end to end through the storefront's calls and the staff's steps, on a real
// database (PGlite, and PostgreSQL with TEST_DATABASE=postgres): the owner's limits at
// checkout, the fee in the total and on the invoice, the mailed confirmation link, the sweep
// that cancels what is never confirmed, packing held back until confirmation, cash
// collected on delivery, and paying online after all.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import type { Actor } from '../staff/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { orderBody, shopper, stockOf, type Shopper } from '../test/checkout.js';
import { createProduct } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createStaff } from '../test/staff.js';
import * as fulfilment from '../fulfilment/index.js';
import { orderContexts, type OrderContext } from './order-context.js';

let t: TestApp;
let ctx: OrderContext;
let jersey: number; // ₹1,299; to Kerala ₹1,359; with the ₹49 COD fee ₹1,408
let owner: AdminClient;
let packer: Actor;

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  ctx = orderContexts({ database: t.database, config: t.config })(t.app.log);
  jersey = await createProduct(t.db, { pricePaise: 129_900, sizes: { M: 50, L: 50 } });
  owner = adminClient(
    t.app,
    new URL(t.config.publicUrl).origin,
    (await createStaff(t.db, 'owner')).cookie,
  );
  packer = { staffId: (await createStaff(t.db, 'packer')).id, ip: '10.0.0.1' };
});
afterAll(() => t?.close());

const DEFAULTS = {
  cod_enabled: true,
  cod_fee_paise: 4900,
  cod_max_order_paise: 500_000,
  cod_max_open_orders: 2,
  cod_confirm_hours: 24,
  cod_cancel_after_hours: 48,
  cod_excluded_pincodes: [] as string[],
};

async function codSettings(change: Partial<typeof DEFAULTS> = {}) {
  const res = await owner.call('PATCH', '/api/admin/settings', { ...DEFAULTS, ...change });
  expect(res.statusCode, res.body).toBe(200);
}

beforeEach(() => codSettings());

const line = (quantity = 1) => [{ product_id: jersey, size: 'M', quantity }];
const codBody = (who: Shopper, amount = 1408, extra: object = {}) =>
  orderBody(who.id, line(), amount, { payment_method: 'COD', ...extra });

async function placeCod(who: Shopper): Promise<number> {
  const res = await who.post('/api/process_order.php', codBody(who));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order_id;
}

async function order(id: number) {
  const [row] = await queryRows<{
    order_status: string;
    payment_status: string;
    payment_method: string;
    subtotal_paise: number;
    shipping_paise: number;
    cod_fee_paise: number;
    total_paise: number;
    reserved_until: Date | null;
    paid_at: Date | null;
    cod_confirmed_at: Date | null;
    cod_confirm_token_hash: string | null;
    cancel_reason: string | null;
  }>(
    t.db,
    sql`SELECT order_status, payment_status, payment_method, subtotal_paise, shipping_paise,
               cod_fee_paise, total_paise, reserved_until, paid_at, cod_confirmed_at,
               cod_confirm_token_hash, cancel_reason
        FROM orders WHERE id = ${id}`,
  );
  return row!;
}

const ordersOf = async (who: Shopper) =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${who.id}`,
    )
  )[0]!.n;

const events = (id: number) =>
  queryRows<{ type: string; actor: string; note: string }>(
    t.db,
    sql`SELECT type, actor, note FROM order_events WHERE order_id = ${id} ORDER BY id`,
  );

/** The link the confirmation mail carries (its data in the outbox). */
async function confirmUrl(orderId: number): Promise<URL> {
  const [row] = await queryRows<{ data: { extra: { confirm_url: string } } }>(
    t.db,
    sql`SELECT data FROM outbox WHERE order_id = ${orderId} AND template = 'cod-confirm'`,
  );
  return new URL(row!.data.extra.confirm_url);
}

async function confirmWith(orderId: number, token: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/cod_confirm.php',
    payload: { order_id: orderId, token },
  });
}

async function confirmByLink(orderId: number) {
  const url = await confirmUrl(orderId);
  return confirmWith(orderId, url.searchParams.get('token')!);
}

describe('a cash-on-delivery checkout', () => {
  it('adds the fee to the total, holds the stock without a time limit, and mails the link', async () => {
    const s = await shopper(t);
    const before = await stockOf(t.db, jersey, 'M');
    const res = await s.post('/api/process_order.php', codBody(s));
    expect(res.statusCode, res.body).toBe(200);
    const { order_id: id, payment_url: url } = res.json();
    // No payment page: the browser goes to the order.
    expect(url).toBe(`${t.config.publicUrl}/reviewOrdersDetails/${id}`);
    expect(await order(id)).toMatchObject({
      order_status: 'Pending',
      payment_status: 'UNPAID',
      payment_method: 'COD',
      subtotal_paise: 129_900,
      shipping_paise: 6000,
      cod_fee_paise: 4900,
      total_paise: 140_800,
      reserved_until: null,
      paid_at: null,
      cod_confirmed_at: null,
    });
    expect(await stockOf(t.db, jersey, 'M')).toBe(before - 1);
    const link = await confirmUrl(id);
    expect(link.pathname).toBe(`/confirmOrder/${id}`);
    // Only the token's hash is kept.
    const token = link.searchParams.get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect((await order(id)).cod_confirm_token_hash).not.toContain(token);

    const page = await s.post('/api/orders.php', { user_id: s.id, order_id: id });
    expect(page.json()).toMatchObject({
      order: { payment_method: 'COD', cod_fee_amount: '49.00', total_amount: '1408.00' },
      can_confirm_cod: true,
    });
  });

  it('is refused with the total without the fee: the shopper must have seen it', async () => {
    const s = await shopper(t);
    const res = await s.post('/api/process_order.php', codBody(s, 1359));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toContain('your total is now ₹1,408');
    expect(await ordersOf(s)).toBe(0);
  });

  const refusals: [string, Partial<typeof DEFAULTS>, string][] = [
    ['off', { cod_enabled: false }, 'Cash on delivery is not available at the moment.'],
    [
      'above the cap, the fee included',
      { cod_max_order_paise: 140_799 },
      'Cash on delivery is not available for orders above ₹1,407.99.',
    ],
    [
      'to an excluded pincode prefix',
      { cod_excluded_pincodes: ['110', '6730'] },
      'Cash on delivery is not available for pincode 673001.',
    ],
    [
      'for a shopper with open COD orders at the limit',
      { cod_max_open_orders: 1 },
      'You already have 1 cash-on-delivery order on their way; pay online for this one.',
    ],
  ];
  for (const [name, change, message] of refusals) {
    it(`is refused ${name}, and nothing is stored`, async () => {
      const s = await shopper(t);
      if (name.includes('open COD')) await placeCod(s);
      await codSettings(change);
      const orders = await ordersOf(s);
      const stock = await stockOf(t.db, jersey, 'M');
      const res = await s.post('/api/process_order.php', codBody(s));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: message });
      expect(await ordersOf(s)).toBe(orders);
      expect(await stockOf(t.db, jersey, 'M')).toBe(stock);
    });
  }

  it('passes exactly at the cap, and an online order is not held to COD rules', async () => {
    const s = await shopper(t);
    await codSettings({ cod_max_order_paise: 140_800, cod_enabled: true });
    await placeCod(s);
    await codSettings({ cod_enabled: false });
    const online = await s.post('/api/process_order.php', orderBody(s.id, line(), 1359));
    expect(online.statusCode, online.body).toBe(200);
  });

  it('refuses a payment method it does not know', async () => {
    const s = await shopper(t);
    const res = await s.post('/api/process_order.php', codBody(s, 1408, { payment_method: 'UPI' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain("payment_method must be 'Online' or 'COD'");
  });

  it('lets only one of two checkouts at once pass the open-orders limit', async () => {
    const s = await shopper(t);
    await codSettings({ cod_max_open_orders: 1 });
    const results = await Promise.all([
      s.post('/api/process_order.php', codBody(s)),
      s.post('/api/process_order.php', codBody(s)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await ordersOf(s)).toBe(1);
  });
});

describe('the delivery estimate', () => {
  const estimate = (pincode: string, query = '', cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/delivery_estimate.php?pincode=${pincode}${query}`,
      ...(cookie ? { headers: { cookie } } : {}),
    });

  it('says whether COD is available for the pincode, with its fee', async () => {
    expect((await estimate('673001')).json().cod).toEqual({
      available: true,
      fee: 49,
      reason: null,
    });
    await codSettings({ cod_excluded_pincodes: ['673'] });
    expect((await estimate('673001')).json().cod).toEqual({
      available: false,
      fee: 49,
      reason: 'Cash on delivery is not available for pincode 673001.',
    });
    expect((await estimate('560001')).json().cod.available).toBe(true);
  });

  it('judges the checkout amount and the shopper’s own open orders', async () => {
    await codSettings({ cod_max_order_paise: 200_000, cod_max_open_orders: 1 });
    expect((await estimate('673001', '&amount=1951')).json().cod.available).toBe(true);
    expect((await estimate('673001', '&amount=1952')).json().cod.reason).toBe(
      'Cash on delivery is not available for orders above ₹2,000.',
    );
    const s = await shopper(t);
    await placeCod(s);
    expect((await estimate('673001', '&amount=100', s.cookie)).json().cod.reason).toBe(
      'You already have 1 cash-on-delivery order on their way; pay online for this one.',
    );
    expect((await estimate('673001', '&amount=abc')).statusCode).toBe(400);
  });
});

describe('confirming by the mailed link', () => {
  it('confirms once: the order is ready to pack and still unpaid', async () => {
    const s = await shopper(t);
    const id = await placeCod(s);
    const res = await confirmByLink(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ order_id: id, order_status: 'Processing' });
    expect(res.json().message).toContain(`order #${id} is confirmed`);
    expect(await order(id)).toMatchObject({
      order_status: 'Processing',
      payment_status: 'UNPAID',
    });
    expect((await order(id)).cod_confirmed_at).not.toBeNull();
    expect((await events(id)).map((e) => [e.type, e.actor])).toEqual([
      ['placed', 'shopper'],
      ['cod_confirmed', 'shopper'],
    ]);

    // The link again changes nothing and says so.
    const again = await confirmByLink(id);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(`Order #${id} is already confirmed. Thank you!`);
    expect((await events(id)).length).toBe(2);

    // Staff see it among the orders to pack.
    const list = await owner.call('GET', '/api/admin/orders?status=to-pack');
    expect(list.json().orders.map((o: { id: number }) => o.id)).toContain(id);
  });

  it('refuses a forged token and an expired link, and changes nothing', async () => {
    const s = await shopper(t);
    const id = await placeCod(s);
    const forged = await confirmWith(id, 'x'.repeat(43));
    expect(forged.statusCode).toBe(404);
    expect(forged.json().error).toBe(
      'This confirmation link is not valid. Please open the order from My Orders to confirm it.',
    );
    // Another order's token does not confirm this one.
    const other = await placeCod(await shopper(t));
    const token = (await confirmUrl(other)).searchParams.get('token')!;
    expect((await confirmWith(id, token)).statusCode).toBe(404);

    await t.db.execute(
      sql`UPDATE orders SET cod_confirm_expires_at = now() - interval '1 minute' WHERE id = ${id}`,
    );
    const expired = await confirmByLink(id);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe(
      `This confirmation link has expired. Please open order #${id} from My Orders to confirm it.`,
    );
    expect(await order(id)).toMatchObject({ order_status: 'Pending', cod_confirmed_at: null });

    // The owner may still confirm it from the order page.
    const page = await s.post('/api/order_confirm.php', { user_id: s.id, order_id: id });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      order: { order_status: 'Processing' },
      can_confirm_cod: false,
    });
    const stranger = await shopper(t);
    expect(
      (await stranger.post('/api/order_confirm.php', { user_id: s.id, order_id: id })).statusCode,
    ).toBe(403);
  });
});

describe('an unconfirmed COD order', () => {
  it('may not be packed or shipped', async () => {
    const id = await placeCod(await shopper(t));
    const result = await fulfilment.packOrders(ctx, packer, [id]);
    expect(result).toEqual({
      packed: [],
      refused: [
        {
          order_id: id,
          error: `Order #${id} is cash on delivery and the shopper has not confirmed it yet, so it cannot be packed.`,
        },
      ],
    });
  });

  it('is canceled by the sweep after the owner’s hours, its stock back through the ledger', async () => {
    const s = await shopper(t);
    const old = await placeCod(s);
    const confirmed = await placeCod(await shopper(t));
    const fresh = await placeCod(await shopper(t));
    expect((await confirmByLink(confirmed)).statusCode).toBe(200);
    await t.db.execute(
      sql`UPDATE orders SET created_at = now() - interval '49 hours' WHERE id IN (${old}, ${confirmed})`,
    );
    const stock = await stockOf(t.db, jersey, 'M');
    const canceled = await fulfilment.cancelUnconfirmedCodOrders(
      t.db,
      t.config.publicUrl,
      new Date(),
      100,
    );
    expect(canceled).toBe(1);
    expect(await order(old)).toMatchObject({
      order_status: 'Canceled',
      cancel_reason: 'Not confirmed in time',
    });
    expect((await order(confirmed)).order_status).toBe('Processing');
    expect((await order(fresh)).order_status).toBe('Pending');
    expect(await stockOf(t.db, jersey, 'M')).toBe(stock + 1);
    const ledger = await queryRows<{ delta: number; reason: string }>(
      t.db,
      sql`SELECT delta, reason FROM stock_ledger WHERE order_id = ${old} ORDER BY id`,
    );
    expect(ledger).toEqual([
      { delta: -1, reason: 'hold' },
      { delta: 1, reason: 'release' },
    ]);
    expect((await events(old)).map((e) => [e.type, e.actor])).toEqual([
      ['placed', 'shopper'],
      ['canceled', 'system'],
    ]);
    const mails = await queryRows<{ template: string }>(
      t.db,
      sql`SELECT template FROM outbox WHERE order_id = ${old} ORDER BY id`,
    );
    expect(mails.map((m) => m.template)).toEqual(['cod-confirm', 'order-canceled']);
    // Its link now says why it cannot be confirmed.
    const late = await confirmByLink(old);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toContain('was canceled (Not confirmed in time)');
  });
});

describe('a confirmed COD order', () => {
  it('is invoiced with the fee taxed like shipping, and paid when delivered', async () => {
    const s = await shopper(t);
    const id = await placeCod(s);
    expect((await confirmByLink(id)).statusCode).toBe(200);
    expect(await fulfilment.packOrders(ctx, packer, [id])).toEqual({ packed: [id], refused: [] });
    await fulfilment.shipOrder(ctx, packer, id, {
      courierName: 'Delhivery',
      trackingId: 'DL123',
      trackingLink: null,
      expectedDate: null,
    });
    const lines = await queryRows<{
      kind: string;
      description: string;
      rate_bp: number;
      taxable_paise: number;
      cgst_paise: number;
      sgst_paise: number;
      total_paise: number;
    }>(
      t.db,
      sql`SELECT l.kind, l.description, l.rate_bp, l.taxable_paise, l.cgst_paise, l.sgst_paise,
                 l.total_paise
          FROM tax_document_lines l JOIN tax_documents d ON d.id = l.document_id
          WHERE d.order_id = ${id} ORDER BY l.line_no`,
    );
    expect(lines.map((l) => [l.kind, l.rate_bp, l.total_paise])).toEqual([
      ['goods', 500, 129_900],
      ['shipping', 500, 6000],
      ['cod_fee', 500, 4900],
    ]);
    // ₹49 at 5% within Kerala: 4900 / 1.05 = 4666.67 → 4667, tax 233 is odd: ₹1.16 + ₹1.16
    // and the taxable value takes the paisa, ₹46.68.
    expect(lines[2]).toMatchObject({
      description: 'Cash on delivery fee',
      taxable_paise: 4668,
      cgst_paise: 116,
      sgst_paise: 116,
    });
    const [doc] = await queryRows<{ total_paise: number }>(
      t.db,
      sql`SELECT total_paise FROM tax_documents WHERE order_id = ${id}`,
    );
    expect(doc!.total_paise).toBe(140_800);
    expect(lines.reduce((a, l) => a + l.total_paise, 0)).toBe(140_800);
    expect((await order(id)).payment_status).toBe('UNPAID');

    await fulfilment.deliverOrder(ctx, packer, id);
    const done = await order(id);
    expect(done).toMatchObject({ order_status: 'Completed', payment_status: 'SUCCESS' });
    expect(done.paid_at).not.toBeNull();
    const paid = (await events(id)).filter((e) => e.type === 'paid');
    expect(paid).toEqual([{ type: 'paid', actor: 'system', note: 'Cash collected on delivery' }]);
    const sale = await queryRows<{ reason: string }>(
      t.db,
      sql`SELECT reason FROM stock_ledger WHERE order_id = ${id} ORDER BY id`,
    );
    expect(sale.map((r) => r.reason)).toEqual(['hold', 'sale']);
    // The shopper's open COD orders no longer count it.
    await codSettings({ cod_max_open_orders: 1 });
    await placeCod(s);
  });
});

describe('paying a COD order online after all', () => {
  it('makes it an online order, paid, with its total (the fee included) unchanged', async () => {
    const s = await shopper(t);
    const id = await placeCod(s);
    const pay = await s.post('/api/payment_processer.php', { user_id: s.id, order_id: id });
    expect(pay.statusCode, pay.body).toBe(200);
    const submitted = await t.app.inject({
      method: 'POST',
      url: pay.json().payment_url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'result=paid',
    });
    const back = await t.app.inject({ method: 'GET', url: submitted.headers.location as string });
    expect(back.statusCode).toBe(302);
    expect(await order(id)).toMatchObject({
      order_status: 'Processing',
      payment_status: 'SUCCESS',
      payment_method: 'Online',
      total_paise: 140_800,
      cod_fee_paise: 4900,
    });
    // It is no longer waiting for a confirmation, and the sweep leaves it alone.
    await t.db.execute(
      sql`UPDATE orders SET created_at = now() - interval '49 hours' WHERE id = ${id}`,
    );
    await fulfilment.cancelUnconfirmedCodOrders(t.db, t.config.publicUrl, new Date(), 100);
    expect((await order(id)).order_status).toBe('Processing');
  });

  it('is refused once the parcel is on its way', async () => {
    const s = await shopper(t);
    const id = await placeCod(s);
    await confirmByLink(id);
    await fulfilment.packOrders(ctx, packer, [id]);
    const pay = await s.post('/api/payment_processer.php', { user_id: s.id, order_id: id });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().error).toBe(
      'This order is on its way: please pay the courier in cash when it arrives.',
    );
  });
});

describe('the COD settings', () => {
  it('are checked, and audited', async () => {
    const bad = await owner.call('PATCH', '/api/admin/settings', {
      cod_fee_paise: -1,
      cod_excluded_pincodes: ['67'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('The COD fee must be ₹0 to ₹1,000');
    const order = await owner.call('PATCH', '/api/admin/settings', {
      cod_confirm_hours: 50,
      cod_cancel_after_hours: 48,
    });
    expect(order.statusCode).toBe(400);
    expect(order.json().error).toBe(
      'cod_cancel_after_hours must be at least cod_confirm_hours (50 hours)',
    );
    const ok = await owner.call('PATCH', '/api/admin/settings', {
      cod_fee_paise: 3900,
      cod_excluded_pincodes: ['744', '194101', '744'],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().settings).toMatchObject({
      cod_fee_paise: 3900,
      cod_excluded_pincodes: ['194101', '744'],
    });
    const [audit] = await queryRows<{ before: { cod_fee_paise: number }; after: object }>(
      t.db,
      sql`SELECT before, after FROM audit_log WHERE entity = 'settings' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit!.before.cod_fee_paise).toBe(4900);
    expect(audit!.after).toMatchObject({ cod_fee_paise: 3900 });
  });
});

describe('the COD report', () => {
  it('counts the month’s COD orders, confirmations and returns to origin', async () => {
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const before = (await owner.call('GET', `/api/admin/reports/cod?month=${month}`)).json();
    const s = await shopper(t);
    const confirmed = await placeCod(s);
    await confirmByLink(confirmed);
    await fulfilment.shipOrder(ctx, packer, confirmed, {
      courierName: 'Delhivery',
      trackingId: 'DL-REPORT',
      trackingLink: null,
      expectedDate: null,
    });
    await fulfilment.deliverOrder(ctx, packer, confirmed);
    await placeCod(await shopper(t));
    const res = await owner.call('GET', `/api/admin/reports/cod?month=${month}`);
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(after.cod_orders - before.cod_orders).toBe(2);
    expect(after.confirmed - before.confirmed).toBe(1);
    // The cash the courier brought, in rupees as well as orders: ₹1,408 with the fee.
    expect(after.collected - before.collected).toBe(1);
    expect(after.collected_paise - before.collected_paise).toBe(140_800);
    expect(after.orders).toBeGreaterThanOrEqual(after.cod_orders);
    expect(after.confirmation_rate_percent).toBe(
      Math.round((after.confirmed * 1000) / after.cod_orders) / 10,
    );
    expect(
      (await owner.call('GET', '/api/admin/reports/cod?month=2026-13')).json().error,
    ).toContain('month must be a month like 2026-11');
    const empty = (await owner.call('GET', '/api/admin/reports/cod?month=2001-01')).json();
    expect(empty).toMatchObject({ orders: 0, cod_orders: 0, cod_share_percent: null });
  });
});
