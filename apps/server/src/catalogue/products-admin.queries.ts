// SQL of the back office's products: the list with its filters and keyset pages, one product
// with its sizes, and the writes of a product's fields, sizes and pictures. Stock changes go
// through stock/stock.service.ts, never through here.
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows, sqlList } from '../db/index.js';

export type ProductStatus = 'draft' | 'active' | 'archived';

export interface ListFilter {
  status?: ProductStatus;
  categoryId?: number;
  teamId?: number;
  playerId?: number;
  lowStock?: boolean;
  /** A prefix query for to_tsquery ('madr:* & hom:*'). */
  tsQuery?: string;
  sort: 'newest' | 'name';
  /** The last row of the previous page. */
  after?: { id: number; name: string };
  limit: number;
}

export interface ListRow {
  id: number;
  name: string;
  image_url: string;
  status: ProductStatus;
  category_id: number;
  category_name: string;
  team_id: number | null;
  team_name: string | null;
  price_paise: number;
  discount_price_paise: number;
  stock: number;
  low_stock_sizes: number;
}

const lowSize = sql`s.product_id = p.id AND s.stock <= p.low_stock_threshold`;

/**
 * One page of products, `limit` rows at most, in the order asked. The page's ids are found
 * first (an index range for each filter and order; migration 0012) and only its rows are
 * joined and counted. Text matches come from the search index: a prefix query's selectivity
 * is unknown to the planner, which would otherwise scan the whole table in order for a rare
 * word.
 */
export function listProducts(db: Queryable, f: ListFilter): Promise<ListRow[]> {
  const where: SQL[] = [sql`TRUE`];
  if (f.status !== undefined) where.push(sql`p.status = ${f.status}`);
  if (f.categoryId !== undefined) where.push(sql`p.category_id = ${f.categoryId}`);
  // A team's products by name walk their own index (team, name, id; migration 0012). Else a
  // team's or player's products, a few thousand at most, are read through their own index
  // and sorted, rather than walking the name or id index until they come up.
  const narrow: SQL[] = [];
  if (f.teamId !== undefined && f.sort === 'name' && f.playerId === undefined) {
    where.push(sql`p.team_id = ${f.teamId}`);
  } else if (f.teamId !== undefined) {
    narrow.push(sql`team_id = ${f.teamId}`);
  }
  if (f.playerId !== undefined) narrow.push(sql`player_id = ${f.playerId}`);
  const from =
    narrow.length === 0
      ? sql`products p`
      : sql`(SELECT * FROM products WHERE ${sql.join(narrow, sql` AND `)} OFFSET 0) p`;
  if (f.lowStock) where.push(sql`EXISTS (SELECT 1 FROM product_sizes s WHERE ${lowSize})`);
  if (f.tsQuery !== undefined) where.push(sql`p.id IN (SELECT id FROM matches)`);
  if (f.after) {
    where.push(
      f.sort === 'name'
        ? sql`(p.name, p.id) > (${f.after.name}, ${f.after.id})`
        : sql`p.id < ${f.after.id}`,
    );
  }
  const order = f.sort === 'name' ? sql`p.name, p.id` : sql`p.id DESC`;
  const matches =
    f.tsQuery === undefined
      ? sql``
      : sql`matches AS MATERIALIZED (
              SELECT id FROM products WHERE search_document @@ to_tsquery('english', ${f.tsQuery})),`;
  return queryRows<ListRow>(
    db,
    sql`WITH ${matches} page AS MATERIALIZED (
          SELECT p.id FROM ${from}
           WHERE ${sql.join(where, sql` AND `)}
           ORDER BY ${order}
           LIMIT ${f.limit})
        SELECT p.id, p.name, p.image_url, p.status, p.category_id, c.name AS category_name,
               p.team_id, t.name AS team_name, p.price_paise, p.discount_price_paise,
               (SELECT coalesce(sum(s.stock), 0)::int FROM product_sizes s
                 WHERE s.product_id = p.id) AS stock,
               (SELECT count(*)::int FROM product_sizes s WHERE ${lowSize}) AS low_stock_sizes
          FROM page
          JOIN products p ON p.id = page.id
          JOIN categories c ON c.id = p.category_id
          LEFT JOIN teams t ON t.id = p.team_id
         ORDER BY ${order}`,
  );
}

