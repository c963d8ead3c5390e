// What must be true of the shop's orders after any sequence of actions (issue 38), each rule
// stated in words and checked by SQL over the real tables, whatever code wrote them. The
// order-life checker runs checkInvariants after every command; order-invariants.test.ts
// corrupts one row per rule and shows the rule reports it.
//
// It lives with the test support, not in a domain: it reads the tables of orders, payments,
// refunds, returns, stock and tax documents together, which no one domain owns. Its money
// balance is the shop's own reconciliation (the owner's Reconciliation page).
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { queryRows } from '../db/sql.js';
import { unbalancedOrders } from '../orders/ledger.service.js';
import { TRANSITIONS, stageOf, type OrderEventName, type OrderStage } from '../orders/lifecycle.js';
import { documentNumber, type TaxDocumentKind } from '../tax/tax-series.js';

export interface Violation {
  /** The rule's short name, e.g. 'money.balance'. */
  rule: string;
  /** What it is about: 'order #12', 'payment #3', 'size 7/M', 'credit_note 2026-27'. */
  subject: string;
  /** What is wrong, in words and paise. */
  message: string;
  /** The order it concerns, when it concerns one (the checker keeps to its own orders). */
  orderId?: number;
  /** The product it concerns (a size's stock). */
  productId?: number;
}

/**
 * money.balance — for every order, captured payments + cash collected on delivery − refunds
 * given or on their way (not failed) = the value the shop keeps for goods delivered or still
 * to deliver, to the paisa. The rule is the shop's own reconciliation over each order's money
 * ledger (orders/ledger.service.ts, decision 061), so the checker proves what the owner's
 * Reconciliation page shows:
 *   - a live order that is paid keeps its total, less what its returns refunded and less what
 *     staff chose to refund (their `admin-…` refunds: goodwill, a partial refund);
 *   - an order not paid keeps nothing (no payment may be captured and kept on it);
 *   - a canceled order keeps nothing: its refunds (the cancellation's, and a late payment's)
 *     give back everything that came in.
 */
async function moneyBalance(db: Queryable): Promise<Violation[]> {
  return (await unbalancedOrders(db)).map((b) => {
    const over = b.kept > b.expected;
    const why = !b.live
      ? 'it is canceled, so it keeps nothing'
      : !b.paid
        ? 'it is not paid, so it keeps nothing'
        : `it keeps its total ${b.charged} less ${b.forReturns} refunded for returns and ${b.byStaff} refunded by staff`;
    return {
      rule: 'money.balance',
      orderId: b.orderId,
      subject: `order #${b.orderId}`,
      message: `captured ${b.captured} + cash ${b.cash} − refunded ${b.refunded} = ${b.kept} kept, but ${why}: ${b.expected} (${over ? 'kept' : 'short'} ${Math.abs(b.kept - b.expected)} paise too ${over ? 'much' : 'little'})`,
    };
  });
}

/**
 * money.refund-within-payment — no payment gives back more than it captured (refunds not
 * failed, on that payment), and no cash-on-delivery order pays out more than the cash
 * collected; a refund is never drawn on a payment that captured nothing.
 */
