// E-way bills (decision 072) through the API, with NIC's adapter talking to the local fake
// portal, and a second shop without the API: the ₹50,000 edge (₹50,000.00 ships without one,
// ₹50,000.01 not), NIC's bulk JSON for the portal with the invoice's totals and NIC's schema
// kept, the number typed by staff; with the API the ship step generates the bill and fills the
// number, a refusal or a portal out of reach leaves the order unshipped with NIC's words (and
// staff may still type a number), the bill is cancelled within 24 hours and not after, Part B
// takes a vehicle; the Tax page lists invoices still without one and gives one file for a
// selection; bad input is a 400.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { ewbConfigOf, ewbEnv, startFakeEwb, type FakeEwb } from '../test/eway-fake.js';
import { bulkFileProblems } from '../test/eway-schema.js';
import { createProduct, createUser } from '../test/factories.js';
import { startTestApp, TEST_SHOP_GSTIN, type TestApp } from '../test/harness.js';
import { startSandboxCourierShop } from '../test/sandbox-courier.js';
import { createOrder } from '../test/order-factories.js';
import { createStaff } from '../test/staff.js';
import { createNicEwb } from './eway/nic.eway.js';
import { ewayBillRequest } from './e-way-bills.service.js';

const COURIER = { EWB_TRANSPORTER_ID: '29AAACB1234C1ZX', EWB_TRANSPORTER_NAME: 'Blue Dart' };

let fake: FakeEwb;
let t: TestApp; // with NIC's API
let plain: TestApp; // without it

interface Shop {
  app: TestApp;
  packer: AdminClient;
  manager: AdminClient;
  support: AdminClient;
}
let api: Shop;
let manual: Shop;
let courier: Shop; // with NIC's API and the sandbox courier
// The courier shop's own portal: its invoice numbers start again at 1, as the other shop's.
let courierFake: FakeEwb;

async function shop(app: TestApp): Promise<Shop> {
  const origin = new URL(app.config.publicUrl).origin;
  const client = async (role: 'packer' | 'manager' | 'support') =>
    adminClient(app.app, origin, (await createStaff(app.db, role)).cookie);
  return {
    app,
    packer: await client('packer'),
    manager: await client('manager'),
    support: await client('support'),
  };
}

beforeAll(async () => {
  fake = await startFakeEwb({ now: new Date(), gstins: [TEST_SHOP_GSTIN] });
  t = await startTestApp({ ...ewbEnv(fake), ...COURIER }, { orderSweep: false });
  plain = await startTestApp(COURIER, { orderSweep: false });
  api = await shop(t);
  manual = await shop(plain);
  courierFake = await startFakeEwb({ now: new Date(), gstins: [TEST_SHOP_GSTIN] });
  courier = await shop((await startSandboxCourierShop({ ...ewbEnv(courierFake), ...COURIER })).t);
});
afterAll(async () => {
  await t?.close();
  await plain?.close();
  await courier?.app.close();
  await fake?.close();
  await courierFake?.close();
});

/** A paid Kerala order: 50 jerseys at ₹1,000 and shipping of `shippingPaise`. */
async function order(s: Shop, shippingPaise: number): Promise<number> {
  const product = await createProduct(s.app.db, {
    name: 'Kerala Blasters Home',
    pricePaise: 100_000,
    discountPricePaise: 100_000,
    sizes: { M: 100 },
  });
  const user = await createUser(s.app.db);
  const { id } = await createOrder(s.app.db, {
    userId: user.id,
    items: [{ productId: product, size: 'M', quantity: 50 }],
    paymentStatus: 'SUCCESS',
    shippingPaise,
  });
  return id;
}
const ship = (s: Shop, id: number) =>
  s.packer.call('POST', `/api/admin/orders/${id}/ship`, {
    courier_name: 'Blue Dart',
    tracking_id: `BD${id}`,
  });
