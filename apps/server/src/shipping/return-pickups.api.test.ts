// A return's pickup through the courier seam (issue 41, item 5; decision 067), end to end
// through the back office's calls and the sandbox courier's webhook: approving a return with a
// courier books the pickup from the shopper's address (a parcel travelling back, the order's
// next reference, nothing to collect), the shopper is told by mail and on the order's page, the
// courier's news (picked up, delivered at the shop, or canceled after failed attempts) goes on
// the timeline and moves neither the order nor the return: the staff receive the pieces once
// they have looked at them, and only then is the return refunded. A pickup still to come
// blocks receiving and rejecting until it is canceled.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { outboxMails, paidOrder, shopper, stockOf, type Shopper } from '../test/checkout.js';
import { createProduct } from '../test/factories.js';
import type { TestApp } from '../test/harness.js';
import { startSandboxCourierShop, type SandboxCourierShop } from '../test/sandbox-courier.js';
import { createStaff } from '../test/staff.js';

let shop: SandboxCourierShop;
let t: TestApp;
let s: Shopper;
let jersey: number;
let packer: AdminClient;
let manager: AdminClient;

beforeAll(async () => {
  shop = await startSandboxCourierShop();
  t = shop.t;
  const origin = new URL(t.config.publicUrl).origin;
  packer = adminClient(t.app, origin, (await createStaff(t.db, 'packer')).cookie);
  manager = adminClient(t.app, origin, (await createStaff(t.db, 'manager')).cookie);
  jersey = await createProduct(t.db, {
    name: 'Kerala Blasters Away',
    pricePaise: 149_900,
    sizes: { M: 40, L: 40 },
  });
  s = await shopper(t);
});
afterAll(() => t?.close());

/**
 * A shirt bought, shipped with the sandbox and delivered, then a return (or an exchange for L)
 * asked for. `fail`: the delivery address's name asks the sandbox's courier to fail the pickup.
 */
async function askedReturn(kind: 'return' | 'exchange' = 'return', fail = false) {
  const orderId = await paidOrder(t, s, [{ product_id: jersey, size: 'M', quantity: 1 }], 1559);
  const shipped = await packer.call('POST', `/api/admin/orders/${orderId}/shipments`, {
    courier: 'sandbox',
  });
  expect(shipped.statusCode, shipped.body).toBe(200);
  await shop.after(4);
  expect(await orderStatus(orderId)).toBe('Completed');
  if (fail) {
    await t.db.execute(
      sql`UPDATE orders SET shipping_address = jsonb_set(shipping_address, '{last_name}', '"FAIL"')
          WHERE id = ${orderId}`,
    );
  }
  const [item] = await queryRows<{ id: number }>(
    t.db,
    sql`SELECT id FROM order_items WHERE order_id = ${orderId}`,
  );
  const asked = await s.post('/api/order_return.php', {
    user_id: s.id,
    order_id: orderId,
    kind,
    reason: kind === 'exchange' ? 'Too tight' : 'Not what I expected',
    items: [
      {
        order_item_id: item!.id,
        quantity: 1,
        ...(kind === 'exchange' ? { exchange_size: 'L' } : {}),
      },
    ],
  });
  expect(asked.statusCode, asked.body).toBe(200);
  return { orderId, returnId: asked.json().returns[0].id as number };
}

const step = (client: AdminClient, id: number, name: string, body: object = {}) =>
  client.call('POST', `/api/admin/returns/${id}/${name}`, body);

async function orderStatus(id: number) {
  const [row] = await queryRows<{ order_status: string }>(
    t.db,
    sql`SELECT order_status FROM orders WHERE id = ${id}`,
  );
  return row!.order_status;
}

