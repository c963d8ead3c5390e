// Each invariant of order-invariants.ts catches the bug it is there for: a shop is taken
// through real orders (paid and returned with a coupon, cash on delivery returned with a
// payout, one live), the rules find nothing, then each test corrupts rows as a bug would
// have left them — inside a transaction rolled back afterwards — and reads the violation.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../db/client.js';
import { queryRows } from '../db/sql.js';
import { documentNumber } from '../tax/tax-series.js';
import { checkInvariants, describeViolations, type Violation } from './order-invariants.js';
import {
  Checkout,
  ConfirmCod,
  DeliverByHand,
  newWorld,
  openShop,
  PayPage,
  RequestReturn,
  ReturnStep,
  runScript,
  Ship,
  type Shop,
  type World,
} from './order-life.js';

let shop: Shop;
let w: World;
/** The online order with a coupon, delivered, one shirt returned and refunded. */
let paidId: number;
/** The cash-on-delivery order, delivered, one shirt returned, its payout waiting. */
let codId: number;
/** An online order paid and not yet shipped. */
let liveId: number;

beforeAll(async () => {
  shop = await openShop();
  w = await newWorld(shop);
  await runScript(w, [
    new Checkout(
      0,
      [
        { product: 0, size: 1, quantity: 1 },
        { product: 1, size: 0, quantity: 1 },
      ],
      'shirt',
      false,
      false,
    ),
    new PayPage(0, 'paid', false),
    new Ship(0, 'hand'),
    new DeliverByHand(0),
    // The undiscounted ₹2,950.01 shirt of the coupon order (decision 055's case).
    new RequestReturn(0, 'return', 1, 1, false),
    new ReturnStep(0, 'approve'),
    new ReturnStep(0, 'receive'),
    new Checkout(1, [{ product: 0, size: 0, quantity: 1 }], 'none', true, false),
    new ConfirmCod(0),
    new Ship(0, 'hand'),
    new DeliverByHand(0),
    new RequestReturn(1, 'return', 0, 1, false),
    new ReturnStep(0, 'approve'),
    new ReturnStep(0, 'receive'),
    new Checkout(0, [{ product: 0, size: 2, quantity: 1 }], 'none', false, false),
    new PayPage(1, 'paid', false),
  ]);
  [paidId, codId, liveId] = w.orders.map((o) => o.id) as [number, number, number];
}, 120_000);
afterAll(() => shop?.close());

class Rollback extends Error {}

/** The violations found once `corrupt` has run; the corruption is rolled back after. */
async function violationsAfter(corrupt: (tx: Tx) => Promise<void>): Promise<Violation[]> {
  let found: Violation[] = [];
  await shop.t.db
    .transaction(async (tx) => {
      await corrupt(tx);
      found = await checkInvariants(tx);
      throw new Rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err;
    });
  // The rule, subject and message: what a person reads (the ids beside them are for scoping).
  return found.map(({ rule, subject, message }) => ({ rule, subject, message }));
}

const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(shop.t.db, query))[0]!;

it('finds nothing wrong with the orders as the shop left them', async () => {
  expect(
    w.script.every((line) => !line.includes('⇒  4') && !line.includes('⇒  5')),
    w.script.join('\n'),
  ).toBe(true);
  const states = await queryRows<{ id: number; order_status: string; payment_status: string }>(
    shop.t.db,
    sql`SELECT id, order_status, payment_status FROM orders WHERE id IN (${paidId}, ${codId}, ${liveId}) ORDER BY id`,
  );
  expect(states).toEqual([
    { id: paidId, order_status: 'Completed', payment_status: 'SUCCESS' },
    { id: codId, order_status: 'Completed', payment_status: 'SUCCESS' },
    { id: liveId, order_status: 'Processing', payment_status: 'SUCCESS' },
  ]);
  const violations = await checkInvariants(shop.t.db);
  expect(describeViolations(violations)).toBe('');
});

