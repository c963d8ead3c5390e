// Credit notes on PGlite and PostgreSQL: a received return reverses its pieces at the
// invoice's per-piece amounts (the last piece the remainder, so returning everything reverses
// the goods to the paisa, shipping kept); a cancellation of an invoiced order reverses what is
// left, shipping too, and a second one reverses nothing; an order never invoiced gets none.
// The amounts in the comments are worked by hand from the invoice the shop issued.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import * as fulfilment from '../fulfilment/index.js';
import { orderContexts, type OrderContext } from '../orders/index.js';
import type { Actor } from '../staff/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { paidOrder, shopper, type Line, type Shopper } from '../test/checkout.js';
import { createProduct, shippingAddressInput } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { pdfText } from '../test/pdf.js';
import { createStaff } from '../test/staff.js';
import { creditNoteForCancellation } from './credit-notes.service.js';
import { financialYearOf } from './tax-series.js';

let t: TestApp;
let ctx: OrderContext;
let s: Shopper;
let courier: Actor;
let support: AdminClient;
let packer: AdminClient;
let manager: AdminClient;

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  ctx = orderContexts({ database: t.database, config: t.config })(t.app.log);
  s = await shopper(t);
  courier = { staffId: (await createStaff(t.db, 'packer')).id, ip: '10.0.0.1' };
  const origin = new URL(t.config.publicUrl).origin;
  support = adminClient(t.app, origin, (await createStaff(t.db, 'support')).cookie);
  packer = adminClient(t.app, origin, (await createStaff(t.db, 'packer')).cookie);
  manager = adminClient(t.app, origin, (await createStaff(t.db, 'manager')).cookie);
});
afterAll(() => t?.close());

/** This financial year's credit note number: 'CN/26-27/000001'. */
function cn(serial: number): string {
  const fy = financialYearOf(new Date());
  return `CN/${fy.slice(2, 4)}-${fy.slice(5, 7)}/${String(serial).padStart(6, '0')}`;
}

async function shipped(lines: Line[], amount: number) {
  const id = await paidOrder(t, s, lines, amount);
  await fulfilment.shipOrder(ctx, courier, id, {
    courierName: 'Delhivery',
    trackingId: `DLV${id}`,
    trackingLink: null,
    expectedDate: null,
  });
  const items = await queryRows<{ id: number }>(
    t.db,
    sql`SELECT id FROM order_items WHERE order_id = ${id} ORDER BY id`,
  );
  return { id, items: items.map((i) => i.id) };
}

type Row = Record<string, number | string | null>;
const documents = (orderId: number) =>
  queryRows<Row>(
    t.db,
    sql`SELECT d.id, d.kind, d.number, d.invoice_id, d.return_id, d.reason, d.supply_type,
               d.taxable_paise, d.cgst_paise, d.sgst_paise, d.igst_paise, d.total_paise
        FROM tax_documents d WHERE d.order_id = ${orderId} ORDER BY d.id`,
  );
const lines = (documentId: number) =>
  queryRows<Row>(
    t.db,
    sql`SELECT kind, quantity, value_paise, discount_paise, taxable_paise, rate_bp,
               cgst_paise, sgst_paise, igst_paise, total_paise
        FROM tax_document_lines WHERE document_id = ${documentId} ORDER BY line_no`,
  );

async function returnPieces(orderId: number, orderItemId: number, quantity: number) {
  const asked = await s.post('/api/order_return.php', {
    user_id: s.id,
    order_id: orderId,
    kind: 'return',
    reason: 'Too tight',
    items: [{ order_item_id: orderItemId, quantity }],
  });
  expect(asked.statusCode, asked.body).toBe(200);
  const id = (asked.json().returns as { id: number }[]).at(-1)!.id;
  expect((await support.call('POST', `/api/admin/returns/${id}/approve`, {})).statusCode).toBe(200);
  const received = await packer.call('POST', `/api/admin/returns/${id}/receive`, {});
  expect(received.statusCode, received.body).toBe(200);
  return id;
}

