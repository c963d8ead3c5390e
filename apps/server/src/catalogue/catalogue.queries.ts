// SQL of the catalogue: product projections, listing with facet counts, category lists.
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { queryRows, sqlList } from '../db/sql.js';

/** A product row as the list projection returns it (money in paise). */
export interface ProductRow {
  id: number;
  name: string;
  price_paise: number;
  discount_price_paise: number;
  image_url: string;
  stock_quantity: number;
  size: Record<string, number> | null;
  category_name: string;
  sub_category_name: string | null;
  team_name: string | null;
  player_name: string | null;
  tag: string;
  product_rating: string;
}

export interface ProductDetailRow extends ProductRow {
  image1: string | null;
  image2: string | null;
  product_details: string;
}

const summaryColumns = sql`
  p.id, p.name, p.price_paise, p.discount_price_paise, p.image_url, p.stock_quantity,
  c.name AS category_name, sc.name AS sub_category_name, t.name AS team_name,
  pl.name AS player_name, p.tag, p.product_rating,
  (SELECT json_object_agg(s.size, s.stock ORDER BY s.position, s.size)
     FROM product_sizes s WHERE s.product_id = p.id) AS size`;

const summaryJoins = sql`
  JOIN categories c ON c.id = p.category_id
  LEFT JOIN sub_categories sc ON sc.id = p.sub_category_id
  LEFT JOIN teams t ON t.id = p.team_id
  LEFT JOIN players pl ON pl.id = p.player_id`;

/** Product summaries for a set of ids, in no particular order. */
export async function productsByIds(db: Queryable, ids: readonly number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return queryRows<ProductRow>(
    db,
    sql`SELECT ${summaryColumns} FROM products p ${summaryJoins} WHERE p.id IN (${sqlList(ids)})`,
  );
}

/** Summaries matching a condition on `p`, in the given order. */
export async function productsWhere(
  db: Queryable,
  where: SQL,
  orderBy: SQL,
  limit: number,
  offset = 0,
): Promise<ProductRow[]> {
  return queryRows<ProductRow>(
    db,
    sql`SELECT ${summaryColumns} FROM products p ${summaryJoins}
        WHERE p.active AND ${where} ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}`,
  );
}

export async function productDetail(
  db: Queryable,
  id: number,
): Promise<ProductDetailRow | undefined> {
  const [row] = await queryRows<ProductDetailRow>(
    db,
    sql`SELECT ${summaryColumns}, p.image1, p.image2, p.product_details
        FROM products p ${summaryJoins} WHERE p.id = ${id} AND p.active`,
  );
  return row;
}

export async function incrementViewCount(db: Queryable, id: number): Promise<void> {
  await db.execute(sql`UPDATE products SET view_count = view_count + 1 WHERE id = ${id}`);
}

/** Every active product's id and last change, for the sitemap. */
export async function activeProductStamps(
  db: Queryable,
  limit: number,
): Promise<{ id: number; updated_at: Date | string }[]> {
  return queryRows(
    db,
    sql`SELECT id, updated_at FROM products WHERE active ORDER BY id LIMIT ${limit}`,
  );
}

/** Up to `limit` random in-stock products matching the condition, other than `exceptId`. */
export async function randomInStock(
  db: Queryable,
  where: SQL,
  exceptId: number,
  limit: number,
): Promise<ProductRow[]> {
  // Sample from a bounded candidate set so that large categories stay cheap.
  return queryRows<ProductRow>(
    db,
    sql`SELECT ${summaryColumns} FROM (
          SELECT * FROM products p
          WHERE p.active AND p.stock_quantity > 0 AND p.id <> ${exceptId} AND ${where}
          ORDER BY p.id LIMIT 200
        ) p ${summaryJoins}
        ORDER BY random() LIMIT ${limit}`,
  );
}

export interface ReviewRow {
  rating: number;
  user_name: string;
  subject: string;
  comment: string;
  created_at: Date | string;
}

export async function latestReviews(
  db: Queryable,
  productId: number,
  limit: number,
): Promise<ReviewRow[]> {
  return queryRows<ReviewRow>(
    db,
    sql`SELECT r.rating, u.name AS user_name, r.subject, r.comment, r.created_at
        FROM reviews r JOIN users u ON u.id = r.user_id
        WHERE r.product_id = ${productId}
        ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit}`,
  );
}

export async function categoriesWithCounts(
  db: Queryable,
): Promise<{ category_name: string; product_count: string | number }[]> {
  return queryRows(
    db,
    sql`SELECT c.name AS category_name, count(p.id) AS product_count
        FROM categories c LEFT JOIN products p ON p.category_id = c.id AND p.active
        GROUP BY c.id, c.name, c.position ORDER BY c.position, c.name`,
  );
}

export type FacetKind = 'category' | 'subcategory' | 'team' | 'player';

const facetTables: Record<FacetKind, SQL> = {
  category: sql`categories`,
  subcategory: sql`sub_categories`,
  team: sql`teams`,
  player: sql`players`,
};

/** Resolves facet names to ids; names with no row are absent from the map. */
export async function idsByName(
  db: Queryable,
  kind: FacetKind,
  names: readonly string[],
): Promise<Map<string, number[]>> {
  const found = new Map<string, number[]>();
  if (names.length === 0) return found;
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    sql`SELECT id, name FROM ${facetTables[kind]} WHERE name IN (${sqlList(names)})`,
  );
  for (const r of rows) found.set(r.name, [...(found.get(r.name) ?? []), r.id]);
  return found;
}