const page = async (s: Shop, id: number) => {
  const res = await s.support.call('GET', `/api/admin/orders/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const invoiceRow = async (s: Shop, id: number) =>
  (
    await queryRows<{
      number: string;
      taxable_paise: number;
      cgst_paise: number;
      sgst_paise: number;
      igst_paise: number;
      total_paise: number;
    }>(
      s.app.db,
      sql`SELECT number, taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise
          FROM tax_documents WHERE order_id = ${id} AND kind = 'invoice'`,
    )
  )[0]!;
const ewayRows = (s: Shop, id: number) =>
  queryRows<{ number: string; source: string; status: string; request: unknown }>(
    s.app.db,
    sql`SELECT number, source, status, request FROM e_way_bills WHERE order_id = ${id} ORDER BY id`,
  );
const audits = (s: Shop, id: number) =>
  queryRows<{ action: string; after: Record<string, unknown> }>(
    s.app.db,
    sql`SELECT action, after FROM audit_log WHERE entity = 'order' AND entity_id = ${String(id)}
        AND action LIKE 'eway_bill%' ORDER BY id`,
  );

describe('the ₹50,000 edge (Rule 138)', () => {
  it('ships ₹50,000.00 without an e-way bill, and the panel says none is needed', async () => {
    const id = await order(manual, 0);
    const before = await page(manual, id);
    expect(before.e_way_bill).toBeNull();
    expect((await ship(manual, id)).statusCode).toBe(200);
    const json = await manual.packer.call('GET', `/api/admin/orders/${id}/eway-bill.json`);
    expect(json.statusCode).toBe(409);
    expect(json.json().error).toMatch(/is ₹50,000: at or below ₹50,000 no e-way bill is needed/);
  });

  it('refuses to ship ₹50,000.01 without one, and says why on the order page', async () => {
    const id = await order(manual, 1);
    const p = await page(manual, id);
    expect(p.e_way_bill).toMatchObject({
      required: true,
      reason: 'Required: the order is ₹50,000.01, above ₹50,000 (Rule 138).',
      api: false,
      active: null,
    });
    const res = await ship(manual, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/above ₹50,000: enter its e-way bill number before it ships/);
  });
});

describe('without the API: the JSON for the portal, the number typed', () => {
  it("downloads NIC's bulk JSON with the invoice's figures, keeping NIC's schema", async () => {
    const id = await order(manual, 1);
    expect((await manual.packer.call('POST', `/api/admin/orders/${id}/invoice`)).statusCode).toBe(
      200,
    );
    const res = await manual.packer.call('GET', `/api/admin/orders/${id}/eway-bill.json`);
    expect(res.statusCode, res.body).toBe(200);
    const inv = await invoiceRow(manual, id);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="eway-bill-${inv.number.replace(/\//g, '-')}.json"`,
    );
    const file = res.json();
    expect(bulkFileProblems(file)).toEqual([]);
    // 50 × ₹1,000 + ₹0.01 shipping, 5% included: the invoice's own figures, to the paisa.
    expect(inv.total_paise).toBe(5_000_001);
    expect(file.billLists).toHaveLength(1);
    expect(file.billLists[0]).toMatchObject({
      userGstin: TEST_SHOP_GSTIN,
      supplyType: 'O',
      subSupplyType: '1',
      docType: 'INV',
      docNo: inv.number,
      toGstin: 'URP',
      toPincode: 673001,
      toStateCode: 32,
      actualToStateCode: 32,
      transactionType: 1,
      totalValue: inv.taxable_paise / 100,
      cgstValue: inv.cgst_paise / 100,
      sgstValue: inv.sgst_paise / 100,
      igstValue: 0,
      totInvValue: 50_000.01,
      transMode: '1',
      transDistance: '0',
      transporterId: '29AAACB1234C1ZX',
      transporterName: 'Blue Dart',
    });
    const panel = (await page(manual, id)).e_way_bill;
    expect(panel).toMatchObject({ required: true, invoice_number: inv.number, api: false });
    expect(panel.reason).toBe('Required: the invoice is ₹50,000.01, above ₹50,000 (Rule 138).');
  });

  it('keeps the typed number as an e-way bill and ships; generating says how to do without', async () => {
    const id = await order(manual, 1);
    await manual.packer.call('POST', `/api/admin/orders/${id}/invoice`);
    const generate = await manual.packer.call('POST', `/api/admin/orders/${id}/eway-bill/generate`);
    expect(generate.statusCode).toBe(409);
    expect(generate.json().error).toMatch(/^NIC's e-way bill API is not configured \(EWB_\*/);
    const typed = await manual.packer.call('POST', `/api/admin/orders/${id}/eway-bill`, {
      eway_bill_number: '1812 3456 7890',
    });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json().e_way_bill.active).toMatchObject({
      number: '181234567890',
      source: 'typed',
      valid_until: null,
      cancellable_until: null,
    });
    expect(await ewayRows(manual, id)).toEqual([
      { number: '181234567890', source: 'typed', status: 'active', request: null },
    ]);
    expect((await ship(manual, id)).statusCode).toBe(200);
  });
});

