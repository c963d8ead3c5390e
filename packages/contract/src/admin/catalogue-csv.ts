// The catalogue as a CSV file (docs/decisions/018): one product per row, its sizes and stock
// in one cell, names instead of ids for category, team and player. The same field rules as
// the product form (product-fields.ts) check every cell, with the same messages; the server
// adds what needs the database (ids, names) and the comparison.
import { z } from 'zod';
import {
  DISCOUNT_ABOVE_PRICE,
  DiscountPricePaise,
  HsnCode,
  LowStockThreshold,
  paiseToRupeesText,
  parseRupeesText,
  PricePaise,
  ProductDetails,
  ProductName,
  ProductSizes,
  ProductStatus,
  ProductTag,
  type SizeWithStock,
} from './product-fields.js';

/** The columns, in the order an export writes them; an import takes them in any order. */
export const CSV_COLUMNS = [
  'id',
  'name',
  'status',
  'category',
  'sub_category',
  'team',
  'player',
  'price',
  'discount_price',
  'hsn_code',
  'low_stock_threshold',
  'tag',
  'is_limited',
  'is_promoted',
  'sizes',
  'picture_1',
  'picture_2',
  'picture_3',
  'product_details',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** Row 1 is the header, so the first product is row 2, as a spreadsheet numbers it. */
export const FIRST_DATA_ROW = 2;
/** The most errors an import returns; the count says how many there were in all. */
export const MAX_ERRORS_SHOWN = 500;
/** The most changed products an import lists by name; the counts cover them all. */
export const MAX_CHANGES_SHOWN = 200;
export const SUB_CATEGORY_MAX = 60;
export const PICTURE_PATH_MAX = 300;

// ── Formula injection (OWASP "CSV Injection") ─────────────────────────────────────────────
// A cell that starts with = + - @ (or a tab or carriage return) is a formula to a spreadsheet.
// It is written with a leading apostrophe, which spreadsheets show as text; an apostrophe
// before such a cell (or before apostrophes before one) is added too, so that reading strips
// exactly one and every text comes back as it was. A plain negative number ('-12.50') is a
// number to a spreadsheet, not a formula, and is kept so (the GST tool reads credit amounts).
// The server's CSV writer (apps/server/src/csv-writer.ts) passes every cell it writes here.
const FORMULA_START = /^'*[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-\d+(\.\d+)?$/;

/** A cell's text as the export writes it. */
export function escapeCell(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** A cell's text as the export meant it. */
export function unescapeCell(value: string): string {
  return FORMULA_START.test(value) && value.startsWith("'") ? value.slice(1) : value;
}

// ── Sizes: "S:5|M:10|L:0" ─────────────────────────────────────────────────────────────────
export const SIZES_FORMAT = 'sizes must be written as SIZE:STOCK separated by |, like S:5|M:10|L:0';

export function sizesToText(sizes: readonly SizeWithStock[]): string {
  return sizes.map((s) => `${s.size}:${s.stock}`).join('|');
}

/** The sizes of a cell, unchecked, or undefined when the cell is not written that way. */
export function parseSizesText(text: string): { size: string; stock: number }[] | undefined {
  if (text.trim() === '') return [];
  const sizes: { size: string; stock: number }[] = [];
  for (const part of text.split('|')) {
    const match = /^\s*([^:|]+?)\s*:\s*(\d{1,9})\s*$/.exec(part);
    if (!match) return undefined;
    sizes.push({ size: match[1] ?? '', stock: Number(match[2]) });
  }
  return sizes;
}

// ── Yes / no ──────────────────────────────────────────────────────────────────────────────
const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0', '']);

export function booleanToText(value: boolean): string {
  return value ? 'yes' : 'no';
}

export function parseBooleanText(text: string): boolean | undefined {
  const t = text.trim().toLowerCase();
  if (YES.has(t)) return true;
  if (NO.has(t)) return false;
  return undefined;
}

// ── One row ───────────────────────────────────────────────────────────────────────────────
/** A product as a CSV row holds it: names where the database keeps ids. */
export interface CsvProduct {
  id: number | null;
  name: string;
  status: ProductStatus;
  category: string;
  subCategory: string;
  team: string;
  player: string;
  pricePaise: number;
  discountPricePaise: number;
  hsnCode: string;
  lowStockThreshold: number;
  tag: string;
  isLimited: boolean;
  isPromoted: boolean;
  sizes: SizeWithStock[];
  pictures: [string, string, string];
  productDetails: string;
}

/** A product's cells, in CSV_COLUMNS order, as text (the CSV writer makes them formula-safe). */
export function csvRowOf(p: CsvProduct): string[] {
  const cells: Record<CsvColumn, string> = {
    id: p.id === null ? '' : String(p.id),
    name: p.name,
    status: p.status,
    category: p.category,
    sub_category: p.subCategory,
    team: p.team,
    player: p.player,
    price: paiseToRupeesText(p.pricePaise),
    discount_price: paiseToRupeesText(p.discountPricePaise),
    hsn_code: p.hsnCode,
    low_stock_threshold: String(p.lowStockThreshold),
    tag: p.tag,
    is_limited: booleanToText(p.isLimited),
    is_promoted: booleanToText(p.isPromoted),
    sizes: sizesToText(p.sizes),
    picture_1: p.pictures[0],
    picture_2: p.pictures[1],
    picture_3: p.pictures[2],
    product_details: p.productDetails,
  };
  return CSV_COLUMNS.map((c) => cells[c]);
}

export interface CsvCellError {
  column: CsvColumn | string;
  message: string;
}

/** Checks a header row: every column once, none unknown. Returns its problems. */
export function checkCsvHeader(header: readonly string[]): CsvCellError[] {
  const errors: CsvCellError[] = [];
  const seen = new Set<string>();
  for (const raw of header) {
    const name = raw.trim();
    if (seen.has(name)) errors.push({ column: name, message: `column ${name} appears twice` });
    else if (!(CSV_COLUMNS as readonly string[]).includes(name)) {
      errors.push({
        column: name,
        message: `${name === '' ? 'a column without a name' : `column ${name}`} is not one of ${CSV_COLUMNS.join(', ')}`,
      });
    }
    seen.add(name);
  }
  for (const c of CSV_COLUMNS) {
    if (!seen.has(c)) errors.push({ column: c, message: `column ${c} is missing` });
  }
  return errors;
}

// Built once: a zod schema costs far more to make than to run (10,000 rows per import).
const picturePath = (column: string) =>
  z
    .string()
    .trim()
    .max(PICTURE_PATH_MAX, `${column} must be at most ${PICTURE_PATH_MAX} characters`)
    .refine(
      (p) => p === '' || (/^[\w./-]+$/.test(p) && !p.includes('..') && !p.startsWith('/')),
      `${column} must be a picture's path in the shop, like images/products/name.webp`,
    );
const PICTURES = {
  picture_1: picturePath('picture_1'),
  picture_2: picturePath('picture_2'),
  picture_3: picturePath('picture_3'),
} as const;
const SubCategoryName = z
  .string()
  .trim()
  .max(SUB_CATEGORY_MAX, `sub_category must be at most ${SUB_CATEGORY_MAX} characters`);
const nameCell = (column: string) =>
  z.string().trim().max(200, `${column} must be at most 200 characters`);
const CategoryName = nameCell('category').min(1, 'category is required');
const TeamName = nameCell('team');
const PlayerName = nameCell('player');

function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'is not valid';
}

/**
 * A data row (cells by column name, already unescaped) as a product, or every problem in it,
 * by column. Names are not looked up here.
 */
export function parseCsvProduct(
  cells: Readonly<Record<CsvColumn, string>>,
): { ok: true; product: CsvProduct } | { ok: false; errors: CsvCellError[] } {
  const errors: CsvCellError[] = [];
  const check = <T>(column: CsvColumn, schema: z.ZodType<T>, value: unknown): T | undefined => {
    const r = schema.safeParse(value);
    if (r.success) return r.data;
    errors.push({ column, message: firstMessage(r.error) });
    return undefined;
  };
  const integer = (column: CsvColumn, text: string, message: string): number | undefined => {
    if (/^\s*\d{1,9}\s*$/.test(text)) return Number(text);
    errors.push({ column, message });
    return undefined;
  };
  const rupees = (column: CsvColumn, schema: z.ZodType<number>): number | undefined => {
    const paise = parseRupeesText(cells[column]);
    if (paise === undefined) {
      errors.push({ column, message: `${column} must be rupees, like 1499.00` });
      return undefined;
    }
    return check(column, schema, paise);
  };
  const yesNo = (column: CsvColumn): boolean | undefined => {
    const value = parseBooleanText(cells[column]);
    if (value === undefined) errors.push({ column, message: `${column} must be yes or no` });
    return value;
  };

  const idText = cells.id.trim();
  const id =
    idText === '' ? null : integer('id', idText, 'id must be a product id, or empty for a new one');
  const name = check('name', ProductName, cells.name);
  const status = check('status', ProductStatus, cells.status.trim().toLowerCase());
  const category = check('category', CategoryName, cells.category);
  const subCategory = check('sub_category', SubCategoryName, cells.sub_category);
  const team = check('team', TeamName, cells.team);
  const player = check('player', PlayerName, cells.player);
  const pricePaise = rupees('price', PricePaise);
  const discountPricePaise = rupees('discount_price', DiscountPricePaise);
  if (
    pricePaise !== undefined &&
    discountPricePaise !== undefined &&
    discountPricePaise > pricePaise
  ) {
    errors.push({ column: 'discount_price', message: DISCOUNT_ABOVE_PRICE });
  }
  const hsnCode = check('hsn_code', HsnCode, cells.hsn_code);
  const thresholdText = cells.low_stock_threshold.trim();
  const threshold = /^-?\d{1,9}$/.test(thresholdText)
    ? check('low_stock_threshold', LowStockThreshold, Number(thresholdText))
    : check(
        'low_stock_threshold',
        LowStockThreshold,
        thresholdText === '' ? undefined : thresholdText,
      );
  const tag = check('tag', ProductTag, cells.tag);
  const isLimited = yesNo('is_limited');
  const isPromoted = yesNo('is_promoted');
  const rawSizes = parseSizesText(cells.sizes);
  let sizes: SizeWithStock[] | undefined;
  if (rawSizes === undefined) errors.push({ column: 'sizes', message: SIZES_FORMAT });
  else sizes = check('sizes', ProductSizes, rawSizes);
  const pictures = (['picture_1', 'picture_2', 'picture_3'] as const).map((c) =>
    check(c, PICTURES[c], cells[c]),
  );
  // A draft or an archived product is not shown: it may have no picture yet (or any more).
  if (pictures[0] === '' && status === 'active') {
    errors.push({ column: 'picture_1', message: PICTURE_NEEDED });
  }
  const productDetails = check('product_details', ProductDetails, cells.product_details);

  if (
    errors.length > 0 ||
    id === undefined ||
    name === undefined ||
    status === undefined ||
    category === undefined ||
    subCategory === undefined ||
    team === undefined ||
    player === undefined ||
    pricePaise === undefined ||
    discountPricePaise === undefined ||
    hsnCode === undefined ||
    threshold === undefined ||
    tag === undefined ||
    isLimited === undefined ||
    isPromoted === undefined ||
    sizes === undefined ||
    productDetails === undefined
  ) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    product: {
      id,
      name,
      status,
      category,
      subCategory,
      team,
      player,
      pricePaise,
      discountPricePaise,
      hsnCode,
      lowStockThreshold: threshold,
      tag,
      isLimited,
      isPromoted,
      sizes,
      pictures: pictures.map((p) => p ?? '') as [string, string, string],
      productDetails,
    },
  };
}