async function refundsWithinPayments(db: Queryable): Promise<Violation[]> {
  const onPayments = await queryRows<{
    id: number;
    order_id: number;
    status: string;
    amount: number;
    back: number;
  }>(
    db,
    sql`SELECT p.id, p.order_id, p.status, p.amount_paise::int AS amount,
               sum(r.amount_paise)::int AS back
        FROM payments p JOIN refunds r ON r.payment_id = p.id AND r.status <> 'failed'
        GROUP BY p.id
        HAVING sum(r.amount_paise) > (CASE WHEN p.status = 'paid' THEN p.amount_paise ELSE 0 END)
        ORDER BY p.id`,
  );
  const payouts = await queryRows<{ id: number; cash: number; back: number }>(
    db,
    sql`SELECT o.id,
               (CASE WHEN o.payment_method = 'COD' AND o.payment_status = 'SUCCESS'
                     THEN o.total_paise ELSE 0 END)::int AS cash,
               sum(r.amount_paise)::int AS back
        FROM orders o JOIN refunds r ON r.order_id = o.id
        WHERE r.method = 'payout' AND r.status <> 'failed'
        GROUP BY o.id
        HAVING sum(r.amount_paise) > (CASE WHEN o.payment_method = 'COD'
                                            AND o.payment_status = 'SUCCESS'
                                           THEN o.total_paise ELSE 0 END)
        ORDER BY o.id`,
  );
  return [
    ...onPayments.map((p) => ({
      rule: 'money.refund-within-payment',
      orderId: p.order_id,
      subject: `payment #${p.id}`,
      message: `refunds of ${p.back} on a payment that captured ${p.status === 'paid' ? p.amount : 0} (${p.status})`,
    })),
    ...payouts.map((o) => ({
      rule: 'money.refund-within-payment',
      orderId: o.id,
      subject: `order #${o.id}`,
      message: `payouts of ${o.back} on cash collected of ${o.cash}`,
    })),
  ];
}

/**
 * money.asked-is-total — every payment attempt asked the provider for the order's total (what
 * the shopper was shown), no more, no less.
 */
async function askedIsTotal(db: Queryable): Promise<Violation[]> {
  const rows = await queryRows<{ id: number; order_id: number; amount: number; total: number }>(
    db,
    sql`SELECT p.id, p.order_id, p.amount_paise::int AS amount, o.total_paise::int AS total
        FROM payments p JOIN orders o ON o.id = p.order_id
        WHERE p.amount_paise <> o.total_paise ORDER BY p.id`,
  );
  return rows.map((p) => ({
    rule: 'money.asked-is-total',
    orderId: p.order_id,
    subject: `payment #${p.id}`,
    message: `asked ${p.amount} for order #${p.order_id}, whose total is ${p.total}`,
  }));
}

/**
 * money.return-refund-is-credit-note — every received return has one credit note, and its
 * refunds (not failed; a payout for a cash-on-delivery order) add up to that note's total
 * (decision 055). Less only when an earlier staff refund (`admin-…`) left less than that to
 * refund on the order: the refund is capped at what is left (decision 022), never above.
 */
async function returnRefunds(db: Queryable): Promise<Violation[]> {
  const rows = await queryRows<{
    id: number;
    order_id: number;
    notes: number;
    credited: number;
    refunded: number;
    staff_before: number;
  }>(
    db,
    sql`SELECT x.id, x.order_id,
               (SELECT count(*) FROM tax_documents d
                WHERE d.return_id = x.id AND d.kind = 'credit_note')::int AS notes,
               coalesce((SELECT sum(d.total_paise) FROM tax_documents d
                         WHERE d.return_id = x.id AND d.kind = 'credit_note'), 0)::int AS credited,
               coalesce((SELECT sum(r.amount_paise) FROM refunds r
                         WHERE r.return_id = x.id AND r.status <> 'failed'), 0)::int AS refunded,
               (SELECT count(*) FROM refunds s
                WHERE s.order_id = x.order_id AND starts_with(s.idempotency_key, 'admin-')
                  AND s.status <> 'failed'
                  AND s.created_at <= x.received_at)::int AS staff_before
        FROM order_returns x
        WHERE x.kind = 'return' AND x.received_at IS NOT NULL
        ORDER BY x.id`,
  );
  const out: Violation[] = [];
  for (const x of rows) {
    const subject = `return #${x.id} of order #${x.order_id}`;
    const orderId = x.order_id;
    if (x.notes !== 1) {
      out.push({
        rule: 'money.return-refund-is-credit-note',
        orderId,
        subject,
        message: `received with ${x.notes} credit notes, not one`,
      });
      continue;
    }
    if (x.refunded === x.credited) continue;
    if (x.refunded < x.credited && x.staff_before > 0) continue;
    out.push({
      rule: 'money.return-refund-is-credit-note',
      orderId,
      subject,
      message: `refunded ${x.refunded}, but its credit note is ${x.credited}`,
    });
  }
  return out;
}

