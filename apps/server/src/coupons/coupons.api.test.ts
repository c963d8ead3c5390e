import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import { orderBody, shopper, type Shopper } from '../test/checkout.js';
import { createCoupon, createProduct, ensureCategory } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { DEMO_COUPONS, seedDemoCoupons } from './coupons.service.js';

let t: TestApp;
let s: Shopper;
let jersey: number; // Club Jerseys, ₹1,299
let ball: number; // Equipment, ₹800
let clubJerseys: number;

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  jersey = await createProduct(t.db, {
    category: 'Club Jerseys',
    pricePaise: 149_900,
    discountPricePaise: 129_900,
    sizes: { M: 20 },
  });
  ball = await createProduct(t.db, { category: 'Equipment', pricePaise: 80_000, sizes: { M: 20 } });
  clubJerseys = await ensureCategory(t.db, 'Club Jerseys');
  s = await shopper(t);
});
afterAll(() => t?.close());

const check = (coupon_code: string, items: object[], total_amount: number) =>
  s.post('/api/coupons.php', { user_id: s.id, coupon_code, total_amount, items, product_id: [] });

describe('coupons.php', () => {
  it('computes a percent discount from database prices, in whole rupees, with its cap', async () => {
    const c = await createCoupon(t.db, { value: 10, maxDiscountPaise: 20_000 });
    const one = await check(c.code, [{ product_id: jersey, size: 'M', quantity: 1 }], 1359);
    expect(one.statusCode).toBe(200);
    // 10% of ₹1,299 is ₹129.90: the shopper saves ₹130, so the total has no paise.
    expect(one.json()).toEqual({
      success: true,
      coupon_code: c.code,
      discount_amount: 130,
      final_amount: 1229,
      line_discounts: [130],
    });
    // The claimed total does not change the discount: 10% of 3 × ₹1,299 is over the ₹200 cap.
    const three = await check(c.code, [{ product_id: jersey, size: 'M', quantity: 3 }], 99_999);
    expect(three.json()).toMatchObject({ discount_amount: 200, final_amount: 99_799 });
    const tiny = await check(c.code, [{ product_id: jersey, size: 'M', quantity: 1 }], 1);
    expect(tiny.json()).toMatchObject({ discount_amount: 130, final_amount: 0 });
  });

  it('accepts any case and the spec’s product_id list (one unit each)', async () => {
    const c = await createCoupon(t.db, { kind: 'flat', value: 15_000 });
    const res = await s.post('/api/coupons.php', {
      user_id: s.id,
      coupon_code: ` ${c.code.toLowerCase()} `,
      total_amount: 2159,
      product_id: [String(jersey), ball],
    });
    expect(res.json()).toEqual({
      success: true,
      coupon_code: c.code,
      discount_amount: 150,
      final_amount: 2009,
      // Each line's share, by value: 150 × 1299/2099 = 92.829…, 150 × 800/2099 = 57.170…;
      // the two paise left go to the larger remainders.
      line_discounts: [92.83, 57.17],
    });
  });

  it('checks minimum order, validity window, limits and restrictions', async () => {
    const line = [{ product_id: jersey, size: 'M', quantity: 1 }];
    const ballLine = [{ product_id: ball, size: 'M', quantity: 1 }];
    const minimum = await createCoupon(t.db, {
      kind: 'flat',
      value: 15_000,
      minOrderPaise: 99_900,
    });
    const expired = await createCoupon(t.db, { endsAt: new Date(Date.now() - 1000) });
    const future = await createCoupon(t.db, { startsAt: new Date(Date.now() + 3_600_000) });
    const used = await createCoupon(t.db, { maxUses: 2 });
    await t.db.execute(sql`UPDATE coupons SET used_count = 2 WHERE id = ${used.id}`);
    const inactive = await createCoupon(t.db, { active: false });
    const clubOnly = await createCoupon(t.db, { value: 20, categoryIds: [clubJerseys] });
    const ballOnly = await createCoupon(t.db, { kind: 'flat', value: 100_000, productIds: [ball] });

    const cases: [string, object[], string][] = [
      [minimum.code, ballLine, 'Add items worth ₹999 or more to use this coupon.'],
      [expired.code, line, 'This coupon has expired.'],
      [future.code, line, 'This coupon is not active yet.'],
      [used.code, line, 'This coupon has reached its usage limit.'],
      [inactive.code, line, 'Invalid coupon code.'],
      ['NOPE', line, 'Invalid coupon code.'],
      [clubOnly.code, ballLine, 'This coupon does not apply to the items in your order.'],
    ];
    for (const [code, items, error] of cases) {
      const res = await check(code, items, 1000);
      expect(res.statusCode, code).toBe(200);
      expect(res.json(), code).toEqual({ success: false, error });
    }
    expect((await check(minimum.code, line, 1359)).json().success).toBe(true);
    // Restricted coupons count only their items: 20% of the jersey (₹259.80, rounded up to
    // a whole rupee), not of the ball.
    const mixed = await check(clubOnly.code, [...line, ...ballLine], 2159);
    expect(mixed.json()).toEqual({
      success: true,
      coupon_code: clubOnly.code,
      discount_amount: 260,
      final_amount: 1899,
      line_discounts: [260, 0],
    });
    // A flat discount never exceeds what it applies to.
    const capped = await check(ballOnly.code, [...line, ...ballLine], 2159);
    expect(capped.json()).toMatchObject({ success: true, discount_amount: 800 });
  });

  it('charges at checkout exactly the total coupons.php showed, for every kind of coupon', async () => {
    // ₹1,799 and ₹849: a percent of either has paise.
    const shirt = await createProduct(t.db, {
      category: 'Club Jerseys',
      pricePaise: 199_900,
      discountPricePaise: 179_900,
      sizes: { M: 20 },
    });
    const cap = await createProduct(t.db, {
      category: 'Equipment',
      pricePaise: 84_900,
      sizes: { M: 20 },
    });
    const coupons = {
      percentWithCap: await createCoupon(t.db, { value: 15, maxDiscountPaise: 30_000 }),
      flatWithMinimum: await createCoupon(t.db, {
        kind: 'flat',
        value: 15_050,
        minOrderPaise: 99_900,
      }),
      categoryPercent: await createCoupon(t.db, { value: 20, categoryIds: [clubJerseys] }),
      oncePerShopper: await createCoupon(t.db, { value: 7, maxUsesPerUser: 1 }),
    };
    const items = [
      { product_id: shirt, size: 'M', quantity: 1 },
      { product_id: cap, size: 'M', quantity: 1 },
    ];
    // Items ₹2,648 + Kerala shipping ₹60.
    const expected = {
      percentWithCap: 300, // 15% of ₹2,648 is ₹397.20, capped at ₹300
      flatWithMinimum: 151, // ₹150.50 rounded up
      categoryPercent: 360, // 20% of the ₹1,799 shirt only: ₹359.80
      oncePerShopper: 186, // 7% of ₹2,648 is ₹185.36
    };
    for (const [kind, coupon] of Object.entries(coupons)) {
      const buyer = await shopper(t);
      const shown = await buyer.post('/api/coupons.php', {
        user_id: buyer.id,
        coupon_code: coupon.code,
        total_amount: 2708,
        product_id: [],
        items,
      });
      const discount = expected[kind as keyof typeof expected];
      expect(shown.json(), kind).toMatchObject({
        success: true,
        coupon_code: coupon.code,
        discount_amount: discount,
        final_amount: 2708 - discount,
      });
      const shares = (shown.json() as { line_discounts: number[] }).line_discounts;
      expect(Math.round(shares.reduce((a, b) => a + b, 0) * 100), kind).toBe(discount * 100);
      const placed = await buyer.post(
        '/api/process_order.php',
        orderBody(buyer.id, items, shown.json().final_amount, { coupon_code: coupon.code }),
      );
      expect(placed.statusCode, kind).toBe(200);
      const [order] = await queryRows<{ total_paise: number; discount_paise: number }>(
        t.db,
        sql`SELECT total_paise, discount_paise FROM orders WHERE id = ${placed.json().order_id}`,
      );
      expect(order, kind).toEqual({
        total_paise: (2708 - discount) * 100,
        discount_paise: discount * 100,
      });
    }
  });

  it('refuses a coupon the shopper has used up, and unknown products', async () => {
    const c = await createCoupon(t.db, { kind: 'flat', value: 10_000, maxUsesPerUser: 1 });
    const line = [{ product_id: jersey, size: 'M', quantity: 1 }];
    const placed = await s.post(
      '/api/process_order.php',
      orderBody(s.id, line, 1259, { coupon_code: c.code }),
    );
    expect(placed.statusCode).toBe(200);
    expect((await check(c.code, line, 1359)).json()).toEqual({
      success: false,
      error: 'You have already used this coupon.',
    });
    expect(
      (await check(c.code, [{ product_id: 999_999, size: 'M', quantity: 1 }], 1)).json(),
    ).toEqual({
      success: false,
      error: 'One of the products is no longer available. Please review your cart.',
    });
  });

  it('refuses malformed requests with 400 and other users with 403', async () => {
    const empty = await s.post('/api/coupons.php', {
      user_id: s.id,
      coupon_code: '  ',
      total_amount: 1,
      product_id: [jersey],
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Invalid request: coupon_code: Please enter your coupon code');
    const none = await s.post('/api/coupons.php', {
      user_id: s.id,
      coupon_code: 'X',
      total_amount: 1,
      product_id: [],
    });
    expect(none.json().error).toBe('Invalid request: product_id: add at least one product');
    const other = await shopper(t);
    const res = await other.post('/api/coupons.php', {
      user_id: s.id,
      coupon_code: 'X',
      total_amount: 1,
      product_id: [jersey],
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('seedDemoCoupons', () => {
  it('creates the demo coupons once, and they behave as docs/owners-guide.md says', async () => {
    expect(await seedDemoCoupons(t.db)).toEqual(DEMO_COUPONS.map((c) => c.code));
    expect(await seedDemoCoupons(t.db)).toEqual([]);
    const rows = await queryRows<{ code: string }>(
      t.db,
      sql`SELECT code FROM coupons WHERE code IN ('WELCOME10', 'FLAT150', 'KERALA20', 'MONSOON25')`,
    );
    expect(rows).toHaveLength(4);
    const fresh = await shopper(t);
    const jerseys = [{ product_id: jersey, size: 'M', quantity: 3 }];
    const ask = (code: string, items: object[]) =>
      fresh.post('/api/coupons.php', {
        user_id: fresh.id,
        coupon_code: code,
        total_amount: 5000,
        items,
      });
    expect((await ask('welcome10', jerseys)).json()).toMatchObject({ discount_amount: 200 });
    expect((await ask('FLAT150', jerseys)).json()).toMatchObject({ discount_amount: 150 });
    expect((await ask('KERALA20', jerseys)).json()).toMatchObject({ discount_amount: 500 });
    expect((await ask('KERALA20', [{ product_id: ball, size: 'M', quantity: 1 }])).json()).toEqual({
      success: false,
      error: 'This coupon does not apply to the items in your order.',
    });
    expect((await ask('MONSOON25', jerseys)).json()).toEqual({
      success: false,
      error: 'This coupon has expired.',
    });
  });
});
