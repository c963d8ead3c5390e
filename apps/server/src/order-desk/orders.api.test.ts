import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { queryRows } from '../db/index.js';
import { createCoupon, createProduct } from '../test/factories.js';
import {
  allowManyUnpaidOrders,
  KERALA_ADDRESS,
  orderBody,
  shopper,
  type Shopper,
  stockOf,
} from '../test/checkout.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { releaseExpiredOrders } from '../checkout/index.js';

let t: TestApp;
let jersey: number; // ₹1,299 (list ₹1,499), S=3 M=10 L=0
let shorts: number; // ₹499

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  jersey = await createProduct(t.db, {
    name: 'Kerala Blasters Home Jersey 2024',
    pricePaise: 149_900,
    discountPricePaise: 129_900,
    sizes: { S: 3, M: 10, L: 0 },
  });
  shorts = await createProduct(t.db, {
    name: 'Training Shorts',
    category: 'Training',
    pricePaise: 49_900,
    sizes: { M: 50 },
  });
  await allowManyUnpaidOrders(t.db);
});
afterAll(() => t?.close());

interface OrderDbRow {
  id: number;
  order_status: string;
  payment_status: string;
  subtotal_paise: number;
  shipping_paise: number;
  discount_paise: number;
  total_paise: number;
  coupon_id: number | null;
  affiliate_id: number | null;
  campaign_code: string | null;
  reserved_until: Date | string | null;
  stock_released: boolean;
}

async function storedOrder(id: number): Promise<OrderDbRow> {
  const [row] = await queryRows<OrderDbRow>(t.db, sql`SELECT * FROM orders WHERE id = ${id}`);
  return row!;
}

