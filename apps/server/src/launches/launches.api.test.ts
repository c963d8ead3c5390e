// Kit launches (decision 070): staff schedule a jersey (role-checked, audited, overlaps
// refused); product.php carries the launch; checkout refuses it before the start, keeps each
// fan within the launch's limit per size (also when one fan's orders race, and at Pay Now
// after a hold ran out), refuses cash on delivery when the launch does, and holds for the
// launch's minutes; the waiting room gives places by arrival (one per account and per
// browser, a few per address) and lets fans check out in turn at its pace; "Notify me when it
// drops" mails each waiting fan once at the start. On
// PGlite and on PostgreSQL (TEST_DATABASE=postgres).
import {
  LAUNCH_NOT_UPCOMING,
  LAUNCH_PROOF_BITS,
  LAUNCH_PROOF_FROM,
  launchChallenge,
  LAUNCH_QUEUE_ADDRESS_FULL,
  LAUNCH_QUEUE_BROWSER_TAKEN,
  LAUNCH_QUEUE_NOT_OPEN,
  launchJoinQueueText,
  launchTurnNotYetText,
  launchTurnPassedText,
  type LaunchPlace,
  launchLimitReachedText,
  launchNoCodText,
  launchNotStartedText,
  type ProductResponse,
} from '@kitroom/contract';
import { LAUNCH_STARTED, type AdminLaunch } from '@kitroom/contract/admin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import { LAPSED_HOLD_REASON, releaseExpiredOrders } from '../checkout/index.js';
import { createSandboxGateway, sandboxSecretSeed } from '../payments/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import {
  orderBody,
  outboxMails,
  paidOrder,
  shopper,
  stockOf,
  type Shopper,
} from '../test/checkout.js';
import { createProduct } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createLaunch } from '../test/launches.js';
import { countPoolWrites, testDatabaseKind } from '../test/database.js';
import { createStaff } from '../test/staff.js';
import { forgetLiveLaunches, provesWork, writeDueAlerts } from './launches.service.js';

let t: TestApp;
let manager: AdminClient;
let packer: AdminClient;

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  const origin = new URL(t.config.publicUrl).origin;
  manager = adminClient(t.app, origin, (await createStaff(t.db, 'manager')).cookie);
  packer = adminClient(t.app, origin, (await createStaff(t.db, 'packer')).cookie);
});
afterAll(() => t?.close());

const HOUR = 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

/** A ₹1,299 jersey with 50 of M and L (one to Kerala is ₹1,359). */
const jersey = (name = `Launch Jersey ${Math.random().toString(36).slice(2, 7)}`) =>
  createProduct(t.db, { name, pricePaise: 129_900, sizes: { M: 50, L: 50 } });

const place = (who: Shopper, productId: number, quantity = 1, size = 'M', extra: object = {}) =>
  who.post(
    '/api/process_order.php',
    orderBody(who.id, [{ product_id: productId, size, quantity }], 1299 * quantity + 60, extra),
  );

const productPage = async (id: number) =>
  (
    await t.app.inject({ method: 'POST', url: '/api/product.php', payload: { product_id: id } })
  ).json() as ProductResponse;

const input = (productIds: number[], o: Partial<Record<string, unknown>> = {}) => ({
  name: 'Malabar FC Home 26/27',
  starts_at: at(HOUR),
  limits_until: at(25 * HOUR),
  per_fan_limit: 2,
  cod_allowed: false,
  hold_minutes: 5,
  product_ids: productIds,
  ...o,
});

