// The back office's catalogue: products with their sizes, pictures and stock ledger, and the
// categories they sit in. A product's field rules are product-fields.ts (shared with the CSV
// import); this file puts them together into requests and responses.
import { z } from 'zod';
import { Id } from '../common.js';
import {
  DISCOUNT_ABOVE_PRICE,
  DiscountPricePaise,
  discountWithinPrice,
  HsnCode,
  LowStockThreshold,
  MAX_SIZES,
  PricePaise,
  ProductDetails,
  ProductName,
  ProductSizes,
  ProductStatus,
  ProductTag,
  SizeName,
  SizeStockCount,
} from './product-fields.js';
import { ProductPrinting } from './printing.js';

export const ProductIdParams = z.object({ id: Id });
export type ProductIdParams = z.input<typeof ProductIdParams>;

export const PRODUCT_LIST_SORTS = ['newest', 'name'] as const;

/** The product list's filters and page: `after` is the previous page's `next_after`. */
export const ProductListQuery = z.object({
  status: ProductStatus.optional(),
  category_id: Id.optional(),
  team_id: Id.optional(),
  player_id: Id.optional(),
  /** Only products with a size at or below their low-stock threshold. */
  low_stock: z.stringbool({ error: 'low_stock must be true or false' }).optional(),
  q: z.string().trim().max(100, 'q must be at most 100 characters').optional(),
  sort: z
    .enum(PRODUCT_LIST_SORTS, { error: `sort must be one of ${PRODUCT_LIST_SORTS.join(', ')}` })
    .default('newest'),
  after: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,400}$/, 'after must be a next_after the list answered')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type ProductListQuery = z.input<typeof ProductListQuery>;

export const ProductListRow = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The main picture, relative to the site: 'images/products/x.webp'; '' when none yet. */
  image_url: z.string(),
  status: ProductStatus,
  category_id: z.number().int(),
  category_name: z.string(),
  team_id: z.number().int().nullable(),
  team_name: z.string().nullable(),
  price_paise: z.number().int(),
  discount_price_paise: z.number().int(),
  stock: z.number().int(),
  low_stock_sizes: z.number().int(),
});
export type ProductListRow = z.infer<typeof ProductListRow>;

export const ProductListResponse = z.object({
  products: z.array(ProductListRow),
  /** Pass as `after` for the next page; null on the last one. */
  next_after: z.string().nullable(),
});
export type ProductListResponse = z.infer<typeof ProductListResponse>;

const optionalId = (field: string) =>
  z.union([
    z
      .number({ error: `${field} must be an id` })
      .int()
      .positive(),
    z.null(),
  ]);

/** Every storefront field plus status, HSN code and the low-stock threshold. */
const productFields = {
  name: ProductName,
  price_paise: PricePaise,
  discount_price_paise: DiscountPricePaise,
  category_id: z.number({ error: 'category_id must be an id' }).int().positive(),
  sub_category_id: optionalId('sub_category_id'),
  team_id: optionalId('team_id'),
  player_id: optionalId('player_id'),
  tag: ProductTag,
  product_details: ProductDetails,
  is_limited: z.boolean({ error: 'is_limited must be true or false' }),
  is_promoted: z.boolean({ error: 'is_promoted must be true or false' }),
  status: ProductStatus,
  hsn_code: HsnCode,
  low_stock_threshold: LowStockThreshold,
};

/** A new product: its sizes with their starting stock (written to the ledger as a restock). */
export const CreateProductRequest = z
  .object({
    ...productFields,
    sub_category_id: productFields.sub_category_id.default(null),
    team_id: productFields.team_id.default(null),
    player_id: productFields.player_id.default(null),
    tag: ProductTag.default(''),
    product_details: ProductDetails.default(''),
    is_limited: productFields.is_limited.default(false),
    is_promoted: productFields.is_promoted.default(false),
    status: ProductStatus.default('draft'),
    hsn_code: HsnCode.default('6109'),
    low_stock_threshold: LowStockThreshold.default(3),
    sizes: ProductSizes,
  })
  .refine(discountWithinPrice, { message: DISCOUNT_ABOVE_PRICE, path: ['discount_price_paise'] });
