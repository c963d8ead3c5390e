// Coupons in the back office, as a manager runs them: every rule set and read back, status and
// use counts from orders, a taken code refused with 409, bad input named, edits that hold for
// the next shopper at once, and each change in the audit log.
import { COUPON_CODE_TAKEN } from '@kitroom/contract/admin';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, couponRedemptions, coupons, orders } from '../db/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { shopper, type Shopper } from '../test/checkout.js';
import { createCoupon, createProduct, createUser, ensureCategory } from '../test/factories.js';
import { createOrder } from '../test/order-factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createStaff } from '../test/staff.js';

let t: TestApp;
let manager: AdminClient;
let jersey: number;
let clubJerseys: number;

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  const origin = new URL(t.config.publicUrl).origin;
  manager = adminClient(t.app, origin, (await createStaff(t.db, 'manager')).cookie);
  jersey = await createProduct(t.db, {
    category: 'Club Jerseys',
    pricePaise: 149_900,
    discountPricePaise: 129_900,
    sizes: { M: 20 },
  });
  clubJerseys = await ensureCategory(t.db, 'Club Jerseys');
});
afterAll(() => t?.close());

const rules = (o: Record<string, unknown> = {}) => ({
  code: 'diwali15',
  description: '15% off club jerseys for Diwali',
  kind: 'percent',
  value: 15,
  max_discount: 300,
  min_order: 999,
  starts_at: '2026-01-01T00:00:00+05:30',
  ends_at: '2030-11-15T23:59:00+05:30',
  max_uses: 100,
  max_uses_per_user: 1,
  active: true,
  product_ids: [jersey],
  category_ids: [clubJerseys],
  ...o,
});

