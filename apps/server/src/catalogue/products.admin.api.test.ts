// The back office's products as staff use them: the list and its filters, create and edit
// with every field rule named, sizes, pictures (real images only, no file written for a
// refused one), stock adjustments in the ledger, the audit log, and a storefront that follows.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { GST_BAND_WARNING } from '@kitroom/contract/admin';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, stockLedger } from '../db/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import {
  createProduct,
  ensureCategory,
  ensurePlayer,
  ensureSubCategory,
  ensureTeam,
} from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { multipartFile, pngPicture } from '../test/multipart.js';
import { createStaff, type TestStaff } from '../test/staff.js';
import { NEEDS_MAIN_PICTURE } from './products-admin.service.js';
import { MAIN_PICTURE_NEEDED, NOT_A_PICTURE } from './pictures.service.js';
import { PICTURE_TOO_LARGE } from './products.admin-routes.js';

let t: TestApp;
let origin: string;
let manager: TestStaff;
let staff: AdminClient;
let clubs: number;
let teamId: number;
let playerId: number;

beforeAll(async () => {
  t = await startTestApp();
  origin = new URL(t.config.publicUrl).origin;
  manager = await createStaff(t.db, 'manager');
  staff = adminClient(t.app, origin, manager.cookie);
  clubs = await ensureCategory(t.db, 'Club Jerseys');
  teamId = await ensureTeam(t.db, 'Kerala Blasters');
  playerId = await ensurePlayer(t.db, 'Adrian Luna', teamId);
});
afterAll(() => t?.close());

const uploadsDir = () => path.join(t.config.dataDir, 'images', 'products');
const uploadedFiles = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()) : []);

const newProduct = (o: Record<string, unknown> = {}) => ({
  name: 'Kerala Blasters Home 2026',
  price_paise: 199_900,
  discount_price_paise: 149_900,
  category_id: clubs,
  team_id: teamId,
  player_id: playerId,
  tag: 'ISL',
  product_details: 'Yellow, as the Manjappada wear it.',
  sizes: [
    { size: 'S', stock: 4 },
    { size: 'M', stock: 6 },
    { size: 'L', stock: 0 },
  ],
  ...o,
});

async function create(o: Record<string, unknown> = {}) {
  const res = await staff.call('POST', '/api/admin/products', newProduct(o));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().product as { id: number; [k: string]: unknown };
}