/**
 * stock.ledger — every size's ledger runs without a break: each row's stock_after is the one
 * before it plus its delta (so the stock is the opening plus every delta since), the size's
 * stock is its last row's stock_after, and no stock is below zero.
 */
async function stockLedger(db: Queryable): Promise<Violation[]> {
  const breaks = await queryRows<{
    id: number;
    product_id: number;
    size: string;
    before: number;
    delta: number;
    after: number;
  }>(
    db,
    sql`SELECT id, product_id, size, prev AS before, delta, stock_after AS after
        FROM (SELECT id, product_id, size, delta, stock_after,
                     lag(stock_after) OVER (PARTITION BY product_id, size ORDER BY id) AS prev
              FROM stock_ledger) l
        WHERE prev IS NOT NULL AND stock_after <> prev + delta
        ORDER BY id`,
  );
  const sizes = await queryRows<{ product_id: number; size: string; stock: number; last: number }>(
    db,
    sql`SELECT ps.product_id, ps.size, ps.stock,
               (SELECT l.stock_after FROM stock_ledger l
                WHERE l.product_id = ps.product_id AND l.size = ps.size
                ORDER BY l.id DESC LIMIT 1) AS last
        FROM product_sizes ps
        WHERE ps.stock < 0 OR ps.stock <> coalesce(
          (SELECT l.stock_after FROM stock_ledger l
           WHERE l.product_id = ps.product_id AND l.size = ps.size
           ORDER BY l.id DESC LIMIT 1), ps.stock)
        ORDER BY ps.product_id, ps.size`,
  );
  return [
    ...breaks.map((b) => ({
      rule: 'stock.ledger',
      productId: b.product_id,
      subject: `size ${b.product_id}/${b.size}`,
      message: `ledger row #${b.id}: ${b.before} ${b.delta >= 0 ? '+' : '−'} ${Math.abs(b.delta)} should leave ${b.before + b.delta}, but says ${b.after}`,
    })),
    ...sizes.map((s) => ({
      rule: 'stock.ledger',
      productId: s.product_id,
      subject: `size ${s.product_id}/${s.size}`,
      message:
        s.stock < 0
          ? `stock is ${s.stock}, below zero`
          : `stock is ${s.stock}, but the ledger's last stock_after is ${s.last}`,
    })),
  ];
}

/**
 * stock.order-holds — an order holds exactly its pieces while it holds stock (its hold and
 * sale rows take them, a release gives them back), and none once it gave them back: a
 * released hold, a cancellation, a parcel back at the shop (written as a return). Returns and
 * exchanges of a delivered order are the returns' own rows and are not counted here.
 */
async function orderHolds(db: Queryable): Promise<Violation[]> {
  const rows = await queryRows<{ id: number; status: string; pieces: number; held: number }>(
    db,
    sql`SELECT o.id, o.order_status AS status,
               (CASE WHEN o.order_status <> 'Canceled' AND NOT o.stock_released
                     THEN (SELECT sum(i.quantity) FROM order_items i WHERE i.order_id = o.id)
                     ELSE 0 END)::int AS pieces,
               (-coalesce((SELECT sum(l.delta) FROM stock_ledger l
                           WHERE l.order_id = o.id
                             AND (l.reason IN ('hold', 'release', 'sale')
                                  OR (l.reason = 'return' AND o.order_status = 'Canceled'))),
                          0))::int AS held
        FROM orders o ORDER BY o.id`,
  );
  return rows
    .filter((o) => o.held !== o.pieces)
    .map((o) => ({
      rule: 'stock.order-holds',
      orderId: o.id,
      subject: `order #${o.id}`,
      message: `holds ${o.held} pieces in the ledger, but ${o.status === 'Canceled' ? 'it is canceled and should hold' : 'should hold'} ${o.pieces}`,
    }));
}

