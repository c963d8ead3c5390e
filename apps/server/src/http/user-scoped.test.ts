// Every call whose body names a user (`user_id` or `id`) responds only to that user's session:
// 401 without one, 403 for another user's id. The table below lists those calls; the first
// test fails when the app has such a route that the table lacks, so none can be forgotten.
// Adding a call: one row, its path and a valid body for the given user.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { GRANT_COOKIE, grant, hashSecret } from '../accounts/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/index.js';
import { users } from '../db/index.js';
import { orderBody } from '../test/checkout.js';
import {
  createProduct,
  createUser,
  loggedInUser,
  shippingAddressInput,
} from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createLaunch } from '../test/launches.js';

interface BodyContext {
  /** The user the body acts for. */
  userId: number;
  /** For rows that need data first (a product, an order). */
  db: Db;
}

interface ScopedCall {
  path: string;
  body: (ctx: BodyContext) => object | Promise<object>;
  /** Cookies the call needs besides the session's (`name=value`), for the user's own call. */
  cookies?: (ctx: BodyContext) => Promise<string>;
}

async function userEmail(db: Db, userId: number): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  return row.email;
}

const USER_SCOPED: ScopedCall[] = [
  { path: '/api/profile.php', body: ({ userId }) => ({ id: userId }) },
  { path: '/api/shipping_address.php', body: ({ userId }) => ({ user_id: userId }) },
  {
    path: '/api/address.php',
    body: ({ userId }) => ({ user_id: userId, shipping_address: shippingAddressInput() }),
  },
  {
    path: '/api/add_reviews.php',
    body: ({ userId }) => ({
      user_id: userId,
      product_id: 1,
      order_id: 1,
      rating: 5,
      subject: 'Perfect Product',
      comment: 'Fits well.',
    }),
  },
  { path: '/api/wholesale_agent.php', body: ({ userId }) => ({ user_id: userId, status: '' }) },
  {
    path: '/api/wholesale_prices.php',
    body: ({ userId }) => ({ user_id: userId, product_ids: [1] }),
  },
  {
    path: '/api/back_in_stock.php',
    body: ({ userId }) => ({ user_id: userId, product_id: 1, size: 'M' }),
  },
  {
    path: '/api/feedback.php',
    body: ({ userId }) => ({ user_id: userId, feedback: 'Great shop' }),
  },
  {
    path: '/api/user_affiliate.php',
    body: ({ userId }) => ({ user_id: userId, affiliate_code: 'KOCHI10', type: 'home', url: '/' }),
  },
  {
    path: '/api/tracking.php',
    body: ({ userId }) => ({
      user_id: userId,
      affiliate_code: 'KOCHI10',
      type: 'product',
      url: '/',
    }),
  },
  { path: '/api/cart.php', body: ({ userId }) => ({ user_id: userId }) },
  { path: '/api/cart_manage.php', body: ({ userId }) => ({ user_id: userId, action: 'clear' }) },
  { path: '/api/cart_merge.php', body: ({ userId }) => ({ user_id: userId, items: [] }) },
  { path: '/api/wishlist.php', body: ({ userId }) => ({ user_id: userId }) },
  { path: '/api/whatsapp_updates.php', body: ({ userId }) => ({ user_id: userId }) },
  { path: '/api/whatsapp_updates_stop.php', body: ({ userId }) => ({ user_id: userId }) },
  {
    path: '/api/checkout_start.php',
    body: async ({ userId, db }) => ({
      user_id: userId,
      lines: [{ product_id: await createProduct(db), quantity: 1, price: 899 }],
    }),
  },
  { path: '/api/cart_reminders.php', body: ({ userId }) => ({ user_id: userId, consent: true }) },
  { path: '/api/wishlist_products.php', body: ({ userId }) => ({ user_id: userId }) },
  {
    path: '/api/wishlist_manage.php',
    body: async ({ userId, db }) => ({
      user_id: userId,
      action: 'add',
      product_id: await createProduct(db, { sizes: { M: 1 } }),
    }),
  },
  { path: '/api/wishlist_merge.php', body: ({ userId }) => ({ user_id: userId, product_ids: [] }) },
  {
    path: '/api/launch_queue.php',
    body: async ({ userId, db }) => ({
      user_id: userId,
      product_id: (await createLaunch(db, { queueOpensMinutes: 120 })).productIds[0]!,
    }),
  },
  {
    path: '/api/launch_alert.php',
    body: async ({ userId, db }) => ({
      user_id: userId,
      product_id: (await createLaunch(db)).productIds[0]!,
    }),
  },
  {
    path: '/api/giveaway_entry.php',
    body: ({ userId }) => ({ user_id: userId, slug: 'no-such-giveaway' }),
  },
  {
    path: '/api/coupons.php',
    body: ({ userId }) => ({
      user_id: userId,
      coupon_code: 'NOSUCH',
      total_amount: 100,
      product_id: [1],
    }),
  },
  {
    path: '/api/process_order.php',
    body: async ({ userId, db }) => {
      const productId = await createProduct(db, { pricePaise: 100_000, sizes: { M: 50 } });
      return orderBody(userId, [{ product_id: productId, size: 'M', quantity: 1 }], 1060);
    },
  },
  {
    path: '/api/payment_processer.php',
    body: ({ userId }) => ({ user_id: userId, order_id: 999_999 }),
  },
  { path: '/api/orders.php', body: ({ userId }) => ({ user_id: userId }) },
  {
    path: '/api/order_cancel.php',
    body: ({ userId }) => ({ user_id: userId, order_id: 999_999 }),
  },
  {
    path: '/api/order_return.php',
    body: ({ userId }) => ({
      user_id: userId,
      order_id: 999_999,
      kind: 'return',
      reason: 'Too small',
      items: [{ order_item_id: 1, quantity: 1 }],
    }),
  },
  {
    path: '/api/reset_password.php',
    body: ({ userId }) => ({ user_id: userId, password: 'new-secret' }),
    // A code login's grant for the user's address, as otpprocess.php would have set.
    cookies: async ({ userId, db }) =>
      `${GRANT_COOKIE}=${await grant(db, await userEmail(db, userId), 'password-reset')}`,
  },
  {
    path: '/api/change_password.php',
    body: async ({ userId, db }) => {
      const passwordHash = await hashSecret('old-secret');
      await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
      return { user_id: userId, current_password: 'old-secret', new_password: 'new-secret' };
    },
  },
  {
    path: '/api/google_code.php',
    body: ({ userId }) => ({ user_id: userId, google_code: 'IGDROP', url: '/' }),
  },
  {
    path: '/api/order_confirm.php',
    body: ({ userId }) => ({ user_id: userId, order_id: 999_999 }),
  },
  { path: '/api/my_data.php', body: ({ userId }) => ({ user_id: userId }) },
  {
    path: '/api/delete_account.php',
    body: ({ userId }) => ({ user_id: userId, action: 'status' }),
  },
];

