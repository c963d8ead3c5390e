import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect((await s.post('/api/cart_manage.php', { ...add, size: 'XXXL' })).statusCode).toBe(400);
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

  it('answers 401 without a session and 403 for another user', async () => {
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