/**
 * documents.series — each series (invoices, credit notes; per financial year) is numbered
 * 1, 2, 3… without a gap or a repeat, its counter is at its last number, and each document's
 * printed number is its series' prefix, year and serial.
 */
async function documentSeries(db: Queryable): Promise<Violation[]> {
  const docs = await queryRows<{
    id: number;
    order_id: number;
    kind: TaxDocumentKind;
    financial_year: string;
    serial: number;
    number: string;
  }>(
    db,
    sql`SELECT id, order_id, kind, financial_year, serial, number FROM tax_documents
        ORDER BY kind, financial_year, serial`,
  );
  const counters = await queryRows<{ kind: string; financial_year: string; last_serial: number }>(
    db,
    sql`SELECT kind, financial_year, last_serial FROM tax_series`,
  );
  const out: Violation[] = [];
  const series = new Map<string, number[]>();
  for (const d of docs) {
    const key = `${d.kind} ${d.financial_year}`;
    series.set(key, [...(series.get(key) ?? []), d.serial]);
    const printed = documentNumber(d.kind, d.financial_year, d.serial);
    if (d.number !== printed) {
      out.push({
        rule: 'documents.series',
        orderId: d.order_id,
        subject: `${d.kind} #${d.id}`,
        message: `numbered ${d.number}, but its serial ${d.serial} prints as ${printed}`,
      });
    }
  }
  for (const [key, serials] of series) {
    const gap = serials.findIndex((s, i) => s !== i + 1);
    if (gap >= 0) {
      out.push({
        rule: 'documents.series',
        subject: key,
        message: `serial ${serials[gap]} where ${gap + 1} was due (serials ${serials.join(', ')})`,
      });
    }
    const counter = counters.find((c) => `${c.kind} ${c.financial_year}` === key);
    if (counter && counter.last_serial !== serials.length) {
      out.push({
        rule: 'documents.series',
        subject: key,
        message: `the counter is at ${counter.last_serial}, but ${serials.length} documents were issued`,
      });
    }
  }
  return out;
}

/**
 * documents.credit-within-invoice — an invoice's credit notes together never exceed it, nor
 * credit more pieces of a line than it invoiced; a canceled invoiced order is reversed in
 * full; an invoiced order's total is its invoice's total.
 */
async function creditNotes(db: Queryable): Promise<Violation[]> {
  const invoices = await queryRows<{
    id: number;
    number: string;
    order_id: number;
    invoiced: number;
    credited: number;
    order_total: number;
    order_status: string;
  }>(
    db,
    sql`SELECT d.id, d.number, d.order_id, d.total_paise::int AS invoiced,
               coalesce((SELECT sum(c.total_paise) FROM tax_documents c
                         WHERE c.invoice_id = d.id), 0)::int AS credited,
               o.total_paise::int AS order_total, o.order_status
        FROM tax_documents d JOIN orders o ON o.id = d.order_id
        WHERE d.kind = 'invoice' ORDER BY d.id`,
  );
  const lines = await queryRows<{
    number: string;
    order_id: number;
    order_item_id: number;
    q: number;
    c: number;
  }>(
    db,
    sql`SELECT d.number, d.order_id, l.order_item_id, sum(l.quantity)::int AS q,
               coalesce((SELECT sum(cl.quantity) FROM tax_document_lines cl
                         JOIN tax_documents c ON c.id = cl.document_id
                         WHERE c.invoice_id = d.id AND cl.order_item_id = l.order_item_id
                           AND cl.kind = 'goods'), 0)::int AS c
        FROM tax_documents d JOIN tax_document_lines l ON l.document_id = d.id
        WHERE d.kind = 'invoice' AND l.kind = 'goods'
        GROUP BY d.id, d.number, d.order_id, l.order_item_id
        ORDER BY d.id, l.order_item_id`,
  );
  const out: Violation[] = [];
  const rule = 'documents.credit-within-invoice';
  for (const d of invoices) {
    const subject = `invoice ${d.number} of order #${d.order_id}`;
    const orderId = d.order_id;
    if (d.credited > d.invoiced) {
      out.push({
        rule,
        orderId,
        subject,
        message: `credited ${d.credited}, more than its ${d.invoiced}`,
      });
    }
    if (d.order_status === 'Canceled' && d.credited !== d.invoiced) {
      out.push({
        rule,
        orderId,
        subject,
        message: `the order is canceled, but its credit notes reverse ${d.credited} of ${d.invoiced}`,
      });
    }
    if (d.order_total !== d.invoiced) {
      out.push({
        rule: 'documents.invoice-is-total',
        orderId,
        subject,
        message: `invoiced ${d.invoiced}, but the order's total is ${d.order_total}`,
      });
    }
  }
  for (const l of lines) {
    if (l.c > l.q) {
      out.push({
        rule,
        orderId: l.order_id,
        subject: `invoice ${l.number}, order line #${l.order_item_id}`,
        message: `credits ${l.c} pieces of ${l.q} invoiced`,
      });
    }
  }
  return out;
}

