// B2B invoices and e-way bills (decision 046): a wholesaler's invoice bills their shop (legal
// name, address, GSTIN as they were when the order was placed) and ships to the delivery
// address, IGST for another state and CGST + SGST within the shop's; GSTR-1 lists it under
// B2B. An order above ₹50,000 ships only with its e-way bill number, entered after its
// invoice is issued and printed on it; at exactly ₹50,000 it needs none.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { orderBody, paidOrder, shopper, type Shopper } from '../test/checkout.js';
import { createProduct, shippingAddressInput } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { pdfText } from '../test/pdf.js';
import { createStaff } from '../test/staff.js';
import { approvedWholesaler, createApplication, createPriceList } from '../test/wholesale.js';
import { indianDayOf } from '../indian-days.js';

let t: TestApp;
let jersey: number; // retail ₹999; on the list 10+ pieces −25%: ₹749.25, charged ₹749
let costly: number; // ₹49,940: one to Kerala is exactly ₹50,000
let packer: AdminClient;
let support: AdminClient;
let owner: AdminClient;
let chennai: Shopper; // registered in Tamil Nadu
let kozhikode: Shopper; // registered in Kerala, the shop's state
let retail: Shopper;

const TN_GSTIN = '33AABCC1234D1ZI';
const KL_GSTIN = '32AABCK1234F1Z8';
const KA_GSTIN = '29ABCDE1234F1ZW';
const CHENNAI = shippingAddressInput({
  first_name: 'Ravi',
  last_name: 'Kumar',
  street_name: '4 Usman Road',
  city: 'Chennai',
  state: 'Tamil Nadu',
  pincode: '600017',
});

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  const origin = new URL(t.config.publicUrl).origin;
  packer = adminClient(t.app, origin, (await createStaff(t.db, 'packer')).cookie);
  support = adminClient(t.app, origin, (await createStaff(t.db, 'support')).cookie);
  owner = adminClient(t.app, origin, (await createStaff(t.db, 'owner')).cookie);
  jersey = await createProduct(t.db, {
    name: 'Chennaiyin FC Home',
    pricePaise: 149_900,
    discountPricePaise: 99_900,
    sizes: { M: 500 },
  });
  costly = await createProduct(t.db, {
    name: 'Signed Match Shirt',
    pricePaise: 4_994_000,
    sizes: { M: 5 },
  });
  const list = await createPriceList(t.db, { name: 'Clubs' });
  chennai = await shopper(t);
  kozhikode = await shopper(t);
  retail = await shopper(t);
  await approvedWholesaler(t.db, chennai.id, list, {
    shopName: 'Marina Sports Traders',
    shopLocation: '21 Pondy Bazaar, T Nagar, Chennai 600017',
    gst: TN_GSTIN,
  });
  await approvedWholesaler(t.db, kozhikode.id, list, {
    shopName: 'Malabar Club Supplies',
    shopLocation: 'Mavoor Road, Kozhikode 673004',
    gst: KL_GSTIN,
  });
});
afterAll(() => t?.close());

const ship = (orderId: number) =>
  packer.call('POST', `/api/admin/orders/${orderId}/ship`, {
    courier_name: 'Delhivery',
    tracking_id: `DLV${orderId}`,
  });