describe('money', () => {
  it('a second captured payment kept (not given back) breaks the balance', async () => {
    const order = await one<{ total_paise: number; refunded: number }>(
      sql`SELECT o.total_paise, (SELECT sum(amount_paise) FROM refunds r
                                  WHERE r.order_id = o.id)::int AS refunded
          FROM orders o WHERE o.id = ${paidId}`,
    );
    const found = await violationsAfter(async (tx) => {
      await tx.execute(
        sql`INSERT INTO payments (order_id, provider, provider_ref, provider_payment_id,
                                  amount_paise, status, payment_url)
            VALUES (${paidId}, 'sandbox', ${`order-${paidId}-9`}, 'sbxpay_second',
                    ${order.total_paise}, 'paid', '')`,
      );
    });
    const kept = 2 * order.total_paise - order.refunded;
    expect(found).toEqual([
      {
        rule: 'money.balance',
        subject: `order #${paidId}`,
        message: `captured ${2 * order.total_paise} + cash 0 − refunded ${order.refunded} = ${kept} kept, but it keeps its total ${order.total_paise} less ${order.refunded} refunded for returns and 0 refunded by staff: ${order.total_paise - order.refunded} (kept ${order.total_paise} paise too much)`,
      },
    ]);
  });

  it('a cash-on-delivery return whose payout was never written is caught', async () => {
    const ret = await one<{ id: number; credited: number }>(
      sql`SELECT x.id, d.total_paise AS credited FROM order_returns x
          JOIN tax_documents d ON d.return_id = x.id WHERE x.order_id = ${codId}`,
    );
    const found = await violationsAfter(async (tx) => {
      await tx.execute(sql`DELETE FROM refunds WHERE return_id = ${ret.id}`);
    });
    expect(found).toEqual([
      {
        rule: 'money.return-refund-is-credit-note',
        subject: `return #${ret.id} of order #${codId}`,
        message: `refunded 0, but its credit note is ${ret.credited}`,
      },
    ]);
  });

  it("a return's refund a paisa off its credit note is caught", async () => {
    const ret = await one<{ id: number; credited: number }>(
      sql`SELECT x.id, d.total_paise AS credited FROM order_returns x
          JOIN tax_documents d ON d.return_id = x.id WHERE x.order_id = ${paidId}`,
    );
    const found = await violationsAfter(async (tx) => {
      await tx.execute(
        sql`UPDATE refunds SET amount_paise = amount_paise - 1 WHERE return_id = ${ret.id}`,
      );
    });
    expect(found).toEqual([
      {
        rule: 'money.return-refund-is-credit-note',
        subject: `return #${ret.id} of order #${paidId}`,
        message: `refunded ${ret.credited - 1}, but its credit note is ${ret.credited}`,
      },
    ]);
  });

  it('a refund beyond its payment is caught', async () => {
    const pay = await one<{ id: number; amount_paise: number }>(
      sql`SELECT id, amount_paise FROM payments WHERE order_id = ${liveId} AND status = 'paid'`,
    );
    const found = await violationsAfter(async (tx) => {
      await tx.execute(
        sql`INSERT INTO refunds (order_id, payment_id, provider, amount_paise, idempotency_key,
                                 status, reason)
            VALUES (${liveId}, ${pay.id}, 'sandbox', ${pay.amount_paise + 1},
                    'admin-too-much-1', 'processed', 'Too much')`,
      );
    });
    expect(found).toContainEqual({
      rule: 'money.refund-within-payment',
      subject: `payment #${pay.id}`,
      message: `refunds of ${pay.amount_paise + 1} on a payment that captured ${pay.amount_paise} (paid)`,
    });
  });

  it('a payment asking the provider for other than the total is caught', async () => {
    const pay = await one<{ id: number; amount_paise: number }>(
      sql`SELECT id, amount_paise FROM payments WHERE order_id = ${liveId} AND status = 'paid'`,
    );
    const found = await violationsAfter(async (tx) => {
      await tx.execute(
        sql`UPDATE payments SET amount_paise = amount_paise - 100 WHERE id = ${pay.id}`,
      );
    });
    expect(found).toContainEqual({
      rule: 'money.asked-is-total',
      subject: `payment #${pay.id}`,
      message: `asked ${pay.amount_paise - 100} for order #${liveId}, whose total is ${pay.amount_paise}`,
    });
  });
});