/** The order events that move an order through the state machine, and which move each is. */
const MOVES: Partial<Record<string, readonly OrderEventName[]>> = {
  paid: ['pay'],
  cod_confirmed: ['confirm'],
  canceled: ['cancel-by-shopper', 'cancel-by-shop', 'expire', 'return-to-origin'],
  packed: ['pack'],
  shipped: ['ship'],
  delivered: ['deliver'],
  return_requested: ['request-return'],
};

/**
 * states.replay — every order's stage is where its recorded events lead in the state machine
 * (lifecycle.ts) from Pending, each step one the table allows; its payment status says paid
 * exactly when a 'paid' event was recorded, and a canceled order gave its stock back.
 * Exceptions the shop has reasons for: a 'paid' event after the order left Pending moves
 * nothing (cash collected on delivery, a late payment on a canceled order, given back); a
 * parcel's cancellation before pickup (unship) is recorded as a note, so 'shipped' again from
 * Shipped stands for unship then ship, and Shipped replayed while the order is packed again
 * stands for an unship.
 */
async function stateReplay(db: Queryable): Promise<Violation[]> {
  const orders = await queryRows<{
    id: number;
    order_status: string;
    payment_status: string;
    packed_at: unknown;
    stock_released: boolean;
    events: string | null;
  }>(
    db,
    sql`SELECT o.id, o.order_status, o.payment_status, o.packed_at, o.stock_released,
               (SELECT string_agg(e.type, ' ' ORDER BY e.id) FROM order_events e
                WHERE e.order_id = o.id) AS events
        FROM orders o ORDER BY o.id`,
  );
  const out: Violation[] = [];
  const rule = 'states.replay';
  for (const o of orders) {
    const subject = `order #${o.id}`;
    const orderId = o.id;
    const events = (o.events ?? '').split(' ').filter(Boolean);
    let stage: OrderStage = 'pending';
    let refused: string | null = null;
    for (const type of events) {
      const moves = MOVES[type];
      if (!moves) continue;
      if (type === 'paid' && stage !== 'pending') continue;
      if (type === 'shipped' && stage === 'shipped') continue;
      const to = moves.map((m) => TRANSITIONS[stage][m]).find((s) => s !== undefined);
      if (to === undefined) {
        refused = `'${type}' is not allowed from ${stage} (events: ${events.join(', ')})`;
        break;
      }
      stage = to;
    }
    if (refused) {
      out.push({ rule, orderId, subject, message: refused });
      continue;
    }
    const actual = stageOf(o);
    if (stage !== actual && !(stage === 'shipped' && actual === 'packed')) {
      out.push({
        rule,
        orderId,
        subject,
        message: `its events lead to ${stage}, but it is ${actual} (events: ${events.join(', ')})`,
      });
    }
    if ((o.payment_status === 'SUCCESS') !== events.includes('paid')) {
      out.push({
        rule,
        orderId,
        subject,
        message: `payment status ${o.payment_status}, but ${events.includes('paid') ? 'a' : 'no'} 'paid' event was recorded`,
      });
    }
    if (actual === 'canceled' && !o.stock_released) {
      out.push({
        rule,
        orderId,
        subject,
        message: 'canceled, but still marked as holding its stock',
      });
    }
  }
  return out;
}