const USER_FIELDS = ['user_id', 'id'];

// The parts of a JSON Schema node that hold an object's fields.
const SchemaNode = z.looseObject({
  properties: z.record(z.string(), z.unknown()).optional(),
  anyOf: z.array(z.unknown()).optional(),
  oneOf: z.array(z.unknown()).optional(),
  allOf: z.array(z.unknown()).optional(),
});

/** Top-level body fields of a route's zod schema, across union branches. */
function bodyFields(schema: unknown): string[] {
  if (!(schema instanceof z.ZodType)) return [];
  const fields = new Set<string>();
  const visit = (node: unknown) => {
    const parsed = SchemaNode.safeParse(node);
    if (!parsed.success) return;
    const n = parsed.data;
    Object.keys(n.properties ?? {}).forEach((k) => fields.add(k));
    [...(n.anyOf ?? []), ...(n.oneOf ?? []), ...(n.allOf ?? [])].forEach(visit);
  };
  visit(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));
  return [...fields];
}

let t: TestApp;
let owner: { id: number; cookie: string };
let otherId: number;

beforeAll(async () => {
  t = await startTestApp();
  owner = await loggedInUser(t.db);
  otherId = (await createUser(t.db)).id;
});
afterAll(() => t?.close());

function call(path: string, payload: object, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: path,
    payload,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

describe('user-scoped calls', () => {
  it('the table lists every route whose body names a user, and only such routes', () => {
    const listed = new Set(USER_SCOPED.map((r) => r.path));
    const naming = t.routes
      .filter((r) => bodyFields(r.schema?.body).some((f) => USER_FIELDS.includes(f)))
      .map((r) => r.url);
    // A route may declare an optional scope only to learn who is logged in (a visitor's
    // click); without the field in its body it names no user and is not listed.
    const declaring = t.routes
      .filter((r) => {
        const field = r.config?.userScoped;
        if (!field) return false;
        return !r.config?.optional || bodyFields(r.schema?.body).includes(field);
      })
      .map((r) => r.url);
    expect(naming.length).toBeGreaterThan(0);
    expect(
      [...new Set([...naming, ...declaring])].filter((url) => !listed.has(url)),
      'routes missing from USER_SCOPED',
    ).toEqual([]);
  });

  describe.each(USER_SCOPED)('$path', ({ path, body, cookies }) => {
    it('declares userScoped on the route', () => {
      const route = t.routes.find((r) => r.url === path);
      expect(route, `${path} is not a route`).toBeDefined();
      expect(route?.config?.userScoped).toMatch(/^(user_id|id)$/);
    });

    it('responds 401 without a session, or with an unknown one', async () => {
      const payload = await body({ userId: owner.id, db: t.db });
      const none = await call(path, payload);
      expect(none.statusCode, none.body).toBe(401);
      expect(none.json()).toEqual({ error: expect.any(String) });
      const unknown = await call(path, payload, 'access=not-a-session');
      expect(unknown.statusCode).toBe(401);
    });

    it("responds 403 for another user's id", async () => {
      const res = await call(path, await body({ userId: otherId, db: t.db }), owner.cookie);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ error: expect.any(String) });
    });

    it("returns the session's own user", async () => {
      const ctx = { userId: owner.id, db: t.db };
      const extra = cookies ? `; ${await cookies(ctx)}` : '';
      const res = await call(path, await body(ctx), `${owner.cookie}${extra}`);
      expect([400, 401, 403], res.body).not.toContain(res.statusCode);
      expect(res.statusCode).toBeLessThan(500);
    });
  });
});
