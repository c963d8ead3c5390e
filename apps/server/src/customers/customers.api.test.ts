// Customers in the back office (issue 41) through the API, on a real database (PGlite, and
// PostgreSQL with TEST_DATABASE=postgres): the search by phone, name and email with keyset
// pages newest first and by lifetime value; one shopper with their addresses, orders, the value
// their orders kept by the money ledger, returns, returns to origin and wholesale status; who
// sees and does what; notes and the COD block audited, a blocked shopper refused cash on
// delivery at the pincode box and at checkout (and allowed again); and the owner starting an
// erasure the shopper asked for, at once or waiting for an open order.
import type { AdminCustomerResponse, CustomerListResponse } from '@kitroom/contract/admin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import { orderLedger, orderContexts, type OrderContext } from '../orders/index.js';
import * as fulfilment from '../fulfilment/index.js';
import { STAFF_CONFIRM_MISMATCH } from '../privacy/index.js';
import type { Actor } from '../staff/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { orderBody, paidOrder, type Shopper } from '../test/checkout.js';
import {
  createProduct,
  createUser,
  sessionCookie,
  shippingAddressInput,
} from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createStaff } from '../test/staff.js';
import { createApplication } from '../test/wholesale.js';
import { ERASED_NO_CHANGE, listCustomers } from './customers.service.js';

const COD_BLOCKED = 'Cash on delivery is not available for your account. Please pay online.';

let t: TestApp;
let ctx: OrderContext;
let jersey: number; // ₹1,299; to Kerala ₹1,359; with the ₹49 COD fee ₹1,408
let origin: string;
let owner: AdminClient;
let manager: AdminClient;
let support: AdminClient;
let packer: AdminClient;
let packerActor: Actor;
let ownerId: number;
let supportId: number;

const client = async (role: 'owner' | 'manager' | 'support' | 'packer') => {
  const member = await createStaff(t.db, role);
  return { member, client: adminClient(t.app, origin, member.cookie) };
};

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  ctx = orderContexts({ database: t.database, config: t.config })(t.app.log);
  origin = new URL(t.config.publicUrl).origin;
  jersey = await createProduct(t.db, { pricePaise: 129_900, sizes: { M: 80, L: 80 } });
  const o = await client('owner');
  owner = o.client;
  ownerId = o.member.id;
  manager = (await client('manager')).client;
  const s = await client('support');
  support = s.client;
  supportId = s.member.id;
  const p = await client('packer');
  packer = p.client;
  packerActor = { staffId: p.member.id, ip: '10.0.0.9' };
  await t.db.execute(sql`UPDATE shop_settings SET unpaid_orders_max = 20 WHERE id = 1`);
});
afterAll(() => t?.close());

async function codSettings(enabled = true) {
  const res = await owner.call('PATCH', '/api/admin/settings', {
    cod_enabled: enabled,
    cod_fee_paise: 4900,
    cod_max_order_paise: 500_000,
    cod_max_open_orders: 5,
    cod_confirm_hours: 24,
    cod_cancel_after_hours: 48,
    cod_excluded_pincodes: [],
  });
  expect(res.statusCode, res.body).toBe(200);
}
beforeEach(() => codSettings());

let n = 0;
/** A unique tag and a phone number no other shopper of this file has. */
function fresh() {
  n += 1;
  return { tag: `${Date.now().toString(36)}${n}`, phone: `7${String(100_000_000 + n * 7919)}` };
}

/** A logged-in shopper with a name, phone and email of their own. */
async function person(name: string, phone: string, email?: string): Promise<Shopper> {
  const user = await createUser(t.db, { name, phoneNumber: phone, ...(email ? { email } : {}) });
  const cookie = await sessionCookie(t.db, user.id);
  return {
    ...user,
    cookie,
    post: (url, payload) => t.app.inject({ method: 'POST', url, payload, headers: { cookie } }),
  };
}