/** The shopper's mails that events of the order promise, one mail per event. */
const MAIL_PER_EVENT: Readonly<Record<string, readonly string[]>> = {
  'order-shipped': ['shipped'],
  'order-out-for-delivery': ['out_for_delivery'],
  'order-delivery-failed': ['delivery_failed'],
  'order-delivered': ['delivered'],
  'order-refunded': ['refunded'],
  'return-decided': ['return_approved', 'return_rejected'],
  'return-pickup-booked': ['return_pickup_booked'],
  'exchange-shipped': ['exchange_shipped'],
};

/**
 * mail.one-per-promise — every event that promises the shopper a mail has exactly one in the
 * outbox, and no mail goes out that no event explains:
 *   - shipped, out for delivery, a failed delivery, delivered, each refund given, each return
 *     decided, each pickup booked and each replacement shipped: one mail per event;
 *   - a cancellation: one mail, except the sweep's of an order never paid ("Not paid in time":
 *     the shopper saw its payment page lapse and was asked for nothing) and the shop's when a
 *     payment came for shirts no longer there (the "paid too late" mail says it);
 *   - an order paid online before any cancellation (a cash-on-delivery order too, paid on its
 *     Pay Now page): one confirmation, however many payments came; a payment after it was
 *     canceled, or for shirts gone meanwhile: one "paid too late" mail; cash collected on
 *     delivery: none;
 *   - a cash-on-delivery order: one request to confirm it, written when it was placed;
 *   - none at all for an erased account: its mails went with it, and none is written after.
 */
async function mailPerPromise(db: Queryable): Promise<Violation[]> {
  const orders = await queryRows<{
    id: number;
    cod: boolean;
    erased: boolean;
    events: { type: string; note: string; actor: string }[] | null;
    mails: string[] | null;
  }>(
    db,
    sql`SELECT o.id,
               (o.payment_method = 'COD' OR o.cod_confirm_expires_at IS NOT NULL) AS cod,
               u.erased_at IS NOT NULL AS erased,
               (SELECT json_agg(json_build_object('type', e.type, 'note', e.note, 'actor', e.actor) ORDER BY e.id)
                FROM order_events e WHERE e.order_id = o.id) AS events,
               (SELECT json_agg(m.template ORDER BY m.id) FROM outbox m
                WHERE m.order_id = o.id AND m.channel = 'email') AS mails
        FROM orders o JOIN users u ON u.id = o.user_id ORDER BY o.id`,
  );
  const out: Violation[] = [];
  for (const o of orders) {
    const events = o.events ?? [];
    const count = (
      pred: (e: { type: string; note: string; actor: string }, i: number) => boolean,
    ) => events.filter(pred).length;
    // A payment that found the order canceled, or whose shirts were gone (the shop cancels it
    // in the payment's own step): the shopper gets one "paid too late" mail for both.
    const canceledAt = events.findIndex((e) => e.type === 'canceled');
    const stockGone = (i: number) =>
      events[i]?.type === 'paid' &&
      events[i + 1]?.type === 'canceled' &&
      events[i + 1]?.actor === 'system';
    const tooLate = events.some(
      (e, i) => e.type === 'paid' && ((canceledAt >= 0 && i > canceledAt) || stockGone(i)),
    );
    // Paid through the provider; cash collected on delivery is recorded as the shop's.
    const paidAt = events.findIndex((e) => e.type === 'paid' && e.actor === 'provider');
    const confirmed = paidAt >= 0 && (canceledAt < 0 || paidAt < canceledAt) && !stockGone(paidAt);
    const promised: Record<string, number> = {
      'order-canceled': count(
        (e, i) => e.type === 'canceled' && e.note !== 'Not paid in time' && !stockGone(i - 1),
      ),
      'order-confirmed': confirmed ? 1 : 0,
      'order-paid-too-late': tooLate ? 1 : 0,
      'cod-confirm': o.cod ? 1 : 0,
    };
    for (const [template, types] of Object.entries(MAIL_PER_EVENT)) {
      promised[template] = count((e) => types.includes(e.type));
    }
    // An erased account's mails went with it, and nothing is written to it after.
    if (o.erased) for (const template of Object.keys(promised)) promised[template] = 0;
    const written: Record<string, number> = {};
    for (const m of o.mails ?? []) written[m] = (written[m] ?? 0) + 1;
    for (const template of new Set([...Object.keys(promised), ...Object.keys(written)])) {
      const want = promised[template] ?? 0;
      const have = written[template] ?? 0;
      if (want === have) continue;
      out.push({
        rule: 'mail.one-per-promise',
        orderId: o.id,
        subject: `order #${o.id}`,
        message: `${have} '${template}' mail(s) in the outbox, but its events promise ${want} (events: ${events.map((e) => e.type).join(', ')})`,
      });
    }
  }
  return out;
}

