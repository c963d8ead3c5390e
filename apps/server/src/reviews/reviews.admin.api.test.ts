// Reviews in the back office: newest first with product, rating, text and author, filtered,
// paged; hiding takes a review off the product's storefront response and out of its rating at
// once (the cached response included), showing brings it back, and each change is audited.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { createProduct, loggedInUser } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createPaidOrder } from '../test/order-factories.js';
import { createStaff } from '../test/staff.js';

let t: TestApp;
let support: AdminClient;
let jersey: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  support = adminClient(
    t.app,
    new URL(t.config.publicUrl).origin,
    (await createStaff(t.db, 'support')).cookie,
  );
  jersey = await createProduct(t.db, { name: 'Kerala Blasters Home 2026' });
  // Three shoppers review the jersey: 5, 4 and 1 stars, in that order.
  for (const [name, rating, subject] of [
    ['Anjali Menon', 5, 'Lovely fit'],
    ['Rahul Nair', 4, 'Good shirt'],
    ['Spam Bot', 1, 'Buy followers at example.com'],
  ] as const) {
    const shopper = await loggedInUser(t.db, { name });
    const order = await createPaidOrder(t.db, {
      userId: shopper.id,
      items: [{ productId: jersey, size: 'M', quantity: 1 }],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/add_reviews.php',
      headers: { cookie: shopper.cookie },
      payload: {
        user_id: shopper.id,
        product_id: jersey,
        order_id: order.id,
        rating,
        subject,
        comment: `${subject}, says ${name}.`,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t?.close());

const productResponse = async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/product.php',
    payload: { product_id: jersey },
  });
  expect(res.statusCode).toBe(200);
  return res.json()[0] as {
    product: { product_rating: number };
    reviews: { subject: string; user_name: string }[];
  };
};

describe('the review list', () => {
  it('shows reviews newest first with product, rating, text and author, and pages on', async () => {
    const res = await support.call('GET', '/api/admin/reviews?limit=2');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.reviews).toHaveLength(2);
    expect(body.reviews[0]).toMatchObject({
      product_id: jersey,
      product_name: 'Kerala Blasters Home 2026',
      rating: 1,
      subject: 'Buy followers at example.com',
      comment: 'Buy followers at example.com, says Spam Bot.',
      author_name: 'Spam Bot',
      hidden_at: null,
    });
    expect(body.reviews[1].author_name).toBe('Rahul Nair');
    for (const r of body.reviews) ids[r.author_name] = r.id;
    const next = await support.call('GET', `/api/admin/reviews?limit=2&before=${body.next_before}`);
    expect(next.json().reviews.map((r: { author_name: string }) => r.author_name)).toEqual([
      'Anjali Menon',
    ]);
    expect(next.json().next_before).toBeNull();
  });

  it('filters by rating and product, and names a bad filter', async () => {
    const ones = await support.call('GET', '/api/admin/reviews?rating=1');
    expect(ones.json().reviews.map((r: { rating: number }) => r.rating)).toEqual([1]);
    const other = await support.call('GET', `/api/admin/reviews?product_id=${jersey + 1000}`);
    expect(other.json().reviews).toEqual([]);
    const bad = await support.call('GET', '/api/admin/reviews?rating=9');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('rating must be 1 to 5');
  });
});

describe('hiding a review', () => {
  it('takes it off the product’s storefront response and out of its rating at once', async () => {
    const before = await productResponse(); // also fills the response cache
    expect(before.product.product_rating).toBe(3.3);
    expect(before.reviews.map((r) => r.user_name)).toContain('Spam Bot');

    const res = await support.call('PATCH', `/api/admin/reviews/${ids['Spam Bot']}`, {
      hidden: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().review.hidden_at).toEqual(expect.any(String));
    expect(res.json().product_rating).toBe(4.5);

    const after = await productResponse();
    expect(after.product.product_rating).toBe(4.5);
    expect(after.reviews.map((r) => r.user_name)).toEqual(['Rahul Nair', 'Anjali Menon']);

    const hidden = await support.call('GET', '/api/admin/reviews?visibility=hidden');
    expect(hidden.json().reviews.map((r: { id: number }) => r.id)).toEqual([ids['Spam Bot']]);
    const shown = await support.call('GET', '/api/admin/reviews?visibility=shown');
    expect(shown.json().reviews).toHaveLength(2);
  });

  it('shows it again, and audits both changes', async () => {
    const res = await support.call('PATCH', `/api/admin/reviews/${ids['Spam Bot']}`, {
      hidden: false,
    });
    expect(res.json()).toMatchObject({ review: { hidden_at: null }, product_rating: 3.3 });
    expect((await productResponse()).reviews).toHaveLength(3);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'review'), eq(auditLog.entityId, String(ids['Spam Bot']))))
      .orderBy(auditLog.id);
    expect(entries.map((e) => e.action)).toEqual(['hide', 'show']);
    expect(entries[0]?.after).toMatchObject({ product_id: jersey, product_rating: 4.5 });
  });

  it('changes nothing and logs nothing when hiding a hidden review', async () => {
    await support.call('PATCH', `/api/admin/reviews/${ids['Spam Bot']}`, { hidden: true });
    const again = await support.call('PATCH', `/api/admin/reviews/${ids['Spam Bot']}`, {
      hidden: true,
    });
    expect(again.statusCode).toBe(200);
    const hides = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'review'), eq(auditLog.action, 'hide')));
    expect(hides).toHaveLength(2);
  });

  it('responds 404 for an unknown review and 400 for a bad body', async () => {
    const missing = await support.call('PATCH', '/api/admin/reviews/999999', { hidden: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Review not found.' });
    const bad = await support.call('PATCH', `/api/admin/reviews/${ids['Spam Bot']}`, {
      hidden: 'yes',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('hidden must be true or false');
  });
});
