// The catalogue's import (seed, demo catalogue, CSV): names created when new, products
// checked and written in batches with their sizes and stock ledger; and whole-catalogue
// maintenance (count, clear, picture paths, planner statistics).
import { DEFAULT_HSN, slugify } from '@kitroom/contract';
import { HsnCode } from '@kitroom/contract/admin';
import type { Queryable } from '../db/index.js';
import { Conflict, Invalid } from '../domain-errors.js';
import * as stock from '../stock/index.js';
import * as q from './catalogue.queries.js';
import { parseSizeStock, type SizeStockEntry } from './size-stock.js';

/** One product to import; names of categories, teams and players are created when new. */
export interface ProductImport {
  name: string;
  pricePaise: number;
  /** Defaults to the price (no discount). */
  discountPricePaise?: number;
  category: string;
  subCategory?: string | null;
  team?: string | null;
  /** A new player is linked to this product's team. */
  player?: string | null;
  /** Stock per size: {S: 5, M: 3} or 'S=5, M=3'. */
  size: string | Record<string, number>;
  /** Relative to the site root, e.g. 'images/products/real-madrid-home-front-1a2b3c4d5e.webp'. */
  imageUrl: string;
  image1?: string | null;
  image2?: string | null;
  /** Comma-separated words: team, player, season, kind. */
  tag?: string;
  details?: string;
  /** 0.0 to 5.0 with one decimal, e.g. '4.5'. */
  rating?: string;
  viewCount?: number;
  isLimited?: boolean;
  isPromoted?: boolean;
  createdAt?: Date;
  /** 4, 6 or 8 digits; absent: the jerseys' 6109 (the column's default). */
  hsnCode?: string;
}

/** Categories (with sub-categories), teams and players to have, in display order. */
export interface CatalogueNames {
  categories?: readonly { name: string; subCategories?: readonly string[] }[];
  teams?: readonly string[];
  players?: readonly { name: string; team?: string | null }[];
}

const IMPORT_BATCH = 2_000;
const RATING_PATTERN = /^(?:[0-4](?:\.\d)?|5(?:\.0)?)$/;

function cleanName(value: string | null | undefined, what: string): string | undefined {
  if (value === null || value === undefined) return undefined;
  const name = value.trim().replace(/\s+/g, ' ');
  if (name === '') throw new Error(`${what} name is empty`);
  if (name.length > 200) throw new Error(`${what} name is longer than 200 characters`);
  return name;
}

const subKey = (categoryId: number, name: string) => `${categoryId}\u0000${name}`;

/** Resolved ids of every name in the catalogue the import touches. */
interface NameIds {
  categories: Map<string, number>;
  subCategories: Map<string, number>;
  teams: Map<string, number>;
  players: Map<string, number>;
}

async function idsOf(
  db: Queryable,
  kind: q.FacetKind,
  names: readonly string[],
  label: string,
): Promise<Map<string, number>> {
  const found = await q.idsByName(db, kind, names);
  const ids = new Map<string, number>();
  for (const name of names) {
    const id = found.get(name)?.[0];
    // A name whose slug another name already holds ('Real  Madrid' next to 'Real Madrid').
    if (id === undefined) throw new Invalid(`${label} '${name}' clashes with an existing name`);
    ids.set(name, id);
  }
  return ids;
}

/** Creates whatever categories, sub-categories, teams and players are missing; returns all ids. */
async function ensureNames(db: Queryable, names: CatalogueNames): Promise<NameIds> {
  const categoryNames = [...new Set((names.categories ?? []).map((c) => c.name))];
  await q.insertMissingCategories(db, categoryNames);
  const categories = await idsOf(db, 'category', categoryNames, 'Category');

  const subPairs = new Map<string, { category_id: number; name: string }>();
  for (const c of names.categories ?? []) {
    const categoryId = categories.get(c.name)!;
    for (const name of c.subCategories ?? []) {
      subPairs.set(subKey(categoryId, name), { category_id: categoryId, name });
    }
  }
  await q.insertMissingSubCategories(db, [...subPairs.values()]);
  const subCategories = new Map(
    (await q.subCategoryIds(db, [...subPairs.values()])).map((r) => [
      subKey(r.category_id, r.name),
      r.id,
    ]),
  );

  const playerList = names.players ?? [];
  const teamNames = [
    ...new Set([...(names.teams ?? []), ...playerList.flatMap((p) => (p.team ? [p.team] : []))]),
  ];
  await q.insertMissingTeams(
    db,
    teamNames.map((name) => ({ name, slug: slugify(name) })),
  );
  const teams = await idsOf(db, 'team', teamNames, 'Team');

  const playerRows = new Map<string, { name: string; slug: string; team_id: number | null }>();
  for (const p of playerList) {
    if (!playerRows.has(p.name)) {
      playerRows.set(p.name, {
        name: p.name,
        slug: slugify(p.name),
        team_id: p.team ? teams.get(p.team)! : null,
      });
    }
  }
  await q.insertMissingPlayers(db, [...playerRows.values()]);
  const players = await idsOf(db, 'player', [...playerRows.keys()], 'Player');
  return { categories, subCategories, teams, players };
}

