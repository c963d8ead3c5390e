// E-invoicing (decision 068), through the API with NIC's adapter talking to the local fake
// IRP: at or below ₹5 crore of turnover nothing changes; above it a wholesaler's invoice is
// 'IRN pending' when it ships, and the sweep registers it — the NIC JSON the portal receives
// is worked out here by hand from the order — after which the order page and the PDF carry
// the IRN, the acknowledgement and the signed QR code. Refusals are kept with the portal's
// words and not retried by themselves; a portal out of reach is tried again later, and an
// response lost on the way is found again by 2150's IRN; the IRN is canceled within 24 hours,
// not after; without credentials staff are told why it stays pending.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { paidOrder, shopper, type Shopper } from '../test/checkout.js';
import { setHsn, setTurnover, irpEnv } from '../test/e-invoices.js';
import { createProduct, shippingAddressInput } from '../test/factories.js';
import {
  certificateUpload,
  pdfSignatures,
  TEST_CERTIFICATE_NAME,
  testCertificate,
} from '../test/certificates.js';
import { startTestApp, TEST_SHOP_GSTIN, type TestApp } from '../test/harness.js';
import { startFakeIrp, type FakeIrp } from '../test/irp-fake.js';
import { pdfQrCode, pdfText } from '../test/pdf.js';
import { createStaff } from '../test/staff.js';
import { approvedWholesaler, createPriceList } from '../test/wholesale.js';
import { indianDayOf } from '../indian-days.js';
import { creditNoteForCancellation } from './credit-notes.service.js';
import {
  CANCEL_WINDOW_MS,
  NOT_CONFIGURED,
  registerDueEInvoices,
  cancelIrn,
} from './e-invoices.service.js';
import { jwsPayload, publicKeyOf } from './irp/nic-crypto.js';
import { createNicIrp } from './irp/nic.irp.js';
import type { IrpClient } from './irp/irp.js';

let t: TestApp;
let fake: FakeIrp;
let irp: IrpClient;
let jersey: number; // retail ₹999; on the list 10+ pieces −25%: ₹749.25, charged ₹749
let packer: AdminClient;
let support: AdminClient;
let owner: AdminClient;
let chennai: Shopper; // registered in Tamil Nadu
let retail: Shopper;

const TN_GSTIN = '33AABCC1234D1ZI';
const CHENNAI = shippingAddressInput({
  first_name: 'Ravi',
  last_name: 'Kumar',
  street_name: '4 Usman Road',
  city: 'Chennai',
  state: 'Tamil Nadu',
  pincode: '600017',
});
const sweep = (now = new Date(), client: IrpClient | null = irp) =>
  registerDueEInvoices({ db: t.db, irp: client, now: () => now });