describe('creating and listing coupons', () => {
  it('stores every rule, returns it in rupees, and audits it', async () => {
    const res = await manager.call('POST', '/api/admin/coupons', rules());
    expect(res.statusCode, res.body).toBe(200);
    const { coupon } = res.json();
    expect(coupon).toEqual({
      id: expect.any(Number),
      code: 'DIWALI15',
      description: '15% off club jerseys for Diwali',
      kind: 'percent',
      value: 15,
      max_discount: 300,
      min_order: 999,
      starts_at: '2025-12-31T18:30:00.000Z',
      ends_at: '2030-11-15T18:29:00.000Z',
      max_uses: 100,
      max_uses_per_user: 1,
      active: true,
      stacks_with_wholesale: false,
      product_ids: [jersey],
      category_ids: [clubJerseys],
      status: 'active',
      used_count: 0,
      paid_orders: 0,
      paid_discount: 0,
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'coupon'), eq(auditLog.entityId, String(coupon.id))));
    expect(entry).toMatchObject({ action: 'create', before: null });
    expect(entry?.after).toMatchObject({ code: 'DIWALI15', value: 15, max_discount: 300 });

    const got = await manager.call('GET', `/api/admin/coupons/${coupon.id}`);
    expect(got.json().coupon).toEqual(coupon);
  });

  it('stores whether it stacks with wholesale prices, keeps it through other edits, and audits it', async () => {
    const res = await manager.call(
      'POST',
      '/api/admin/coupons',
      rules({ code: 'CLUBS5', stacks_with_wholesale: true }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { coupon } = res.json();
    expect(coupon.stacks_with_wholesale).toBe(true);
    const edited = await manager.call('PATCH', `/api/admin/coupons/${coupon.id}`, { value: 5 });
    expect(edited.json().coupon.stacks_with_wholesale).toBe(true);
    const off = await manager.call('PATCH', `/api/admin/coupons/${coupon.id}`, {
      stacks_with_wholesale: false,
    });
    expect(off.json().coupon.stacks_with_wholesale).toBe(false);
    const [row] = await t.db
      .select({ stacks: coupons.stacksWithWholesale })
      .from(coupons)
      .where(eq(coupons.id, coupon.id));
    expect(row!.stacks).toBe(false);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'coupon'), eq(auditLog.entityId, String(coupon.id))));
    expect(entries.at(-1)?.before).toMatchObject({ stacks_with_wholesale: true });
    expect(entries.at(-1)?.after).toMatchObject({ stacks_with_wholesale: false });
    const bad = await manager.call('PATCH', `/api/admin/coupons/${coupon.id}`, {
      stacks_with_wholesale: 'yes',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a code in use with 409, whatever its case', async () => {
    await createCoupon(t.db, { code: 'TAKEN10' });
    const res = await manager.call('POST', '/api/admin/coupons', rules({ code: 'taken10' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: COUPON_CODE_TAKEN });
  });

  it('names the field of bad input', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ code: 'a b' }, "code: The code must be 3 to 40 letters, digits, '-' or '_'"],
      [{ value: 150 }, 'value: Percent off must be 1 to 100'],
      [{ kind: 'flat', value: 150 }, 'max_discount: A rupees-off coupon takes off its amount'],
      [{ ends_at: '2025-01-01T00:00:00+05:30' }, 'ends_at: The end must be after the start'],
      [{ max_uses_per_user: 500 }, 'max_uses_per_user: Uses per shopper cannot be more'],
      [{ min_order: -1 }, 'min_order: The minimum order cannot be negative'],
      [{ starts_at: 'tomorrow' }, 'starts_at: The start must be a date and time'],
      [{ category_ids: [999_999] }, 'Categories: there is no category #999999'],
    ];
    for (const [change, error] of cases) {
      const res = await manager.call(
        'POST',
        '/api/admin/coupons',
        rules({ code: 'BAD1', ...change }),
      );
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().error).toContain(error);
    }
  });

  it('lists newest first with status, counts uses from paid orders, and pages by cursor', async () => {
    const past = new Date(Date.now() - 86_400_000);
    const expired = await createCoupon(t.db, { code: 'OLD5', endsAt: past, startsAt: new Date(0) });
    const usedUp = await createCoupon(t.db, { code: 'ONCE5', maxUses: 1 });
    const soon = await createCoupon(t.db, {
      code: 'SOON5',
      startsAt: new Date(Date.now() + 86_400_000),
    });
    const off = await createCoupon(t.db, { code: 'OFF5', active: false });
    // ONCE5 used by one paid order (₹130 off) and held by no other.
    const user = await createUser(t.db);
    const order = await createOrder(t.db, {
      userId: user.id,
      items: [{ productId: jersey, size: 'M', quantity: 1 }],
      paymentStatus: 'SUCCESS',
    });
    await t.db.update(orders).set({ couponId: usedUp.id }).where(eq(orders.id, order.id));
    await t.db
      .insert(couponRedemptions)
      .values({ couponId: usedUp.id, userId: user.id, orderId: order.id, discountPaise: 13_000 });
    // Checkout counts the use as it redeems; the test's order was inserted directly.
    await t.db.execute(sql`UPDATE coupons SET used_count = 1 WHERE id = ${usedUp.id}`);

    const page = await manager.call('GET', '/api/admin/coupons?limit=3');
    const body = page.json();
    expect(body.coupons.map((c: { code: string; status: string }) => [c.code, c.status])).toEqual([
      ['OFF5', 'inactive'],
      ['SOON5', 'scheduled'],
      ['ONCE5', 'used-up'],
    ]);
    expect(body.coupons[2]).toMatchObject({ used_count: 1, paid_orders: 1, paid_discount: 130 });
    expect(body.next_before).toBe(usedUp.id);
    const next = await manager.call('GET', `/api/admin/coupons?limit=3&before=${usedUp.id}`);
    expect(next.json().coupons[0]).toMatchObject({ code: 'OLD5', status: 'expired' });

    for (const [status, id] of [
      ['expired', expired.id],
      ['used-up', usedUp.id],
      ['scheduled', soon.id],
      ['inactive', off.id],
    ] as const) {
      const res = await manager.call('GET', `/api/admin/coupons?status=${status}`);
      const ids = res.json().coupons.map((c: { id: number }) => c.id);
      expect(ids, status).toContain(id);
      expect(res.json().coupons.every((c: { status: string }) => c.status === status)).toBe(true);
    }
    const byCode = await manager.call('GET', '/api/admin/coupons?code=on');
    expect(byCode.json().coupons.map((c: { code: string }) => c.code)).toEqual(['ONCE5']);
    const bad = await manager.call('GET', '/api/admin/coupons?status=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('status');
  });
});

