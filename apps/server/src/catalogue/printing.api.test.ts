// Name and number printing end to end through the calls (decision 049), on a real database
// (PGlite, and PostgreSQL with TEST_DATABASE=postgres): staff switch it on (audited), the
// product page shows it, a cart line is (product, size, print), checkout prices the print
// from the server (GST per piece included, wholesale on the shirt only), refuses cash on
// delivery and promises 2 more days; bad prints are refused and change nothing.
import { PRINT_NO_COD } from '@kitroom/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import { orderTax } from '../tax/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { orderBody, paidOrder, shopper, stockOf, type Shopper } from '../test/checkout.js';
import { pdfText } from '../test/pdf.js';
import { createCoupon, createProduct } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createStaff } from '../test/staff.js';
import { approvedWholesaler, createPriceList } from '../test/wholesale.js';
import { arrivalDay } from '../shipping/index.js';

let t: TestApp;
let manager: AdminClient;
let packer: AdminClient;
let printed: number; // ₹1,299; name ₹300, number ₹200, patch ₹150
let plain: number; // ₹999, no printing
let band: number; // ₹2,400 + a ₹300 name = ₹2,700 a piece: in the 18% band

const PRINTING = {
  enabled: true,
  name_paise: 30_000,
  number_paise: 20_000,
  patch_paise: 15_000,
  colour: '#fdd116',
};

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  const origin = new URL(t.config.publicUrl).origin;
  manager = adminClient(t.app, origin, (await createStaff(t.db, 'manager')).cookie);
  packer = adminClient(t.app, origin, (await createStaff(t.db, 'packer')).cookie);
  printed = await createProduct(t.db, {
    name: 'Kerala Blasters Home 2026',
    pricePaise: 129_900,
    sizes: { M: 50, L: 50 },
  });
  plain = await createProduct(t.db, { name: 'Training Tee', pricePaise: 99_900, sizes: { M: 50 } });
  band = await createProduct(t.db, { name: 'Retro 1973', pricePaise: 240_000, sizes: { M: 50 } });
  for (const id of [printed, band]) {
    const res = await manager.call('PATCH', `/api/admin/products/${id}/printing`, PRINTING);
    expect(res.statusCode, res.body).toBe(200);
  }
  await t.db.execute(sql`UPDATE shop_settings SET gstin = '32AABCK1234M1ZT', cod_enabled = true`);
});
afterAll(() => t?.close());

const productPage = async (id: number) =>
  (
    await t.app.inject({ method: 'POST', url: '/api/product.php', payload: { product_id: id } })
  ).json()[0] as { printing: unknown };

