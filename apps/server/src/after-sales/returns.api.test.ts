// Returns and size exchanges from the shopper's request (order_return.php) through the back
// office's steps (approve, reject, receive, ship the replacement), on PGlite and on
// PostgreSQL (TEST_DATABASE=postgres): the window, quantities, sizes, one open request at a
// time; an approved exchange holds its replacement's stock exactly, through the ledger; a
// receipt restocks and refunds by the rule; every refusal is a 4xx {error} that changes
// nothing.
import { PAYOUT_NEEDED, PRINTED_RETURN_REFUSAL } from '@kitroom/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import type { Actor } from '../staff/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import {
  orderBody,
  paidOrder,
  shopper,
  stockOf,
  type Line,
  type Shopper,
} from '../test/checkout.js';
import { createCoupon, createProduct } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createStaff } from '../test/staff.js';
import * as fulfilment from '../fulfilment/index.js';
import { orderContexts, type OrderContext } from '../orders/index.js';
import { returnRefundKey } from './returns.admin.service.js';

let t: TestApp;
let ctx: OrderContext;
let s: Shopper;
let courier: Actor;
let support: AdminClient;
let supportId: number;
let packer: AdminClient;
let packerId: number;

beforeAll(async () => {
  t = await startTestApp({}, { orderSweep: false });
  ctx = orderContexts({ database: t.database, config: t.config })(t.app.log);
  s = await shopper(t);
  courier = { staffId: (await createStaff(t.db, 'packer')).id, ip: '10.0.0.1' };
  const origin = new URL(t.config.publicUrl).origin;
  const supportStaff = await createStaff(t.db, 'support');
  supportId = supportStaff.id;
  support = adminClient(t.app, origin, supportStaff.cookie);
  const packerStaff = await createStaff(t.db, 'packer');
  packerId = packerStaff.id;
  packer = adminClient(t.app, origin, packerStaff.cookie);
});
afterAll(() => t?.close());

/** A ₹1,299 jersey with this stock per size. */
const jersey = (sizes: Record<string, number> = { M: 20, L: 5, XL: 0 }) =>
  createProduct(t.db, { pricePaise: 129_900, sizes });

/** Bought, paid, shipped and delivered: the order's id and its lines' ids. */
async function delivered(lines: Line[], amount: number, extra: object = {}, who = s) {
  const id = await paidOrder(t, who, lines, amount, extra);
  await fulfilment.shipOrder(ctx, courier, id, {
    courierName: 'Delhivery',
    trackingId: `DLV${id}`,
    trackingLink: null,
    expectedDate: null,
  });
  await fulfilment.deliverOrder(ctx, courier, id);
  const items = await queryRows<{ id: number }>(
    t.db,
    sql`SELECT id FROM order_items WHERE order_id = ${id} ORDER BY id`,
  );
  return { id, items: items.map((i) => i.id) };
}

const ask = (body: object, who = s) =>
  who.post('/api/order_return.php', { user_id: who.id, ...body });
const page = (orderId: number, who = s) =>
  who.post('/api/orders.php', { user_id: who.id, order_id: orderId });
const admin = (client: AdminClient, id: number, step: string, body: object = {}) =>
  client.call('POST', `/api/admin/returns/${id}/${step}`, body);
/** A return's refund as support sees it (packers are not shown money). */
const refundOf = async (returnId: number) =>
  (await support.call('GET', `/api/admin/returns/${returnId}`)).json().return.refund;

async function ledger(orderId: number) {
  return queryRows<{
    product_id: number;
    size: string;
    delta: number;
    stock_after: number;
    reason: string;
    staff_id: number | null;
    note: string;
  }>(
    t.db,
    sql`SELECT product_id, size, delta, stock_after, reason, staff_id, note FROM stock_ledger
        WHERE order_id = ${orderId} AND reason IN ('exchange', 'return') ORDER BY id`,
  );
}
const returnRow = async (id: number) =>
  (
    await queryRows<{ status: string; decision_note: string; decided_by: number | null }>(
      t.db,
      sql`SELECT status, decision_note, decided_by FROM order_returns WHERE id = ${id}`,
    )
  )[0]!;
const mails = (orderId: number, template: string) =>
  queryRows<{ recipient: string; data: { extra: Record<string, unknown> } }>(
    t.db,
    sql`SELECT recipient, data FROM outbox WHERE order_id = ${orderId} AND template = ${template}
        ORDER BY id`,
  );
const audits = (id: number) =>
  queryRows<{ action: string; staff_id: number }>(
    t.db,
    sql`SELECT action, staff_id FROM audit_log WHERE entity = 'order_return'
        AND entity_id = ${String(id)} ORDER BY id`,
  );
const steps = (body: { timeline: { step: string }[] }) => body.timeline.map((e) => e.step);
/** Where an approved return goes: the shop's address as the settings seed it. */
const SHOP_ADDRESS =
  'Kitroom Sportswear, 2nd Floor, Mavoor Road, Kozhikode, Kerala 673004, +91 495 272 1100';