beforeAll(async () => {
  fake = await startFakeIrp({ gstins: [TEST_SHOP_GSTIN] });
  t = await startTestApp(irpEnv(fake), { orderSweep: false });
  irp = createNicIrp(t.config.irp!);
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
  await setHsn(t.db, jersey, '610910');
  const list = await createPriceList(t.db, { name: 'Clubs' });
  chennai = await shopper(t);
  retail = await shopper(t);
  await approvedWholesaler(t.db, chennai.id, list, {
    shopName: 'Marina Sports Traders',
    shopLocation: '21 Pondy Bazaar, T Nagar, Chennai 600017',
    gst: TN_GSTIN,
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const ship = (orderId: number) =>
  packer.call('POST', `/api/admin/orders/${orderId}/ship`, {
    courier_name: 'Delhivery',
    tracking_id: `DLV${orderId}`,
  });
/** 12 jerseys at ₹749 to Chennai: ₹8,988 + ₹85 shipping to Tamil Nadu = ₹9,073. */
const chennaiOrder = () =>
  paidOrder(t, chennai, [{ product_id: jersey, size: 'M', quantity: 12 }], 9073, {
    shipping_address: CHENNAI,
    state: 'Tamil Nadu',
  });
const orderPage = async (orderId: number) => {
  const res = await support.call('GET', `/api/admin/orders/${orderId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const invoiceText = async (orderId: number) => {
  const res = await support.call('GET', `/api/admin/orders/${orderId}/invoice`);
  expect(res.statusCode, res.body).toBe(200);
  return (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
};
const invoiceOf = async (orderId: number) =>
  (
    await queryRows<{ id: number; number: string; issued_at: Date }>(
      t.db,
      sql`SELECT id, number, issued_at FROM tax_documents WHERE order_id = ${orderId} AND kind = 'invoice'`,
    )
  )[0]!;
/** dd/mm/yyyy of today in India. */
const today = () => indianDayOf(new Date()).split('-').reverse().join('/');

describe('below the threshold', () => {
  it('registers nothing at ₹5 crore exactly, and Settings says no IRN is needed', async () => {
    await setTurnover(t.db, 5_00_00_000);
    const settings = await owner.call('GET', '/api/admin/settings');
    expect(settings.json().settings).toMatchObject({
      highest_aato_rupees: 5_00_00_000,
      e_invoicing_required: false,
    });
    const orderId = await chennaiOrder();
    expect((await ship(orderId)).statusCode).toBe(200);
    expect((await orderPage(orderId)).e_invoice).toBeNull();
    expect(await invoiceText(orderId)).not.toContain('E-INVOICE');
    await sweep();
    expect(fake.registrations.size).toBe(0);
  });

  it('lets the owner state the turnover, audited; other roles may not', async () => {
    const bad = await owner.call('PATCH', '/api/admin/settings', { highest_aato_rupees: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('highest_aato_rupees must be 0 or more');
    const res = await owner.call('PATCH', '/api/admin/settings', {
      highest_aato_rupees: 5_00_00_001,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings.e_invoicing_required).toBe(true);
    const [entry] = await queryRows<{
      before: { highest_aato_rupees: number };
      after: { highest_aato_rupees: number };
    }>(
      t.db,
      sql`SELECT before, after FROM audit_log WHERE entity = 'settings' ORDER BY id DESC LIMIT 1`,
    );
    expect(entry!.before.highest_aato_rupees).toBe(5_00_00_000);
    expect(entry!.after.highest_aato_rupees).toBe(5_00_00_001);
    const manager = adminClient(
      t.app,
      new URL(t.config.publicUrl).origin,
      (await createStaff(t.db, 'manager')).cookie,
    );
    expect(
      (await manager.call('PATCH', '/api/admin/settings', { highest_aato_rupees: 0 })).statusCode,
    ).toBe(403);
  });
});

describe('above ₹5 crore', () => {
  let orderId: number;

  it('refuses to invoice a product with a 4-digit HSN code, and says so before shipping', async () => {
    const old = await createProduct(t.db, {
      name: 'Old Stock Shirt',
      pricePaise: 99_900,
      sizes: { M: 20 },
    });
    const id = await paidOrder(t, chennai, [{ product_id: old, size: 'M', quantity: 10 }], 7575, {
      shipping_address: CHENNAI,
      state: 'Tamil Nadu',
    });
    const problem = expect.stringMatching(
      /^Old Stock Shirt.* has HSN code 6109: above ₹5 crore of turnover an invoice needs 6 digits \(set them on the product\)\.$/,
    );
    expect((await orderPage(id)).invoice_problems).toEqual([problem]);
    const res = await ship(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(
      /^Cannot invoice: Old Stock Shirt.* has HSN code 6109: above ₹5 crore/,
    );
  });

  it('ships a B2B order with its invoice "IRN pending", never silently valid', async () => {
    orderId = await chennaiOrder();
    expect((await ship(orderId)).statusCode).toBe(200);
    const page = await orderPage(orderId);
    expect(page.e_invoice).toMatchObject({
      status: 'pending',
      irn: null,
      pending_reason: 'Waiting to be sent to the IRP (within a minute).',
    });
    expect(await invoiceText(orderId)).toContain(
      'E-INVOICE IRN PENDING Not yet registered on the Invoice Registration Portal',
    );
  });

  it('registers it: the NIC JSON worked by hand, the IRN as NIC computes it, the signed QR', async () => {
    expect(await sweep()).toBe(1);
    const invoice = await invoiceOf(orderId);
    const irn = createHash('sha256')
      .update(`${TEST_SHOP_GSTIN}2026-27INV${invoice.number}`)
      .digest('hex');
    const registered = fake.registrations.get(irn);
    expect(registered).toBeDefined();
    const lines = await queryRows<{ description: string }>(
      t.db,
      sql`SELECT description FROM tax_document_lines WHERE document_id = ${invoice.id} ORDER BY line_no`,
    );
    const settings = (await owner.call('GET', '/api/admin/settings')).json().settings;
    // 12 × ₹749 = ₹8,988 at 5%: taxable 8,988 / 1.05 = 8,560.00, IGST 428.00; one piece's
    // taxable value 8,560 / 12 = 713.333. Shipping ₹85 takes the goods' rate and HSN:
    // 85 / 1.05 = 80.952… → 80.95, IGST 4.05. Invoice: 8,640.95 + 432.05 = 9,073.00.
    expect(registered!.invoice).toEqual({
      Version: '1.1',
      TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
      DocDtls: { Typ: 'INV', No: invoice.number, Dt: today() },
      SellerDtls: {
        Gstin: TEST_SHOP_GSTIN,
        LglNm: settings.legal_name,
        Addr1: settings.address,
        Loc: settings.city,
        Pin: Number(settings.pincode),
        Stcd: '32',
        Ph: settings.phone.replace(/\D/g, ''),
        Em: settings.email,
      },
      BuyerDtls: {
        Gstin: TN_GSTIN,
        LglNm: 'Marina Sports Traders',
        Pos: '33',
        Addr1: '21 Pondy Bazaar, T Nagar, Chennai 600017',
        Loc: 'Chennai',
        Pin: 600017,
        Stcd: '33',
      },
      ShipDtls: {
        LglNm: 'Ravi Kumar',
        Addr1: '4 Usman Road',
        Loc: 'Chennai',
        Pin: 600017,
        Stcd: '33',
      },
      ItemList: [
        {
          SlNo: '1',
          PrdDesc: lines[0]!.description,
          IsServc: 'N',
          HsnCd: '610910',
          Qty: 12,
          Unit: 'PCS',
          UnitPrice: 713.333,
          TotAmt: 8560,
          AssAmt: 8560,
          GstRt: 5,
          IgstAmt: 428,
          CgstAmt: 0,
          SgstAmt: 0,
          TotItemVal: 8988,
        },
        {
          SlNo: '2',
          PrdDesc: lines[1]!.description,
          IsServc: 'N',
          HsnCd: '610910',
          Qty: 1,
          Unit: 'OTH',
          UnitPrice: 80.95,
          TotAmt: 80.95,
          AssAmt: 80.95,
          GstRt: 5,
          IgstAmt: 4.05,
          CgstAmt: 0,
          SgstAmt: 0,
          TotItemVal: 85,
        },
      ],
      ValDtls: { AssVal: 8640.95, CgstVal: 0, SgstVal: 0, IgstVal: 432.05, TotInvVal: 9073 },
    });

    const page = await orderPage(orderId);
    expect(page.e_invoice).toMatchObject({
      status: 'registered',
      irn,
      ack_no: registered!.ackNo,
      ack_at: registered!.ackAt.toISOString(),
      pending_reason: null,
      cancelable_until: new Date(registered!.ackAt.getTime() + CANCEL_WINDOW_MS).toISOString(),
    });
    const [row] = await queryRows<{ signed_qr_code: string }>(
      t.db,
      sql`SELECT signed_qr_code FROM e_invoices WHERE document_id = ${invoice.id}`,
    );
    const qr = jwsPayload(row!.signed_qr_code, publicKeyOf(fake.signingPublicKey));
    expect(JSON.parse(String(qr!.data))).toMatchObject({
      DocNo: invoice.number,
      TotInvVal: 9073,
      Irn: irn,
    });

    const text = await invoiceText(orderId);
    // The QR code printed on the invoice reads back as the IRP's signed QR code.
    const pdf = await support.call('GET', `/api/admin/orders/${orderId}/invoice`);
    expect(await pdfQrCode(pdf.rawPayload)).toBe(row!.signed_qr_code);
    expect(text).toContain(`IRN: ${irn}`);
    expect(text).toContain(`Ack No.: ${registered!.ackNo}`);
    expect(text).toMatch(/Ack Date: \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(text).not.toContain('IRN PENDING');
  });

  it('signed with the shop’s certificate, the invoice keeps its IRN block and QR, and the signature covers them', async () => {
    const upload = await owner.call(
      'POST',
      '/api/admin/settings/signing-certificate',
      certificateUpload(testCertificate()),
    );
    expect(upload.statusCode, upload.body).toBe(200);
    try {
      const pdf = (await support.call('GET', `/api/admin/orders/${orderId}/invoice`)).rawPayload;
      const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
      expect(text).toMatch(/IRN: [0-9a-f]{64}/);
      expect(text).toContain(`Digitally signed by ${TEST_CERTIFICATE_NAME}`);
      expect(text).not.toContain('IRN PENDING');
      const [row] = await queryRows<{ signed_qr_code: string }>(
        t.db,
        sql`SELECT e.signed_qr_code FROM e_invoices e JOIN tax_documents d ON d.id = e.document_id
            WHERE d.order_id = ${orderId} AND d.kind = 'invoice'`,
      );
      expect(await pdfQrCode(pdf)).toBe(row!.signed_qr_code);
      const report = await pdfSignatures(pdf);
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).toContain('Total document signed');
    } finally {
      await owner.call('DELETE', '/api/admin/settings/signing-certificate');
    }
  });

  it('keeps the IRN once written: the database refuses to change or delete it', async () => {
    const invoice = await invoiceOf(orderId);
    await expect(
      t.db.execute(
        sql`UPDATE e_invoices SET irn = ${'0'.repeat(64)} WHERE document_id = ${invoice.id}`,
      ),
    ).rejects.toThrow();
    await expect(
      t.db.execute(sql`DELETE FROM e_invoices WHERE document_id = ${invoice.id}`),
    ).rejects.toThrow();
  });

  it('needs no IRN for a retail (B2C) invoice', async () => {
    const id = await paidOrder(t, retail, [{ product_id: jersey, size: 'M', quantity: 1 }], 1059);
    expect((await ship(id)).statusCode).toBe(200);
    expect((await orderPage(id)).e_invoice).toBeNull();
    // Nothing to register or cancel: a clear 404, and 400 for an id that is none.
    const none = await support.call('POST', `/api/admin/orders/${id}/e-invoice/register`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ error: "This order's invoice needs no IRN." });
    const cancel = await owner.call('POST', `/api/admin/orders/${id}/e-invoice/cancel`, {
      reason: '1',
      remark: 'Duplicate',
    });
    expect(cancel.statusCode).toBe(404);
    expect(
      (await support.call('POST', '/api/admin/orders/abc/e-invoice/register')).statusCode,
    ).toBe(400);
  });

  it("keeps the IRP's refusal with its words, does not retry it alone, and registers when sent again", async () => {
    const id = await chennaiOrder();
    expect((await ship(id)).statusCode).toBe(200);
    fake.gstins.delete(TEST_SHOP_GSTIN);
    fake.expireTokens();
    const fresh = createNicIrp(t.config.irp!);
    expect(await sweep(new Date(), fresh)).toBe(1);
    expect((await orderPage(id)).e_invoice).toMatchObject({
      status: 'pending',
      pending_reason: 'The IRP refused it: 1015: Invalid GSTIN for this user',
    });
    // Refused: later sweeps leave it for staff.
    expect(await sweep(new Date(Date.now() + 86_400_000), fresh)).toBe(0);
    fake.gstins.add(TEST_SHOP_GSTIN);
    expect(
      (await packer.call('POST', `/api/admin/orders/${id}/e-invoice/register`)).statusCode,
    ).toBe(403);
    const again = await support.call('POST', `/api/admin/orders/${id}/e-invoice/register`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().e_invoice).toMatchObject({ status: 'registered', pending_reason: null });
    const [audit] = await queryRows<{ action: string; after: { status: string } }>(
      t.db,
      sql`SELECT action, after FROM audit_log WHERE entity = 'order' AND entity_id = ${String(id)}
          AND action = 'register_e_invoice'`,
    );
    expect(audit!.after.status).toBe('registered');
    const twice = await support.call('POST', `/api/admin/orders/${id}/e-invoice/register`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toMatch(/is already registered on the IRP/);
  });

  it('tries a portal out of reach again later, and finds a lost response by its IRN (2150)', async () => {
    const id = await chennaiOrder();
    expect((await ship(id)).statusCode).toBe(200);
    const invoice = await invoiceOf(id);
    const t0 = new Date();
    fake.faults.push('unavailable');
    expect(await sweep(t0)).toBe(1);
    expect((await orderPage(id)).e_invoice.pending_reason).toMatch(
      /^The IRP could not be reached \(The IRP responded HTTP 503\.\); trying again at /,
    );
    // Not before its minute is up.
    expect(await sweep(new Date(t0.getTime() + 30_000))).toBe(0);
    // Registered on the portal, but the response is lost (a timeout): still pending here.
    fake.faults.push('lose-response');
    expect(await sweep(new Date(t0.getTime() + 61_000))).toBe(1);
    expect((await orderPage(id)).e_invoice.status).toBe('pending');
    // The next try gets 2150 with the IRN, and reads the registration back.
    expect(await sweep(new Date(t0.getTime() + 7 * 60_000))).toBe(1);
    const page = await orderPage(id);
    expect(page.e_invoice).toMatchObject({ status: 'registered', attempts: 3 });
    const mine = [...fake.registrations.values()].filter(
      (r) => r.invoice.DocDtls.No === invoice.number,
    );
    expect(mine).toHaveLength(1);
    expect(page.e_invoice.irn).toBe(mine[0]!.irn);
  });

  it('registers a credit note on a registered invoice as CRN, naming the invoice', async () => {
    const id = await chennaiOrder();
    expect((await ship(id)).statusCode).toBe(200);
    await sweep();
    const invoice = await invoiceOf(id);
    const note = await t.db.transaction((tx) =>
      creditNoteForCancellation(tx, id, {
        reason: 'Goods lost in transit',
        staffId: null,
        at: new Date(),
      }),
    );
    expect(await sweep()).toBe(1);
    const irn = createHash('sha256')
      .update(`${TEST_SHOP_GSTIN}2026-27CRN${note!.number}`)
      .digest('hex');
    const registered = fake.registrations.get(irn);
    // Everything reversed: the invoice's own figures, as a CRN against it.
    expect(registered!.invoice).toMatchObject({
      DocDtls: { Typ: 'CRN', No: note!.number, Dt: today() },
      RefDtls: { PrecDocDtls: [{ InvNo: invoice.number, InvDt: today() }] },
      ValDtls: { AssVal: 8640.95, CgstVal: 0, SgstVal: 0, IgstVal: 432.05, TotInvVal: 9073 },
    });
    const pdf = await support.call('GET', `/api/admin/credit-notes/${note!.id}`);
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain(`IRN: ${irn}`);
    const listed = await support.call('GET', `/api/admin/orders/${id}/credit-notes`);
    expect(listed.json().credit_notes[0].irn_status).toBe(`IRN ${irn}`);
  });

  it('cancels the IRN within 24 hours with a reason, audited; the PDF says it is void', async () => {
    const bad = await owner.call('POST', `/api/admin/orders/${orderId}/e-invoice/cancel`, {
      reason: '7',
      remark: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (
        await packer.call('POST', `/api/admin/orders/${orderId}/e-invoice/cancel`, {
          reason: '2',
          remark: 'x',
        })
      ).statusCode,
    ).toBe(403);
    const res = await support.call('POST', `/api/admin/orders/${orderId}/e-invoice/cancel`, {
      reason: '2',
      remark: 'Wrong quantity billed',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().e_invoice).toMatchObject({
      status: 'canceled',
      cancel_reason: 'Data entry mistake: Wrong quantity billed',
    });
    const invoice = await invoiceOf(orderId);
    const irn = (await orderPage(orderId)).e_invoice.irn as string;
    expect(fake.registrations.get(irn)!.status).toBe('CNL');
    expect(await invoiceText(orderId)).toContain('IRN CANCELLED on');
    const [audit] = await queryRows<{ after: { reason: string } }>(
      t.db,
      sql`SELECT after FROM audit_log WHERE action = 'cancel_irn' AND entity_id = ${String(orderId)}`,
    );
    expect(audit!.after.reason).toBe('2');
    const again = await support.call('POST', `/api/admin/orders/${orderId}/e-invoice/cancel`, {
      reason: '2',
      remark: 'Again',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(
      `Invoice ${invoice.number} has no IRN to cancel (it is canceled).`,
    );
  });

  it('refuses to cancel after 24 hours, on a clock moved past them', async () => {
    const id = await chennaiOrder();
    expect((await ship(id)).statusCode).toBe(200);
    await sweep();
    const { ack_at: ackAt } = (await orderPage(id)).e_invoice as { ack_at: string };
    const staff = await createStaff(t.db, 'owner');
    const actor = { staffId: staff.id, ip: '127.0.0.1' };
    const late = new Date(new Date(ackAt).getTime() + CANCEL_WINDOW_MS + 1000);
    await expect(
      cancelIrn({ db: t.db, irp, now: () => late }, actor, id, {
        reason: '1',
        remark: 'Duplicate',
      }),
    ).rejects.toThrow(
      /more than 24 hours ago: the IRP no longer cancels it\. Issue a credit note instead\./,
    );
    // Were our clock behind, the portal itself refuses (2270), and staff read its words.
    fake.setNow(late);
    const res = await owner.call('POST', `/api/admin/orders/${id}/e-invoice/cancel`, {
      reason: '1',
      remark: 'Duplicate',
    });
    fake.setNow(new Date());
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      'The IRP refused to cancel it: 2270: The allowed cancellation time limit is crossed, you cannot cancel the IRN',
    );
    expect((await orderPage(id)).e_invoice.status).toBe('registered');
  });

  it('lists what is still pending on the Tax page, for reports.read', async () => {
    const res = await owner.call('GET', '/api/admin/tax/e-invoices/pending');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().e_invoices as { order_id: number; reason: string; kind: string }[];
    // Every e-invoice above is registered or canceled by now; the next test leaves one.
    expect(list).toEqual([]);
    expect((await support.call('GET', '/api/admin/tax/e-invoices/pending')).statusCode).toBe(403);
  });

  it('says why an invoice stays pending when the shop has no IRP credentials', async () => {
    const id = await chennaiOrder();
    expect((await ship(id)).statusCode).toBe(200);
    expect(await sweep(new Date(), null)).toBe(1);
    expect((await orderPage(id)).e_invoice).toMatchObject({
      status: 'pending',
      pending_reason: NOT_CONFIGURED,
    });
    expect(await invoiceText(id)).toContain('IRN PENDING');
    const pending = await owner.call('GET', '/api/admin/tax/e-invoices/pending');
    expect(pending.json().e_invoices).toEqual([
      {
        order_id: id,
        kind: 'invoice',
        number: (await invoiceOf(id)).number,
        issued_at: expect.any(String),
        reason: NOT_CONFIGURED,
        attempts: 1,
      },
    ]);
  });
});