export type CreateProductRequest = z.input<typeof CreateProductRequest>;

/** A size in an edit: `stock` only for a size being added (its starting stock). */
export const EditedSize = z.object({ size: SizeName, stock: SizeStockCount.optional() });

/** The sizes in the order shoppers see them; a size left out is removed (if it has no stock). */
export const EditedSizes = z
  .array(EditedSize, { error: 'sizes must be a list' })
  .min(1, 'a product needs at least one size')
  .max(MAX_SIZES, `a product has at most ${MAX_SIZES} sizes`)
  .refine(
    (sizes) => new Set(sizes.map((s) => s.size.toUpperCase())).size === sizes.length,
    'each size may appear only once',
  );

/** Only the fields sent are changed. */
export const UpdateProductRequest = z
  .object({ ...productFields, sizes: EditedSizes })
  .partial()
  .refine(
    (p) =>
      p.price_paise === undefined ||
      p.discount_price_paise === undefined ||
      discountWithinPrice({
        price_paise: p.price_paise,
        discount_price_paise: p.discount_price_paise,
      }),
    { message: DISCOUNT_ABOVE_PRICE, path: ['discount_price_paise'] },
  );
export type UpdateProductRequest = z.input<typeof UpdateProductRequest>;

export const PICTURE_SLOTS = ['image_url', 'image1', 'image2'] as const;
export const PictureSlot = z.enum(PICTURE_SLOTS, {
  error: `slot must be one of ${PICTURE_SLOTS.join(', ')}`,
});
export type PictureSlot = z.infer<typeof PictureSlot>;

export const ProductSize = z.object({
  size: z.string(),
  stock: z.number().int(),
  /** At or below the product's low-stock threshold. */
  low: z.boolean(),
});

export const ProductDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  price_paise: z.number().int(),
  discount_price_paise: z.number().int(),
  category_id: z.number().int(),
  sub_category_id: z.number().int().nullable(),
  team_id: z.number().int().nullable(),
  player_id: z.number().int().nullable(),
  tag: z.string(),
  product_details: z.string(),
  is_limited: z.boolean(),
  is_promoted: z.boolean(),
  status: ProductStatus,
  hsn_code: z.string(),
  low_stock_threshold: z.number().int(),
  /** Relative to the site ('images/products/x.webp'); '' or null where a slot is empty. */
  image_url: z.string(),
  image1: z.string().nullable(),
  image2: z.string().nullable(),
  sizes: z.array(ProductSize),
  /** Name and number printing (decision 049); set by its own call. */
  printing: ProductPrinting,
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProductDetail = z.infer<typeof ProductDetail>;

/** A product as saved, with warnings for staff (the GST band) that did not stop the save. */
export const ProductResponse = z.object({
  product: ProductDetail,
  warnings: z.array(z.string()),
});
export type ProductResponse = z.infer<typeof ProductResponse>;

/** The names and ids the product form offers. */
export const CatalogueChoicesResponse = z.object({
  categories: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      sub_categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  ),
  teams: z.array(z.object({ id: z.number().int(), name: z.string() })),
  players: z.array(
    z.object({ id: z.number().int(), name: z.string(), team_id: z.number().int().nullable() }),
  ),
});
export type CatalogueChoicesResponse = z.infer<typeof CatalogueChoicesResponse>;

export const PictureParams = z.object({ id: Id, slot: PictureSlot });
export type PictureParams = z.input<typeof PictureParams>;

/** Moves the pictures between slots: each slot names the slot whose picture it takes. */
export const ArrangePicturesRequest = z.object({
  order: z
    .array(PictureSlot, { error: 'order must be a list of slots' })
    .min(1, 'order must name at least one slot')
    .max(3, 'order has at most three slots')
    .refine((o) => new Set(o).size === o.length, 'order may name each slot once'),
});
export type ArrangePicturesRequest = z.input<typeof ArrangePicturesRequest>;

