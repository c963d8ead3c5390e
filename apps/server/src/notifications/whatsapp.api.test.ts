// WhatsApp order updates end to end against the Cloud API fake (decision 066): the opt-in at
// checkout and what is stored, the messages an order sends and their parameters, opting out
// (My Account and STOP), retries and permanent refusals, the webhook's signature and the
// statuses the back office shows.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { orderBody, paidOrder, shopper, type Shopper } from '../test/checkout.js';
import { writeDueAlerts } from '../launches/index.js';
import { createProduct } from '../test/factories.js';
import { createLaunch } from '../test/launches.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { makeOutboxDue } from '../test/outbox.js';
import { createStaff } from '../test/staff.js';
import { fakeWhatsAppEnv, startFakeWhatsApp, type FakeWhatsApp } from '../test/whatsapp-fake.js';

let t: TestApp;
let fake: FakeWhatsApp;
let owner: AdminClient;
let jersey: number;
const LINE = () => [{ product_id: jersey, size: 'M', quantity: 1 }];
const AMOUNT = 1359; // ₹1,299 and Kerala's ₹60 shipping

beforeAll(async () => {
  fake = await startFakeWhatsApp();
  t = await startTestApp(fakeWhatsAppEnv(fake), { orderSweep: false });
  owner = adminClient(
    t.app,
    new URL(t.config.publicUrl).origin,
    (await createStaff(t.db, 'owner')).cookie,
  );
  jersey = await createProduct(t.db, {
    name: 'Kerala Blasters Home Jersey 2024',
    pricePaise: 149_900,
    discountPricePaise: 129_900,
    sizes: { M: 500 },
  });
  await t.db.execute(sql`UPDATE shop_settings SET unpaid_orders_max = 20 WHERE id = 1`);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(async () => {
  // Each test starts with nothing due: what an earlier one left waiting is set aside.
  await t.drainOutbox();
  await t.db.execute(sql`UPDATE outbox SET status = 'dead' WHERE status = 'pending'`);
  fake.messages.length = 0;
  fake.calls.length = 0;
});

const choice = (who: Shopper, stop = false) =>
  who.post(stop ? '/api/whatsapp_updates_stop.php' : '/api/whatsapp_updates.php', {
    user_id: who.id,
  });

async function consents(userId: number) {
  return queryRows<{
    phone: string;
    wording: string;
    opted_in_at: Date;
    opted_out_by: string | null;
  }>(
    t.db,
    sql`SELECT phone, wording, opted_in_at, opted_out_by FROM whatsapp_consents
        WHERE user_id = ${userId} ORDER BY id`,
  );
}

async function adminWhatsApp(orderId: number) {
  const res = await owner.call('GET', `/api/admin/orders/${orderId}`);
  expect(res.statusCode).toBe(200);
  return res.json().whatsapp as {
    template: string;
    to: string;
    status: string;
    error: string | null;
  }[];
}

function webhook(body: string, signature?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/whatsapp/webhook',
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'x-hub-signature-256': signature }),
    },
    payload: body,
  });
}
const signedWebhook = (payload: unknown) => {
  const { body, signature } = fake.signed(payload);
  return webhook(body, signature);
};

