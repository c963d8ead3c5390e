// SQL of wholesale: applications (one per user), price lists, and the retail prices that
// wholesale prices start from.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows, sqlList } from '../db/index.js';

export async function applicationStatus(
  db: Queryable,
  userId: number,
): Promise<{ status: string; reject_reason: string | null } | undefined> {
  const [row] = await queryRows<{ status: string; reject_reason: string | null }>(
    db,
    sql`SELECT status, reject_reason FROM wholesale_applications WHERE user_id = ${userId}`,
  );
  return row;
}

export interface ApplicationValues {
  userId: number;
  shopName: string;
  shopLocation: string;
  gst: string | null;
  requestingPerson: string;
  contactNumber: string;
  aboutShop: string;
}

/**
 * Inserts the application unless the user has one that is pending or approved (a rejected
 * one is replaced and pending again); true when this call stored it.
 */
export async function insertApplication(db: Queryable, v: ApplicationValues): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO wholesale_applications
          (user_id, shop_name, shop_location, gst, requesting_person, contact_number, about_shop)
        VALUES (${v.userId}, ${v.shopName}, ${v.shopLocation}, ${v.gst}, ${v.requestingPerson},
                ${v.contactNumber}, ${v.aboutShop})
        ON CONFLICT (user_id) DO UPDATE SET
          shop_name = EXCLUDED.shop_name, shop_location = EXCLUDED.shop_location,
          gst = EXCLUDED.gst, requesting_person = EXCLUDED.requesting_person,
          contact_number = EXCLUDED.contact_number, about_shop = EXCLUDED.about_shop,
          status = 'pending', reject_reason = NULL, decided_at = NULL, decided_by = NULL,
          price_list_id = NULL, registered = NULL, created_at = now()
        WHERE wholesale_applications.status = 'rejected'
        RETURNING id`,
  );
  return rows.length > 0;
}

// ── the back office ──

export interface AdminApplicationRow {
  id: number;
  shop_name: string;
  shop_location: string;
  gst: string | null;
  requesting_person: string;
  contact_number: string;
  about_shop: string;
  status: string;
  created_at: Date | string;
  user_id: number;
  user_name: string;
  user_email: string;
  price_list_id: number | null;
  price_list_name: string | null;
  reject_reason: string | null;
  decided_at: Date | string | null;
  /** The registered business (contract RegisteredBusiness), checked where it is read. */
  registered: unknown;
}

const ADMIN_COLUMNS = sql`w.id, w.shop_name, w.shop_location, w.gst, w.requesting_person,
  w.contact_number, w.about_shop, w.status, w.created_at, w.user_id, u.name AS user_name,
  u.email AS user_email, w.price_list_id, pl.name AS price_list_name, w.reject_reason,
  w.decided_at, w.registered`;
const ADMIN_FROM = sql`wholesale_applications w JOIN users u ON u.id = w.user_id
  LEFT JOIN wholesale_price_lists pl ON pl.id = w.price_list_id`;

/** Applications newest first (by id, the cursor), with the applying shopper. */
export async function listApplications(
  db: Queryable,
  f: { status?: string; beforeId?: number; limit: number },
): Promise<AdminApplicationRow[]> {
  const status = f.status === undefined ? sql`` : sql`AND w.status = ${f.status}`;
  const before = f.beforeId === undefined ? sql`` : sql`AND w.id < ${f.beforeId}`;
  return queryRows<AdminApplicationRow>(
    db,
    sql`SELECT ${ADMIN_COLUMNS} FROM ${ADMIN_FROM}
        WHERE TRUE ${status} ${before}
        ORDER BY w.id DESC LIMIT ${f.limit}`,
  );
}

/** One application as staff read it; FOR UPDATE locks it for a decision. */
export async function adminApplication(
  db: Queryable,
  id: number,
  forUpdate = false,
): Promise<AdminApplicationRow | undefined> {
  const lock = forUpdate ? sql`FOR UPDATE OF w` : sql``;
  const [row] = await queryRows<AdminApplicationRow>(
    db,
    sql`SELECT ${ADMIN_COLUMNS} FROM ${ADMIN_FROM} WHERE w.id = ${id} ${lock}`,
  );
  return row;
}

export async function decideApplication(
  db: Queryable,
  id: number,
  d: {
    status: 'approved' | 'rejected';
    priceListId: number | null;
    rejectReason: string | null;
    /** The registered business to store; null keeps the one stored (if any). */
    registered: object | null;
    staffId: number | null;
    at: Date;
  },
): Promise<void> {
  const registered = d.registered === null ? null : JSON.stringify(d.registered);
  await db.execute(
    sql`UPDATE wholesale_applications
        SET status = ${d.status}, price_list_id = ${d.priceListId},
            reject_reason = ${d.rejectReason}, decided_by = ${d.staffId}, decided_at = ${d.at},
            registered = coalesce(${registered}::jsonb, registered)
        WHERE id = ${id}`,
  );
}

// ── price lists ──

export interface PriceListRow {
  id: number;
  name: string;
  rules: unknown;
  tiers: unknown;
  min_order_paise: number;
  min_order_pieces: number;
  updated_at: Date | string;
  wholesalers: number;
}

const LIST_COLUMNS = sql`pl.id, pl.name, pl.rules, pl.tiers, pl.min_order_paise,
  pl.min_order_pieces, pl.updated_at,
  (SELECT count(*)::int FROM wholesale_applications w
    WHERE w.price_list_id = pl.id AND w.status = 'approved') AS wholesalers`;

export async function priceLists(db: Queryable): Promise<PriceListRow[]> {
  return queryRows<PriceListRow>(
    db,
    sql`SELECT ${LIST_COLUMNS} FROM wholesale_price_lists pl ORDER BY pl.name`,
  );
}

export async function priceList(db: Queryable, id: number): Promise<PriceListRow | undefined> {
  const [row] = await queryRows<PriceListRow>(
    db,
    sql`SELECT ${LIST_COLUMNS} FROM wholesale_price_lists pl WHERE pl.id = ${id}`,
  );
  return row;
}

export interface PriceListValues {
  name: string;
  rules: unknown[];
  tiers: unknown[];
  minOrderPaise: number;
  minOrderPieces: number;
}

/** The new list's id, or undefined when the name is taken. */
export async function insertPriceList(
  db: Queryable,
  v: PriceListValues,
): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO wholesale_price_lists (name, rules, tiers, min_order_paise, min_order_pieces)
        VALUES (${v.name}, ${JSON.stringify(v.rules)}::jsonb, ${JSON.stringify(v.tiers)}::jsonb,
                ${v.minOrderPaise}, ${v.minOrderPieces})
        ON CONFLICT (name) DO NOTHING
        RETURNING id`,
  );
  return row?.id;
}