const invoiceText = async (orderId: number) => {
  const res = await support.call('GET', `/api/admin/orders/${orderId}/invoice`);
  expect(res.statusCode, res.body).toBe(200);
  return pdfText(res.rawPayload);
};
const numberOf = async (orderId: number) =>
  (
    await queryRows<{ number: string }>(
      t.db,
      sql`SELECT number FROM tax_documents WHERE order_id = ${orderId} AND kind = 'invoice'`,
    )
  )[0]?.number;
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe("a wholesaler's B2B invoice", () => {
  let toChennai: number;
  let toKozhikode: number;

  it('bills the shop with its GSTIN as it was when placed, ships to the address, IGST to another state', async () => {
    // 12 pieces at ₹749 = ₹8,988 + ₹85 shipping to Tamil Nadu.
    toChennai = await paidOrder(
      t,
      chennai,
      [{ product_id: jersey, size: 'M', quantity: 12 }],
      9073,
      {
        shipping_address: CHENNAI,
        state: 'Tamil Nadu',
      },
    );
    // The shop renames itself after the order: the placed order's invoice keeps the old name.
    await t.db.execute(
      sql`UPDATE wholesale_applications SET shop_name = 'Renamed Later', gst = NULL
          WHERE user_id = ${chennai.id}`,
    );
    expect((await ship(toChennai)).statusCode).toBe(200);
    const text = flat(await invoiceText(toChennai));
    // pdftotext reads the two columns side by side: the blocks are checked in order.
    expect(text).toMatch(
      /BILL TO .*Marina Sports Traders .*21 Pondy Bazaar, T Nagar, Chennai 600017 .*GSTIN: 33AABCC1234D1ZI .*SHIP TO Ravi Kumar 4 Usman Road Chennai, Tamil Nadu 600017/,
    );
    expect(text).toContain('Place of supply: Tamil Nadu (33)');
    expect(text).toContain('Inter-state supply: IGST');
    expect(text).toContain('IGST');
    expect(text).not.toContain('CGST');
    expect(text).not.toContain('Renamed Later');
    expect(text).toContain('₹9,073.00');
  });

  it('charges CGST + SGST when the goods go within Kerala, the shop’s state', async () => {
    // 12 × ₹749 + ₹60 shipping within Kerala.
    toKozhikode = await paidOrder(
      t,
      kozhikode,
      [{ product_id: jersey, size: 'M', quantity: 12 }],
      9048,
    );
    expect((await ship(toKozhikode)).statusCode).toBe(200);
    const text = flat(await invoiceText(toKozhikode));
    expect(text).toMatch(
      /BILL TO .*Malabar Club Supplies .*Mavoor Road, Kozhikode 673004 .*GSTIN: 32AABCK1234F1Z8 .*SHIP TO Asha Menon 12 Beach Road/,
    );
    expect(text).toContain('Place of supply: Kerala (32)');
    expect(text).toContain('Intra-state supply: CGST + SGST');
    expect(text).not.toContain('IGST');
  });

  it('is listed under B2B in GSTR-1 with its GSTIN, and not under B2C', async () => {
    const month = indianDayOf(new Date()).slice(0, 7);
    const b2b = await owner.call('GET', `/api/admin/tax/gstr1?month=${month}&section=b2b`);
    expect(b2b.statusCode, b2b.body).toBe(200);
    const rows = b2b.body.split('\r\n');
    const chennaiRow = rows.find((r) => r.startsWith(TN_GSTIN));
    expect(chennaiRow).toBeDefined();
    expect(chennaiRow).toContain((await numberOf(toChennai))!);
    expect(chennaiRow).toContain('Marina Sports Traders');
    expect(chennaiRow).toContain('33-Tamil Nadu');
    expect(rows.find((r) => r.startsWith(KL_GSTIN))).toContain((await numberOf(toKozhikode))!);
    // b2cs rows are per place of supply and rate; a B2B invoice adds nothing there.
    const b2cs = await owner.call('GET', `/api/admin/tax/gstr1?month=${month}&section=b2cs`);
    expect(b2cs.body).not.toContain('33-Tamil Nadu');
  });

  it("downloads the month's B2B sales as CSV in exact rupees, for reports.read only, audit-logged", async () => {
    const month = indianDayOf(new Date()).slice(0, 7);
    const url = `/api/admin/tax/b2b-sales?month=${month}`;
    expect((await packer.call('GET', url)).statusCode).toBe(403);
    expect((await support.call('GET', url)).statusCode).toBe(403);
    const bad = await owner.call('GET', '/api/admin/tax/b2b-sales?month=2026-13');
    expect(bad.statusCode).toBe(400);

    const res = await owner.call('GET', url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="b2b-sales-${month}.csv"`,
    );
    const today = indianDayOf(new Date());
    expect(res.body.split('\r\n')).toEqual([
      'invoice_number,invoice_date,gstin,legal_name,place_of_supply,taxable_value,igst,cgst,sgst,total',
      // ₹8,988 of goods: 8,560.00 + 428.00 IGST; ₹85 shipping: 80.95 + 4.05.
      `${await numberOf(toChennai)},${today},${TN_GSTIN},Marina Sports Traders,33-Tamil Nadu,8640.95,432.05,0.00,0.00,9073.00`,
      `${await numberOf(toKozhikode)},${today},${KL_GSTIN},Malabar Club Supplies,32-Kerala,8617.14,0.00,215.43,215.43,9048.00`,
      '',
    ]);
    const audit = await queryRows<{ action: string; entity_id: string }>(
      t.db,
      sql`SELECT action, entity_id FROM audit_log WHERE entity = 'tax_report' ORDER BY id`,
    );
    // The GSTR-1 files downloaded above are audited as well.
    expect(audit).toEqual([
      { action: 'export_gstr1', entity_id: month },
      { action: 'export_gstr1', entity_id: month },
      { action: 'export_b2b_sales', entity_id: month },
    ]);

    const empty = await owner.call('GET', '/api/admin/tax/b2b-sales?month=2025-01');
    expect(empty.body).toBe(
      'invoice_number,invoice_date,gstin,legal_name,place_of_supply,taxable_value,igst,cgst,sgst,total\r\n',
    );
  });

  it('shows the wholesaler on the order in the back office', async () => {
    const res = await support.call('GET', `/api/admin/orders/${toChennai}`);
    expect(res.json().order.wholesale_buyer).toEqual({
      legal_name: 'Marina Sports Traders',
      address: '21 Pondy Bazaar, T Nagar, Chennai 600017',
      gstin: TN_GSTIN,
    });
    const list = await support.call('GET', '/api/admin/orders?wholesale=1&limit=50');
    const ids = list.json().orders.map((o: { id: number }) => o.id);
    expect(ids).toContain(toChennai);
    expect(ids).toContain(toKozhikode);
    expect(list.json().orders.every((o: { wholesale: boolean }) => o.wholesale)).toBe(true);

    const history = await support.call(
      'GET',
      `/api/admin/orders?wholesale=1&user_id=${chennai.id}&limit=50`,
    );
    expect(history.json().orders.map((o: { id: number }) => o.id)).toEqual([toChennai]);
    const totals = await support.call(
      'GET',
      `/api/admin/orders/totals?wholesale=1&user_id=${chennai.id}`,
    );
    expect(totals.json()).toEqual({ orders: 1, paid_orders: 1, paid_total_paise: 907_300 });
    const bad = await support.call('GET', '/api/admin/orders?wholesale=yes');
    expect(bad.statusCode).toBe(400);
  });
});

describe('the e-way bill above ₹50,000', () => {
  // A shop that lets one retail order take 51 of a size (the owner's limit, 10 by default).
  beforeAll(async () => {
    await t.db.execute(sql`UPDATE shop_settings SET pieces_per_size_max = 100 WHERE id = 1`);
  });
  // 51 jerseys at retail ₹999 + ₹60 shipping = ₹51,009.
  const bigOrder = () =>
    paidOrder(t, retail, [{ product_id: jersey, size: 'M', quantity: 51 }], 51_009);

  it('is asked for before shipping: the ship form and a courier booking are refused without it', async () => {
    const orderId = await bigOrder();
    const page = await packer.call('GET', `/api/admin/orders/${orderId}`);
    expect(page.json().eway_bill_needed).toBe('invoice');

    const refused = await ship(orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: `Order #${orderId} is worth ₹51,009, above ₹50,000: enter its e-way bill number before it ships.`,
    });
    const courier = await packer.call('POST', `/api/admin/orders/${orderId}/shipments`, {
      courier: 'sandbox',
    });
    expect(courier.statusCode).toBe(409);
    expect(courier.json().error).toContain('enter its e-way bill number');
    const shipments = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM shipments WHERE order_id = ${orderId}`,
    );
    expect(shipments[0]!.n).toBe(0);
    expect(await numberOf(orderId)).toBeUndefined();
  });

  it('is entered after the invoice is issued (12 digits), audit-logged, printed on the invoice, and fixed once shipped', async () => {
    const orderId = await bigOrder();
    const early = await packer.call('POST', `/api/admin/orders/${orderId}/eway-bill`, {
      eway_bill_number: '181234567890',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(
      `Order #${orderId} has no invoice yet: issue it first, the e-way bill is generated against its number.`,
    );

    const issued = await packer.call('POST', `/api/admin/orders/${orderId}/invoice`);
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().invoice.number).toBe(await numberOf(orderId));
    expect(issued.json().eway_bill_needed).toBe('number');
    expect(issued.json().order.status).toBe('Processing');

    for (const bad of ['12345', '1812345678901', 'EWB181234567', '']) {
      const res = await packer.call('POST', `/api/admin/orders/${orderId}/eway-bill`, {
        eway_bill_number: bad,
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({
        error:
          'Invalid request: eway_bill_number: The e-way bill number is the 12 digits the portal gave (e.g. 1812 3456 7890).',
      });
    }
    expect((await ship(orderId)).statusCode).toBe(409);

    const support403 = await support.call('POST', `/api/admin/orders/${orderId}/eway-bill`, {
      eway_bill_number: '1812 3456 7890',
    });
    expect(support403.statusCode).toBe(403);

    const saved = await packer.call('POST', `/api/admin/orders/${orderId}/eway-bill`, {
      eway_bill_number: '1812 3456 7890',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().order.eway_bill_number).toBe('181234567890');
    expect(saved.json().eway_bill_needed).toBeNull();
    const audit = await queryRows<{ action: string; after: { eway_bill_number: string } }>(
      t.db,
      sql`SELECT action, after FROM audit_log WHERE entity = 'order' AND entity_id = ${String(orderId)}
          ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['issue_invoice', 'eway_bill']);
    expect(audit[1]!.after).toEqual({ eway_bill_number: '181234567890' });

    expect((await ship(orderId)).statusCode).toBe(200);
    expect(flat(await invoiceText(orderId))).toContain('E-way bill No. 181234567890');
    const late = await packer.call('POST', `/api/admin/orders/${orderId}/eway-bill`, {
      eway_bill_number: '181234567891',
    });
    expect(late.statusCode).toBe(409);
  });

  it('is not needed at exactly ₹50,000: the order ships without one', async () => {
    const orderId = await paidOrder(
      t,
      retail,
      [{ product_id: costly, size: 'M', quantity: 1 }],
      50_000,
    );
    const page = await packer.call('GET', `/api/admin/orders/${orderId}`);
    expect(page.json().order.total_paise).toBe(5_000_000);
    expect(page.json().eway_bill_needed).toBeNull();
    const early = await packer.call('POST', `/api/admin/orders/${orderId}/invoice`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(
      `Order #${orderId} is worth ₹50,000: only an order above ₹50,000 needs an e-way bill.`,
    );
    expect((await ship(orderId)).statusCode).toBe(200);
    expect(flat(await invoiceText(orderId))).not.toContain('E-way bill');
  });
});