async function orderCount(userId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${userId}`,
  );
  return row!.n;
}

async function productStock(id: number): Promise<number> {
  const [row] = await queryRows<{ stock: number }>(
    t.db,
    sql`SELECT coalesce(sum(stock), 0)::int AS stock FROM product_sizes WHERE product_id = ${id}`,
  );
  return row!.stock;
}

async function place(s: Shopper, items: object[], amount: number, extra: object = {}) {
  return s.post('/api/process_order.php', orderBody(s.id, items as never, amount, extra));
}

describe('process_order.php', () => {
  it('prices the order from the database, takes the stock and holds it unpaid', async () => {
    const s = await shopper(t);
    await s.post('/api/cart_manage.php', {
      user_id: s.id,
      action: 'add',
      product_id: jersey,
      size: 'M',
      quantity: 2,
    });
    const before = { size: await stockOf(t.db, jersey, 'M'), total: await productStock(jersey) };
    const res = await place(s, [{ product_id: jersey, size: 'M', quantity: 2 }], 2658);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.payment_url).toMatch(
      new RegExp(
        `^/api/payments/sandbox/pay/order-${body.order_id}-1\\.265800\\.\\d+\\.[\\w-]{43}$`,
      ),
    );
    const order = await storedOrder(body.order_id);
    expect(order).toMatchObject({
      order_status: 'Pending',
      payment_status: 'UNPAID',
      subtotal_paise: 259_800,
      shipping_paise: 6_000,
      discount_paise: 0,
      total_paise: 265_800,
      affiliate_id: null,
      campaign_code: null,
      stock_released: false,
    });
    const holdMinutes = (new Date(order.reserved_until!).getTime() - Date.now()) / 60_000;
    expect(holdMinutes).toBeGreaterThan(29);
    expect(holdMinutes).toBeLessThanOrEqual(30);
    expect(await stockOf(t.db, jersey, 'M')).toBe(before.size - 2);
    expect(await productStock(jersey)).toBe(before.total - 2);
    // The ordered line leaves the server cart.
    expect((await s.post('/api/cart.php', { user_id: s.id })).json().cart_items).toEqual([]);
  });

  it('saves the first checkout’s address to a profile that has none, and only then', async () => {
    const s = await shopper(t);
    const line = [{ product_id: shorts, size: 'M', quantity: 1 }];
    const profileAddress = async () =>
      (await s.post('/api/profile.php', { id: s.id })).json().user.shipping_address;
    expect(await profileAddress()).toBeNull();

    // A refused order saves nothing: the address is saved in the order's transaction.
    const refused = await place(s, line, 1);
    expect(refused.statusCode).toBe(409);
    expect(await profileAddress()).toBeNull();

    const first = await place(s, line, 559);
    expect(first.statusCode).toBe(200);
    expect(await profileAddress()).toEqual(KERALA_ADDRESS);
    expect((await s.post('/api/shipping_address.php', { user_id: s.id })).json()).toEqual({
      address: KERALA_ADDRESS,
    });

    // A later order to another address leaves the saved one alone.
    const chennai = { ...KERALA_ADDRESS, city: 'Chennai', state: 'Tamil Nadu', pincode: '600001' };
    const second = await place(s, line, 584, { state: 'Tamil Nadu', shipping_address: chennai });
    expect(second.statusCode).toBe(200);
    expect(await profileAddress()).toEqual(KERALA_ADDRESS);
  });

  it('adds the shipping fee of the state', async () => {
    const s = await shopper(t);
    const line = [{ product_id: shorts, size: 'M', quantity: 1 }];
    const body = (state: string, pincode: string, amount: number) => ({
      ...orderBody(s.id, line, amount),
      state,
      shipping_address: { ...orderBody(s.id, line, amount).shipping_address, state, pincode },
    });
    for (const [state, pincode, amount] of [
      ['Tamil Nadu', '600001', 584],
      ['Karnataka', '560001', 584],
      ['Delhi', '110001', 599],
      ['Kerala', '673001', 559],
    ] as const) {
      const res = await s.post('/api/process_order.php', body(state, pincode, amount));
      expect(res.statusCode, state).toBe(200);
    }
  });

  it('refuses a client amount that differs from the server total, naming the total', async () => {
    const s = await shopper(t);
    const line = [{ product_id: jersey, size: 'M', quantity: 1 }];
    const before = await stockOf(t.db, jersey, 'M');
    for (const amount of [1, 1358, 1359.01, 0]) {
      const res = await place(s, line, amount);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(
        'Prices have changed since you opened checkout: your total is now ₹1,359. Please review your order and try again.',
      );
    }
    // Prices sent with the lines are not read: the database price is charged.
    const withPrice = await place(s, [{ ...line[0], price: 1 }], 1359);
    expect(withPrice.statusCode).toBe(200);
    expect(await orderCount(s.id)).toBe(1);
    expect(await stockOf(t.db, jersey, 'M')).toBe(before - 1);
  });

  it('refuses tampered quantities, products, sizes and states without touching stock', async () => {
    const s = await shopper(t);
    const before = await stockOf(t.db, jersey, 'S');
    const cases: [object, number, RegExp][] = [
      [{ items: [{ product_id: jersey, size: 'S', quantity: 0 }] }, 400, /quantity/],
      [{ items: [{ product_id: jersey, size: 'S', quantity: -2 }] }, 400, /quantity/],
      [{ items: [{ product_id: jersey, size: 'S', quantity: 1.5 }] }, 400, /quantity/],
      [
        { items: [{ product_id: jersey, size: 'S', quantity: 4 }] },
        409,
        /only 3 left of Kerala Blasters Home Jersey 2024 in size S/,
      ],
      [{ items: [{ product_id: jersey, size: 'L', quantity: 1 }] }, 409, /size L is sold out/],
      [
        { items: [{ product_id: jersey, size: 'XXXL', quantity: 1 }] },
        400,
        /does not come in size XXXL/,
      ],
      [
        { items: [{ product_id: 999_999, size: 'S', quantity: 1 }] },
        400,
        /Product 999999 does not exist/,
      ],
      [{ items: [{ product_id: -1, size: 'S', quantity: 1 }] }, 400, /product_id/],
      [{ items: [] }, 400, /the order has no items/],
      [{ state: 'Atlantis' }, 400, /state/],
      [{ state: 'Delhi' }, 400, /state must be the state of the shipping address/],
      [{ amount: -10 }, 400, /amount/],
      [{ amount: '1359' }, 400, /amount/],
      [{ mobile_number: '12345' }, 400, /mobile_number/],
      [{ idempotency_key: 'not-a-uuid' }, 400, /idempotency_key/],
    ];
    for (const [extra, status, error] of cases) {
      const res = await place(s, [{ product_id: jersey, size: 'S', quantity: 1 }], 1359, extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(status);
      expect(res.json().error).toMatch(error);
    }
    // Two lines of the same size count together.
    const doubled = await place(
      s,
      [
        { product_id: jersey, size: 'S', quantity: 2 },
        { product_id: jersey, size: 'S', quantity: 2 },
      ],
      5256,
    );
    expect(doubled.statusCode).toBe(409);
    expect(await stockOf(t.db, jersey, 'S')).toBe(before);
    expect(await orderCount(s.id)).toBe(0);
  });

  it('applies a coupon from database prices and records its use', async () => {
    const s = await shopper(t);
    const coupon = await createCoupon(t.db, { value: 10, maxDiscountPaise: 20_000 });
    const line = [{ product_id: jersey, size: 'M', quantity: 2 }];
    // 10% of ₹2,598 is ₹259.80, capped at ₹200: 2598 + 60 - 200.
    const res = await place(s, line, 2458, { coupon_code: coupon.code.toLowerCase() });
    expect(res.statusCode).toBe(200);
    const order = await storedOrder(res.json().order_id);
    expect(order).toMatchObject({
      discount_paise: 20_000,
      total_paise: 245_800,
      coupon_id: coupon.id,
    });
    const [redemption] = await queryRows<{ discount_paise: number; user_id: number }>(
      t.db,
      sql`SELECT discount_paise, user_id FROM coupon_redemptions WHERE order_id = ${order.id}`,
    );
    expect(redemption).toEqual({ discount_paise: 20_000, user_id: s.id });
    const bad = await place(s, line, 2658, { coupon_code: 'NOSUCHCODE' });
    expect(bad.statusCode).toBe(409);
    expect(bad.json().error).toBe('Invalid coupon code.');
  });

  it('returns the same order for a repeated idempotency key, also when sent at once', async () => {
    const s = await shopper(t);
    const line = [{ product_id: shorts, size: 'M', quantity: 1 }];
    const key = randomUUID();
    const first = await place(s, line, 559, { idempotency_key: key });
    const again = await place(s, line, 559, { idempotency_key: key });
    expect(again.json()).toEqual(first.json());

    const other = randomUUID();
    const before = await stockOf(t.db, shorts, 'M');
    const both = await Promise.all([
      place(s, line, 559, { idempotency_key: other }),
      place(s, line, 559, { idempotency_key: other }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both[0]!.json()).toEqual(both[1]!.json());
    expect(await orderCount(s.id)).toBe(2);
    expect(await stockOf(t.db, shorts, 'M')).toBe(before - 1);
  });

  it('needs a session of the same user', async () => {
    const s = await shopper(t);
    const other = await shopper(t);
    const body = orderBody(s.id, [{ product_id: shorts, size: 'M', quantity: 1 }], 559);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/process_order.php',
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await other.post('/api/process_order.php', body)).statusCode).toBe(403);
  });
});

describe('orders.php', () => {
  it('lists the shopper’s orders newest first and returns one with its items', async () => {
    const s = await shopper(t);
    const first = await place(s, [{ product_id: shorts, size: 'M', quantity: 1 }], 559);
    const second = await place(
      s,
      [
        { product_id: jersey, size: 'M', quantity: 1 },
        { product_id: shorts, size: 'M', quantity: 3 },
      ],
      2856,
    );
    const list = await s.post('/api/orders.php', { user_id: s.id });
    expect(list.statusCode).toBe(200);
    const orders = list.json().orders;
    expect(orders.map((o: { id: number }) => o.id)).toEqual([
      second.json().order_id,
      first.json().order_id,
    ]);
    expect(orders[0]).toMatchObject({
      order_status: 'Pending',
      payment_status: 'UNPAID',
      payment_method: 'Online',
      shipping_address: 'Asha Menon, 12 Beach Road, Kozhikode, Kerala 673001, 9876543210',
      total_amount: '2856.00',
      subtotal_amount: '2796.00',
      shipping_amount: '60.00',
      discount_amount: '0.00',
      coupon_code: null,
      // The day checkout promised (delivery-promise tests check the day itself).
      expected_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      tracking_id: null,
      tracking_link: null,
      paid_at: null,
    });
    expect(orders[0].order_items).toHaveLength(2);

    const detail = await s.post('/api/orders.php', {
      user_id: s.id,
      order_id: String(second.json().order_id),
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().order.id).toBe(second.json().order_id);
    expect(detail.json().order_items).toEqual([
      {
        id: expect.any(Number),
        product_id: jersey,
        product_name: 'Kerala Blasters Home Jersey 2024',
        product_image_url: 'images/products/test.webp',
        quantity: 1,
        size: 'M',
        price: 1299,
      },
      {
        id: expect.any(Number),
        product_id: shorts,
        product_name: 'Training Shorts',
        product_image_url: 'images/products/test.webp',
        quantity: 3,
        size: 'M',
        price: 499,
      },
    ]);
  });

  it('keeps a product name with quotes, commas, braces and backslashes exactly on the order', async () => {
    // Order lines travel to the database as arrays, where these characters must be escaped.
    const name = 'Kerala "Blasters", {Home} \\ Kit — NULL';
    const odd = await createProduct(t.db, { name, pricePaise: 99_900, sizes: { M: 5 } });
    const s = await shopper(t);
    const placed = await place(
      s,
      [
        { product_id: odd, size: 'M', quantity: 1 },
        { product_id: shorts, size: 'M', quantity: 1 },
      ],
      1558,
    );
    expect(placed.statusCode).toBe(200);
    const detail = await s.post('/api/orders.php', {
      user_id: s.id,
      order_id: String(placed.json().order_id),
    });
    expect(detail.json().order_items.map((i: { product_name: string }) => i.product_name)).toEqual([
      name,
      'Training Shorts',
    ]);
  });
  it('responds 404 for another user’s order, both to read and to pay', async () => {
    const owner = await shopper(t);
    const other = await shopper(t);
    const placed = await place(owner, [{ product_id: shorts, size: 'M', quantity: 1 }], 559);
    const orderId = placed.json().order_id;
    const read = await other.post('/api/orders.php', { user_id: other.id, order_id: orderId });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ error: 'Order not found' });
    const pay = await other.post('/api/payment_processer.php', {
      user_id: other.id,
      order_id: orderId,
    });
    expect(pay.statusCode).toBe(404);
    const spoofed = await other.post('/api/orders.php', { user_id: owner.id, order_id: orderId });
    expect(spoofed.statusCode).toBe(403);
  });
});

async function expire(orderId: number) {
  await t.db.execute(
    sql`UPDATE orders SET reserved_until = now() - interval '1 minute' WHERE id = ${orderId}`,
  );
}

describe('holding stock for unpaid orders', () => {
  it('Pay Now on a held order returns the same payment page', async () => {
    const s = await shopper(t);
    const placed = (await place(s, [{ product_id: shorts, size: 'M', quantity: 1 }], 559)).json();
    const pay = await s.post('/api/payment_processer.php', {
      user_id: s.id,
      order_id: placed.order_id,
    });
    expect(pay.statusCode).toBe(200);
    expect(pay.json()).toEqual(placed);
  });

  it('gives the stock and coupon use of an expired order back, and Pay Now takes them again', async () => {
    const s = await shopper(t);
    const product = await createProduct(t.db, { pricePaise: 100_000, sizes: { M: 2 } });
    const coupon = await createCoupon(t.db, { kind: 'flat', value: 10_000, maxUses: 1 });
    const placed = await place(s, [{ product_id: product, size: 'M', quantity: 2 }], 1960, {
      coupon_code: coupon.code,
    });
    expect(placed.statusCode).toBe(200);
    const orderId = placed.json().order_id;
    expect(await stockOf(t.db, product, 'M')).toBe(0);

    expect(await releaseExpiredOrders(t.db)).toBe(0);
    await expire(orderId);
    expect(await releaseExpiredOrders(t.db)).toBe(1);
    expect(await releaseExpiredOrders(t.db)).toBe(0);
    expect(await stockOf(t.db, product, 'M')).toBe(2);
    expect(await productStock(product)).toBe(2);
    expect((await storedOrder(orderId)).stock_released).toBe(true);
    const [{ used_count }] = (await queryRows<{ used_count: number }>(
      t.db,
      sql`SELECT used_count FROM coupons WHERE id = ${coupon.id}`,
    )) as [{ used_count: number }];
    expect(used_count).toBe(0);

    const pay = await s.post('/api/payment_processer.php', { user_id: s.id, order_id: orderId });
    expect(pay.statusCode).toBe(200);
    expect(pay.json().payment_url).not.toBe(placed.json().payment_url);
    expect(await stockOf(t.db, product, 'M')).toBe(0);
    const order = await storedOrder(orderId);
    expect(order.stock_released).toBe(false);
    expect(new Date(order.reserved_until!).getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    const [{ n }] = (await queryRows<{ n: number }>(
      t.db,
      sql`SELECT used_count AS n FROM coupons WHERE id = ${coupon.id}`,
    )) as [{ n: number }];
    expect(n).toBe(1);
    // Every move of the size's stock is in its ledger, in order, with the order's id.
    expect(await ledgerOf(product)).toEqual([
      { size: 'M', delta: -2, stock_after: 0, reason: 'hold', order_id: orderId },
      { size: 'M', delta: 2, stock_after: 2, reason: 'release', order_id: orderId },
      { size: 'M', delta: -2, stock_after: 0, reason: 'hold', order_id: orderId },
    ]);
  });

  it('writes one release row per expired order and size, each with the stock after it', async () => {
    const product = await createProduct(t.db, { pricePaise: 100_000, sizes: { M: 10, L: 5 } });
    const orders: number[] = [];
    for (const quantity of [1, 2, 3]) {
      const s = await shopper(t);
      const placed = await place(
        s,
        [
          { product_id: product, size: 'M', quantity },
          { product_id: product, size: 'L', quantity: 1 },
        ],
        1000 * (quantity + 1) + 60,
      );
      expect(placed.statusCode).toBe(200);
      orders.push(placed.json().order_id);
    }
    for (const id of orders) await expire(id);
    expect(await releaseExpiredOrders(t.db)).toBe(3);
    const releases = (await ledgerOf(product)).filter((r) => r.reason === 'release');
    expect(releases).toEqual([
      { size: 'L', delta: 1, stock_after: 3, reason: 'release', order_id: orders[0] },
      { size: 'L', delta: 1, stock_after: 4, reason: 'release', order_id: orders[1] },
      { size: 'L', delta: 1, stock_after: 5, reason: 'release', order_id: orders[2] },
      { size: 'M', delta: 1, stock_after: 5, reason: 'release', order_id: orders[0] },
      { size: 'M', delta: 2, stock_after: 7, reason: 'release', order_id: orders[1] },
      { size: 'M', delta: 3, stock_after: 10, reason: 'release', order_id: orders[2] },
    ]);
    expect(await stockOf(t.db, product, 'M')).toBe(10);
    expect(await stockOf(t.db, product, 'L')).toBe(5);
  });

  it('refuses Pay Now when the released stock has been sold meanwhile', async () => {
    const s = await shopper(t);
    const buyer = await shopper(t);
    const product = await createProduct(t.db, {
      name: 'Last Shirt',
      pricePaise: 100_000,
      sizes: { M: 1 },
    });
    const placed = await place(s, [{ product_id: product, size: 'M', quantity: 1 }], 1060);
    const orderId = placed.json().order_id;
    await expire(orderId);
    await releaseExpiredOrders(t.db);
    const bought = await place(buyer, [{ product_id: product, size: 'M', quantity: 1 }], 1060);
    expect(bought.statusCode).toBe(200);
    const pay = await s.post('/api/payment_processer.php', { user_id: s.id, order_id: orderId });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().error).toBe(
      'Sorry, Last Shirt in size M is sold out. This order can no longer be paid; please place a new order.',
    );
    expect(await stockOf(t.db, product, 'M')).toBe(0);
    expect((await storedOrder(orderId)).stock_released).toBe(true);
  });
});

interface LedgerRow {
  size: string;
  delta: number;
  stock_after: number;
  reason: string;
  order_id: number | null;
}

/** A product's stock ledger, oldest first (per size for a sweep's rows written together). */
async function ledgerOf(productId: number): Promise<LedgerRow[]> {
  return queryRows<LedgerRow>(
    t.db,
    sql`SELECT size, delta, stock_after, reason, order_id FROM stock_ledger
        WHERE product_id = ${productId} ORDER BY id`,
  );
}

describe('the sweep timer', () => {
  it('starts when an app is ready and gives back expired orders’ stock', async () => {
    const s = await shopper(t);
    const product = await createProduct(t.db, { pricePaise: 100_000, sizes: { M: 1 } });
    const placed = await place(s, [{ product_id: product, size: 'M', quantity: 1 }], 1060);
    await expire(placed.json().order_id);
    expect(await stockOf(t.db, product, 'M')).toBe(0);
    // A second server process on the same database, with the sweep on (the default).
    const second = await buildApp({ config: t.config, database: t.database });
    await second.ready();
    try {
      await vi.waitFor(async () => expect(await stockOf(t.db, product, 'M')).toBe(1), {
        timeout: 5_000,
        interval: 50,
      });
    } finally {
      await second.close();
    }
  });
});