describe("with NIC's API", () => {
  it('generates the bill at the ship step and fills the number', async () => {
    const id = await order(api, 1);
    const res = await ship(api, id);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(p.order.status).toBe('Shipped');
    const number = p.order.eway_bill_number as string;
    expect(number).toMatch(/^\d{12}$/);
    expect(p.e_way_bill.active).toMatchObject({
      number,
      source: 'api',
      vehicle_no: null,
      cancellable_until: expect.any(String),
    });
    // Through the courier (Part B), 100 km as the portal works it out: valid to tomorrow's
    // midnight in India.
    expect(p.e_way_bill.active.valid_until).toMatch(/T18:29:59\.000Z$/);
    const inv = await invoiceRow(api, id);
    const sent = fake.bills.get(number)!.bill;
    expect(sent).toMatchObject({
      docNo: inv.number,
      totInvValue: 50_000.01,
      transporterId: '29AAACB1234C1ZX',
    });
    const [row] = await ewayRows(api, id);
    expect(row).toMatchObject({ number, source: 'api', status: 'active' });
    expect(row!.request).toMatchObject({ docNo: inv.number, actualFromStateCode: 32 });
    expect(await audits(api, id)).toEqual([
      {
        action: 'eway_bill_generate',
        after: { eway_bill_number: number, valid_until: expect.any(String) },
      },
    ]);
  });

  it("leaves the order unshipped with NIC's words when it refuses; a typed number still ships it", async () => {
    const id = await order(api, 1);
    await api.packer.call('POST', `/api/admin/orders/${id}/invoice`);
    // Someone generated it on the portal already: NIC refuses a second (604).
    const request = await ewayBillRequest(api.app.db, id, api.app.config.ewbTransporter);
    const onPortal = await createNicEwb(ewbConfigOf(fake)).generate(request.gstin, request.bill);
    const res = await ship(api, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(
      new RegExp(
        `^The e-way bill of order #${id} was not generated: NIC refused it \\(604: E-way bill\\(s\\) are already generated`,
      ),
    );
    expect(res.json().error).toMatch(
      /The order is not shipped; try again, or generate it on ewaybillgst\.gov\.in and enter its number\.$/,
    );
    expect((await page(api, id)).order.status).toBe('Processing');
    expect(await ewayRows(api, id)).toEqual([]);
    const typed = await api.packer.call('POST', `/api/admin/orders/${id}/eway-bill`, {
      eway_bill_number: onPortal.ewayBillNo,
    });
    expect(typed.statusCode).toBe(200);
    expect((await ship(api, id)).statusCode).toBe(200);
  });

  it('leaves the order unshipped when NIC cannot be reached', async () => {
    const id = await order(api, 1);
    fake.faults = 1;
    const res = await ship(api, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(
      /was not generated: NIC could not be reached \(NIC responded HTTP 503\.\)/,
    );
    expect((await page(api, id)).order.status).toBe('Processing');
    expect((await ship(api, id)).statusCode).toBe(200);
  });

  it('cancels within 24 hours (the order then needs another), not after', async () => {
    const id = await order(api, 1);
    const generated = await api.packer.call('POST', `/api/admin/orders/${id}/eway-bill/generate`);
    expect(generated.statusCode, generated.body).toBe(200);
    const number = generated.json().order.eway_bill_number as string;
    // A packer may not cancel (orders.manage).
    expect(
      (
        await api.packer.call('POST', `/api/admin/orders/${id}/eway-bill/cancel`, {
          reason: '3',
          remark: 'Wrong',
        })
      ).statusCode,
    ).toBe(403);
    const bad = await api.manager.call('POST', `/api/admin/orders/${id}/eway-bill/cancel`, {
      reason: '9',
      remark: '',
    });
    expect(bad.statusCode).toBe(400);
    const cancel = await api.manager.call('POST', `/api/admin/orders/${id}/eway-bill/cancel`, {
      reason: '3',
      remark: 'Wrong pincode',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(fake.bills.get(number)).toMatchObject({ status: 'CNL', cancelReason: '3' });
    const p = cancel.json();
    expect(p.order.eway_bill_number).toBeNull();
    expect(p.e_way_bill.active).toBeNull();
    expect(p.e_way_bill.cancelled).toEqual([
      { number, cancelled_at: expect.any(String), reason: 'Data entry mistake' },
    ]);
    expect((await audits(api, id)).map((a) => a.action)).toEqual([
      'eway_bill_generate',
      'eway_bill_cancel',
    ]);
    // A new one for the same invoice; then, 25 hours on, no cancel: refused before NIC is asked.
    const again = await api.packer.call('POST', `/api/admin/orders/${id}/eway-bill/generate`);
    expect(again.statusCode).toBe(200);
    const second = again.json().order.eway_bill_number as string;
    expect(second).not.toBe(number);
    await api.app.db.execute(
      sql`UPDATE e_way_bills SET generated_at = now() - interval '25 hours' WHERE number = ${second}`,
    );
    const calls = fake.calls.length;
    const late = await api.manager.call('POST', `/api/admin/orders/${id}/eway-bill/cancel`, {
      reason: '2',
      remark: 'Order cancelled',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(
      `E-way bill ${second} was generated more than 24 hours ago: NIC no longer cancels it.`,
    );
    expect(fake.calls.length).toBe(calls);
    expect((await page(api, id)).e_way_bill.active.cancellable_until).toBeNull();
  });

  it('updates Part B with a vehicle number, refusing one NIC would not take', async () => {
    const id = await order(api, 1);
    const generated = await api.packer.call('POST', `/api/admin/orders/${id}/eway-bill/generate`);
    const number = generated.json().order.eway_bill_number as string;
    const bad = await api.packer.call('POST', `/api/admin/orders/${id}/eway-bill/part-b`, {
      vehicle_no: 'not a plate',
      reason: '4',
      remark: 'First time',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('The vehicle number is as the registration plate reads');
    const res = await api.packer.call('POST', `/api/admin/orders/${id}/eway-bill/part-b`, {
      vehicle_no: 'kl-11 ab 1234',
      reason: '4',
      remark: 'First time',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().e_way_bill.active).toMatchObject({ number, vehicle_no: 'KL11AB1234' });
    expect(fake.bills.get(number)?.vehicleNo).toBe('KL11AB1234');
    expect((await audits(api, id)).at(-1)).toEqual({
      action: 'eway_bill_part_b',
      after: { vehicle_no: 'KL11AB1234', valid_until: expect.any(String) },
    });
  });
});

describe("through a courier, with NIC's API", () => {
  const book = (id: number) =>
    courier.packer.call('POST', `/api/admin/orders/${id}/shipments`, { courier: 'sandbox' });
  const shipments = (id: number) =>
    queryRows<{ id: number }>(courier.app.db, sql`SELECT id FROM shipments WHERE order_id = ${id}`);

  it('generates the bill before the courier is asked; NIC out of reach books nothing', async () => {
    const id = await order(courier, 1);
    courierFake.faults = 1;
    const refused = await book(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/was not generated: NIC could not be reached/);
    expect(await shipments(id)).toEqual([]);
    const res = await book(id);
    expect(res.statusCode, res.body).toBe(200);
    // The booking responds the order page and its shipments.
    const number = res.json().order.order.eway_bill_number as string;
    expect(number).toMatch(/^\d{12}$/);
    expect(res.json().order.order.status).toBe('Shipped');
    expect(await shipments(id)).toHaveLength(1);
    expect(await ewayRows(courier, id)).toEqual([
      expect.objectContaining({ number, source: 'api', status: 'active' }),
    ]);
  });
});

describe('the Tax page', () => {
  it('lists invoices above ₹50,000 without an e-way bill and gives one file for a selection', async () => {
    const a = await order(manual, 1);
    const b = await order(manual, 1);
    for (const id of [a, b]) await manual.packer.call('POST', `/api/admin/orders/${id}/invoice`);
    const list = await manual.manager.call('GET', '/api/admin/tax/eway-bills/pending');
    expect(list.statusCode).toBe(200);
    const listed = list
      .json()
      .invoices.filter((r: { order_id: number }) => [a, b].includes(r.order_id));
    expect(listed).toEqual([
      expect.objectContaining({
        order_id: a,
        total_paise: 5_000_001,
        order_status: 'Processing',
        b2b: false,
      }),
      expect.objectContaining({
        order_id: b,
        total_paise: 5_000_001,
        order_status: 'Processing',
        b2b: false,
      }),
    ]);
    const file = await manual.manager.call('GET', `/api/admin/tax/eway-bills.json?ids=${b},${a}`);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="eway-bills-2.json"');
    const json = file.json();
    expect(bulkFileProblems(json)).toEqual([]);
    expect(json.billLists.map((bill: { docNo: string }) => bill.docNo)).toEqual([
      (await invoiceRow(manual, b)).number,
      (await invoiceRow(manual, a)).number,
    ]);
    // Once typed, an order leaves the list.
    await manual.packer.call('POST', `/api/admin/orders/${a}/eway-bill`, {
      eway_bill_number: '181234567891',
    });
    const after = await manual.manager.call('GET', '/api/admin/tax/eway-bills/pending');
    expect(after.json().invoices.map((r: { order_id: number }) => r.order_id)).not.toContain(a);
  });

  it('refuses bad or impossible selections with a 4xx in words', async () => {
    const bad = await manual.manager.call('GET', '/api/admin/tax/eway-bills.json?ids=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('ids must be order ids separated by commas');
    const missing = await manual.manager.call('GET', '/api/admin/tax/eway-bills.json?ids=99999999');
    expect(missing.statusCode).toBe(404);
    const uninvoiced = await order(manual, 1);
    const notYet = await manual.manager.call(
      'GET',
      `/api/admin/tax/eway-bills.json?ids=${uninvoiced}`,
    );
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().error).toBe(
      `Order #${uninvoiced} has no invoice yet: issue it first, the e-way bill is generated against its number.`,
    );
  });
});
