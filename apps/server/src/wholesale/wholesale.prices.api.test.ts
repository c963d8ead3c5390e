// A wholesaler's own prices (decision 045): tiers by the order's pieces at their boundaries in
// whole rupees (rounded down, as coupons round; issue 36.25), the minimum order refused below it, coupons only when they say so, placed
// orders kept at their prices when the list changes, and nothing of it in the catalogue's
// shared responses: a guest after a wholesaler sees retail prices.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wholesalePriceLists, queryRows } from '../db/index.js';
import {
  allowManyUnpaidOrders,
  orderBody,
  shopper,
  type Shopper,
  stockOf,
} from '../test/checkout.js';
import { createCoupon, createProduct, ensureCategory } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { approvedWholesaler, createApplication, createPriceList } from '../test/wholesale.js';
import { eq } from 'drizzle-orm';

let t: TestApp;
let jersey: number;
let shorts: number;
let listId: number;
let buyer: Shopper;

const SIZES = { S: 200, M: 200, L: 200 };

beforeAll(async () => {
  t = await startTestApp();
  // Retail ₹999 (discount price) on a ₹1,499 jersey; shorts ₹500 in their own category.
  jersey = await createProduct(t.db, {
    name: 'Gokulam Kerala Home Jersey',
    pricePaise: 149_900,
    discountPricePaise: 99_900,
    sizes: SIZES,
  });
  shorts = await createProduct(t.db, {
    name: 'Training Shorts',
    category: 'Shorts',
    pricePaise: 50_000,
    discountPricePaise: 50_000,
    sizes: SIZES,
  });
  listId = await createPriceList(t.db, { name: 'Clubs' });
  buyer = await shopper(t);
  await approvedWholesaler(t.db, buyer.id, listId);
  await allowManyUnpaidOrders(t.db);
});
afterAll(() => t?.close());

const prices = (s: Shopper, productIds: number[], pieces: number) =>
  s.post('/api/wholesale_prices.php', { user_id: s.id, product_ids: productIds, pieces });

/** Orders `pieces` jerseys in size M (split over M and L past 100) at `amount` rupees. */
const order = (s: Shopper, pieces: number, amount: number, extra: object = {}) =>
  s.post(
    '/api/process_order.php',
    orderBody(s.id, [{ product_id: jersey, size: 'M', quantity: pieces }], amount, extra),
  );

const itemsOf = (orderId: number) =>
  queryRows<{ unit_price_paise: number; quantity: number }>(
    t.db,
    sql`SELECT unit_price_paise, quantity FROM order_items WHERE order_id = ${orderId}`,
  );

describe('wholesale_prices.php', () => {
  it.each([
    [9, 999, null, { min_pieces: 10, percent_off: 25, pieces_needed: 1 }],
    [
      10,
      749,
      { min_pieces: 10, percent_off: 25 },
      { min_pieces: 50, percent_off: 35, pieces_needed: 40 },
    ],
    [
      49,
      749,
      { min_pieces: 10, percent_off: 25 },
      { min_pieces: 50, percent_off: 35, pieces_needed: 1 },
    ],
    [50, 649, { min_pieces: 50, percent_off: 35 }, null],
  ])('at %i pieces: ₹%d a jersey, its tier and the next', async (pieces, price, tier, next) => {
    const res = await prices(buyer, [jersey], pieces);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({
      wholesale: true,
      pieces,
      tier,
      next_tier: next,
      min_order: 0,
      min_pieces: 0,
      prices: [{ product_id: jersey, price }],
    });
  });

  it('applies the most specific rule: product over category over everything', async () => {
    const category = await ensureCategory(t.db, 'Shorts');
    const ruled = await createPriceList(t.db, {
      rules: [
        { target: 'all', target_id: null, kind: 'percent', value: 10 },
        { target: 'category', target_id: category, kind: 'fixed', value: 30_000 },
        { target: 'product', target_id: jersey, kind: 'fixed', value: 70_000 },
      ],
      tiers: [{ min_pieces: 10, percent_off: 25 }],
    });
    const other = await shopper(t);
    await approvedWholesaler(t.db, other.id, ruled);
    const plain = await createProduct(t.db, { discountPricePaise: 99_900, pricePaise: 99_900 });
    const res = await prices(other, [jersey, shorts, plain], 10);
    // 70000 × 0.75 = 52500; 30000 × 0.75 = 22500; 99900 × 0.9 × 0.75 = 67432.5 → ₹674.
    expect(res.json().prices).toEqual([
      { product_id: jersey, price: 525 },
      { product_id: shorts, price: 225 },
      { product_id: plain, price: 674 },
    ]);
  });

  it('gives retail shoppers and pending applicants nothing but {wholesale: false}', async () => {
    const retail = await shopper(t);
    expect((await prices(retail, [jersey], 10)).json()).toEqual({ wholesale: false });
    const pending = await shopper(t);
    await createApplication(t.db, { userId: pending.id, status: 'pending' });
    expect((await prices(pending, [jersey], 10)).json()).toEqual({ wholesale: false });
    // Asking for another shopper's prices is refused.
    const spy = await t.app.inject({
      method: 'POST',
      url: '/api/wholesale_prices.php',
      headers: { cookie: retail.cookie },
      payload: { user_id: buyer.id, product_ids: [jersey], pieces: 10 },
    });
    expect(spy.statusCode).toBe(403);
  });
});

