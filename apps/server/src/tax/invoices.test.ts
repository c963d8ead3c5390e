// Tax invoices issued at dispatch, on a real database (PGlite, and PostgreSQL with
// TEST_DATABASE=postgres): shipping an order issues its invoice in the same transaction with
// the seller, buyer and lines as they were; 50 orders shipped at once take 50 consecutive
// numbers; a failure after the number is taken leaves no gap; an order that cannot be taxed is
// not shipped and says why.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import { httpStatusOf } from '../http/index.js';
import * as fulfilment from '../fulfilment/index.js';
import { orderContexts, type OrderContext } from '../orders/index.js';
import type { Actor } from '../staff/index.js';
import { paidOrder, shopper, type Shopper } from '../test/checkout.js';
import { createProduct, shippingAddressInput } from '../test/factories.js';
import { startTestApp, TEST_SHOP_GSTIN, type TestApp } from '../test/harness.js';
import { createStaff } from '../test/staff.js';
import { invoiceProblems, issueInvoice } from './invoices.service.js';
import { financialYearOf } from './tax-series.js';

let t: TestApp;
let ctx: OrderContext;
let jersey: number; // ₹1,299; one to Kerala is ₹1,359 with shipping
let s: Shopper;
let packer: Actor;
const year = financialYearOf(new Date());
const prefix = `KR/${year.slice(2, 4)}-${year.slice(5, 7)}/`;

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  ctx = orderContexts({ database: t.database, config: t.config })(t.app.log);
  jersey = await createProduct(t.db, { pricePaise: 129_900, sizes: { M: 200, L: 10 } });
  s = await shopper(t);
  packer = { staffId: (await createStaff(t.db, 'packer')).id, ip: '10.0.0.1' };
});
afterAll(() => t?.close());

const buy = (who = s, extra: object = {}, amount = 1359) =>
  paidOrder(t, who, [{ product_id: jersey, size: 'M', quantity: 1 }], amount, extra);
const ship = (orderId: number) =>
  fulfilment.shipOrder(ctx, packer, orderId, {
    courierName: 'Delhivery',
    trackingId: `DLV${orderId}`,
    trackingLink: null,
    expectedDate: null,
  });

interface Doc {
  id: number;
  number: string;
  serial: number;
  financial_year: string;
  seller: Record<string, string>;
  buyer: Record<string, string | null>;
  buyer_gstin: string | null;
  place_of_supply: string;
  place_of_supply_code: string;
  supply_type: string;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  total_paise: number;
  staff_id: number | null;
}
const invoiceOf = async (orderId: number) =>
  (
    await queryRows<Doc>(
      t.db,
      sql`SELECT * FROM tax_documents WHERE order_id = ${orderId} AND kind = 'invoice'`,
    )
  )[0];
const linesOf = (documentId: number) =>
  queryRows<{ kind: string; hsn: string; quantity: number; total_paise: number; rate_bp: number }>(
    t.db,
    sql`SELECT kind, hsn, quantity, total_paise, rate_bp FROM tax_document_lines
        WHERE document_id = ${documentId} ORDER BY line_no`,
  );
const lastSerial = async () =>
  (
    await queryRows<{ last_serial: number }>(
      t.db,
      sql`SELECT last_serial FROM tax_series WHERE kind = 'invoice' AND financial_year = ${year}`,
    )
  )[0]?.last_serial ?? 0;
const statusOf = async (orderId: number) =>
  (
    await queryRows<{ order_status: string }>(
      t.db,
      sql`SELECT order_status FROM orders WHERE id = ${orderId}`,
    )
  )[0]!.order_status;
const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    const status = httpStatusOf(err);
    if (err instanceof Error && status) return { status, error: err.message };
    throw err;
  }
  throw new Error('not refused');
};

