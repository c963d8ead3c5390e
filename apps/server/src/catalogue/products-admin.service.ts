// The back office's products: the list, one product, create and edit (status, prices, sizes),
// and stock adjustments. Every change is one transaction with its audit row; stock moves
// only through the stock service, so every starting count and adjustment is a ledger row.
import {
  GST_BAND_WARNING,
  hsnRateWarning,
  inGstAmbiguousBand,
  DISCOUNT_ABOVE_PRICE,
  type AdjustStockRequest,
  type CreateProductRequest,
  type ProductDetail,
  type ProductListQuery,
  type ProductPrintingRequest,
  type ProductListResponse,
  type ProductResponse,
  type UpdateProductRequest,
} from '@kitroom/contract/admin';
import type { z } from 'zod';
import type { Db, Queryable } from '../db/index.js';
import { Conflict, Invalid, NotFound } from '../domain-errors.js';
import { record, type Actor } from '../staff/index.js';
import { changeStock } from '../stock/index.js';
import * as q from './products-admin.queries.js';
import { productPrinting, setPrinting as savePrinting } from './printing.service.js';

type Parsed<S extends z.ZodType> = z.output<S>;

export const PRODUCT_NOT_FOUND = 'No product has this id.';
export const NEEDS_MAIN_PICTURE =
  'status: a product needs a main picture before it goes on sale. Save it as a draft, upload a picture, then set it active.';
export const STOCK_BELOW_ZERO = 'stock cannot go below zero';

// ─── the list ───

/** '"Real Madrid" hom' → 'real:* & madrid:* & hom:*': every word, as a prefix. */
export function prefixQuery(text: string): string | undefined {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length === 0 ? undefined : words.map((w) => `${w}:*`).join(' & ');
}