/** One jersey in M (the product exists once beforeAll ran). */
const line = () => [{ product_id: jersey, size: 'M', quantity: 1 }];
const list = async (as: AdminClient, query: string) => {
  const res = await as.call('GET', `/api/admin/customers?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CustomerListResponse;
};
const page = async (as: AdminClient, id: number) => {
  const res = await as.call('GET', `/api/admin/customers/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminCustomerResponse;
};

/** A COD order placed, confirmed by the shopper, packed, shipped and delivered (cash collected). */
async function deliveredCod(who: Shopper): Promise<number> {
  const placed = await who.post(
    '/api/process_order.php',
    orderBody(who.id, line(), 1408, { payment_method: 'COD' }),
  );
  expect(placed.statusCode, placed.body).toBe(200);
  const id = placed.json().order_id as number;
  const confirmed = await who.post('/api/order_confirm.php', { user_id: who.id, order_id: id });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  await fulfilment.packOrders(ctx, packerActor, [id]);
  await fulfilment.shipOrder(ctx, packerActor, id, {
    courierName: 'India Post',
    trackingId: `EE${id}IN`,
    trackingLink: null,
    expectedDate: null,
  });
  await fulfilment.deliverOrder(ctx, packerActor, id);
  return id;
}

async function auditOf(userId: number) {
  return queryRows<{
    staff_id: number | null;
    action: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }>(
    t.db,
    sql`SELECT staff_id, action, before, after FROM audit_log
        WHERE entity = 'user' AND entity_id = ${String(userId)} ORDER BY id`,
  );
}

describe('the list: search and pages', () => {
  it('finds a shopper by their phone in any common form, part of the name or of the email', async () => {
    const { tag, phone } = fresh();
    const asha = await person(`Asha Kuttan ${tag}`, phone, `asha.${tag}@example.in`);
    const other = await person(`Ravi Nair ${tag}`, fresh().phone);
    // The address saved at checkout has a phone of its own.
    const addressPhone = fresh().phone;
    const saved = await other.post('/api/address.php', {
      user_id: other.id,
      shipping_address: shippingAddressInput({ phone: addressPhone }),
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const ids = (r: CustomerListResponse) => r.customers.map((c) => c.id);
    for (const q of [phone, `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`, `0${phone}`]) {
      expect(ids(await list(owner, `q=${encodeURIComponent(q)}`)), q).toEqual([asha.id]);
    }
    expect(ids(await list(owner, `q=${addressPhone}`))).toEqual([other.id]);
    expect(ids(await list(owner, `q=kuttan%20${tag}`))).toEqual([asha.id]);
    expect(ids(await list(owner, `q=ASHA.${tag}%40EXAMPLE`))).toEqual([asha.id]);
    expect(ids(await list(owner, `q=${tag}`))).toEqual([other.id, asha.id]);
    // A LIKE wildcard is a character like any other.
    expect(ids(await list(owner, `q=${encodeURIComponent(`%${tag}`)}`))).toEqual([]);

    const [row] = (await list(support, `q=${phone}`)).customers;
    expect(row).toEqual({
      id: asha.id,
      name: `Asha Kuttan ${tag}`,
      email: `asha.${tag}@example.in`,
      phone,
      created_at: expect.any(String),
      erased: false,
      orders: 0,
      last_order_at: null,
      lifetime_value_paise: 0,
      wholesale: null,
      cod_blocked: false,
    });
  });

  it('pages newest first and by lifetime value, with the cursor it returned', async () => {
    const { tag } = fresh();
    const small = await person(`Pager ${tag} small`, fresh().phone);
    const big = await person(`Pager ${tag} big`, fresh().phone);
    const none = await person(`Pager ${tag} none`, fresh().phone);
    await paidOrder(t, small, line(), 1359);
    await paidOrder(t, big, [{ product_id: jersey, size: 'L', quantity: 2 }], 2658);

    const walk = async (sort: string) => {
      const seen: number[] = [];
      let after: string | null = null;
      do {
        const r = await list(
          owner,
          `q=pager%20${tag}&sort=${sort}&limit=1${after ? `&after=${after}` : ''}`,
        );
        seen.push(...r.customers.map((c) => c.id));
        after = r.next_after;
      } while (after);
      return seen;
    };
    expect(await walk('newest')).toEqual([none.id, big.id, small.id]);
    expect(await walk('value')).toEqual([big.id, small.id, none.id]);
    const byValue = await list(owner, `q=pager%20${tag}&sort=value`);
    expect(byValue.customers.map((c) => [c.orders, c.lifetime_value_paise])).toEqual([
      [1, 265_800],
      [1, 135_900],
      [0, 0],
    ]);
    expect(byValue.next_after).toBeNull();
  });

  it('responds 400 with the field for what it cannot read', async () => {
    for (const [query, error] of [
      ['sort=cheapest', 'sort must be one of newest, value'],
      ['after=yesterday', 'after must be a next_after the list answered'],
      ['limit=0', 'limit must be at least 1'],
      ['limit=101', 'limit must be at most 100'],
      [`q=${'a'.repeat(101)}`, 'q must be at most 100 characters'],
    ]) {
      const res = await owner.call('GET', `/api/admin/customers?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toContain(error);
    }
    const far = await owner.call('GET', '/api/admin/customers?after=1.99999999999');
    expect(far.statusCode).toBe(400);
  });
});

describe('one shopper', () => {
  it('shows their orders, addresses, the value their orders kept by the ledger, returns, RTO and wholesale', async () => {
    const { tag, phone } = fresh();
    const s = await person(`Meera ${tag}`, phone);
    // Paid online, then ₹100 refunded by staff: keeps ₹1,259.
    const refunded = await paidOrder(t, s, line(), 1359);
    const refund = await owner.call('POST', `/api/admin/orders/${refunded}/refunds`, {
      amount: '100.00',
      reason: 'Late delivery',
      idempotency_key: `customers-${tag}-refund`,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    // Paid, then canceled by the shop: refunded in full, keeps nothing.
    const canceled = await paidOrder(t, s, line(), 1359);
    const cancel = await owner.call('POST', `/api/admin/orders/${canceled}/cancel`, {
      reason: 'Out of stock at the warehouse',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    // Never paid: keeps nothing.
    const unpaid = await s.post('/api/process_order.php', orderBody(s.id, line(), 1359));
    expect(unpaid.statusCode, unpaid.body).toBe(200);
    // Cash on delivery, delivered: the cash collected, ₹1,408.
    const cod = await deliveredCod(s);
    // A return asked for (and rejected) on the COD order; the canceled order's parcel came back.
    await t.db.execute(
      sql`INSERT INTO order_returns (order_id, kind, status, reason)
          VALUES (${cod}, 'return', 'rejected', 'Changed my mind')`,
    );
    await t.db.execute(
      sql`INSERT INTO shipments (order_id, courier, reference, state, weight_grams)
          VALUES (${canceled}, 'manual', ${`RTO-${tag}`}, 'rto_delivered', 500)`,
    );
    await createApplication(t.db, {
      userId: s.id,
      status: 'approved',
      shopName: `Meera Sports ${tag}`,
    });

    const data = await page(owner, s.id);
    expect(data.customer).toEqual({
      id: s.id,
      name: `Meera ${tag}`,
      email: s.email,
      phone,
      created_at: expect.any(String),
      erased_at: null,
    });
    expect(data.summary).toEqual({
      orders: 4,
      paid_orders: 3,
      lifetime_value_paise: 125_900 + 140_800,
      returns: 1,
      returned_to_origin: 1,
    });
    // One rule: the orders' money ledger's `kept`, summed over the paid orders.
    let kept = 0;
    for (const o of data.orders.filter((o) => o.payment_status === 'SUCCESS')) {
      kept += (await orderLedger(t.db, o.id))!.kept_paise;
    }
    expect(kept).toBe(data.summary.lifetime_value_paise);

    expect(data.orders.map((o) => o.id)).toEqual([cod, unpaid.json().order_id, canceled, refunded]);
    expect(data.orders[0]).toMatchObject({ total_paise: 140_800, stage: 'completed' });
    const label = {
      name: 'Asha Menon',
      street: '12 Beach Road',
      city: 'Kozhikode',
      state: 'Kerala',
      pincode: '673001',
      phone: '9876543210',
    };
    expect(data.saved_address).toEqual(label);
    expect(data.order_addresses).toEqual([
      { address: label, orders: 4, last_used_at: expect.any(String) },
    ]);
    expect(data.wholesale).toEqual({
      status: 'approved',
      shop_name: `Meera Sports ${tag}`,
      applied_at: expect.any(String),
      decided_at: null,
    });
    expect(data.cod_block).toBeNull();
    expect(data.notes).toEqual([]);
    expect(data.erasure).toBeNull();

    const [row] = (await list(owner, `q=${phone}`)).customers;
    expect(row).toMatchObject({
      orders: 4,
      lifetime_value_paise: 266_700,
      wholesale: 'approved',
      last_order_at: data.orders[0]!.created_at,
    });
  });

  it('responds 404 for no such shopper and 400 for an id that is not one', async () => {
    const missing = await owner.call('GET', '/api/admin/customers/2147483000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Customer not found.' });
    expect((await owner.call('GET', '/api/admin/customers/abc')).statusCode).toBe(400);
  });
});

describe('who sees and does what', () => {
  it('support reads shoppers, writes notes and blocks COD, but may not start an erasure', async () => {
    const s = await person(`Roles ${fresh().tag}`, fresh().phone);
    await paidOrder(t, s, line(), 1359);
    const seen = await page(support, s.id);
    // Support staff answer shoppers about their orders, so they see the orders' money too.
    expect(seen.summary.lifetime_value_paise).toBe(135_900);
    expect(seen.orders[0]!.total_paise).toBe(135_900);
    expect(
      (await support.call('POST', `/api/admin/customers/${s.id}/notes`, { note: 'Called' }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await support.call('POST', `/api/admin/customers/${s.id}/cod-block`, {
          blocked: true,
          reason: 'Refused two parcels',
        })
      ).statusCode,
    ).toBe(200);
    for (const as of [support, manager]) {
      const erase = await as.call('POST', `/api/admin/customers/${s.id}/erasure`, {
        email: s.email,
      });
      expect(erase.statusCode).toBe(403);
      expect(erase.json()).toEqual({ error: 'Your role does not allow this.' });
    }
    expect((await page(owner, s.id)).customer.erased_at).toBeNull();
  });

  it('a packer sees no shopper at all', async () => {
    const s = await person(`Packed ${fresh().tag}`, fresh().phone);
    for (const url of ['/api/admin/customers', `/api/admin/customers/${s.id}`]) {
      const res = await packer.call('GET', url);
      expect(res.statusCode, url).toBe(403);
    }
    const note = await packer.call('POST', `/api/admin/customers/${s.id}/notes`, { note: 'x' });
    expect(note.statusCode).toBe(403);
  });

  it('leaves out lifetime value, and sorting by it, for a role without orders.money', async () => {
    const { tag } = fresh();
    const rich = await person(`Money ${tag} rich`, fresh().phone);
    const poor = await person(`Money ${tag} poor`, fresh().phone);
    await paidOrder(t, rich, line(), 1359);
    // No role with customers.read lacks orders.money today; the rule holds for one that would.
    const shown = await listCustomers(t.db, 'packer', {
      q: `money ${tag}`,
      sort: 'value',
      limit: 10,
    });
    expect(shown.customers.map((c) => [c.id, c.lifetime_value_paise])).toEqual([
      [poor.id, null],
      [rich.id, null],
    ]);
  });
});

describe('notes', () => {
  it('adds a note, newest first with who wrote it, and audits it', async () => {
    const s = await person(`Noted ${fresh().tag}`, fresh().phone);
    const first = await support.call('POST', `/api/admin/customers/${s.id}/notes`, {
      note: '  Prefers a call after 6 PM.  ',
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await owner.call('POST', `/api/admin/customers/${s.id}/notes`, {
      note: 'Asked about the away kit in XXL.',
    });
    const data = second.json() as AdminCustomerResponse;
    expect(data.notes.map((x) => [x.note, x.staff_name])).toEqual([
      ['Asked about the away kit in XXL.', expect.stringMatching(/^Test owner /)],
      ['Prefers a call after 6 PM.', expect.stringMatching(/^Test support /)],
    ]);
    expect(await auditOf(s.id)).toEqual([
      {
        staff_id: supportId,
        action: 'note',
        before: null,
        after: { note_id: data.notes[1]!.id, note: 'Prefers a call after 6 PM.' },
      },
      {
        staff_id: ownerId,
        action: 'note',
        before: null,
        after: { note_id: data.notes[0]!.id, note: 'Asked about the away kit in XXL.' },
      },
    ]);
    // The shopper's own copy of their data carries the notes (what and when).
    const mine = await s.post('/api/my_data.php', { user_id: s.id });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().staff_notes.map((x: { note: string }) => x.note)).toEqual([
      'Prefers a call after 6 PM.',
      'Asked about the away kit in XXL.',
    ]);
  });

  it('refuses an empty or overlong note with 400 and changes nothing', async () => {
    const s = await person(`Empty ${fresh().tag}`, fresh().phone);
    for (const [body, error] of [
      [{ note: '   ' }, 'note is required'],
      [{}, 'note is required'],
      [{ note: 'x'.repeat(1001) }, 'note must be at most 1000 characters'],
    ] as const) {
      const res = await owner.call('POST', `/api/admin/customers/${s.id}/notes`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain(error);
    }
    const missing = await owner.call('POST', '/api/admin/customers/2147483000/notes', {
      note: 'Hello',
    });
    expect(missing.statusCode).toBe(404);
    expect(await auditOf(s.id)).toEqual([]);
  });
});

describe('blocking cash on delivery', () => {
  const estimate = (who: Shopper) =>
    t.app.inject({
      method: 'GET',
      url: '/api/delivery_estimate.php?pincode=673001&amount=1359',
      headers: { cookie: who.cookie },
    });
  const placeCod = (who: Shopper) =>
    who.post('/api/process_order.php', orderBody(who.id, line(), 1408, { payment_method: 'COD' }));

  it('refuses COD to a blocked shopper where checkout asks and where the order is placed, until allowed again', async () => {
    const s = await person(`Blocked ${fresh().tag}`, fresh().phone);
    const other = await person(`Free ${fresh().tag}`, fresh().phone);
    const blocked = await support.call('POST', `/api/admin/customers/${s.id}/cod-block`, {
      blocked: true,
      reason: '  Refused three parcels at the door  ',
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect((blocked.json() as AdminCustomerResponse).cod_block).toEqual({
      blocked_at: expect.any(String),
      reason: 'Refused three parcels at the door',
      staff_name: expect.stringMatching(/^Test support /),
    });
    expect((await list(owner, `q=${encodeURIComponent('Blocked')}`)).customers[0]).toMatchObject({
      id: s.id,
      cod_blocked: true,
    });

    expect((await estimate(s)).json().cod).toEqual({
      available: false,
      fee: 49,
      reason: COD_BLOCKED,
    });
    const refused = await placeCod(s);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: COD_BLOCKED });
    const [orders] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${s.id}`,
    );
    expect(orders!.n).toBe(0);
    // Paying online still works; other shoppers keep COD.
    expect((await s.post('/api/process_order.php', orderBody(s.id, line(), 1359))).statusCode).toBe(
      200,
    );
    expect((await estimate(other)).json().cod.available).toBe(true);
    expect((await placeCod(other)).statusCode).toBe(200);

    const allowed = await owner.call('POST', `/api/admin/customers/${s.id}/cod-block`, {
      blocked: false,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect((allowed.json() as AdminCustomerResponse).cod_block).toBeNull();
    expect((await estimate(s)).json().cod).toEqual({ available: true, fee: 49, reason: null });
    expect((await placeCod(s)).statusCode).toBe(200);

    // Allowing one who is not blocked changes nothing and writes nothing.
    await owner.call('POST', `/api/admin/customers/${s.id}/cod-block`, { blocked: false });
    expect(await auditOf(s.id)).toEqual([
      {
        staff_id: supportId,
        action: 'cod-block',
        before: { cod_blocked: false, reason: null },
        after: { cod_blocked: true, reason: 'Refused three parcels at the door' },
      },
      {
        staff_id: ownerId,
        action: 'cod-unblock',
        before: { cod_blocked: true, reason: 'Refused three parcels at the door' },
        after: { cod_blocked: false, reason: null },
      },
    ]);
  });

  it('tells a blocked shopper that COD is off when it is off for everyone', async () => {
    const s = await person(`Off ${fresh().tag}`, fresh().phone);
    await owner.call('POST', `/api/admin/customers/${s.id}/cod-block`, {
      blocked: true,
      reason: 'Fake orders',
    });
    await codSettings(false);
    expect((await estimate(s)).json().cod.reason).toBe(
      'Cash on delivery is not available at the moment.',
    );
  });

  it('responds 400 for a block without a reason or a blocked that is not true or false', async () => {
    const s = await person(`Reasonless ${fresh().tag}`, fresh().phone);
    for (const [body, error] of [
      [{ blocked: true }, 'reason is required'],
      [{ blocked: true, reason: 'no' }, 'reason must be at least 3 characters'],
      [{ blocked: 'yes', reason: 'Fake orders' }, 'blocked must be true or false'],
      [{}, 'blocked must be true or false'],
    ] as const) {
      const res = await owner.call('POST', `/api/admin/customers/${s.id}/cod-block`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toContain(error);
    }
    expect((await page(owner, s.id)).cod_block).toBeNull();
  });
});

describe('starting an erasure the shopper asked for', () => {
  it('erases at once when nothing is open: the notes and the COD block go with the account', async () => {
    const { phone } = fresh();
    const s = await person(`Leaving ${fresh().tag}`, phone);
    await owner.call('POST', `/api/admin/customers/${s.id}/notes`, { note: 'Asked to be erased' });
    await owner.call('POST', `/api/admin/customers/${s.id}/cod-block`, {
      blocked: true,
      reason: 'Fake orders',
    });

    const wrong = await owner.call('POST', `/api/admin/customers/${s.id}/erasure`, {
      email: 'someone.else@example.in',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: STAFF_CONFIRM_MISMATCH });

    const res = await owner.call('POST', `/api/admin/customers/${s.id}/erasure`, {
      email: `  ${s.email.toUpperCase()} `,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json() as AdminCustomerResponse;
    expect(data.customer).toMatchObject({
      name: 'a Kitroom shopper',
      email: `erased-${s.id}@erased.invalid`,
      phone: '',
      erased_at: expect.any(String),
    });
    expect(data.erasure).toMatchObject({ state: 'done', waiting_reason: null });
    expect(data.notes).toEqual([]);
    expect(data.cod_block).toBeNull();
    expect((await list(owner, `q=${phone}`)).customers).toEqual([]);
    const audit = await auditOf(s.id);
    expect(audit.at(-1)).toEqual({
      staff_id: ownerId,
      action: 'erase',
      before: null,
      after: { by: 'staff', orders_kept_with_invoice: [], orders_address_erased: [] },
    });
    // The shopper can no longer log in with the session they had.
    expect((await s.post('/api/my_data.php', { user_id: s.id })).statusCode).toBe(401);

    const again = await owner.call('POST', `/api/admin/customers/${s.id}/erasure`, {
      email: s.email,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'This account is already erased.' });
    const note = await owner.call('POST', `/api/admin/customers/${s.id}/notes`, { note: 'Hi' });
    expect(note.statusCode).toBe(409);
    expect(note.json()).toEqual({ error: ERASED_NO_CHANGE });
  });

  it('waits for an order on its way, saying which, as the shopper is told', async () => {
    const s = await person(`Waiting ${fresh().tag}`, fresh().phone);
    const order = await paidOrder(t, s, line(), 1359);
    const res = await owner.call('POST', `/api/admin/customers/${s.id}/erasure`, {
      email: s.email,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json() as AdminCustomerResponse;
    expect(data.customer.erased_at).toBeNull();
    expect(data.erasure).toEqual({
      state: 'waiting',
      waiting_reason: `We will erase your account once order #${order} is delivered or cancelled.`,
      requested_at: expect.any(String),
      done_at: null,
    });
    expect((await auditOf(s.id)).at(-1)).toEqual({
      staff_id: ownerId,
      action: 'erasure-requested',
      before: null,
      after: { by: 'staff', state: 'waiting', blocking_order_id: order },
    });
    const erasures = await owner.call('GET', '/api/admin/erasures?state=waiting');
    expect(erasures.json().erasures.map((e: { user_id: number }) => e.user_id)).toContain(s.id);
  });
});
