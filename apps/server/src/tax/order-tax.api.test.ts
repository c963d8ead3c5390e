// Orders placed through process_order.php keep each line's share of the coupon, and the tax
// domain reads them back as the invoice's GST, or says why the order cannot be invoiced.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import { allowManyUnpaidOrders, orderBody, shopper, type Shopper } from '../test/checkout.js';
import { createCoupon, createProduct, ensureCategory } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { orderQuote, orderTax, whyNotTaxable } from './order-tax.service.js';

const KERALA_GSTIN = '32AABCK1234M1ZT';

let t: TestApp;
let s: Shopper;
let retro: number; // Retro Jerseys, ₹2,700: alone in the band where 5% and 18% disagree
let club: number; // Club Jerseys, ₹1,299

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  retro = await createProduct(t.db, {
    name: 'Kerala 1973 Retro',
    category: 'Retro Jerseys',
    pricePaise: 270_000,
    sizes: { M: 50 },
  });
  club = await createProduct(t.db, {
    name: 'Blasters Home',
    pricePaise: 129_900,
    sizes: { M: 50 },
  });
  s = await shopper(t);
  await allowManyUnpaidOrders(t.db);
  await t.db.execute(sql`UPDATE shop_settings SET gstin = ${KERALA_GSTIN}`);
});
afterAll(() => t?.close());

/** Places 1 retro + 2 club jerseys to Kerala (₹5,298 + ₹60 shipping) and returns the id. */
async function place(amount: number, couponCode: string | null): Promise<number> {
  const items = [
    { product_id: retro, size: 'M', quantity: 1 },
    { product_id: club, size: 'M', quantity: 2 },
  ];
  const res = await s.post(
    '/api/process_order.php',
    orderBody(s.id, items, amount, { coupon_code: couponCode }),
  );
  expect(res.statusCode).toBe(200);
  return (res.json() as { order_id: number }).order_id;
}

async function lineDiscounts(orderId: number) {
  return queryRows<{ product_id: number; discount_paise: number | null }>(
    t.db,
    sql`SELECT product_id, discount_paise FROM order_items WHERE order_id = ${orderId}
        ORDER BY product_id`,
  );
}

describe('checkout keeps each line’s share of the coupon', () => {
  it('shares a coupon for everything by value, the odd paisa to the larger remainder', async () => {
    const c = await createCoupon(t.db, { value: 10 });
    // 10% of ₹5,298 is ₹529.80, rounded up to ₹530: 53000 × 2700/5298 = 27010.19 for the
    // retro jersey, 53000 × 2598/5298 = 25989.81 → 25990 for the two club jerseys.
    const id = await place(4828, c.code);
    expect(await lineDiscounts(id)).toEqual([
      { product_id: retro, discount_paise: 27_010 },
      { product_id: club, discount_paise: 25_990 },
    ]);
  });

  it('gives a category coupon’s discount only to that category’s lines', async () => {
    const c = await createCoupon(t.db, {
      kind: 'flat',
      value: 30_000,
      categoryIds: [await ensureCategory(t.db, 'Club Jerseys')],
    });
    const id = await place(5058, c.code);
    expect(await lineDiscounts(id)).toEqual([
      { product_id: retro, discount_paise: 0 },
      { product_id: club, discount_paise: 30_000 },
    ]);
  });

  it('keeps 0 on every line without a coupon', async () => {
    const id = await place(5358, null);
    expect(await lineDiscounts(id)).toEqual([
      { product_id: retro, discount_paise: 0 },
      { product_id: club, discount_paise: 0 },
    ]);
  });
});

