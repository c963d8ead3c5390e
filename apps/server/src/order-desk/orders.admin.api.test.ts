// Orders in the back office, the read side: the list's filters, search and keyset pages, one
// order in full (lines, label, payments, refunds, returns, timeline, allowed actions), what a
// packer may not see, the CSV file and the packing slips' PDF read back as text.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/index.js';
import {
  orderEvents,
  orderReturnItems,
  orderReturns,
  orderItems,
  orders,
  payments,
  refunds,
} from '../db/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { createCoupon, createProduct, createUser } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createOrder } from '../test/order-factories.js';
import { createStaff, type TestStaff } from '../test/staff.js';
import { readSearch } from './orders.admin.service.js';

const run = promisify(execFile);

let t: TestApp;
let owner: AdminClient;
let packer: AdminClient;
let support: AdminClient;
let supportStaff: TestStaff;
let productId: number;

interface Placed {
  id: number;
  email: string;
}

type Stage = 'pending' | 'processing' | 'packed' | 'shipped' | 'completed' | 'canceled';

const STATUS: Record<Stage, string> = {
  pending: 'Pending',
  processing: 'Processing',
  packed: 'Processing',
  shipped: 'Shipped',
  completed: 'Completed',
  canceled: 'Canceled',
};

let serial = 0;

/** An order in a stage, placed at a given time, with its own shopper and address. */
async function place(
  db: Db,
  o: {
    stage?: Stage;
    at?: string;
    first?: string;
    last?: string;
    account?: string;
    email?: string;
    state?: string;
    city?: string;
    phone?: string;
    quantity?: number;
  } = {},
): Promise<Placed> {
  serial += 1;
  const email = o.email ?? `orders-${serial}@example.com`;
  const user = await createUser(db, { name: o.account ?? `Account ${serial}`, email });
  const stage = o.stage ?? 'processing';
  const paid = stage !== 'pending' && stage !== 'canceled';
  const order = await createOrder(db, {
    userId: user.id,
    items: [{ productId, size: 'M', quantity: o.quantity ?? 1 }],
    paymentStatus: paid ? 'SUCCESS' : 'UNPAID',
  });
  const at = o.at ? new Date(o.at) : new Date();
  const phone = o.phone ?? '9876543210';
  await db
    .update(orders)
    .set({
      createdAt: at,
      orderStatus: STATUS[stage],
      paidAt: paid ? new Date(at.getTime() + 60_000) : null,
      packedAt: ['packed', 'shipped', 'completed'].includes(stage) ? new Date() : null,
      shippedAt: ['shipped', 'completed'].includes(stage) ? new Date() : null,
      deliveredAt: stage === 'completed' ? new Date() : null,
      canceledAt: stage === 'canceled' ? new Date() : null,
      state: o.state ?? 'Kerala',
      mobileNumber: phone,
      shippingAddress: {
        first_name: o.first ?? 'Asha',
        last_name: o.last ?? `Menon${serial}`,
        street_name: `${serial} Beach Road`,
        city: o.city ?? 'Kozhikode',
        state: o.state ?? 'Kerala',
        pincode: '673001',
        phone,
      },
    })
    .where(eq(orders.id, order.id));
  return { id: order.id, email };
}

const ids = (res: { json(): { orders: { id: number }[] } }) => res.json().orders.map((o) => o.id);

beforeAll(async () => {
  t = await startTestApp();
  const origin = new URL(t.config.publicUrl).origin;
  owner = adminClient(t.app, origin, (await createStaff(t.db, 'owner')).cookie);
  packer = adminClient(t.app, origin, (await createStaff(t.db, 'packer')).cookie);
  supportStaff = await createStaff(t.db, 'support');
  support = adminClient(t.app, origin, supportStaff.cookie);
  productId = await createProduct(t.db, { name: 'Kerala Blasters Home 2025/26', sizes: { M: 50 } });
});
afterAll(() => t?.close());

