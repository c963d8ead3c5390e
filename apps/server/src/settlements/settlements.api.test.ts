// Razorpay's settlement report matched against the orders' ledger over HTTP (decision 076):
// real payments and a refund through the local fake Razorpay, then the day's report fetched
// from its recon API and matched with Razorpay's fees; a payment not settled yet listed with
// its age; a month fetched page by page; the dashboard's CSV uploaded with a tampered amount,
// an unknown payment, the wrong unit, and files that are refused with 4xx. Runs on PGlite, and
// on PostgreSQL with TEST_DATABASE=postgres.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import { indianDateTime, indianDayOf } from '../indian-days.js';
import { createSandboxProvider } from '../payments/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { orderBody, shopper, type Shopper } from '../test/checkout.js';
import { startFakeRazorpay, type FakeRazorpay, type FakeReconItem } from '../test/fake-razorpay.js';
import { createProduct } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { multipartFile } from '../test/multipart.js';
import { createStaff } from '../test/staff.js';
import { PAISE_HINT, RAZORPAY_UNAVAILABLE, RUPEES_HINT } from './settlements.service.js';

let fake: FakeRazorpay;
let t: TestApp;
let s: Shopper;
let jersey: number; // ₹1,299; one to Kerala is ₹1,359
let owner: AdminClient;
let packer: AdminClient;
let support: AdminClient;

const DAY_MS = 86_400_000;
const client = async (role: 'owner' | 'packer' | 'support') =>
  adminClient(t.app, new URL(t.config.publicUrl).origin, (await createStaff(t.db, role)).cookie);

