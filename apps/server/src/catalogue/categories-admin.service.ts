// The back office's categories and sub-categories: listed with their product counts, added,
// renamed, and deleted only while no product uses them. Each change is audited.
import type { Category, SubCategory } from '@kitroom/contract/admin';
import type { Db } from '../db/index.js';
import { Conflict, Invalid, NotFound } from '../domain-errors.js';
import { record, type Actor } from '../staff/index.js';
import * as q from './categories-admin.queries.js';

export const CATEGORY_NOT_FOUND = 'No category has this id.';
export const SUB_CATEGORY_NOT_FOUND = 'No sub-category has this id.';
export const NAME_TAKEN = 'name: another category already has this name';
export const SUB_NAME_TAKEN = 'name: this category already has a sub-category of this name';

const inUse = (what: string, n: number) =>
  new Conflict(
    `This ${what} is used by ${n} product${n === 1 ? '' : 's'}: move them to another ${what} before deleting it.`,
  );

/** Every category with its sub-categories and product counts. */
export async function listCategories(db: Db): Promise<{ categories: Category[] }> {
  const [categories, subs] = [await q.listCategories(db), await q.listSubCategories(db)];
  return {
    categories: categories.map((c) => ({
      ...c,
      sub_categories: subs.filter((s) => s.category_id === c.id),
    })),
  };
}

async function categoryOf(db: Db, id: number): Promise<Category> {
  const c = await q.findCategory(db, id);
  if (!c) throw new NotFound(CATEGORY_NOT_FOUND);
  return { ...c, sub_categories: await q.listSubCategories(db, id) };
}

export async function createCategory(db: Db, actor: Actor, name: string) {
  const id = await db.transaction(async (tx) => {
    const id = await q.insertCategory(tx, name);
    if (id === undefined) throw new Conflict(NAME_TAKEN);
    await record(tx, actor, {
      entity: 'category',
      entityId: id,
      action: 'create',
      after: { name },
    });
    return id;
  });
  return { category: await categoryOf(db, id) };
}

export async function renameCategory(db: Db, actor: Actor, id: number, name: string) {
  await db.transaction(async (tx) => {
    const current = await q.findCategory(tx, id);
    if (!current) throw new NotFound(CATEGORY_NOT_FOUND);
    if (current.name === name) return;
    if (!(await q.renameCategory(tx, id, name))) throw new Conflict(NAME_TAKEN);
    await record(tx, actor, {
      entity: 'category',
      entityId: id,
      action: 'rename',
      before: { name: current.name },
      after: { name },
    });
  });
  return { category: await categoryOf(db, id) };
}

export async function deleteCategory(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const current = await q.findCategory(tx, id);
    if (!current) throw new NotFound(CATEGORY_NOT_FOUND);
    if (current.products > 0) throw inUse('category', current.products);
    await q.deleteCategory(tx, id);
    await record(tx, actor, {
      entity: 'category',
      entityId: id,
      action: 'delete',
      before: { name: current.name },
    });
  });
  return { deleted: true as const };
}

async function subCategoryOf(db: Db, id: number): Promise<SubCategory> {
  const s = await q.findSubCategory(db, id);
  if (!s) throw new NotFound(SUB_CATEGORY_NOT_FOUND);
  return s;
}

export async function createSubCategory(
  db: Db,
  actor: Actor,
  body: { category_id: number; name: string },
) {
  const id = await db.transaction(async (tx) => {
    if (!(await q.findCategory(tx, body.category_id))) {
      throw new Invalid('category_id: no category has this id');
    }
    const id = await q.insertSubCategory(tx, body.category_id, body.name);
    if (id === undefined) throw new Conflict(SUB_NAME_TAKEN);
    await record(tx, actor, {
      entity: 'sub_category',
      entityId: id,
      action: 'create',
      after: body,
    });
    return id;
  });
  return { sub_category: await subCategoryOf(db, id) };
}

export async function renameSubCategory(db: Db, actor: Actor, id: number, name: string) {
  await db.transaction(async (tx) => {
    const current = await q.findSubCategory(tx, id);
    if (!current) throw new NotFound(SUB_CATEGORY_NOT_FOUND);
    if (current.name === name) return;
    const renamed = await q.renameSubCategory(tx, { id, categoryId: current.category_id, name });
    if (!renamed) throw new Conflict(SUB_NAME_TAKEN);
    await record(tx, actor, {
      entity: 'sub_category',
      entityId: id,
      action: 'rename',
      before: { name: current.name },
      after: { name },
    });
  });
  return { sub_category: await subCategoryOf(db, id) };
}

export async function deleteSubCategory(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const current = await q.findSubCategory(tx, id);
    if (!current) throw new NotFound(SUB_CATEGORY_NOT_FOUND);
    if (current.products > 0) throw inUse('sub-category', current.products);
    await q.deleteSubCategory(tx, id);
    await record(tx, actor, {
      entity: 'sub_category',
      entityId: id,
      action: 'delete',
      before: { name: current.name, category_id: current.category_id },
    });
  });
  return { deleted: true as const };
}
