import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  orderItems,
  orderReturnItems,
  orderReturns,
  orders,
  payments,
  products,
  refunds,
  reviews,
} from '../db/index.js';
import { createProduct, loggedInUser } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createOrder, createPaidOrder } from '../test/order-factories.js';

let t: TestApp;
type Shopper = Awaited<ReturnType<typeof loggedInUser>>;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const review = (shopper: Shopper, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/add_reviews.php',
    headers: { cookie: shopper.cookie },
    payload: { user_id: shopper.id, subject: 'Good Product', comment: 'Fits well.', ...body },
  });

const productPage = async (productId: number) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/product.php',
    payload: { product_id: productId },
  });
  expect(res.statusCode).toBe(200);
  return res.json()[0];
};

const storedRating = async (productId: number) => {
  const [row] = await t.db
    .select({ rating: products.productRating })
    .from(products)
    .where(eq(products.id, productId));
  return row!.rating;
};

describe('add_reviews.php: who may review what', () => {
  let shopper: Shopper;
  let bought: number;
  let notBought: number;
  let paidOrder: number;
  let unpaidOrder: number;

  beforeAll(async () => {
    shopper = await loggedInUser(t.db, { name: 'Anjali Menon' });
    bought = await createProduct(t.db);
    notBought = await createProduct(t.db);
    paidOrder = (
      await createPaidOrder(t.db, {
        userId: shopper.id,
        items: [{ productId: bought, size: 'M', quantity: 1 }],
      })
    ).id;
    unpaidOrder = (
      await createOrder(t.db, {
        userId: shopper.id,
        items: [{ productId: notBought, size: 'L', quantity: 2 }],
      })
    ).id;
  });

  it('refuses a product that is not in the order', async () => {
    const res = await review(shopper, { product_id: notBought, order_id: paidOrder, rating: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'This product is not in that order.' });
    expect(await storedRating(notBought)).toBe('0.0');
  });

  it('refuses an item of an order that is not paid', async () => {
    const res = await review(shopper, { product_id: notBought, order_id: unpaidOrder, rating: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'You can review this item once its order is paid.' });
    expect(await t.db.select().from(reviews).where(eq(reviews.productId, notBought))).toEqual([]);
  });

  it("treats another shopper's order as not found", async () => {
    const other = await loggedInUser(t.db);
    const res = await review(other, { product_id: bought, order_id: paidOrder, rating: 5 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Order not found' });
  });

  it('needs the session of the user it names', async () => {
    const payload = {
      user_id: shopper.id,
      product_id: bought,
      order_id: paidOrder,
      rating: 4,
      subject: 'Very Good Product',
      comment: 'Nice.',
    };
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/add_reviews.php', payload });
    expect(anonymous.statusCode).toBe(401);
    const other = await loggedInUser(t.db);
    const wrongUser = await t.app.inject({
      method: 'POST',
      url: '/api/add_reviews.php',
      headers: { cookie: other.cookie },
      payload,
    });
    expect(wrongUser.statusCode).toBe(403);
  });

  it.each([
    [{ rating: 0 }, 'rating: rating must be a whole number from 1 to 5'],
    [{ rating: 6 }, 'rating: rating must be a whole number from 1 to 5'],
    [{ rating: 3.5 }, 'rating: rating must be a whole number from 1 to 5'],
    [{ rating: undefined }, 'rating: rating must be a whole number from 1 to 5'],
    [{ rating: 4, subject: '   ' }, 'subject: subject is required'],
    [{ rating: 4, comment: undefined }, 'comment: comment is required'],
    [
      { rating: 4, comment: 'x'.repeat(1001) },
      'comment: comment is too long (1000 characters at most)',
    ],
    [
      { rating: 4, subject: 'x'.repeat(101) },
      'subject: subject is too long (100 characters at most)',
    ],
  ])('refuses a bad field %j', async (fields, problem) => {
    const res = await review(shopper, { product_id: bought, order_id: paidOrder, ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: `Invalid request: ${problem}` });
  });
});

describe('add_reviews.php: only items bought and kept', () => {
  const linesOf = async (orderId: number) =>
    t.db
      .select({ id: orderItems.id, productId: orderItems.productId })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(orderItems.id);
  /** A refund of the order on a captured payment, as the provider left it. */
  const refund = async (
    orderId: number,
    amountPaise: number,
    o: { status?: 'processed' | 'pending' | 'failed'; key?: string } = {},
  ) => {
    const ref = randomBytes(6).toString('hex');
    const [payment] = await t.db
      .insert(payments)
      .values({
        orderId,
        provider: 'sandbox',
        providerRef: `sbx_${ref}`,
        providerPaymentId: `sbxpay_${ref}`,
        amountPaise,
        status: 'paid',
        paymentUrl: '',
      })
      .returning({ id: payments.id });
    await t.db.insert(refunds).values({
      orderId,
      paymentId: payment!.id,
      provider: 'sandbox',
      amountPaise,
      idempotencyKey: o.key ?? `refund-${ref}`,
      status: o.status ?? 'processed',
      processedAt: new Date(),
    });
  };
  const received = async (orderId: number, lines: { id: number; quantity: number }[]) => {
    const [row] = await t.db
      .insert(orderReturns)
      .values({ orderId, kind: 'return', status: 'received', reason: 'Too small' })
      .returning({ id: orderReturns.id });
    await t.db
      .insert(orderReturnItems)
      .values(lines.map((l) => ({ returnId: row!.id, orderItemId: l.id, quantity: l.quantity })));
  };
  const reviewable = async (shopper: Shopper, orderId: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders.php',
      headers: { cookie: shopper.cookie },
      payload: { user_id: shopper.id, order_id: orderId },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().reviewable_items;
  };
  const reviewsOf = (productId: number) =>
    t.db.select().from(reviews).where(eq(reviews.productId, productId));

  it('refuses a canceled order, refunded, and the order page offers no Add Review', async () => {
    const shopper = await loggedInUser(t.db);
    const productId = await createProduct(t.db);
    const order = await createPaidOrder(t.db, {
      userId: shopper.id,
      items: [{ productId, size: 'M', quantity: 1 }],
    });
    await t.db
      .update(orders)
      .set({ orderStatus: 'Canceled', canceledAt: new Date() })
      .where(eq(orders.id, order.id));
    await refund(order.id, order.totalPaise);
    const res = await review(shopper, { product_id: productId, order_id: order.id, rating: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: `Order #${order.id} was canceled, so its items cannot be reviewed.`,
    });
    expect(await reviewsOf(productId)).toEqual([]);
    expect(await reviewable(shopper, order.id)).toEqual([]);
  });

  it('refuses an order refunded in full, counting refunds on their way, not failed ones', async () => {
    const shopper = await loggedInUser(t.db);
    const productId = await createProduct(t.db);
    const order = await createPaidOrder(t.db, {
      userId: shopper.id,
      items: [{ productId, size: 'M', quantity: 1 }],
    });
    const [line] = await linesOf(order.id);
    await refund(order.id, order.totalPaise, { status: 'failed' });
    // A second payment given back by itself refunds nothing of the order.
    await refund(order.id, order.totalPaise, { key: `extra-payment-${order.id}` });
    await refund(order.id, 5000);
    expect(await reviewable(shopper, order.id)).toEqual([line!.id]);

    await refund(order.id, order.totalPaise - 5000, { status: 'pending' });
    const res = await review(shopper, { product_id: productId, order_id: order.id, rating: 4 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: `Order #${order.id} was refunded in full, so its items cannot be reviewed.`,
    });
    expect(await reviewsOf(productId)).toEqual([]);
    expect(await reviewable(shopper, order.id)).toEqual([]);
  });

  it('refuses a product whose every piece came back, and takes the lines still kept', async () => {
    const shopper = await loggedInUser(t.db);
    const returned = await createProduct(t.db, { name: 'Brazil Away 2026' });
    const partly = await createProduct(t.db);
    const keptOne = await createProduct(t.db);
    const order = await createPaidOrder(t.db, {
      userId: shopper.id,
      items: [
        { productId: returned, size: 'M', quantity: 2 },
        { productId: partly, size: 'L', quantity: 2 },
        { productId: keptOne, size: 'S', quantity: 1 },
      ],
    });
    const [r, p, k] = await linesOf(order.id);
    await t.db
      .update(orders)
      .set({ orderStatus: 'Completed', deliveredAt: new Date() })
      .where(eq(orders.id, order.id));
    await received(order.id, [
      { id: r!.id, quantity: 1 },
      { id: p!.id, quantity: 1 },
    ]);
    await received(order.id, [{ id: r!.id, quantity: 1 }]);
    // An exchange, or a return not yet received, leaves the pieces with the shopper.
    const [open] = await t.db
      .insert(orderReturns)
      .values({ orderId: order.id, kind: 'return', status: 'approved', reason: 'Too big' })
      .returning({ id: orderReturns.id });
    await t.db
      .insert(orderReturnItems)
      .values({ returnId: open!.id, orderItemId: k!.id, quantity: 1 });

    expect(await reviewable(shopper, order.id)).toEqual([p!.id, k!.id]);
    const res = await review(shopper, { product_id: returned, order_id: order.id, rating: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: `You returned every Brazil Away 2026 of order #${order.id}, so it cannot be reviewed.`,
    });
    expect(await reviewsOf(returned)).toEqual([]);
    for (const productId of [partly, keptOne]) {
      const ok = await review(shopper, { product_id: productId, order_id: order.id, rating: 4 });
      expect(ok.statusCode, ok.body).toBe(200);
    }
  });

  it('offers Add Review on every line of a paid order, and none of an unpaid one', async () => {
    const shopper = await loggedInUser(t.db);
    const productId = await createProduct(t.db);
    const paid = await createPaidOrder(t.db, {
      userId: shopper.id,
      items: [{ productId, size: 'M', quantity: 1 }],
    });
    const unpaid = await createOrder(t.db, {
      userId: shopper.id,
      items: [{ productId, size: 'M', quantity: 1 }],
    });
    expect(await reviewable(shopper, paid.id)).toEqual((await linesOf(paid.id)).map((l) => l.id));
    expect(await reviewable(shopper, unpaid.id)).toEqual([]);
  });
});

describe('add_reviews.php: ratings and the product page', () => {
  it('stores the review, updates product_rating and shows it on product.php', async () => {
    const productId = await createProduct(t.db);
    const shopper = await loggedInUser(t.db, { name: 'Rahul Nair' });
    const order = await createPaidOrder(t.db, {
      userId: shopper.id,
      items: [{ productId, size: 'S', quantity: 1 }],
    });

    const res = await review(shopper, {
      product_id: productId,
      order_id: order.id,
      rating: '4',
      subject: '  Very Good Product ',
      comment: 'Great fabric, true to size.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Thank you for your review.',
      updated: false,
      product_rating: 4,
    });
    expect(await storedRating(productId)).toBe('4.0');
    const page = await productPage(productId);
    expect(page.product.product_rating).toBe(4);
    expect(page.reviews).toEqual([
      expect.objectContaining({
        rating: 4,
        user_name: 'Rahul Nair',
        subject: 'Very Good Product',
        comment: 'Great fabric, true to size.',
      }),
    ]);
  });

  it('a second review of the same order item replaces the first', async () => {
    const productId = await createProduct(t.db);
    const shopper = await loggedInUser(t.db, { name: 'Fathima K' });
    const order = await createPaidOrder(t.db, {
      userId: shopper.id,
      items: [
        { productId, size: 'S', quantity: 1 },
        { productId, size: 'M', quantity: 1 },
      ],
    });
    const first = await review(shopper, { product_id: productId, order_id: order.id, rating: 5 });
    expect(first.json()).toMatchObject({ updated: false, product_rating: 5 });

    const second = await review(shopper, {
      product_id: productId,
      order_id: order.id,
      rating: 2,
      subject: 'Needs Improvement',
      comment: 'Colour faded after one wash.',
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({
      success: true,
      message: 'Your review has been updated.',
      updated: true,
      product_rating: 2,
    });
    const rows = await t.db.select().from(reviews).where(eq(reviews.productId, productId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 2, subject: 'Needs Improvement' });
    const page = await productPage(productId);
    expect(page.reviews.map((r: { subject: string }) => r.subject)).toEqual(['Needs Improvement']);
    expect(page.product.product_rating).toBe(2);
  });

  it('averages every review of the product, rounded to one decimal', async () => {
    const productId = await createProduct(t.db);
    const ratings = [2, 5, 4];
    const expected = ['2.0', '3.5', '3.7'];
    for (const [i, rating] of ratings.entries()) {
      const shopper = await loggedInUser(t.db);
      const order = await createPaidOrder(t.db, {
        userId: shopper.id,
        items: [{ productId, size: 'L', quantity: 1 }],
      });
      const res = await review(shopper, { product_id: productId, order_id: order.id, rating });
      expect(res.json().product_rating).toBe(Number(expected[i]));
      expect(await storedRating(productId)).toBe(expected[i]);
    }
  });

  it('the listing cards show the average and how many reviews, from a kept response too', async () => {
    const team = 'Gokulam Kerala';
    const productId = await createProduct(t.db, { team });
    const card = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/shop.php',
        payload: { limit: '0-50', team: [team] },
      });
      const cards = res.json<{ products: { id: number }[] }>().products;
      return cards.find((p) => p.id === productId);
    };
    // Asked first, so the response is kept: a review must reach the kept response.
    expect(await card()).toMatchObject({ product_rating: 0, review_count: 0 });
    for (const rating of [5, 2]) {
      const shopper = await loggedInUser(t.db);
      const order = await createPaidOrder(t.db, {
        userId: shopper.id,
        items: [{ productId, size: 'M', quantity: 1 }],
      });
      expect(
        (await review(shopper, { product_id: productId, order_id: order.id, rating })).statusCode,
      ).toBe(200);
    }
    expect(await card()).toMatchObject({ product_rating: 3.5, review_count: 2 });
  });

  it('product.php shows the newest five reviews', async () => {
    const productId = await createProduct(t.db);
    for (let i = 1; i <= 6; i++) {
      const shopper = await loggedInUser(t.db, { name: `Reviewer ${i}` });
      const order = await createPaidOrder(t.db, {
        userId: shopper.id,
        items: [{ productId, size: 'M', quantity: 1 }],
      });
      const res = await review(shopper, {
        product_id: productId,
        order_id: order.id,
        rating: (i % 5) + 1,
      });
      expect(res.statusCode).toBe(200);
    }
    const page = await productPage(productId);
    expect(page.reviews.map((r: { user_name: string }) => r.user_name)).toEqual([
      'Reviewer 6',
      'Reviewer 5',
      'Reviewer 4',
      'Reviewer 3',
      'Reviewer 2',
    ]);
  });

  it('keeps the average right when shoppers review at the same moment', async () => {
    const productId = await createProduct(t.db);
    const ratings = [5, 4, 4, 3, 1, 5];
    const calls = await Promise.all(
      ratings.map(async (rating) => {
        const shopper = await loggedInUser(t.db);
        const order = await createPaidOrder(t.db, {
          userId: shopper.id,
          items: [{ productId, size: 'S', quantity: 1 }],
        });
        return { shopper, order, rating };
      }),
    );
    const responses = await Promise.all(
      calls.map(({ shopper, order, rating }) =>
        review(shopper, { product_id: productId, order_id: order.id, rating }),
      ),
    );
    expect(responses.map((a) => a.statusCode)).toEqual(ratings.map(() => 200));
    // 22 / 6 = 3.67
    expect(await storedRating(productId)).toBe('3.7');
  });
});
