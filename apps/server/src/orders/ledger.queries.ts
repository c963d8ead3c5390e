// SQL of the orders' money ledger (the order_ledger view, migration 0036; decision 061): every
// movement of an order's money as an entry, and each order's sums over them.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows, sqlList } from '../db/index.js';

export type LedgerKind = 'charged' | 'captured' | 'cod_collected' | 'refund' | 'payout';
export type LedgerPurpose =
  | 'order'
  | 'payment'
  | 'return'
  | 'staff'
  | 'cancellation'
  | 'late_payment'
  | 'extra_payment'
  | 'other';

export interface LedgerEntryRow {
  order_id: number;
  kind: LedgerKind;
  purpose: LedgerPurpose;
  /** Money in is positive, money out negative; 'charged' is what was asked, not money moved. */
  amount_paise: number;
  at: Date | string;
  payment_id: number | null;
  refund_id: number | null;
  /** The provider, 'payout' or 'COD'; the order's payment method for 'charged'. */
  method: string;
  /** The provider's payment or refund id, or a payout's UTR. */
  reference: string | null;
  status: string | null;
}

/** An order's ledger, oldest first ('charged' first at the same instant). */
export async function entriesOfOrder(db: Queryable, orderId: number): Promise<LedgerEntryRow[]> {
  return queryRows<LedgerEntryRow>(
    db,
    sql`SELECT order_id, kind, purpose, amount_paise, at, payment_id, refund_id, method,
               reference, status
        FROM order_ledger WHERE order_id = ${orderId}
        ORDER BY at, kind <> 'charged', refund_id NULLS FIRST, payment_id`,
  );
}

/** An order's sums over its ledger, with what the lifecycle says it keeps. */
export interface LedgerSumsRow {
  order_id: number;
  order_status: string;
  payment_status: string;
  payment_method: string;
  created_at: Date | string;
  charged: number;
  captured: number;
  cash: number;
  /** Given back or on its way (not failed), as a positive sum. */
  refunded: number;
  for_returns: number;
  by_staff: number;
}

function sumsQuery(where: ReturnType<typeof sql>) {
  return sql`SELECT o.id AS order_id, o.order_status, o.payment_status, o.payment_method,
                    o.created_at,
                    coalesce(sum(l.amount_paise) FILTER (WHERE l.kind = 'charged'), 0)::int
                      AS charged,
                    coalesce(sum(l.amount_paise) FILTER (WHERE l.kind = 'captured'), 0)::int
                      AS captured,
                    coalesce(sum(l.amount_paise) FILTER (WHERE l.kind = 'cod_collected'), 0)::int
                      AS cash,
                    coalesce(-sum(l.amount_paise) FILTER (WHERE l.kind IN ('refund', 'payout')),
                             0)::int AS refunded,
                    coalesce(-sum(l.amount_paise) FILTER (WHERE l.purpose = 'return'), 0)::int
                      AS for_returns,
                    coalesce(-sum(l.amount_paise) FILTER (WHERE l.purpose = 'staff'), 0)::int
                      AS by_staff
             FROM orders o JOIN order_ledger l ON l.order_id = o.id
             WHERE ${where}
             GROUP BY o.id
             ORDER BY o.id`;
}

/** The ledger's sums of these orders. */
export async function sumsOfOrders(
  db: Queryable,
  orderIds: readonly number[],
): Promise<LedgerSumsRow[]> {
  if (orderIds.length === 0) return [];
  return queryRows<LedgerSumsRow>(db, sumsQuery(sql`o.id IN (${sqlList(orderIds)})`));
}

/** The ledger's sums of every order. */
export async function sumsOfAllOrders(db: Queryable): Promise<LedgerSumsRow[]> {
  return queryRows<LedgerSumsRow>(db, sumsQuery(sql`true`));
}