beforeAll(async () => {
  fake = await startFakeRazorpay();
  t = await startTestApp(
    {
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: fake.keyId,
      RAZORPAY_KEY_SECRET: fake.keySecret,
      RAZORPAY_WEBHOOK_SECRET: fake.webhookSecret,
      RAZORPAY_API_BASE: fake.url,
    },
    { orderSweep: false },
  );
  jersey = await createProduct(t.db, { pricePaise: 129_900, sizes: { M: 100 } });
  s = await shopper(t);
  owner = await client('owner');
  packer = await client('packer');
  support = await client('support');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** An order of one jersey (₹1,359) paid on Razorpay: its id and Razorpay's payment id. */
async function paidOrder(): Promise<{ orderId: number; paymentId: string }> {
  const placed = await s.post(
    '/api/process_order.php',
    orderBody(s.id, [{ product_id: jersey, size: 'M', quantity: 1 }], 1359),
  );
  expect(placed.statusCode, placed.body).toBe(200);
  const orderId = placed.json().order_id as number;
  const query = fake.pay(fake.linkFor(`order-${orderId}-1`).id);
  const back = await t.app.inject({
    method: 'GET',
    url: `/api/payments/razorpay/callback?${query.toString()}`,
  });
  expect(back.statusCode).toBe(302);
  return { orderId, paymentId: query.get('razorpay_payment_id')! };
}

/** A staff refund through Razorpay, processed by the bank (the signed webhook). */
async function refunded(orderId: number, rupees: string): Promise<string> {
  const res = await owner.call('POST', `/api/admin/orders/${orderId}/refunds`, {
    amount: rupees,
    reason: 'Late delivery',
    idempotency_key: randomUUID(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await queryRows<{ provider_refund_id: string }>(
    t.db,
    sql`SELECT provider_refund_id FROM refunds WHERE order_id = ${orderId}`,
  );
  const delivery = fake.settleRefund(row!.provider_refund_id, 'processed');
  const hook = await t.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/webhook',
    headers: delivery.headers,
    payload: delivery.body,
  });
  expect(hook.statusCode).toBe(200);
  return row!.provider_refund_id;
}

const fetchReport = (period: string, as = owner) =>
  as.call('GET', `/api/admin/settlement-report?period=${period}`);

const COLUMNS = [
  'entity_id',
  'type',
  'debit',
  'credit',
  'amount',
  'currency',
  'fee',
  'tax',
  'on_hold',
  'settled',
  'created_at',
  'settled_at',
  'settlement_id',
  'settlement_utr',
  'order_id',
  'order_receipt',
  'payment_id',
  'method',
  'description',
  'notes',
  'dispute_id',
] as const;

/** The dashboard's settlement report of these items: rupees with two decimals, Indian time. */
function dashboardCsv(items: FakeReconItem[], unit: 'rupees' | 'paise' = 'rupees'): string {
  const money = (p: number) => (unit === 'rupees' ? (p / 100).toFixed(2) : String(p));
  const when = (seconds: number) => `${indianDateTime(new Date(seconds * 1000))}:00`;
  const cell = (i: FakeReconItem, c: (typeof COLUMNS)[number]): string => {
    if (['debit', 'credit', 'amount', 'fee', 'tax'].includes(c)) return money(i[c] as number);
    if (c === 'created_at' || c === 'settled_at') return when(i[c]);
    if (c === 'notes') return '';
    const v = i[c];
    return v === null ? '' : String(v);
  };
  return [COLUMNS.join(','), ...items.map((i) => COLUMNS.map((c) => cell(i, c)).join(','))].join(
    '\n',
  );
}

const upload = (csv: string | Buffer, unit = 'rupees', as = owner) => {
  const body = multipartFile(Buffer.isBuffer(csv) ? csv : Buffer.from(csv), {
    filename: 'settlements.csv',
    type: 'text/csv',
  });
  return as.call(
    'POST',
    `/api/admin/settlement-report/${unit}`,
    body.payload as never,
    body.headers,
  );
};

let a: { orderId: number; paymentId: string };
let b: { orderId: number; paymentId: string };
let refundId: string;
const today = () => indianDayOf(new Date());
const yesterday = () => indianDayOf(new Date(Date.now() - DAY_MS));
const twoDaysAgo = () => indianDayOf(new Date(Date.now() - 2 * DAY_MS));

describe("fetching Razorpay's settlement report", () => {
  it("matches the day's payments and refund with Razorpay's fees, and nets each settlement", async () => {
    // Razorpay (the fake) settles T+1: what it took two days ago was settled yesterday.
    fake.clock = () => Date.now() - 2 * DAY_MS;
    a = await paidOrder();
    b = await paidOrder();
    refundId = await refunded(a.orderId, '200');
    fake.clock = () => Date.now();

    const res = await fetchReport(yesterday());
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(fake.reconRequests.at(-1)).toEqual({
      year: yesterday().slice(0, 4),
      month: yesterday().slice(5, 7),
      day: yesterday().slice(8, 10),
      count: '1000',
      skip: '0',
    });
    // ₹1,359: a fee of 2% (₹27.18) and 18% GST on it (₹4.89); nothing on a refund.
    const fee = { fee_paise: 3_207, tax_paise: 489 };
    expect(report.matched).toEqual({
      count: 3,
      sum_paise: 135_900 * 2 - 20_000,
      rows: expect.arrayContaining([
        {
          entity_id: a.paymentId,
          type: 'payment',
          order_id: a.orderId,
          amount_paise: 135_900,
          ledger_paise: 135_900,
          ...fee,
          settlement_id: expect.stringMatching(/^setl_/),
        },
        {
          entity_id: b.paymentId,
          type: 'payment',
          order_id: b.orderId,
          amount_paise: 135_900,
          ledger_paise: 135_900,
          ...fee,
          settlement_id: expect.stringMatching(/^setl_/),
        },
        {
          entity_id: refundId,
          type: 'refund',
          order_id: a.orderId,
          amount_paise: 20_000,
          ledger_paise: 20_000,
          fee_paise: 0,
          tax_paise: 0,
          settlement_id: expect.stringMatching(/^setl_/),
        },
      ]),
    });
    expect(report).toMatchObject({
      source: 'razorpay',
      period: { from: yesterday(), to: yesterday() },
      unit: null,
      items: 3,
      differs: [],
      not_in_ledger: [],
      not_orders: [],
      not_in_report: [],
      unit_hint: null,
      totals: {
        gross_captured_paise: 271_800,
        refunds_paise: 20_000,
        fees_paise: 5_436,
        gst_on_fees_paise: 978,
        fees_with_gst_paise: 6_414,
        credits_paise: 2 * (135_900 - 3_207),
        debits_paise: 20_000,
        net_settled_paise: 2 * (135_900 - 3_207) - 20_000,
      },
    });
    expect(report.settlements).toEqual([
      {
        settlement_id: `setl_${yesterday().replaceAll('-', '')}fake`,
        utr: `UTR${yesterday().replaceAll('-', '')}0001`,
        settled_at: new Date(`${yesterday()}T10:00:00+05:30`).toISOString(),
        items: 3,
        credit_paise: 265_386,
        debit_paise: 20_000,
        net_paise: 245_386,
      },
    ]);

    // Who fetched which period, and what came of it; no order or ledger entry changed.
    const [audit] = await queryRows<{ action: string; entity_id: string; after: unknown }>(
      t.db,
      sql`SELECT action, entity_id, after FROM audit_log
          WHERE entity = 'settlement_report' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toMatchObject({
      action: 'fetch',
      entity_id: yesterday(),
      after: { items: 3, matched: 3, differs: 0, not_in_ledger: 0, not_in_report: 0 },
    });
    const page = (await owner.call('GET', `/api/admin/orders/${a.orderId}`)).json();
    expect(page.ledger).toMatchObject({ balanced: true, kept_paise: 115_900 });
  });

  it('lists a payment captured today as not in the report yet, with its age', async () => {
    const c = await paidOrder();
    const res = await fetchReport(today());
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    // Today's settlement pays out what Razorpay took yesterday: none of these. The ledger has
    // them captured today (the fake backdated its own records only).
    expect(report.items).toBe(0);
    expect(report.settlements).toEqual([]);
    const ours = new Set([a.orderId, b.orderId, c.orderId]);
    const unsettled = report.not_in_report.filter((e: { order_id: number }) =>
      ours.has(e.order_id),
    );
    expect(unsettled).toHaveLength(4);
    expect(unsettled).toEqual(
      expect.arrayContaining([
        {
          order_id: c.orderId,
          type: 'payment',
          reference: c.paymentId,
          amount_paise: 135_900,
          at: expect.any(String),
          age_days: 0,
        },
        expect.objectContaining({ order_id: a.orderId, type: 'refund', reference: refundId }),
      ]),
    );
  });

  it('fetches a month page by page (1,000 items a page)', async () => {
    const settled = Math.floor(Date.parse('2026-01-15T10:00:00+05:30') / 1000);
    fake.extraReconItems = Array.from({ length: 1_205 }, (_, k) => ({
      entity_id: `adj_${String(k).padStart(10, '0')}`,
      type: 'adjustment' as const,
      debit: 0,
      credit: 100,
      amount: 100,
      currency: 'INR' as const,
      fee: 0,
      tax: 0,
      on_hold: false,
      settled: true,
      created_at: settled - DAY_MS / 1000,
      settled_at: settled,
      settlement_id: 'setl_jan15',
      settlement_utr: 'UTRJAN15',
      order_id: null,
      order_receipt: null,
      payment_id: null,
      method: null,
      description: 'Goodwill credit',
      notes: [],
      dispute_id: null,
    }));
    const before = fake.reconRequests.length;
    const res = await fetchReport('2026-01');
    fake.extraReconItems = [];
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.reconRequests.slice(before)).toEqual([
      { year: '2026', month: '01', count: '1000', skip: '0' },
      { year: '2026', month: '01', count: '1000', skip: '1000' },
    ]);
    const report = res.json();
    expect(report.items).toBe(1_205);
    expect(report.not_orders).toHaveLength(1_205);
    expect(report.not_orders[0]).toEqual({
      entity_id: 'adj_0000000000',
      type: 'adjustment',
      amount_paise: 100,
      description: 'Goodwill credit',
      settlement_id: 'setl_jan15',
    });
    expect(report.matched.count).toBe(0);
    expect(report.period).toEqual({ from: '2026-01-01', to: '2026-01-31', label: 'Jan 2026' });
    expect(report.totals.net_settled_paise).toBe(120_500);
  });

  it('refuses a period that is not a day or month, or has not come, with 400', async () => {
    for (const [period, error] of [
      ['2026-13', 'period: a day as yyyy-mm-dd or a month as yyyy-mm'],
      ['2026-02-30', 'period: 2026-02-30 is not a day of the calendar.'],
      ['2999-01', 'period: 2999-01 has not come yet, so nothing was settled in it.'],
    ]) {
      const res = await fetchReport(period!);
      expect(res.statusCode, period).toBe(400);
      expect(res.json().error).toContain(error);
    }
  });

  it('says Razorpay did not answer (502) and offers the upload, writing nothing', async () => {
    const audits = async () =>
      (
        await queryRows<{ n: number }>(
          t.db,
          sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'settlement_report'`,
        )
      )[0]!.n;
    const before = await audits();
    fake.reconFailing = true;
    const res = await fetchReport(yesterday());
    fake.reconFailing = false;
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBe(RAZORPAY_UNAVAILABLE);
    expect(RAZORPAY_UNAVAILABLE).toContain(
      'upload the report downloaded from the Razorpay dashboard',
    );
    expect(await audits()).toBe(before);
  });

  it('the sandbox, which takes no money, says it has no settlements', async () => {
    const sandbox = createSandboxProvider({ secretSeed: 'seed' });
    await expect(sandbox.settlementItems({ year: 2026, month: 1 })).rejects.toThrow(
      'The sandbox takes no real money, so it has no settlements to fetch.',
    );
  });
});

describe("uploading the dashboard's settlement report", () => {
  const settledItems = () =>
    fake.reconItems().filter((i) => [a.paymentId, b.paymentId, refundId].includes(i.entity_id));

  it('shows a tampered amount with both figures, an unknown payment and an adjustment', async () => {
    const items = settledItems().map((i) =>
      i.entity_id === b.paymentId ? { ...i, amount: 136_000 } : i,
    );
    const unknown = { ...items[0]!, entity_id: 'pay_NotOurs000001', amount: 50_000 };
    const adjustment = {
      ...items[0]!,
      entity_id: 'adj_Chargeback01',
      type: 'adjustment' as const,
      amount: 1_000,
      description: 'Fee reversal',
    };
    const res = await upload(dashboardCsv([...items, unknown, adjustment]));
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report.source).toBe('upload');
    expect(report.unit).toBe('rupees');
    expect(report.period).toMatchObject({ from: twoDaysAgo(), to: twoDaysAgo() });
    expect(report.matched.count).toBe(2);
    expect(report.differs).toEqual([
      expect.objectContaining({
        entity_id: b.paymentId,
        order_id: b.orderId,
        amount_paise: 136_000,
        ledger_paise: 135_900,
      }),
    ]);
    expect(report.not_in_ledger).toEqual([
      expect.objectContaining({ entity_id: 'pay_NotOurs000001', amount_paise: 50_000 }),
    ]);
    expect(report.not_orders).toEqual([
      expect.objectContaining({
        entity_id: 'adj_Chargeback01',
        type: 'adjustment',
        amount_paise: 1_000,
        description: 'Fee reversal',
      }),
    ]);
    expect(report.unit_hint).toBeNull();
    const [audit] = await queryRows<{ action: string; after: { unit: string; items: number } }>(
      t.db,
      sql`SELECT action, after FROM audit_log
          WHERE entity = 'settlement_report' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toMatchObject({ action: 'upload', after: { unit: 'rupees', items: 5 } });
  });

  it('reads the same file in paise when told, and matches everything', async () => {
    const res = await upload(dashboardCsv(settledItems(), 'paise'), 'paise');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ unit: 'paise', differs: [], unit_hint: null });
    expect(res.json().matched.count).toBe(3);
  });

  it('says so plainly when every amount is off by ×100 or ÷100: the unit was wrong', async () => {
    const inPaise = await upload(dashboardCsv(settledItems(), 'paise'), 'rupees');
    expect(inPaise.statusCode, inPaise.body).toBe(200);
    expect(inPaise.json().matched.count).toBe(0);
    expect(inPaise.json().differs[0]).toMatchObject({ ledger_paise: 135_900 });
    expect(inPaise.json().unit_hint).toBe(PAISE_HINT);
    expect(PAISE_HINT).toBe('The amounts look like paise: upload it again choosing paise.');

    // Whole rupees read as paise are a hundredth of the ledger's.
    const whole = settledItems().map((i) => ({
      ...i,
      amount: i.amount / 100,
      fee: 0,
      tax: 0,
      credit: 0,
      debit: 0,
    }));
    const inRupees = await upload(dashboardCsv(whole, 'paise'), 'paise');
    expect(inRupees.statusCode, inRupees.body).toBe(200);
    expect(inRupees.json().unit_hint).toBe(RUPEES_HINT);
  });

  it('refuses a file that is not the report with 4xx and says what is wrong', async () => {
    const header = await upload('id,amount\npay_x,10.00\n');
    expect(header.statusCode).toBe(400);
    expect(header.json().error).toBe(
      "The first row must name the settlement report's columns; it lacks entity_id, type, debit, credit, fee, tax, created_at, settled_at, settlement_id. Upload the settlement report as the Razorpay dashboard gives it (Reports → Settlements).",
    );

    const csv = dashboardCsv(settledItems()).split('\n');
    const badAmount = csv.map((line, k) =>
      k === 2 ? line.replace(',1359.00,', ',1359.005,') : line,
    );
    const amount = await upload(badAmount.join('\n'));
    expect(amount.statusCode).toBe(400);
    expect(amount.json().error).toMatch(
      /^The file has a problem: Row 3, amount: “1359\.005” is not an amount in rupees \(up to two decimals\)\.$/,
    );

    const decimalsInPaise = await upload(dashboardCsv(settledItems()), 'paise');
    expect(decimalsInPaise.statusCode).toBe(400);
    expect(decimalsInPaise.json().error).toContain('is not a whole number of paise');

    const badDate = await upload(
      csv
        .map((l, k) => (k === 1 ? l.replace(/,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,/, ',yesterday,') : l))
        .join('\n'),
    );
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error).toContain('Row 2, created_at: “yesterday” is not a date');

    const big = Buffer.alloc(2 * 1024 * 1024 + 1, 'a');
    const tooBig = await upload(big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toBe(
      'file: the settlement report may be at most 2 MB; upload a shorter period.',
    );

    const notUtf8 = await upload(Buffer.from([0xff, 0xfe, 0x41, 0x00]));
    expect(notUtf8.statusCode).toBe(400);
    expect(notUtf8.json().error).toContain('is not UTF-8 text');

    const onlyHeader = await upload(`${csv[0]}\n`);
    expect(onlyHeader.statusCode).toBe(400);
    expect(onlyHeader.json().error).toBe(
      'The file has no rows under its header: it has nothing to match.',
    );

    const unit = await upload(csv.join('\n'), 'dollars');
    expect(unit.statusCode).toBe(400);

    const json = await owner.call('POST', '/api/admin/settlement-report/rupees', { file: 'x' });
    expect(json.statusCode).toBe(415);
  });
});

describe('who may match settlements', () => {
  it('refuses packers and support, who do not read reports, with 403', async () => {
    for (const as of [packer, support]) {
      const fetched = await fetchReport(today(), as);
      expect(fetched.statusCode).toBe(403);
      expect(fetched.json()).toEqual({ error: 'Your role does not allow this.' });
      const uploaded = await upload(dashboardCsv(fake.reconItems()), 'rupees', as);
      expect(uploaded.statusCode).toBe(403);
    }
  });
});
