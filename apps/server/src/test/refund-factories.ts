// Refunds for tests that need one to act on: a paid order with its captured sandbox payment,
// inserted directly (the permission table's samples), and refunds aged by hand.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { queryRows } from '../db/sql.js';
import { payments } from '../db/schema.js';
import { createProduct, createUser } from './factories.js';
import { createPaidOrder } from './order-factories.js';

/** A paid order of one ₹1,299 jersey to Kerala (₹1,359), its sandbox payment captured. */
export async function createRefundableOrder(
  db: Db,
  shopperName?: string,
): Promise<{ id: number; totalPaise: number }> {
  const user = await createUser(db, shopperName ? { name: shopperName } : {});
  const productId = await createProduct(db, { pricePaise: 129_900, sizes: { M: 5 } });
  const order = await createPaidOrder(db, {
    userId: user.id,
    items: [{ productId, size: 'M', quantity: 1 }],
  });
  const ref = randomBytes(6).toString('hex');
  await db.insert(payments).values({
    orderId: order.id,
    provider: 'sandbox',
    providerRef: `sbx_${ref}`,
    providerPaymentId: `sbxpay_${ref}`,
    amountPaise: order.totalPaise,
    status: 'paid',
    paymentUrl: '',
  });
  return order;
}

/** A refund as if asked `days` ago and left in this state (the sandbox finishes at once). */
export async function ageRefund(
  db: Db,
  refundId: number,
  days: number,
  status: 'requested' | 'pending' | 'processed' | 'failed',
): Promise<void> {
  await db.execute(
    sql`UPDATE refunds SET status = ${status},
               created_at = created_at - make_interval(days => ${days}),
               updated_at = updated_at - make_interval(days => ${days})
        WHERE id = ${refundId}`,
  );
}

/**
 * A cash-on-delivery order whose cash was collected, with a payout of ₹500 waiting for staff
 * to transfer it to the shopper's UPI id (the permission table's samples).
 */
export async function createPendingPayout(db: Db): Promise<{ orderId: number; refundId: number }> {
  const order = await createRefundableOrder(db);
  await db.execute(sql`DELETE FROM payments WHERE order_id = ${order.id}`);
  await db.execute(sql`UPDATE orders SET payment_method = 'COD' WHERE id = ${order.id}`);
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO refunds (order_id, method, provider, amount_paise, idempotency_key, status,
                             reason, payout_to)
        VALUES (${order.id}, 'payout', 'payout', 50000,
                ${`payout-${randomBytes(6).toString('hex')}`}, 'pending', 'Return received',
                ${JSON.stringify({ method: 'upi', upi_id: 'fan@okaxis' })}::jsonb)
        RETURNING id`,
  );
  return { orderId: order.id, refundId: row!.id };
}