function encodeCursor(row: { id: number; name: string }, sort: 'newest' | 'name'): string {
  const value = sort === 'name' ? [row.id, row.name] : [row.id];
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decodeCursor(text: string, sort: 'newest' | 'name'): { id: number; name: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(value) && Number.isInteger(value[0])) {
      const [id, name] = value as [number, unknown];
      if (sort === 'newest') return { id, name: '' };
      if (typeof name === 'string') return { id, name };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw new Invalid('after: after must be a next_after the list answered, with the same sort');
}

/** A page of the product list, with the cursor of the next one. */
export async function listProducts(
  db: Queryable,
  query: Parsed<typeof ProductListQuery>,
): Promise<ProductListResponse> {
  const rows = await q.listProducts(db, {
    status: query.status,
    categoryId: query.category_id,
    teamId: query.team_id,
    playerId: query.player_id,
    lowStock: query.low_stock,
    tsQuery: query.q === undefined ? undefined : prefixQuery(query.q),
    sort: query.sort,
    after: query.after === undefined ? undefined : decodeCursor(query.after, query.sort),
    limit: query.limit + 1,
  });
  const products = rows.slice(0, query.limit);
  const last = products.at(-1);
  return {
    products,
    next_after: rows.length > query.limit && last ? encodeCursor(last, query.sort) : null,
  };
}

// ─── one product ───

function detailOf(
  p: q.ProductRow,
  sizes: readonly q.SizeRow[],
  printing: ProductDetail['printing'],
): ProductDetail {
  return {
    ...p,
    printing,
    created_at: p.created_at.toISOString(),
    updated_at: p.updated_at.toISOString(),
    sizes: sizes.map((s) => ({
      size: s.size,
      stock: s.stock,
      low: s.stock <= p.low_stock_threshold,
    })),
  };
}

function warningsOf(p: { discount_price_paise: number; hsn_code: string }): string[] {
  const noRate = hsnRateWarning(p.hsn_code);
  return [
    ...(inGstAmbiguousBand(p.discount_price_paise) ? [GST_BAND_WARNING] : []),
    ...(noRate ? [noRate] : []),
  ];
}

async function responseOf(db: Queryable, id: number): Promise<ProductResponse> {
  const product = await q.findProduct(db, id);
  if (!product) throw new NotFound(PRODUCT_NOT_FOUND);
  const detail = detailOf(product, await q.sizesOf(db, id), await productPrinting(db, id));
  return { product: detail, warnings: warningsOf(detail) };
}

/** One product with its sizes and pictures, and the GST warning when its price needs it. */
export function getProduct(db: Queryable, id: number): Promise<ProductResponse> {
  return responseOf(db, id);
}

/** Unknown category, sub-category, team or player: a 400 naming the field. */
async function checkReferences(tx: Queryable, f: q.ProductFields): Promise<void> {
  const found = await q.referencesExist(tx, {
    categoryId: f.category_id,
    subCategoryId: f.sub_category_id,
    teamId: f.team_id,
    playerId: f.player_id,
  });
  if (!found.category) throw new Invalid('category_id: no category has this id');
  if (!found.subCategoryOfCategory) {
    throw new Invalid('sub_category_id: no sub-category of this category has this id');
  }
  if (!found.team) throw new Invalid('team_id: no team has this id');
  if (!found.player) throw new Invalid('player_id: no player has this id');
}

const FIELD_NAMES = [
  'name',
  'price_paise',
  'discount_price_paise',
  'category_id',
  'sub_category_id',
  'team_id',
  'player_id',
  'tag',
  'product_details',
  'is_limited',
  'is_promoted',
  'status',
  'hsn_code',
  'low_stock_threshold',
] as const satisfies readonly (keyof q.ProductFields)[];

function fieldsOf(p: q.ProductFields): q.ProductFields {
  return Object.fromEntries(FIELD_NAMES.map((k) => [k, p[k]])) as unknown as q.ProductFields;
}

/** Creates a product with its sizes; their starting stock is a 'restock' by the staff member. */
export async function createProduct(
  db: Db,
  actor: Actor,
  body: Parsed<typeof CreateProductRequest>,
): Promise<ProductResponse> {
  const fields = fieldsOf(body);
  // A new product has no picture yet: it goes on sale once one is uploaded.
  if (fields.status === 'active') throw new Invalid(NEEDS_MAIN_PICTURE);
  const id = await db.transaction(async (tx) => {
    await checkReferences(tx, fields);
    const id = await q.insertProduct(tx, fields);
    await q.insertSizes(
      tx,
      id,
      body.sizes.map((s, position) => ({ size: s.size, position })),
    );
    for (const s of body.sizes) {
      if (s.stock === 0) continue;
      await changeStock(tx, {
        productId: id,
        size: s.size,
        delta: s.stock,
        reason: 'restock',
        staffId: actor.staffId,
        note: 'starting stock',
      });
    }
    await record(tx, actor, {
      entity: 'product',
      entityId: id,
      action: 'create',
      after: { ...fields, sizes: body.sizes },
    });
    return id;
  });
  return responseOf(db, id);
}

/** Changes what was sent; sizes are added, reordered, and removed only when empty. */
export async function updateProduct(
  db: Db,
  actor: Actor,
  id: number,
  body: Parsed<typeof UpdateProductRequest>,
): Promise<ProductResponse> {
  await db.transaction(async (tx) => {
    const current = await q.findProduct(tx, id, true);
    if (!current) throw new NotFound(PRODUCT_NOT_FOUND);
    const { sizes, ...sent } = body;
    const before = fieldsOf(current);
    const after = fieldsOf({ ...before, ...sent });
    if (after.discount_price_paise > after.price_paise) {
      throw new Invalid(`discount_price_paise: ${DISCOUNT_ABOVE_PRICE}`);
    }
    if (after.status === 'active' && current.status !== 'active' && current.image_url === '') {
      throw new Invalid(NEEDS_MAIN_PICTURE);
    }
    await checkReferences(tx, after);
    const changedBefore: Record<string, unknown> = {};
    const changedAfter: Record<string, unknown> = {};
    for (const k of FIELD_NAMES) {
      if (before[k] !== after[k]) {
        changedBefore[k] = before[k];
        changedAfter[k] = after[k];
      }
    }
    if (Object.keys(changedAfter).length > 0) await q.updateProductFields(tx, id, after);
    if (sizes) {
      const sizeChange = await editSizes(tx, actor, id, sizes);
      if (sizeChange) {
        changedBefore.sizes = sizeChange.before;
        changedAfter.sizes = sizeChange.after;
      }
    }
    if (Object.keys(changedAfter).length === 0) return;
    const action =
      changedAfter.status === 'archived'
        ? 'archive'
        : changedAfter.status === 'draft'
          ? 'draft'
          : changedAfter.status === 'active'
            ? 'activate'
            : 'update';
    await record(tx, actor, {
      entity: 'product',
      entityId: id,
      action,
      before: changedBefore,
      after: changedAfter,
    });
  });
  return responseOf(db, id);
}

/** Applies the edited list of sizes; returns the size names before and after, or null. */
async function editSizes(
  tx: Queryable,
  actor: Actor,
  productId: number,
  edited: readonly { size: string; stock?: number | undefined }[],
): Promise<{ before: string[]; after: string[] } | null> {
  const current = await q.sizesOf(tx, productId);
  const byKey = new Map(current.map((s) => [s.size.toUpperCase(), s]));
  // An existing size keeps its own spelling; a new one is written as sent.
  const wanted = edited.map((e, position) => {
    const existing = byKey.get(e.size.toUpperCase());
    return { size: existing?.size ?? e.size, stock: e.stock, position, existing };
  });
  for (const w of wanted) {
    if (w.existing && w.stock !== undefined && w.stock !== w.existing.stock) {
      throw new Invalid(
        `sizes: ${w.size} already has ${w.existing.stock} in stock; change it with a stock adjustment`,
      );
    }
  }
  const kept = new Set(wanted.map((w) => w.size));
  const removed = current.filter((s) => !kept.has(s.size));
  const stocked = removed.filter((s) => s.stock > 0);
  if (stocked.length > 0) {
    const list = stocked.map((s) => `${s.size} (${s.stock} in stock)`).join(', ');
    throw new Conflict(
      `sizes: ${list} cannot be removed while it has stock; adjust it to zero first`,
    );
  }
  const gone = await q.deleteEmptySizes(
    tx,
    productId,
    removed.map((s) => s.size),
  );
  if (gone.length !== removed.length) {
    throw new Conflict('sizes: a size was sold or restocked meanwhile; reload and try again');
  }
  const added = wanted.filter((w) => !w.existing);
  await q.insertSizes(tx, productId, added);
  await q.setSizePositions(
    tx,
    productId,
    wanted.filter((w) => w.existing),
  );
  for (const a of added) {
    if (!a.stock) continue;
    await changeStock(tx, {
      productId,
      size: a.size,
      delta: a.stock,
      reason: 'restock',
      staffId: actor.staffId,
      note: 'starting stock',
    });
  }
  const before = current.map((s) => s.size);
  const after = wanted.map((w) => w.size);
  return before.join('\n') === after.join('\n') ? null : { before, after };
}

// ─── stock ───

/** Sets or changes one size's stock with a reason: a ledger row and an audit row. */
export async function adjustStock(
  db: Db,
  actor: Actor,
  productId: number,
  body: Parsed<typeof AdjustStockRequest>,
): Promise<{ size: string; stock: number; delta: number }> {
  return db.transaction(async (tx) => {
    const product = await q.findProduct(tx, productId);
    if (!product) throw new NotFound(PRODUCT_NOT_FOUND);
    const size = (await q.sizesOf(tx, productId)).find(
      (s) => s.size.toUpperCase() === body.size.toUpperCase(),
    );
    if (!size) throw new Invalid(`size: this product has no size ${body.size}`);
    const delta = body.set_to !== undefined ? body.set_to - size.stock : (body.delta ?? 0);
    if (delta === 0) return { size: size.size, stock: size.stock, delta: 0 };
    const result = await changeStock(tx, {
      productId,
      size: size.size,
      delta,
      reason: body.reason,
      staffId: actor.staffId,
      note: body.note,
    });
    if (!result.ok) {
      throw new Conflict(
        result.refusal === 'below-zero'
          ? `${STOCK_BELOW_ZERO}: ${size.size} has ${size.stock} in stock, so it can lose at most ${size.stock}`
          : `size: this product has no size ${body.size}`,
      );
    }
    await record(tx, actor, {
      entity: 'product',
      entityId: productId,
      action: 'stock',
      before: { size: size.size, stock: size.stock },
      after: { size: size.size, stock: result.stockAfter, reason: body.reason, note: body.note },
    });
    return { size: size.size, stock: result.stockAfter, delta };
  });
}

/** The form's choices: categories with their sub-categories, teams and players. */
export async function catalogueChoices(db: Queryable) {
  const c = await q.choices(db);
  return {
    categories: c.categories.map((cat) => ({
      ...cat,
      sub_categories: c.subCategories
        .filter((s) => s.category_id === cat.id)
        .map(({ id, name }) => ({ id, name })),
    })),
    teams: c.teams,
    players: c.players,
  };
}

/** Sets the product's name and number printing (decision 049) and returns the product. */
export async function setPrinting(
  db: Db,
  actor: Actor,
  id: number,
  body: Parsed<typeof ProductPrintingRequest>,
): Promise<ProductResponse> {
  await savePrinting(db, actor, id, body);
  return responseOf(db, id);
}
