// Decision 008's trap: the cached catalogue responses are right only while every column they show
// is watched by a trigger — the catalogue version's (what can move a product in a list) or
// the product log's (what one product shows). A column added to the queries but to no
// trigger keeps showing its old value. This test reads which columns the catalogue's read
// queries use (every `alias.column` in catalogue.queries.ts, aliases from their FROM and JOIN
// clauses), changes each one on a product in a real database, and expects the commit to have
// moved the catalogue version, or logged that product (or an order of a
// list: Most Viewed, product 0; the rating and popular sorts, -1 and -2) in the log.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/index.js';
import { queryRows } from '../db/index.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { createProduct, createUser, ensureCategory } from '../test/factories.js';
import { createPaidOrder } from '../test/order-factories.js';
import { MOST_VIEWED, POPULAR_ORDER, RATING_ORDER } from './catalogue-cache.js';
import { readVersions } from './catalogue.queries.js';

const queriesFile = fileURLToPath(new URL('./catalogue.queries.ts', import.meta.url));

/**
 * table → the columns the catalogue's queries read from it, statement by statement (each
 * sql`…` template names its own aliases). Fragments without a FROM of their own are
 * conditions on `p`, the products (listingConditions); any other alias left unnamed is
 * reported as `?alias`, so the test fails rather than miss it.
 */