describe('a shopper asks (order_return.php)', () => {
  it('asks for a size exchange of a delivered order and sees it on the page', async () => {
    const p = await jersey();
    const o = await delivered([{ product_id: p, size: 'M', quantity: 2 }], 2658);
    const res = await ask({
      order_id: o.id,
      kind: 'exchange',
      reason: 'Too tight across the chest',
      items: [{ order_item_id: o.items[0], quantity: 1, exchange_size: 'L' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.returns).toEqual([
      {
        id: expect.any(Number),
        kind: 'exchange',
        status: 'requested',
        reason: 'Too tight across the chest',
        created_at: expect.any(String),
        decision_note: '',
        items: [
          {
            order_item_id: o.items[0],
            product_name: expect.any(String),
            size: 'M',
            quantity: 1,
            exchange_size: 'L',
          },
        ],
        courier_name: null,
        tracking_id: null,
        tracking_link: null,
      },
    ]);
    expect(body.timeline.at(-1)).toMatchObject({
      step: 'return_requested',
      return_id: body.returns[0].id,
      kind: 'exchange',
      note: null,
    });
    // One request at a time: nothing more may be asked while it is open.
    expect(body.return_options).toBeNull();
  });

  it('refuses an order not yet delivered, and after the 7 days', async () => {
    const p = await jersey();
    const shipped = await paidOrder(t, s, [{ product_id: p, size: 'M', quantity: 1 }], 1359);
    const item = (await page(shipped)).json().order_items[0].id;
    const body = (orderId: number, itemId: number) => ({
      order_id: orderId,
      kind: 'return',
      reason: 'Not needed',
      items: [{ order_item_id: itemId, quantity: 1 }],
    });
    const early = await ask(body(shipped, item));
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({
      error: `Order #${shipped} is being prepared, so it cannot be returned or exchanged.`,
    });

    const o = await delivered([{ product_id: p, size: 'M', quantity: 1 }], 1359);
    await t.db.execute(
      sql`UPDATE orders SET delivered_at = now() - interval '7 days' WHERE id = ${o.id}`,
    );
    // Seven days ago is still inside: the window runs to the end of the 7th day after.
    const inTime = await ask(body(o.id, o.items[0]!));
    expect(inTime.statusCode, inTime.body).toBe(200);

    const late = await delivered([{ product_id: p, size: 'M', quantity: 1 }], 1359);
    await t.db.execute(
      sql`UPDATE orders SET delivered_at = now() - interval '8 days' WHERE id = ${late.id}`,
    );
    const refused = await ask(body(late.id, late.items[0]!));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: `The 7 days to return or exchange order #${late.id} after its delivery are over.`,
    });
    expect((await page(late.id)).json().returns).toEqual([]);
  });

  it('keeps quantities to what was ordered less what was asked, and one open request', async () => {
    const p = await jersey();
    const o = await delivered([{ product_id: p, size: 'M', quantity: 2 }], 2658);
    const ret = (quantity: number) =>
      ask({
        order_id: o.id,
        kind: 'return',
        reason: 'Bought two by mistake',
        items: [{ order_item_id: o.items[0], quantity }],
      });
    const tooMany = await ret(3);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toMatch(/^Only 2 of .+ \(size M\) can still be returned/);

    const first = await ret(1);
    expect(first.statusCode, first.body).toBe(200);
    const firstId = first.json().returns[0].id as number;
    const second = await ret(1);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      error: `Order #${o.id} already has a return in progress. You can ask again once it is done.`,
    });

    // A rejected request gives its pieces back to ask for.
    expect((await admin(support, firstId, 'reject', { note: 'Wrong photo' })).statusCode).toBe(200);
    expect((await page(o.id)).json().return_options.items[0].quantity).toBe(2);
    const both = await ret(2);
    expect(both.statusCode, both.body).toBe(200);
    const bothId = both.json().returns[1].id as number;
    await admin(support, bothId, 'approve');
    await admin(packer, bothId, 'receive');
    const none = await ret(1);
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toMatch(/^You have already asked to return or exchange every /);
    expect((await page(o.id)).json().return_options).toBeNull();
  });

  it('takes only sizes the jersey comes in, lines of this order, and the shopper’s own order', async () => {
    const p = await jersey();
    const o = await delivered([{ product_id: p, size: 'M', quantity: 1 }], 1359);
    const exchange = (items: object[], who = s) =>
      ask({ order_id: o.id, kind: 'exchange', reason: 'Too small', items }, who);
    const cases: [object[], number, RegExp][] = [
      [
        [{ order_item_id: o.items[0], quantity: 1, exchange_size: 'XXS' }],
        400,
        /does not come in size XXS\.$/,
      ],
      [
        [{ order_item_id: o.items[0], quantity: 1, exchange_size: 'M' }],
        400,
        /^Choose a size other than M for /,
      ],
      [
        [{ order_item_id: o.items[0], quantity: 1 }],
        400,
        /an exchange needs the size you want instead/,
      ],
      [
        [{ order_item_id: 999_999, quantity: 1, exchange_size: 'L' }],
        400,
        /^Item 999999 is not part of order/,
      ],
      [[], 400, /Choose at least one item\./],
    ];
    for (const [items, status, error] of cases) {
      const res = await exchange(items);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error).toMatch(error);
    }
    const noReason = await ask({
      order_id: o.id,
      kind: 'return',
      reason: '  ',
      items: [{ order_item_id: o.items[0], quantity: 1 }],
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toContain('Please tell us why.');
    const other = await shopper(t);
    const notTheirs = await exchange(
      [{ order_item_id: o.items[0], quantity: 1, exchange_size: 'L' }],
      other,
    );
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toEqual({ error: 'Order not found.' });
    expect((await page(o.id)).json().returns).toEqual([]);
  });
});

