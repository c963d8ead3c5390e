// Orders for tests that need one (reviews, referral reports): rows inserted directly, priced
// from the catalogue, without the order service's stock and payment steps.
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { orderItems, orders, products } from '../db/schema.js';

export interface OrderLine {
  productId: number;
  size: string;
  quantity: number;
}

export interface OrderOverrides {
  userId: number;
  items: OrderLine[];
  paymentStatus?: 'UNPAID' | 'SUCCESS' | 'FAILED';
  affiliateId?: number | null;
  campaignCode?: string | null;
  shippingPaise?: number;
}

/** An order with its items at the products' discount prices; returns its id and total. */
export async function createOrder(
  db: Db,
  o: OrderOverrides,
): Promise<{ id: number; totalPaise: number }> {
  const ids = [...new Set(o.items.map((i) => i.productId))];
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      imageUrl: products.imageUrl,
      pricePaise: products.discountPricePaise,
    })
    .from(products)
    .where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const lines = o.items.map((item) => {
    const product = byId.get(item.productId);
    if (!product) throw new Error(`createOrder: no product ${item.productId}`);
    return { item, product };
  });
  const subtotalPaise = lines.reduce((sum, l) => sum + l.product.pricePaise * l.item.quantity, 0);
  const shippingPaise = o.shippingPaise ?? 6000;
  const paymentStatus = o.paymentStatus ?? 'UNPAID';
  const [order] = await db
    .insert(orders)
    .values({
      userId: o.userId,
      paymentStatus,
      orderStatus: paymentStatus === 'SUCCESS' ? 'Processing' : 'Pending',
      shippingAddress: {
        first_name: 'Test',
        last_name: 'Shopper',
        street_name: 'Beach Road',
        city: 'Kozhikode',
        state: 'Kerala',
        pincode: '673001',
        phone: '9876543210',
      },
      state: 'Kerala',
      mobileNumber: '9876543210',
      subtotalPaise,
      shippingPaise,
      totalPaise: subtotalPaise + shippingPaise,
      affiliateId: o.affiliateId ?? null,
      campaignCode: o.campaignCode ?? null,
      paidAt: paymentStatus === 'SUCCESS' ? new Date() : null,
    })
    .returning({ id: orders.id, totalPaise: orders.totalPaise });
  await db.insert(orderItems).values(
    lines.map(({ item, product }) => ({
      orderId: order!.id,
      productId: item.productId,
      productName: product.name,
      productImageUrl: product.imageUrl,
      size: item.size,
      quantity: item.quantity,
      unitPricePaise: product.pricePaise,
    })),
  );
  return { id: order!.id, totalPaise: order!.totalPaise };
}

/** An order whose payment_status is SUCCESS. */
export async function createPaidOrder(
  db: Db,
  o: Omit<OrderOverrides, 'paymentStatus'>,
): Promise<{ id: number; totalPaise: number }> {
  return createOrder(db, { ...o, paymentStatus: 'SUCCESS' });
}