describe('checkout at wholesale prices', () => {
  it.each([
    // pieces, unit paise, total rupees (with ₹60 Kerala shipping)
    [9, 99_900, 8_991 + 60],
    [10, 74_900, 7_490 + 60],
    [49, 74_900, 36_701 + 60],
    [50, 64_900, 32_450 + 60],
  ])('%i pieces are charged %i paise each', async (pieces, unit, amount) => {
    const res = await order(buyer, pieces, amount);
    expect(res.statusCode, res.body).toBe(200);
    expect(await itemsOf(res.json().order_id)).toEqual([
      { unit_price_paise: unit, quantity: pieces },
    ]);
  });

  it('refuses a total worked out at retail prices, naming the wholesale total', async () => {
    const res = await order(buyer, 12, 12 * 999 + 60);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toContain('your total is now ₹9,048');
  });

  it('keeps placed orders at their prices when the list changes', async () => {
    const placed = await order(buyer, 12, 12 * 749 + 60);
    expect(placed.statusCode, placed.body).toBe(200);
    const changed = await createPriceList(t.db, {
      tiers: [{ min_pieces: 10, percent_off: 40 }],
    });
    const later = await shopper(t);
    await approvedWholesaler(t.db, later.id, changed);
    await t.db
      .update(wholesalePriceLists)
      .set({ tiers: [{ min_pieces: 10, percent_off: 30 }] })
      .where(eq(wholesalePriceLists.id, changed));
    const next = await order(later, 12, 12 * 699 + 60);
    expect(next.statusCode, next.body).toBe(200);
    expect(await itemsOf(next.json().order_id)).toEqual([
      { unit_price_paise: 69_900, quantity: 12 },
    ]);
    expect(await itemsOf(placed.json().order_id)).toEqual([
      { unit_price_paise: 74_900, quantity: 12 },
    ]);
  });

  it('refuses an order below the minimum pieces or value, taking no stock', async () => {
    const minimums = await createPriceList(t.db, {
      minOrderPieces: 10,
      minOrderPaise: 1_000_000,
    });
    const small = await shopper(t);
    await approvedWholesaler(t.db, small.id, minimums);
    const stock = await stockOf(t.db, jersey, 'M');
    const nine = await order(small, 9, 9 * 999 + 60);
    expect(nine.statusCode).toBe(400);
    expect(nine.json()).toEqual({
      error: 'Wholesale orders start at 10 pieces: please add 1 more.',
    });
    // 12 × ₹749 = ₹8,988, short of ₹10,000 by ₹1,012.
    const twelve = await order(small, 12, 12 * 749 + 60);
    expect(twelve.statusCode).toBe(400);
    expect(twelve.json()).toEqual({
      error: 'Wholesale orders start at ₹10,000: please add ₹1,012 more.',
    });
    expect(await stockOf(t.db, jersey, 'M')).toBe(stock);
    const fourteen = await order(small, 14, 14 * 749 + 60);
    expect(fourteen.statusCode, fourteen.body).toBe(200);
  });

  it('takes a coupon on wholesale prices only when the coupon says so', async () => {
    const plain = await createCoupon(t.db, { kind: 'flat', value: 10_000 });
    const refused = await order(buyer, 10, 7_490 + 60 - 100, { coupon_code: plain.code });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'This coupon cannot be used with wholesale prices.' });
    const preview = await buyer.post('/api/coupons.php', {
      user_id: buyer.id,
      coupon_code: plain.code,
      product_id: [jersey],
      items: [{ product_id: jersey, size: 'M', quantity: 10 }],
      total_amount: 7_490,
    });
    expect(preview.json()).toEqual({
      success: false,
      error: 'This coupon cannot be used with wholesale prices.',
    });

    const stacking = await createCoupon(t.db, {
      kind: 'flat',
      value: 10_000,
      stacksWithWholesale: true,
    });
    const taken = await order(buyer, 10, 7_490 + 60 - 100, { coupon_code: stacking.code });
    expect(taken.statusCode, taken.body).toBe(200);
  });
});

describe('shared responses stay retail', () => {
  it('a guest after a wholesaler sees retail prices in the cached product and listing responses', async () => {
    const asWholesaler = await prices(buyer, [jersey], 10);
    expect(asWholesaler.json().prices).toEqual([{ product_id: jersey, price: 749 }]);
    const wholesalerProduct = await t.app.inject({
      method: 'POST',
      url: '/api/product.php',
      headers: { cookie: buyer.cookie },
      payload: { product_id: jersey },
    });
    expect(wholesalerProduct.json()[0].product).toMatchObject({ discount_price: 999 });

    const guestProduct = await t.app.inject({
      method: 'POST',
      url: '/api/product.php',
      payload: { product_id: jersey },
    });
    expect(guestProduct.statusCode).toBe(200);
    expect(guestProduct.body).toBe(wholesalerProduct.body);
    expect(guestProduct.json()[0].product).toMatchObject({ price: 1499, discount_price: 999 });
    expect(guestProduct.body).not.toMatch(/:749[,}]/);

    const listing = { limit: '0-50' };
    await t.app.inject({
      method: 'POST',
      url: '/api/shop.php',
      headers: { cookie: buyer.cookie },
      payload: listing,
    });
    const guestListing = await t.app.inject({
      method: 'POST',
      url: '/api/shop.php',
      payload: listing,
    });
    const row = guestListing.json().products.find((p: { id: number }) => p.id === jersey) as {
      discount_price: number;
    };
    expect(row.discount_price).toBe(999);
    expect(guestListing.body).not.toMatch(/:749[,}]/);
  });
});