function columnsRead(source: string): Map<string, Set<string>> {
  const read = new Map<string, Set<string>>();
  for (const [, text] of source.matchAll(/sql`([^`]*)`/g)) {
    const aliases = new Map([['p', 'products']]);
    for (const m of text!.matchAll(/\b(?:FROM|JOIN)\s+([a-z_]+)\s+(?:AS\s+)?([a-z]{1,3})\b/gi)) {
      aliases.set(m[2]!, m[1]!);
    }
    // `json_to_recordset(…) AS x(id int, …)`: the request's own rows, not a table.
    const given = new Set([...text!.matchAll(/\bAS\s+([a-z]{1,3})\s*\(/gi)].map((m) => m[1]!));
    for (const m of text!.matchAll(/(?<![\w.'])([a-z]{1,3})\.([a-z_]+)\b/g)) {
      if (given.has(m[1]!)) continue;
      const table = aliases.get(m[1]!) ?? `?${m[1]!}`;
      if (!read.has(table)) read.set(table, new Set());
      read.get(table)!.add(m[2]!);
    }
  }
  return read;
}

/** The rows one change is made on: product A and what it points to. */
interface Subject {
  product: number;
  other: number;
  category: number;
  otherCategory: number;
  subCategory: number;
  team: number;
  player: number;
  /** The review's writer, and another shopper. */
  writer: number;
  reviewer: number;
}

// How to change each column read, on subject product A (or its rows). A column the queries
// read that is missing here fails the test: add how to change it, and make sure a trigger
// watches it (docs/decisions/008).
const changes: Record<string, Record<string, (s: Subject) => string>> = {
  products: {
    name: (s) => `UPDATE products SET name = name || ' (changed)' WHERE id = ${s.product}`,
    price_paise: (s) =>
      `UPDATE products SET price_paise = price_paise + 100 WHERE id = ${s.product}`,
    discount_price_paise: (s) =>
      `UPDATE products SET discount_price_paise = discount_price_paise - 100 WHERE id = ${s.product}`,
    image_url: (s) =>
      `UPDATE products SET image_url = 'images/products/a.webp' WHERE id = ${s.product}`,
    image1: (s) =>
      `UPDATE products SET image1 = 'images/products/a-1.webp' WHERE id = ${s.product}`,
    image2: (s) =>
      `UPDATE products SET image2 = 'images/products/a-2.webp' WHERE id = ${s.product}`,
    sizes_in_stock: (s) =>
      `UPDATE products SET sizes_in_stock = sizes_in_stock + 1 WHERE id = ${s.product}`,
    category_id: (s) =>
      `UPDATE products SET category_id = ${s.otherCategory} WHERE id = ${s.product}`,
    sub_category_id: (s) => `UPDATE products SET sub_category_id = NULL WHERE id = ${s.product}`,
    team_id: (s) => `UPDATE products SET team_id = NULL WHERE id = ${s.product}`,
    player_id: (s) => `UPDATE products SET player_id = NULL WHERE id = ${s.product}`,
    tag: (s) => `UPDATE products SET tag = tag || ',changed' WHERE id = ${s.product}`,
    product_rating: (s) => `UPDATE products SET product_rating = '4.5' WHERE id = ${s.product}`,
    review_count: (s) =>
      `UPDATE products SET review_count = review_count + 1 WHERE id = ${s.product}`,
    product_details: (s) =>
      `UPDATE products SET product_details = product_details || ' More.' WHERE id = ${s.product}`,
    active: (s) =>
      `UPDATE products SET active = false, status = 'archived' WHERE id = ${s.product}`,
    is_limited: (s) => `UPDATE products SET is_limited = NOT is_limited WHERE id = ${s.product}`,
    is_promoted: (s) => `UPDATE products SET is_promoted = NOT is_promoted WHERE id = ${s.product}`,
    created_at: (s) =>
      `UPDATE products SET created_at = created_at - interval '1 day' WHERE id = ${s.product}`,
    view_count: (s) => `UPDATE products SET view_count = view_count + 1000 WHERE id = ${s.product}`,
    // Generated from sizes_in_stock (decisions 090, 100): it changes when the product sells out.
    sold_out: (s) => `UPDATE products SET sizes_in_stock = 0 WHERE id = ${s.product}`,
  },
  categories: {
    name: (s) => `UPDATE categories SET name = name || ' (changed)' WHERE id = ${s.category}`,
    position: (s) => `UPDATE categories SET position = position + 10 WHERE id = ${s.category}`,
  },
  sub_categories: {
    name: (s) =>
      `UPDATE sub_categories SET name = name || ' (changed)' WHERE id = ${s.subCategory}`,
    category_id: (s) =>
      `UPDATE sub_categories SET category_id = ${s.otherCategory} WHERE id = ${s.subCategory}`,
  },
  teams: {
    name: (s) => `UPDATE teams SET name = name || ' (changed)' WHERE id = ${s.team}`,
  },
  players: {
    name: (s) => `UPDATE players SET name = name || ' (changed)' WHERE id = ${s.player}`,
  },
  product_sizes: {
    size: (s) =>
      `UPDATE product_sizes SET size = 'XS' WHERE product_id = ${s.product} AND size = 'S'`,
    stock: (s) => `UPDATE product_sizes SET stock = stock + 1 WHERE product_id = ${s.product}`,
    position: (s) =>
      `UPDATE product_sizes SET position = position + 10 WHERE product_id = ${s.product}`,
    product_id: (s) =>
      `UPDATE product_sizes SET product_id = ${s.other} WHERE product_id = ${s.product} AND size = 'M'`,
  },
  reviews: {
    rating: (s) => `UPDATE reviews SET rating = 2 WHERE product_id = ${s.product}`,
    subject: (s) => `UPDATE reviews SET subject = subject || '!' WHERE product_id = ${s.product}`,
    comment: (s) => `UPDATE reviews SET comment = comment || '!' WHERE product_id = ${s.product}`,
    created_at: (s) =>
      `UPDATE reviews SET created_at = created_at - interval '1 day' WHERE product_id = ${s.product}`,
    hidden_at: (s) => `UPDATE reviews SET hidden_at = now() WHERE product_id = ${s.product}`,
    product_id: (s) => `UPDATE reviews SET product_id = ${s.other} WHERE product_id = ${s.product}`,
    user_id: (s) => `UPDATE reviews SET user_id = ${s.reviewer} WHERE product_id = ${s.product}`,
  },
  users: {
    name: (s) => `UPDATE users SET name = name || ' (changed)' WHERE id = ${s.writer}`,
  },
  // The popular sort's sales: rebuilt only with the window's row (reports' rollUpSales).
  product_sales_window: {
    units: (s) => salesWindowRebuilt(s.product),
    product_id: (s) => salesWindowRebuilt(s.product),
  },
};

/** The sales window rebuilt as the dashboard's rollup does it: its sales and its row. */
const salesWindowRebuilt = (product: number) =>
  `WITH sales AS (
     INSERT INTO product_sales_window (product_id, units, paise) VALUES (${product}, 3, 300000)
     ON CONFLICT (product_id) DO UPDATE SET units = product_sales_window.units + 1
   )
   INSERT INTO sales_window (id, first_day, last_day) VALUES (1, current_date - 30, current_date - 1)
   ON CONFLICT (id) DO UPDATE SET last_day = EXCLUDED.last_day`;

/** Pseudo products of the log: an order changed (Most Viewed, rating, popular; decision 063). */
const ORDERS = [MOST_VIEWED, RATING_ORDER, POPULAR_ORDER];

// Keys that join rows, never changed in place: a row's id.
const KEYS = new Set(['id']);
// The versions and the log themselves, which readVersions reads.
const VERSIONS = new Set(['catalogue_version', 'catalogue_product_log']);

let t: TestDatabase;
let db: Db;

beforeAll(async () => {
  t = await createTestDatabase();
  db = t.db;
});

afterAll(async () => {
  await t?.close();
});

let made = 0;

/** Product A with every row the queries read of it (sizes, a review), and product B beside it. */
async function subject(): Promise<Subject> {
  made += 1;
  const product = await createProduct(db, {
    category: `Category ${made}`,
    subCategory: `Sub-category ${made}`,
    team: `Team ${made}`,
    player: `Player ${made}`,
    tag: 'a,b',
    sizes: { S: 3, M: 4, L: 5 },
    discountPricePaise: 129_900,
  });
  const other = await createProduct(db, { category: `Category ${made}`, sizes: { S: 1 } });
  const reviewer = (await createUser(db, { name: 'Asha' })).id;
  const writer = await createUser(db, { name: 'Ravi' });
  const order = await createPaidOrder(db, {
    userId: writer.id,
    items: [{ productId: product, size: 'S', quantity: 1 }],
  });
  await db.execute(
    sql`INSERT INTO reviews (user_id, product_id, order_id, rating, subject, comment)
        VALUES (${writer.id}, ${product}, ${order.id}, 5, 'Great', 'Fits well')`,
  );
  const [row] = await queryRows<{
    category_id: number;
    sub_category_id: number;
    team_id: number;
    player_id: number;
  }>(
    db,
    sql`SELECT category_id, sub_category_id, team_id, player_id FROM products
        WHERE id = ${product}`,
  );
  return {
    product,
    other,
    category: row!.category_id,
    otherCategory: await ensureCategory(db, `Other category ${made}`),
    subCategory: row!.sub_category_id,
    team: row!.team_id,
    player: row!.player_id,
    writer: writer.id,
    reviewer,
  };
}

describe("the catalogue version's triggers (decision 008)", () => {
  const read = columnsRead(readFileSync(queriesFile, 'utf8'));

  it('finds the columns the list projection reads', () => {
    // The parse itself is checked, so the test below cannot pass by reading nothing.
    expect([...(read.get('products') ?? [])]).toEqual(
      expect.arrayContaining(['name', 'discount_price_paise', 'sold_out', 'view_count']),
    );
    expect([...(read.get('product_sizes') ?? [])]).toEqual(
      expect.arrayContaining(['size', 'stock']),
    );
    expect(read.get('teams')?.has('name')).toBe(true);
  });

  it('knows how to change every column the queries read', () => {
    const unknown = [...read].flatMap(([table, columns]) =>
      VERSIONS.has(table)
        ? []
        : [...columns]
            .filter((column) => !KEYS.has(column) && !changes[table]?.[column])
            .map((column) => `${table}.${column}`),
    );
    expect(unknown, 'say here how to change it, and watch it in a trigger').toEqual([]);
  });

  for (const [table, columns] of read) {
    if (VERSIONS.has(table)) continue;
    for (const column of [...columns].filter((c) => !KEYS.has(c))) {
      const change = changes[table]?.[column];
      if (!change) continue; // the test above fails for it
      it(`a change of ${table}.${column} reaches the kept responses`, async () => {
        const s = await subject();
        const before = await readVersions(db, undefined);
        await db.transaction(async (tx) => {
          await tx.execute(sql.raw(change(s)));
        });
        const after = await readVersions(db, before.mark);
        const logged = after.changed ?? [];
        const covered =
          after.catalogue > before.catalogue ||
          logged.includes(s.product) ||
          ORDERS.some((id) => logged.includes(id));
        expect(covered, `${table}.${column} is watched by no trigger`).toBe(true);
      });
    }
  }
});