/** Creates the named categories, sub-categories, teams and players that do not exist yet. */
export async function ensureCatalogueNames(db: Queryable, names: CatalogueNames): Promise<void> {
  let clean: CatalogueNames;
  try {
    clean = cleanNames(names);
  } catch (err) {
    throw new Invalid(err instanceof Error ? err.message : String(err));
  }
  await db.transaction(async (tx) => {
    await ensureNames(tx, clean);
  });
}

function cleanNames(names: CatalogueNames): CatalogueNames {
  return {
    categories: names.categories?.map((c) => ({
      name: cleanName(c.name, 'Category')!,
      subCategories: c.subCategories?.map((s) => cleanName(s, 'Sub-category')!),
    })),
    teams: names.teams?.map((t) => cleanName(t, 'Team')!),
    players: names.players?.map((p) => ({
      name: cleanName(p.name, 'Player')!,
      team: cleanName(p.team, 'Team'),
    })),
  };
}

/** An import item checked and normalised, before its names are resolved to ids. */
interface CheckedImport {
  item: ProductImport;
  name: string;
  category: string;
  subCategory: string | undefined;
  team: string | undefined;
  player: string | undefined;
  sizes: SizeStockEntry[];
  discountPricePaise: number;
  rating: string;
  hsnCode: string;
}

function checkImport(item: ProductImport): CheckedImport {
  const name = cleanName(item.name, 'Product')!;
  const price = item.pricePaise;
  if (!Number.isInteger(price) || price <= 0) {
    throw new Error(`price must be a positive whole number of paise, got ${price}`);
  }
  const discount = item.discountPricePaise ?? price;
  if (!Number.isInteger(discount) || discount <= 0 || discount > price) {
    throw new Error(
      `discount price must be whole paise above 0 and at most the price (${price}), got ${discount}`,
    );
  }
  const rating = item.rating ?? '0';
  if (!RATING_PATTERN.test(rating)) {
    throw new Error(`rating must be 0.0 to 5.0 with one decimal, got '${rating}'`);
  }
  if (item.imageUrl.trim() === '') throw new Error('image_url is empty');
  const hsn = HsnCode.safeParse(item.hsnCode ?? DEFAULT_HSN);
  if (!hsn.success) throw new Error(`hsn_code must be 4, 6 or 8 digits, got '${item.hsnCode}'`);
  const viewCount = item.viewCount ?? 0;
  if (!Number.isInteger(viewCount) || viewCount < 0) {
    throw new Error(`view count must be a whole number of 0 or more, got ${viewCount}`);
  }
  return {
    item,
    name,
    category: cleanName(item.category, 'Category')!,
    subCategory: cleanName(item.subCategory, 'Sub-category'),
    team: cleanName(item.team, 'Team'),
    player: cleanName(item.player, 'Player'),
    sizes: parseSizeStock(item.size),
    discountPricePaise: discount,
    rating,
    hsnCode: hsn.data,
  };
}

/**
 * Imports products with their stock per size, creating categories, sub-categories, teams and
 * players by name as needed (a product's stock is its sizes'). All or nothing: a bad
 * item refuses the whole import with a 400 naming the item. Each size's stock is written to
 * the stock ledger as its opening row. Returns the new ids in order.
 */