describe('editing a coupon', () => {
  let s: Shopper;
  beforeAll(async () => {
    s = await shopper(t);
  });
  const preview = (code: string) =>
    s.post('/api/coupons.php', {
      user_id: s.id,
      coupon_code: code,
      total_amount: 1359,
      items: [{ product_id: jersey, size: 'M', quantity: 1 }],
      product_id: [],
    });

  it('holds for the next shopper at once, and deactivating stops it', async () => {
    const c = await createCoupon(t.db, { code: 'EDIT10', value: 10 });
    expect((await preview('edit10')).json()).toMatchObject({ discount_amount: 130 });

    const edited = await manager.call('PATCH', `/api/admin/coupons/${c.id}`, {
      kind: 'flat',
      value: 250,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().coupon).toMatchObject({ kind: 'flat', value: 250 });
    expect((await preview('edit10')).json()).toMatchObject({
      success: true,
      discount_amount: 250,
      final_amount: 1109,
    });

    const off = await manager.call('PATCH', `/api/admin/coupons/${c.id}`, { active: false });
    expect(off.json().coupon.status).toBe('inactive');
    expect((await preview('edit10')).json()).toEqual({
      success: false,
      error: 'Invalid coupon code.',
    });

    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'coupon'), eq(auditLog.entityId, String(c.id))))
      .orderBy(auditLog.id);
    expect(entries.map((e) => e.action)).toEqual(['update', 'deactivate']);
    expect(entries[0]?.before).toMatchObject({ kind: 'percent', value: 10 });
    expect(entries[0]?.after).toMatchObject({ kind: 'flat', value: 250 });
  });

  it('checks the rules on the coupon as it will be, and the code stays unique', async () => {
    const c = await createCoupon(t.db, { code: 'RULES10', kind: 'percent', value: 10 });
    await createCoupon(t.db, { code: 'OTHER10' });
    const tooMuch = await manager.call('PATCH', `/api/admin/coupons/${c.id}`, { value: 120 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toBe('value: Percent off must be 1 to 100');
    const taken = await manager.call('PATCH', `/api/admin/coupons/${c.id}`, { code: 'other10' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: COUPON_CODE_TAKEN });
    const empty = await manager.call('PATCH', `/api/admin/coupons/${c.id}`, {});
    expect(empty.statusCode).toBe(400);
    const missing = await manager.call('PATCH', '/api/admin/coupons/999999', { active: false });
    expect(missing.statusCode).toBe(404);
    const unchanged = await manager.call('GET', `/api/admin/coupons/${c.id}`);
    expect(unchanged.json().coupon).toMatchObject({ code: 'RULES10', value: 10 });
  });

  it('keeps the use limit at or above the uses already counted', async () => {
    const c = await createCoupon(t.db, { code: 'LIMIT3', maxUses: 5 });
    await t.db.execute(sql`UPDATE coupons SET used_count = 3 WHERE id = ${c.id}`);
    const res = await manager.call('PATCH', `/api/admin/coupons/${c.id}`, { max_uses: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(
      'max_uses: 3 uses are counted already; the limit cannot be lower',
    );
  });

  it('offers the categories to limit a coupon to', async () => {
    const res = await manager.call('GET', '/api/admin/coupons/options');
    expect(res.json().categories).toContainEqual({ id: clubJerseys, name: 'Club Jerseys' });
  });
});