describe('the back office’s steps', () => {
  it('an exchange from approval to the replacement shipped: the stock held exactly, then the shirts back', async () => {
    const p = await jersey({ M: 20, L: 3, XL: 0 });
    const o = await delivered([{ product_id: p, size: 'M', quantity: 2 }], 2658);
    const asked = await ask({
      order_id: o.id,
      kind: 'exchange',
      reason: 'Too tight',
      items: [{ order_item_id: o.items[0], quantity: 2, exchange_size: 'L' }],
    });
    const id = asked.json().returns[0].id as number;
    const mBefore = await stockOf(t.db, p, 'M');

    const list = await support.call('GET', '/api/admin/returns?status=requested');
    expect(list.json().returns.map((r: { id: number }) => r.id)).toContain(id);
    const detail = (await support.call('GET', `/api/admin/returns/${id}`)).json().return;
    expect(detail).toMatchObject({
      kind: 'exchange',
      status: 'requested',
      reason: 'Too tight',
      pieces: 2,
      order: { id: o.id, order_status: 'Completed' },
      lines: [{ size: 'M', quantity: 2, exchange_size: 'L', exchange_stock: 3 }],
      refund_due_paise: null,
    });

    // Receiving or shipping before approval is refused.
    expect((await admin(packer, id, 'receive')).json()).toEqual({
      error: `Exchange #${id} must be approved before it is received.`,
    });

    const approved = await admin(support, id, 'approve', { note: 'Pack it in its bag.' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().return).toMatchObject({
      status: 'approved',
      decision_note: 'Pack it in its bag.',
      decided_by: { id: supportId },
      lines: [{ exchange_stock: 1 }],
    });
    expect(await stockOf(t.db, p, 'L')).toBe(1);
    expect(await ledger(o.id)).toEqual([
      {
        product_id: p,
        size: 'L',
        delta: -2,
        stock_after: 1,
        reason: 'exchange',
        staff_id: supportId,
        note: `Held for exchange #${id}`,
      },
    ]);
    const decided = await mails(o.id, 'return-decided');
    expect(decided).toHaveLength(1);
    expect(decided[0]!.recipient).toBe(s.email);
    expect(decided[0]!.data.extra).toEqual({
      kind: 'exchange',
      approved: true,
      note: 'Pack it in its bag.',
      items: [{ name: expect.any(String), size: 'M', quantity: 2, new_size: 'L' }],
      send_to: SHOP_ADDRESS,
    });
    expect((await admin(support, id, 'approve')).statusCode).toBe(409);

    expect(
      (await admin(packer, id, 'ship', { courier_name: 'DTDC', tracking_id: 'X1' })).json(),
    ).toEqual({
      error: `Exchange #${id} is not received yet: receive the shirts it replaces first.`,
    });

    const received = await admin(packer, id, 'receive');
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().return).toMatchObject({ status: 'received', refund: null });
    expect(await stockOf(t.db, p, 'M')).toBe(mBefore + 2);
    expect((await ledger(o.id)).at(-1)).toEqual({
      product_id: p,
      size: 'M',
      delta: 2,
      stock_after: mBefore + 2,
      reason: 'return',
      staff_id: packerId,
      note: `Came back in exchange #${id}`,
    });
    const refunds = await queryRows<{ id: number }>(
      t.db,
      sql`SELECT id FROM refunds WHERE order_id = ${o.id}`,
    );
    expect(refunds).toEqual([]);

    const shipped = await admin(packer, id, 'ship', {
      courier_name: 'DTDC',
      tracking_id: 'D7000123',
      tracking_link: 'https://www.dtdc.in/track/D7000123',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().return).toMatchObject({
      status: 'shipped',
      courier_name: 'DTDC',
      tracking_id: 'D7000123',
    });
    // By hand, the replacement is still a parcel of its own: no cash to collect, a label.
    expect(shipped.json().return.shipments).toEqual([
      expect.objectContaining({
        courier: 'manual',
        state: 'booked',
        awb: 'D7000123',
        courier_name: 'DTDC',
        return_id: id,
        cod_amount_paise: 0,
      }),
    ]);
    // The replacement came from the held stock: shipping moves nothing more.
    expect(await stockOf(t.db, p, 'L')).toBe(1);
    expect((await mails(o.id, 'exchange-shipped'))[0]!.data.extra).toEqual({
      courier_name: 'DTDC',
      tracking_id: 'D7000123',
      tracking_link: 'https://www.dtdc.in/track/D7000123',
    });
    expect((await audits(id)).map((a) => a.action)).toEqual([
      'approve',
      'receive',
      'ship-replacement',
    ]);

    const shopperPage = (await page(o.id)).json();
    expect(steps(shopperPage).slice(-4)).toEqual([
      'return_requested',
      'return_approved',
      'return_received',
      'exchange_shipped',
    ]);
    expect(shopperPage.timeline.at(-1)).toMatchObject({
      courier_name: 'DTDC',
      tracking_id: 'D7000123',
      tracking_link: 'https://www.dtdc.in/track/D7000123',
      kind: 'exchange',
    });
    expect(shopperPage.timeline.at(-3)).toMatchObject({ note: 'Pack it in its bag.' });
    expect(shopperPage.returns[0]).toMatchObject({ status: 'shipped', tracking_id: 'D7000123' });
  });

  it('refuses to approve an exchange to a sold-out size, and changes nothing', async () => {
    const p = await jersey({ M: 20, L: 1, XL: 0 });
    const o = await delivered([{ product_id: p, size: 'M', quantity: 2 }], 2658);
    const soldOut = (
      await ask({
        order_id: o.id,
        kind: 'exchange',
        reason: 'Too small',
        items: [{ order_item_id: o.items[0], quantity: 1, exchange_size: 'XL' }],
      })
    ).json().returns[0].id as number;
    const res = await admin(support, soldOut, 'approve');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(
      / in size XL is sold out, so this exchange cannot be approved now\.$/,
    );
    expect(await returnRow(soldOut)).toEqual({
      status: 'requested',
      decision_note: '',
      decided_by: null,
    });
    expect(await ledger(o.id)).toEqual([]);
    expect(await audits(soldOut)).toEqual([]);
    expect(await mails(o.id, 'return-decided')).toEqual([]);

    // Rejected with a note instead; then two of L asked while only one is left.
    await admin(support, soldOut, 'reject', { note: 'XL is sold out; ask for a return instead.' });
    const two = (
      await ask({
        order_id: o.id,
        kind: 'exchange',
        reason: 'Too small',
        items: [{ order_item_id: o.items[0], quantity: 2, exchange_size: 'L' }],
      })
    ).json().returns[1].id as number;
    const short = await admin(support, two, 'approve');
    expect(short.json()).toEqual({
      error: expect.stringMatching(/^Only 1 of .+ in size L is left; this exchange needs 2\.$/),
    });
    expect(await stockOf(t.db, p, 'L')).toBe(1);
  });

  it('two exchanges approved at once for the last shirt: one holds it, the other is refused', async () => {
    const p = await jersey({ M: 20, L: 1 });
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const who = await shopper(t);
      const o = await delivered([{ product_id: p, size: 'M', quantity: 1 }], 1359, {}, who);
      const res = await ask(
        {
          order_id: o.id,
          kind: 'exchange',
          reason: 'Too small',
          items: [{ order_item_id: o.items[0], quantity: 1, exchange_size: 'L' }],
        },
        who,
      );
      ids.push(res.json().returns[0].id as number);
    }
    const responses = await Promise.all(ids.map((id) => admin(support, id, 'approve')));
    expect(responses.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(t.db, p, 'L')).toBe(0);
    const rows = await queryRows<{ delta: number; stock_after: number }>(
      t.db,
      sql`SELECT delta, stock_after FROM stock_ledger
          WHERE product_id = ${p} AND reason = 'exchange'`,
    );
    expect(rows).toEqual([{ delta: -1, stock_after: 0 }]);
  });

  it('a return received: restocked, refunded its price less its coupon share, shipping kept', async () => {
    const p = await jersey();
    const coupon = await createCoupon(t.db, { kind: 'flat', value: 10_000 });
    // 2 × ₹1,299 + ₹60 − ₹100 = ₹2,558
    const o = await delivered([{ product_id: p, size: 'M', quantity: 2 }], 2558, {
      coupon_code: coupon.code,
    });
    const mBefore = await stockOf(t.db, p, 'M');
    const returnOne = async () => {
      const res = await ask({
        order_id: o.id,
        kind: 'return',
        reason: 'Did not fit',
        items: [{ order_item_id: o.items[0], quantity: 1 }],
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().returns.at(-1).id as number;
    };
    const first = await returnOne();
    const before = (await support.call('GET', `/api/admin/returns/${first}`)).json().return;
    // ₹1,299 less half of the ₹100 discount.
    expect(before.refund_due_paise).toBe(124_900);
    await admin(support, first, 'approve');
    const received = await admin(packer, first, 'receive');
    expect(received.statusCode, received.body).toBe(200);
    // The packer who received it is not shown the money; support is.
    expect(received.json().return).toMatchObject({ status: 'received', refund: null });
    expect((await support.call('GET', `/api/admin/returns/${first}`)).json().return).toMatchObject({
      status: 'received',
      refund: { amount_paise: 124_900, status: 'processed' },
      refund_due_paise: null,
    });
    expect(await stockOf(t.db, p, 'M')).toBe(mBefore + 1);
    expect(await ledger(o.id)).toEqual([
      expect.objectContaining({ size: 'M', delta: 1, reason: 'return', staff_id: packerId }),
    ]);

    const second = await returnOne();
    await admin(support, second, 'approve');
    await admin(packer, second, 'receive');
    const refunds = await queryRows<{
      amount_paise: number;
      idempotency_key: string;
      return_id: number;
    }>(
      t.db,
      sql`SELECT amount_paise, idempotency_key, return_id FROM refunds WHERE order_id = ${o.id}
          ORDER BY id`,
    );
    expect(refunds).toEqual([
      { amount_paise: 124_900, idempotency_key: returnRefundKey(first), return_id: first },
      { amount_paise: 124_900, idempotency_key: returnRefundKey(second), return_id: second },
    ]);
    // Everything came back: what was paid less the ₹60 shipping, which stays.
    const [paid] = await queryRows<{ total_paise: number; shipping_paise: number }>(
      t.db,
      sql`SELECT total_paise, shipping_paise FROM orders WHERE id = ${o.id}`,
    );
    expect(refunds.reduce((sum, r) => sum + r.amount_paise, 0)).toBe(
      paid!.total_paise - paid!.shipping_paise,
    );

    const body = (await page(o.id)).json();
    expect(body.timeline.filter((e: { step: string }) => e.step === 'refunded')).toEqual([
      expect.objectContaining({ amount: 1249 }),
      expect.objectContaining({ amount: 1249 }),
    ]);
    expect((await mails(o.id, 'order-refunded')).length).toBe(2);
  });

  it('rejects with a note for the shopper; an approved exchange’s hold goes back', async () => {
    const p = await jersey({ M: 20, L: 4 });
    const o = await delivered([{ product_id: p, size: 'M', quantity: 1 }], 1359);
    const id = (
      await ask({
        order_id: o.id,
        kind: 'exchange',
        reason: 'Too small',
        items: [{ order_item_id: o.items[0], quantity: 1, exchange_size: 'L' }],
      })
    ).json().returns[0].id as number;
    const blank = await admin(support, id, 'reject', { note: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toContain('Say why, for the shopper.');

    await admin(support, id, 'approve');
    expect(await stockOf(t.db, p, 'L')).toBe(3);
    const rejected = await admin(support, id, 'reject', {
      note: 'The parcel never reached us in 14 days.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().return.status).toBe('rejected');
    expect(await stockOf(t.db, p, 'L')).toBe(4);
    expect((await ledger(o.id)).map((l) => [l.delta, l.reason, l.note])).toEqual([
      [-1, 'exchange', `Held for exchange #${id}`],
      [1, 'exchange', `Hold of exchange #${id} released`],
    ]);
    const line = { name: expect.any(String), size: 'M', quantity: 1, new_size: 'L' };
    expect((await mails(o.id, 'return-decided')).map((m) => m.data.extra)).toEqual([
      { kind: 'exchange', approved: true, note: null, items: [line], send_to: SHOP_ADDRESS },
      {
        kind: 'exchange',
        approved: false,
        note: 'The parcel never reached us in 14 days.',
        items: [line],
      },
    ]);
    const body = (await page(o.id)).json();
    expect(body.returns[0]).toMatchObject({
      status: 'rejected',
      decision_note: 'The parcel never reached us in 14 days.',
    });
    expect(body.timeline.at(-1)).toMatchObject({
      step: 'return_rejected',
      note: 'The parcel never reached us in 14 days.',
    });
    expect((await admin(packer, id, 'receive')).json()).toEqual({
      error: `Exchange #${id} is not approved, so it cannot be received.`,
    });
  });

  it('refuses steps a role may not take, and unknown requests, changing nothing', async () => {
    const p = await jersey();
    const o = await delivered([{ product_id: p, size: 'M', quantity: 1 }], 1359);
    const id = (
      await ask({
        order_id: o.id,
        kind: 'return',
        reason: 'Changed my mind',
        items: [{ order_item_id: o.items[0], quantity: 1 }],
      })
    ).json().returns[0].id as number;
    const byPacker = await admin(packer, id, 'approve');
    expect(byPacker.statusCode).toBe(403);
    expect(byPacker.json()).toEqual({ error: 'Your role does not allow this.' });
    await admin(support, id, 'approve');
    const bySupport = await admin(support, id, 'receive');
    expect(bySupport.statusCode).toBe(403);
    expect(await returnRow(id)).toMatchObject({ status: 'approved' });
    expect((await admin(support, 999_999, 'approve')).json()).toEqual({
      error: 'Return not found.',
    });
    expect(
      (await admin(packer, id, 'ship', { courier_name: 'DTDC', tracking_id: 'X' })).json(),
    ).toEqual({ error: `Return #${id} is a return, so there is no replacement to ship.` });
  });

  it('lists waiting requests first, then the others, and pages across both', async () => {
    const all = (await support.call('GET', '/api/admin/returns?limit=200')).json();
    const statuses = all.returns.map((r: { status: string }) => r.status);
    const firstOther = statuses.findIndex((st: string) => st !== 'requested');
    expect(statuses.slice(firstOther).includes('requested')).toBe(false);
    expect(all.waiting).toBe(statuses.filter((st: string) => st === 'requested').length);

    const seen: number[] = [];
    let after: string | undefined;
    for (;;) {
      const res = await support.call(
        'GET',
        `/api/admin/returns?limit=2${after ? `&after=${after}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...res.json().returns.map((r: { id: number }) => r.id));
      after = res.json().next_after ?? undefined;
      if (!after) break;
    }
    expect(seen).toEqual(all.returns.map((r: { id: number }) => r.id));
    const bad = await support.call('GET', '/api/admin/returns?status=lost');
    expect(bad.statusCode).toBe(400);
  });
});

describe('printed shirts come back only when faulty (decision 051)', () => {
  let printedJersey: number;
  const LUNA = { name: 'Luna', number: 10 };

  beforeAll(async () => {
    const origin = new URL(t.config.publicUrl).origin;
    const manager = adminClient(t.app, origin, (await createStaff(t.db, 'manager')).cookie);
    printedJersey = await jersey();
    const res = await manager.call('PATCH', `/api/admin/products/${printedJersey}/printing`, {
      enabled: true,
      name_paise: 30_000,
      number_paise: 20_000,
      patch_paise: null,
      colour: '#FFFFFF',
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  /** A delivered order of a printed M (₹1,299 + ₹500 print) and a plain ₹1,299 M, ₹60 shipping. */
  async function printedAndPlain() {
    const plain = await jersey();
    return delivered(
      [
        { product_id: printedJersey, size: 'M', quantity: 1, print: LUNA },
        { product_id: plain, size: 'M', quantity: 1 },
      ],
      3158,
    );
  }
  const stored = (orderId: number) =>
    queryRows<{ id: number; kind: string; defect: boolean }>(
      t.db,
      sql`SELECT id, kind, defect FROM order_returns WHERE order_id = ${orderId} ORDER BY id`,
    );
  const events = (orderId: number) =>
    queryRows<{ data: Record<string, unknown> }>(
      t.db,
      sql`SELECT data FROM order_events WHERE order_id = ${orderId}
          AND type = 'return_requested' ORDER BY id`,
    );

  it('marks the printed line in what may be asked, and refuses it without a defect, storing nothing', async () => {
    const o = await printedAndPlain();
    const options = (await page(o.id)).json().return_options.items;
    expect(options.map((i: { printed?: boolean }) => i.printed)).toEqual([true, undefined]);
    expect(Object.keys(options[1])).not.toContain('printed');

    const attempts = [
      {
        kind: 'return',
        items: [{ order_item_id: o.items[0], quantity: 1 }],
      },
      {
        kind: 'exchange',
        defect: false,
        items: [
          { order_item_id: o.items[1], quantity: 1, exchange_size: 'L' },
          { order_item_id: o.items[0], quantity: 1, exchange_size: 'L' },
        ],
      },
    ];
    for (const attempt of attempts) {
      const res = await ask({ order_id: o.id, reason: 'Changed my mind', ...attempt });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ error: PRINTED_RETURN_REFUSAL });
    }
    const badFlag = await ask({
      order_id: o.id,
      kind: 'return',
      reason: 'Torn seam',
      defect: 'yes',
      items: [{ order_item_id: o.items[0], quantity: 1 }],
    });
    expect(badFlag.statusCode).toBe(400);
    expect(badFlag.json().error).toContain('defect must be true or false');
    expect(await stored(o.id)).toEqual([]);
    expect(await events(o.id)).toEqual([]);
    expect((await page(o.id)).json().returns).toEqual([]);
  });

  it('takes it when the shirt arrived faulty: the request, its event and the back office say so', async () => {
    const o = await printedAndPlain();
    const res = await ask({
      order_id: o.id,
      kind: 'exchange',
      reason: 'The number is peeling off',
      defect: true,
      items: [{ order_item_id: o.items[0], quantity: 1, exchange_size: 'L' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().returns[0]).toMatchObject({ kind: 'exchange', defect: true });
    const [row] = await stored(o.id);
    expect(row).toEqual({ id: expect.any(Number), kind: 'exchange', defect: true });
    expect((await events(o.id))[0]!.data).toEqual({
      return_id: row!.id,
      kind: 'exchange',
      defect: true,
    });

    const list = (
      await support.call('GET', '/api/admin/returns?status=requested&limit=200')
    ).json();
    expect(list.returns.find((r: { id: number }) => r.id === row!.id)).toMatchObject({
      defect: true,
    });
    const one = (await support.call('GET', `/api/admin/returns/${row!.id}`)).json().return;
    expect(one.defect).toBe(true);
    expect(one.lines).toEqual([
      expect.objectContaining({
        size: 'M',
        exchange_size: 'L',
        unit_price_paise: 179_900,
        print: { name: 'LUNA', number: 10, patch: false, price: 500 },
      }),
    ]);
  });

  /** A faulty printed M and a faulty plain M asked back, approved: the return's id and products. */
  async function faultyReturnApproved() {
    const o = await printedAndPlain();
    const [printedItem, plainItem] = await queryRows<{ product_id: number }>(
      t.db,
      sql`SELECT product_id FROM order_items WHERE order_id = ${o.id} ORDER BY id`,
    );
    const res = await ask({
      order_id: o.id,
      kind: 'return',
      reason: 'Both arrived with a torn seam',
      defect: true,
      items: [
        { order_item_id: o.items[0], quantity: 1 },
        { order_item_id: o.items[1], quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const returnId = res.json().returns[0].id as number;
    expect((await admin(support, returnId, 'approve')).statusCode).toBe(200);
    const stock = async () => ({
      printed: await stockOf(t.db, printedItem!.product_id, 'M'),
      plain: await stockOf(t.db, plainItem!.product_id, 'M'),
    });
    return { orderId: o.id, returnId, plainId: plainItem!.product_id, stock };
  }
  const receivedEvent = async (orderId: number) =>
    (
      await queryRows<{ data: Record<string, unknown> }>(
        t.db,
        sql`SELECT data FROM order_events WHERE order_id = ${orderId}
            AND type = 'return_received'`,
      )
    )[0]?.data;

  it('received, faulty shirts are refunded in full and kept out of stock; the timeline says how many', async () => {
    const f = await faultyReturnApproved();
    const before = await f.stock();
    const received = await admin(packer, f.returnId, 'receive');
    expect(received.statusCode, received.body).toBe(200);
    // ₹1,799 (shirt and print) + ₹1,299, no coupon; the ₹60 shipping is kept.
    expect(await refundOf(f.returnId)).toMatchObject({ amount_paise: 309_800 });
    expect(await f.stock()).toEqual(before);
    expect(await ledger(f.orderId)).toEqual([]);
    expect(await receivedEvent(f.orderId)).toMatchObject({ kept_out_of_stock: 2 });
    const timeline = (await support.call('GET', `/api/admin/orders/${f.orderId}`)).json()
      .events as { type: string; data: Record<string, unknown> }[];
    expect(timeline.find((e) => e.type === 'return_received')?.data).toMatchObject({
      kept_out_of_stock: 2,
    });
  });

  it('a faulty plain shirt goes back to stock when staff found it fit to sell; a printed one never', async () => {
    const f = await faultyReturnApproved();
    const before = await f.stock();
    const wrong = await admin(packer, f.returnId, 'receive', { restock: 'yes' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toContain('restock must be true or false');
    expect(
      (await support.call('GET', `/api/admin/returns/${f.returnId}`)).json().return,
    ).toMatchObject({
      status: 'approved',
    });

    const received = await admin(packer, f.returnId, 'receive', { restock: true });
    expect(received.statusCode, received.body).toBe(200);
    expect(await refundOf(f.returnId)).toMatchObject({ amount_paise: 309_800 });
    expect(await f.stock()).toEqual({ printed: before.printed, plain: before.plain + 1 });
    expect(await ledger(f.orderId)).toEqual([
      expect.objectContaining({ product_id: f.plainId, size: 'M', delta: 1, reason: 'return' }),
    ]);
    expect(await receivedEvent(f.orderId)).toMatchObject({ kept_out_of_stock: 1 });
  });

  it('plain lines as before: no defect needed, and one given is recorded', async () => {
    const o = await printedAndPlain();
    const plainReturn = await ask({
      order_id: o.id,
      kind: 'return',
      reason: 'Too big',
      items: [{ order_item_id: o.items[1], quantity: 1 }],
    });
    expect(plainReturn.statusCode, plainReturn.body).toBe(200);
    expect(Object.keys(plainReturn.json().returns[0])).not.toContain('defect');
    const [first] = await stored(o.id);
    expect(first!.defect).toBe(false);
    expect((await events(o.id))[0]!.data).toEqual({ return_id: first!.id, kind: 'return' });
    const one = (await support.call('GET', `/api/admin/returns/${first!.id}`)).json().return;
    expect(one.defect).toBe(false);
    expect(Object.keys(one.lines[0])).not.toContain('print');

    expect((await admin(support, first!.id, 'reject', { note: 'Worn' })).statusCode).toBe(200);
    const faulty = await ask({
      order_id: o.id,
      kind: 'return',
      reason: 'A hole in the sleeve',
      defect: true,
      items: [{ order_item_id: o.items[1], quantity: 1 }],
    });
    expect(faulty.statusCode, faulty.body).toBe(200);
    expect((await stored(o.id)).map((r) => r.defect)).toEqual([false, true]);
  });
});

describe('a cash-on-delivery order’s return is paid out by bank transfer', () => {
  let owner: AdminClient;
  beforeAll(async () => {
    owner = adminClient(
      t.app,
      new URL(t.config.publicUrl).origin,
      (await createStaff(t.db, 'owner')).cookie,
    );
    const on = await owner.call('PATCH', '/api/admin/settings', {
      cod_enabled: true,
      cod_fee_paise: 4900,
    });
    expect(on.statusCode, on.body).toBe(200);
  });

  /** A COD order of one ₹1,299 jersey to Kerala (₹1,408 with the fee), confirmed and delivered. */
  async function deliveredCod(who: Shopper) {
    const placed = await who.post(
      '/api/process_order.php',
      orderBody(who.id, [{ product_id: await jersey(), size: 'M', quantity: 1 }], 1408, {
        payment_method: 'COD',
      }),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const id = placed.json().order_id as number;
    const confirmed = await who.post('/api/order_confirm.php', { user_id: who.id, order_id: id });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await fulfilment.shipOrder(ctx, courier, id, {
      courierName: 'Delhivery',
      trackingId: `DLV${id}`,
      trackingLink: null,
      expectedDate: null,
    });
    await fulfilment.deliverOrder(ctx, courier, id);
    const [item] = await queryRows<{ id: number }>(
      t.db,
      sql`SELECT id FROM order_items WHERE order_id = ${id}`,
    );
    return { id, item: item!.id };
  }

  it('asks where to send the money, refunds nothing by itself, and closes with the UTR staff record', async () => {
    const who = await shopper(t);
    const o = await deliveredCod(who);
    const shown = (await page(o.id, who)).json();
    expect(shown.return_options).toMatchObject({ payout_needed: true });
    const body = {
      order_id: o.id,
      kind: 'return',
      reason: 'Too small',
      items: [{ order_item_id: o.item, quantity: 1 }],
    };
    const none = await ask(body, who);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ error: PAYOUT_NEEDED });
    const typo = await ask({ ...body, payout: { method: 'upi', upi_id: 'fan.okaxis' } }, who);
    expect(typo.statusCode).toBe(400);
    expect(typo.json().error).toContain('Enter your UPI id, like name@okaxis.');
    expect(
      await queryRows(t.db, sql`SELECT id FROM order_returns WHERE order_id = ${o.id}`),
    ).toEqual([]);

    const asked = await ask({ ...body, payout: { method: 'upi', upi_id: 'meera@okaxis' } }, who);
    expect(asked.statusCode, asked.body).toBe(200);
    const request = asked.json().returns.at(-1);
    expect(request.payout_to).toBe('UPI meera@okaxis');
    const staffView = (await support.call('GET', `/api/admin/returns/${request.id}`)).json();
    expect(staffView.return).toMatchObject({
      payout_to: 'UPI meera@okaxis',
      refund_due_paise: 129_900,
    });
    await admin(support, request.id, 'approve');
    expect((await admin(packer, request.id, 'receive')).statusCode).toBe(200);
    // Packers see no money: support reads the refund the receipt wrote.
    const received = await support.call('GET', `/api/admin/returns/${request.id}`);
    expect(received.json().return.refund).toMatchObject({
      amount_paise: 129_900,
      status: 'pending',
    });

    // Listed for staff as a transfer to make, with the UPI id in full; nothing mailed yet.
    const due = await owner.call('GET', '/api/admin/refunds?method=payout&status=pending');
    const payout = due.json().refunds.find((r: { order_id: number }) => r.order_id === o.id);
    expect(payout).toMatchObject({
      method: 'payout',
      amount_paise: 129_900,
      status: 'pending',
      payout_to: { method: 'upi', upi_id: 'meera@okaxis' },
      utr: null,
    });
    expect(await mails(o.id, 'order-refunded')).toEqual([]);
    const adminOrder = (await owner.call('GET', `/api/admin/orders/${o.id}`)).json();
    expect(adminOrder.refundable_paise).toBe(140_800 - 129_900);

    const bad = await owner.call('POST', `/api/admin/refunds/${payout.id}/payout`, { utr: '12' });
    expect(bad.statusCode).toBe(400);
    const done = await owner.call('POST', `/api/admin/refunds/${payout.id}/payout`, {
      utr: 'axisn52026112912',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'processed', utr: 'AXISN52026112912' });
    const again = await owner.call('POST', `/api/admin/refunds/${payout.id}/payout`, {
      utr: 'AXISN52026112912',
    });
    expect(again.statusCode).toBe(200);
    const other = await owner.call('POST', `/api/admin/refunds/${payout.id}/payout`, {
      utr: 'HDFCN52026112999',
    });
    expect(other.statusCode).toBe(409);
    const [mail] = await mails(o.id, 'order-refunded');
    expect(mail!.data.extra).toMatchObject({
      refund_paise: 129_900,
      paid_out_to: 'UPI meera@okaxis',
      utr: 'AXISN52026112912',
    });
    expect((await mails(o.id, 'order-refunded')).length).toBe(1);
    const timeline = steps((await page(o.id, who)).json());
    expect(timeline).toContain('refunded');
  });

  it('takes a bank account: holder, 9 to 18 digits and an IFSC, shown masked to support', async () => {
    const who = await shopper(t);
    const o = await deliveredCod(who);
    const body = {
      order_id: o.id,
      kind: 'return',
      reason: 'Wrong colour',
      items: [{ order_item_id: o.item, quantity: 1 }],
    };
    const wrong = await ask(
      {
        ...body,
        payout: {
          method: 'bank',
          account_name: 'Meera',
          account_number: '12ab',
          ifsc: 'SBIN1234567',
        },
      },
      who,
    );
    expect(wrong.statusCode).toBe(400);
    const asked = await ask(
      {
        ...body,
        payout: {
          method: 'bank',
          account_name: 'Meera Pillai',
          account_number: '012345678901',
          ifsc: 'sbin0070123',
        },
      },
      who,
    );
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().returns.at(-1).payout_to).toBe(
      'Meera Pillai, account ending 8901, IFSC SBIN0070123',
    );
  });

  it('a goodwill refund of a COD order is a transfer too: asked where to, then closed by its UTR', async () => {
    const who = await shopper(t);
    const o = await deliveredCod(who);
    const goodwill = (body: object) =>
      owner.call('POST', `/api/admin/orders/${o.id}/refunds`, {
        amount: '200',
        reason: 'Delivered two days late',
        idempotency_key: `goodwill-${o.id}-${Object.keys(body).length}`,
        ...body,
      });
    const none = await goodwill({});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      error: `Order #${o.id} was paid in cash on delivery: give the shopper's UPI id or bank account to transfer the refund to.`,
    });
    expect(await queryRows(t.db, sql`SELECT id FROM refunds WHERE order_id = ${o.id}`)).toEqual([]);
    const res = await goodwill({ payout: { method: 'upi', upi_id: 'meera@okaxis' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      refund: {
        method: 'payout',
        status: 'pending',
        amount_paise: 20_000,
        payout_to: { method: 'upi', upi_id: 'meera@okaxis' },
      },
      // ₹1,408 collected in cash, ₹200 of it to go back.
      refundable_paise: 140_800 - 20_000,
    });
    const done = await owner.call('POST', `/api/admin/refunds/${res.json().refund.id}/payout`, {
      utr: 'AXISN52026112977',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'processed', utr: 'AXISN52026112977' });
    // An order paid online refunds to its payment: a transfer's details are refused.
    const online = await paidOrder(
      t,
      who,
      [{ product_id: await jersey(), size: 'M', quantity: 1 }],
      1359,
    );
    const card = await owner.call('POST', `/api/admin/orders/${online}/refunds`, {
      amount: '100',
      reason: 'Delivered two days late',
      idempotency_key: `goodwill-card-${online}`,
      payout: { method: 'upi', upi_id: 'meera@okaxis' },
    });
    expect(card.statusCode).toBe(400);
    expect(card.json()).toEqual({
      error: `Order #${online} was paid online: its refund goes back to that payment, not by transfer.`,
    });
  });
});

describe('a return refunds what its credit note credits (issue 36)', () => {
  /** Asks for, approves and receives a return of one piece: the refund due shown, paid, credited. */
  async function returnOne(orderId: number, orderItemId: number) {
    const asked = await ask({
      order_id: orderId,
      kind: 'return',
      reason: 'Did not fit',
      items: [{ order_item_id: orderItemId, quantity: 1 }],
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const id = asked.json().returns.at(-1).id as number;
    await admin(support, id, 'approve');
    const due = (await support.call('GET', `/api/admin/returns/${id}`)).json().return
      .refund_due_paise as number;
    const received = await admin(packer, id, 'receive');
    expect(received.statusCode, received.body).toBe(200);
    const [refund] = await queryRows<{ amount_paise: number }>(
      t.db,
      sql`SELECT amount_paise FROM refunds WHERE return_id = ${id}`,
    );
    const [note] = await queryRows<{ total_paise: number }>(
      t.db,
      sql`SELECT total_paise FROM tax_documents WHERE kind = 'credit_note' AND return_id = ${id}`,
    );
    return { due, refunded: refund!.amount_paise, credited: note!.total_paise };
  }

  it('a coupon limited to one shirt: the other shirt comes back at its whole price', async () => {
    const discounted = await jersey();
    const band = await createProduct(t.db, { pricePaise: 295_001, sizes: { M: 5 } });
    const coupon = await createCoupon(t.db, {
      kind: 'flat',
      value: 20_000,
      productIds: [discounted],
    });
    // ₹1,299 + ₹2,950.01 + ₹60 shipping − ₹200 (on the ₹1,299 shirt only) = ₹4,109.01
    const o = await delivered(
      [
        { product_id: discounted, size: 'M', quantity: 1 },
        { product_id: band, size: 'M', quantity: 1 },
      ],
      4109.01,
      { coupon_code: coupon.code },
    );
    // The ₹2,950.01 shirt had none of the coupon: all of it comes back, and is credited.
    expect(await returnOne(o.id, o.items[1]!)).toEqual({
      due: 295_001,
      refunded: 295_001,
      credited: 295_001,
    });
    // The other: ₹1,299 less its own ₹200.
    expect(await returnOne(o.id, o.items[0]!)).toEqual({
      due: 109_900,
      refunded: 109_900,
      credited: 109_900,
    });
  });

  it('a coupon on every shirt: the refund and the note agree to the paisa', async () => {
    const dear = await jersey();
    const cheap = await createProduct(t.db, { pricePaise: 99_900, sizes: { M: 5 } });
    const coupon = await createCoupon(t.db, { kind: 'flat', value: 10_000 });
    // ₹1,299 + ₹999 + ₹60 − ₹100 = ₹2,258. The ₹100 by the lines' value, largest remainder:
    // 10000 × 1299 / 2298 = 5652.74 and 10000 × 999 / 2298 = 4347.26, the paisa left to the
    // first: ₹56.53 and ₹43.47. The ₹999 shirt comes back at 999.00 − 43.47 = ₹955.53.
    const o = await delivered(
      [
        { product_id: dear, size: 'M', quantity: 1 },
        { product_id: cheap, size: 'M', quantity: 1 },
      ],
      2258,
      { coupon_code: coupon.code },
    );
    expect(await returnOne(o.id, o.items[1]!)).toEqual({
      due: 95_553,
      refunded: 95_553,
      credited: 95_553,
    });
  });

  it('an order delivered before invoices were issued: what its invoice would have credited', async () => {
    const dear = await jersey();
    const cheap = await createProduct(t.db, { pricePaise: 99_900, sizes: { M: 5 } });
    const coupon = await createCoupon(t.db, { kind: 'flat', value: 10_000 });
    // The order above, delivered without going through the ship step (so with no invoice).
    const id = await paidOrder(
      t,
      s,
      [
        { product_id: dear, size: 'M', quantity: 1 },
        { product_id: cheap, size: 'M', quantity: 1 },
      ],
      2258,
      { coupon_code: coupon.code },
    );
    await t.db.execute(
      sql`UPDATE orders SET order_status = 'Completed', delivered_at = now() WHERE id = ${id}`,
    );
    const items = await queryRows<{ id: number }>(
      t.db,
      sql`SELECT id FROM order_items WHERE order_id = ${id} ORDER BY id`,
    );
    const cheapLine = items[1]!.id;
    const asked = await ask({
      order_id: id,
      kind: 'return',
      reason: 'Did not fit',
      items: [{ order_item_id: cheapLine, quantity: 1 }],
    });
    const returnId = asked.json().returns.at(-1).id as number;
    await admin(support, returnId, 'approve');
    const received = await admin(packer, returnId, 'receive');
    expect(received.statusCode, received.body).toBe(200);
    const seen = await support.call('GET', `/api/admin/returns/${returnId}`);
    expect(seen.json().return.refund).toMatchObject({ amount_paise: 95_553 });
  });
});