export async function importProducts(
  db: Queryable,
  items: readonly ProductImport[],
): Promise<number[]> {
  const checked = items.map((item, i) => {
    try {
      return checkImport(item);
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      throw new Invalid(`Product ${i + 1} ('${item.name}'): ${why}`);
    }
  });
  if (checked.length === 0) return [];

  // Names in first-seen order, so new categories are placed as the import lists them.
  const categories = new Map<string, Set<string>>();
  const playerTeams = new Map<string, string | undefined>();
  const teams = new Set<string>();
  for (const c of checked) {
    const subs = categories.get(c.category) ?? new Set<string>();
    if (c.subCategory) subs.add(c.subCategory);
    categories.set(c.category, subs);
    if (c.team) teams.add(c.team);
    if (c.player && !playerTeams.has(c.player)) playerTeams.set(c.player, c.team);
  }

  return db.transaction(async (tx) => {
    const ids = await ensureNames(tx, {
      categories: [...categories].map(([name, subs]) => ({ name, subCategories: [...subs] })),
      teams: [...teams],
      players: [...playerTeams].map(([name, team]) => ({ name, team })),
    });
    const created: number[] = [];
    for (let start = 0; start < checked.length; start += IMPORT_BATCH) {
      const batch = checked.slice(start, start + IMPORT_BATCH);
      const productIds = await q.reserveProductIds(tx, batch.length);
      const rows: q.ProductInsertRow[] = [];
      const sizeRows: q.ProductSizeInsertRow[] = [];
      batch.forEach((c, i) => {
        const id = productIds[i]!;
        const categoryId = ids.categories.get(c.category)!;
        rows.push({
          id,
          name: c.name,
          price_paise: c.item.pricePaise,
          discount_price_paise: c.discountPricePaise,
          image_url: c.item.imageUrl.trim(),
          image1: c.item.image1?.trim() || null,
          image2: c.item.image2?.trim() || null,
          category_id: categoryId,
          sub_category_id: c.subCategory
            ? ids.subCategories.get(subKey(categoryId, c.subCategory))!
            : null,
          team_id: c.team ? ids.teams.get(c.team)! : null,
          player_id: c.player ? ids.players.get(c.player)! : null,
          tag: c.item.tag?.trim() ?? '',
          product_details: c.item.details?.trim() ?? '',
          product_rating: c.rating,
          view_count: c.item.viewCount ?? 0,
          is_limited: c.item.isLimited ?? false,
          is_promoted: c.item.isPromoted ?? false,
          created_at: c.item.createdAt?.toISOString() ?? null,
          hsn_code: c.hsnCode,
        });
        c.sizes.forEach((s, position) =>
          sizeRows.push({ product_id: id, size: s.size, position, stock: s.stock }),
        );
      });
      await q.insertProducts(tx, rows);
      await q.insertProductSizes(tx, sizeRows);
      // Each size's opening stock is the first row of its ledger.
      await stock.insertLedgerEntries(
        tx,
        sizeRows
          .filter((s) => s.stock > 0)
          .map((s) => ({
            productId: s.product_id,
            size: s.size,
            delta: s.stock,
            stockAfter: s.stock,
            reason: 'import' as const,
            note: 'Opening stock',
          })),
      );
      created.push(...productIds);
    }
    return created;
  });
}

// ── whole-catalogue maintenance ──

/** How many products the catalogue holds, active or not. */
export async function productCount(db: Queryable): Promise<number> {
  return q.productCount(db);
}

/**
 * Deletes the whole catalogue (products, sizes, categories, teams, players) so that it can
 * be built again. Refuses once any order names a product: orders are never touched.
 */
export async function clearCatalogue(db: Queryable): Promise<void> {
  if (await q.anyOrderedProduct(db)) {
    throw new Conflict(
      'The catalogue cannot be cleared: orders refer to its products. Use an empty database.',
    );
  }
  await q.deleteCatalogue(db);
}

/** Every distinct picture path (image_url, image1, image2) the products use. */
export async function productImagePaths(db: Queryable): Promise<string[]> {
  return q.productImagePaths(db);
}

/** Moves products from old picture paths to new ones. */
export async function replaceImagePaths(
  db: Queryable,
  pairs: readonly { from: string; to: string }[],
): Promise<void> {
  await q.replaceImagePaths(db, pairs);
}

/** Refreshes planner statistics after a bulk import. */
export async function analyzeCatalogue(db: Queryable): Promise<void> {
  await q.analyzeCatalogue(db);
}
