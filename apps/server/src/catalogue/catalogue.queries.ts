// SQL of the catalogue: product projections, listing with facet counts, category lists.
import type { ListingSort } from '@kitroom/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { param, preparedStatement, queryRows, sqlList } from '../db/index.js';

/** A product row as the list projection returns it (money in paise). */
export interface ProductRow {
  id: number;
  name: string;
  price_paise: number;
  discount_price_paise: number;
  image_url: string;
  /** Each size's stock, in the sizes' order; the product's stock is their sum. */
  size: Record<string, number> | null;
  category_name: string;
  sub_category_name: string | null;
  team_name: string | null;
  player_name: string | null;
  tag: string;
  product_rating: string;
  review_count: number;
}

export interface ProductDetailRow extends ProductRow {
  image1: string | null;
  image2: string | null;
  product_details: string;
}

// Names come from scalar subqueries rather than joins: evaluated only for the rows a list
// returns (after LIMIT), and planning a four-way outer join cost more than running the
// whole query (≈ 3 ms against ≈ 1.4 ms for a page of 50 at 100,000 products).
const summaryColumns = sql`
  p.id, p.name, p.price_paise, p.discount_price_paise, p.image_url,
  (SELECT c.name FROM categories c WHERE c.id = p.category_id) AS category_name,
  (SELECT sc.name FROM sub_categories sc WHERE sc.id = p.sub_category_id) AS sub_category_name,
  (SELECT t.name FROM teams t WHERE t.id = p.team_id) AS team_name,
  (SELECT pl.name FROM players pl WHERE pl.id = p.player_id) AS player_name,
  p.tag, p.product_rating, p.review_count,
  (SELECT json_object_agg(s.size, s.stock ORDER BY s.position, s.size)
     FROM product_sizes s WHERE s.product_id = p.id) AS size`;

/** Product summaries for a set of ids, in no particular order. */
export async function productsByIds(db: Queryable, ids: readonly number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return queryRows<ProductRow>(
    db,
    sql`SELECT ${summaryColumns} FROM products p WHERE p.id IN (${sqlList(ids)})`,
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
    sql`SELECT ${summaryColumns} FROM products p
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
        FROM products p WHERE p.id = ${id} AND p.active`,
  );
  return row;
}

/**
 * Adds counted views to products, in one transaction. Rows are locked in id order first, as
 * orders lock them (orders.queries.ts), so a flush and a checkout cannot deadlock.
 */