export interface ProductRow {
  id: number;
  name: string;
  price_paise: number;
  discount_price_paise: number;
  category_id: number;
  sub_category_id: number | null;
  team_id: number | null;
  player_id: number | null;
  tag: string;
  product_details: string;
  is_limited: boolean;
  is_promoted: boolean;
  status: ProductStatus;
  hsn_code: string;
  low_stock_threshold: number;
  image_url: string;
  image1: string | null;
  image2: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface SizeRow {
  size: string;
  stock: number;
  position: number;
}

/** The product's row, locked for the transaction's update when `forUpdate`. */
export async function findProduct(
  db: Queryable,
  id: number,
  forUpdate = false,
): Promise<ProductRow | undefined> {
  const [row] = await queryRows<ProductRow>(
    db,
    sql`SELECT id, name, price_paise, discount_price_paise, category_id, sub_category_id, team_id,
               player_id, tag, product_details, is_limited, is_promoted, status, hsn_code,
               low_stock_threshold, image_url, image1, image2, created_at, updated_at
          FROM products WHERE id = ${id} ${forUpdate ? sql`FOR UPDATE` : sql``}`,
  );
  return (
    row && { ...row, created_at: new Date(row.created_at), updated_at: new Date(row.updated_at) }
  );
}

export function sizesOf(db: Queryable, productId: number): Promise<SizeRow[]> {
  return queryRows<SizeRow>(
    db,
    sql`SELECT size, stock, position FROM product_sizes WHERE product_id = ${productId}
         ORDER BY position, size`,
  );
}

/** The product's fields as the back office writes them (not stock, not pictures). */
export interface ProductFields {
  name: string;
  price_paise: number;
  discount_price_paise: number;
  category_id: number;
  sub_category_id: number | null;
  team_id: number | null;
  player_id: number | null;
  tag: string;
  product_details: string;
  is_limited: boolean;
  is_promoted: boolean;
  status: ProductStatus;
  hsn_code: string;
  low_stock_threshold: number;
}

/** A new product with no stock and no picture yet; returns its id. */
export async function insertProduct(db: Queryable, f: ProductFields): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO products (name, price_paise, discount_price_paise, image_url,
               category_id, sub_category_id, team_id, player_id, tag, product_details, is_limited,
               is_promoted, status, active, hsn_code, low_stock_threshold)
        VALUES (${f.name}, ${f.price_paise}, ${f.discount_price_paise}, '', ${f.category_id},
               ${f.sub_category_id}, ${f.team_id}, ${f.player_id}, ${f.tag}, ${f.product_details},
               ${f.is_limited}, ${f.is_promoted}, ${f.status}, ${f.status === 'active'},
               ${f.hsn_code}, ${f.low_stock_threshold})
        RETURNING id`,
  );
  if (!row) throw new Error('INSERT … RETURNING returned no row');
  return row.id;
}

/** Writes every field (and `active` beside `status`) and stamps updated_at. */
export async function updateProductFields(
  db: Queryable,
  id: number,
  f: ProductFields,
): Promise<void> {
  await db.execute(
    sql`UPDATE products SET name = ${f.name}, price_paise = ${f.price_paise},
               discount_price_paise = ${f.discount_price_paise}, category_id = ${f.category_id},
               sub_category_id = ${f.sub_category_id}, team_id = ${f.team_id},
               player_id = ${f.player_id}, tag = ${f.tag}, product_details = ${f.product_details},
               is_limited = ${f.is_limited}, is_promoted = ${f.is_promoted}, status = ${f.status},
               active = ${f.status === 'active'}, hsn_code = ${f.hsn_code},
               low_stock_threshold = ${f.low_stock_threshold}, updated_at = now()
         WHERE id = ${id}`,
  );
}

export interface Pictures {
  image_url: string;
  image1: string | null;
  image2: string | null;
}

export async function updatePictures(db: Queryable, id: number, p: Pictures): Promise<void> {
  await db.execute(
    sql`UPDATE products SET image_url = ${p.image_url}, image1 = ${p.image1},
               image2 = ${p.image2}, updated_at = now()
         WHERE id = ${id}`,
  );
}

/** Adds sizes with no stock (the stock service then writes their starting stock). */
export async function insertSizes(
  db: Queryable,
  productId: number,
  sizes: readonly { size: string; position: number }[],
): Promise<void> {
  if (sizes.length === 0) return;
  await db.execute(
    sql`INSERT INTO product_sizes (product_id, size, position, stock)
        SELECT ${productId}, size, position, 0
          FROM jsonb_to_recordset(${JSON.stringify(sizes)}::jsonb) AS s(size text, position int)`,
  );
}

/** Removes sizes that have no stock left; returns the ones removed. */
export async function deleteEmptySizes(
  db: Queryable,
  productId: number,
  sizes: readonly string[],
): Promise<string[]> {
  if (sizes.length === 0) return [];
  const rows = await queryRows<{ size: string }>(
    db,
    sql`DELETE FROM product_sizes
         WHERE product_id = ${productId} AND size IN (${sqlList(sizes)}) AND stock = 0
        RETURNING size`,
  );
  return rows.map((r) => r.size);
}

export async function setSizePositions(
  db: Queryable,
  productId: number,
  sizes: readonly { size: string; position: number }[],
): Promise<void> {
  if (sizes.length === 0) return;
  await db.execute(
    sql`UPDATE product_sizes ps SET position = s.position
          FROM jsonb_to_recordset(${JSON.stringify(sizes)}::jsonb) AS s(size text, position int)
         WHERE ps.product_id = ${productId} AND ps.size = s.size AND ps.position <> s.position`,
  );
}

/** Which of the referenced rows exist: the product form's category, team and player. */
export async function referencesExist(
  db: Queryable,
  r: {
    categoryId: number;
    subCategoryId: number | null;
    teamId: number | null;
    playerId: number | null;
  },
): Promise<{ category: boolean; subCategoryOfCategory: boolean; team: boolean; player: boolean }> {
  const [row] = await queryRows<{
    category: boolean;
    sub_category: boolean;
    team: boolean;
    player: boolean;
  }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM categories WHERE id = ${r.categoryId}) AS category,
               (${r.subCategoryId}::int IS NULL OR EXISTS (SELECT 1 FROM sub_categories
                  WHERE id = ${r.subCategoryId}::int AND category_id = ${r.categoryId})) AS sub_category,
               (${r.teamId}::int IS NULL OR EXISTS (SELECT 1 FROM teams WHERE id = ${r.teamId}::int)) AS team,
               (${r.playerId}::int IS NULL OR EXISTS (SELECT 1 FROM players WHERE id = ${r.playerId}::int)) AS player`,
  );
  return {
    category: row?.category ?? false,
    subCategoryOfCategory: row?.sub_category ?? false,
    team: row?.team ?? false,
    player: row?.player ?? false,
  };
}

/** The categories, teams and players the product form offers. */
export async function choices(db: Queryable) {
  const [categories, subCategories, teams, players] = await Promise.all([
    queryRows<{ id: number; name: string }>(
      db,
      sql`SELECT id, name FROM categories ORDER BY position, name`,
    ),
    queryRows<{ id: number; category_id: number; name: string }>(
      db,
      sql`SELECT id, category_id, name FROM sub_categories ORDER BY name`,
    ),
    queryRows<{ id: number; name: string }>(db, sql`SELECT id, name FROM teams ORDER BY name`),
    queryRows<{ id: number; name: string; team_id: number | null }>(
      db,
      sql`SELECT id, name, team_id FROM players ORDER BY name`,
    ),
  ]);
  return { categories, subCategories, teams, players };
}