/** The largest picture staff may upload. */
export const MAX_PICTURE_BYTES = 8 * 1024 * 1024;
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;

export const STOCK_ADJUST_REASONS = ['restock', 'adjustment', 'return'] as const;
export const StockAdjustReason = z.enum(STOCK_ADJUST_REASONS, {
  error: `reason must be one of ${STOCK_ADJUST_REASONS.join(', ')}`,
});

export const StockNote = z
  .string({ error: 'note must be text' })
  .trim()
  .max(500, 'note must be at most 500 characters');

/** One size's stock: a new count or a change by some pieces, and why. */
export const AdjustStockRequest = z
  .object({
    size: SizeName,
    set_to: SizeStockCount.optional(),
    delta: z
      .number({ error: 'delta must be a number' })
      .int('delta must be a whole number')
      .min(-100_000, 'delta must be at least -100000')
      .max(100_000, 'delta must be at most 100000')
      .refine((d) => d !== 0, 'delta must not be zero')
      .optional(),
    reason: StockAdjustReason,
    note: StockNote.default(''),
  })
  .refine((r) => (r.set_to === undefined) !== (r.delta === undefined), {
    message: 'send either set_to (the new count) or delta (the change)',
    path: ['set_to'],
  })
  .refine((r) => r.reason !== 'adjustment' || r.note.length > 0, {
    message: 'note is required for an adjustment: say why the count changed',
    path: ['note'],
  });
export type AdjustStockRequest = z.input<typeof AdjustStockRequest>;

export const AdjustStockResponse = z.object({
  size: z.string(),
  stock: z.number().int(),
  /** The change made (0 when the count was already right: nothing is written then). */
  delta: z.number().int(),
});

export const STOCK_LEDGER_REASONS = [
  'hold',
  'release',
  'sale',
  'restock',
  'adjustment',
  'return',
  'exchange',
  'import',
] as const;

export const StockHistoryQuery = z.object({
  size: SizeName.optional(),
  before: Id.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type StockHistoryQuery = z.input<typeof StockHistoryQuery>;

export const StockLedgerEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  size: z.string(),
  delta: z.number().int(),
  stock_after: z.number().int(),
  reason: z.enum(STOCK_LEDGER_REASONS),
  order_id: z.number().int().nullable(),
  staff_id: z.number().int().nullable(),
  staff_name: z.string().nullable(),
  note: z.string(),
});
export type StockLedgerEntry = z.infer<typeof StockLedgerEntry>;

export const StockHistoryResponse = z.object({
  entries: z.array(StockLedgerEntry),
  /** Pass as `before` for the next page; null on the last one. */
  next_before: z.number().int().nullable(),
});
export type StockHistoryResponse = z.infer<typeof StockHistoryResponse>;

export const CategoryName = z
  .string({ error: 'name must be text' })
  .trim()
  .min(1, 'name is required')
  .max(60, 'name must be at most 60 characters');

export const CategoryIdParams = z.object({ id: Id });
export type CategoryIdParams = z.input<typeof CategoryIdParams>;

export const SubCategory = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  name: z.string(),
  products: z.number().int(),
});
export type SubCategory = z.infer<typeof SubCategory>;

export const Category = z.object({
  id: z.number().int(),
  name: z.string(),
  products: z.number().int(),
  sub_categories: z.array(SubCategory),
});
export type Category = z.infer<typeof Category>;

export const CategoryListResponse = z.object({ categories: z.array(Category) });
export type CategoryListResponse = z.infer<typeof CategoryListResponse>;

export const CategoryRequest = z.object({ name: CategoryName });
export type CategoryRequest = z.input<typeof CategoryRequest>;

export const SubCategoryRequest = z.object({
  category_id: z.number({ error: 'category_id must be an id' }).int().positive(),
  name: CategoryName,
});
export type SubCategoryRequest = z.input<typeof SubCategoryRequest>;

export const CategoryResponse = z.object({ category: Category });
export const SubCategoryResponse = z.object({ sub_category: SubCategory });
export const DeletedResponse = z.object({ deleted: z.literal(true) });
