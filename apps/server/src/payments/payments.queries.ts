// SQL of payment attempts and webhook events.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { param, preparedStatement, queryRows } from '../db/index.js';
import type { PaymentState } from './payment-provider.js';

export interface PaymentRow {
  id: number;
  order_id: number;
  provider: string;
  provider_ref: string;
  provider_payment_id: string | null;
  amount_paise: number;
  currency: string;
  status: PaymentState;
  payment_url: string;
  created_at: Date | string;
}

const columns = sql`id, order_id, provider, provider_ref, provider_payment_id, amount_paise,
  currency, status, payment_url, created_at`;

/** The order's attempts, newest first. */
export async function attemptsOfOrder(db: Queryable, orderId: number): Promise<PaymentRow[]> {
  return queryRows<PaymentRow>(
    db,
    sql`SELECT ${columns} FROM payments WHERE order_id = ${orderId} ORDER BY id DESC`,
  );
}

/** A claimed attempt: our reference stands in for the provider's id until it responds. */
export async function insertAttempt(
  db: Queryable,
  a: { orderId: number; provider: string; reference: string; amountPaise: number },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO payments (order_id, provider, provider_ref, amount_paise, payment_url)
        VALUES (${a.orderId}, ${a.provider}, ${a.reference}, ${a.amountPaise}, '')
        RETURNING id`,
  );
  return row!.id;
}

// Every online order's page is stored by this statement: prepared once per connection.
const attachLinkStatement = preparedStatement(
  'payment_attach_link',
  sql`UPDATE payments SET provider_ref = ${param('providerRef', 'text')},
             payment_url = ${param('paymentUrl', 'text')}, updated_at = now()
      WHERE id = ${param('id', 'int')}`,
);

export async function attachLink(
  db: Queryable,
  id: number,
  providerRef: string,
  paymentUrl: string,
): Promise<void> {
  await attachLinkStatement(db, { id, providerRef, paymentUrl });
}

export async function setStatus(
  db: Queryable,
  id: number,
  status: PaymentState,
  providerPaymentId: string | null,
): Promise<void> {
  await db.execute(
    sql`UPDATE payments SET status = ${status},
               provider_payment_id = COALESCE(${providerPaymentId}, provider_payment_id),
               updated_at = now()
        WHERE id = ${id}`,
  );
}

export async function expireOpenAttempts(db: Queryable, orderId: number): Promise<void> {
  await db.execute(
    sql`UPDATE payments SET status = 'expired', updated_at = now()
        WHERE order_id = ${orderId} AND status = 'created'`,
  );
}

export async function paymentByRef(
  db: Queryable,
  provider: string,
  providerRef: string,
): Promise<PaymentRow | undefined> {
  const [row] = await queryRows<PaymentRow>(
    db,
    sql`SELECT ${columns} FROM payments
        WHERE provider = ${provider} AND provider_ref = ${providerRef}`,
  );
  return row;
}

export async function lockPayment(db: Queryable, id: number): Promise<PaymentRow> {
  const [row] = await queryRows<PaymentRow>(
    db,
    sql`SELECT ${columns} FROM payments WHERE id = ${id} FOR UPDATE`,
  );
  return row!;
}

/** Records a webhook event id; false when it was seen before. */
export async function insertEvent(
  db: Queryable,
  e: { eventId: string; provider: string; event: string },
): Promise<boolean> {
  const rows = await queryRows<{ event_id: string }>(
    db,
    sql`INSERT INTO payment_events (event_id, provider, event)
        VALUES (${e.eventId}, ${e.provider}, ${e.event})
        ON CONFLICT (event_id) DO NOTHING
        RETURNING event_id`,
  );
  return rows.length === 1;
}