describe('scheduling a launch', () => {
  it('a manager schedules it (audited) and the product page shows it; a packer may not', async () => {
    const id = await jersey('Malabar FC Home 26/27');
    expect((await packer.call('POST', '/api/admin/launches', input([id]))).statusCode).toBe(403);

    const res = await manager.call('POST', '/api/admin/launches', input([id]));
    expect(res.statusCode, res.body).toBe(200);
    const launch = res.json().launch as AdminLaunch;
    expect(launch).toMatchObject({
      name: 'Malabar FC Home 26/27',
      state: 'upcoming',
      per_fan_limit: 2,
      cod_allowed: false,
      hold_minutes: 5,
      products: [{ id, name: 'Malabar FC Home 26/27', stock: 100 }],
      alerts: 0,
      sold: 0,
    });
    const [audit] = await queryRows<{ action: string }>(
      t.db,
      sql`SELECT action FROM audit_log WHERE entity = 'launch' AND entity_id = ${String(launch.id)}`,
    );
    expect(audit?.action).toBe('create');

    const [page] = await productPage(id);
    expect(page.launch).toEqual({
      name: 'Malabar FC Home 26/27',
      starts_at: launch.starts_at,
      limits_until: launch.limits_until,
      per_fan_limit: 2,
      cod: false,
      queue_opens_at: new Date(Date.parse(launch.starts_at) - 10 * 60_000).toISOString(),
    });
  });

  it('refuses bad input with the field named, a start in the past, and a product in two launches at once', async () => {
    const id = await jersey();
    const bad = await manager.call(
      'POST',
      '/api/admin/launches',
      input([id], { per_fan_limit: 0 }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Pieces of each size per fan must be a whole number from 1 to 10');
    const backwards = await manager.call(
      'POST',
      '/api/admin/launches',
      input([id], { limits_until: at(HOUR / 2) }),
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('Limits until must be after the start');
    const past = await manager.call(
      'POST',
      '/api/admin/launches',
      input([id], { starts_at: at(-HOUR) }),
    );
    expect(past.statusCode).toBe(400);
    expect(past.body).toContain('On sale from must be in the future');
    const missing = await manager.call('POST', '/api/admin/launches', input([id, 99_999_999]));
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('Product ids: there is no product 99999999');

    const first = await manager.call(
      'POST',
      '/api/admin/launches',
      input([id], { name: 'First drop' }),
    );
    expect(first.statusCode).toBe(200);
    const clash = await manager.call(
      'POST',
      '/api/admin/launches',
      input([id], { name: 'Second' }),
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toMatch(/is already in the launch First drop at that time\.$/);
  });

  it('once started, only its name and the end of its limits may change; a canceled launch leaves the page', async () => {
    const { id, productIds } = await createLaunch(t.db, { when: 'on', perFanLimit: 2 });
    const [row] = await queryRows<{ starts_at: Date; limits_until: Date }>(
      t.db,
      sql`SELECT starts_at, limits_until FROM launches WHERE id = ${id}`,
    );
    const same = {
      starts_at: new Date(row!.starts_at).toISOString(),
      limits_until: new Date(row!.limits_until).toISOString(),
      hold_minutes: 10,
      queue_opens_minutes: 0,
    };
    const raise = await manager.call(
      'PATCH',
      `/api/admin/launches/${id}`,
      input(productIds, { ...same, per_fan_limit: 5 }),
    );
    expect(raise.statusCode).toBe(409);
    expect(raise.json().error).toBe(LAUNCH_STARTED);
    const longer = await manager.call(
      'PATCH',
      `/api/admin/launches/${id}`,
      input(productIds, { ...same, name: 'Renamed', limits_until: at(48 * HOUR) }),
    );
    expect(longer.statusCode, longer.body).toBe(200);
    expect(longer.json().launch).toMatchObject({ name: 'Renamed', state: 'on' });

    expect((await productPage(productIds[0]!))[0].launch?.name).toBe('Renamed');
    const cancel = await manager.call('POST', `/api/admin/launches/${id}/cancel`);
    expect(cancel.json().launch.state).toBe('canceled');
    expect((await productPage(productIds[0]!))[0].launch).toBeNull();
  });
});

describe('checkout in a launch', () => {
  it('refuses the jersey before the start, naming when it goes on sale, and takes no stock', async () => {
    const { productIds } = await createLaunch(t.db, { when: 'upcoming' });
    const id = productIds[0]!;
    const [launch] = await queryRows<{ starts_at: Date; name: string }>(
      t.db,
      sql`SELECT l.starts_at, p.name FROM launches l, products p
          WHERE p.id = ${id} AND l.id = (SELECT launch_id FROM launch_products WHERE product_id = ${id})`,
    );
    const who = await shopper(t);
    const res = await place(who, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(launchNotStartedText(launch!.name, launch!.starts_at));
    expect(res.json().error).toMatch(
      / goes on sale \w{3} \d{1,2} \w{3}, \d{1,2}:\d{2} [ap]m IST\./,
    );
    expect(await stockOf(t.db, id, 'M')).toBe(5);
  });

  it('keeps each fan within the limit per size across orders; another fan and another size are apart', async () => {
    const id = await jersey('Kochi United Away');
    await createLaunch(t.db, { when: 'on', perFanLimit: 2, productIds: [id] });
    const fan = await shopper(t);
    expect((await place(fan, id, 1)).statusCode).toBe(200);
    expect((await place(fan, id, 1)).statusCode).toBe(200);
    const third = await place(fan, id, 1);
    expect(third.statusCode).toBe(409);
    expect(third.json().error).toBe(launchLimitReachedText('Kochi United Away', 'M', 2, 2));
    const asksThree = await place(await shopper(t), id, 3);
    expect(asksThree.json().error).toBe(launchLimitReachedText('Kochi United Away', 'M', 2, 0));
    expect((await place(fan, id, 2, 'L')).statusCode).toBe(200);
    expect((await place(await shopper(t), id, 2)).statusCode).toBe(200);
    expect(await stockOf(t.db, id, 'M')).toBe(46);
  });

  it("one fan's racing orders: exactly the limit is sold to them", async () => {
    const id = await jersey();
    await createLaunch(t.db, { when: 'on', perFanLimit: 2, productIds: [id] });
    const fan = await shopper(t);
    const responses = await Promise.all(Array.from({ length: 5 }, () => place(fan, id, 1)));
    expect(responses.map((a) => a.statusCode).sort()).toEqual([200, 200, 409, 409, 409]);
    expect(await stockOf(t.db, id, 'M')).toBe(48);
  });

  it('a canceled order, or one whose hold ran out, frees the fan’s pieces; paying it later counts them again', async () => {
    const id = await jersey();
    await createLaunch(t.db, { when: 'on', perFanLimit: 1, productIds: [id], holdMinutes: 5 });
    const fan = await shopper(t);
    const first = await place(fan, id);
    expect(first.statusCode).toBe(200);
    const firstId = first.json().order_id as number;

    // The launch's hold: 5 minutes, not the shop's.
    const [hold] = await queryRows<{ minutes: number }>(
      t.db,
      sql`SELECT round(extract(epoch FROM reserved_until - created_at) / 60)::int AS minutes
          FROM orders WHERE id = ${firstId}`,
    );
    expect(hold!.minutes).toBe(5);

    await t.db.execute(
      sql`UPDATE orders SET reserved_until = now() - interval '1 minute' WHERE id = ${firstId}`,
    );
    expect(await releaseExpiredOrders(t.db)).toBe(1);
    const second = await place(fan, id);
    expect(second.statusCode, second.body).toBe(200);
    const payOld = await fan.post('/api/payment_processer.php', {
      user_id: fan.id,
      order_id: firstId,
    });
    expect(payOld.statusCode).toBe(409);
    expect(payOld.json().error).toMatch(
      /^In this launch each fan may buy 1 of .+ in size M, and you have 1 already\.$/,
    );

    const cancel = await fan.post('/api/order_cancel.php', {
      user_id: fan.id,
      order_id: second.json().order_id,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const payNow = await fan.post('/api/payment_processer.php', {
      user_id: fan.id,
      order_id: firstId,
    });
    expect(payNow.statusCode, payNow.body).toBe(200);
    expect(await stockOf(t.db, id, 'M')).toBe(49);
  });

  it('a payment that reaches us after the hold ran out is kept within the fan’s limit, and given back in full beyond it', async () => {
    const gateway = createSandboxGateway(sandboxSecretSeed(t.config));
    const id = await jersey('Malappuram Stars Home');
    await createLaunch(t.db, { when: 'on', perFanLimit: 1, productIds: [id], holdMinutes: 5 });
    /** An order whose hold ran out unpaid; its payment page is still open at the gateway. */
    const lapsed = async (who: Shopper) => {
      const res = await place(who, id);
      expect(res.statusCode, res.body).toBe(200);
      const { order_id: orderId, payment_url: url } = res.json() as {
        order_id: number;
        payment_url: string;
      };
      await t.db.execute(
        sql`UPDATE orders SET reserved_until = now() - interval '1 minute' WHERE id = ${orderId}`,
      );
      expect(await releaseExpiredOrders(t.db)).toBe(1);
      return { orderId, token: url.split('/').pop()! };
    };
    /** The gateway's news that the old page was paid after all. */
    const paidLate = async (token: string) => {
      const late = gateway.complete(gateway.read(token)!, 'paid');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/webhook',
        headers: late.webhookHeaders,
        payload: late.webhookBody,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const money = async (orderId: number) =>
      (
        await queryRows<{ status: string; note: string | null; refunded: number; reason: string }>(
          t.db,
          sql`SELECT o.order_status AS status, o.cancel_reason AS note,
                     coalesce((SELECT sum(r.amount_paise) FROM refunds r
                               WHERE r.order_id = o.id AND r.status = 'processed'), 0)::int AS refunded,
                     coalesce((SELECT string_agg(r.reason, ' ') FROM refunds r
                               WHERE r.order_id = o.id), '') AS reason
              FROM orders o WHERE o.id = ${orderId}`,
        )
      )[0]!;

    // A fan lets an order lapse, buys the size again, then the first page's payment arrives:
    // their limit is 1, so the late money goes back in full and the first order is canceled.
    const fan = await shopper(t);
    const first = await lapsed(fan);
    const again = await place(fan, id);
    expect(again.statusCode, again.body).toBe(200);
    const paid = await t.app.inject({
      method: 'POST',
      url: again.json().payment_url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'result=paid',
    });
    await t.app.inject({ method: 'GET', url: paid.headers.location as string });
    await paidLate(first.token);
    const why = `${LAPSED_HOLD_REASON} ${launchLimitReachedText('Malappuram Stars Home', 'M', 1, 1)}`;
    expect(await money(first.orderId)).toEqual({
      status: 'Canceled',
      note: why,
      refunded: 135_900,
      reason: why,
    });
    expect(await stockOf(t.db, id, 'M')).toBe(49);

    // Another fan's lapsed order, paid late with nothing else bought: within the limit, kept.
    const other = await lapsed(await shopper(t));
    await paidLate(other.token);
    expect(await money(other.orderId)).toEqual({
      status: 'Processing',
      note: null,
      refunded: 0,
      reason: '',
    });
    expect(await stockOf(t.db, id, 'M')).toBe(48);
  });

  it('refuses cash on delivery when the launch does, and takes it when it allows it', async () => {
    const off = await jersey();
    await createLaunch(t.db, {
      when: 'on',
      name: 'Derby Drop',
      codAllowed: false,
      productIds: [off],
    });
    const fan = await shopper(t);
    const cod = await place(fan, off, 1, 'M', { payment_method: 'COD' });
    expect(cod.statusCode).toBe(409);
    expect(cod.json().error).toBe(launchNoCodText('Derby Drop'));

    const on = await jersey();
    await createLaunch(t.db, { when: 'on', codAllowed: true, productIds: [on] });
    await t.db.execute(sql`UPDATE shop_settings SET cod_enabled = true, cod_fee_paise = 0`);
    const allowed = await place(fan, on, 1, 'M', { payment_method: 'COD' });
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('a size exchange counts toward the size asked for, also when the fan orders it at the same moment', async () => {
    const id = await jersey('Kochi United Away');
    await createLaunch(t.db, { when: 'on', perFanLimit: 1, productIds: [id] });
    /** A fan whose L of the launch was delivered to them. */
    const withL = async () => {
      const fan = await shopper(t);
      const id0 = await paidOrder(t, fan, [{ product_id: id, size: 'L', quantity: 1 }], 1359);
      await t.db.execute(
        sql`UPDATE orders SET order_status = 'Completed', delivered_at = now() WHERE id = ${id0}`,
      );
      const [line] = await queryRows<{ id: number }>(
        t.db,
        sql`SELECT id FROM order_items WHERE order_id = ${id0}`,
      );
      const exchange = () =>
        fan.post('/api/order_return.php', {
          user_id: fan.id,
          order_id: id0,
          kind: 'exchange',
          reason: 'Too big',
          items: [{ order_item_id: line!.id, quantity: 1, exchange_size: 'M' }],
        });
      return { fan, exchange };
    };
    const a = await withL();
    await place(a.fan, id, 1, 'M');
    const refused = await a.exchange();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(launchLimitReachedText('Kochi United Away', 'M', 1, 1));
    const b = await withL();
    expect((await b.exchange()).statusCode).toBe(200);
    const bought = await place(b.fan, id, 1, 'M');
    expect(bought.json().error).toBe(launchLimitReachedText('Kochi United Away', 'M', 1, 1));
    // At once, several times: the exchange and the order are counted one after the other.
    for (let round = 0; round < 8; round += 1) {
      const c = await withL();
      const both = await Promise.all([c.exchange(), place(c.fan, id, 1, 'M')]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    }
  });

  it('the launch on now governs its jersey, not the next one staff scheduled after it', async () => {
    const id = await jersey('Gokulam Kerala Home 26/27');
    const on = await createLaunch(t.db, { when: 'on', perFanLimit: 2, productIds: [id] });
    const [first] = await queryRows<{ limits_until: Date }>(
      t.db,
      sql`SELECT limits_until FROM launches WHERE id = ${on.id}`,
    );
    // The restock drop, a week after the first drop's limits end: staff may schedule it now.
    const nextStart = new Date(first!.limits_until).getTime() + 7 * 24 * HOUR;
    const next = await manager.call(
      'POST',
      '/api/admin/launches',
      input([id], {
        name: 'Gokulam Kerala Home restock',
        starts_at: new Date(nextStart).toISOString(),
        limits_until: new Date(nextStart + 24 * HOUR).toISOString(),
        per_fan_limit: 1,
      }),
    );
    expect(next.statusCode, next.body).toBe(200);

    // The page shows the launch on now, and checkout sells by its rules: 2 a fan, not "not yet".
    expect((await productPage(id))[0].launch?.per_fan_limit).toBe(2);
    const fan = await shopper(t);
    const bought = await place(fan, id, 2);
    expect(bought.statusCode, bought.body).toBe(200);
    const third = await place(fan, id, 1);
    expect(third.json().error).toBe(launchLimitReachedText('Gokulam Kerala Home 26/27', 'M', 2, 2));
    expect(await stockOf(t.db, id, 'M')).toBe(48);
  });

  it('after its limits end the jersey sells as any other', async () => {
    const id = await jersey();
    await createLaunch(t.db, { when: 'over', perFanLimit: 1, productIds: [id] });
    const fan = await shopper(t);
    expect((await place(fan, id, 3)).statusCode).toBe(200);
    expect((await productPage(id))[0].launch).toBeNull();
  });
});

describe('Notify me when it drops', () => {
  it('mails each waiting fan once when the launch starts, never before', async () => {
    const id = await jersey('Calicut Heroes Third');
    const { id: launchId } = await createLaunch(t.db, {
      when: 'upcoming',
      name: 'Heroes Third Kit',
      productIds: [id],
      perFanLimit: 1,
    });
    const fans = [await shopper(t), await shopper(t)];
    for (const fan of fans) {
      const res = await fan.post('/api/launch_alert.php', { user_id: fan.id, product_id: id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ email: fan.email, whatsapp: null });
    }
    // A second press changes nothing; another shopper's id is refused.
    expect(
      (await fans[0]!.post('/api/launch_alert.php', { user_id: fans[0]!.id, product_id: id }))
        .statusCode,
    ).toBe(200);
    expect(
      (await fans[0]!.post('/api/launch_alert.php', { user_id: fans[1]!.id, product_id: id }))
        .statusCode,
    ).toBe(403);

    expect(await writeDueAlerts(t.db)).toBe(0);
    await t.db.execute(
      sql`UPDATE launches SET starts_at = now() - interval '1 second' WHERE id = ${launchId}`,
    );
    expect(await writeDueAlerts(t.db)).toBe(2);
    expect(await writeDueAlerts(t.db)).toBe(0);
    const mails = (await outboxMails(t)).filter((m) => m.subject.includes('Heroes Third Kit'));
    expect(mails.map((m) => m.to).sort()).toEqual(fans.map((f) => f.email).sort());
    expect(mails[0]!.subject).toBe('Kitroom: Heroes Third Kit is on sale now');
    expect(mails[0]!.text).toContain('Calicut Heroes Third');
    expect(mails[0]!.text).toContain('₹1,299');
    expect(mails[0]!.text).toContain(
      'Each fan may buy 1 piece of each size. Pay online: cash on delivery is off for this launch.',
    );

    // Once on sale there is nothing to wait for.
    const late = await fans[0]!.post('/api/launch_alert.php', {
      user_id: fans[0]!.id,
      product_id: id,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(LAUNCH_NOT_UPCOMING);
  });
});

describe('the waiting room', () => {
  const queue = (who: Shopper, productId: number, extra: object = {}, cookie = '') =>
    t.app.inject({
      method: 'POST',
      url: '/api/launch_queue.php',
      payload: { user_id: who.id, product_id: productId, ...extra },
      headers: { cookie: `${who.cookie}${cookie}` },
    });
  /** As if `seconds` passed: the launch's times and its places' arrivals move back. */
  async function travel(launchId: number, seconds: number) {
    const back = sql`make_interval(secs => ${seconds})`;
    await t.db.execute(
      sql`UPDATE launches SET starts_at = starts_at - ${back}, limits_until = limits_until - ${back}
          WHERE id = ${launchId}`,
    );
    await t.db.execute(
      sql`UPDATE launch_queue SET joined_at = joined_at - ${back} WHERE launch_id = ${launchId}`,
    );
    forgetLiveLaunches();
  }

  it('is closed until it opens, naming when', async () => {
    const { productIds } = await createLaunch(t.db, {
      startsAt: new Date(Date.now() + 3 * HOUR),
      queueOpensMinutes: 15,
    });
    const res = await queue(await shopper(t), productIds[0]!);
    expect(res.statusCode).toBe(409);
    const [row] = await queryRows<{ opens: Date }>(
      t.db,
      sql`SELECT starts_at - interval '15 minutes' AS opens FROM launches l
          JOIN launch_products p ON p.launch_id = l.id WHERE p.product_id = ${productIds[0]!}`,
    );
    expect(res.json().error).toBe(LAUNCH_QUEUE_NOT_OPEN(row!.opens));
  });

  it('gives places by arrival, lets fans check out in turn at its pace, and a passed turn joins again at the end', async () => {
    // 10 a minute: the first at the drop, then one every 6 seconds; turns of 5 minutes.
    const id = await jersey();
    const { id: launchId } = await createLaunch(t.db, {
      productIds: [id],
      name: 'Queue Kit',
      startsAt: new Date(Date.now() + 5 * 60_000),
      queueOpensMinutes: 10,
      admitPerMinute: 10,
      turnMinutes: 5,
      perFanLimit: 2,
    });
    const [a, b, c] = [await shopper(t), await shopper(t), await shopper(t)];
    const places: LaunchPlace[] = [];
    for (const fan of [a, b, c]) {
      const res = await queue(fan!, id);
      expect(res.statusCode, res.body).toBe(200);
      places.push(res.json());
    }
    expect(places.map((p) => [p.state, p.position, p.ahead])).toEqual([
      ['waiting', 1, 0],
      ['waiting', 2, 1],
      ['waiting', 3, 2],
    ]);
    // Joining again, or reloading, keeps the place.
    expect((await queue(a!, id)).json().position).toBe(1);
    // Before the drop nobody checks out.
    expect((await place(a!, id)).statusCode).toBe(409);

    await travel(launchId, 5 * 60 + 1);
    const first0 = (await queue(a!, id)).json() as LaunchPlace;
    expect(first0.state).toBe('your_turn');
    const second = (await queue(b!, id)).json() as LaunchPlace;
    expect(second).toMatchObject({ state: 'waiting', position: 2, ahead: 0 });
    expect((await queue(c!, id)).json()).toMatchObject({ state: 'waiting', position: 3, ahead: 1 });
    // B's turn: 6 seconds after the drop.
    expect(Date.parse(second.turn_starts_at) - Date.parse(first0.turn_starts_at)).toBe(6000);
    const early = await place(b!, id);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(launchTurnNotYetText('Queue Kit', second.turn_starts_at));
    const first = await place(a!, id);
    expect(first.statusCode, first.body).toBe(200);
    const stranger = await shopper(t);
    const noPlace = await place(stranger, id);
    expect(noPlace.json().error).toBe(launchJoinQueueText('Queue Kit'));

    // Six minutes later: the first turns (5 minutes) have passed.
    await travel(launchId, 6 * 60);
    const passed = (await queue(a!, id)).json() as LaunchPlace;
    expect(passed.state).toBe('passed');
    expect((await place(a!, id)).json().error).toBe(launchTurnPassedText('Queue Kit'));
    const again = (await queue(a!, id, { again: true })).json() as LaunchPlace;
    // The queue has long been let in: the new place at the end is let in at once.
    expect(again).toMatchObject({ state: 'your_turn', position: 4, ahead: 0 });
    expect((await place(a!, id)).statusCode).toBe(200);
  });

  it('one place per account whatever the race, one per browser, and a few per address', async () => {
    const { productIds } = await createLaunch(t.db, {
      startsAt: new Date(Date.now() + HOUR),
      queueOpensMinutes: 120,
    });
    const id = productIds[0]!;
    const fan = await shopper(t);
    const racing = await Promise.all(Array.from({ length: 4 }, () => queue(fan, id)));
    expect(new Set(racing.map((r) => r.json().position))).toEqual(new Set([1]));
    const crowd = await Promise.all(
      Array.from({ length: 8 }, async () => queue(await shopper(t), id)),
    );
    expect(crowd.map((r) => r.json().position).sort((x, y) => x - y)).toEqual([
      2, 3, 4, 5, 6, 7, 8, 9,
    ]);

    // The browser that holds a fan's place cannot take another account's.
    const first = await queue(await shopper(t), id);
    const browser = first.cookies.find((c) => c.name === 'kr_visitor')!.value;
    const second = await queue(await shopper(t), id, {}, `; kr_visitor=${browser}`);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe(LAUNCH_QUEUE_BROWSER_TAKEN);

    // Every call here comes from one address: it holds 10 places; 10 more, then no more.
    for (let i = 0; i < 10; i++) expect((await queue(await shopper(t), id)).statusCode).toBe(200);
    const over = await queue(await shopper(t), id);
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe(LAUNCH_QUEUE_ADDRESS_FULL);
  });

  it('asks a long queue for a moment’s work before a new place, and checks it', async () => {
    const { id: launchId, productIds } = await createLaunch(t.db, {
      startsAt: new Date(Date.now() + HOUR),
      queueOpensMinutes: 120,
    });
    const id = productIds[0]!;
    await t.db.execute(
      sql`UPDATE launches SET queue_length = ${LAUNCH_PROOF_FROM} WHERE id = ${launchId}`,
    );
    const fan = await shopper(t);
    const asked = (await queue(fan, id)).json();
    expect(asked).toEqual({
      state: 'prove',
      challenge: launchChallenge(launchId, fan.id),
      bits: LAUNCH_PROOF_BITS,
    });
    // A nonce that is not the work is asked again; the work gives the place.
    let nonce = 0;
    while (provesWork(asked.challenge, nonce.toString(36), LAUNCH_PROOF_BITS)) nonce++;
    expect((await queue(fan, id, { nonce: nonce.toString(36) })).json().state).toBe('prove');
    let work = 0;
    while (!provesWork(asked.challenge, work.toString(36), LAUNCH_PROOF_BITS)) work++;
    const placed = (await queue(fan, id, { nonce: work.toString(36) })).json() as LaunchPlace;
    expect(placed).toMatchObject({ state: 'waiting', position: LAUNCH_PROOF_FROM + 1 });
    // Keeping the place asks nothing more.
    expect((await queue(fan, id)).json().position).toBe(LAUNCH_PROOF_FROM + 1);
    // Another fan's work is not this fan's.
    const other = await shopper(t);
    expect((await queue(other, id, { nonce: work.toString(36) })).json().state).toBe('prove');
    expect((await queue(other, id, { nonce: 'NOT-A-NONCE' })).statusCode).toBe(400);
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'a look at a place held is two writes to PostgreSQL, a new place five (its count with the COMMIT)',
    async () => {
      const { id: launchId, productIds } = await createLaunch(t.db, {
        startsAt: new Date(Date.now() + HOUR),
        queueOpensMinutes: 120,
      });
      const id = productIds[0]!;
      const [first, second] = [await shopper(t), await shopper(t)];
      expect((await queue(first, id)).json().position).toBe(1);
      async function writesOf(call: () => Promise<unknown>): Promise<number> {
        const counter = countPoolWrites(t.db);
        try {
          await call();
          return counter.writes;
        } finally {
          counter.stop();
        }
      }
      // The session; the launch with the fan's place.
      expect(await writesOf(() => queue(first, id))).toBe(2);
      // The session; the launch with the place; BEGIN; the locks with what they guard; the
      // place taken with the COMMIT.
      expect(await writesOf(() => queue(second, id))).toBe(5);
      const [launch] = await queryRows<{ queue_length: number }>(
        t.db,
        sql`SELECT queue_length FROM launches WHERE id = ${launchId}`,
      );
      expect(launch).toEqual({ queue_length: 2 });
      expect((await queue(second, id)).json().position).toBe(2);
    },
  );
});