/**
 * parcel.news-kept — no courier news is lost: every tracking event the sandbox courier posted
 * and our webhook answered is stored, on the shipment that has its waybill, or kept for the
 * booking that will store that waybill (a booking whose response was lost: decision 087).
 */
async function parcelNewsKept(db: Queryable): Promise<Violation[]> {
  const lost = await queryRows<{ id: number; awb: string; state: string; order_id: number | null }>(
    db,
    sql`SELECT e.id, e.awb, e.state,
               -- The sandbox's waybill is SBX, the order's id in 8 digits, the parcel's in 2.
               CASE WHEN e.awb ~ '^SBX[0-9]{10}$' THEN substr(e.awb, 4, 8)::int END AS order_id
        FROM sandbox_courier_events e
        WHERE e.posted_at IS NOT NULL
          AND NOT EXISTS (
            SELECT 1 FROM shipment_events se JOIN shipments s ON s.id = se.shipment_id
            WHERE s.courier = 'sandbox' AND s.awb = e.awb AND se.event_key = 'sbx-' || e.id)
          AND NOT EXISTS (
            SELECT 1 FROM courier_unmatched_events u
            WHERE u.courier = 'sandbox' AND u.awb = e.awb AND u.event_key = 'sbx-' || e.id)
        ORDER BY e.id`,
  );
  return lost.map((e) => ({
    rule: 'parcel.news-kept',
    ...(e.order_id !== null ? { orderId: e.order_id } : {}),
    subject: `waybill ${e.awb}`,
    message: `the courier's '${e.state}' news (sbx-${e.id}) was answered but is stored nowhere`,
  }));
}

/**
 * launch.within-limit — no fan has more than a kit launch's limit of any size of its jerseys
 * in the orders they placed while its limits were on (until they ended or it was canceled),
 * and in the sizes they asked for then in exchange of pieces bought before it:
 * counted are orders not canceled, and not unpaid with their hold run out (their stock is
 * back on sale; paid later, they count again), with the sizes their exchanges asked for then
 * (not rejected) in place of the sizes given back, less the pieces their returns brought back
 * to the shop then. Whichever path sold the piece — checkout,
 * Pay Now, a late payment, an exchange (decisions 070, 088).
 */
