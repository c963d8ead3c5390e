// SQL of the catalogue's CSV export and import: products with their names and sizes by
// keyset batches, the name tables, and the bulk writes of an import (jsonb_to_recordset).
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows } from '../db/index.js';

/** A product as the CSV compares it: names beside ids, sizes in the shoppers' order. */
export interface CsvProductRow {
  id: number;
  name: string;
  status: 'draft' | 'active' | 'archived';
  category_id: number;
  category: string;
  sub_category_id: number | null;
  sub_category: string | null;
  team_id: number | null;
  team: string | null;
  player_id: number | null;
  player: string | null;
  price_paise: number;
  discount_price_paise: number;
  hsn_code: string;
  low_stock_threshold: number;
  tag: string;
  is_limited: boolean;
  is_promoted: boolean;
  image_url: string;
  image1: string | null;
  image2: string | null;
  product_details: string;
  sizes: { size: string; stock: number }[];
}

/** A product's sizes in the shoppers' order, as JSON: `[{"size":"M","stock":4}, …]`. */
const sizesColumn = sql`coalesce((SELECT json_agg(json_build_object('size', s.size, 'stock', s.stock)
                            ORDER BY s.position, s.size)
              FROM product_sizes s WHERE s.product_id = p.id), '[]'::json) AS sizes`;

const productColumns = sql`p.id, p.name, p.status, p.category_id, c.name AS category,
  p.sub_category_id, sc.name AS sub_category, p.team_id, t.name AS team, p.player_id,
  pl.name AS player, p.price_paise, p.discount_price_paise, p.hsn_code, p.low_stock_threshold,
  p.tag, p.is_limited, p.is_promoted, p.image_url, p.image1, p.image2, p.product_details,
  ${sizesColumn}`;
const productJoins = sql`JOIN categories c ON c.id = p.category_id
  LEFT JOIN sub_categories sc ON sc.id = p.sub_category_id
  LEFT JOIN teams t ON t.id = p.team_id
  LEFT JOIN players pl ON pl.id = p.player_id`;

const flatColumns = sql`p.id, p.name, p.status, p.category_id, p.sub_category_id, p.team_id,
  p.player_id, p.price_paise, p.discount_price_paise, p.hsn_code, p.low_stock_threshold, p.tag,
  p.is_limited, p.is_promoted, p.image_url, p.image1, p.image2, p.product_details`;

type FlatRow = Omit<CsvProductRow, 'category' | 'sub_category' | 'team' | 'player' | 'sizes'>;

/**
 * The next `limit` products after `afterId`, by id, each with its sizes: one index range scan,
 * names filled in from `names` (keyset: each batch costs the same).
 */
export async function productsAfter(
  db: Queryable,
  afterId: number,
  limit: number,
  names: NameMaps,
): Promise<CsvProductRow[]> {
  const rows = await queryRows<FlatRow & { sizes: { size: string; stock: number }[] }>(
    db,
    sql`SELECT ${flatColumns}, ${sizesColumn} FROM products p
        WHERE p.id > ${afterId} ORDER BY p.id LIMIT ${limit}`,
  );
  const name = (map: ReadonlyMap<number, string>, id: number | null) =>
    id === null ? null : (map.get(id) ?? null);
  // Each field named: a spread of the driver's row made an object V8 kept in its old
  // generation, so an export of 100,000 products grew the server by ~190 MiB (bench/README).
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    status: r.status,
    category_id: r.category_id,
    category: names.categories.get(r.category_id) ?? '',
    sub_category_id: r.sub_category_id,
    sub_category: name(names.subCategories, r.sub_category_id),
    team_id: r.team_id,
    team: name(names.teams, r.team_id),
    player_id: r.player_id,
    player: name(names.players, r.player_id),
    price_paise: r.price_paise,
    discount_price_paise: r.discount_price_paise,
    hsn_code: r.hsn_code,
    low_stock_threshold: r.low_stock_threshold,
    tag: r.tag,
    is_limited: r.is_limited,
    is_promoted: r.is_promoted,
    image_url: r.image_url,
    image1: r.image1,
    image2: r.image2,
    product_details: r.product_details,
    sizes: r.sizes,
  }));
}

export interface NameMaps {
  categories: ReadonlyMap<number, string>;
  subCategories: ReadonlyMap<number, string>;
  teams: ReadonlyMap<number, string>;
  players: ReadonlyMap<number, string>;
}

/** Names by id, for the export. */
export async function nameMaps(db: Queryable): Promise<NameMaps> {
  const n = await loadNames(db);
  const map = (rows: readonly NameRow[]) => new Map(rows.map((r) => [r.id, r.name]));
  return {
    categories: map(n.categories),
    subCategories: map(n.subCategories),
    teams: map(n.teams),
    players: map(n.players),
  };
}

