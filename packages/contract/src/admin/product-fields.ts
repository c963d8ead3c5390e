// The rules of a product's fields in the back office, shared by the product form and the CSV
// import so that both accept exactly the same products. Prices are GST-inclusive paise
// (MRP `price`, selling price `discount_price`, as on the storefront).
import { z } from 'zod';
import { DEFAULT_HSN, gstScheduleFor, priceInAmbiguousBand } from '../gst.js';

export const PRODUCT_STATUSES = ['draft', 'active', 'archived'] as const;
export const ProductStatus = z.enum(PRODUCT_STATUSES, {
  error: `status must be one of ${PRODUCT_STATUSES.join(', ')}`,
});
export type ProductStatus = z.infer<typeof ProductStatus>;

/** Ten lakh rupees: far above any jersey, low enough to catch a slipped zero. */
export const MAX_PRICE_PAISE = 10_00_000_00;
export const MAX_SIZES = 20;
export const MAX_SIZE_STOCK = 100_000;
export const PRODUCT_NAME_MAX = 200;
/** Tags are comma-separated search words (the demo seed writes team, player, season, kind, league). */
export const PRODUCT_TAG_MAX = 200;
export const PRODUCT_DETAILS_MAX = 5_000;

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`);

export const ProductName = text('name', PRODUCT_NAME_MAX).min(1, 'name is required');
export const ProductTag = text('tag', PRODUCT_TAG_MAX);
export const ProductDetails = text('product_details', PRODUCT_DETAILS_MAX);

const pricePaise = (field: string) =>
  z
    .number({ error: `${field} must be a number of paise` })
    .int(`${field} must be a whole number of paise`)
    .positive(`${field} must be more than zero`)
    .max(MAX_PRICE_PAISE, `${field} must be at most ₹10,00,000`);

export const PricePaise = pricePaise('price_paise');
export const DiscountPricePaise = pricePaise('discount_price_paise');

/** HSN: 4, 6 or 8 digits (6109: T-shirts and jerseys, knitted). */
export const HsnCode = z
  .string({ error: 'hsn_code must be text' })
  .trim()
  .regex(/^[0-9]{4}([0-9]{2}){0,2}$/, 'hsn_code must be 4, 6 or 8 digits');

export const LowStockThreshold = z
  .number({ error: 'low_stock_threshold must be a number' })
  .int('low_stock_threshold must be a whole number')
  .min(0, 'low_stock_threshold must be zero or more')
  .max(10_000, 'low_stock_threshold must be at most 10000');

export const SizeName = z
  .string({ error: 'size must be text' })
  .trim()
  .min(1, 'size is required')
  .max(12, 'size must be at most 12 characters');

export const SizeStockCount = z
  .number({ error: 'stock must be a number' })
  .int('stock must be a whole number')
  .min(0, 'stock must be zero or more')
  .max(MAX_SIZE_STOCK, `stock must be at most ${MAX_SIZE_STOCK}`);

export const SizeWithStock = z.object({ size: SizeName, stock: SizeStockCount });
export type SizeWithStock = z.infer<typeof SizeWithStock>;

/** Sizes in the order shoppers see them, each once. */
export const ProductSizes = z
  .array(SizeWithStock, { error: 'sizes must be a list' })
  .min(1, 'a product needs at least one size')
  .max(MAX_SIZES, `a product has at most ${MAX_SIZES} sizes`)
  .refine(
    (sizes) => new Set(sizes.map((s) => s.size.toUpperCase())).size === sizes.length,
    'each size may appear only once',
  );

/** The selling price may not exceed the MRP (a check in the database too). */
export function discountWithinPrice(p: { price_paise: number; discount_price_paise: number }) {
  return p.discount_price_paise <= p.price_paise;
}
export const DISCOUNT_ABOVE_PRICE = 'discount_price_paise must not be more than price_paise';

/**
 * GST on apparel is 5% up to ₹2,500 per piece (taxable value) and 18% above. A GST-inclusive
 * price above ₹2,625 (₹2,500 + 5%) and up to ₹2,950 (₹2,500 + 18%) is where the two rates
 * contradict each other; the shop charges 18% there (decision 025), so the back office warns
 * when a selling price falls there (OPERATIONS.md, GST). The band follows the rate table.
 */
export function inGstAmbiguousBand(
  sellingPricePaise: number,
  at: Date = new Date(),
  hsn: string = DEFAULT_HSN,
): boolean {
  return priceInAmbiguousBand(sellingPricePaise, at, hsn);
}
export const GST_BAND_WARNING =
  'A selling price above ₹2,625 and up to ₹2,950 sits where 5% and 18% GST disagree: at 5% its taxable value is above ₹2,500, at 18% it is below. The shop charges 18% there, so it keeps less than at ₹2,625. Prefer ₹2,625 or less (5%) or more than ₹2,950 (18%).';

/** The warning for an HSN code the rate table has no GST rate for, or null. */
export function hsnRateWarning(hsn: string, at: Date = new Date()): string | null {
  return gstScheduleFor(hsn, at)
    ? null
    : `HSN ${hsn.trim()} has no GST rate in the shop's rate table: orders of this product cannot be invoiced until it has one.`;
}

/**
 * A price in rupees as people and spreadsheets write it: "1499", "1,499.00", "₹1,499.5".
 * Returns paise, or undefined when the text is not such a price.
 */
export function parseRupeesText(input: string): number | undefined {
  const trimmed = input.trim().replace(/^₹\s*/, '');
  if (!/^(?:\d{1,3}(?:,\d{2,3})*|\d+)(?:\.\d{1,2})?$/.test(trimmed)) return undefined;
  const [whole = '0', fraction = ''] = trimmed.replace(/,/g, '').split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Paise as a CSV writes them: "1499.00" (no grouping, so a spreadsheet reads a number). */
export function paiseToRupeesText(paise: number): string {
  return `${Math.trunc(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}