/** False when the list does not exist. */
export async function updatePriceList(
  db: Queryable,
  id: number,
  v: PriceListValues,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE wholesale_price_lists
        SET name = ${v.name}, rules = ${JSON.stringify(v.rules)}::jsonb,
            tiers = ${JSON.stringify(v.tiers)}::jsonb, min_order_paise = ${v.minOrderPaise},
            min_order_pieces = ${v.minOrderPieces}, updated_at = now()
        WHERE id = ${id}
        RETURNING id`,
  );
  return rows.length > 0;
}

/** Another list's id with this name, if any. */
export async function priceListNamed(db: Queryable, name: string): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM wholesale_price_lists WHERE name = ${name}`,
  );
  return row?.id;
}

/** The names of these products and categories, for reading a list's rules. */
export async function targetNames(
  db: Queryable,
  productIds: number[],
  categoryIds: number[],
): Promise<{ products: Map<number, string>; categories: Map<number, string> }> {
  const products =
    productIds.length === 0
      ? []
      : await queryRows<{ id: number; name: string }>(
          db,
          sql`SELECT id, name FROM products WHERE id IN (${sqlList(productIds)})`,
        );
  const categories =
    categoryIds.length === 0
      ? []
      : await queryRows<{ id: number; name: string }>(
          db,
          sql`SELECT id, name FROM categories WHERE id IN (${sqlList(categoryIds)})`,
        );
  return {
    products: new Map(products.map((r) => [r.id, r.name])),
    categories: new Map(categories.map((r) => [r.id, r.name])),
  };
}

// ── the shopper's prices ──

/** The price list of the user's approved application, if any. */
export async function approvedPriceList(
  db: Queryable,
  userId: number,
): Promise<PriceListRow | undefined> {
  const [row] = await queryRows<PriceListRow>(
    db,
    sql`SELECT ${LIST_COLUMNS}
        FROM wholesale_applications a JOIN wholesale_price_lists pl ON pl.id = a.price_list_id
        WHERE a.user_id = ${userId} AND a.status = 'approved'`,
  );
  return row;
}

/** A shopper's approved application with its price list, as checkout_facts reads it (078). */
export interface ApprovedWholesalerRow {
  shop_name: string;
  shop_location: string;
  gst: string | null;
  /** The registered business (contract RegisteredBusiness), or null before staff entered it. */
  registered: unknown;
  /** The price list's columns; null when approved without one. */
  id: number | null;
  name: string | null;
  rules: unknown;
  tiers: unknown;
  min_order_paise: number | null;
  min_order_pieces: number | null;
}

/** Retail prices and categories of these products (a non-empty list). */
export async function retailPrices(
  db: Queryable,
  productIds: number[],
): Promise<{ id: number; category_id: number | null; discount_price_paise: number }[]> {
  return queryRows(
    db,
    sql`SELECT id, category_id, discount_price_paise FROM products
        WHERE id IN (${sqlList(productIds)})`,
  );
}
