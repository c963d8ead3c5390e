// SQL of coupons: look-up with restrictions, use counting, redemptions.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { queryRows, sqlList } from '../db/sql.js';

export interface CouponRow {
  id: number;
  code: string;
  kind: 'flat' | 'percent';
  value: number;
  max_discount_paise: number | null;
  min_order_paise: number;
  starts_at: Date | string;
  ends_at: Date | string | null;
  max_uses: number | null;
  max_uses_per_user: number | null;
  used_count: number;
  active: boolean;
  product_ids: number[];
  category_ids: number[];
}

/** The coupon with that (upper-cased) code and the products and categories it is limited to. */
export async function couponByCode(db: Queryable, code: string): Promise<CouponRow | undefined> {
  const [row] = await queryRows<CouponRow>(
    db,
    sql`SELECT c.id, c.code, c.kind, c.value, c.max_discount_paise, c.min_order_paise,
               c.starts_at, c.ends_at, c.max_uses, c.max_uses_per_user, c.used_count, c.active,
               ARRAY(SELECT cp.product_id FROM coupon_products cp WHERE cp.coupon_id = c.id)
                 AS product_ids,
               ARRAY(SELECT cc.category_id FROM coupon_categories cc WHERE cc.coupon_id = c.id)
                 AS category_ids
        FROM coupons c WHERE c.code = ${code}`,
  );
  return row;
}

export async function userRedemptionCount(
  db: Queryable,
  couponId: number,
  userId: number,
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM coupon_redemptions
        WHERE coupon_id = ${couponId} AND user_id = ${userId}`,
  );
  return row?.n ?? 0;
}

/**
 * Counts one use if the total limit allows (undefined when it does not). The row lock it takes is held until the transaction
 * ends, so redemptions of one coupon run one after another.
 */
export async function claimUse(
  db: Queryable,
  couponId: number,
): Promise<{ max_uses_per_user: number | null } | undefined> {
  const [row] = await queryRows<{ max_uses_per_user: number | null }>(
    db,
    sql`UPDATE coupons SET used_count = used_count + 1
        WHERE id = ${couponId} AND (max_uses IS NULL OR used_count < max_uses)
        RETURNING max_uses_per_user`,
  );
  return row;
}

/** Takes the coupon's row lock without counting a use. */
export async function lockCoupon(db: Queryable, couponId: number): Promise<void> {
  await db.execute(sql`SELECT id FROM coupons WHERE id = ${couponId} FOR UPDATE`);
}

export async function insertRedemption(
  db: Queryable,
  r: { couponId: number; userId: number; orderId: number; discountPaise: number },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO coupon_redemptions (coupon_id, user_id, order_id, discount_paise)
        VALUES (${r.couponId}, ${r.userId}, ${r.orderId}, ${r.discountPaise})`,
  );
}

/** Deletes the orders' redemptions and gives their uses back, coupon by coupon in id order. */
export async function releaseRedemptions(
  db: Queryable,
  orderIds: readonly number[],
): Promise<void> {
  if (orderIds.length === 0) return;
  const released = await queryRows<{ coupon_id: number; n: number }>(
    db,
    sql`WITH gone AS (
          DELETE FROM coupon_redemptions WHERE order_id IN (${sqlList(orderIds)})
          RETURNING coupon_id)
        SELECT coupon_id, count(*)::int AS n FROM gone GROUP BY coupon_id ORDER BY coupon_id`,
  );
  for (const r of released) {
    await db.execute(
      sql`UPDATE coupons SET used_count = GREATEST(used_count - ${r.n}::int, 0)
          WHERE id = ${r.coupon_id}`,
    );
  }
}

export interface ProductPriceRow {
  id: number;
  category_id: number;
  discount_price_paise: number;
}

/** Prices and categories of the active products among the ids. */
export async function activeProductPrices(
  db: Queryable,
  ids: readonly number[],
): Promise<ProductPriceRow[]> {
  if (ids.length === 0) return [];
  return queryRows<ProductPriceRow>(
    db,
    sql`SELECT id, category_id, discount_price_paise FROM products
        WHERE id IN (${sqlList(ids)}) AND active`,
  );
}

export async function categoryIdByName(db: Queryable, name: string): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM categories WHERE name = ${name}`,
  );
  return row?.id;
}

export interface NewCoupon {
  code: string;
  description: string;
  kind: 'flat' | 'percent';
  value: number;
  maxDiscountPaise: number | null;
  minOrderPaise: number;
  startsAt: Date;
  endsAt: Date | null;
  maxUses: number | null;
  maxUsesPerUser: number | null;
  categoryIds: number[];
  productIds: number[];
}

/**
 * Inserts the coupon unless its code exists, and (re)links its restrictions either way: a
 * re-seeded catalogue has new category and product rows, and a coupon that lost its
 * restriction would apply to everything. True when the coupon itself was inserted.
 */
export async function insertCoupon(db: Queryable, c: NewCoupon): Promise<boolean> {
  const [row] = await queryRows<{ id: number; inserted: boolean }>(
    db,
    sql`INSERT INTO coupons (code, description, kind, value, max_discount_paise, min_order_paise,
                             starts_at, ends_at, max_uses, max_uses_per_user)
        VALUES (${c.code}, ${c.description}, ${c.kind}, ${c.value}, ${c.maxDiscountPaise},
                ${c.minOrderPaise}, ${c.startsAt.toISOString()}::timestamptz,
                ${c.endsAt?.toISOString() ?? null}::timestamptz, ${c.maxUses}, ${c.maxUsesPerUser})
        ON CONFLICT (code) DO UPDATE SET code = excluded.code
        RETURNING id, (xmax = 0) AS inserted`,
  );
  if (!row) return false;
  for (const categoryId of c.categoryIds) {
    await db.execute(
      sql`INSERT INTO coupon_categories (coupon_id, category_id) VALUES (${row.id}, ${categoryId})
          ON CONFLICT DO NOTHING`,
    );
  }
  for (const productId of c.productIds) {
    await db.execute(
      sql`INSERT INTO coupon_products (coupon_id, product_id) VALUES (${row.id}, ${productId})
          ON CONFLICT DO NOTHING`,
    );
  }
  return row.inserted;
}