describe('a retail order', () => {
  it('is not a wholesale order and its invoice bills and ships to the address', async () => {
    const placed = await retail.post(
      '/api/process_order.php',
      orderBody(retail.id, [{ product_id: jersey, size: 'M', quantity: 1 }], 1059),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const res = await support.call('GET', `/api/admin/orders/${placed.json().order_id}`);
    expect(res.json().order.wholesale_buyer).toBeNull();
    const list = await support.call('GET', '/api/admin/orders?wholesale=1&limit=200');
    expect(list.json().orders.map((o: { id: number }) => o.id)).not.toContain(
      placed.json().order_id,
    );
  });
});

describe('the registered business on the Bill to (issue 36.29)', () => {
  it('bills the legal name and registered address staff entered at approval, with its state and code', async () => {
    const bengaluru = await shopper(t);
    const list = await createPriceList(t.db);
    const id = await createApplication(t.db, {
      userId: bengaluru.id,
      shopName: 'Garden City Kits',
      shopLocation: 'Near the stadium, Bengaluru',
      gst: KA_GSTIN,
    });
    const approved = await owner.call('POST', `/api/admin/wholesale/applications/${id}/approve`, {
      price_list_id: list,
      registered: {
        legal_name: 'Garden City Sports Private Limited',
        street: '12 MG Road',
        city: 'Bengaluru',
        pincode: '560001',
        state: 'Karnataka',
      },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // 12 × ₹749 + ₹85 to Tamil Nadu; billed in Karnataka, shipped to Chennai.
    const orderId = await paidOrder(
      t,
      bengaluru,
      [{ product_id: jersey, size: 'M', quantity: 12 }],
      9073,
      { shipping_address: CHENNAI, state: 'Tamil Nadu' },
    );
    const buyer = await support.call('GET', `/api/admin/orders/${orderId}`);
    expect(buyer.json().order.wholesale_buyer).toEqual({
      legal_name: 'Garden City Sports Private Limited',
      address: '12 MG Road, Bengaluru, Karnataka 560001',
      gstin: KA_GSTIN,
    });
    expect((await ship(orderId)).statusCode).toBe(200);
    const text = flat(await invoiceText(orderId));
    expect(text).toMatch(
      /BILL TO .*Garden City Sports Private Limited .*12 MG Road .*Bengaluru, Karnataka 560001 .*State: Karnataka, code 29 .*GSTIN: 29ABCDE1234F1ZW .*SHIP TO Ravi Kumar 4 Usman Road Chennai, Tamil Nadu 600017 .*State: Tamil Nadu, code 33/,
    );
    expect(text).not.toContain('Garden City Kits');
    expect(text).not.toContain('Near the stadium');
    expect(text).toContain('Place of supply: Tamil Nadu (33)');
  });
});
