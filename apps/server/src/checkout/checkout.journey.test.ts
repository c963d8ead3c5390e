// A shopper's whole way through the API, as the storefront drives it: cart, coupon, order,
// the sandbox payment page (submitted as its form would be), the redirect back, the paid
// order in the list, and the confirmation mail.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoCoupons } from '../coupons/index.js';
import { queryRows } from '../db/index.js';
import { KERALA_ADDRESS, orderBody, outboxMails, shopper } from '../test/checkout.js';
import { createProduct } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

it('add to cart, apply a coupon, order, pay on the sandbox page, see it paid, get the mail', async () => {
  const product = await createProduct(t.db, {
    name: 'Kerala Blasters Home Jersey 2024',
    category: 'Club Jerseys',
    pricePaise: 149_900,
    discountPricePaise: 129_900,
    sizes: { S: 4, M: 6 },
  });
  await seedDemoCoupons(t.db);
  const s = await shopper(t);

  const added = await s.post('/api/cart_manage.php', {
    user_id: s.id,
    action: 'add',
    product_id: product,
    size: 'M',
    quantity: 2,
  });
  expect(added.statusCode).toBe(200);
  const [line] = (await s.post('/api/cart.php', { user_id: s.id })).json().cart_items;
  expect(line).toMatchObject({ selected_quantity: 2, discount_price: 1299, selected_size: 'M' });
  const items = [
    { product_id: line.id, size: line.selected_size, quantity: line.selected_quantity },
  ];

  // Items ₹2,598 + Kerala shipping ₹60; WELCOME10 is 10% capped at ₹200.
  const coupon = await s.post('/api/coupons.php', {
    user_id: s.id,
    coupon_code: 'WELCOME10',
    total_amount: 2658,
    product_id: [line.id],
    items,
  });
  expect(coupon.json()).toEqual({
    success: true,
    coupon_code: 'WELCOME10',
    discount_amount: 200,
    final_amount: 2458,
    line_discounts: [200],
  });

  const placed = await s.post(
    '/api/process_order.php',
    orderBody(s.id, items, coupon.json().final_amount, {
      coupon_code: 'WELCOME10',
      idempotency_key: randomUUID(),
    }),
  );
  expect(placed.statusCode).toBe(200);
  const { order_id: orderId, payment_url: paymentUrl } = placed.json();

  const page = await t.app.inject({ method: 'GET', url: paymentUrl });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain(`Order #${orderId}`);
  expect(page.body).toContain('₹2,458');
  const action = /<form method="post" action="([^"]+)">/.exec(page.body)![1]!;
  const [, name, value] = /<button class="pay" type="submit" name="(\w+)" value="(\w+)">/.exec(
    page.body,
  )!;
  const submitted = await t.app.inject({
    method: 'POST',
    url: action,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ [name!]: value! }).toString(),
  });
  expect(submitted.statusCode).toBe(303);
  const back = await t.app.inject({ method: 'GET', url: submitted.headers.location as string });
  expect(back.statusCode).toBe(302);
  expect(back.headers.location).toBe(`/reviewOrdersDetails/${orderId}`);

  const [order] = (await s.post('/api/orders.php', { user_id: s.id })).json().orders;
  expect(order).toMatchObject({
    id: orderId,
    order_status: 'Processing',
    payment_status: 'SUCCESS',
    total_amount: '2458.00',
    subtotal_amount: '2598.00',
    shipping_amount: '60.00',
    discount_amount: '200.00',
    coupon_code: 'WELCOME10',
  });
  expect(order.paid_at).not.toBeNull();
  expect((await s.post('/api/cart.php', { user_id: s.id })).json().cart_items).toEqual([]);

  // The mail was written to the outbox with the payment, and goes out when the worker runs.
  const queued = () =>
    queryRows<{ template: string; recipient: string; status: string }>(
      t.db,
      sql`SELECT template, recipient, status FROM outbox WHERE order_id = ${orderId}`,
    );
  expect(await queued()).toEqual([
    { template: 'order-confirmed', recipient: s.email, status: 'pending' },
  ]);
  const mails = await outboxMails(t);
  expect(await queued()).toEqual([
    { template: 'order-confirmed', recipient: s.email, status: 'sent' },
  ]);
  expect(mails).toHaveLength(1);
  expect(mails[0]).toMatchObject({
    to: s.email,
    subject: `Kitroom order #${orderId} is confirmed`,
  });
  expect(mails[0]!.text).toContain(
    `We have received your payment of ₹2,458 for order #${orderId}.`,
  );
  expect(mails[0]!.text).toContain('2 × Kerala Blasters Home Jersey 2024 (size M) — ₹2,598');
  expect(mails[0]!.text).toContain('Discount −₹200');
  // How to reach the shop, from its settings.
  expect(mails[0]!.text).toContain(
    'Questions? Write to support@kitroom.in or call +91 495 272 1100, Monday to Saturday, 10 AM to 8 PM (closed Sunday).',
  );
  expect(mails[0]!.text).toContain(
    'Kitroom Sportswear, 2nd Floor, Mavoor Road, Kozhikode, Kerala 673004, India',
  );

  // WELCOME10 is once per shopper.
  const reuse = await s.post('/api/coupons.php', {
    user_id: s.id,
    coupon_code: 'WELCOME10',
    total_amount: 1359,
    product_id: [product],
  });
  expect(reuse.json()).toEqual({ success: false, error: 'You have already used this coupon.' });
});

