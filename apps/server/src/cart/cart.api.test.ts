import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, sessions, queryRows } from '../db/index.js';
import { createProduct, loggedInUser } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
let jersey: number;
let soldOut: number;

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  jersey = await createProduct(t.db, {
    name: 'Kerala Blasters Home Jersey 2024',
    pricePaise: 149_900,
    discountPricePaise: 129_900,
    sizes: { S: 2, M: 5, L: 0 },
  });
  soldOut = await createProduct(t.db, { sizes: { M: 0 } });
});
afterAll(() => t?.close());

async function shopper() {
  const user = await loggedInUser(t.db);
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie: user.cookie } });
  return { ...user, post };
}

describe('cart.php and cart_manage.php', () => {
  it('adds a line with the cart-item fields and adds up the same product and size', async () => {
    const s = await shopper();
    const add = { user_id: s.id, action: 'add', product_id: jersey, size: 'M', quantity: 1 };
    expect((await s.post('/api/cart_manage.php', add)).statusCode).toBe(200);
    const res = await s.post('/api/cart_manage.php', { ...add, quantity: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json().cart_items).toEqual([
      {
        id: jersey,
        selected_product_id: jersey,
        image_url: 'images/products/test.webp',
        name: 'Kerala Blasters Home Jersey 2024',
        price: 1499,
        discount_price: 1299,
        selected_quantity: 3,
        selected_size: 'M',
        stock_quantity: 5,
      },
    ]);
    const cart = await s.post('/api/cart.php', { user_id: s.id });
    expect(cart.json().cart_items).toHaveLength(1);
  });

  it('keeps a line within the stock of its size', async () => {
    const s = await shopper();
    const add = { user_id: s.id, action: 'add', product_id: jersey, size: 'S', quantity: 5 };
    const res = await s.post('/api/cart_manage.php', add);
    expect(res.json().cart_items[0]).toMatchObject({ selected_quantity: 2, stock_quantity: 2 });
    const again = await s.post('/api/cart_manage.php', { ...add, quantity: 1 });
    expect(again.json().cart_items[0].selected_quantity).toBe(2);
  });

  it('reduces a line and removes it at 0', async () => {
    const s = await shopper();
    const line = { user_id: s.id, product_id: jersey, size: 'M' };
    await s.post('/api/cart_manage.php', { ...line, action: 'add', quantity: 3 });
    const reduced = await s.post('/api/cart_manage.php', {
      ...line,
      action: 'reduce',
      quantity: 1,
    });
    expect(reduced.json().cart_items[0].selected_quantity).toBe(2);
    const removed = await s.post('/api/cart_manage.php', {
      ...line,
      action: 'reduce',
      quantity: 2,
    });
    expect(removed.json().cart_items).toEqual([]);
  });

  it('clears the cart', async () => {
    const s = await shopper();
    await s.post('/api/cart_manage.php', {
      user_id: s.id,
      action: 'add',
      product_id: jersey,
      size: 'M',
      quantity: 1,
    });
    const res = await s.post('/api/cart_manage.php', { user_id: s.id, action: 'clear' });
    expect(res.json()).toEqual({ cart_items: [] });
  });

  it('refuses sold-out sizes, unknown sizes and products, and bad quantities', async () => {
    const s = await shopper();
    const add = { user_id: s.id, action: 'add', product_id: jersey, size: 'L', quantity: 1 };
    const soldOutSize = await s.post('/api/cart_manage.php', add);
    expect(soldOutSize.statusCode).toBe(409);
    expect(soldOutSize.json().error).toBe('Size L is out of stock.');
    const unknownSize = await s.post('/api/cart_manage.php', { ...add, size: 'XXXL' });
    expect(unknownSize.statusCode).toBe(400);
    expect(unknownSize.json().error).toBe('Size XXXL is not available.');
    const unknown = await s.post('/api/cart_manage.php', { ...add, product_id: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Product not found');
    for (const quantity of [0, -1, 1.5, '2']) {
      const res = await s.post('/api/cart_manage.php', { ...add, size: 'M', quantity });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/^Invalid request: quantity/);
    }
    expect((await s.post('/api/cart.php', { user_id: s.id })).json().cart_items).toEqual([]);
  });

  it('returns the cart as cart.php does: lines in the order first added, the new one last', async () => {
    const s = await shopper();
    const second = await createProduct(t.db, { sizes: { S: 4, M: 4 } });
    const add = (product_id: number, size: string, quantity = 1) =>
      s.post('/api/cart_manage.php', { user_id: s.id, action: 'add', product_id, size, quantity });
    await add(jersey, 'M');
    await add(second, 'M');
    await add(second, 'S');
    // Adding to the first line again keeps its place.
    const res = await add(jersey, 'M', 2);
    const lines = res
      .json()
      .cart_items.map((i: { id: number; selected_size: string; selected_quantity: number }) => [
        i.id,
        i.selected_size,
        i.selected_quantity,
      ]);
    expect(lines).toEqual([
      [jersey, 'M', 3],
      [second, 'M', 1],
      [second, 'S', 1],
    ]);
    expect((await s.post('/api/cart.php', { user_id: s.id })).json()).toEqual(res.json());
  });

  it('caps quantities: at most the stock of the size, at most 1000 a request', async () => {
    const s = await shopper();
    const add = { user_id: s.id, action: 'add', product_id: jersey, size: 'M', quantity: 1000 };
    const full = await s.post('/api/cart_manage.php', add);
    expect(full.statusCode).toBe(200);
    expect(full.json().cart_items[0]).toMatchObject({ selected_quantity: 5, stock_quantity: 5 });
    // A line already at the stock of its size stays there.
    const again = await s.post('/api/cart_manage.php', { ...add, quantity: 1 });
    expect(again.statusCode).toBe(200);
    expect(again.json().cart_items[0].selected_quantity).toBe(5);
    const tooMany = await s.post('/api/cart_manage.php', { ...add, quantity: 1001 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toBe('Invalid request: quantity: quantity is too large');
  });

  it('refuses an inactive product and leaves its lines out of the cart', async () => {
    const s = await shopper();
    const retired = await createProduct(t.db, { sizes: { M: 3 } });
    const add = { user_id: s.id, action: 'add', product_id: retired, size: 'M', quantity: 1 };
    expect((await s.post('/api/cart_manage.php', add)).statusCode).toBe(200);
    await s.post('/api/cart_manage.php', { ...add, product_id: jersey });
    await t.db
      .update(products)
      .set({ active: false, status: 'archived' })
      .where(eq(products.id, retired));
    const res = await s.post('/api/cart_manage.php', add);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Product not found');
    const cart = await s.post('/api/cart.php', { user_id: s.id });
    expect(cart.json().cart_items.map((i: { id: number }) => i.id)).toEqual([jersey]);
  });

  it('relaxes the durable commit for a cart write only, not for what the connection runs next', async () => {
    const s = await shopper();
    for (const size of ['S', 'M']) {
      const add = { user_id: s.id, action: 'add', product_id: jersey, size, quantity: 1 };
      expect((await s.post('/api/cart_manage.php', add)).statusCode).toBe(200);
      const [row] = await queryRows<{ mode: string }>(
        t.db,
        sql`SELECT current_setting('synchronous_commit') AS mode`,
      );
      expect(row?.mode).toBe('on');
    }
  });

  it('responds 401 without a session and 403 for another user', async () => {
    const s = await shopper();
    const other = await shopper();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/cart.php',
      payload: { user_id: s.id },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await other.post('/api/cart.php', { user_id: s.id })).statusCode).toBe(403);
  });

  describe.each([
    { action: 'add', quantity: 1 },
    { action: 'reduce', quantity: 1 },
    { action: 'clear' },
  ])('cart_manage.php $action', (change) => {
    // The session is checked in the statement that changes the cart: nothing changes, and
    // nothing about the product is told, without the named user's live session.
    async function shopperWithLine() {
      const s = await shopper();
      const line = { user_id: s.id, product_id: jersey, size: 'M' };
      await s.post('/api/cart_manage.php', { ...line, action: 'add', quantity: 2 });
      const body = { ...line, ...change };
      const cartOf = async () =>
        (await s.post('/api/cart.php', { user_id: s.id })).json().cart_items;
      return { s, body, cartOf, before: await cartOf() };
    }

    it('responds 401 without a live session and changes nothing', async () => {
      const { s, body, cartOf, before } = await shopperWithLine();
      const post = (cookie: string | undefined, payload: object) =>
        t.app.inject({
          method: 'POST',
          url: '/api/cart_manage.php',
          payload,
          ...(cookie ? { headers: { cookie } } : {}),
        });
      for (const cookie of [undefined, 'access=not-a-session', `access=${'x'.repeat(101)}`]) {
        const res = await post(cookie, body);
        expect(res.statusCode, String(cookie)).toBe(401);
        expect(res.json()).toEqual({ error: 'Please log in to continue.' });
        // Even for a product that does not exist.
        expect((await post(cookie, { ...body, product_id: 999_999 })).statusCode).toBe(401);
      }
      await t.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, s.id));
      const expired = await s.post('/api/cart_manage.php', body);
      expect(expired.statusCode).toBe(401);
      await t.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() + 60_000) })
        .where(eq(sessions.userId, s.id));
      expect(await cartOf()).toEqual(before);
    });

    it("responds 403 for another user's cart and changes nothing", async () => {
      const { body, cartOf, before } = await shopperWithLine();
      const other = await shopper();
      const res = await other.post('/api/cart_manage.php', body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'You may only act on your own account.' });
      const unknown = await other.post('/api/cart_manage.php', { ...body, product_id: 999_999 });
      expect(unknown.statusCode).toBe(403);
      expect(await cartOf()).toEqual(before);
      expect((await other.post('/api/cart.php', { user_id: other.id })).json().cart_items).toEqual(
        [],
      );
    });
  });
});

describe('cart_merge.php', () => {
  it('adds the guest lines to the server cart, capped at stock, dropping unknown ones', async () => {
    const s = await shopper();
    await s.post('/api/cart_manage.php', {
      user_id: s.id,
      action: 'add',
      product_id: jersey,
      size: 'M',
      quantity: 3,
    });
    const res = await s.post('/api/cart_merge.php', {
      user_id: s.id,
      items: [
        { product_id: jersey, size: 'M', quantity: 4 },
        { product_id: jersey, size: 'S', quantity: 1 },
        { product_id: soldOut, size: 'M', quantity: 1 },
        { product_id: jersey, size: 'XL', quantity: 1 },
        { product_id: 999_999, size: 'M', quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const lines = res
      .json()
      .cart_items.map((i: { selected_size: string; selected_quantity: number }) => [
        i.selected_size,
        i.selected_quantity,
      ]);
    expect(lines.sort()).toEqual([
      ['M', 5],
      ['S', 1],
    ]);
  });
});