describe('stock', () => {
  it("a size's stock changed without its ledger is caught", async () => {
    const size = await one<{ product_id: number; size: string; stock: number }>(
      sql`SELECT ps.product_id, ps.size, ps.stock FROM product_sizes ps
          JOIN order_items i ON i.product_id = ps.product_id AND i.size = ps.size
          WHERE i.order_id = ${liveId}`,
    );
    const found = await violationsAfter(async (tx) => {
      await tx.execute(
        sql`UPDATE product_sizes SET stock = stock + 1
            WHERE product_id = ${size.product_id} AND size = ${size.size}`,
      );
    });
    expect(found).toEqual([
      {
        rule: 'stock.ledger',
        subject: `size ${size.product_id}/${size.size}`,
        message: `stock is ${size.stock + 1}, but the ledger's last stock_after is ${size.stock}`,
      },
    ]);
  });

  it('a ledger row that does not follow from the one before is caught', async () => {
    const row = await one<{
      id: number;
      product_id: number;
      size: string;
      stock_after: number;
      delta: number;
    }>(
      sql`SELECT l.id, l.product_id, l.size, l.stock_after, l.delta FROM stock_ledger l
          WHERE l.order_id = ${paidId} AND l.reason = 'return'`,
    );
    const found = await violationsAfter(async (tx) => {
      await tx.execute(sql`UPDATE stock_ledger SET delta = delta + 1 WHERE id = ${row.id}`);
    });
    expect(found).toContainEqual({
      rule: 'stock.ledger',
      subject: `size ${row.product_id}/${row.size}`,
      message: `ledger row #${row.id}: ${row.stock_after - row.delta} + ${row.delta + 1} should leave ${row.stock_after + 1}, but says ${row.stock_after}`,
    });
  });

  it('an order holding fewer pieces than it sells is caught', async () => {
    const found = await violationsAfter(async (tx) => {
      await tx.execute(
        sql`UPDATE order_items SET quantity = quantity + 1 WHERE order_id = ${liveId}`,
      );
    });
    expect(found).toContainEqual({
      rule: 'stock.order-holds',
      subject: `order #${liveId}`,
      message: 'holds 1 pieces in the ledger, but should hold 2',
    });
  });
});

describe('documents', () => {
  const invoiceOf = (orderId: number) =>
    one<{ id: number; number: string; total_paise: number; financial_year: string }>(
      sql`SELECT id, number, total_paise, financial_year FROM tax_documents
          WHERE order_id = ${orderId} AND kind = 'invoice'`,
    );

  it("a series' counter past its last document (a gap to come) is caught", async () => {
    const invoice = await invoiceOf(paidId);
    const issued = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM tax_documents
          WHERE kind = 'invoice' AND financial_year = ${invoice.financial_year}`,
    );
    const found = await violationsAfter(async (tx) => {
      await tx.execute(
        sql`UPDATE tax_series SET last_serial = last_serial + 1
            WHERE kind = 'invoice' AND financial_year = ${invoice.financial_year}`,
      );
    });
    expect(found).toEqual([
      {
        rule: 'documents.series',
        subject: `invoice ${invoice.financial_year}`,
        message: `the counter is at ${issued.n + 1}, but ${issued.n} documents were issued`,
      },
    ]);
  });

  it('credit notes beyond their invoice are caught', async () => {
    const invoice = await invoiceOf(paidId);
    const credited = await one<{ total: number }>(
      sql`SELECT sum(total_paise)::int AS total FROM tax_documents WHERE invoice_id = ${invoice.id}`,
    );
    const found = await violationsAfter(async (tx) => {
      // A second note reversing the whole invoice, numbered next in its series.
      const [s] = await queryRows<{ last_serial: number }>(
        tx,
        sql`UPDATE tax_series SET last_serial = last_serial + 1
            WHERE kind = 'credit_note' AND financial_year = ${invoice.financial_year}
            RETURNING last_serial`,
      );
      const number = documentNumber('credit_note', invoice.financial_year, s!.last_serial);
      await tx.execute(
        sql`INSERT INTO tax_documents (kind, number, financial_year, serial, order_id, invoice_id,
                                       seller, buyer, place_of_supply, place_of_supply_code,
                                       supply_type, taxable_paise, cgst_paise, sgst_paise,
                                       igst_paise, total_paise)
            SELECT 'credit_note', ${number}, financial_year, ${s!.last_serial}, order_id, id,
                   seller, buyer, place_of_supply, place_of_supply_code, supply_type,
                   taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise
            FROM tax_documents WHERE id = ${invoice.id}`,
      );
    });
    expect(found).toContainEqual({
      rule: 'documents.credit-within-invoice',
      subject: `invoice ${invoice.number} of order #${paidId}`,
      message: `credited ${credited.total + invoice.total_paise}, more than its ${invoice.total_paise}`,
    });
  });

  it("an order whose total is not its invoice's is caught", async () => {
    const invoice = await invoiceOf(paidId);
    const found = await violationsAfter(async (tx) => {
      await tx.execute(
        sql`UPDATE orders SET shipping_paise = shipping_paise + 100, total_paise = total_paise + 100
            WHERE id = ${paidId}`,
      );
    });
    expect(found).toContainEqual({
      rule: 'documents.invoice-is-total',
      subject: `invoice ${invoice.number} of order #${paidId}`,
      message: `invoiced ${invoice.total_paise}, but the order's total is ${invoice.total_paise + 100}`,
    });
  });
});

