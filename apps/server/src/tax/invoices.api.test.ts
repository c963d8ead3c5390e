// Tax invoices over HTTP: the shopper downloads their own order's invoice from the order page
// (a guest gets 401, another shopper 404), staff download one or a selection as one PDF and
// see the number — or, before shipping, why the order cannot be invoiced, which the ship
// action then refuses with — and the shipped mail carries the invoice.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/sql.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { paidOrder, shopper, type Shopper } from '../test/checkout.js';
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

    const one = await support.call('GET', `/api/admin/orders/${first}/invoice`);
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(one.rawPayload)).toContain(`Invoice No. ${number}`);

    const both = await support.call('GET', `/api/admin/orders/invoices?ids=${second},${first}`);
    expect(both.statusCode).toBe(200);
    const pages = (await pdfText(both.rawPayload)).split('\f').filter((p) => p.trim() !== '');
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain(`Invoice No. ${await numberOf(second)}`);
    expect(pages[1]).toContain(`Invoice No. ${number}`);
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
  });
});