describe('issuing at dispatch', () => {
  it('ships a Kerala order with its invoice: seller, buyer and CGST + SGST lines as they were', async () => {
    const orderId = await buy();
    expect(await invoiceOf(orderId)).toBeUndefined();
    const before = await lastSerial();
    await ship(orderId);
    const doc = (await invoiceOf(orderId))!;
    expect(doc.serial).toBe(before + 1);
    expect(doc.number).toBe(`${prefix}${String(before + 1).padStart(6, '0')}`);
    expect(doc.financial_year).toBe(year);
    expect(doc.seller).toMatchObject({
      legal_name: 'Kitroom Sportswear',
      state: 'Kerala',
      state_code: '32',
      gstin: TEST_SHOP_GSTIN,
    });
    expect(doc.buyer).toMatchObject({
      name: 'Asha Menon',
      address: '12 Beach Road',
      state: 'Kerala',
      state_code: '32',
      gstin: null,
    });
    expect(doc.place_of_supply).toBe('Kerala');
    expect(doc.place_of_supply_code).toBe('32');
    expect(doc.supply_type).toBe('intra');
    expect(doc.total_paise).toBe(135_900);
    expect(doc.cgst_paise).toBe(doc.sgst_paise);
    expect(doc.igst_paise).toBe(0);
    expect(doc.staff_id).toBe(packer.staffId);
    const lines = await linesOf(doc.id);
    expect(lines.map((l) => [l.kind, l.quantity, l.rate_bp])).toEqual([
      ['goods', 1, 500],
      ['shipping', 1, 500],
    ]);
    expect(lines.reduce((sum, l) => sum + l.total_paise, 0)).toBe(135_900);
    const [audit] = await queryRows<{ after: Record<string, unknown> }>(
      t.db,
      sql`SELECT after FROM audit_log WHERE entity = 'order' AND entity_id = ${String(orderId)}
            AND action = 'ship'`,
    );
    expect(audit?.after.invoice_number).toBe(doc.number);
  });

  it('issues an inter-state invoice with IGST, and a wholesaler’s GSTIN', async () => {
    const buyer = await shopper(t);
    await t.db.execute(
      sql`INSERT INTO wholesale_applications
            (user_id, shop_name, shop_location, gst, requesting_person, contact_number, status)
          VALUES (${buyer.id}, 'Goal Sports', 'Bengaluru', '29aabcg1234h1zv', 'Ravi', '9876500000',
                  'approved')`,
    );
    const orderId = await buy(
      buyer,
      {
        shipping_address: shippingAddressInput({
          state: 'Karnataka',
          city: 'Bengaluru',
          pincode: '560001',
        }),
        state: 'Karnataka',
      },
      1384,
    );
    await ship(orderId);
    const doc = (await invoiceOf(orderId))!;
    expect(doc.supply_type).toBe('inter');
    expect(doc.place_of_supply).toBe('Karnataka');
    expect(doc.place_of_supply_code).toBe('29');
    expect(doc.cgst_paise + doc.sgst_paise).toBe(0);
    expect(doc.igst_paise).toBeGreaterThan(0);
    expect(doc.total_paise).toBe(138_400);
    expect(doc.buyer_gstin).toBe('29AABCG1234H1ZV');
    expect(doc.buyer.gstin).toBe('29AABCG1234H1ZV');
  });

  it('returns the first invoice when asked again, and never writes a second', async () => {
    const orderId = await buy();
    await ship(orderId);
    const first = (await invoiceOf(orderId))!;
    const again = await t.db.transaction((tx) => issueInvoice(tx, orderId, null, new Date()));
    expect(again).toMatchObject({ id: first.id, number: first.number, created: false });
    const [count] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM tax_documents WHERE order_id = ${orderId}`,
    );
    expect(count!.n).toBe(1);
  });

  it('keeps an issued invoice as issued: the database refuses to change or delete it', async () => {
    const orderId = await buy();
    await ship(orderId);
    const issued = (await invoiceOf(orderId))!;
    // What the database responds (drizzle wraps it as the cause of its own error).
    const outcome = (statement: ReturnType<typeof sql>) =>
      t.db.execute(statement).then(
        () => 'changed',
        (err: Error) => (err.cause instanceof Error ? err.cause : err).message,
      );
    const refused = 'an issued tax document cannot be changed or deleted; issue a credit note';
    const id = issued.id;
    expect(await outcome(sql`UPDATE tax_documents SET total_paise = 1 WHERE id = ${id}`)).toBe(
      refused,
    );
    expect(await outcome(sql`DELETE FROM tax_documents WHERE id = ${id}`)).toBe(refused);
    expect(
      await outcome(sql`UPDATE tax_document_lines SET description = 'x' WHERE document_id = ${id}`),
    ).toBe(refused);
    expect(await outcome(sql`DELETE FROM tax_document_lines WHERE document_id = ${id}`)).toBe(
      refused,
    );
    expect(await invoiceOf(orderId)).toEqual(issued);
  });

  it('gives 50 orders shipped at once 50 consecutive numbers', async () => {
    const orders: number[] = [];
    for (let i = 0; i < 50; i++) orders.push(await buy());
    const before = await lastSerial();
    await Promise.all(orders.map(ship));
    const serials = (await Promise.all(orders.map(invoiceOf))).map((d) => d!.serial);
    expect(serials.sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => before + i + 1),
    );
    expect(await lastSerial()).toBe(before + 50);
  });

  it('leaves no gap when the shipping step fails after taking the number', async () => {
    const failing = await buy();
    const next = await buy();
    const before = await lastSerial();
    await expect(
      t.db.transaction(async (tx) => {
        await issueInvoice(tx, failing, null, new Date());
        throw new Error('the courier API failed');
      }),
    ).rejects.toThrow('the courier API failed');
    expect(await invoiceOf(failing)).toBeUndefined();
    await ship(next);
    expect((await invoiceOf(next))!.serial).toBe(before + 1);
  });
});

describe('an order that cannot be invoiced', () => {
  it('is not shipped without the shop’s GSTIN, and says why before and when', async () => {
    const orderId = await buy();
    const before = await lastSerial();
    await t.db.execute(sql`UPDATE shop_settings SET gstin = '' WHERE id = 1`);
    try {
      expect(await invoiceProblems(t.db, orderId)).toEqual([
        "The shop's GSTIN is not set in Settings.",
      ]);
      expect(await refusal(ship(orderId))).toEqual({
        status: 409,
        error: "Cannot invoice: The shop's GSTIN is not set in Settings.",
      });
    } finally {
      await t.db.execute(sql`UPDATE shop_settings SET gstin = ${TEST_SHOP_GSTIN} WHERE id = 1`);
    }
    expect(await statusOf(orderId)).toBe('Processing');
    expect(await invoiceOf(orderId)).toBeUndefined();
    expect(await lastSerial()).toBe(before);
    expect(await invoiceProblems(t.db, orderId)).toEqual([]);
  });

  it('is not shipped when a product’s HSN code has no rate', async () => {
    const odd = await createProduct(t.db, { pricePaise: 99_900, sizes: { M: 5 } });
    await t.db.execute(sql`UPDATE products SET hsn_code = '9999' WHERE id = ${odd}`);
    const orderId = await paidOrder(t, s, [{ product_id: odd, size: 'M', quantity: 1 }], 1059);
    const problems = await invoiceProblems(t.db, orderId);
    expect(problems.join(' ')).toContain('9999');
    const refused = await refusal(ship(orderId));
    expect(refused.status).toBe(409);
    expect(refused.error).toBe(`Cannot invoice: ${problems.join(' ')}`);
    expect(await statusOf(orderId)).toBe('Processing');
  });
});
