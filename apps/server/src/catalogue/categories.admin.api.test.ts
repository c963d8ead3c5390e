// Categories and sub-categories in the back office: counted, added, renamed, and deleted only
// while no product uses them; the storefront's category list follows.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { createProduct } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createStaff, type TestStaff } from '../test/staff.js';
import { NAME_TAKEN, SUB_NAME_TAKEN } from './categories-admin.service.js';

let t: TestApp;
let origin: string;
let owner: TestStaff;
let staff: AdminClient;

beforeAll(async () => {
  t = await startTestApp();
  origin = new URL(t.config.publicUrl).origin;
  owner = await createStaff(t.db, 'owner');
  staff = adminClient(t.app, origin, owner.cookie);
});
afterAll(() => t?.close());

const remove = (url: string) =>
  t.app.inject({ method: 'DELETE', url, headers: { origin, cookie: owner.cookie } });

const storefrontCategories = async () =>
  (await t.app.inject({ method: 'POST', url: '/api/shop.php' }))
    .json()
    .categories.map((c: { category_name: string }) => c.category_name);

describe('categories', () => {
  it('lists each with its product count and sub-categories', async () => {
    await createProduct(t.db, { category: 'Club Jerseys', subCategory: 'Home Kits' });
    await createProduct(t.db, { category: 'Club Jerseys' });
    const res = await staff.call('GET', '/api/admin/categories');
    expect(res.statusCode).toBe(200);
    const clubs = res.json().categories.find((c: { name: string }) => c.name === 'Club Jerseys');
    expect(clubs).toMatchObject({
      products: 2,
      sub_categories: [{ name: 'Home Kits', products: 1 }],
    });
  });

  it('adds and renames a category, refusing a name already taken, audited', async () => {
    const created = await staff.call('POST', '/api/admin/categories', { name: ' Retro Kits ' });
    expect(created.statusCode, created.body).toBe(200);
    const { id, name } = created.json().category;
    expect(name).toBe('Retro Kits');
    const twice = await staff.call('POST', '/api/admin/categories', { name: 'Retro Kits' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: NAME_TAKEN });
    const empty = await staff.call('POST', '/api/admin/categories', { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toContain('name: name is required');
    const renamed = await staff.call('PATCH', `/api/admin/categories/${id}`, {
      name: 'Retro Classics',
    });
    expect(renamed.json().category.name).toBe('Retro Classics');
    const taken = await staff.call('PATCH', `/api/admin/categories/${id}`, {
      name: 'Club Jerseys',
    });
    expect(taken.statusCode).toBe(409);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'category'), eq(auditLog.entityId, String(id))))
      .orderBy(auditLog.id);
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ['create', null, { name: 'Retro Kits' }],
      ['rename', { name: 'Retro Kits' }, { name: 'Retro Classics' }],
    ]);
  });

  it('deletes a category only when no product uses it', async () => {
    await createProduct(t.db, { category: 'National Teams' });
    const list = (await staff.call('GET', '/api/admin/categories')).json().categories;
    const national = list.find((c: { name: string }) => c.name === 'National Teams');
    const used = await remove(`/api/admin/categories/${national.id}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().error).toBe(
      'This category is used by 1 product: move them to another category before deleting it.',
    );
    const spare = (await staff.call('POST', '/api/admin/categories', { name: 'Spare' })).json();
    expect(await storefrontCategories()).toContain('Spare');
    const gone = await remove(`/api/admin/categories/${spare.category.id}`);
    expect(gone.json()).toEqual({ deleted: true });
    expect(await storefrontCategories()).not.toContain('Spare');
    expect((await remove(`/api/admin/categories/${spare.category.id}`)).statusCode).toBe(404);
  });
});

describe('sub-categories', () => {
  it('adds, renames and deletes a sub-category of a category', async () => {
    const category = (
      await staff.call('POST', '/api/admin/categories', { name: 'Training' })
    ).json().category;
    const created = await staff.call('POST', '/api/admin/sub-categories', {
      category_id: category.id,
      name: 'Tracksuits',
    });
    expect(created.json().sub_category).toMatchObject({ name: 'Tracksuits', products: 0 });
    const id = created.json().sub_category.id;
    const twice = await staff.call('POST', '/api/admin/sub-categories', {
      category_id: category.id,
      name: 'Tracksuits',
    });
    expect(twice.json()).toEqual({ error: SUB_NAME_TAKEN });
    const unknown = await staff.call('POST', '/api/admin/sub-categories', {
      category_id: 99_999,
      name: 'Nowhere',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('category_id: no category has this id');
    const renamed = await staff.call('PATCH', `/api/admin/sub-categories/${id}`, {
      name: 'Track tops',
    });
    expect(renamed.json().sub_category.name).toBe('Track tops');
    expect((await remove(`/api/admin/sub-categories/${id}`)).json()).toEqual({ deleted: true });
  });

  it('keeps a sub-category a product uses', async () => {
    await createProduct(t.db, { category: 'Club Jerseys', subCategory: 'Away Kits' });
    const clubs = (await staff.call('GET', '/api/admin/categories'))
      .json()
      .categories.find((c: { name: string }) => c.name === 'Club Jerseys');
    const away = clubs.sub_categories.find((s: { name: string }) => s.name === 'Away Kits');
    const res = await remove(`/api/admin/sub-categories/${away.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toContain('used by 1 product');
  });
});
