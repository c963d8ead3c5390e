// SQL of the settlement report's match (decision 076): the entries of the orders' money ledger
// (the order_ledger view, decision 061) that went through Razorpay — payments captured and
// refunds given or on their way — by the provider's id, or by when they happened. Reads only.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows, sqlList } from '../db/index.js';

export interface ProviderEntryRow {
  order_id: number;
  kind: 'captured' | 'refund';
  /** Positive: what was captured, or given back. */
  amount_paise: number;
  at: Date | string;
  /** Razorpay's pay_… or rfnd_… id. */
  reference: string;
}

const CHUNK = 1000;

/** The ledger's Razorpay payments and refunds with these provider ids. */
export async function entriesByReference(
  db: Queryable,
  references: readonly string[],
): Promise<ProviderEntryRow[]> {
  const rows: ProviderEntryRow[] = [];
  for (let i = 0; i < references.length; i += CHUNK) {
    rows.push(
      ...(await queryRows<ProviderEntryRow>(
        db,
        sql`SELECT order_id, kind, abs(amount_paise)::int AS amount_paise, at, reference
            FROM order_ledger
            WHERE method = 'razorpay' AND kind IN ('captured', 'refund')
              AND reference IN (${sqlList(references.slice(i, i + CHUNK))})`,
      )),
    );
  }
  return rows;
}

/** The ledger's Razorpay payments and refunds from `from` up to (not including) `to`. */
export async function entriesBetween(
  db: Queryable,
  from: Date,
  to: Date,
): Promise<ProviderEntryRow[]> {
  return queryRows<ProviderEntryRow>(
    db,
    sql`SELECT order_id, kind, abs(amount_paise)::int AS amount_paise, at, reference
        FROM order_ledger
        WHERE method = 'razorpay' AND kind IN ('captured', 'refund') AND reference IS NOT NULL
          AND at >= ${from.toISOString()}::timestamptz AND at < ${to.toISOString()}::timestamptz
        ORDER BY at, reference`,
  );
}