/** A row's product as an error names it: its id and name as the file gives them. */
export function csvRowProduct(cells: { id?: string; name?: string }): string {
  const id = cells.id?.trim() ?? '';
  const name = cells.name?.trim().slice(0, 80) ?? '';
  return [id === '' ? '' : `#${id}`, name].filter((p) => p !== '').join(' ');
}

/** An active product is shown in the shop, so it needs its first picture. */
export const PICTURE_NEEDED = 'picture_1 is required for an active product';

// ── The import's response ───────────────────────────────────────────────────────────────────
export const IMPORT_MODES = ['dry-run', 'apply'] as const;

export const CatalogueImportQuery = z.object({
  mode: z.enum(IMPORT_MODES, { error: 'mode must be dry-run or apply' }),
  /** Apply only: the dry run's `plan`; a different plan now means the catalogue changed. */
  plan: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'plan must be the plan of a dry run')
    .optional(),
});

export const CsvRowError = z.object({
  row: z.number().int(),
  /** The product the row describes, as the file names it ('#12 Kerala Blasters Home'); '' when the row names none. */
  product: z.string(),
  column: z.string(),
  message: z.string(),
});
export type CsvRowError = z.infer<typeof CsvRowError>;

export const CsvProductChange = z.object({
  row: z.number().int(),
  id: z.number().int().nullable(),
  name: z.string(),
  action: z.enum(['create', 'update']),
  /** The columns that change (every column for a create). */
  fields: z.array(z.string()),
});
export type CsvProductChange = z.infer<typeof CsvProductChange>;