async function upload(id: number, slot: string, bytes: Buffer, o = {}) {
  const { payload, headers } = multipartFile(bytes, o);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/products/${id}/pictures/${slot}`,
    payload,
    headers: { ...headers, origin, cookie: manager.cookie },
  });
}

const auditOf = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);

const ledgerOf = (id: number) =>
  t.db.select().from(stockLedger).where(eq(stockLedger.productId, id)).orderBy(stockLedger.id);

describe("the product form's choices", () => {
  it('offers each category with its sub-categories, the teams and the players with their team', async () => {
    const homeKits = await ensureSubCategory(t.db, clubs, 'Home Kits');
    const res = await staff.call('GET', '/api/admin/catalogue/choices');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      categories: { id: number; name: string; sub_categories: { id: number; name: string }[] }[];
      teams: { id: number; name: string }[];
      players: { id: number; name: string; team_id: number | null }[];
    };
    expect(body.categories.find((c) => c.id === clubs)).toEqual({
      id: clubs,
      name: 'Club Jerseys',
      sub_categories: [{ id: homeKits, name: 'Home Kits' }],
    });
    expect(body.teams).toContainEqual({ id: teamId, name: 'Kerala Blasters' });
    expect(body.players).toContainEqual({ id: playerId, name: 'Adrian Luna', team_id: teamId });
  });
});

describe('creating a product', () => {
  it('saves a draft with its sizes; the starting stock is a restock by the staff member', async () => {
    const product = await create();
    expect(product).toMatchObject({
      name: 'Kerala Blasters Home 2026',
      status: 'draft',
      hsn_code: '6109',
      low_stock_threshold: 3,
      image_url: '',
      sizes: [
        { size: 'S', stock: 4, low: false },
        { size: 'M', stock: 6, low: false },
        { size: 'L', stock: 0, low: true },
      ],
    });
    const ledger = await ledgerOf(product.id);
    expect(ledger.map((l) => [l.size, l.delta, l.stockAfter, l.reason, l.staffId])).toEqual([
      ['S', 4, 4, 'restock', manager.id],
      ['M', 6, 6, 'restock', manager.id],
    ]);
    const [entry] = await auditOf(product.id);
    expect(entry).toMatchObject({ action: 'create', staffId: manager.id });
    expect(entry?.after).toMatchObject({ name: 'Kerala Blasters Home 2026', price_paise: 199_900 });
    const row = await t.db.execute(
      sql`SELECT (SELECT sum(stock)::int FROM product_sizes WHERE product_id = p.id) AS stock,
                 p.sizes_in_stock, p.active
            FROM products p WHERE p.id = ${product.id}`,
    );
    expect((row as unknown as { rows: unknown[] }).rows[0]).toEqual({
      stock: 10,
      sizes_in_stock: 2,
      active: false,
    });
  });

  it('names the field of every refusal', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name: name is required'],
      [{ price_paise: 1.5 }, 'price_paise: price_paise must be a whole number of paise'],
      [
        { discount_price_paise: 299_900 },
        'discount_price_paise: discount_price_paise must not be more than price_paise',
      ],
      [{ category_id: 99_999 }, 'category_id: no category has this id'],
      [{ team_id: 99_999 }, 'team_id: no team has this id'],
      [{ player_id: 99_999 }, 'player_id: no player has this id'],
      [{ hsn_code: '61' }, 'hsn_code: hsn_code must be 4, 6 or 8 digits'],
      [
        {
          sizes: [
            { size: 'M', stock: 1 },
            { size: 'm', stock: 2 },
          ],
        },
        'sizes: each size may appear only once',
      ],
      [{ sizes: [{ size: 'M', stock: -1 }] }, 'sizes.0.stock: stock must be zero or more'],
      [{ status: 'sold' }, 'status: status must be one of draft, active, archived'],
      [{ status: 'active' }, NEEDS_MAIN_PICTURE],
    ];
    for (const [change, message] of cases) {
      const res = await staff.call('POST', '/api/admin/products', newProduct(change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().error).toContain(message);
    }
  });

  it('warns about a selling price in the GST band, and saves it', async () => {
    const res = await staff.call(
      'POST',
      '/api/admin/products',
      newProduct({ name: 'Band jersey', price_paise: 349_900, discount_price_paise: 279_900 }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().warnings).toEqual([GST_BAND_WARNING]);
  });

  it('is refused to a packer, and nothing is written', async () => {
    const packer = await createStaff(t.db, 'packer');
    const res = await adminClient(t.app, origin, packer.cookie).call(
      'POST',
      '/api/admin/products',
      newProduct({ name: 'Packer jersey' }),
    );
    expect(res.statusCode).toBe(403);
    const found = await staff.call('GET', '/api/admin/products?q=packer');
    expect(found.json().products).toEqual([]);
  });
});

describe('editing a product', () => {
  it('changes only what was sent, audited with before and after', async () => {
    const { id } = await create({ name: 'Edit me' });
    const res = await staff.call('PATCH', `/api/admin/products/${id}`, {
      discount_price_paise: 139_900,
      tag: 'Sale',
      is_promoted: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product).toMatchObject({
      discount_price_paise: 139_900,
      tag: 'Sale',
      is_promoted: true,
    });
    expect(res.json().warnings).toEqual([]);
    const entry = (await auditOf(id)).at(-1);
    expect(entry).toMatchObject({
      action: 'update',
      before: { discount_price_paise: 149_900, tag: 'ISL', is_promoted: false },
      after: { discount_price_paise: 139_900, tag: 'Sale', is_promoted: true },
    });
  });

  it('refuses a selling price above the MRP when only one of them is sent', async () => {
    const { id } = await create({ name: 'Price check' });
    const res = await staff.call('PATCH', `/api/admin/products/${id}`, { price_paise: 99_900 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(
      'discount_price_paise: discount_price_paise must not be more than price_paise',
    );
  });

  it('adds, reorders and removes sizes; a size with stock stays, with a clear message', async () => {
    const { id } = await create({ name: 'Sizes' });
    const res = await staff.call('PATCH', `/api/admin/products/${id}`, {
      sizes: [{ size: 'XL', stock: 2 }, { size: 'M' }, { size: 's' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product.sizes).toEqual([
      { size: 'XL', stock: 2, low: true },
      { size: 'M', stock: 6, low: false },
      { size: 'S', stock: 4, low: false },
    ]);
    expect((await ledgerOf(id)).at(-1)).toMatchObject({ size: 'XL', delta: 2, reason: 'restock' });
    const refused = await staff.call('PATCH', `/api/admin/products/${id}`, {
      sizes: [{ size: 'XL' }, { size: 'S' }],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      'sizes: M (6 in stock) cannot be removed while it has stock; adjust it to zero first',
    );
    const stockEdit = await staff.call('PATCH', `/api/admin/products/${id}`, {
      sizes: [{ size: 'XL' }, { size: 'M', stock: 60 }, { size: 'S' }],
    });
    expect(stockEdit.statusCode).toBe(400);
    expect(stockEdit.json().error).toContain('change it with a stock adjustment');
    const entry = (await auditOf(id)).at(-1);
    expect(entry).toMatchObject({
      before: { sizes: ['S', 'M', 'L'] },
      after: { sizes: ['XL', 'M', 'S'] },
    });
  });

  it('responds 404 for an unknown product', async () => {
    const res = await staff.call('PATCH', '/api/admin/products/99999', { tag: 'x' });
    expect(res.statusCode).toBe(404);
  });
});

describe('pictures', () => {
  it('takes a real PNG, stores it as WebP 600 px wide and serves it', async () => {
    const { id } = await create({ name: 'Picture jersey' });
    const res = await upload(id, 'image1', await pngPicture(900, 1200));
    expect(res.statusCode, res.body).toBe(200);
    const product = res.json().product;
    // The first picture of a product becomes its main one.
    expect(product.image_url).toMatch(/^images\/products\/upload-[0-9a-f]{20}\.webp$/);
    expect(product.image1).toBeNull();
    const served = await t.app.inject({ method: 'GET', url: `/${product.image_url}` });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 600, height: 800 });
    const variant = await t.app.inject({
      method: 'GET',
      url: `/${product.image_url.replace('images/', 'images/w240/')}`,
    });
    expect(variant.statusCode).toBe(200);

    const second = await upload(id, 'image1', await pngPicture(600, 600, '#facc15'));
    expect(second.json().product.image1).toMatch(/upload-[0-9a-f]{20}\.webp$/);
    expect((await auditOf(id)).at(-1)).toMatchObject({
      action: 'pictures',
      before: { image1: null },
      after: { image1: second.json().product.image1 },
    });
  });

  it('refuses a text file named .png, and an oversize file, writing no file', async () => {
    const { id } = await create({ name: 'No picture' });
    const before = uploadedFiles();
    const text = await upload(id, 'image_url', Buffer.from('just some text, not a picture'), {
      filename: 'jersey.png',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ error: NOT_A_PICTURE });
    const huge = await upload(id, 'image_url', Buffer.alloc(9 * 1024 * 1024, 1));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: PICTURE_TOO_LARGE });
    const nowhere = await upload(99_999, 'image_url', await pngPicture(60, 60));
    expect(nowhere.statusCode).toBe(404);
    expect(uploadedFiles()).toEqual(before);
    expect((await staff.call('GET', `/api/admin/products/${id}`)).json().product.image_url).toBe(
      '',
    );
  });

  it('takes only multipart on the upload route, and JSON everywhere else', async () => {
    const { id } = await create({ name: 'Content types' });
    const json = await staff.call('POST', `/api/admin/products/${id}/pictures/image1`, {
      file: 'x',
    });
    expect(json.statusCode).toBe(415);
    const { payload, headers } = multipartFile(await pngPicture(10, 10));
    const elsewhere = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${id}`,
      payload,
      headers: { ...headers, origin, cookie: manager.cookie },
    });
    expect(elsewhere.statusCode).toBe(415);
  });

  it('is described as a multipart upload in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/admin/openapi.json' })).json();
    const upload = doc.paths['/api/admin/products/{id}/pictures/{slot}'].post;
    expect(Object.keys(upload.requestBody.content)).toEqual(['multipart/form-data']);
    expect(upload.requestBody.content['multipart/form-data'].schema.required).toEqual(['file']);
  });

  it('reorders, sets the main one, and removes the main one only when another remains', async () => {
    const id = await createProduct(t.db, { name: 'Three pictures' });
    const res = await staff.call('PATCH', `/api/admin/products/${id}/pictures`, {
      order: ['image2', 'image_url', 'image1'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product).toMatchObject({
      image_url: 'images/products/test-2.webp',
      image1: 'images/products/test.webp',
      image2: 'images/products/test-1.webp',
    });
    const partial = await staff.call('PATCH', `/api/admin/products/${id}/pictures`, {
      order: ['image1'],
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().error).toContain('order: name every slot that has a picture');
    const del = (slot: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/admin/products/${id}/pictures/${slot}`,
        headers: { origin, cookie: manager.cookie },
      });
    expect((await del('image_url')).json().product).toMatchObject({
      image_url: 'images/products/test.webp',
      image1: 'images/products/test-1.webp',
      image2: null,
    });
    expect((await del('image1')).statusCode).toBe(200);
    const last = await del('image_url');
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ error: MAIN_PICTURE_NEEDED });
  });
});

describe('stock', () => {
  const adjust = (id: number, body: object) =>
    staff.call('POST', `/api/admin/products/${id}/stock`, body);

  it('changes one size by a count or a delta, in the ledger with who and why', async () => {
    const { id } = await create({ name: 'Stock jersey' });
    const set = await adjust(id, { size: 'm', set_to: 2, reason: 'adjustment', note: 'counted' });
    expect(set.json()).toEqual({ size: 'M', stock: 2, delta: -4 });
    const back = await adjust(id, { size: 'L', delta: 3, reason: 'return' });
    expect(back.json()).toEqual({ size: 'L', stock: 3, delta: 3 });
    const history = await staff.call('GET', `/api/admin/products/${id}/stock?limit=2`);
    const { entries, next_before } = history.json();
    expect(
      entries.map((e: { size: string; delta: number; reason: string }) => [
        e.size,
        e.delta,
        e.reason,
      ]),
    ).toEqual([
      ['L', 3, 'return'],
      ['M', -4, 'adjustment'],
    ]);
    expect(entries[1]).toMatchObject({
      stock_after: 2,
      note: 'counted',
      staff_name: expect.stringContaining('manager'),
    });
    const older = await staff.call(
      'GET',
      `/api/admin/products/${id}/stock?limit=2&before=${next_before}`,
    );
    expect(older.json().entries.map((e: { reason: string }) => e.reason)).toEqual([
      'restock',
      'restock',
    ]);
    expect((await auditOf(id)).at(-1)).toMatchObject({
      action: 'stock',
      before: { size: 'L', stock: 0 },
      after: { size: 'L', stock: 3, reason: 'return' },
    });
  });

  it('never goes below zero, and asks a note for an adjustment', async () => {
    const { id } = await create({ name: 'Below zero' });
    const below = await adjust(id, { size: 'S', delta: -5, reason: 'adjustment', note: 'lost' });
    expect(below.statusCode).toBe(409);
    expect(below.json().error).toBe(
      'stock cannot go below zero: S has 4 in stock, so it can lose at most 4',
    );
    const noNote = await adjust(id, { size: 'S', delta: -1, reason: 'adjustment' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().error).toContain('note: note is required for an adjustment');
    const both = await adjust(id, { size: 'S', delta: 1, set_to: 3, reason: 'restock' });
    expect(both.json().error).toContain('set_to: send either set_to');
    const unknown = await adjust(id, { size: 'XXL', delta: 1, reason: 'restock' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('size: this product has no size XXL');
    expect((await ledgerOf(id)).length).toBe(2);
  });

  it('lets a packer count stock but not edit the product', async () => {
    const { id } = await create({ name: 'Packer count' });
    const packer = adminClient(t.app, origin, (await createStaff(t.db, 'packer')).cookie);
    const res = await packer.call('POST', `/api/admin/products/${id}/stock`, {
      size: 'S',
      delta: 1,
      reason: 'restock',
    });
    expect(res.statusCode).toBe(200);
    expect((await packer.call('PATCH', `/api/admin/products/${id}`, { tag: 'x' })).statusCode).toBe(
      403,
    );
  });
});

describe('the product list', () => {
  it('filters by status, team, low stock and text, and pages by name', async () => {
    const team = await ensureTeam(t.db, 'Mohun Bagan');
    const ids: number[] = [];
    for (const [name, sizes] of [
      ['Mohun Bagan Away', { S: 1, M: 9 }],
      ['Mohun Bagan Home', { S: 9, M: 9 }],
      ['Mohun Bagan Third', { S: 0, M: 2 }],
    ] as const) {
      ids.push(await createProduct(t.db, { name, team: 'Mohun Bagan', sizes }));
    }
    const list = async (query: string) => {
      const res = await staff.call('GET', `/api/admin/products?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        products: { name: string; low_stock_sizes: number; team_name: string; stock: number }[];
        next_after: string | null;
      };
    };
    const byTeam = await list(`team_id=${team}`);
    expect(byTeam.products.map((p) => p.name)).toEqual([
      'Mohun Bagan Third',
      'Mohun Bagan Home',
      'Mohun Bagan Away',
    ]);
    expect(byTeam.products[0]).toMatchObject({
      team_name: 'Mohun Bagan',
      stock: 2,
      low_stock_sizes: 2,
    });
    const low = await list(`team_id=${team}&low_stock=true`);
    expect(low.products.map((p) => p.name)).toEqual(['Mohun Bagan Third', 'Mohun Bagan Away']);
    expect((await list('q=bagan%20hom')).products.map((p) => p.name)).toEqual(['Mohun Bagan Home']);
    expect((await list(`team_id=${team}&status=draft`)).products).toEqual([]);
    const first = await list(`team_id=${team}&sort=name&limit=2`);
    expect(first.products.map((p) => p.name)).toEqual(['Mohun Bagan Away', 'Mohun Bagan Home']);
    const second = await list(`team_id=${team}&sort=name&limit=2&after=${first.next_after}`);
    expect(second.products.map((p) => p.name)).toEqual(['Mohun Bagan Third']);
    expect(second.next_after).toBeNull();
    const bad = await staff.call('GET', '/api/admin/products?low_stock=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('low_stock');
  });
});

describe('the storefront follows', () => {
  const shopNames = async () =>
    (await t.app.inject({ method: 'POST', url: '/api/shop.php', payload: { limit: '0-50' } }))
      .json()
      .products.map((p: { name: string }) => p.name);
  const productResponse = (id: number) =>
    t.app.inject({ method: 'POST', url: '/api/product.php', payload: { product_id: id } });

  it('shows a product once active, never a draft, and drops it when archived', async () => {
    const { id } = await create({ name: 'Storefront Debut Jersey' });
    expect(await shopNames()).not.toContain('Storefront Debut Jersey');
    expect((await productResponse(id)).statusCode).toBe(404);
    await upload(id, 'image_url', await pngPicture(600, 800));
    expect(await shopNames()).not.toContain('Storefront Debut Jersey');
    const active = await staff.call('PATCH', `/api/admin/products/${id}`, { status: 'active' });
    expect(active.statusCode, active.body).toBe(200);
    expect(await shopNames()).toContain('Storefront Debut Jersey');
    const [detail] = (await productResponse(id)).json();
    expect(detail.product).toMatchObject({
      name: 'Storefront Debut Jersey',
      size: { S: 4, M: 6, L: 0 },
    });
    await staff.call('PATCH', `/api/admin/products/${id}`, { discount_price_paise: 129_900 });
    expect((await productResponse(id)).json()[0].product.discount_price).toBe(1299);
    const archived = await staff.call('PATCH', `/api/admin/products/${id}`, { status: 'archived' });
    expect(archived.json().product.status).toBe('archived');
    expect(await shopNames()).not.toContain('Storefront Debut Jersey');
    expect((await productResponse(id)).statusCode).toBe(404);
    expect((await auditOf(id)).map((e) => e.action)).toEqual([
      'create',
      'pictures',
      'activate',
      'update',
      'archive',
    ]);
  });
});