describe('credit notes', () => {
  it('reverse a return’s pieces as the invoice taxed them, and the rest to the paisa', async () => {
    // 3 × ₹1,299 to Kerala (intra-state, 5%) and ₹60 shipping. The invoice's goods line:
    // total 3897.00, 389700 / 1.05 = 371142.86 → 371143, tax 185.57 is odd: CGST = SGST =
    // 92.78 and the taxable value takes the paisa, 3711.44.
    const p = await createProduct(t.db, { pricePaise: 129_900, sizes: { M: 10 } });
    const o = await shipped([{ product_id: p, size: 'M', quantity: 3 }], 3957);
    await fulfilment.deliverOrder(ctx, courier, o.id);
    const [invoice] = await documents(o.id);
    expect(invoice).toMatchObject({ kind: 'invoice', supply_type: 'intra', total_paise: 395_700 });
    expect((await lines(invoice!.id as number))[0]).toMatchObject({
      taxable_paise: 371_144,
      cgst_paise: 9_278,
      sgst_paise: 9_278,
    });

    const first = await returnPieces(o.id, o.items[0]!, 1);
    const [, note] = await documents(o.id);
    // One piece: 92.78 / 3 = 30.92 each of CGST and SGST, taxable 1299.00 − 61.84 = 1237.16.
    expect(note).toMatchObject({
      kind: 'credit_note',
      number: cn(1),
      invoice_id: invoice!.id,
      return_id: first,
      reason: `Return #${first} received`,
      supply_type: 'intra',
      taxable_paise: 123_716,
      cgst_paise: 3_092,
      sgst_paise: 3_092,
      igst_paise: 0,
      total_paise: 129_900,
    });
    expect(await lines(note!.id as number)).toEqual([
      {
        kind: 'goods',
        quantity: 1,
        value_paise: 129_900,
        discount_paise: 0,
        taxable_paise: 123_716,
        rate_bp: 500,
        cgst_paise: 3_092,
        sgst_paise: 3_092,
        igst_paise: 0,
        total_paise: 129_900,
      },
    ]);

    // The PDF as staff download it: its title, number, original invoice and amounts.
    const listed = await manager.call('GET', `/api/admin/orders/${o.id}/credit-notes`);
    expect(listed.json()).toEqual({
      credit_notes: [
        {
          id: note!.id,
          number: cn(1),
          issued_at: expect.any(String),
          reason: `Return #${first} received`,
          return_id: first,
          total_paise: 129_900,
          irn_status: null,
        },
      ],
    });
    const pdf = await support.call('GET', `/api/admin/credit-notes/${note!.id}`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(`Credit note No. ${cn(1)}`);
    expect(text).toMatch(
      new RegExp(`Against invoice ${invoice!.number as string} dated \\d+ \\w+ \\d{4}`),
    );
    expect(text).toContain(`Reason: Return #${first} received`);
    // Rule 48's copies are an invoice's: a credit note is not marked.
    expect(text).not.toMatch(/ORIGINAL|DUPLICATE|TRIPLICATE/);
    expect(text).toMatch(/CGST 2\.5%\s+₹30\.92/);
    expect(text).toMatch(/1,237\.16/);
    expect(text).toMatch(/30\.92/);
    expect(text).not.toMatch(/30\.94/);
    expect(text).toMatch(/1,299\.00/);

    // The other two: the remainder, 3711.44 − 1237.16 = 2474.28, 92.78 − 30.92 = 61.86 each;
    // the shipping is kept.
    await returnPieces(o.id, o.items[0]!, 2);
    const [, , rest] = await documents(o.id);
    expect(rest).toMatchObject({
      number: cn(2),
      taxable_paise: 247_428,
      cgst_paise: 6_186,
      sgst_paise: 6_186,
      total_paise: 259_800,
    });
    const [goods] = await queryRows<Record<string, string | number>>(
      t.db,
      sql`SELECT sum(l.taxable_paise)::bigint AS taxable, sum(l.cgst_paise)::bigint AS cgst,
                 sum(l.sgst_paise)::bigint AS sgst, sum(l.total_paise)::bigint AS total
          FROM tax_document_lines l JOIN tax_documents d ON d.id = l.document_id
          WHERE d.order_id = ${o.id} AND d.kind = 'credit_note'`,
    );
    expect(Object.fromEntries(Object.entries(goods!).map(([k, v]) => [k, Number(v)]))).toEqual({
      taxable: 371_144,
      cgst: 9_278,
      sgst: 9_278,
      total: 389_700,
    });
  });

  it('reverse a cancelled invoiced order in full, shipping too, once', async () => {
    // 1 × ₹2,999 to Karnataka: inter-state, 18%; shipping ₹85 at the goods' rate.
    const p = await createProduct(t.db, { pricePaise: 299_900, sizes: { M: 10 } });
    const karnataka = await shopper(t);
    const id = await paidOrder(t, karnataka, [{ product_id: p, size: 'M', quantity: 1 }], 3084, {
      state: 'Karnataka',
      shipping_address: shippingAddressInput({
        state: 'Karnataka',
        city: 'Bengaluru',
        pincode: '560001',
      }),
    });
    await fulfilment.shipOrder(ctx, courier, id, {
      courierName: 'Delhivery',
      trackingId: `DLV${id}`,
      trackingLink: null,
      expectedDate: null,
    });
    const [invoice] = await documents(id);
    // The order came back to the shop unopened: the cancellation's credit note.
    const note = await t.db.transaction((tx) =>
      creditNoteForCancellation(tx, id, {
        reason: 'Order canceled: Returned to origin',
        staffId: null,
        at: new Date(),
      }),
    );
    expect(note).toMatchObject({ totalPaise: 308_400 });
    const [, stored] = await documents(id);
    expect(stored).toMatchObject({
      kind: 'credit_note',
      number: note!.number,
      supply_type: 'inter',
      taxable_paise: invoice!.taxable_paise,
      igst_paise: invoice!.igst_paise,
      cgst_paise: 0,
      total_paise: 308_400,
    });
    expect(await lines(stored!.id as number)).toEqual(await lines(invoice!.id as number));
    // A second cancellation finds nothing left to reverse.
    const again = await t.db.transaction((tx) =>
      creditNoteForCancellation(tx, id, { reason: 'again', staffId: null, at: new Date() }),
    );
    expect(again).toBeNull();
    expect(await documents(id)).toHaveLength(2);
  });

  it('are not issued for an order canceled before it was invoiced', async () => {
    const p = await createProduct(t.db, { pricePaise: 129_900, sizes: { M: 10 } });
    const id = await paidOrder(t, s, [{ product_id: p, size: 'M', quantity: 1 }], 1359);
    const res = await manager.call('POST', `/api/admin/orders/${id}/cancel`, {
      reason: 'Out of stock',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await documents(id)).toEqual([]);
    expect((await manager.call('GET', `/api/admin/orders/${id}/credit-notes`)).json()).toEqual({
      credit_notes: [],
    });
  });

  it('responds 404 for a credit note that does not exist, or an invoice’s id', async () => {
    const p = await createProduct(t.db, { pricePaise: 129_900, sizes: { M: 10 } });
    const o = await shipped([{ product_id: p, size: 'M', quantity: 1 }], 1359);
    const [invoice] = await documents(o.id);
    for (const id of [invoice!.id, 999_999]) {
      const res = await manager.call('GET', `/api/admin/credit-notes/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Credit note not found.' });
    }
  });
});