describe('opting in at checkout', () => {
  it('is offered by checkout_start.php until the shopper opts in', async () => {
    const who = await shopper(t);
    const start = async () =>
      (
        await who.post('/api/checkout_start.php', {
          user_id: who.id,
          lines: [{ product_id: jersey, quantity: 1, price: 1299 }],
        })
      ).json().whatsapp;
    expect(await start()).toEqual({ available: true, opted_in: false, phone: null, since: null });
    const placed = await who.post(
      '/api/process_order.php',
      orderBody(who.id, LINE(), AMOUNT, { whatsapp_updates: true }),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await start()).toMatchObject({
      available: true,
      opted_in: true,
      phone: '+91 98765 43210',
    });
  });

  it('keeps the number, the exact wording and the time, and sends one "order confirmed"', async () => {
    const asha = await shopper(t);
    expect((await choice(asha)).json()).toEqual({
      available: true,
      opted_in: false,
      phone: null,
      since: null,
    });
    const before = Date.now();
    const orderId = await paidOrder(t, asha, LINE(), AMOUNT, { whatsapp_updates: true });
    const [consent, ...more] = await consents(asha.id);
    expect(more).toEqual([]);
    expect(consent).toMatchObject({
      phone: '919876543210',
      wording: 'Send me order updates on WhatsApp at +91 98765 43210',
      opted_out_by: null,
    });
    expect(new Date(consent!.opted_in_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await adminWhatsApp(orderId)).toEqual([
      expect.objectContaining({ template: 'kitroom_order_confirmed', status: 'waiting' }),
    ]);

    const drained = await t.drainOutbox();
    expect(drained.dead).toBe(0);
    expect(fake.messages).toHaveLength(1);
    const [m] = fake.messages;
    const [expected] = await queryRows<{ expected_date: string }>(
      t.db,
      sql`SELECT to_char(expected_date, 'YYYY-MM-DD') AS expected_date FROM orders WHERE id = ${orderId}`,
    );
    const [y, mo, d] = expected!.expected_date.split('-').map(Number) as [number, number, number];
    const day = new Date(Date.UTC(y, mo - 1, d));
    const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][day.getUTCDay()];
    const month = [
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sept',
      'Oct',
      'Nov',
      'Dec',
    ][mo - 1];
    expect(m).toMatchObject({
      to: '919876543210',
      template: 'kitroom_order_confirmed',
      language: 'en',
      body: ['Test Shopper', String(orderId), '₹1,359', `${weekday}, ${d} ${month} ${y}`],
      button: `reviewOrdersDetails/${orderId}`,
    });
    expect(m!.text).toContain(`order #${orderId}. We have received your payment of ₹1,359.`);
    expect(await adminWhatsApp(orderId)).toEqual([
      expect.objectContaining({ to: '+91 98765 43210', status: 'accepted', error: null }),
    ]);
    // Drained again: nothing more goes out.
    await makeOutboxDue(t.db);
    await t.drainOutbox();
    expect(fake.messages).toHaveLength(1);

    expect((await choice(asha)).json()).toMatchObject({
      available: true,
      opted_in: true,
      phone: '+91 98765 43210',
    });
  });

  it('tells an opted-in fan of a launch they asked about on WhatsApp too, and the box says so', async () => {
    const asha = await shopper(t);
    await paidOrder(t, asha, LINE(), AMOUNT, { whatsapp_updates: true });
    const ravi = await shopper(t);
    const drop = await createProduct(t.db, { name: 'Malabar FC Home 26/27', pricePaise: 129_900 });
    const { id: launchId } = await createLaunch(t.db, {
      when: 'upcoming',
      name: 'Malabar Home Drop',
      perFanLimit: 2,
      productIds: [drop],
    });
    const ask = async (who: Shopper) => {
      const res = await who.post('/api/launch_alert.php', { user_id: who.id, product_id: drop });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect(await ask(asha)).toEqual({ email: asha.email, whatsapp: '+91 98765 43210' });
    expect(await ask(ravi)).toEqual({ email: ravi.email, whatsapp: null });
    await t.drainOutbox();
    fake.messages.length = 0;

    await t.db.execute(
      sql`UPDATE launches SET starts_at = now() - interval '1 second' WHERE id = ${launchId}`,
    );
    expect(await writeDueAlerts(t.db)).toBe(2);
    const drained = await t.drainOutbox();
    expect(drained.dead).toBe(0);
    expect(fake.messages).toEqual([
      expect.objectContaining({
        to: '919876543210',
        template: 'kitroom_launch_dropped',
        body: ['Test Shopper', 'Malabar Home Drop', '2 pieces'],
        button: `product/${drop}`,
        text: 'Hello Test Shopper, Malabar Home Drop is on sale now at Kitroom, as you asked us to tell you. Each fan may buy 2 pieces of each size while stock lasts.',
      }),
    ]);
    // Once per fan and launch, however often the sweep runs.
    expect(await writeDueAlerts(t.db)).toBe(0);
  });

  it('sends nothing to a shopper who did not tick the box', async () => {
    const ravi = await shopper(t);
    const orderId = await paidOrder(t, ravi, LINE(), AMOUNT);
    await t.drainOutbox();
    expect(fake.messages).toEqual([]);
    expect(await consents(ravi.id)).toEqual([]);
    expect(await adminWhatsApp(orderId)).toEqual([]);
  });

  it('asks a cash-on-delivery shopper to confirm, with the link to the confirmation', async () => {
    const settings = await owner.call('PATCH', '/api/admin/settings', {
      cod_enabled: true,
      cod_fee_paise: 4900,
      cod_max_order_paise: 500_000,
      cod_max_open_orders: 2,
      cod_confirm_hours: 24,
      cod_cancel_after_hours: 48,
      cod_excluded_pincodes: [],
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const meera = await shopper(t);
    const placed = await meera.post(
      '/api/process_order.php',
      orderBody(meera.id, LINE(), AMOUNT + 49, { payment_method: 'COD', whatsapp_updates: true }),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    await t.drainOutbox();
    expect(fake.messages).toHaveLength(1);
    const [m] = fake.messages;
    expect(m!.template).toBe('kitroom_cod_confirm');
    expect(m!.body.slice(1)).toEqual([String(placed.json().order_id), '₹1,408', '24 hours']);
    expect(m!.button).toMatch(new RegExp(`^confirmOrder/${placed.json().order_id}\\?token=.+`));
  });
});

describe('opting out', () => {
  it('in My Account stops the messages of later events, and says so', async () => {
    const kiran = await shopper(t);
    await paidOrder(t, kiran, LINE(), AMOUNT, { whatsapp_updates: true });
    const stopped = await choice(kiran, true);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({ available: true, opted_in: false, phone: null });
    expect((await consents(kiran.id))[0]!.opted_out_by).toBe('account');
    const second = await paidOrder(t, kiran, LINE(), AMOUNT);
    expect(await adminWhatsApp(second)).toEqual([]);
  });

  it('by a STOP from the number, through the signed webhook', async () => {
    const devi = await shopper(t);
    await paidOrder(t, devi, LINE(), AMOUNT, { whatsapp_updates: true });
    const res = await signedWebhook(fake.textPayload('919876543210', ' stop '));
    expect(res.statusCode).toBe(200);
    expect(res.json().opt_outs).toBeGreaterThanOrEqual(1);
    expect((await choice(devi)).json().opted_in).toBe(false);
    expect((await consents(devi.id))[0]!.opted_out_by).toBe('stop');
  });

  it("refuses another shopper's choice", async () => {
    const a = await shopper(t);
    const b = await shopper(t);
    const res = await a.post('/api/whatsapp_updates_stop.php', { user_id: b.id });
    expect(res.statusCode).toBe(403);
  });
});

describe('delivery through the outbox', () => {
  it('retries a 5xx and a 429 (130429), then sends once', async () => {
    const s = await shopper(t);
    const orderId = await paidOrder(t, s, LINE(), AMOUNT, { whatsapp_updates: true });
    fake.failNext(1, 500, 1);
    fake.failNext(1, 429, 130429);
    expect((await t.drainOutbox()).retried).toBeGreaterThanOrEqual(1);
    const [waiting] = await adminWhatsApp(orderId);
    expect(waiting).toMatchObject({ status: 'waiting' });
    expect(waiting!.error).toContain('WhatsApp error 1');
    await makeOutboxDue(t.db);
    await t.drainOutbox();
    expect(fake.calls.map((c) => c.status)).toEqual([500, 429]);
    await makeOutboxDue(t.db);
    await t.drainOutbox();
    expect(fake.calls.map((c) => c.status)).toEqual([500, 429, 200]);
    expect(fake.messages).toHaveLength(1);
    expect((await adminWhatsApp(orderId))[0]).toMatchObject({ status: 'accepted' });
  });

  it('gives up at once on a template WhatsApp does not know (132001), and says why', async () => {
    const s = await shopper(t);
    const text = fake.approved.get('kitroom_order_confirmed')!;
    fake.approved.delete('kitroom_order_confirmed');
    try {
      const orderId = await paidOrder(t, s, LINE(), AMOUNT, { whatsapp_updates: true });
      expect((await t.drainOutbox()).dead).toBe(1);
      await makeOutboxDue(t.db);
      await t.drainOutbox();
      expect(fake.calls).toEqual([{ status: 404, code: 132001 }]);
      const [m] = await adminWhatsApp(orderId);
      expect(m).toMatchObject({ status: 'not_sent' });
      expect(m!.error).toContain('132001');
    } finally {
      fake.approved.set('kitroom_order_confirmed', text);
    }
  });

  it('gives up on a wrong parameter count (132000)', async () => {
    const s = await shopper(t);
    const text = fake.approved.get('kitroom_order_confirmed')!;
    fake.approved.set('kitroom_order_confirmed', `${text} {{5}}`);
    try {
      const orderId = await paidOrder(t, s, LINE(), AMOUNT, { whatsapp_updates: true });
      expect((await t.drainOutbox()).dead).toBe(1);
      expect(fake.calls).toEqual([{ status: 400, code: 132000 }]);
      expect((await adminWhatsApp(orderId))[0]!.error).toContain('132000');
    } finally {
      fake.approved.set('kitroom_order_confirmed', text);
    }
  });
});

describe('the webhook', () => {
  it("responds to Meta's verification with the challenge, and only with the verify token", async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${fake.verifyToken}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1',
    });
    expect(wrong.statusCode).toBe(403);
  });

  it('keeps delivered and read, in order, and a failure with its reason', async () => {
    const s = await shopper(t);
    const orderId = await paidOrder(t, s, LINE(), AMOUNT, { whatsapp_updates: true });
    await t.drainOutbox();
    const wamid = fake.messages[0]!.wamid;
    expect((await signedWebhook(fake.statusPayload(wamid, 'delivered'))).json().statuses).toBe(1);
    expect((await adminWhatsApp(orderId))[0]!.status).toBe('delivered');
    await signedWebhook(fake.statusPayload(wamid, 'read'));
    // A late 'sent' changes nothing.
    await signedWebhook(fake.statusPayload(wamid, 'sent'));
    expect((await adminWhatsApp(orderId))[0]!.status).toBe('read');

    const other = await shopper(t);
    const second = await paidOrder(t, other, LINE(), AMOUNT, { whatsapp_updates: true });
    await t.drainOutbox();
    const failedId = fake.messages[1]!.wamid;
    await signedWebhook(
      fake.statusPayload(failedId, 'failed', { code: 131026, title: 'Message undeliverable' }),
    );
    expect((await adminWhatsApp(second))[0]).toMatchObject({
      status: 'failed',
      error: '131026 Message undeliverable: Message undeliverable',
    });
  });

  it('refuses a wrong or missing signature, and garbage, without a 5xx', async () => {
    const payload = fake.statusPayload('wamid.nothing', 'read');
    const forged = fake.signed(payload, 'not-the-app-secret');
    expect((await webhook(forged.body, forged.signature)).statusCode).toBe(401);
    expect((await webhook(JSON.stringify(payload))).statusCode).toBe(401);
    expect((await webhook(JSON.stringify(payload), 'sha256=zz')).statusCode).toBe(401);
    const garbage = '{"object": "whatsapp_business_account", "entry": [';
    const { signature } = fake.signed(null);
    expect((await webhook(garbage, signature)).statusCode).toBe(401);
    const signedGarbage = `sha256=${(await import('node:crypto'))
      .createHmac('sha256', fake.appSecret)
      .update(garbage)
      .digest('hex')}`;
    expect((await webhook(garbage, signedGarbage)).statusCode).toBe(400);
    const odd = await signedWebhook({ object: 'page', entry: 'nope' });
    expect(odd.statusCode).toBe(200);
    expect(odd.json()).toEqual({ statuses: 0, opt_outs: 0 });
  });
});

describe('when WhatsApp is not configured', () => {
  it('offers nothing, keeps no opt-in, writes no message and has no webhook', async () => {
    const off = await startTestApp({}, { orderSweep: false });
    try {
      const p = await createProduct(off.db, { pricePaise: 129_900, sizes: { M: 5 } });
      const s = await shopper(off);
      const res = await s.post('/api/whatsapp_updates.php', { user_id: s.id });
      expect(res.json()).toEqual({ available: false, opted_in: false, phone: null, since: null });
      await paidOrder(off, s, [{ product_id: p, size: 'M', quantity: 1 }], AMOUNT, {
        whatsapp_updates: true,
      });
      const rows = await queryRows<{ n: number }>(
        off.db,
        sql`SELECT (SELECT count(*) FROM whatsapp_consents)::int
                 + (SELECT count(*) FROM outbox WHERE channel = 'whatsapp')::int AS n`,
      );
      expect(rows[0]!.n).toBe(0);
      const hook = await off.app.inject({ method: 'GET', url: '/api/whatsapp/webhook' });
      expect(hook.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