export const IMPORT_PHASES = ['reading', 'comparing', 'applying'] as const;

export const CatalogueImportProgress = z.object({
  type: z.literal('progress'),
  phase: z.enum(IMPORT_PHASES),
  /** Rows read, compared or written so far. */
  rows: z.number().int(),
  /** Rows in all, once known (after reading). */
  of: z.number().int().nullable(),
  /** Bytes of the file read so far. */
  bytes: z.number().int(),
});

/**
 * checked: a dry run; applied: written; refused: a bad row (nothing written);
 * changed: the catalogue changed since the dry run in a way that alters the plan (nothing
 * written; check again).
 */
export const IMPORT_OUTCOMES = ['checked', 'applied', 'refused', 'changed'] as const;

export const CatalogueImportResult = z.object({
  type: z.literal('result'),
  outcome: z.enum(IMPORT_OUTCOMES),
  rows: z.number().int(),
  creates: z.number().int(),
  updates: z.number().int(),
  unchanged: z.number().int(),
  /** Stock ledger rows the plan writes (or wrote). */
  stock_changes: z.number().int(),
  new_sub_categories: z.array(z.string()),
  changes: z.array(CsvProductChange),
  errors: z.array(CsvRowError),
  error_count: z.number().int(),
  /** A digest of what the import would write; apply sends it back. */
  plan: z.string(),
});
export type CatalogueImportResult = z.infer<typeof CatalogueImportResult>;

/** One line of the import's NDJSON response: progress lines, then one result. */
export const CatalogueImportLine = z.discriminatedUnion('type', [
  CatalogueImportProgress,
  CatalogueImportResult,
]);
export type CatalogueImportLine = z.infer<typeof CatalogueImportLine>;
