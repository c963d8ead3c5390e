// Tax invoices over HTTP: the shopper downloads their own order's invoice from the order page
// (a guest gets 401, another shopper 404), staff download one or a selection as one PDF and
// see the number — or, before shipping, why the order cannot be invoiced, which the ship
// action then refuses with — and the shipped mail carries the invoice.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import { indianDayOf } from '../indian-days.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { KERALA_ADDRESS, paidOrder, shopper, type Shopper } from '../test/checkout.js';
import { createProduct } from '../test/factories.js';
import { startTestApp, TEST_SHOP_GSTIN, type TestApp } from '../test/harness.js';
import { pdfText } from '../test/pdf.js';
import { createStaff } from '../test/staff.js';

let t: TestApp;
let s: Shopper;
let other: Shopper;
let jersey: number; // ₹1,299; one to Kerala is ₹1,359
let packer: AdminClient;
let support: AdminClient;

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  const origin = new URL(t.config.publicUrl).origin;
  packer = adminClient(t.app, origin, (await createStaff(t.db, 'packer')).cookie);
  support = adminClient(t.app, origin, (await createStaff(t.db, 'support')).cookie);
  jersey = await createProduct(t.db, {
    name: 'Malabar FC Away',
    pricePaise: 129_900,
    sizes: { M: 40 },
  });
  s = await shopper(t);
  other = await shopper(t);
});
afterAll(() => t?.close());

const buy = () => paidOrder(t, s, [{ product_id: jersey, size: 'M', quantity: 1 }], 1359);
const ship = (orderId: number) =>
  packer.call('POST', `/api/admin/orders/${orderId}/ship`, {
    courier_name: 'Delhivery',
    tracking_id: `DLV${orderId}`,
  });
const numberOf = async (orderId: number) =>
  (
    await queryRows<{ number: string }>(
      t.db,
      sql`SELECT number FROM tax_documents WHERE order_id = ${orderId} AND kind = 'invoice'`,
    )
  )[0]?.number;
/** Which copy of Rule 48 a page is marked as. */
const copyOf = (page: string) =>
  /(ORIGINAL FOR RECIPIENT|DUPLICATE FOR TRANSPORTER|TRIPLICATE FOR SUPPLIER)/.exec(page)?.[1];
const download = (orderId: number | string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/invoice.php?order_id=${orderId}`,
    headers: cookie ? { cookie } : {},
  });

describe("the shopper's invoice", () => {
  it('is on the order page once shipped, and downloads as a PDF with the invoice’s data', async () => {
    const orderId = await buy();
    const before = await s.post('/api/orders.php', { user_id: s.id, order_id: orderId });
    expect(before.json().invoice).toBeNull();
    expect((await download(orderId, s.cookie)).statusCode).toBe(404);

    expect((await ship(orderId)).statusCode).toBe(200);
    const number = (await numberOf(orderId))!;
    const page = await s.post('/api/orders.php', { user_id: s.id, order_id: orderId });
    expect(page.json().invoice).toEqual({
      number,
      download_url: `/api/invoice.php?order_id=${orderId}`,
    });

    const res = await download(orderId, s.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="invoice-${number.replace(/\//g, '-')}.pdf"`,
    );
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(`Invoice No. ${number}`);
    expect(text).toContain(`GSTIN: ${TEST_SHOP_GSTIN}`);
    expect(text).toContain('Place of supply: Kerala (32)');
    expect(text).toContain('Malabar FC Away (M)');
    expect(text).toContain('₹1,359.00');
    expect(text).toContain('Rupees One Thousand Three Hundred Fifty Nine Only');
    // The shopper's copy is the recipient's, once (Rule 48; decision 055).
    const pages = text.split('\f').filter((p) => p.trim() !== '');
    expect(pages).toHaveLength(1);
    expect(text).toContain('ORIGINAL FOR RECIPIENT');
    expect(text).not.toMatch(/DUPLICATE|TRIPLICATE/);
    // Each tax with its rate: ₹1,299 and ₹60 shipping at 5% within Kerala, CGST and SGST at
    // 2.5% each: 30.93 + 1.43 = 32.36.
    expect(text).toMatch(/CGST 2\.5%\s+₹32\.36/);
    expect(text).toMatch(/SGST 2\.5%\s+₹32\.36/);
  });

  it('is refused to a guest (401), to another shopper (404) and for a bad order id (400)', async () => {
    const orderId = await buy();
    await ship(orderId);
    expect((await download(orderId)).statusCode).toBe(401);
    expect((await download(orderId)).json()).toEqual({ error: 'Please log in to continue.' });
    const stranger = await download(orderId, other.cookie);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ error: 'Order not found.' });
    expect((await download(999_999, s.cookie)).statusCode).toBe(404);
    const bad = await download('abc', s.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('order_id');
  });
});

