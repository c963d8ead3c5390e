// An exchange's replacement through the courier seam (issue 36, item 26), end to end through
// the back office's calls and the sandbox courier's webhook: booked as a parcel of its own (the
// order's next reference, no cash to collect), its label and packing slip printed, tracked to
// the shopper's door — the exchange delivered, the order left as it was; a replacement that
// comes back undelivered, or is canceled before pickup, makes the exchange received again with
// its replacement still held, to be shipped again. The order's own parcel, label and
// settlement are untouched by its replacement's news.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { outboxMails, paidOrder, shopper, stockOf, type Shopper } from '../test/checkout.js';
import { createProduct } from '../test/factories.js';
import type { TestApp } from '../test/harness.js';
import { pdfText } from '../test/pdf.js';
import { startSandboxCourierShop, type SandboxCourierShop } from '../test/sandbox-courier.js';
import { createStaff } from '../test/staff.js';

let shop: SandboxCourierShop;
let t: TestApp;
let s: Shopper;
let jersey: number;
let packer: AdminClient;
let support: AdminClient;

beforeAll(async () => {
  shop = await startSandboxCourierShop();
  t = shop.t;
  const origin = new URL(t.config.publicUrl).origin;
  packer = adminClient(t.app, origin, (await createStaff(t.db, 'packer')).cookie);
  support = adminClient(t.app, origin, (await createStaff(t.db, 'support')).cookie);
  jersey = await createProduct(t.db, {
    name: 'Gokulam Kerala Home',
    pricePaise: 129_900,
    sizes: { M: 40, L: 40 },
  });
  s = await shopper(t);
});
afterAll(() => t?.close());

const after = (minutes: number) => shop.after(minutes);

/**
 * A shirt in M bought, shipped with the sandbox and delivered; then an exchange for L asked,
 * approved and received. `failing`: the consignee's name asks the sandbox for failed first
 * deliveries (the order's own parcel is then delivered on its second attempt).
 */
async function receivedExchange(failing = false) {
  const orderId = await paidOrder(t, s, [{ product_id: jersey, size: 'M', quantity: 1 }], 1359);
  if (failing) {
    await t.db.execute(
      sql`UPDATE orders SET shipping_address = jsonb_set(shipping_address, '{last_name}', '"FAIL"')
          WHERE id = ${orderId}`,
    );
  }
  const shipped = await packer.call('POST', `/api/admin/orders/${orderId}/shipments`, {
    courier: 'sandbox',
  });
  expect(shipped.statusCode, shipped.body).toBe(200);
  await after(4);
  if (failing) {
    const [own] = await parcels(orderId);
    await packer.call('POST', `/api/admin/shipments/${own!.id}/failed-delivery`, {
      action: 'reattempt',
    });
    await after(2);
  }
  expect(await orderStatus(orderId)).toBe('Completed');
  const [item] = await queryRows<{ id: number }>(
    t.db,
    sql`SELECT id FROM order_items WHERE order_id = ${orderId}`,
  );
  const asked = await s.post('/api/order_return.php', {
    user_id: s.id,
    order_id: orderId,
    kind: 'exchange',
    reason: 'Too tight',
    items: [{ order_item_id: item!.id, quantity: 1, exchange_size: 'L' }],
  });
  expect(asked.statusCode, asked.body).toBe(200);
  const returnId = asked.json().returns[0].id as number;
  expect((await step(support, returnId, 'approve')).statusCode).toBe(200);
  expect((await step(packer, returnId, 'receive')).statusCode).toBe(200);
  return { orderId, returnId };
}

const step = (client: AdminClient, id: number, name: string, body: object = {}) =>
  client.call('POST', `/api/admin/returns/${id}/${name}`, body);

const shipReplacement = (id: number, body: object = {}) =>
  packer.call('POST', `/api/admin/returns/${id}/shipments`, { courier: 'sandbox', ...body });

async function orderStatus(id: number) {
  const [row] = await queryRows<{ order_status: string }>(
    t.db,
    sql`SELECT order_status FROM orders WHERE id = ${id}`,
  );
  return row!.order_status;
}

async function parcels(orderId: number) {
  return queryRows<{
    id: number;
    reference: string;
    state: string;
    awb: string | null;
    return_id: number | null;
    cod_amount_paise: number;
    attempts: number;
  }>(
    t.db,
    sql`SELECT id, reference, state, awb, return_id, cod_amount_paise, attempts
        FROM shipments WHERE order_id = ${orderId} ORDER BY id`,
  );
}

