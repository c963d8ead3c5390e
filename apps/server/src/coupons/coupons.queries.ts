// SQL of coupons: look-up with restrictions, use counting, redemptions.
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows, sqlList } from '../db/index.js';

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
  stacks_with_wholesale: boolean;
  /** Only this shopper may use it (a cart reminder's coupon); null: anyone. */
  for_user_id: number | null;
  product_ids: number[];
  category_ids: number[];
}

/** The coupon with that (upper-cased) code and the products and categories it is limited to. */
export async function couponByCode(db: Queryable, code: string): Promise<CouponRow | undefined> {
  const [row] = await queryRows<CouponRow>(
    db,
    sql`SELECT c.id, c.code, c.kind, c.value, c.max_discount_paise, c.min_order_paise,
               c.starts_at, c.ends_at, c.max_uses, c.max_uses_per_user, c.used_count, c.active,
               c.stacks_with_wholesale, c.for_user_id,
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
  name: string;
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
    sql`SELECT id, category_id, name, discount_price_paise FROM products
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

// ── the back office ──

export interface AdminCouponRow extends CouponRow {
  description: string;
  paid_orders: number;
  paid_discount_paise: string | number;
}

/** A coupon's columns, its restrictions and what paid orders got from it. */
const adminCouponColumns = sql`
  c.id, c.code, c.description, c.kind, c.value, c.max_discount_paise, c.min_order_paise,
  c.starts_at, c.ends_at, c.max_uses, c.max_uses_per_user, c.used_count, c.active,
  c.stacks_with_wholesale,
  ARRAY(SELECT cp.product_id FROM coupon_products cp WHERE cp.coupon_id = c.id
        ORDER BY cp.product_id) AS product_ids,
  ARRAY(SELECT cc.category_id FROM coupon_categories cc WHERE cc.coupon_id = c.id
        ORDER BY cc.category_id) AS category_ids,
  (SELECT count(*)::int FROM coupon_redemptions r JOIN orders o ON o.id = r.order_id
    WHERE r.coupon_id = c.id AND o.payment_status = 'SUCCESS') AS paid_orders,
  (SELECT coalesce(sum(r.discount_paise), 0) FROM coupon_redemptions r
     JOIN orders o ON o.id = r.order_id
    WHERE r.coupon_id = c.id AND o.payment_status = 'SUCCESS') AS paid_discount_paise`;

export type CouponStatusFilter = 'active' | 'scheduled' | 'expired' | 'used-up' | 'inactive';

/** The SQL form of each status; the order of the checks matches couponStatus in the service. */
function statusCondition(status: CouponStatusFilter, now: Date): SQL {
  const usedUp = sql`(c.max_uses IS NOT NULL AND c.used_count >= c.max_uses)`;
  const expired = sql`(c.ends_at IS NOT NULL AND c.ends_at <= ${now})`;
  const scheduled = sql`(c.starts_at > ${now})`;
  switch (status) {
    case 'inactive':
      return sql`NOT c.active`;
    case 'expired':
      return sql`c.active AND ${expired}`;
    case 'used-up':
      return sql`c.active AND NOT ${expired} AND ${usedUp}`;
    case 'scheduled':
      return sql`c.active AND NOT ${expired} AND NOT ${usedUp} AND ${scheduled}`;
    case 'active':
      return sql`c.active AND NOT ${expired} AND NOT ${usedUp} AND NOT ${scheduled}`;
  }
}

export interface CouponListFilter {
  status?: CouponStatusFilter;
  codePrefix?: string;
  beforeId?: number;
  limit: number;
  now: Date;
}

/** Coupons newest first (by id, the cursor), filtered. */
export async function listCoupons(db: Queryable, f: CouponListFilter): Promise<AdminCouponRow[]> {
  const conditions: SQL[] = [sql`TRUE`];
  if (f.status) conditions.push(statusCondition(f.status, f.now));
  if (f.codePrefix) {
    conditions.push(sql`c.code LIKE ${`${f.codePrefix.replace(/[\\%_]/g, '\\$&')}%`}`);
  }
  if (f.beforeId !== undefined) conditions.push(sql`c.id < ${f.beforeId}`);
  return queryRows<AdminCouponRow>(
    db,
    sql`SELECT ${adminCouponColumns} FROM coupons c
        WHERE ${sql.join(conditions, sql` AND `)}
        ORDER BY c.id DESC LIMIT ${f.limit}`,
  );
}

export async function adminCoupon(db: Queryable, id: number): Promise<AdminCouponRow | undefined> {
  const [row] = await queryRows<AdminCouponRow>(
    db,
    sql`SELECT ${adminCouponColumns} FROM coupons c WHERE c.id = ${id}`,
  );
  return row;
}

/** Locks the coupon's row for an edit (checkout's redemptions wait for it, and it for them). */
export async function lockCouponForEdit(
  db: Queryable,
  id: number,
): Promise<{ used_count: number } | undefined> {
  const [row] = await queryRows<{ used_count: number }>(
    db,
    sql`SELECT used_count FROM coupons WHERE id = ${id} FOR UPDATE`,
  );
  return row;
}

export interface CouponValues {
  code: string;
  description: string;
  kind: 'flat' | 'percent';
  value: number;
  maxDiscountPaise: number | null;
  minOrderPaise: number;
  startsAt: string;
  endsAt: string | null;
  maxUses: number | null;
  maxUsesPerUser: number | null;
  active: boolean;
  stacksWithWholesale: boolean;
}

/** Inserts the coupon; undefined when its code is taken. */
export async function insertAdminCoupon(
  db: Queryable,
  c: CouponValues,
): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO coupons (code, description, kind, value, max_discount_paise, min_order_paise,
                             starts_at, ends_at, max_uses, max_uses_per_user, active,
                             stacks_with_wholesale)
        VALUES (${c.code}, ${c.description}, ${c.kind}, ${c.value}, ${c.maxDiscountPaise},
                ${c.minOrderPaise}, ${c.startsAt}::timestamptz, ${c.endsAt}::timestamptz,
                ${c.maxUses}, ${c.maxUsesPerUser}, ${c.active}, ${c.stacksWithWholesale})
        ON CONFLICT (code) DO NOTHING
        RETURNING id`,
  );
  return row?.id;
}

/** Whether another coupon has this code. */
export async function codeTaken(db: Queryable, code: string, exceptId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM coupons WHERE code = ${code} AND id <> ${exceptId}`,
  );
  return rows.length > 0;
}