describe('reading the search box', () => {
  it('tells an order id, a phone number, an email and a name apart', () => {
    expect(readSearch('123')).toEqual({ kind: 'id', id: 123 });
    expect(readSearch('#123')).toEqual({ kind: 'id', id: 123 });
    expect(readSearch('#99999999999'.slice(0, 11))).toEqual({ kind: 'id', id: 0 });
    expect(readSearch('98765 43210')).toEqual({ kind: 'phone', phone: '9876543210' });
    expect(readSearch('+91 98765-43210')).toEqual({ kind: 'phone', phone: '9876543210' });
    expect(readSearch('09876543210')).toEqual({ kind: 'phone', phone: '9876543210' });
    expect(readSearch(' Meera@Example.com ')).toEqual({
      kind: 'email',
      email: 'meera@example.com',
    });
    expect(readSearch('Asha Menon')).toEqual({ kind: 'name', text: 'Asha Menon' });
    expect(readSearch('   ')).toBeUndefined();
  });
});

describe('the order list', () => {
  let early: Placed;
  let toPack: Placed;
  let packed: Placed;
  let shipped: Placed;
  let pending: Placed;
  let canceled: Placed;
  let tamil: Placed;

  beforeAll(async () => {
    // 24 Nov in India runs from 23 Nov 18:30 UTC to 24 Nov 18:30 UTC.
    early = await place(t.db, { stage: 'completed', at: '2026-11-23T18:29:00Z' });
    toPack = await place(t.db, {
      stage: 'processing',
      at: '2026-11-23T18:31:00Z',
      first: 'Meera',
      last: 'Pillai',
      email: 'meera.pillai@example.com',
    });
    packed = await place(t.db, { stage: 'packed', at: '2026-11-24T10:00:00Z' });
    shipped = await place(t.db, {
      stage: 'shipped',
      at: '2026-11-24T18:29:59Z',
      account: 'Rahul Account-Holder',
    });
    pending = await place(t.db, { stage: 'pending', at: '2026-11-24T18:30:00Z' });
    canceled = await place(t.db, { stage: 'canceled', at: '2026-11-25T09:00:00Z' });
    tamil = await place(t.db, {
      stage: 'processing',
      at: '2026-11-25T10:00:00Z',
      state: 'Tamil Nadu',
      city: 'Chennai',
      phone: '9123456789',
      quantity: 3,
    });
  });

  const mine = () =>
    [early, toPack, packed, shipped, pending, canceled, tamil].map((o) => o.id).reverse();

  it('lists newest first with what a row shows', async () => {
    const res = await owner.call('GET', '/api/admin/orders?limit=200');
    expect(res.statusCode, res.body).toBe(200);
    const listed = ids(res).filter((id) => mine().includes(id));
    expect(listed).toEqual(mine());
    const row = res.json().orders.find((o: { id: number }) => o.id === tamil.id);
    expect(row).toEqual({
      id: tamil.id,
      created_at: '2026-11-25T10:00:00.000Z',
      status: 'Processing',
      stage: 'processing',
      payment_status: 'SUCCESS',
      total_paise: 3 * 149_900 + 6000,
      items: 3,
      name: expect.stringMatching(/^Asha Menon\d+$/),
      city: 'Chennai',
      state: 'Tamil Nadu',
      email: tamil.email,
      phone: '9123456789',
      paid_at: '2026-11-25T10:01:00.000Z',
      packed_at: null,
      shipped_at: null,
      delivered_at: null,
      canceled_at: null,
      wholesale: false,
    });
  });

  it('filters by status, the stages inside Processing, payment and state', async () => {
    const get = async (query: string) => {
      const res = await owner.call('GET', `/api/admin/orders?limit=200&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return ids(res).filter((id) => mine().includes(id));
    };
    expect(await get('status=to-pack')).toEqual([tamil.id, toPack.id]);
    expect(await get('status=packed')).toEqual([packed.id]);
    expect(await get('status=Processing')).toEqual([tamil.id, packed.id, toPack.id]);
    expect(await get('status=Shipped')).toEqual([shipped.id]);
    expect(await get('status=Completed')).toEqual([early.id]);
    expect(await get('status=Canceled')).toEqual([canceled.id]);
    expect(await get('payment=UNPAID')).toEqual([canceled.id, pending.id]);
    expect(await get('state=Tamil%20Nadu')).toEqual([tamil.id]);
    expect(await get('status=Processing&state=Kerala')).toEqual([packed.id, toPack.id]);
  });

  it('filters by Indian days, both ends included', async () => {
    const get = async (query: string) =>
      ids(await owner.call('GET', `/api/admin/orders?limit=200&${query}`)).filter((id) =>
        mine().includes(id),
      );
    expect(await get('from=2026-11-24&to=2026-11-24')).toEqual([shipped.id, packed.id, toPack.id]);
    expect(await get('to=2026-11-23')).toEqual([early.id]);
    expect(await get('from=2026-11-25')).toEqual([tamil.id, canceled.id, pending.id]);
  });

  it('finds an order by id, #id, email, phone, a name in the address or on the account', async () => {
    const find = async (q: string) =>
      ids(await owner.call('GET', `/api/admin/orders?q=${encodeURIComponent(q)}`));
    expect(await find(String(packed.id))).toEqual([packed.id]);
    expect(await find(`#${packed.id}`)).toEqual([packed.id]);
    expect(await find('MEERA.PILLAI@example.com')).toEqual([toPack.id]);
    expect(await find('+91 91234 56789')).toEqual([tamil.id]);
    expect(await find('meera pil')).toEqual([toPack.id]);
    expect(await find('account-holder')).toEqual([shipped.id]);
    expect(await find('100%_')).toEqual([]);
    expect(await find('#99999999999'.slice(0, 11))).toEqual([]);
  });

  it('pages with a cursor, newest first, missing and repeating nothing at equal times', async () => {
    // Three orders placed at the very same microsecond: the id breaks the tie.
    const same = '2026-11-20T06:00:00.123456Z';
    const twins: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const o = await place(t.db, { stage: 'processing', at: '2026-11-20T06:00:00Z' });
      await t.db.execute(
        sql`UPDATE orders SET created_at = ${same}::timestamptz WHERE id = ${o.id}`,
      );
      twins.push(o.id);
    }
    const seen: number[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const res: Awaited<ReturnType<AdminClient['call']>> = await owner.call(
        'GET',
        `/api/admin/orders?limit=2${after ? `&after=${after}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...ids(res));
      after = res.json().next_after;
      pages += 1;
    } while (after && pages < 100);
    const all = ids(await owner.call('GET', '/api/admin/orders?limit=200'));
    expect(seen).toEqual(all);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => twins.includes(id))).toEqual([...twins].reverse());
  });

  it('refuses bad filters with 400 and a message', async () => {
    for (const [query, error] of [
      ['status=Lost', /status must be one of/],
      ['payment=MAYBE', /payment must be one of/],
      ['from=2026-02-30', /from is not a day of the calendar/],
      ['from=24-11-2026', /from must be a date like/],
      ['from=2026-11-25&to=2026-11-24', /to must be on or after from/],
      ['state=Atlantis', /state must be one of/],
      ['limit=201', /limit must be at most 200/],
      ['after=yesterday', /after must be a next_after/],
      ['after=99999999999999999999.1', /after must be a next_after/],
    ] as const) {
      const res = await owner.call('GET', `/api/admin/orders?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toMatch(error);
    }
  });

  it('shows a packer no email or phone, and refuses their search by email', async () => {
    const res = await packer.call('GET', `/api/admin/orders?q=${tamil.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().orders[0]).toMatchObject({ id: tamil.id, email: null, phone: null });
    const byEmail = await packer.call('GET', '/api/admin/orders?q=meera.pillai@example.com');
    expect(byEmail.statusCode).toBe(403);
    expect(byEmail.json()).toEqual({ error: 'Your role may not search orders by email.' });
    // A phone number is on the label a packer prints: they may look it up.
    expect(ids(await packer.call('GET', '/api/admin/orders?q=9123456789'))).toEqual([tamil.id]);
    const supportRow = (await support.call('GET', `/api/admin/orders?q=${tamil.id}`)).json()
      .orders[0];
    expect(supportRow).toMatchObject({ email: tamil.email, phone: '9123456789' });
  });

  describe('as a CSV file', () => {
    const csvOf = (body: string) =>
      parse(body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];

    it('has the filtered orders, newest first, in Indian time', async () => {
      const res = await owner.call('GET', '/api/admin/orders/export?from=2026-11-24&to=2026-11-24');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="kitroom-orders-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(res.body.startsWith('\uFEFForder_id,placed_at_ist,status,stage,')).toBe(true);
      const rows = csvOf(res.body);
      expect(rows.map((r) => Number(r.order_id))).toEqual([shipped.id, packed.id, toPack.id]);
      expect(rows[2]).toMatchObject({
        placed_at_ist: '2026-11-24 00:01',
        status: 'Processing',
        stage: 'processing',
        payment_status: 'SUCCESS',
        total_rupees: '1559.00',
        items: '1',
        name: 'Meera Pillai',
        city: 'Kozhikode',
        state: 'Kerala',
        pincode: '673001',
        email: 'meera.pillai@example.com',
        phone: '9876543210',
        paid_at_ist: '2026-11-24 00:02',
      });
      expect(rows[0]!.shipped_at_ist).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    });

    it('leaves out email and phone for a packer, and refuses bad filters', async () => {
      const res = await packer.call('GET', '/api/admin/orders/export?status=to-pack');
      expect(res.statusCode, res.body).toBe(200);
      const [head] = res.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(head).not.toMatch(/email|phone/);
      expect(csvOf(res.body).map((r) => Number(r.order_id))).toContain(toPack.id);
      const bad = await owner.call('GET', '/api/admin/orders/export?to=2026-13-01');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatch(/to is not a day of the calendar/);
      expect(
        (await packer.call('GET', '/api/admin/orders/export?q=a@example.com')).statusCode,
      ).toBe(403);
    });
  });
});

describe('one order', () => {
  let order: Placed;

  beforeAll(async () => {
    order = await place(t.db, { stage: 'completed', first: 'Anil', last: 'Kumar' });
    const coupon = await createCoupon(t.db, { code: 'ORDERTEST10' });
    await t.db
      .update(orders)
      .set({
        couponId: coupon.id,
        subtotalPaise: 149_900,
        discountPaise: 14_990,
        totalPaise: 149_900 + 6000 - 14_990,
        courierName: 'Blue Dart',
        trackingId: 'BD123456789IN',
        trackingLink: 'https://track.example.com/BD123456789IN',
        expectedDate: '2026-11-28',
      })
      .where(eq(orders.id, order.id));
    const [payment] = await t.db
      .insert(payments)
      .values({
        orderId: order.id,
        provider: 'sandbox',
        providerRef: `sbx_${order.id}`,
        providerPaymentId: `pay_${order.id}`,
        amountPaise: 149_900 + 6000 - 14_990,
        status: 'paid',
        paymentUrl: 'http://localhost/pay',
      })
      .returning({ id: payments.id });
    await t.db.insert(refunds).values({
      orderId: order.id,
      paymentId: payment!.id,
      provider: 'sandbox',
      amountPaise: 50_000,
      idempotencyKey: `refund-${order.id}`,
      providerRefundId: 'rfnd_1',
      status: 'processed',
      reason: 'Late delivery',
      staffId: supportStaff.id,
      processedAt: new Date(),
    });
    const [line] = await t.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    const [ret] = await t.db
      .insert(orderReturns)
      .values({ orderId: order.id, kind: 'exchange', reason: 'Too small' })
      .returning({ id: orderReturns.id });
    await t.db
      .insert(orderReturnItems)
      .values({ returnId: ret!.id, orderItemId: line!.id, quantity: 1, exchangeSize: 'L' });
    await t.db.insert(orderEvents).values([
      { orderId: order.id, type: 'placed', actor: 'shopper' },
      { orderId: order.id, type: 'paid', actor: 'provider' },
      {
        orderId: order.id,
        type: 'shipped',
        actor: 'staff',
        staffId: supportStaff.id,
        data: { courier_name: 'Blue Dart', tracking_id: 'BD123456789IN' },
      },
      {
        orderId: order.id,
        type: 'note',
        actor: 'staff',
        staffId: supportStaff.id,
        note: 'Shopper called about the size.',
      },
    ]);
  });

  it('has its lines, label, totals, coupon, payments, refunds, returns and timeline', async () => {
    const res = await support.call('GET', `/api/admin/orders/${order.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.order).toMatchObject({
      id: order.id,
      status: 'Completed',
      stage: 'completed',
      payment_status: 'SUCCESS',
      subtotal_paise: 149_900,
      shipping_paise: 6000,
      discount_paise: 14_990,
      total_paise: 140_910,
      coupon_code: 'ORDERTEST10',
      courier_name: 'Blue Dart',
      tracking_id: 'BD123456789IN',
      tracking_link: 'https://track.example.com/BD123456789IN',
      expected_date: '2026-11-28',
    });
    expect(body.customer).toEqual({
      id: expect.any(Number),
      name: expect.stringMatching(/^Account /),
      email: order.email,
      phone: '9876543210',
    });
    expect(body.address).toEqual({
      name: 'Anil Kumar',
      street: expect.stringMatching(/ Beach Road$/),
      city: 'Kozhikode',
      state: 'Kerala',
      pincode: '673001',
      phone: '9876543210',
    });
    expect(body.lines).toEqual([
      {
        id: expect.any(Number),
        product_id: productId,
        name: 'Kerala Blasters Home 2025/26',
        image_url: 'images/products/test.webp',
        size: 'M',
        quantity: 1,
        unit_price_paise: 149_900,
        line_total_paise: 149_900,
      },
    ]);
    expect(body.payments).toEqual([
      expect.objectContaining({
        provider: 'sandbox',
        provider_ref: `sbx_${order.id}`,
        provider_payment_id: `pay_${order.id}`,
        status: 'paid',
        amount_paise: 140_910,
      }),
    ]);
    expect(body.refunds).toEqual([
      expect.objectContaining({
        order_id: order.id,
        amount_paise: 50_000,
        status: 'processed',
        provider: 'sandbox',
        reason: 'Late delivery',
        provider_refund_id: 'rfnd_1',
        requested_by: { id: supportStaff.id, name: expect.stringContaining('support') },
      }),
    ]);
    // Paid ₹1,409.10, ₹500 of it refunded.
    expect(body.refundable_paise).toBe(140_910 - 50_000);
    expect(body.returns).toEqual([
      expect.objectContaining({
        kind: 'exchange',
        status: 'requested',
        reason: 'Too small',
        lines: [
          {
            order_item_id: body.lines[0].id,
            name: 'Kerala Blasters Home 2025/26',
            size: 'M',
            quantity: 1,
            exchange_size: 'L',
          },
        ],
      }),
    ]);
    expect(body.events.map((e: { type: string }) => e.type)).toEqual([
      'placed',
      'paid',
      'shipped',
      'note',
    ]);
    expect(body.events[2]).toMatchObject({
      actor: 'staff',
      staff_name: expect.stringContaining('support'),
      data: { courier_name: 'Blue Dart', tracking_id: 'BD123456789IN' },
    });
    expect(body.events[3].note).toBe('Shopper called about the size.');
    expect(body.actions).toEqual([]);
  });

  it('says what each stage allows', async () => {
    const expected: Record<Stage, string[]> = {
      pending: ['cancel'],
      processing: ['pack', 'ship', 'cancel'],
      packed: ['ship', 'cancel'],
      shipped: ['deliver'],
      completed: [],
      canceled: [],
    };
    for (const [stage, actions] of Object.entries(expected) as [Stage, string[]][]) {
      const o = await place(t.db, { stage });
      const body = (await owner.call('GET', `/api/admin/orders/${o.id}`)).json();
      expect(body.order.stage, stage).toBe(stage);
      expect(body.actions, stage).toEqual(actions);
    }
  });

  it('shows a packer the label but not the account', async () => {
    const res = await packer.call('GET', `/api/admin/orders/${order.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().customer).toBeNull();
    expect(res.json().address.name).toBe('Anil Kumar');
  });

  it('answers 404 for an unknown order and 400 for a bad id', async () => {
    const missing = await owner.call('GET', '/api/admin/orders/99999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Order not found.' });
    expect((await owner.call('GET', '/api/admin/orders/abc')).statusCode).toBe(400);
  });
});

describe('packing slips', () => {
  async function pdfText(pdf: Buffer): Promise<string> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kitroom-slip-'));
    try {
      const file = path.join(dir, 'slips.pdf');
      writeFileSync(file, pdf);
      const { stdout } = await run('pdftotext', ['-layout', file, '-']);
      return stdout;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('prints one page per order with the shop, the label and the lines, without prices', async () => {
    const first = await place(t.db, { stage: 'processing', first: 'Fathima', last: 'Beevi' });
    const second = await place(t.db, {
      stage: 'packed',
      first: 'Joseph',
      last: 'Varghese',
      state: 'Karnataka',
      city: 'Bengaluru',
      quantity: 2,
    });
    const res = await packer.call(
      'GET',
      `/api/admin/orders/packing-slips?ids=${first.id},${second.id}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="packing-slips.pdf"');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    const pages = text.split('\f').filter((p) => p.trim() !== '');
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain(`Order #${first.id}`);
    expect(pages[0]).toContain('PACKING SLIP');
    expect(pages[0]).toContain('Kitroom');
    expect(pages[0]).toContain('Fathima Beevi');
    expect(pages[0]).toMatch(/Kozhikode, Kerala/);
    expect(pages[0]).toContain('PIN 673001');
    expect(pages[0]).toContain('Phone 9876543210');
    expect(pages[0]).toMatch(/Kerala Blasters Home 2025\/26\s+M\s+1/);
    expect(pages[1]).toContain(`Order #${second.id}`);
    expect(pages[1]).toContain('Joseph Varghese');
    expect(pages[1]).toMatch(/Bengaluru, Karnataka/);
    expect(pages[1]).toMatch(/Kerala Blasters Home 2025\/26\s+M\s+2/);
    expect(pages[1]).toContain('2 pieces in all');
    expect(text).not.toMatch(/₹|1,499|1499|Rs\.?/);
  });

  it('refuses unpaid, canceled and unknown orders and bad lists, printing nothing', async () => {
    const paid = await place(t.db, { stage: 'processing' });
    const pending = await place(t.db, { stage: 'pending' });
    const canceled = await place(t.db, { stage: 'canceled' });
    const cases: [string, number, string | RegExp][] = [
      [
        `${paid.id},${pending.id}`,
        409,
        `Order #${pending.id} is waiting for payment, so it has no packing slip.`,
      ],
      [`${canceled.id}`, 409, `Order #${canceled.id} is canceled, so it has no packing slip.`],
      [`${paid.id},99999999`, 404, 'Order #99999999 not found.'],
      ['', 400, /ids must be order ids/],
      ['1;2', 400, /ids must be order ids/],
      [Array.from({ length: 201 }, (_, i) => i + 1).join(','), 400, /at most 200 orders/],
    ];
    for (const [list, status, error] of cases) {
      const res = await owner.call('GET', `/api/admin/orders/packing-slips?ids=${list}`);
      expect(res.statusCode, list).toBe(status);
      expect(res.json().error, list).toMatch(error);
    }
  });
});