async function exchange(id: number) {
  const res = await packer.call('GET', `/api/admin/returns/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().return;
}

async function shopperPage(orderId: number) {
  const res = await s.post('/api/orders.php', { user_id: s.id, order_id: orderId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe("an exchange's replacement with a courier", () => {
  it('is booked as its own parcel, labelled, packed and tracked to the door', async () => {
    const { orderId, returnId } = await receivedExchange();
    const lBefore = await stockOf(t.db, jersey, 'L');

    // The packing slip first: the order's ship-to, the new size, no prices.
    const slip = await packer.call('GET', `/api/admin/returns/${returnId}/packing-slip`);
    expect(slip.statusCode, slip.body).toBe(200);
    expect(slip.headers['content-type']).toBe('application/pdf');
    const slipText = await pdfText(slip.rawPayload);
    expect(slipText).toContain(`Order #${orderId} · Exchange #${returnId}`);
    expect(slipText).toContain('Replacement: the sizes asked for');
    expect(slipText).toMatch(/Gokulam Kerala Home\s+L\s+1/);
    expect(slipText).not.toContain('1,299');

    const res = await shipReplacement(returnId, { weight_grams: 350 });
    expect(res.statusCode, res.body).toBe(200);
    const awb = `SBX${String(orderId).padStart(8, '0')}02`;
    expect(res.json().return).toMatchObject({
      status: 'shipped',
      tracking_id: awb,
      shipments: [
        {
          courier: 'sandbox',
          reference: `KR-${orderId}-2`,
          state: 'booked',
          awb,
          return_id: returnId,
          cod_amount_paise: 0,
          weight_grams: 350,
        },
      ],
    });
    // The replacement was held at approval: shipping takes no more stock.
    expect(await stockOf(t.db, jersey, 'L')).toBe(lBefore);

    // It travels under a delivery challan against the order's invoice: the piece's value
    // (₹1,299 within Kerala at 5%: 1,237.14 taxable), no tax charged (CGST Rule 55).
    const [challan] = res.json().return.challans;
    expect(challan).toMatchObject({ number: expect.stringMatching(/^DC\/\d{2}-\d{2}\/\d{6}$/) });
    const challanPdf = await packer.call('GET', `/api/admin/delivery-challans/${challan.id}`);
    expect(challanPdf.statusCode, challanPdf.body).toBe(200);
    const challanText = await pdfText(challanPdf.rawPayload);
    const [invoice] = await queryRows<{ number: string }>(
      t.db,
      sql`SELECT number FROM tax_documents WHERE order_id = ${orderId} AND kind = 'invoice'`,
    );
    for (const shown of [
      'DELIVERY CHALLAN',
      `Challan No. ${challan.number}`,
      `Against invoice ${invoice!.number}`,
      'Gokulam Kerala Home (L)',
      'Not a supply: goods sent in exchange, no tax charged',
      `Replacement in exchange #${returnId}: goods sent without consideration`,
    ]) {
      expect(challanText.replace(/\s+/g, ' ')).toContain(shown);
    }
    expect(challanText).toMatch(/Value of goods\s+₹1,237\.14/);
    expect(challanText).not.toMatch(/CGST|SGST|IGST/);
    // No supply: the month's GSTR-1 sums leave it out, and Table 13 counts its series.
    const owner = adminClient(
      t.app,
      new URL(t.config.publicUrl).origin,
      (await createStaff(t.db, 'owner')).cookie,
    );
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const docs = await owner.call('GET', `/api/admin/tax/gstr1?month=${month}&section=docs`);
    expect(docs.body).toContain(
      'Delivery Challan in cases other than by way of supply (excluding at S no. 9 to 11)',
    );
    const summary = (await owner.call('GET', `/api/admin/tax/summary?month=${month}`)).json();
    const [invoices] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM tax_documents WHERE kind = 'invoice'
          AND to_char(issued_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM') = ${month}`,
    );
    expect(summary.invoices.count).toBe(invoices!.n);
    expect(summary.credit_notes.count).toBe(0);

    // Its label is the replacement's; the order's own labels stay the order's parcel.
    const label = await packer.call('GET', `/api/admin/returns/${returnId}/label`);
    expect(label.statusCode, label.body).toBe(200);
    expect(await pdfText(label.rawPayload)).toContain(awb);
    const ownLabel = await packer.call('GET', `/api/admin/orders/labels?ids=${orderId}`);
    expect(ownLabel.statusCode, ownLabel.body).toBe(200);
    const ownText = await pdfText(ownLabel.rawPayload);
    expect(ownText).toContain(`SBX${String(orderId).padStart(8, '0')}01`);
    expect(ownText).not.toContain(awb);

    // Staff see both parcels on the order, the replacement marked with its exchange.
    const onOrder = (await packer.call('GET', `/api/admin/orders/${orderId}/shipments`)).json();
    expect(
      onOrder.shipments.map((p: { reference: string; return_id: number | null }) => [
        p.reference,
        p.return_id,
      ]),
    ).toEqual([
      [`KR-${orderId}-1`, null],
      [`KR-${orderId}-2`, returnId],
    ]);

    await after(4);
    expect((await parcels(orderId)).map((p) => p.state)).toEqual(['delivered', 'delivered']);
    const done = await exchange(returnId);
    expect(done).toMatchObject({ status: 'delivered', delivered_at: expect.any(String) });
    expect(done.shipments[0].events.map((e: { state: string }) => e.state)).toEqual([
      'picked_up',
      'in_transit',
      'out_for_delivery',
      'delivered',
    ]);
    // The order stays as it was: delivered once, no second set of courier steps on its page.
    expect(await orderStatus(orderId)).toBe('Completed');
    const page = await shopperPage(orderId);
    const steps = page.timeline.map((e: { step: string }) => e.step);
    expect(steps.filter((x: string) => x === 'delivered')).toHaveLength(1);
    expect(steps.filter((x: string) => x === 'out_for_delivery')).toHaveLength(1);
    expect(steps.slice(-2)).toEqual(['exchange_shipped', 'exchange_delivered']);
    expect(page.timeline.at(-1)).toMatchObject({ return_id: returnId, kind: 'exchange' });
    expect(page.returns[0]).toMatchObject({ id: returnId, status: 'delivered' });
    const subjects = (await outboxMails(t))
      .filter((m) => m.subject.includes(`#${orderId}`))
      .map((m) => m.subject);
    expect(subjects.filter((x) => x.includes('out for delivery'))).toHaveLength(1);

    // Nothing more to ship; the courier repeating itself changes nothing.
    expect((await shipReplacement(returnId)).json()).toEqual({
      error: `Exchange #${returnId} is replacement delivered, so it cannot be shipped.`,
    });
  });

  it('retries a failed booking with the same reference, and refuses a second way meanwhile', async () => {
    const { orderId, returnId } = await receivedExchange();
    shop.failNextBookings(1);
    const refused = await shipReplacement(returnId);
    expect(refused.statusCode, refused.body).toBe(502);
    expect(refused.json()).toEqual({
      error: 'The courier could not book the parcel: Courier service is down (test)',
    });
    expect((await exchange(returnId)).status).toBe('received');
    // By hand while a booking waits: refused, so the shopper gets one parcel.
    const byHand = await step(packer, returnId, 'ship', {
      courier_name: 'DTDC',
      tracking_id: 'D1',
    });
    expect(byHand.json()).toEqual({
      error: `Exchange #${returnId} has a booking with the sandbox courier waiting (KR-${orderId}-2); retry it or cancel it first.`,
    });
    const again = await shipReplacement(returnId);
    expect(again.statusCode, again.body).toBe(200);
    expect((await parcels(orderId)).filter((p) => p.return_id === returnId)).toEqual([
      expect.objectContaining({ reference: `KR-${orderId}-2`, state: 'booked', attempts: 2 }),
    ]);
  });

  it('canceled before pickup: the exchange is received again and ships again by hand', async () => {
    const { orderId, returnId } = await receivedExchange();
    const booked = (await shipReplacement(returnId)).json().return.shipments[0];
    const cancel = await packer.call('POST', `/api/admin/shipments/${booked.id}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    // The order is not unshipped or packed again: its own parcel was delivered.
    expect(cancel.json().order.order).toMatchObject({ stage: 'completed' });
    expect(await exchange(returnId)).toMatchObject({
      status: 'received',
      shipped_at: null,
      tracking_id: null,
    });
    const lHeld = await stockOf(t.db, jersey, 'L');
    const byHand = await step(packer, returnId, 'ship', {
      courier_name: 'India Post',
      tracking_id: 'EE123456789IN',
    });
    expect(byHand.statusCode, byHand.body).toBe(200);
    expect(byHand.json().return.shipments.map((p: { state: string }) => p.state)).toEqual([
      'canceled',
      'booked',
    ]);
    expect(byHand.json().return.shipments[1]).toMatchObject({
      courier: 'manual',
      reference: `KR-${orderId}-3`,
      awb: 'EE123456789IN',
    });
    expect(await stockOf(t.db, jersey, 'L')).toBe(lHeld);
    // A label of our own for a parcel shipped by hand.
    const label = await packer.call('GET', `/api/admin/returns/${returnId}/label`);
    expect(label.statusCode, label.body).toBe(200);
    expect(await pdfText(label.rawPayload)).toContain('EE123456789IN');
  });

  it('back at the shop undelivered: received again, the replacement still held, shipped again', async () => {
    const { orderId, returnId } = await receivedExchange(true);
    const lHeld = await stockOf(t.db, jersey, 'L');
    const booked = (await shipReplacement(returnId)).json().return.shipments[0];
    await after(4);
    // Its failed delivery waits for the staff and is the shopper's to know.
    const queue = (await packer.call('GET', '/api/admin/deliveries/failed')).json();
    expect(queue.deliveries).toContainEqual(
      expect.objectContaining({ shipment_id: booked.id, order_id: orderId }),
    );
    const failedMails = (await outboxMails(t)).filter((m) =>
      m.subject.includes(`#${orderId} could not be delivered`),
    );
    expect(failedMails).toHaveLength(2);
    const answer = await packer.call('POST', `/api/admin/shipments/${booked.id}/failed-delivery`, {
      action: 'return',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    await after(1);
    await after(2);
    expect((await parcels(orderId)).at(-1)).toMatchObject({ state: 'rto_delivered' });

    // Not the order's return to origin: no cancel, no refund, no credit note, no stock moved.
    expect(await orderStatus(orderId)).toBe('Completed');
    const money = await queryRows(t.db, sql`SELECT id FROM refunds WHERE order_id = ${orderId}`);
    expect(money).toEqual([]);
    const notes = await queryRows(
      t.db,
      sql`SELECT id FROM tax_documents WHERE order_id = ${orderId} AND kind = 'credit_note'`,
    );
    expect(notes).toEqual([]);
    expect(await stockOf(t.db, jersey, 'L')).toBe(lHeld);
    expect(await exchange(returnId)).toMatchObject({ status: 'received', tracking_id: null });
    const page = await shopperPage(orderId);
    expect(page.timeline.at(-1)).toMatchObject({
      step: 'exchange_returned',
      return_id: returnId,
      note: 'The replacement came back to us undelivered; it is to be shipped again.',
    });

    // The courier repeating itself changes nothing; the replacement ships again.
    const repeat = await t.app.inject({
      method: 'POST',
      url: '/api/parcel-updates/sandbox',
      payload: {
        event_id: 'replacement-rto-again',
        awb: booked.awb,
        state: 'rto_delivered',
        occurred_at: shop.clock.toISOString(),
        location: null,
        note: null,
      },
      headers: shop.sandbox.webhookHeaders(),
    });
    expect(repeat.statusCode).toBe(200);
    expect((await exchange(returnId)).status).toBe('received');
    const again = await step(packer, returnId, 'ship', {
      courier_name: 'DTDC',
      tracking_id: 'D7000999',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().return).toMatchObject({ status: 'shipped', tracking_id: 'D7000999' });
    // Each parcel its own challan: the one that came back and the one shipped again.
    expect(again.json().return.challans).toHaveLength(2);
  });

  it('refuses a label or a packing slip for a replacement not yet there', async () => {
    const { returnId } = await receivedExchange();
    const label = await packer.call('GET', `/api/admin/returns/${returnId}/label`);
    expect(label.statusCode).toBe(409);
    expect(label.json()).toEqual({
      error: `Exchange #${returnId} has no booked replacement parcel to label.`,
    });
    const missing = await packer.call('GET', '/api/admin/returns/999999/packing-slip');
    expect(missing.statusCode).toBe(404);
  });

  it('keeps a tracking id to one live parcel: refused on another, free again once canceled', async () => {
    const first = await receivedExchange();
    const second = await receivedExchange();
    const by = (id: number) =>
      step(packer, id, 'ship', { courier_name: 'DTDC', tracking_id: `D-${first.orderId}` });
    const shipped = await by(first.returnId);
    expect(shipped.statusCode, shipped.body).toBe(200);
    const clash = await by(second.returnId);
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({
      error: `Tracking id D-${first.orderId} is already on another parcel (KR-${first.orderId}-2, order #${first.orderId}): each parcel has its own.`,
    });
    expect((await exchange(second.returnId)).status).toBe('received');
    // The first was a mistake: canceled, its tracking id goes on the right parcel.
    const parcel = shipped.json().return.shipments[0];
    expect((await packer.call('POST', `/api/admin/shipments/${parcel.id}/cancel`)).statusCode).toBe(
      200,
    );
    const right = await by(second.returnId);
    expect(right.statusCode, right.body).toBe(200);
  });
});