it('KERALA20 from Tamil Nadu: the payment page, the order and the mail charge what checkout showed', async () => {
  const product = await createProduct(t.db, {
    name: 'Real Madrid Home Jersey 2026',
    category: 'Club Jerseys',
    pricePaise: 199_900,
    discountPricePaise: 179_900,
    sizes: { M: 5 },
  });
  await seedDemoCoupons(t.db);
  const s = await shopper(t);
  const items = [{ product_id: product, size: 'M', quantity: 1 }];

  // ₹1,799 + Tamil Nadu shipping ₹85; 20% of ₹1,799 is ₹359.80, the shopper saves ₹360.
  const coupon = await s.post('/api/coupons.php', {
    user_id: s.id,
    coupon_code: 'KERALA20',
    total_amount: 1884,
    product_id: [product],
    items,
  });
  expect(coupon.json()).toEqual({
    success: true,
    coupon_code: 'KERALA20',
    discount_amount: 360,
    final_amount: 1524,
    line_discounts: [360],
  });

  const placed = await s.post(
    '/api/process_order.php',
    orderBody(s.id, items, 1524, {
      coupon_code: 'KERALA20',
      state: 'Tamil Nadu',
      shipping_address: { ...KERALA_ADDRESS, state: 'Tamil Nadu', pincode: '600001' },
    }),
  );
  expect(placed.statusCode).toBe(200);
  const { order_id: orderId, payment_url: paymentUrl } = placed.json();
  // The sandbox token names the amount the provider charges, in paise.
  expect(paymentUrl).toMatch(/\.152400\.\d+\.[\w-]+$/);
  const [payment] = await queryRows<{ amount_paise: number }>(
    t.db,
    sql`SELECT amount_paise FROM payments WHERE order_id = ${orderId}`,
  );
  expect(payment).toEqual({ amount_paise: 152_400 });
  const page = await t.app.inject({ method: 'GET', url: paymentUrl });
  expect(page.body).toContain('₹1,524');
  expect(page.body).not.toContain('₹1,524.20');

  const action = /<form method="post" action="([^"]+)">/.exec(page.body)![1]!;
  const submitted = await t.app.inject({
    method: 'POST',
    url: action,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'result=paid',
  });
  await t.app.inject({ method: 'GET', url: submitted.headers.location as string });
  const detail = await s.post('/api/orders.php', { user_id: s.id, order_id: orderId });
  expect(detail.json().order).toMatchObject({
    payment_status: 'SUCCESS',
    total_amount: '1524.00',
    shipping_amount: '85.00',
    discount_amount: '360.00',
  });
  const mail = (await outboxMails(t)).find((m) => m.subject.includes(`#${orderId} `));
  expect(mail?.text).toContain(`We have received your payment of ₹1,524 for order #${orderId}.`);
  expect(mail?.text).toContain('Discount −₹360\nTotal ₹1,524');
});