describe('staff set a product’s printing', () => {
  it('saves it with an audit row, shows it in the product form and on the product page', async () => {
    const res = await manager.call('GET', `/api/admin/products/${printed}`);
    expect(res.json().product.printing).toEqual({ ...PRINTING, colour: '#FDD116' });
    const [audit] = await queryRows<{ action: string; after: { name_paise: number } }>(
      t.db,
      sql`SELECT action, after FROM audit_log WHERE entity = 'product'
          AND entity_id = ${String(printed)} AND action = 'printing'`,
    );
    expect(audit).toMatchObject({ action: 'printing', after: { name_paise: 30_000 } });
    expect((await productPage(printed)).printing).toEqual({
      name_price: 300,
      number_price: 200,
      patch_price: 150,
      colour: '#FDD116',
    });
    expect((await productPage(plain)).printing).toBeNull();
  });

  it('switched off, the product page stops offering it at once', async () => {
    const id = await createProduct(t.db, { sizes: { M: 5 } });
    await manager.call('PATCH', `/api/admin/products/${id}/printing`, PRINTING);
    expect((await productPage(id)).printing).not.toBeNull();
    await manager.call('PATCH', `/api/admin/products/${id}/printing`, {
      ...PRINTING,
      enabled: false,
    });
    expect((await productPage(id)).printing).toBeNull();
  });

  it('refuses a packer, and bad prices or colours, changing nothing', async () => {
    const url = `/api/admin/products/${plain}/printing`;
    expect((await packer.call('PATCH', url, PRINTING)).statusCode).toBe(403);
    const negative = await manager.call('PATCH', url, { ...PRINTING, name_paise: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error).toContain('name_paise must be zero or more');
    const colour = await manager.call('PATCH', url, { ...PRINTING, colour: 'yellow' });
    expect(colour.statusCode).toBe(400);
    expect(colour.json().error).toContain('colour must be a colour like #FFFFFF');
    expect((await productPage(plain)).printing).toBeNull();
  });
});

const add = (s: Shopper, product: number, size: string, print?: object, quantity = 1) =>
  s.post('/api/cart_manage.php', {
    user_id: s.id,
    action: 'add',
    product_id: product,
    size,
    quantity,
    ...(print ? { print } : {}),
  });

describe('a cart line is (product, size, print)', () => {
  it('keeps two prints of one shirt apart, adds up the same print, prices each from the server', async () => {
    const s = await shopper(t);
    await add(s, printed, 'M', { name: ' leo  messi ', number: 10 });
    await add(s, printed, 'M', { name: 'Luna', number: 0, patch: true });
    await add(s, printed, 'M', { name: 'LEO MESSI', number: 10 });
    const res = await add(s, printed, 'M');
    expect(res.statusCode, res.body).toBe(200);
    const lines = res
      .json()
      .cart_items.map((l: Record<string, unknown>) => [
        l.selected_size,
        l.selected_quantity,
        l.print ?? null,
      ]);
    expect(lines).toEqual([
      ['M', 2, { name: 'LEO MESSI', number: 10, patch: false, price: 500 }],
      ['M', 1, { name: 'LUNA', number: 0, patch: true, price: 650 }],
      ['M', 1, null],
    ]);
    const reduced = await s.post('/api/cart_manage.php', {
      user_id: s.id,
      action: 'reduce',
      product_id: printed,
      size: 'M',
      quantity: 1,
      print: { name: 'Leo Messi', number: 10 },
    });
    expect(
      reduced.json().cart_items.map((l: { selected_quantity: number }) => l.selected_quantity),
    ).toEqual([1, 1, 1]);
  });

  it('refuses bad prints with a clear error, adding nothing', async () => {
    const s = await shopper(t);
    const cases: [number, object, string][] = [
      [printed, { name: 'Messi10' }, 'letters and spaces only'],
      [printed, { name: 'Messi ⚽' }, 'letters and spaces only'],
      [printed, { name: 'Muhammadkutty' }, 'at most 12 characters'],
      [printed, { name: 'Ñandú' }, 'letters and spaces only'],
      [printed, { number: 100 }, 'a whole number from 0 to 99'],
      [printed, { number: -1 }, 'a whole number from 0 to 99'],
      [printed, { number: 7.5 }, 'a whole number from 0 to 99'],
      [printed, {}, 'add a name, a number or the sleeve patch'],
      [plain, { name: 'Luna' }, 'not offered with name and number printing'],
    ];
    for (const [product, print, error] of cases) {
      const res = await add(s, product, 'M', print);
      expect(res.statusCode, JSON.stringify(print)).toBe(400);
      expect(res.json().error).toContain(error);
    }
    expect((await s.post('/api/cart.php', { user_id: s.id })).json().cart_items).toEqual([]);
  });

  it('keeps the prints of a guest’s cart when it is merged at login', async () => {
    const s = await shopper(t);
    await add(s, printed, 'L', { name: 'Sahal', number: 18 });
    const merged = await s.post('/api/cart_merge.php', {
      user_id: s.id,
      items: [
        { product_id: printed, size: 'L', quantity: 1, print: { name: 'Sahal', number: 18 } },
        { product_id: printed, size: 'L', quantity: 1, print: { number: 7 } },
        { product_id: plain, size: 'M', quantity: 1, print: { name: 'Gone' } },
      ],
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(
      merged
        .json()
        .cart_items.map((l: { selected_quantity: number; print?: object }) => [
          l.selected_quantity,
          l.print,
        ]),
    ).toEqual([
      [2, { name: 'SAHAL', number: 18, patch: false, price: 500 }],
      [1, { name: '', number: 7, patch: false, price: 200 }],
    ]);
  });
});

interface PlacedItem {
  size: string;
  quantity: number;
  price: number;
  print?: { name: string; number: number | null; patch: boolean; price: number };
}

async function orderOf(s: Shopper, orderId: number) {
  const res = await s.post('/api/orders.php', { user_id: s.id, order_id: orderId });
  return res.json() as {
    order: { total_amount: string; subtotal_amount: string; expected_date: string };
    order_items: PlacedItem[];
  };
}

describe('checkout with printed lines', () => {
  it('charges the server’s print price per piece, keeps the print on the order, empties those lines', async () => {
    const s = await shopper(t);
    await add(s, printed, 'M', { name: 'Luna', number: 10, patch: true }, 2);
    await add(s, printed, 'M', { number: 20 });
    const before = await stockOf(t.db, printed, 'M');
    const items = [
      {
        product_id: printed,
        size: 'M',
        quantity: 2,
        print: { name: 'Luna', number: 10, patch: true },
      },
      { product_id: printed, size: 'M', quantity: 1, print: { number: 20 } },
    ];
    // (1,299 + 650) × 2 + (1,299 + 200) + 60 shipping to Kerala = 5,457.
    const cheap = await s.post('/api/process_order.php', orderBody(s.id, items, 3957));
    expect(cheap.statusCode).toBe(409);
    expect(cheap.json().error).toContain('your total is now ₹5,457');
    const res = await s.post('/api/process_order.php', orderBody(s.id, items, 5457));
    expect(res.statusCode, res.body).toBe(200);
    const { order, order_items } = await orderOf(s, res.json().order_id);
    expect(order).toMatchObject({ total_amount: '5457.00', subtotal_amount: '5397.00' });
    expect(order_items.map((i) => [i.size, i.quantity, i.price, i.print])).toEqual([
      ['M', 2, 1949, { name: 'LUNA', number: 10, patch: true, price: 650 }],
      ['M', 1, 1499, { name: '', number: 20, patch: false, price: 200 }],
    ]);
    expect(await stockOf(t.db, printed, 'M')).toBe(before - 3);
    expect((await s.post('/api/cart.php', { user_id: s.id })).json().cart_items).toEqual([]);
  });

  it('lets coupons.php see the print, so the preview is what checkout charges', async () => {
    const s = await shopper(t);
    const coupon = await createCoupon(t.db, { kind: 'percent', value: 10, maxDiscountPaise: null });
    const items = [{ product_id: printed, size: 'M', quantity: 1, print: { name: 'Luna' } }];
    // 10% of (1,299 + 300), in whole rupees: 160 (without the print it would be 130).
    const preview = await s.post('/api/coupons.php', {
      user_id: s.id,
      coupon_code: coupon.code,
      total_amount: 1659,
      product_id: [printed],
      items,
    });
    expect(preview.json()).toMatchObject({ success: true, discount_amount: 160 });
    const res = await s.post(
      '/api/process_order.php',
      orderBody(s.id, items, 1499, { coupon_code: coupon.code }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { order } = await orderOf(s, res.json().order_id);
    expect(order.total_amount).toBe('1499.00');
  });

  it('promises 2 more working days for a printed order', async () => {
    const s = await shopper(t);
    const plainOrder = await s.post(
      '/api/process_order.php',
      orderBody(s.id, [{ product_id: plain, size: 'M', quantity: 1 }], 1059),
    );
    const printedOrder = await s.post(
      '/api/process_order.php',
      orderBody(
        s.id,
        [{ product_id: printed, size: 'L', quantity: 1, print: { number: 9 } }],
        1559,
      ),
    );
    const a = (await orderOf(s, plainOrder.json().order_id)).order.expected_date;
    const b = (await orderOf(s, printedOrder.json().order_id)).order.expected_date;
    expect(b).toBe(arrivalDay(a, 2));
    const estimate = (printedFlag: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/delivery_estimate.php?pincode=673001${printedFlag}`,
      });
    const [plainEstimate, printedEstimate] = [
      (await estimate('')).json(),
      (await estimate('&printed=1')).json(),
    ];
    expect(printedEstimate.date).toBe(arrivalDay(plainEstimate.date, 2));
    expect(printedEstimate.cod).toMatchObject({ available: false, reason: PRINT_NO_COD });
  });

  it('refuses cash on delivery for an order with a printed line, storing nothing', async () => {
    const s = await shopper(t);
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          t.db,
          sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${s.id}`,
        )
      )[0]!.n;
    const res = await s.post(
      '/api/process_order.php',
      orderBody(
        s.id,
        [
          { product_id: plain, size: 'M', quantity: 1 },
          { product_id: printed, size: 'M', quantity: 1, print: { name: 'Luna' } },
        ],
        2598 + 60 + 49,
        { payment_method: 'COD' },
      ),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(PRINT_NO_COD);
    expect(await count()).toBe(0);
  });

  it('refuses a print the product does not offer, whatever the client sent', async () => {
    const s = await shopper(t);
    const res = await s.post(
      '/api/process_order.php',
      orderBody(s.id, [{ product_id: plain, size: 'M', quantity: 1, print: { number: 5 } }], 1059),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(
      'print: this shirt is not offered with name and number printing (Training Tee).',
    );
    const badName = await s.post(
      '/api/process_order.php',
      orderBody(
        s.id,
        [{ product_id: printed, size: 'M', quantity: 1, print: { name: 'R2D2' } }],
        1359,
      ),
    );
    expect(badName.statusCode).toBe(400);
    expect(badName.json().error).toContain('letters and spaces only');
  });

  it('takes GST on the piece with its print: ₹2,400 + ₹300 name is ₹2,700, in the 18% band', async () => {
    const s = await shopper(t);
    const res = await s.post(
      '/api/process_order.php',
      orderBody(
        s.id,
        [{ product_id: band, size: 'M', quantity: 1, print: { name: 'Xavier' } }],
        2760,
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const tax = await orderTax(t.db, res.json().order_id, new Date());
    if (!tax.ok) throw new Error(tax.reasons.join(' '));
    const goods = tax.breakdown.lines.find((l) => l.kind === 'goods')!;
    expect(goods.rateBp).toBe(1800);
    expect(tax.breakdown.totalPaise).toBe(276_000);
  });

  it('gives a wholesaler the price list on the shirt, not on the print', async () => {
    const s = await shopper(t);
    await approvedWholesaler(t.db, s.id, await createPriceList(t.db));
    // 10 pieces reach the −25% tier: 1,299 × 0.75 = 974.25, ₹974 a shirt, + 200 for the number.
    const items = [{ product_id: printed, size: 'L', quantity: 10, print: { number: 4 } }];
    const res = await s.post('/api/process_order.php', orderBody(s.id, items, 11_740 + 60));
    expect(res.statusCode, res.body).toBe(200);
    const { order, order_items } = await orderOf(s, res.json().order_id);
    expect(order.total_amount).toBe('11800.00');
    expect(order_items[0]).toMatchObject({ price: 1174, print: { number: 4, price: 200 } });
  });
});

describe('the documents of a printed order', () => {
  it('show the print on the staff’s order page, the packing slip and the invoice, in exact paise', async () => {
    const s = await shopper(t);
    const owner = adminClient(
      t.app,
      new URL(t.config.publicUrl).origin,
      (await createStaff(t.db, 'owner')).cookie,
    );
    // 1,299 + 300 name + 200 number + 150 patch = 1,949 a piece; × 2 + 60 = 3,958.
    const print = { name: 'Luna', number: 10, patch: true };
    const orderId = await paidOrder(
      t,
      s,
      [{ product_id: printed, size: 'M', quantity: 2, print }],
      3958,
    );
    const page = await owner.call('GET', `/api/admin/orders/${orderId}`);
    expect(page.json().lines[0]).toMatchObject({
      unit_price_paise: 194_900,
      line_total_paise: 389_800,
      print: { name: 'LUNA', number: 10, patch: true, price: 650 },
    });
    const slip = await owner.call('GET', `/api/admin/orders/packing-slips?ids=${orderId}`);
    expect(slip.statusCode).toBe(200);
    expect(await pdfText(slip.rawPayload)).toContain('Printed: LUNA · 10 · sleeve patch');
    const shipped = await owner.call('POST', `/api/admin/orders/${orderId}/ship`, {
      courier_name: 'Delhivery',
      tracking_id: `DLV${orderId}`,
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const invoice = await t.app.inject({
      method: 'GET',
      url: `/api/invoice.php?order_id=${orderId}`,
      headers: { cookie: s.cookie },
    });
    expect(invoice.statusCode).toBe(200);
    const text = (await pdfText(invoice.rawPayload)).replace(/\s+/g, ' ');
    // The description wraps in its column: the line's figures sit between its two rows; CGST
    // and SGST each at half of 5%.
    expect(text).toContain(
      'Kerala Blasters Home 2026 6109 2 PCS 3,898.00 0.00 3,712.38 2.5% 92.81 2.5% 92.81 3,898.00',
    );
    expect(text).toContain('(M) — Printed: LUNA · 10 · sleeve patch (₹650 a piece)');
    expect(text).toContain('Invoice total ₹3,958.00');
    const [line] = await queryRows<{ taxable_paise: number; rate_bp: number }>(
      t.db,
      sql`SELECT l.taxable_paise, l.rate_bp FROM tax_document_lines l
          JOIN tax_documents d ON d.id = l.document_id
          WHERE d.order_id = ${orderId} AND l.kind = 'goods'`,
    );
    // 3,898 at 5% (1,949 a piece is under ₹2,625): taxable round(389,800 × 100 / 105).
    expect(line).toEqual({ taxable_paise: 371_238, rate_bp: 500 });
  });
});
