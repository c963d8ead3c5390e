// The wishlist of a logged-in shopper: hearts kept by the shop, newest first, at most
// WISHLIST_LIMIT (also when hearts race), merged with a guest's at login; jerseys no longer
// sold are left off the page; bad input refused with nothing changed.
import { WISHLIST_FULL, WISHLIST_LIMIT } from '@kitroom/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, queryRows } from '../db/index.js';
import { createProduct, loggedInUser } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { NO_SUCH_JERSEY } from './wishlist.service.js';

let t: TestApp;
let shirts: number[];

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  shirts = [];
  for (const name of ['Kerala Blasters Home', 'Mohun Bagan Away', 'Argentina Home']) {
    shirts.push(await createProduct(t.db, { name: `${name} Jersey 2026/27` }));
  }
});
afterAll(() => t?.close());

async function shopper() {
  const user = await loggedInUser(t.db);
  const post = (path: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/${path}`,
      payload,
      headers: { cookie: user.cookie },
    });
  const heart = (productId: number, action: 'add' | 'remove' = 'add') =>
    post('wishlist_manage.php', { user_id: user.id, action, product_id: productId });
  const ids = async () =>
    (await post('wishlist.php', { user_id: user.id })).json<{ product_ids: number[] }>()
      .product_ids;
  return { ...user, post, heart, ids };
}

const rowsOf = async (userId: number) =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM wishlist_items WHERE user_id = ${userId}`,
    )
  )[0]!.n;

describe('wishlist.php, wishlist_manage.php and wishlist_products.php', () => {
  it('keeps hearts newest first, once each, and lets them go', async () => {
    const s = await shopper();
    expect(await s.ids()).toEqual([]);
    const [a, b, c] = shirts as [number, number, number];
    expect((await s.heart(a)).json()).toEqual({ product_ids: [a] });
    expect((await s.heart(b)).json()).toEqual({ product_ids: [b, a] });
    expect((await s.heart(a)).json()).toEqual({ product_ids: [b, a] });
    expect((await s.heart(c)).json()).toEqual({ product_ids: [c, b, a] });
    expect((await s.heart(b, 'remove')).json()).toEqual({ product_ids: [c, a] });
    expect((await s.heart(b, 'remove')).json()).toEqual({ product_ids: [c, a] });
    expect(await s.ids()).toEqual([c, a]);

    const page = await s.post('wishlist_products.php', { user_id: s.id });
    expect(page.statusCode, page.body).toBe(200);
    const shown = page.json<{ products: { id: number; name: string }[] }>().products;
    expect(shown.map((p) => [p.id, p.name])).toEqual([
      [c, 'Argentina Home Jersey 2026/27'],
      [a, 'Kerala Blasters Home Jersey 2026/27'],
    ]);
  });

  it('leaves a jersey no longer sold off the page, and shows it again when it is back', async () => {
    const s = await shopper();
    const retired = await createProduct(t.db, { name: 'Retired Jersey' });
    await s.heart(retired);
    await t.db
      .update(products)
      .set({ active: false, status: 'archived' })
      .where(eq(products.id, retired));
    const names = async () =>
      (await s.post('wishlist_products.php', { user_id: s.id }))
        .json<{ products: { id: number }[] }>()
        .products.map((p) => p.id);
    expect(await names()).toEqual([]);
    await t.db
      .update(products)
      .set({ active: true, status: 'active' })
      .where(eq(products.id, retired));
    expect(await names()).toEqual([retired]);
  });

  it('refuses an unknown or inactive jersey, a bad action and bad ids, changing nothing', async () => {
    const s = await shopper();
    const retired = await createProduct(t.db, { name: 'Gone Jersey' });
    await t.db
      .update(products)
      .set({ active: false, status: 'archived' })
      .where(eq(products.id, retired));
    for (const productId of [999_999, retired]) {
      const res = await s.heart(productId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: NO_SUCH_JERSEY });
    }
    for (const body of [
      { user_id: s.id, action: 'toggle', product_id: shirts[0] },
      { user_id: s.id, action: 'add', product_id: -1 },
      { user_id: s.id, action: 'add', product_id: 'abc' },
      { user_id: s.id, action: 'add' },
    ]) {
      const res = await s.post('wishlist_manage.php', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json<{ error: string }>().error).toBe('string');
    }
    expect(await rowsOf(s.id)).toBe(0);
  });

  it(`holds at most ${WISHLIST_LIMIT} jerseys, also when hearts race`, async () => {
    const s = await shopper();
    const many: number[] = [];
    for (let i = 0; i < WISHLIST_LIMIT + 4; i++)
      many.push(await createProduct(t.db, { sizes: {} }));
    const first = many.slice(0, WISHLIST_LIMIT - 3);
    await t.db.execute(
      sql`INSERT INTO wishlist_items (user_id, product_id)
          SELECT ${s.id}, unnest(${`{${first.join(',')}}`}::int[])`,
    );
    // Seven hearts at once for the last three places: three are kept, four refused.
    const racing = many.slice(WISHLIST_LIMIT - 3);
    const responses = await Promise.all(racing.map((id) => s.heart(id)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(3);
    const refused = responses.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(4);
    expect(refused[0]!.json()).toEqual({ error: WISHLIST_FULL });
    expect(await rowsOf(s.id)).toBe(WISHLIST_LIMIT);
    // A full wishlist still lets one go, and then takes one.
    expect((await s.heart(first[0]!, 'remove')).statusCode).toBe(200);
    const last = racing.find((id) => responses[racing.indexOf(id)]!.statusCode === 409)!;
    expect((await s.heart(last)).statusCode).toBe(200);
    expect(await rowsOf(s.id)).toBe(WISHLIST_LIMIT);
  });
});

describe('wishlist_merge.php', () => {
  it("adds a guest's hearts after the shopper's, once each, leaving out jerseys not sold", async () => {
    const s = await shopper();
    const [a, b, c] = shirts as [number, number, number];
    const retired = await createProduct(t.db, { name: 'Old Jersey' });
    await t.db
      .update(products)
      .set({ active: false, status: 'archived' })
      .where(eq(products.id, retired));
    await s.heart(a);
    const res = await s.post('wishlist_merge.php', {
      user_id: s.id,
      product_ids: [b, a, retired, 999_999, c, b],
    });
    expect(res.statusCode, res.body).toBe(200);
    // The guest's list is oldest first: c was hearted last, so it is the newest.
    expect(res.json()).toEqual({ product_ids: [c, b, a] });
    expect(await s.ids()).toEqual([c, b, a]);
  });

  it('merges only as many as fit, and refuses more ids than a wishlist holds', async () => {
    const s = await shopper();
    const many: number[] = [];
    for (let i = 0; i < WISHLIST_LIMIT + 1; i++)
      many.push(await createProduct(t.db, { sizes: {} }));
    const tooMany = await s.post('wishlist_merge.php', { user_id: s.id, product_ids: many });
    expect(tooMany.statusCode).toBe(400);
    expect(await rowsOf(s.id)).toBe(0);
    await s.heart(many[0]!);
    const res = await s.post('wishlist_merge.php', {
      user_id: s.id,
      product_ids: many.slice(1),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ product_ids: number[] }>().product_ids).toHaveLength(WISHLIST_LIMIT);
    expect(await rowsOf(s.id)).toBe(WISHLIST_LIMIT);
  });
});