export async function addViewCounts(
  db: Queryable,
  counts: readonly { id: number; views: number }[],
): Promise<void> {
  if (counts.length === 0) return;
  const json = JSON.stringify(counts);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      SELECT p.id FROM products p
      WHERE p.id IN (SELECT x.id FROM json_to_recordset(${json}::json) AS x(id int, views int))
      ORDER BY p.id FOR UPDATE`);
    await tx.execute(sql`
      UPDATE products p SET view_count = p.view_count + x.views
      FROM json_to_recordset(${json}::json) AS x(id int, views int)
      WHERE p.id = x.id`);
  });
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

/** The candidates a similar list is drawn from: at most this many, the first by id. */
export const SIMILAR_CANDIDATES = 200;

/** Ids of the first `limit` in-stock products matching the condition, other than `exceptId`. */
export async function inStockIds(
  db: Queryable,
  where: SQL,
  exceptId: number,
  limit: number,
): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT p.id FROM products p
        WHERE p.active AND NOT p.sold_out AND p.id <> ${exceptId} AND ${where}
        ORDER BY p.id LIMIT ${limit}`,
  );
  return rows.map((r) => r.id);
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
        WHERE r.product_id = ${productId} AND r.hidden_at IS NULL
        ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit}`,
  );
}

/** The catalogue version (catalogue-cache.ts); row and triggers: *_catalogue_version_triggers. */
export async function catalogueVersion(db: Queryable): Promise<number> {
  const [row] = await queryRows<{ version: string | number }>(
    db,
    sql`SELECT version FROM catalogue_version WHERE id = 1`,
  );
  return Number(row?.version ?? 0);
}

/** A snapshot's bounds, from pg_current_snapshot()'s text `xmin:xmax:xip,xip`. */
interface Snapshot {
  xmin: number;
  xmax: number;
  inProgress: number[];
}

function snapshotOf(text: string): Snapshot | undefined {
  const [xmin, xmax, xip = ''] = text.split(':');
  const snapshot = {
    xmin: Number(xmin),
    xmax: Number(xmax),
    inProgress: xip === '' ? [] : xip.split(',').map(Number),
  };
  const ids = [snapshot.xmin, snapshot.xmax, ...snapshot.inProgress];
  return ids.every((id) => Number.isSafeInteger(id) && id >= 0) ? snapshot : undefined;
}

/**
 * Whether the product log may have lost an entry a read from `before` needs (those of
 * transactions at or above its xmax, or in progress then): pruned below `logFrom` (a
 * transaction still in progress `now` has lost nothing: the pruning could not see its
 * entries), or a database whose transaction ids went back (restored elsewhere).
 */
function logMayHaveLost(before: Snapshot, now: Snapshot, logFrom: number): boolean {
  if (now.xmax < before.xmin || before.xmax < logFrom) return true;
  const running = new Set(now.inProgress);
  return before.inProgress.some((id) => id < logFrom && !running.has(id));
}

// Read by every request (shared while one is running): prepared once per connection.
const readVersionsStatement = preparedStatement<{
  version: string | number;
  product_log_from: string | number;
  mark: string;
  changed: number[] | null;
}>(
  'catalogue_read_versions',
  sql`SELECT v.version, v.product_log_from, pg_current_snapshot()::text AS mark,
        CASE WHEN ${param('xmax', 'bigint')} IS NULL THEN NULL
             ELSE ARRAY(SELECT DISTINCT c.product_id FROM catalogue_product_log c
                        WHERE c.xid >= ${param('xmax', 'bigint')}
                           OR c.xid = ANY(${param('inProgress', 'bigint[]')}))
        END AS changed
      FROM catalogue_version v WHERE v.id = 1`,
);

/**
 * The catalogue version, this statement's snapshot as the mark, and, when `since` is an
 * earlier read's mark, the products the transactions committed since then changed (decision
 * 084; catalogue-cache.ts): those at or above its xmax and those in progress when it was
 * taken. One statement, so the version, the log and the snapshot agree. `changed` is
 * undefined when the log may have lost some of them (logMayHaveLost).
 */
export async function readVersions(
  db: Queryable,
  since: string | undefined,
): Promise<{ catalogue: number; mark: string; changed: number[] | undefined }> {
  const before = since === undefined ? undefined : snapshotOf(since);
  const [row] = await readVersionsStatement(db, {
    xmax: before?.xmax ?? null,
    inProgress: before?.inProgress ?? [],
  });
  const mark = row?.mark ?? '';
  const now = snapshotOf(mark);
  const lost = !before || !now || logMayHaveLost(before, now, Number(row?.product_log_from ?? 0));
  return {
    catalogue: Number(row?.version ?? 0),
    mark,
    changed: lost ? undefined : (row?.changed ?? undefined),
  };
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
  return productsWhere(db, listingConditions(f), sql`p.sold_out, p.id`, count, offset);
}

/**
 * The ORDER BY of a sort (decision 063): in stock first, as the shop's own order, then the
 * sort's key, then the id, so a window of the order never repeats or skips a product. Price
 * is the price the shopper pays (the discount price); rating puts products without shown
 * reviews last. (Popular is sortedIds' own statement: it joins the sales.)
 */
function sortOrder(sort: Exclude<ListingSort, 'popular'>): SQL {
  switch (sort) {
    case 'newest':
      return sql`p.sold_out, p.created_at DESC, p.id DESC`;
    case 'price-asc':
      return sql`p.sold_out, p.discount_price_paise, p.id`;
    case 'price-desc':
      return sql`p.sold_out, p.discount_price_paise DESC, p.id`;
    case 'rating':
      return sql`p.sold_out, (p.review_count = 0), p.product_rating DESC,
                 p.review_count DESC, p.id`;
  }
}

/**
 * Ids of a window of the active products matching `where` (on `p`), in a sort's order.
 * Popular is the pieces sold over the dashboard's window of ended days (product_sales_window,
 * rebuilt by reports' rollUpSales), none counting as 0.
 */
export async function sortedIds(
  db: Queryable,
  where: SQL,
  sort: ListingSort,
  limit: number,
  offset = 0,
): Promise<number[]> {
  const statement =
    sort === 'popular'
      ? sql`SELECT p.id FROM products p LEFT JOIN product_sales_window w ON w.product_id = p.id
            WHERE p.active AND ${where}
            ORDER BY p.sold_out, coalesce(w.units, 0) DESC, p.id
            LIMIT ${limit} OFFSET ${offset}`
      : sql`SELECT p.id FROM products p WHERE p.active AND ${where}
            ORDER BY ${sortOrder(sort)} LIMIT ${limit} OFFSET ${offset}`;
  const rows = await queryRows<{ id: number }>(db, statement);
  return rows.map((r) => r.id);
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

// ── import: names by upsert, products and sizes by multi-row inserts from one JSON parameter ──

/** Creates the categories not there yet, placed after the existing ones in the given order. */
export async function insertMissingCategories(
  db: Queryable,
  names: readonly string[],
): Promise<void> {
  if (names.length === 0) return;
  await db.execute(sql`
    INSERT INTO categories (name, position)
    SELECT x.name, (SELECT coalesce(max(position), 0) FROM categories) + x.ord
    FROM json_array_elements_text(${JSON.stringify(names)}::json) WITH ORDINALITY AS x(name, ord)
    ORDER BY x.ord
    ON CONFLICT (name) DO NOTHING`);
}

export async function insertMissingSubCategories(
  db: Queryable,
  rows: readonly { category_id: number; name: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO sub_categories (category_id, name)
    SELECT x.category_id, x.name
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x(category_id int, name text)
    ON CONFLICT (category_id, name) DO NOTHING`);
}