describe('orderTax', () => {
  it('taxes each line at the rate its price after the coupon gives, adding up to the total', async () => {
    const c = await createCoupon(t.db, { value: 10 });
    const id = await place(4828, c.code);
    const tax = await orderTax(t.db, id, new Date());
    if (!tax.ok) throw new Error(tax.reasons.join(' '));
    const b = tax.breakdown;
    expect(b).toMatchObject({
      supplyType: 'intra',
      placeOfSupply: 'Kerala',
      placeOfSupplyCode: '32',
    });
    // The retro jersey at ₹2,700 − ₹270.10 = ₹2,429.90 drops to 5%: 242990 × 100/105 =
    // 231419.05 → 231419, tax 115.71 is odd: CGST = SGST = 57.85 and the taxable value takes
    // the paisa, 2314.20; the club jerseys 259800 − 25990 = 233810 → 222676.19 → 222676.
    expect(
      b.lines.map((l) => [
        l.kind,
        l.description,
        l.quantity,
        l.discountPaise,
        l.rateBp,
        l.taxablePaise,
        l.cgstPaise,
        l.sgstPaise,
      ]),
    ).toEqual([
      ['goods', 'Kerala 1973 Retro (M)', 1, 27_010, 500, 231_420, 5785, 5785],
      ['goods', 'Blasters Home (M)', 2, 25_990, 500, 222_676, 5567, 5567],
      ['shipping', 'Shipping', 1, 0, 500, 5714, 143, 143],
    ]);
    expect(b.totalPaise).toBe(482_800);
  });

  it('without a coupon, the ₹2,700 jersey is in the band and pays 18%, and so does shipping', async () => {
    const id = await place(5358, null);
    const tax = await orderTax(t.db, id, new Date());
    if (!tax.ok) throw new Error(tax.reasons.join(' '));
    expect(tax.breakdown.lines.map((l) => [l.kind, l.rateBp, l.hsn])).toEqual([
      ['goods', 1800, '6109'],
      ['goods', 500, '6109'],
      ['shipping', 1800, '6109'],
    ]);
    expect(tax.breakdown.totalPaise).toBe(535_800);
  });

  it('shares the order’s discount itself for an order placed before lines kept theirs', async () => {
    const c = await createCoupon(t.db, { value: 10 });
    const id = await place(4828, c.code);
    const kept = await orderTax(t.db, id, new Date());
    const keptShares = (await orderQuote(t.db, id, new Date()))?.lines.map((l) => l.discountPaise);
    await t.db.execute(sql`UPDATE order_items SET discount_paise = NULL WHERE order_id = ${id}`);
    // The order's discount shared by value again: the same shares the order kept.
    const quote = await orderQuote(t.db, id, new Date());
    expect(quote?.lines.map((l) => l.discountPaise)).toEqual(keptShares);
    const shared = await orderTax(t.db, id, new Date());
    expect(shared.ok && shared.breakdown).toEqual(kept.ok && kept.breakdown);
  });
});

describe('whyNotTaxable', () => {
  it('says nothing for an order that can be invoiced', async () => {
    const id = await place(5358, null);
    expect(await whyNotTaxable(t.db, id, new Date())).toEqual([]);
  });

  it('names a missing or wrong GSTIN, and a product whose HSN code has no rate', async () => {
    const id = await place(5358, null);
    await t.db.execute(sql`UPDATE shop_settings SET gstin = ''`);
    await t.db.execute(sql`UPDATE products SET hsn_code = '4202' WHERE id = ${club}`);
    try {
      expect(await whyNotTaxable(t.db, id, new Date())).toEqual([
        "The shop's GSTIN is not set in Settings.",
        "Blasters Home (M) has HSN code 4202, which has no GST rate in the shop's rate table.",
      ]);
      await t.db.execute(sql`UPDATE shop_settings SET gstin = '29AABCK1234M1ZG'`);
      expect((await whyNotTaxable(t.db, id, new Date()))[0]).toBe(
        "The shop's GSTIN 29AABCK1234M1ZG is not registered in Kerala (state code 32), the shop's state in Settings.",
      );
    } finally {
      await t.db.execute(sql`UPDATE shop_settings SET gstin = ${KERALA_GSTIN}`);
      await t.db.execute(sql`UPDATE products SET hsn_code = '6109' WHERE id = ${club}`);
    }
  });

  it('says an order that does not exist does not', async () => {
    expect(await whyNotTaxable(t.db, 987_654, new Date())).toEqual([
      'Order #987654 does not exist.',
    ]);
  });
});
