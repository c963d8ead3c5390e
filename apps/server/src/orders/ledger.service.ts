// An order's money ledger and the owner's reconciliation (issue 39; decision 061). Every
// movement of an order's money is an entry of the order_ledger view: what it was charged, each
// payment captured, cash collected on delivery, each refund or payout given or on its way. An
// order balances when the money it keeps (in − out) is what its life says it keeps:
//   - a live order that is paid keeps its total, less what its returns refunded and less what
//     staff chose to refund (goodwill, a partial refund);
//   - an order not paid keeps nothing (no payment may be captured and kept on it);
//   - a canceled order keeps nothing: its refunds give back everything that came in.
// A second payment on a paid order is given back by itself (decision 056), a payment on a
// canceled order too: they are refunds like any other, so what they bring must leave again.
// The order-life checker (issue 38) holds every order to this after every step.
import type { LedgerEntry, LedgerOrder, ReconciliationResponse } from '@kitroom/contract/admin';
import type { Queryable } from '../db/index.js';
import * as q from './ledger.queries.js';

/** One order's balance: what it keeps, what it should keep, and why. */
export interface Balance {
  orderId: number;
  charged: number;
  captured: number;
  cash: number;
  refunded: number;
  /** Of refunded: for returns received, and by staff (goodwill, a partial refund). */
  forReturns: number;
  byStaff: number;
  live: boolean;
  paid: boolean;
  /** captured + cash − refunded. */
  kept: number;
  /** What its life says it keeps. */
  expected: number;
  /** The rule `expected` comes from, in the owner's words. */
  because: string;
}

function iso(v: Date | string): string {
  return new Date(v).toISOString();
}

/** An order's balance from its ledger's sums. */
export function balanceOf(s: q.LedgerSumsRow): Balance {
  const kept = s.captured + s.cash - s.refunded;
  const live = s.order_status !== 'Canceled';
  const paid = s.payment_status === 'SUCCESS';
  const expected = live && paid ? s.charged - s.for_returns - s.by_staff : 0;
  const because = !live
    ? 'It is canceled, so it keeps nothing.'
    : !paid
      ? 'It is not paid, so it keeps nothing.'
      : s.for_returns + s.by_staff === 0
        ? 'It is paid, so it keeps its total.'
        : 'It is paid, so it keeps its total less what was refunded for returns and by staff.';
  return {
    orderId: s.order_id,
    charged: s.charged,
    captured: s.captured,
    cash: s.cash,
    refunded: s.refunded,
    forReturns: s.for_returns,
    byStaff: s.by_staff,
    live,
    paid,
    kept,
    expected,
    because,
  };
}

/** The orders whose ledger does not balance: all orders, or these. */
export async function unbalancedOrders(
  db: Queryable,
  orderIds?: readonly number[],
): Promise<Balance[]> {
  const sums = orderIds ? await q.sumsOfOrders(db, orderIds) : await q.sumsOfAllOrders(db);
  return sums.map(balanceOf).filter((b) => b.kept !== b.expected);
}

function entryOf(r: q.LedgerEntryRow): LedgerEntry {
  return {
    kind: r.kind,
    purpose: r.purpose,
    amount_paise: r.amount_paise,
    at: iso(r.at),
    payment_id: r.payment_id,
    refund_id: r.refund_id,
    method: r.method,
    reference: r.reference,
    status: r.status,
  };
}

/** The order's ledger with its balance, for the back office's order page. */
export async function orderLedger(db: Queryable, orderId: number): Promise<LedgerOrder | null> {
  const [sums] = await q.sumsOfOrders(db, [orderId]);
  if (!sums) return null;
  const b = balanceOf(sums);
  return {
    entries: (await q.entriesOfOrder(db, orderId)).map(entryOf),
    kept_paise: b.kept,
    expected_paise: b.expected,
    balanced: b.kept === b.expected,
    because: b.because,
  };
}

/** The owner's reconciliation: every order checked, the ones that do not balance listed. */
export async function reconciliation(db: Queryable): Promise<ReconciliationResponse> {
  const all = (await q.sumsOfAllOrders(db)).map(balanceOf);
  return {
    checked: all.length,
    unbalanced: all
      .filter((b) => b.kept !== b.expected)
      .map((b) => ({
        order_id: b.orderId,
        charged_paise: b.charged,
        captured_paise: b.captured,
        cash_paise: b.cash,
        refunded_paise: b.refunded,
        kept_paise: b.kept,
        expected_paise: b.expected,
        because: b.because,
      })),
  };
}