async function launchWithinLimit(db: Queryable): Promise<Violation[]> {
  const over = await queryRows<{
    launch_id: number;
    user_id: number;
    product_id: number;
    size: string;
    pieces: number;
    per_fan_limit: number;
    order_ids: number[];
  }>(
    db,
    sql`WITH counted AS (
          SELECT l.id AS launch_id, o.user_id, o.id AS order_id, i.product_id, m.size, m.pieces,
                 l.per_fan_limit
          FROM launches l
          JOIN launch_products lp ON lp.launch_id = l.id
          JOIN order_items i ON i.product_id = lp.product_id
          JOIN orders o ON o.id = i.order_id
          CROSS JOIN LATERAL (
            SELECT i.size, i.quantity WHERE o.created_at >= l.starts_at
            UNION ALL
            SELECT moved.size, moved.pieces
            FROM order_return_items ri
            JOIN order_returns r ON r.id = ri.return_id
            CROSS JOIN LATERAL (VALUES (i.size, -ri.quantity), (ri.exchange_size, ri.quantity))
              AS moved(size, pieces)
            WHERE ri.order_item_id = i.id AND moved.size IS NOT NULL
              AND (r.kind = 'exchange' AND r.status <> 'rejected'
                     AND r.created_at < least(l.limits_until, coalesce(l.canceled_at, l.limits_until))
                   OR r.kind = 'return'
                     AND r.received_at < least(l.limits_until, coalesce(l.canceled_at, l.limits_until)))
              AND (o.created_at >= l.starts_at
                   OR r.kind = 'exchange' AND r.created_at >= l.starts_at AND moved.pieces > 0)
          ) AS m(size, pieces)
          WHERE o.created_at < least(l.limits_until, coalesce(l.canceled_at, l.limits_until))
            AND o.order_status <> 'Canceled'
            AND NOT (o.stock_released AND o.payment_status <> 'SUCCESS')
        )
        SELECT launch_id, user_id, product_id, size, sum(pieces)::int AS pieces, per_fan_limit,
               array_agg(DISTINCT order_id ORDER BY order_id) AS order_ids
        FROM counted
        GROUP BY launch_id, user_id, product_id, size, per_fan_limit
        HAVING sum(pieces) > per_fan_limit
        ORDER BY launch_id, user_id`,
  );
  return over.map((r) => ({
    rule: 'launch.within-limit',
    orderId: r.order_ids.at(-1)!,
    subject: `launch #${r.launch_id}, user ${r.user_id}, size ${r.product_id}/${r.size}`,
    message: `${r.pieces} pieces in orders ${r.order_ids.map((id) => `#${id}`).join(', ')}, but each fan may have ${r.per_fan_limit}`,
  }));
}

export const INVARIANTS = {
  'money.balance': moneyBalance,
  'money.refund-within-payment': refundsWithinPayments,
  'money.asked-is-total': askedIsTotal,
  'money.return-refund-is-credit-note': returnRefunds,
  'stock.ledger': stockLedger,
  'stock.order-holds': orderHolds,
  'documents.series': documentSeries,
  'documents.credit-within-invoice': creditNotes,
  'states.replay': stateReplay,
  'mail.one-per-promise': mailPerPromise,
  'parcel.news-kept': parcelNewsKept,
  'launch.within-limit': launchWithinLimit,
} as const;

/** Every rule above over the whole database; an empty list when all hold. */
export async function checkInvariants(db: Queryable): Promise<Violation[]> {
  // One snapshot for every rule: read statement by statement, a sale committed by another
  // process between two reads (a counter, then its documents) would look like a broken rule.
  return db.transaction(
    async (tx) => {
      const found: Violation[] = [];
      for (const check of Object.values(INVARIANTS)) found.push(...(await check(tx)));
      return found;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * The violations that concern these orders and products, or the whole shop (a document
 * series): a checker running many sequences in one database judges each by its own rows.
 */
export function concerning(
  violations: readonly Violation[],
  scope: { orderIds: readonly number[]; productIds: readonly number[] },
): Violation[] {
  return violations.filter((v) =>
    v.orderId !== undefined
      ? scope.orderIds.includes(v.orderId)
      : v.productId !== undefined
        ? scope.productIds.includes(v.productId)
        : true,
  );
}

/** One line per violation, for a failing test's message. */
export function describeViolations(violations: readonly Violation[]): string {
  return violations.map((v) => `${v.rule}: ${v.subject}: ${v.message}`).join('\n');
}
