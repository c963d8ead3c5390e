// Nobody holds a whole size unpaid (issue 36): pieces of one size per order and unpaid orders
// per shopper are capped by the owner's limits, under the shopper's lock, at checkout and at
// Pay Now after a hold ended; each refusal is a 409 with the shopper's sentence and stores
// nothing. On PGlite and on PostgreSQL (TEST_DATABASE=postgres).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import { orderBody, shopper, stockOf, type Shopper } from '../test/checkout.js';
import { createProduct } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
let jersey: number; // ₹1,299; one to Kerala is ₹1,359

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  jersey = await createProduct(t.db, {
    name: 'Malabar FC Home',
    pricePaise: 129_900,
    sizes: { M: 100, L: 100 },
  });
});
afterAll(() => t?.close());

const place = (who: Shopper, quantity = 1, size = 'M') =>
  who.post(
    '/api/process_order.php',
    orderBody(who.id, [{ product_id: jersey, size, quantity }], 1299 * quantity + 60),
  );

const ordersOf = async (who: Shopper) =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${who.id}`,
    )
  )[0]!.n;

describe('pieces of one size per order', () => {
  it('takes 10 of a size and refuses 11, taking no stock', async () => {
    const who = await shopper(t);
    const before = await stockOf(t.db, jersey, 'L');
    const eleven = await place(who, 11, 'L');
    expect(eleven.statusCode).toBe(409);
    expect(eleven.json()).toEqual({
      error:
        'You can order at most 10 pieces of one size (Malabar FC Home, size L). For more, apply for wholesale prices.',
    });
    expect(await stockOf(t.db, jersey, 'L')).toBe(before);
    expect(await ordersOf(who)).toBe(0);
    expect((await place(who, 10, 'L')).statusCode).toBe(200);
    expect(await stockOf(t.db, jersey, 'L')).toBe(before - 10);
  });
});

describe('unpaid orders per shopper', () => {
  it('holds three unpaid orders, refuses a fourth, and takes one again once one is paid', async () => {
    const who = await shopper(t);
    const placed: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await place(who);
      expect(res.statusCode, res.body).toBe(200);
      placed.push(res.json().order_id);
    }
    const fourth = await place(who);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toEqual({
      error:
        'You have 3 unpaid orders holding shirts. Please pay for one or cancel it in My Orders first.',
    });
    expect(await ordersOf(who)).toBe(3);

    // Pay Now on an order whose hold ended takes stock again only within the limit.
    await t.db.execute(
      sql`UPDATE orders SET reserved_until = now() - interval '1 minute' WHERE id = ${placed[0]!}`,
    );
    expect((await place(who)).statusCode).toBe(200);
    const payNow = await who.post('/api/payment_processer.php', {
      user_id: who.id,
      order_id: placed[0]!,
    });
    expect(payNow.statusCode).toBe(409);
    expect(payNow.json().error).toBe(
      'You have 3 unpaid orders holding shirts. Please pay for one or cancel it in My Orders first.',
    );

    // Cancelling one frees a place.
    const cancel = await who.post('/api/order_cancel.php', {
      user_id: who.id,
      order_id: placed[1]!,
      reason: 'Changed my mind',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await place(who)).statusCode).toBe(200);
  });

  it('counts checkouts sent at once one after the other: six at once, three placed', async () => {
    const who = await shopper(t);
    const responses = await Promise.all(Array.from({ length: 6 }, () => place(who)));
    expect(responses.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 409, 409, 409]);
    expect(await ordersOf(who)).toBe(3);
  });
});