/** These products as they are now (missing ids are absent). */
export function productsByIds(db: Queryable, ids: readonly number[]) {
  return queryRows<CsvProductRow>(
    db,
    sql`SELECT ${productColumns} FROM products p ${productJoins}
        WHERE p.id IN (SELECT value::int FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
  );
}

/**
 * Locks these products' sizes, then the products, in the order checkout takes them, so that
 * no sale lands between reading the stock and writing it.
 */
export async function lockProducts(db: Queryable, ids: readonly number[]): Promise<void> {
  const list = sql`(SELECT value::int FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;
  await db.execute(
    sql`SELECT 1 FROM product_sizes WHERE product_id IN ${list} ORDER BY product_id, size FOR UPDATE`,
  );
  await db.execute(sql`SELECT 1 FROM products WHERE id IN ${list} ORDER BY id FOR UPDATE`);
}

export interface NameRow {
  id: number;
  name: string;
}

/** Every category, team and player, and sub-category with its category. */
export async function loadNames(db: Queryable) {
  const categories = await queryRows<NameRow>(db, sql`SELECT id, name FROM categories`);
  const subCategories = await queryRows<NameRow & { category_id: number }>(
    db,
    sql`SELECT id, name, category_id FROM sub_categories`,
  );
  const teams = await queryRows<NameRow>(db, sql`SELECT id, name FROM teams`);
  const players = await queryRows<NameRow>(db, sql`SELECT id, name FROM players`);
  return { categories, subCategories, teams, players };
}

/** Creates sub-categories; returns their ids. */
export function insertSubCategories(
  db: Queryable,
  rows: readonly { category_id: number; name: string }[],
) {
  return queryRows<NameRow & { category_id: number }>(
    db,
    sql`INSERT INTO sub_categories (category_id, name)
        SELECT category_id, name FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
               AS r(category_id int, name text)
        RETURNING id, name, category_id`,
  );
}

/** A product's columns as an import writes them (ids resolved, stock the sizes' sum). */
export interface ProductWrite {
  id: number;
  name: string;
  status: 'draft' | 'active' | 'archived';
  category_id: number;
  sub_category_id: number | null;
  team_id: number | null;
  player_id: number | null;
  price_paise: number;
  discount_price_paise: number;
  hsn_code: string;
  low_stock_threshold: number;
  tag: string;
  is_limited: boolean;
  is_promoted: boolean;
  image_url: string;
  image1: string | null;
  image2: string | null;
  product_details: string;
}

const writeRecord = sql`AS r(id int, name text, status text, category_id int, sub_category_id int,
  team_id int, player_id int, price_paise int, discount_price_paise int, hsn_code text,
  low_stock_threshold int, tag text, is_limited boolean, is_promoted boolean, image_url text,
  image1 text, image2 text, product_details text)`;

/** Ids for new products, taken from the products' own sequence. */
export async function newProductIds(db: Queryable, n: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT nextval(pg_get_serial_sequence('products', 'id'))::int AS id
          FROM generate_series(1, ${n}::int)`,
  );
  return rows.map((r) => r.id);
}

export async function insertProducts(db: Queryable, rows: readonly ProductWrite[]) {
  await db.execute(
    sql`INSERT INTO products (id, name, status, active, category_id, sub_category_id, team_id,
          player_id, price_paise, discount_price_paise, hsn_code, low_stock_threshold, tag,
          is_limited, is_promoted, image_url, image1, image2, product_details)
        SELECT id, name, status, status = 'active', category_id, sub_category_id, team_id,
          player_id, price_paise, discount_price_paise, hsn_code, low_stock_threshold, tag,
          is_limited, is_promoted, image_url, image1, image2, product_details
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) ${writeRecord}`,
  );
}

export async function updateProducts(db: Queryable, rows: readonly ProductWrite[]) {
  await db.execute(
    sql`UPDATE products p SET name = r.name, status = r.status, active = (r.status = 'active'),
          category_id = r.category_id, sub_category_id = r.sub_category_id, team_id = r.team_id,
          player_id = r.player_id, price_paise = r.price_paise,
          discount_price_paise = r.discount_price_paise, hsn_code = r.hsn_code,
          low_stock_threshold = r.low_stock_threshold, tag = r.tag, is_limited = r.is_limited,
          is_promoted = r.is_promoted, image_url = r.image_url, image1 = r.image1,
          image2 = r.image2, product_details = r.product_details, updated_at = now()
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) ${writeRecord}
        WHERE p.id = r.id`,
  );
}

export interface SizeWrite {
  product_id: number;
  size: string;
  position: number;
  stock: number;
}

/** Adds sizes, or sets the stock and place of sizes that exist. */
export async function upsertSizes(db: Queryable, rows: readonly SizeWrite[]) {
  await db.execute(
    sql`INSERT INTO product_sizes (product_id, size, position, stock)
        SELECT product_id, size, position, stock
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
               AS r(product_id int, size text, position int, stock int)
        ON CONFLICT (product_id, size)
        DO UPDATE SET position = excluded.position, stock = excluded.stock`,
  );
}

/** Removes sizes a product no longer has (carts holding them lose those lines). */
export async function deleteSizes(
  db: Queryable,
  rows: readonly { product_id: number; size: string }[],
) {
  await db.execute(
    sql`DELETE FROM product_sizes s
        USING jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(product_id int, size text)
        WHERE s.product_id = r.product_id AND s.size = r.size`,
  );
}