describe('states', () => {
  it('an order marked delivered without its events is caught', async () => {
    const found = await violationsAfter(async (tx) => {
      await tx.execute(sql`UPDATE orders SET order_status = 'Completed' WHERE id = ${liveId}`);
    });
    expect(found).toEqual([
      {
        rule: 'states.replay',
        subject: `order #${liveId}`,
        message: 'its events lead to processing, but it is completed (events: placed, paid)',
      },
    ]);
  });

  it('a paid order without its paid event is caught', async () => {
    const found = await violationsAfter(async (tx) => {
      await tx.execute(sql`DELETE FROM order_events WHERE order_id = ${liveId} AND type = 'paid'`);
    });
    expect(found).toContainEqual({
      rule: 'states.replay',
      subject: `order #${liveId}`,
      message: "payment status SUCCESS, but no 'paid' event was recorded",
    });
  });
});

describe('mail', () => {
  it('a paid order whose confirmation was never written is caught', async () => {
    const found = await violationsAfter(async (tx) => {
      await tx.execute(
        sql`DELETE FROM outbox WHERE order_id = ${liveId} AND template = 'order-confirmed'`,
      );
    });
    expect(found).toEqual([
      {
        rule: 'mail.one-per-promise',
        subject: `order #${liveId}`,
        message:
          "0 'order-confirmed' mail(s) in the outbox, but its events promise 1 (events: placed, paid)",
      },
    ]);
  });

  it('a mail written twice, and a mail no event explains, are caught', async () => {
    const found = await violationsAfter(async (tx) => {
      await tx.execute(
        sql`INSERT INTO outbox (template, recipient, data, order_id)
            SELECT template, recipient, data, order_id FROM outbox
            WHERE order_id = ${codId} AND template = 'order-shipped'`,
      );
      await tx.execute(
        sql`INSERT INTO outbox (template, recipient, data, order_id)
            SELECT 'order-refunded', recipient, data, order_id FROM outbox
            WHERE order_id = ${liveId} AND template = 'order-confirmed'`,
      );
    });
    expect(found.map((v) => `${v.subject}: ${v.message.replace(/ \(events.*/, '')}`)).toEqual([
      `order #${codId}: 2 'order-shipped' mail(s) in the outbox, but its events promise 1`,
      `order #${liveId}: 1 'order-refunded' mail(s) in the outbox, but its events promise 0`,
    ]);
  });
});

describe('parcels', () => {
  it('courier news answered but stored nowhere is caught', async () => {
    const awb = `SBX${String(liveId).padStart(8, '0')}01`;
    const found = await violationsAfter(async (tx) => {
      await tx.execute(
        sql`INSERT INTO sandbox_courier_events (awb, state, due_at, posted_at)
            VALUES (${awb}, 'picked_up', now(), now())`,
      );
    });
    expect(found).toEqual([
      {
        rule: 'parcel.news-kept',
        subject: `waybill ${awb}`,
        message: expect.stringMatching(
          /^the courier's 'picked_up' news \(sbx-\d+\) was answered but is stored nowhere$/,
        ),
      },
    ]);
  });
});

describe('kit launches', () => {
  it('a fan with more of a size than the launch allows is caught', async () => {
    const found = await violationsAfter(async (tx) => {
      // The first jersey in a launch from before the first order, 1 a size per fan; the live
      // order's shirt made an M, as the paid order's is: the same shopper, 2 of M.
      const [launch] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO launches (name, starts_at, limits_until, per_fan_limit, hold_minutes)
            SELECT 'Corrupted drop', min(created_at) - interval '1 minute', now() + interval '1 day', 1, 5
            FROM orders WHERE id IN (${paidId}, ${liveId})
            RETURNING id`,
      );
      await tx.execute(
        sql`INSERT INTO launch_products (launch_id, product_id) VALUES (${launch!.id}, ${w.products[0]!.id})`,
      );
      await tx.execute(
        sql`UPDATE order_items SET size = 'M' WHERE order_id = ${liveId} AND product_id = ${w.products[0]!.id}`,
      );
    });
    expect(found.filter((v) => v.rule === 'launch.within-limit')).toEqual([
      {
        rule: 'launch.within-limit',
        subject: expect.stringMatching(
          new RegExp(`^launch #\\d+, user ${w.shoppers[0]!.id}, size ${w.products[0]!.id}/M$`),
        ),
        message: `2 pieces in orders #${paidId}, #${liveId}, but each fan may have 1`,
      },
    ]);
  });
});
