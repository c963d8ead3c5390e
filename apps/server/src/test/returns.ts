// Return and exchange requests for tests that need one in a given status (the back office's
// permission table): rows written directly on a delivered order, without the service's steps
// (the services' own tests take requests through every step).
import { eq } from 'drizzle-orm';
import type { ReturnKind, ReturnStatus } from '@kitroom/contract';
import type { Db } from '../db/client.js';
import { orderItems, orderReturnItems, orderReturns, orders, shipments } from '../db/schema.js';
import { createProduct, createUser } from './factories.js';
import { createPaidOrder } from './order-factories.js';

/** A delivered order of one shirt in M (L and M in stock) with a request in this status. */
export async function createReturn(
  db: Db,
  o: { kind: ReturnKind; status: ReturnStatus },
): Promise<number> {
  const user = await createUser(db);
  const productId = await createProduct(db, { sizes: { M: 5, L: 5 } });
  const order = await createPaidOrder(db, {
    userId: user.id,
    items: [{ productId, size: 'M', quantity: 1 }],
  });
  await db
    .update(orders)
    .set({ orderStatus: 'Completed', deliveredAt: new Date() })
    .where(eq(orders.id, order.id));
  const [item] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  const [row] = await db
    .insert(orderReturns)
    .values({ orderId: order.id, kind: o.kind, status: o.status, reason: 'Too small' })
    .returning({ id: orderReturns.id });
  await db.insert(orderReturnItems).values({
    returnId: row!.id,
    orderItemId: item!.id,
    quantity: 1,
    exchangeSize: o.kind === 'exchange' ? 'L' : null,
  });
  return row!.id;
}

/** An exchange whose replacement went out by hand (a 'manual' parcel, booked), for its label. */
export async function createShippedReplacement(db: Db): Promise<number> {
  const id = await createReturn(db, { kind: 'exchange', status: 'shipped' });
  const [r] = await db
    .select({ orderId: orderReturns.orderId })
    .from(orderReturns)
    .where(eq(orderReturns.id, id));
  await db.insert(shipments).values({
    orderId: r!.orderId,
    courier: 'manual',
    reference: `KR-${r!.orderId}-2`,
    state: 'booked',
    weightGrams: 500,
    returnId: id,
    awb: `EX${id}IN`,
    courierName: 'India Post',
  });
  return id;
}