/** Sub-category ids of (category id, name) pairs. */
export async function subCategoryIds(
  db: Queryable,
  rows: readonly { category_id: number; name: string }[],
): Promise<{ id: number; category_id: number; name: string }[]> {
  if (rows.length === 0) return [];
  return queryRows(
    db,
    sql`SELECT sc.id, sc.category_id, sc.name
        FROM sub_categories sc
        JOIN json_to_recordset(${JSON.stringify(rows)}::json) AS x(category_id int, name text)
          ON x.category_id = sc.category_id AND x.name = sc.name`,
  );
}

export async function insertMissingTeams(
  db: Queryable,
  rows: readonly { name: string; slug: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO teams (name, slug)
    SELECT x.name, x.slug FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x(name text, slug text)
    ON CONFLICT DO NOTHING`);
}

export async function insertMissingPlayers(
  db: Queryable,
  rows: readonly { name: string; slug: string; team_id: number | null }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO players (name, slug, team_id)
    SELECT x.name, x.slug, x.team_id
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x(name text, slug text, team_id int)
    ON CONFLICT DO NOTHING`);
}

/** `count` new product ids, taken from the products sequence in one round trip. */
export async function reserveProductIds(db: Queryable, count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT nextval(pg_get_serial_sequence('products', 'id'))::int AS id
        FROM generate_series(1, ${count})`,
  );
  return rows.map((r) => r.id);
}

/** A product as the import writes it: ids resolved, money in paise, stock already summed. */
export interface ProductInsertRow {
  id: number;
  name: string;
  price_paise: number;
  discount_price_paise: number;
  image_url: string;
  image1: string | null;
  image2: string | null;
  category_id: number;
  sub_category_id: number | null;
  team_id: number | null;
  player_id: number | null;
  tag: string;
  product_details: string;
  product_rating: string;
  view_count: number;
  is_limited: boolean;
  is_promoted: boolean;
  /** ISO time, or null for now. */
  created_at: string | null;
  hsn_code: string;
}

export async function insertProducts(
  db: Queryable,
  rows: readonly ProductInsertRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO products (
      id, name, price_paise, discount_price_paise, image_url, image1, image2,
      category_id, sub_category_id, team_id, player_id, tag, product_details, product_rating,
      view_count, is_limited, is_promoted, created_at, updated_at, hsn_code)
    SELECT
      x.id, x.name, x.price_paise, x.discount_price_paise, x.image_url, x.image1, x.image2,
      x.category_id, x.sub_category_id, x.team_id, x.player_id, x.tag,
      x.product_details, x.product_rating, x.view_count, x.is_limited, x.is_promoted,
      coalesce(x.created_at, now()), coalesce(x.created_at, now()), x.hsn_code
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x(
      id int, name text, price_paise int, discount_price_paise int, image_url text,
      image1 text, image2 text, category_id int, sub_category_id int,
      team_id int, player_id int, tag text, product_details text, product_rating numeric(2,1),
      view_count int, is_limited boolean, is_promoted boolean, created_at timestamptz,
      hsn_code text)`);
}

