// What a checked CSV file would change: names resolved to ids (an unknown category, team or
// player is an error naming its column; an unknown sub-category is created under its
// category), each row compared with the product as it is now, and a digest of the whole plan
// so that apply can tell whether the catalogue moved since the dry run.
import { createHash } from 'node:crypto';
import {
  CSV_COLUMNS,
  csvRowOf,
  sizesToText,
  type CsvColumn,
  type CsvProduct,
  type CsvRowError,
} from '@kitroom/contract/admin';
import type { ReadRow } from './catalogue-csv-read.js';
import type { CsvProductRow, NameRow, ProductWrite } from './catalogue-csv.queries.js';

export interface Names {
  categories: NameRow[];
  subCategories: (NameRow & { category_id: number })[];
  teams: NameRow[];
  players: NameRow[];
}

/** A sub-category the import creates: its category and name as first written. */
export interface NewSubCategory {
  key: string;
  categoryId: number;
  name: string;
}

export interface PlannedProduct {
  row: number;
  product: CsvProduct;
  /** The columns as the database keeps them; `subCategory` may be one to create. */
  write: Omit<ProductWrite, 'id' | 'sub_category_id'>;
  subCategory: { id: number | null } | { newKey: string };
}

export interface PlannedUpdate extends PlannedProduct {
  id: number;
  before: CsvProductRow;
  fields: CsvColumn[];
}

export interface Plan {
  creates: PlannedProduct[];
  updates: PlannedUpdate[];
  unchanged: number;
  newSubCategories: NewSubCategory[];
  errors: CsvRowError[];
  digest: string;
}

const key = (name: string) => name.trim().toLowerCase();

/** Finds by exact name first, then ignoring case. */
function finder<T extends NameRow>(rows: readonly T[]) {
  const exact = new Map(rows.map((r) => [r.name, r]));
  const loose = new Map<string, T>();
  for (const r of rows) if (!loose.has(key(r.name))) loose.set(key(r.name), r);
  return (name: string) => exact.get(name.trim()) ?? loose.get(key(name));
}

/** A product as it is now, in the CSV's terms. */
export function csvProductOf(row: CsvProductRow): CsvProduct {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    category: row.category,
    subCategory: row.sub_category ?? '',
    team: row.team ?? '',
    player: row.player ?? '',
    pricePaise: row.price_paise,
    discountPricePaise: row.discount_price_paise,
    hsnCode: row.hsn_code,
    lowStockThreshold: row.low_stock_threshold,
    tag: row.tag,
    isLimited: row.is_limited,
    isPromoted: row.is_promoted,
    sizes: row.sizes,
    pictures: [row.image_url, row.image1 ?? '', row.image2 ?? ''],
    productDetails: row.product_details,
  };
}

/** Cells by column, as text (not formula-escaped): what the audit log shows. */
function cellsOf(p: CsvProduct): Record<CsvColumn, string> {
  const cells = csvRowOf({ ...p, id: null });
  return Object.fromEntries(
    CSV_COLUMNS.map((c, i) => [c, c === 'sizes' ? sizesToText(p.sizes) : (cells[i] ?? '')]),
  ) as Record<CsvColumn, string>;
}

/** Changed columns: names compared by what they resolve to, the rest as written. */
function changedFields(before: CsvProductRow, p: PlannedProduct): CsvColumn[] {
  const a = cellsOf(csvProductOf(before));
  const b = cellsOf(p.product);
  const ids: Partial<Record<CsvColumn, boolean>> = {
    category: before.category_id === p.write.category_id,
    sub_category: 'id' in p.subCategory ? before.sub_category_id === p.subCategory.id : false,
    team: before.team_id === p.write.team_id,
    player: before.player_id === p.write.player_id,
  };
  return CSV_COLUMNS.filter((c) => c !== 'id').filter((c) => {
    const same = ids[c];
    return same === undefined ? a[c] !== b[c] : !same;
  });
}

/** The audit entry's before and after: the changed columns only. */
export function auditFields(u: PlannedUpdate) {
  const a = cellsOf(csvProductOf(u.before));
  const b = cellsOf(u.product);
  return {
    before: Object.fromEntries(u.fields.map((f) => [f, a[f]])),
    after: Object.fromEntries(u.fields.map((f) => [f, b[f]])),
  };
}