async function theReturn(id: number) {
  const res = await manager.call('GET', `/api/admin/returns/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().return;
}

async function shopperSteps(orderId: number) {
  const res = await s.post('/api/orders.php', { user_id: s.id, order_id: orderId });
  expect(res.statusCode, res.body).toBe(200);
  return (
    res.json().timeline as { step: string; note: string | null; courier_name: string | null }[]
  ).filter((e) => e.step.startsWith('return_'));
}

async function mailsAbout(orderId: number) {
  return (await outboxMails(t)).filter((m) => m.subject.includes(`#${orderId}`));
}

describe("a return's pickup with the courier", () => {
  it('is booked at approval, collected, delivered at the shop, and refunded only once received', async () => {
    const { orderId, returnId } = await askedReturn();
    const awb = `SBX${String(orderId).padStart(8, '0')}02`;

    const approved = await step(manager, returnId, 'approve', { pickup_courier: 'sandbox' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().return).toMatchObject({
      status: 'approved',
      shipments: [],
      pickups: [
        {
          direction: 'reverse',
          courier: 'sandbox',
          reference: `KR-${orderId}-2`,
          state: 'booked',
          awb,
          return_id: returnId,
          cod_amount_paise: 0,
          may_cancel: true,
        },
      ],
    });

    // The shopper is told the courier will come, not where to send the parcel, then its waybill.
    const mails = await mailsAbout(orderId);
    const decided = mails.find((m) => m.subject.includes('your return is approved'))!;
    expect(decided.text).toContain('Our courier will collect the parcel from you');
    expect(decided.text).not.toContain('Send the parcel to');
    const booked = mails.find((m) => m.subject.includes('the pickup of your return is booked'))!;
    expect(booked.text).toContain('Kitroom Sandbox Courier will collect the parcel');
    expect(booked.text).toContain(awb);
    expect(await shopperSteps(orderId)).toEqual([
      expect.objectContaining({ step: 'return_requested' }),
      expect.objectContaining({ step: 'return_approved' }),
      expect.objectContaining({
        step: 'return_pickup_booked',
        courier_name: 'Kitroom Sandbox Courier',
      }),
    ]);

    // Until the courier collects it, the staff can neither receive nor reject it.
    const early = await step(packer, returnId, 'receive');
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(
      `Return #${returnId} has a courier pickup still to come (KR-${orderId}-2): cancel the pickup first, or wait for the courier to collect the parcel.`,
    );
    const rejected = await step(manager, returnId, 'reject', { note: 'Changed our mind' });
    expect(rejected.statusCode).toBe(409);
    expect(rejected.json().error).toBe(
      `Return #${returnId} has a courier pickup booked (KR-${orderId}-2): cancel the pickup before rejecting it.`,
    );

    // Collected, carried, delivered at the shop: on the timeline; the order and return stay.
    await shop.after(3);
    const arrived = await theReturn(returnId);
    expect(arrived.status).toBe('approved');
    expect(arrived.pickups[0].state).toBe('delivered');
    expect(arrived.pickups[0].events.map((e: { state: string }) => e.state)).toEqual([
      'picked_up',
      'in_transit',
      'delivered',
    ]);
    expect(await orderStatus(orderId)).toBe('Completed');
    expect((await shopperSteps(orderId)).map((e) => e.step)).toEqual([
      'return_requested',
      'return_approved',
      'return_pickup_booked',
      'return_picked_up',
      'return_arrived',
    ]);
    // The order's own parcel is untouched by its pickup's news.
    const own = await queryRows<{ state: string; direction: string }>(
      t.db,
      sql`SELECT state, direction FROM shipments WHERE order_id = ${orderId} ORDER BY id`,
    );
    expect(own).toEqual([
      { state: 'delivered', direction: 'forward' },
      { state: 'delivered', direction: 'reverse' },
    ]);

    // The staff look at the shirt and receive it: back in stock, refunded by the rule.
    const before = await stockOf(t.db, jersey, 'M');
    const received = await step(packer, returnId, 'receive');
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().return.status).toBe('received');
    expect(await stockOf(t.db, jersey, 'M')).toBe(before + 1);
    const [refund] = await queryRows<{ amount_paise: number }>(
      t.db,
      sql`SELECT amount_paise FROM refunds WHERE return_id = ${returnId}`,
    );
    expect(refund!.amount_paise).toBe(149_900);
  });

  it("waits with the courier's error when booking fails, and books on the retry with the same reference", async () => {
    const { orderId, returnId } = await askedReturn();
    shop.failNextBookings(1);
    const approved = await step(manager, returnId, 'approve', { pickup_courier: 'sandbox' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().return).toMatchObject({
      status: 'approved',
      pickups: [
        {
          state: 'booking',
          attempts: 1,
          last_error: 'Courier service is down (test)',
          may_retry: true,
        },
      ],
    });
    expect(
      (await mailsAbout(orderId)).filter((m) => m.subject.includes('pickup of your return')),
    ).toEqual([]);

    const retried = await step(packer, returnId, 'pickup', { courier: 'sandbox' });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().return.pickups).toEqual([
      expect.objectContaining({ reference: `KR-${orderId}-2`, state: 'booked', attempts: 2 }),
    ]);
    // A second booking while one is live is refused.
    const again = await step(packer, returnId, 'pickup', { courier: 'sandbox' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(
      `Return #${returnId} already has a pickup booked (KR-${orderId}-2).`,
    );
    expect(
      (await mailsAbout(orderId)).filter((m) => m.subject.includes('pickup of your return')),
    ).toHaveLength(1);
  });

  it('canceled by the staff before collection leaves the return approved, free to reject or book again', async () => {
    const { orderId, returnId } = await askedReturn();
    const approved = await step(manager, returnId, 'approve', { pickup_courier: 'sandbox' });
    const pickup = approved.json().return.pickups[0];
    const canceled = await packer.call('POST', `/api/admin/shipments/${pickup.id}/cancel`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    const r = await theReturn(returnId);
    expect(r.status).toBe('approved');
    expect(r.pickups[0]).toMatchObject({ state: 'canceled', may_cancel: false });
    // Nothing is collected after the cancel, and the order's own parcel stays delivered.
    await shop.after(5);
    expect((await theReturn(returnId)).pickups[0].events).toEqual([]);
    expect(await orderStatus(orderId)).toBe('Completed');

    const booked = await step(packer, returnId, 'pickup', { courier: 'sandbox' });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json().return.pickups.map((p: { reference: string }) => p.reference)).toEqual([
      `KR-${orderId}-2`,
      `KR-${orderId}-3`,
    ]);
  });

  it('canceled by the courier after failed attempts tells the shopper why and may be booked again', async () => {
    const { orderId, returnId } = await askedReturn('return', true);
    await step(manager, returnId, 'approve', { pickup_courier: 'sandbox' });
    await shop.after(2);
    const r = await theReturn(returnId);
    expect(r.status).toBe('approved');
    expect(r.pickups[0].state).toBe('canceled');
    const steps = await shopperSteps(orderId);
    expect(steps.at(-1)).toMatchObject({
      step: 'return_pickup_canceled',
      note: 'Pickup canceled: shopper not available after 3 attempts',
    });
    const again = await step(packer, returnId, 'pickup', { courier: 'sandbox' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().return.pickups.at(-1).state).toBe('booked');
  });

  it('shows the shopper where the pickup stands, and may be rejected once the parcel is at the shop', async () => {
    const { orderId, returnId } = await askedReturn();
    const pickupSeen = async () => {
      const res = await s.post('/api/orders.php', { user_id: s.id, order_id: orderId });
      return res.json().returns[0].pickup;
    };
    expect(await pickupSeen()).toBeUndefined();
    await step(manager, returnId, 'approve', { pickup_courier: 'sandbox' });
    const awb = `SBX${String(orderId).padStart(8, '0')}02`;
    expect(await pickupSeen()).toEqual({
      state: 'booked',
      courier_name: 'Kitroom Sandbox Courier',
      tracking_id: awb,
      tracking_link: expect.stringContaining(`/reviewOrdersDetails/${orderId}`),
    });
    await shop.after(1);
    expect((await pickupSeen()).state).toBe('on_its_way');
    const onItsWay = await step(manager, returnId, 'reject', { note: 'Worn' });
    expect(onItsWay.statusCode).toBe(409);
    expect(onItsWay.json().error).toBe(
      `Return #${returnId}'s parcel is on its way back to us (KR-${orderId}-2): wait for it to arrive.`,
    );
    await shop.after(2);
    expect((await pickupSeen()).state).toBe('arrived');
    // The shirt came back worn: the staff may still say no.
    const rejected = await step(manager, returnId, 'reject', { note: 'The shirt has been worn.' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().return.status).toBe('rejected');
  });

  it("keeps an exchange's pickup apart from its replacement parcel", async () => {
    const { orderId, returnId } = await askedReturn('exchange');
    const approved = await step(manager, returnId, 'approve', { pickup_courier: 'sandbox' });
    expect(approved.statusCode, approved.body).toBe(200);
    await shop.after(3);
    expect((await step(packer, returnId, 'receive')).statusCode).toBe(200);
    const shipped = await packer.call('POST', `/api/admin/returns/${returnId}/shipments`, {
      courier: 'sandbox',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const r = shipped.json().return;
    expect(r.status).toBe('shipped');
    expect(r.pickups).toEqual([
      expect.objectContaining({
        reference: `KR-${orderId}-2`,
        direction: 'reverse',
        state: 'delivered',
      }),
    ]);
    expect(r.shipments).toEqual([
      expect.objectContaining({
        reference: `KR-${orderId}-3`,
        direction: 'forward',
        state: 'booked',
      }),
    ]);
    await shop.after(4);
    expect((await theReturn(returnId)).status).toBe('delivered');
  });

  it('refuses a pickup for a request not approved, an unknown courier, or a bad body', async () => {
    const { returnId } = await askedReturn();
    const early = await step(packer, returnId, 'pickup', { courier: 'sandbox' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(
      `Return #${returnId} must be approved before a pickup is booked.`,
    );

    const unknown = await step(manager, returnId, 'approve', { pickup_courier: 'dhl' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('pickup_courier must be sandbox or shiprocket');
    const notOffered = await step(manager, returnId, 'approve', { pickup_courier: 'shiprocket' });
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().error).toBe('The shiprocket courier is not enabled on this shop.');
    // Support decides returns but does not book couriers (orders.fulfil).
    const support = adminClient(
      t.app,
      new URL(t.config.publicUrl).origin,
      (await createStaff(t.db, 'support')).cookie,
    );
    const bySupport = await step(support, returnId, 'approve', { pickup_courier: 'sandbox' });
    expect(bySupport.statusCode).toBe(403);
    expect(bySupport.json().error).toBe(
      'Booking a courier pickup needs the orders.fulfil permission: approve without it, and a packer books the pickup.',
    );
    // None of the refusals approved it.
    expect((await theReturn(returnId)).status).toBe('requested');

    const weight = await step(manager, returnId, 'approve', {});
    expect(weight.statusCode).toBe(200);
    const bad = await step(packer, returnId, 'pickup', { courier: 'sandbox', weight_grams: -5 });
    expect(bad.statusCode).toBe(400);
    expect((await theReturn(returnId)).pickups).toEqual([]);
  });
});