export async function updateAdminCoupon(db: Queryable, id: number, c: CouponValues): Promise<void> {
  await db.execute(
    sql`UPDATE coupons SET code = ${c.code}, description = ${c.description}, kind = ${c.kind},
          value = ${c.value}, max_discount_paise = ${c.maxDiscountPaise},
          min_order_paise = ${c.minOrderPaise}, starts_at = ${c.startsAt}::timestamptz,
          ends_at = ${c.endsAt}::timestamptz, max_uses = ${c.maxUses},
          max_uses_per_user = ${c.maxUsesPerUser}, active = ${c.active},
          stacks_with_wholesale = ${c.stacksWithWholesale}
        WHERE id = ${id}`,
  );
}

/** Replaces the coupon's product and category restrictions. */
export async function setCouponRestrictions(
  db: Queryable,
  id: number,
  productIds: readonly number[],
  categoryIds: readonly number[],
): Promise<void> {
  await db.execute(sql`DELETE FROM coupon_products WHERE coupon_id = ${id}`);
  await db.execute(sql`DELETE FROM coupon_categories WHERE coupon_id = ${id}`);
  if (productIds.length > 0) {
    await db.execute(
      sql`INSERT INTO coupon_products (coupon_id, product_id)
          SELECT ${id}, p.id FROM products p WHERE p.id IN (${sqlList(productIds)})`,
    );
  }
  if (categoryIds.length > 0) {
    await db.execute(
      sql`INSERT INTO coupon_categories (coupon_id, category_id)
          SELECT ${id}, c.id FROM categories c WHERE c.id IN (${sqlList(categoryIds)})`,
    );
  }
}

/** The ids among these that name no product (or category). */
export async function missingIds(
  db: Queryable,
  table: 'products' | 'categories',
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM ${sql.identifier(table)} WHERE id IN (${sqlList(ids)})`,
  );
  const have = new Set(found.map((r) => r.id));
  return ids.filter((id) => !have.has(id));
}

export async function categoryOptions(db: Queryable): Promise<{ id: number; name: string }[]> {
  return queryRows<{ id: number; name: string }>(
    db,
    sql`SELECT id, name FROM categories ORDER BY name`,
  );
}

/** A one-use coupon for one shopper (a cart reminder's); undefined when its code is taken. */
export async function insertShopperCoupon(
  db: Queryable,
  c: {
    code: string;
    description: string;
    kind: 'flat' | 'percent';
    value: number;
    endsAt: Date;
    userId: number;
  },
): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO coupons (code, description, kind, value, ends_at, max_uses, max_uses_per_user,
                             for_user_id)
        VALUES (${c.code}, ${c.description}, ${c.kind}, ${c.value},
                ${c.endsAt.toISOString()}::timestamptz, 1, 1, ${c.userId})
        ON CONFLICT (code) DO NOTHING
        RETURNING id`,
  );
  return row?.id;
}
