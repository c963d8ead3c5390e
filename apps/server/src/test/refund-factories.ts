// Refunds for tests that need one to act on: a paid order with its captured sandbox payment,
// inserted directly (the permission table's samples), and refunds aged by hand.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { payments } from '../db/schema.js';
import { createProduct, createUser } from './factories.js';
import { createPaidOrder } from './order-factories.js';

/** A paid order whose sandbox payment is captured, so it can be refunded; its id and total. */
export async function createRefundableOrder(db: Db): Promise<{ id: number; totalPaise: number }> {
  const user = await createUser(db);
  const productId = await createProduct(db, { sizes: { M: 5 } });
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

/** Moves a refund's asking (and last touch) back in time. */
export async function ageRefund(db: Db, refundId: number, days: number): Promise<void> {
  await db.execute(
    sql`UPDATE refunds SET created_at = created_at - make_interval(days => ${days}),
               updated_at = updated_at - make_interval(days => ${days})
        WHERE id = ${refundId}`,
  );
}