describe("staff's invoices", () => {
  it('shows the number on the order and downloads one, or a selection as one PDF', async () => {
    const first = await buy();
    const second = await buy();
    await ship(first);
    await ship(second);
    const order = await packer.call('GET', `/api/admin/orders/${first}`);
    const number = (await numberOf(first))!;
    expect(order.json().invoice).toMatchObject({ number, total_paise: 135_900 });
    expect(order.json().invoice_problems).toEqual([]);

    // Staff print the three copies of Rule 48: the recipient's and the transporter's go in
    // the parcel, the supplier's stays with the shop (decision 055). Packers see no money,
    // so support (or a manager) prints them.
    const one = await support.call('GET', `/api/admin/orders/${first}/invoice`);
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toBe('application/pdf');
    const copies = (await pdfText(one.rawPayload)).split('\f').filter((p) => p.trim() !== '');
    expect(copies).toHaveLength(3);
    copies.forEach((p) => expect(p).toContain(`Invoice No. ${number}`));
    expect(copies[0]).toContain('ORIGINAL FOR RECIPIENT');
    expect(copies[1]).toContain('DUPLICATE FOR TRANSPORTER');
    expect(copies[2]).toContain('TRIPLICATE FOR SUPPLIER');

    const both = await support.call('GET', `/api/admin/orders/invoices?ids=${second},${first}`);
    expect(both.statusCode).toBe(200);
    const pages = (await pdfText(both.rawPayload)).split('\f').filter((p) => p.trim() !== '');
    expect(pages).toHaveLength(6);
    const secondNumber = (await numberOf(second))!;
    expect(pages.map((p) => [p.includes(secondNumber) ? 'second' : 'first', copyOf(p)])).toEqual([
      ['second', 'ORIGINAL FOR RECIPIENT'],
      ['second', 'DUPLICATE FOR TRANSPORTER'],
      ['second', 'TRIPLICATE FOR SUPPLIER'],
      ['first', 'ORIGINAL FOR RECIPIENT'],
      ['first', 'DUPLICATE FOR TRANSPORTER'],
      ['first', 'TRIPLICATE FOR SUPPLIER'],
    ]);
  });

  it('refuses orders that have no invoice or do not exist, naming them', async () => {
    const unshipped = await buy();
    const res = await support.call('GET', `/api/admin/orders/invoices?ids=${unshipped}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: `Order #${unshipped} has no invoice yet: it is issued when the order ships.`,
    });
    const missing = await support.call('GET', '/api/admin/orders/999999/invoice');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Order #999999 not found.' });
  });

  it('says why an order cannot be invoiced before shipping, and the ship action refuses with it', async () => {
    const orderId = await buy();
    await t.db.execute(sql`UPDATE shop_settings SET gstin = '' WHERE id = 1`);
    try {
      const order = await packer.call('GET', `/api/admin/orders/${orderId}`);
      expect(order.json().invoice).toBeNull();
      expect(order.json().invoice_problems).toEqual(["The shop's GSTIN is not set in Settings."]);
      const refused = await ship(orderId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: "Cannot invoice: The shop's GSTIN is not set in Settings.",
      });
    } finally {
      await t.db.execute(sql`UPDATE shop_settings SET gstin = ${TEST_SHOP_GSTIN} WHERE id = 1`);
    }
    const after = await packer.call('GET', `/api/admin/orders/${orderId}`);
    expect(after.json().order.status).toBe('Processing');
    expect(after.json().invoice_problems).toEqual([]);
  });
});

describe('the shipped mail', () => {
  it('attaches the invoice as a PDF and says so', async () => {
    const orderId = await buy();
    await ship(orderId);
    const number = (await numberOf(orderId))!;
    await t.drainOutbox();
    const dir = path.join(t.config.dataDir, 'outbox');
    const mails = await Promise.all(
      (await readdir(dir)).map(async (f) => simpleParser(await readFile(path.join(dir, f)))),
    );
    const shipped = mails.find((m) => m.subject === `Kitroom order #${orderId} has shipped`)!;
    expect(shipped.text).toContain(`Your tax invoice ${number} is attached`);
    expect(shipped.attachments).toHaveLength(1);
    const [file] = shipped.attachments;
    expect(file!.filename).toBe(`invoice-${number.replace(/\//g, '-')}.pdf`);
    expect(file!.contentType).toBe('application/pdf');
    const text = await pdfText(file!.content);
    expect(text).toContain(`Invoice No. ${number}`);
    expect(text).toContain('₹1,359.00');
    expect(text).toContain(`GSTIN: ${TEST_SHOP_GSTIN}`);
    expect(text).toContain('ORIGINAL FOR RECIPIENT');
    expect(text).not.toMatch(/DUPLICATE|TRIPLICATE/);
  });
});