export function createdFields(p: PlannedProduct) {
  const b = cellsOf(p.product);
  return Object.fromEntries(CSV_COLUMNS.filter((c) => c !== 'id').map((c) => [c, b[c]]));
}

/**
 * Compares checked rows with the products as they are (`current`, by id) and the names;
 * returns what would be written, the rows' errors, and the plan's digest.
 */
export function planImport(
  rows: readonly ReadRow[],
  current: ReadonlyMap<number, CsvProductRow>,
  names: Names,
  onRow: (done: number) => void,
): Plan {
  const findCategory = finder(names.categories);
  const findTeam = finder(names.teams);
  const findPlayer = finder(names.players);
  const subCategories = new Map(
    names.subCategories.map((s) => [`${s.category_id}:${key(s.name)}`, s]),
  );
  const subExact = new Map(names.subCategories.map((s) => [`${s.category_id}:${s.name}`, s]));
  const newSubCategories = new Map<string, NewSubCategory>();
  const errors: CsvRowError[] = [];
  const creates: PlannedProduct[] = [];
  const updates: PlannedUpdate[] = [];
  const firstRowOfId = new Map<number, number>();
  let unchanged = 0;

  rows.forEach(({ row, product: p }, i) => {
    onRow(i + 1);
    const rowErrors: CsvRowError[] = [];
    const product = p.id === null ? p.name : `#${p.id} ${p.name}`;
    const fail = (column: CsvColumn, message: string) =>
      rowErrors.push({ row, product, column, message });
    let before: CsvProductRow | undefined;
    if (p.id !== null) {
      const first = firstRowOfId.get(p.id);
      if (first !== undefined) fail('id', `product ${p.id} is already in row ${first}`);
      else firstRowOfId.set(p.id, row);
      before = current.get(p.id);
      if (!before)
        fail('id', `there is no product with id ${p.id}; leave id empty for a new product`);
    }
    const category = findCategory(p.category);
    if (!category) fail('category', `there is no category named "${p.category}"`);
    const team = p.team === '' ? null : findTeam(p.team);
    if (team === undefined) fail('team', `there is no team named "${p.team}"`);
    const player = p.player === '' ? null : findPlayer(p.player);
    if (player === undefined) fail('player', `there is no player named "${p.player}"`);
    if (rowErrors.length > 0 || !category || team === undefined || player === undefined) {
      errors.push(...rowErrors);
      return;
    }
    let subCategory: PlannedProduct['subCategory'] = { id: null };
    if (p.subCategory !== '') {
      const found =
        subExact.get(`${category.id}:${p.subCategory}`) ??
        subCategories.get(`${category.id}:${key(p.subCategory)}`);
      if (found) subCategory = { id: found.id };
      else {
        const newKey = `${category.id}:${key(p.subCategory)}`;
        if (!newSubCategories.has(newKey)) {
          newSubCategories.set(newKey, {
            key: newKey,
            categoryId: category.id,
            name: p.subCategory,
          });
        }
        subCategory = { newKey };
      }
    }
    const planned: PlannedProduct = {
      row,
      product: p,
      subCategory,
      write: {
        name: p.name,
        status: p.status,
        category_id: category.id,
        team_id: team?.id ?? null,
        player_id: player?.id ?? null,
        price_paise: p.pricePaise,
        discount_price_paise: p.discountPricePaise,
        hsn_code: p.hsnCode,
        low_stock_threshold: p.lowStockThreshold,
        tag: p.tag,
        is_limited: p.isLimited,
        is_promoted: p.isPromoted,
        image_url: p.pictures[0],
        image1: p.pictures[1] === '' ? null : p.pictures[1],
        image2: p.pictures[2] === '' ? null : p.pictures[2],
        product_details: p.productDetails,
      },
    };
    if (!before) {
      creates.push(planned);
      return;
    }
    const fields = changedFields(before, planned);
    if (fields.length === 0) unchanged += 1;
    else updates.push({ ...planned, id: before.id, before, fields });
  });

  const digest = createHash('sha256')
    .update(
      JSON.stringify({
        creates: creates.map((c) => createdFields(c)),
        updates: updates.map((u) => [u.id, auditFields(u)]),
        subCategories: [...newSubCategories.keys()],
      }),
    )
    .digest('hex');
  return {
    creates,
    updates,
    unchanged,
    newSubCategories: [...newSubCategories.values()],
    errors,
    digest,
  };
}