export interface ProductSizeInsertRow {
  product_id: number;
  size: string;
  position: number;
  stock: number;
}

export async function insertProductSizes(
  db: Queryable,
  rows: readonly ProductSizeInsertRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO product_sizes (product_id, size, position, stock)
    SELECT x.product_id, x.size, x.position, x.stock
    FROM json_to_recordset(${JSON.stringify(rows)}::json)
      AS x(product_id int, size text, position smallint, stock int)`);
}

// ── whole-catalogue maintenance (demo seeding) ──

export async function productCount(db: Queryable): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`SELECT count(*) AS n FROM products`,
  );
  return Number(row?.n ?? 0);
}

/** Whether any order line points at a product: such products must never be deleted. */
export async function anyOrderedProduct(db: Queryable): Promise<boolean> {
  const rows = await queryRows(db, sql`SELECT 1 FROM order_items LIMIT 1`);
  return rows.length > 0;
}

/**
 * Deletes every product, category, sub-category, team and player, and the search lexicon;
 * sizes, cart lines, reviews and coupon links go with their products. Ids start again at 1.
 */
export async function deleteCatalogue(db: Queryable): Promise<void> {
  await db.execute(sql`DELETE FROM products`);
  await db.execute(sql`DELETE FROM players`);
  await db.execute(sql`DELETE FROM teams`);
  await db.execute(sql`DELETE FROM sub_categories`);
  await db.execute(sql`DELETE FROM categories`);
  await db.execute(sql`
    SELECT setval(pg_get_serial_sequence(t, 'id'), 1, false)
    FROM unnest(ARRAY['products', 'players', 'teams', 'sub_categories', 'categories']) AS t`);
}

/** Every distinct picture path the products use. */
export async function productImagePaths(db: Queryable): Promise<string[]> {
  const rows = await queryRows<{ path: string }>(
    db,
    sql`SELECT image_url AS path FROM products
        UNION SELECT image1 FROM products WHERE image1 IS NOT NULL
        UNION SELECT image2 FROM products WHERE image2 IS NOT NULL`,
  );
  return rows.map((r) => r.path);
}

/** Replaces picture paths in every product: each pair's `from` path becomes its `to` path. */
export async function replaceImagePaths(
  db: Queryable,
  pairs: readonly { from: string; to: string }[],
): Promise<void> {
  if (pairs.length === 0) return;
  const json = JSON.stringify(pairs);
  for (const column of [sql`image_url`, sql`image1`, sql`image2`]) {
    await db.execute(sql`
      UPDATE products p SET ${column} = m."to"
      FROM json_to_recordset(${json}::json) AS m("from" text, "to" text)
      WHERE p.${column} = m."from"`);
  }
}

/** Fresh planner statistics after a bulk change, so the first queries are planned well. */
export async function analyzeCatalogue(db: Queryable): Promise<void> {
  await db.execute(
    sql`ANALYZE products, product_sizes, categories, sub_categories, teams, players`,
  );
}