describe('CGST and SGST (issue 36)', () => {
  it('are equal halves on the invoice and in the month’s GSTR-1, the taxable value taking the odd paisa', async () => {
    const owner = (await createStaff(t.db, 'owner')).cookie;
    // A jersey of its own HSN (6110), so the month's HSN summary row is this invoice's alone.
    const kit = await createProduct(t.db, { pricePaise: 129_900, sizes: { M: 5 } });
    await t.db.execute(sql`UPDATE products SET hsn_code = '6110' WHERE id = ${kit}`);
    const orderId = await paidOrder(t, s, [{ product_id: kit, size: 'M', quantity: 3 }], 3957);
    expect((await ship(orderId)).statusCode).toBe(200);
    const lines = await queryRows<{
      kind: string;
      taxable_paise: number;
      cgst_paise: number;
      sgst_paise: number;
    }>(
      t.db,
      sql`SELECT l.kind, l.taxable_paise, l.cgst_paise, l.sgst_paise
          FROM tax_document_lines l JOIN tax_documents d ON d.id = l.document_id
          WHERE d.order_id = ${orderId} ORDER BY l.line_no`,
    );
    // 3 × ₹1,299 = 3897.00 at 5%: 389700 / 1.05 = 371142.86 → 371143, tax 185.57 is odd, so
    // CGST = SGST = 92.78 and the taxable value 3897.00 − 185.56 = 3711.44. Shipping ₹60:
    // 6000 / 1.05 = 5714.29 → 5714, tax 2.86 = 1.43 + 1.43.
    expect(lines).toEqual([
      { kind: 'goods', taxable_paise: 371_144, cgst_paise: 9_278, sgst_paise: 9_278 },
      { kind: 'shipping', taxable_paise: 5_714, cgst_paise: 143, sgst_paise: 143 },
    ]);
    const [issued] = await queryRows<{ issued_at: Date | string }>(
      t.db,
      sql`SELECT issued_at FROM tax_documents WHERE order_id = ${orderId}`,
    );
    const month = indianDayOf(new Date(issued!.issued_at)).slice(0, 7);
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: owner } });
    const hsn = await get(`/api/admin/tax/gstr1?month=${month}&section=hsn-b2c`);
    expect(hsn.statusCode, hsn.body).toBe(200);
    // 3 pieces; 3897.00 + 60.00; 3711.44 + 57.14; CGST and SGST 92.78 + 1.43 each.
    expect((parse(hsn.body) as string[][]).find((r) => r[0] === '6110')).toEqual([
      '6110',
      '',
      'PCS-PIECES',
      '3',
      '3957.00',
      '5',
      '3768.58',
      '0.00',
      '94.21',
      '94.21',
      '',
    ]);
    // The month's totals: every invoice's CGST equals its SGST, so the sums do too.
    const summary = (await get(`/api/admin/tax/summary?month=${month}`)).json();
    expect(summary.invoices.cgst_paise).toBeGreaterThan(0);
    expect(summary.invoices.sgst_paise).toBe(summary.invoices.cgst_paise);
  });
});

describe('every state and Union Territory (issue 40)', () => {
  it('lets shoppers in the four territories the spec left out order, at the others’ fee, with IGST', async () => {
    const places = [
      ['Chandigarh', '160017', '04'],
      ['Dadra and Nagar Haveli and Daman and Diu', '396210', '26'],
      ['Lakshadweep', '682555', '31'],
      ['Andaman and Nicobar Islands', '744101', '35'],
    ] as const;
    for (const [state, pincode, code] of places) {
      // ₹1,299 and the others' ₹100 shipping: ₹1,399.
      const orderId = await paidOrder(
        t,
        s,
        [{ product_id: jersey, size: 'M', quantity: 1 }],
        1399,
        {
          state,
          shipping_address: { ...KERALA_ADDRESS, state, pincode, city: state },
        },
      );
      expect((await ship(orderId)).statusCode).toBe(200);
      const text = await pdfText((await download(orderId, s.cookie)).rawPayload);
      expect(text, state).toContain(`Place of supply: ${state} (${code})`);
      expect(text, state).toContain('Inter-state supply: IGST');
      // 1,399.00 at 5% from Kerala: 139900 / 1.05 = 133238.10 → 133238, IGST 66.62.
      expect(text, state).toMatch(/IGST 5%\s+₹66\.62/);
    }
    // The month's GSTR-1 names each place of supply as the offline tool's list writes it.
    const owner = (await createStaff(t.db, 'owner')).cookie;
    const month = indianDayOf(new Date()).slice(0, 7);
    const b2cs = await t.app.inject({
      method: 'GET',
      url: `/api/admin/tax/gstr1?month=${month}&section=b2cs`,
      headers: { cookie: owner },
    });
    expect(b2cs.statusCode, b2cs.body).toBe(200);
    const named = (parse(b2cs.body) as string[][]).map((r) => r[1]);
    expect(named).toEqual(
      expect.arrayContaining([
        '04-Chandigarh',
        '26-Dadra & Nagar Haveli & Daman & Diu',
        '31-Lakshadweep',
        '35-Andaman & Nicobar Islands',
      ]),
    );
  });
});
