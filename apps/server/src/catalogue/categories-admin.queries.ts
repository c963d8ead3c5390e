// SQL of the back office's categories and sub-categories, with how many products use each.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { queryRows } from '../db/index.js';

export interface CategoryRow {
  id: number;
  name: string;
  products: number;
}

export interface SubCategoryRow extends CategoryRow {
  category_id: number;
}

export function listCategories(db: Queryable): Promise<CategoryRow[]> {
  return queryRows<CategoryRow>(
    db,
    sql`SELECT c.id, c.name,
               (SELECT count(*)::int FROM products p WHERE p.category_id = c.id) AS products
          FROM categories c ORDER BY c.position, c.name`,
  );
}

export function listSubCategories(db: Queryable, categoryId?: number): Promise<SubCategoryRow[]> {
  return queryRows<SubCategoryRow>(
    db,
    sql`SELECT s.id, s.category_id, s.name,
               (SELECT count(*)::int FROM products p WHERE p.sub_category_id = s.id) AS products
          FROM sub_categories s
         ${categoryId === undefined ? sql`` : sql`WHERE s.category_id = ${categoryId}`}
         ORDER BY s.name`,
  );
}

export async function findCategory(db: Queryable, id: number): Promise<CategoryRow | undefined> {
  const [row] = await queryRows<CategoryRow>(
    db,
    sql`SELECT c.id, c.name,
               (SELECT count(*)::int FROM products p WHERE p.category_id = c.id) AS products
          FROM categories c WHERE c.id = ${id} FOR UPDATE`,
  );
  return row;
}

export async function findSubCategory(
  db: Queryable,
  id: number,
): Promise<SubCategoryRow | undefined> {
  const [row] = await queryRows<SubCategoryRow>(
    db,
    sql`SELECT s.id, s.category_id, s.name,
               (SELECT count(*)::int FROM products p WHERE p.sub_category_id = s.id) AS products
          FROM sub_categories s WHERE s.id = ${id} FOR UPDATE`,
  );
  return row;
}

/** Returns the new id, or undefined when the name is taken. */
export async function insertCategory(db: Queryable, name: string): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO categories (name, position)
        VALUES (${name}, (SELECT coalesce(max(position), 0) + 1 FROM categories))
        ON CONFLICT (name) DO NOTHING RETURNING id`,
  );
  return row?.id;
}

/** false when another category has the name. */
export async function renameCategory(db: Queryable, id: number, name: string): Promise<boolean> {
  const taken = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM categories WHERE name = ${name} AND id <> ${id}`,
  );
  if (taken.length > 0) return false;
  await db.execute(sql`UPDATE categories SET name = ${name} WHERE id = ${id}`);
  return true;
}

export async function deleteCategory(db: Queryable, id: number): Promise<void> {
  await db.execute(sql`DELETE FROM categories WHERE id = ${id}`);
}

export async function insertSubCategory(
  db: Queryable,
  categoryId: number,
  name: string,
): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO sub_categories (category_id, name) VALUES (${categoryId}, ${name})
        ON CONFLICT (category_id, name) DO NOTHING RETURNING id`,
  );
  return row?.id;
}

export async function renameSubCategory(
  db: Queryable,
  s: { id: number; categoryId: number; name: string },
): Promise<boolean> {
  const taken = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM sub_categories
         WHERE category_id = ${s.categoryId} AND name = ${s.name} AND id <> ${s.id}`,
  );
  if (taken.length > 0) return false;
  await db.execute(sql`UPDATE sub_categories SET name = ${s.name} WHERE id = ${s.id}`);
  return true;
}

export async function deleteSubCategory(db: Queryable, id: number): Promise<void> {
  await db.execute(sql`DELETE FROM sub_categories WHERE id = ${id}`);
}