/** The filters of one listing, already resolved to ids and paise. */
export interface ListingFilter {
  categoryIds: number[];
  subCategoryIds: number[];
  teamIds: number[];
  playerIds: number[];
  minPaise: number | undefined;
  maxPaise: number | undefined;
}

export type FilterPart = keyof ListingFilter | 'price';

/** The WHERE conditions of a filter, leaving out the parts named in `skip`. */
export function listingConditions(f: ListingFilter, skip: readonly FilterPart[] = []): SQL {
  const parts: SQL[] = [sql`p.active`];
  const add = (part: FilterPart, ids: number[], column: SQL) => {
    if (!skip.includes(part) && ids.length > 0) parts.push(sql`${column} IN (${sqlList(ids)})`);
  };
  add('categoryIds', f.categoryIds, sql`p.category_id`);
  add('subCategoryIds', f.subCategoryIds, sql`p.sub_category_id`);
  add('teamIds', f.teamIds, sql`p.team_id`);
  add('playerIds', f.playerIds, sql`p.player_id`);
  if (!skip.includes('price')) {
    if (f.minPaise !== undefined) parts.push(sql`p.discount_price_paise >= ${f.minPaise}`);
    if (f.maxPaise !== undefined) parts.push(sql`p.discount_price_paise <= ${f.maxPaise}`);
  }
  return sql.join(parts, sql` AND `);
}

/** One page of matching products: in stock first, then by id, so paging is stable. */
export async function listingPage(
  db: Queryable,
  f: ListingFilter,
  offset: number,
  count: number,
): Promise<ProductRow[]> {
  return productsWhere(db, listingConditions(f), sql`(p.stock_quantity = 0), p.id`, count, offset);
}

export async function listingTotal(db: Queryable, f: ListingFilter): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`SELECT count(*) AS n FROM products p WHERE ${listingConditions(f)}`,
  );
  return Number(row?.n ?? 0);
}

export interface FacetRow {
  name: string;
  parent: string | null;
  count: string | number;
}

/**
 * Counts for one facet. A facet's own selection is left out of its counts (OR within a
 * facet), every other facet and the price range apply (AND between facets).
 */
export async function facetCounts(
  db: Queryable,
  f: ListingFilter,
  kind: FacetKind,
): Promise<FacetRow[]> {
  switch (kind) {
    case 'category':
      return queryRows<FacetRow>(
        db,
        sql`SELECT c.name, NULL AS parent, count(*) AS count
            FROM products p JOIN categories c ON c.id = p.category_id
            WHERE ${listingConditions(f, ['categoryIds', 'subCategoryIds'])}
            GROUP BY c.id, c.name, c.position ORDER BY c.position, c.name`,
      );
    case 'subcategory':
      return queryRows<FacetRow>(
        db,
        sql`SELECT sc.name, c.name AS parent, count(*) AS count
            FROM products p JOIN sub_categories sc ON sc.id = p.sub_category_id
            JOIN categories c ON c.id = sc.category_id
            WHERE ${listingConditions(f, ['subCategoryIds', 'categoryIds'])}
            GROUP BY sc.id, sc.name, c.name ORDER BY c.name, sc.name`,
      );
    case 'team':
      return queryRows<FacetRow>(
        db,
        sql`SELECT t.name, NULL AS parent, count(*) AS count
            FROM products p JOIN teams t ON t.id = p.team_id
            WHERE ${listingConditions(f, ['teamIds'])}
            GROUP BY t.id, t.name ORDER BY t.name`,
      );
    case 'player':
      return queryRows<FacetRow>(
        db,
        sql`SELECT pl.name, NULL AS parent, count(*) AS count
            FROM products p JOIN players pl ON pl.id = p.player_id
            WHERE ${listingConditions(f, ['playerIds'])}
            GROUP BY pl.id, pl.name ORDER BY pl.name`,
      );
  }
}

/** Discount-price bounds over the products matching every facet, ignoring the price range. */
export async function priceBounds(
  db: Queryable,
  f: ListingFilter,
): Promise<{ min: number | null; max: number | null }> {
  const [row] = await queryRows<{ min: number | null; max: number | null }>(
    db,
    sql`SELECT min(p.discount_price_paise) AS min, max(p.discount_price_paise) AS max
        FROM products p WHERE ${listingConditions(f, ['price'])}`,
  );
  return { min: row?.min ?? null, max: row?.max ?? null };
}

/** Home lists: newest, most viewed, limited and promoted products. */
export async function homeList(
  db: Queryable,
  list: 'limited' | 'new' | 'viewed' | 'promotion',
  limit: number,
): Promise<ProductRow[]> {
  switch (list) {
    case 'limited':
      return productsWhere(db, sql`p.is_limited`, sql`p.created_at DESC, p.id DESC`, limit);
    case 'new':
      return productsWhere(db, sql`true`, sql`p.created_at DESC, p.id DESC`, limit);
    case 'viewed':
      return productsWhere(db, sql`true`, sql`p.view_count DESC, p.id`, limit);
    case 'promotion':
      return productsWhere(db, sql`p.is_promoted`, sql`p.id`, limit);
  }
}
